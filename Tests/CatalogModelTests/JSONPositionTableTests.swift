import CatalogModel
import Testing

/// Positions come from the per-value offset table and the line-start table: the same
/// `file:line:column` as before, deep in a big document as near its start.
@Suite struct JSONPositionTableTests {
  /// `groups` groups of 50 tokens, one token a line, pretty-printed.
  static func bigDocument(groups: Int, lastValue: String = "8") -> String {
    var text = "{\n"
    for g in 0..<groups {
      text += "  \"group-\(g)\": {\n    \"$type\": \"dimension\",\n"
      for t in 0..<50 {
        let value = g == groups - 1 && t == 49 ? lastValue : "\(t)"
        text +=
          "    \"t\(t)\": {\"$value\": {\"value\": \(value), \"unit\": \"px\"}}\(t == 49 ? "" : ",")\n"
      }
      text += "  }\(g == groups - 1 ? "" : ",")\n"
    }
    return text + "}\n"
  }

  @Test func positionsDeepInABigDocument() throws {
    let groups = 2_000
    let document = try JSONParser.parse(Self.bigDocument(groups: groups), file: "big.json")
    // Line 1 is `{`; each group takes 3 + 50 lines.
    let lastGroupLine = 2 + (groups - 1) * 53
    let key = "group-\(groups - 1)"
    #expect(document.location(of: key) == "big.json:\(lastGroupLine):\(key.count + 7)")
    #expect(document.location(of: "\(key).t49.$value.unit") == "big.json:\(lastGroupLine + 51):44")
    #expect(document.position(of: "group-0.$type") == SourcePosition(line: 3, column: 14))
    #expect(document.position(of: "group-\(groups).t0") == nil)
    #expect(document.valueCount == 1 + groups * (2 + 50 * 4))
  }

  /// A large container is searched sibling by sibling for its first few paths and through
  /// its table after (issue 14 point 9): every path gets the same position either way, in
  /// any order, for objects and arrays.
  @Test func positionsBeforeAndAfterAContainersTableIsBuilt() throws {
    let groups = 6
    // Every token's value has as many digits as its name's number (the last one too), so
    // a name's length gives its line's columns.
    let document = try JSONParser.parse(
      Self.bigDocument(groups: groups, lastValue: "49"), file: "big.json")
    for g in [5, 2, 0] {
      for t in [49, 7, 0, 31, 12, 48, 1, 30, 49, 7] {
        let name = "t\(t)"
        #expect(
          document.position(of: "group-\(g).\(name)")
            == SourcePosition(line: 2 + g * 53 + 2 + t, column: name.count + 9))
        #expect(
          document.position(of: "group-\(g).\(name).$value.unit")
            == SourcePosition(line: 2 + g * 53 + 2 + t, column: 2 * name.count + 39))
      }
      #expect(document.position(of: "group-\(g).t50") == nil)
    }
    let list = "{\"a\": [\n" + (0..<40).map { "  \($0)" }.joined(separator: ",\n") + "\n]}"
    let array = try JSONParser.parse(list, file: "list.json")
    for i in [39, 0, 17, 3, 38, 20, 5, 39, 0] {
      #expect(array.position(of: "a[\(i)]") == SourcePosition(line: 2 + i, column: 3))
    }
    #expect(array.position(of: "a[40]") == nil)
  }

  @Test func errorsDeepInABigDocumentNameTheirLine() throws {
    let groups = 2_000
    let error = try #require(throws: JSONParseError.self) {
      try JSONParser.parse(Self.bigDocument(groups: groups, lastValue: "08"), file: "big.json")
    }
    #expect(
      error.description
        == "big.json:\(2 + (groups - 1) * 53 + 51):33: a number cannot have a leading zero")
  }

  @Test func rawTextIsTheValueAsWritten() throws {
    let document = try JSONParser.parse("{\"a\": {\"x\": [1.0, \"\\u00e9\"]} , \"b\": 2}")
    #expect(document.rawText(of: "a") == "{\"x\": [1.0, \"\\u00e9\"]}")
    #expect(document.rawText(of: "a.x[1]") == "\"\\u00e9\"")
    #expect(document.rawText(of: "b") == "2")
    #expect(document.rawText(of: "c") == nil)
  }

  @Test func membersWithQuotedNamesAndEmptyContainers() throws {
    let document = try JSONParser.parse(
      "{\"\": [], \"a.b\": {}, \"k\\\"q\": [[], [3]]}", file: "q.json")
    #expect(document.location(of: "[\"\"]") == "q.json:1:6")
    #expect(document.location(of: "[\"a.b\"]") == "q.json:1:17")
    #expect(document.location(of: "[\"k\\\"q\"][1][0]") == "q.json:1:35")
  }
}
