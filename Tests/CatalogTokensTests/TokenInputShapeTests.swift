import CatalogModel
import CatalogTokens
import Testing

/// Review 16: how a token file's shape is read. A DTCG token nested 64 levels deep made the
/// file "plain key/value" (0 tokens, exit 0); `$extends` of a root token copied its group;
/// YAML merge keys (`<<: *b`) became a group named `<<`.
@Suite struct TokenInputShapeTests {
  /// `{"a": {"a": … {"t": {"$type": "dimension", "$value": "1px"}} … }}`, `t` under `depth`
  /// groups.
  static func nested(_ depth: Int) -> String {
    String(repeating: #"{"a":"#, count: depth) + #"{"t":{"$type":"dimension","$value":"1px"}}"#
      + String(repeating: "}", count: depth)
  }

  @Test(
    "a DTCG token 63, 64, 70 and 300 levels deep is read as DTCG", arguments: [63, 64, 70, 300])
  func deepTokenIsDTCG(_ depth: Int) throws {
    let root = try JSONParser.parse(Self.nested(depth), file: "dn.tokens.json").root
    #expect(LegacyTokenConverter.detect(root) == nil)
    let result = try TokenFileParser.parse(Self.nested(depth), file: "dn.tokens.json")
    #expect(result.format.hasPrefix("DTCG"))
    #expect(
      result.tokens.map(\.path) == [
        Array(repeating: "a", count: depth).joined(separator: ".") + ".t"
      ])
  }

  @Test("a plain key/value file deeper than 64 levels is still plain key/value")
  func deepPlainFileIsPlain() throws {
    let text =
      String(repeating: #"{"a":"#, count: 70) + #"{"t":"16"}"# + String(repeating: "}", count: 70)
    let root = try JSONParser.parse(text, file: "p.json").root
    #expect(LegacyTokenConverter.detect(root)?.kind == .plain)
  }

  @Test("a Tokens Studio type 70 levels deep makes the file the Tokens Studio dialect")
  func deepTokensStudioType() throws {
    let text =
      String(repeating: #"{"a":"#, count: 70) + #"{"t":{"$type":"spacing","$value":"4"}}"#
      + String(repeating: "}", count: 70)
    let result = try TokenFileParser.parse(text, file: "ts.tokens.json")
    #expect(result.format == "DTCG with Tokens Studio types")
    #expect(result.tokens.first?.type == "dimension")
  }

  @Test("$extends naming a root token ({a.$root}) is refused at its JSON path (§6.4)")
  func extendsOfRootTokenIsRefused() throws {
    let text = #"""
      {"a": {"$type": "dimension", "$root": {"$value": {"value": 1, "unit": "px"}},
             "x": {"$value": {"value": 2, "unit": "px"}}},
       "b": {"$extends": "{a.$root}"}}
      """#
    let error = try #require(throws: TokenFileError.self) {
      try TokenFileParser.parse(text, file: "ext.tokens.json")
    }
    let d = try #require(error.diagnostics.first)
    #expect(error.diagnostics.count == 1)
    #expect(d.path == "b")
    #expect(d.location == "ext.tokens.json:3:20")
    #expect(d.message.contains("{a.$root}, a group's root token; $extends must name a group"))
    // The group itself is still a fine target.
    let ok = try TokenFileParser.parse(
      text.replacingOccurrences(of: "{a.$root}", with: "{a}"), file: "ext.tokens.json")
    #expect(ok.tokens.map(\.path).sorted() == ["a", "a.x", "b", "b.x"])
  }

  static func yaml(_ text: String) throws(TokenFileError) -> TokenFileParser.Result {
    try TokenFileParser.parse(
      source: try YAMLReader.read(bytes: Array(text.utf8), file: "m.tokens.yaml"))
  }

  @Test("a YAML merge key merges its mapping; the mapping's own keys win, wherever written")
  func yamlMergeKey() throws {
    let result = try Self.yaml(
      """
      base: &b
        $type: dimension
        x: {$value: {value: 1, unit: px}}
        y: {$value: {value: 2, unit: px}}
      g:
        y: {$value: {value: 5, unit: px}}
        <<: *b
        z: {$value: {value: 3, unit: px}}
      """)
    let byPath = Dictionary(uniqueKeysWithValues: result.tokens.map { ($0.path, $0) })
    #expect(result.tokens.map(\.path) == ["base.x", "base.y", "g.y", "g.x", "g.z"])
    #expect(byPath["g.x"]?.type == "dimension")
    #expect(TokenValue.points(byPath["g.y"]!.value, type: "dimension") == 5)
    #expect(!result.tokens.contains { $0.path.contains("<<") })
  }

  @Test("a sequence of merged mappings: the first to have a key wins")
  func yamlMergeSequence() throws {
    let result = try Self.yaml(
      """
      one: &one
        $type: dimension
        a: {$value: {value: 1, unit: px}}
      two: &two
        $type: dimension
        a: {$value: {value: 2, unit: px}}
        b: {$value: {value: 3, unit: rem}}
      g:
        <<: [*one, *two]
      """)
    let byPath = Dictionary(uniqueKeysWithValues: result.tokens.map { ($0.path, $0) })
    // `a` comes from the first mapping, `b` from the second.
    #expect(byPath["g.a"]?.type == "dimension")
    #expect(TokenValue.points(byPath["g.a"]!.value, type: "dimension") == 1)
    #expect(byPath["g.b"]?.type == "dimension")
    #expect(TokenValue.points(byPath["g.b"]!.value, type: "dimension") == 48)
  }

  @Test("a merge key given a scalar is refused at file:line:column; a quoted '<<' is a key")
  func yamlMergeKeyErrors() throws {
    let error = try #require(throws: TokenFileError.self) {
      try Self.yaml("g:\n  <<: 4\n")
    }
    #expect(error.diagnostics.first?.location == "m.tokens.yaml:2:7")
    #expect(error.diagnostics.first?.message.contains("merge key '<<'") == true)
    let twice = try #require(throws: TokenFileError.self) {
      try Self.yaml("b: &b {x: {$type: number, $value: 1}}\ng:\n  <<: *b\n  <<: *b\n")
    }
    #expect(twice.diagnostics.first?.location == "m.tokens.yaml:4:3")
    let quoted = try YAMLReader.read(
      bytes: Array("g:\n  \"<<\": {$type: number, $value: 1}\n".utf8), file: "q.yaml")
    #expect(quoted.root.objectValue?["g"]?.objectValue?["<<"] != nil)
  }

  @Test("merging stays within the expanded-node budget")
  func yamlMergeBudget() throws {
    // 20 levels each merging the one below twice over: 2^20 copies of a leaf are counted
    // through the aliases, as without merge keys.
    var text = "l0: &l0 {x: {$type: number, $value: 1}}\n"
    for i in 1...20 {
      text += "l\(i): &l\(i) {a: {<<: *l\(i - 1)}, b: {<<: *l\(i - 1)}}\n"
    }
    let error = try #require(throws: TokenFileError.self) { try Self.yaml(text) }
    #expect(error.diagnostics.first?.message.contains("expand to more than") == true)
  }
}
