import CatalogModel
import CatalogTokens
import Testing

/// CatalogJSON's parser, number lexemes and JSON Pointer as the token pipeline uses them:
/// JSON5 files through the JSON5 dialect, exact numbers through export, `$ref` pointers
/// with RFC 6901 escapes, and positions of errors deep in a big file.
@Suite struct JSONThroughTokensTests {
  @Test func numbersExportAsWrittenAfterStorage() throws {
    let text =
      #"{"space": {"$type": "dimension", "sm": {"$value": {"value": 1.50, "unit": "px"}}}, "big": {"$type": "number", "$value": 12345678901234567890}}"#
    let tokens = try parse(text).tokens
    // Stored as compact JSON and read back, as the catalog stores token values.
    let stored = try tokens.map { token in
      var copy = token
      copy.value = try JSONParser.parse(JSONWriter.compact(token.value)).root
      return copy
    }
    let exported = DTCGWriter.write(stored, header: nil)
    #expect(exported.contains(#""value":1.50"#), "\(exported)")
    #expect(exported.contains("12345678901234567890"), "\(exported)")
    #expect(tokens.first.map { TokenValue.points($0.value, type: $0.type) } == 1.5)
  }

  @Test(arguments: [
    ("#/a~1b/$value", 4.0), ("#/t~0x/$value", 6.0), ("#/with%20space/$value", 8.0),
  ])
  func pointerEscapesReachTheirToken(_ pointer: String, _ expected: Double) throws {
    let text = """
      {"a/b": {"$type": "number", "$value": 4}, "t~x": {"$type": "number", "$value": 6},
       "with space": {"$type": "number", "$value": 8},
       "ref": {"$type": "number", "$ref": "\(pointer)"}}
      """
    let result = try TokenFileParser.parse(text, file: "p.tokens.json")
    let ref = try #require(result.tokens.first { $0.path == "ref" })
    #expect(ref.value.numberValue == expected)
  }

  @Test func aPointerToAMissingTokenSaysWhatIsMissing() throws {
    let text =
      ##"{"a": {"$type": "number", "$value": 1}, "x": {"$type": "number", "$ref": "#/nothing/$value"}}"##
    let messages = try errors(text).map(\.message)
    #expect(messages.contains { $0.contains("'nothing'") }, "\(messages)")
  }

  @Test func aJSON5FileGoesThroughTheOneParser() throws {
    let text = "{space: {$type: 'dimension', sm: {$value: {value: 0x8, unit: 'px',},},},} // end"
    let source = try TokenSource.read(bytes: Array(text.utf8), file: "s.json5")
    #expect(source.syntax == .json5)
    #expect(source.location(of: "space.sm.$value") == "s.json5:1:43")
    #expect(source.rawText(of: "space") == nil)
    let result = try TokenFileParser.parse(source: source, options: .init(strict: true))
    #expect(result.tokens.map { TokenValue.points($0.value, type: $0.type) } == [8])
  }

  @Test func anErrorDeepInABigFileNamesItsLine() throws {
    var text = "{\n"
    for g in 0..<500 {
      text += "  \"g\(g)\": {\n    \"$type\": \"dimension\",\n"
      for t in 0..<100 {
        let unit = g == 499 && t == 99 ? "pt" : "px"
        text +=
          "    \"t\(t)\": {\"$value\": {\"value\": \(t), \"unit\": \"\(unit)\"}}\(t == 99 ? "" : ",")\n"
      }
      text += "  }\(g == 499 ? "" : ",")\n"
    }
    text += "}\n"
    let diagnostics = try errors(text)
    // Line 1 is `{`; each group is 103 lines; the token is the group's 102nd line.
    let line = 2 + 499 * 103 + 101
    #expect(
      diagnostics.contains { $0.location?.hasPrefix("test.tokens.json:\(line):") == true },
      "\(diagnostics.prefix(2))")
  }
}
