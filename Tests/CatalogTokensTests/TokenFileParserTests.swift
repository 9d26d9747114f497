import CatalogModel
import CatalogTestSupport
import CatalogTokens
import Foundation
import Testing

/// The package's top folder, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The shared reference files next to the package (`../shared`), when present.
let sharedRoot = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
let realTokens = sharedRoot.appendingPathComponent("real-tokens")
let dtcgSuite = realTokens.appendingPathComponent("dtcg-community-group/test-suite-2025.10")

/// The JSON files in a folder of the DTCG test suite, by name; empty when shared/ is missing.
func suiteFiles(_ folder: String) -> [String] {
  let url = dtcgSuite.appendingPathComponent(folder)
  let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
  return names.filter { $0.hasSuffix(".json") }.sorted()
}

func read(_ url: URL) throws -> String {
  try String(contentsOf: url, encoding: .utf8)
}

func parse(_ text: String, strict: Bool = false) throws(TokenFileError) -> TokenFileParser.Result {
  try TokenFileParser.parse(text, file: "test.tokens.json", options: .init(strict: strict))
}

/// The messages of a refused file.
func errors(_ text: String, strict: Bool = false) throws -> [TokenDiagnostic] {
  let error = try #require(throws: TokenFileError.self) { try parse(text, strict: strict) }
  #expect(!error.diagnostics.isEmpty)
  #expect(error.diagnostics.allSatisfy { $0.severity == .error })
  return error.diagnostics
}

@Suite(.requires(.realTokens))
struct DTCGTestSuiteTests {
  @Test func theSuiteIsThere() {
    #expect(suiteFiles("positive").count >= 3)
    #expect(suiteFiles("negative").count >= 3)
  }

  @Test(arguments: suiteFiles("positive"))
  func positiveFileParses(_ name: String) throws {
    let text = try read(dtcgSuite.appendingPathComponent("positive/\(name)"))
    let result = try TokenFileParser.parse(text, file: name, options: .init(strict: true))
    #expect(!result.tokens.isEmpty)
    #expect(result.warnings.isEmpty)
    #expect(result.tokens.allSatisfy { $0.type != nil })
  }

  @Test(arguments: suiteFiles("negative"))
  func negativeFileIsRefused(_ name: String) throws {
    let text = try read(dtcgSuite.appendingPathComponent("negative/\(name)"))
    let error = try #require(throws: TokenFileError.self) {
      try TokenFileParser.parse(text, file: name)
    }
    #expect(!error.diagnostics.isEmpty)
    for d in error.diagnostics {
      #expect(d.location?.hasPrefix("\(name):") == true, "\(d) has no position in \(name)")
      #expect(d.message.contains("§"), "\(d) names no section of the spec")
    }
  }

  @Test func chainedReferenceTakesItsTypeAndValue() throws {
    let text = try read(dtcgSuite.appendingPathComponent("positive/chained-reference.json"))
    let result = try TokenFileParser.parse(text, file: "chained-reference.json")
    #expect(result.tokens.map(\.path) == ["colors.blue", "semantic.primary", "aliases.brand"])
    let byPath = Dictionary(uniqueKeysWithValues: result.tokens.map { ($0.path, $0) })
    let resolution = try TokenResolver(tokens: byPath).resolve("aliases.brand")
    #expect(resolution.chain == ["aliases.brand", "semantic.primary", "colors.blue"])
    #expect(resolution.type == "color")
    #expect(resolution.points == nil)
  }

  @Test func extremeDimensionValues() throws {
    let text = try read(dtcgSuite.appendingPathComponent("positive/extreme-dimension-values.json"))
    let result = try TokenFileParser.parse(text, file: "extreme.json")
    let resolver = TokenResolver(
      tokens: Dictionary(uniqueKeysWithValues: result.tokens.map { ($0.path, $0) }))
    #expect(try resolver.resolve("dimensions.large").points == 9999.99)
    #expect(try resolver.resolve("dimensions.tiny").points == 0.016)
  }

  @Test func remBasicIsATokenAtTheTop() throws {
    let text = try read(dtcgSuite.appendingPathComponent("positive/rem-basic.json"))
    let result = try TokenFileParser.parse(text, file: "rem-basic.json")
    #expect(result.tokens.map(\.path) == ["dimension"])
    #expect(TokenValue.points(result.tokens[0].value, type: "dimension") == 32)
  }

  @Test func circularChainListsEveryMember() throws {
    let text = try read(dtcgSuite.appendingPathComponent("negative/circular-reference-chain.json"))
    let error = try #require(throws: TokenFileError.self) {
      try TokenFileParser.parse(text, file: "c.json")
    }
    let cycles = error.diagnostics.filter { $0.message.contains("circular") }
    #expect(cycles.count == 1, "one cycle is reported once: \(error)")
    let message = try #require(cycles.first?.message)
    #expect(
      message
        == "circular reference: {circular-reference-chain-1} → {circular-reference-chain-2} → {circular-reference-chain-3} → {circular-reference-chain-1} (§7.2.3)"
    )
    #expect(cycles.first?.location == "c.json:4:33")
  }

  @Test func selfReferenceIsACycleOfOne() throws {
    let text = try read(dtcgSuite.appendingPathComponent("negative/self-reference.json"))
    let error = try #require(throws: TokenFileError.self) {
      try TokenFileParser.parse(text, file: "s.json")
    }
    #expect(
      error.diagnostics.map(\.message) == [
        "circular reference: {self-reference} → {self-reference} (§7.2.3)"
      ])
    #expect(error.diagnostics.map(\.path) == ["self-reference"])
  }

  @Test func stringInsideADimensionIsRefused() throws {
    let text = try read(dtcgSuite.appendingPathComponent("negative/dimension-string-value.json"))
    let error = try #require(throws: TokenFileError.self) {
      try TokenFileParser.parse(text, file: "d.json")
    }
    #expect(
      error.diagnostics.map(\.message) == [
        "a dimension's \"value\" must be a number; got string (§8.2)"
      ])
    #expect(error.diagnostics.map(\.path) == ["invalid-dimension"])
    #expect(error.diagnostics.first?.location == "d.json:6:15")
  }
}

@Suite(.requires(.realTokens))
struct StyleDictionaryTests {
  static let file = realTokens.appendingPathComponent(
    "style-dictionary-examples/basic/dimensions.json")

  @Test func legacyStringDimensionsAreConvertedWithWarnings() throws {
    let result = try TokenFileParser.parse(try read(Self.file), file: "dimensions.json")
    #expect(result.tokens.count == 17)
    #expect(result.warnings.count == 17)
    #expect(
      result.warnings.allSatisfy {
        $0.severity == .warning && $0.message.contains("older string form")
      })
    let four = try #require(result.tokens.first { $0.path == "dimensions.1" })
    #expect(four.type == "dimension")
    #expect(four.value == .object(JSONObject([("value", .number(4)), ("unit", .string("px"))])))
    #expect(
      result.warnings.first { $0.path == "dimensions.1" }?.message
        == "the dimension \"4px\" is the older string form; read as {\"value\": 4, \"unit\": \"px\"} (DTCG 2025.10 §8.2)"
    )
    let resolver = TokenResolver(
      tokens: Dictionary(uniqueKeysWithValues: result.tokens.map { ($0.path, $0) }))
    #expect(try resolver.resolve("dimensions.max").points == 9999)
  }

  @Test func strictRefusesThem() throws {
    let error = try #require(throws: TokenFileError.self) {
      try TokenFileParser.parse(
        try read(Self.file), file: "dimensions.json", options: .init(strict: true))
    }
    #expect(error.diagnostics.count == 17)
    #expect(error.diagnostics.first?.path == "dimensions.0")
    #expect(
      error.diagnostics.first?.message
        == "a dimension's $value must be {\"value\": number, \"unit\": \"px\" | \"rem\"}; \"0px\" is the older string form (§8.2)"
    )
  }
}

@Suite struct TokenFileRulesTests {
  @Test func typeIsInheritedFromTheNearestGroup() throws {
    let result = try parse(
      """
      {
        "space": { "$type": "dimension",
          "sm": { "$value": { "value": 8, "unit": "px" } },
          "ratio": { "$type": "number", "$value": 1.5 },
          "nested": { "deep": { "$value": { "value": 1, "unit": "rem" } } }
        },
        "duration": { "$type": "duration", "fast": { "$value": { "value": 100, "unit": "ms" } } }
      }
      """)
    let types = Dictionary(uniqueKeysWithValues: result.tokens.map { ($0.path, $0.type) })
    #expect(
      types == [
        "space.sm": "dimension", "space.ratio": "number", "space.nested.deep": "dimension",
        "duration.fast": "duration",
      ])
    #expect(
      result.tokens.map(\.path) == [
        "space.sm", "space.ratio", "space.nested.deep", "duration.fast",
      ])
  }

  @Test func anAliasWithoutATypeTakesItsTargets() throws {
    let result = try parse(
      #"{"base": {"$type": "dimension", "8": {"$value": {"value": 8, "unit": "px"}}}, "gap": {"$value": "{base.8}"}}"#
    )
    #expect(result.tokens.first { $0.path == "gap" }?.type == "dimension")
  }

  @Test func aTokenWithNoTypeIsRefused() throws {
    let diagnostics = try errors(#"{"gap": {"$value": {"value": 8, "unit": "px"}}}"#)
    #expect(diagnostics.map(\.path) == ["gap"])
    #expect(diagnostics.first?.message.hasPrefix("no $type") == true)
  }

  @Test func aliasTypeMismatchIsRefused() throws {
    let diagnostics = try errors(
      #"{"c": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0, 0]}}, "gap": {"$type": "dimension", "$value": "{c}"}}"#
    )
    #expect(
      diagnostics.map(\.message) == [
        "the alias {c} resolves to a color token, but this token is a dimension (§7.4.5)"
      ])
  }

  @Test func aliasToAGroupIsAnError() throws {
    let diagnostics = try errors(
      #"{"base": {"$type": "dimension", "a": {"$value": {"value": 1, "unit": "px"}}}, "x": {"$value": "{base}"}}"#
    )
    #expect(diagnostics.map(\.path) == ["x"])
    #expect(
      diagnostics.map(\.message) == [
        "the reference {base} names a group, not a token (§7.1.1); its one token is {base.a}: name it"
      ])
  }

  @Test func unknownAliasTargetIsAnError() throws {
    let diagnostics = try errors(
      "{\n  \"space\": { \"$type\": \"dimension\",\n    \"md\": { \"$value\": \"{space.nope}\" } } }"
    )
    #expect(diagnostics.map(\.path) == ["space.md"])
    #expect(diagnostics.map(\.message) == [TokenAlias.danglingMessage("space.nope", kept: false)])
    #expect(diagnostics.first?.location == "test.tokens.json:3:11")
  }

  @Test func valueAndChildrenTogetherIsAnError() throws {
    let diagnostics = try errors(
      #"{"space": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}, "sm": {"$value": {"value": 8, "unit": "px"}}}}"#
    )
    #expect(diagnostics.map(\.path) == ["space"])
    #expect(
      diagnostics.map(\.message) == [
        "a token ($value) cannot also have children ('sm'); an object is a token or a group, not both (§6.1)"
      ])
  }

  @Test(arguments: ["space.sm", "{space}", "sm}", "a{b"])
  func reservedCharactersInNamesAreRefused(_ name: String) throws {
    let key = JSONWriter.quoted(name)
    let diagnostics = try errors(
      #"{"$type": "dimension", \#(key): {"$value": {"value": 8, "unit": "px"}}}"#)
    #expect(
      diagnostics.map(\.message) == [
        "the name '\(name)' contains '{', '}' or '.', which DTCG reserves for aliases (§5.1.1)"
      ])
  }

  @Test func cycleIsReportedOnAMemberOfTheCycle() throws {
    // x is not in the cycle; it only leads into a → b → a.
    let diagnostics = try errors(
      #"{"x": {"$type": "dimension", "$value": "{a}"}, "a": {"$type": "dimension", "$value": "{b}"}, "b": {"$type": "dimension", "$value": "{a}"}}"#
    )
    let cycle = try #require(diagnostics.first { $0.message.hasPrefix("circular reference") })
    #expect(cycle.message == "circular reference: {a} → {b} → {a} (§7.2.3)")
    // Regression: the diagnostic was once attached to x, which is not a member.
    #expect(["a", "b"].contains(cycle.path), "reported on \(cycle.path)")
    // x itself is reported as leading into the cycle, at its own position.
    #expect(
      diagnostics.contains {
        $0.path == "x" && $0.message.contains("run into the circular reference")
      }
    )
  }

  @Test func everyErrorOfAFileIsReported() throws {
    let diagnostics = try errors(
      """
      {
        "a": { "$type": "dimension", "$value": { "value": 1, "unit": "em" } },
        "b.c": { "$type": "dimension", "$value": { "value": 1, "unit": "px" } },
        "d": { "$type": "bogus", "$value": 1 }
      }
      """)
    #expect(diagnostics.map(\.path) == ["a", "b.c", "d"])
    #expect(
      diagnostics.map { $0.location ?? "" } == [
        "test.tokens.json:2:42", "test.tokens.json:3:10", "test.tokens.json:4:19",
      ])
  }

  @Test(arguments: [
    (#"{"a": {"$type": "dimension", "$value": null}}"#, "$value cannot be null (§5)"),
    (
      #"{"a": {"$type": "dimension", "$value": {"value": 1}}}"#,
      "a dimension's $value needs \"unit\": \"px\" or \"rem\", even for 0 (§8.2)"
    ),
    (
      #"{"a": {"$type": "dimension", "$value": {"value": 1, "unit": "pt"}}}"#,
      "a dimension's unit must be \"px\" or \"rem\"; got \"pt\" (§8.2)"
    ),
    (
      #"{"a": {"$type": "dimension", "$value": 4}}"#,
      "a dimension's $value must be {\"value\": number, \"unit\": \"px\" | \"rem\"}; got 4 (§8.2)"
    ),
    (
      #"{"a": {"$type": "number", "$value": "4"}}"#,
      "a number token's $value must be a JSON number; got string (§8.7)"
    ),
    (
      #"{"a": {"$type": "dimension", "$value": {"value": 1, "unit": "px"}, "$foo": 1}}"#,
      "unknown property '$foo' on a token; DTCG reserves names starting with '$' (§5.2)"
    ),
    (
      #"{"a": {"$type": "size", "$value": 1}}"#,
      "unknown $type 'size'; expected one of border, color, cubicBezier, dimension, duration, fontFamily, fontWeight, gradient, number, shadow, strokeStyle, transition, typography (§8, §9)"
    ),
    (
      #"{"a": 4}"#,
      "a token or group must be an object; got number. A token is {\"$value\": …} (§5)"
    ),
  ])
  func invalidTokens(_ text: String, _ message: String) throws {
    #expect(try errors(text).map(\.message) == [message])
  }

  @Test func extensionsAndDescriptionsAreKept() throws {
    let result = try parse(
      #"{"a": {"$type": "dimension", "$description": "Gap.", "$deprecated": "use b", "$extensions": {"org.example": {"x": [1]}}, "$value": {"value": 2, "unit": "px"}}}"#
    )
    let token = try #require(result.tokens.first)
    #expect(token.description == "Gap.")
    #expect(token.deprecated == .string("use b"))
    #expect(token.extensions == (try JSONParser.parse(#"{"org.example": {"x": [1]}}"#).root))
  }

  @Test func groupDeprecationIsInherited() throws {
    let result = try parse(
      #"{"old": {"$type": "dimension", "$deprecated": true, "a": {"$value": {"value": 2, "unit": "px"}}, "b": {"$deprecated": false, "$value": {"value": 3, "unit": "px"}}}}"#
    )
    #expect(result.tokens.map(\.deprecated) == [.bool(true), nil])
  }

  @Test func malformedJSONIsOneDiagnosticWithPosition() throws {
    let diagnostics = try errors("{\n  \"a\": {\"$value\": 01}\n}")
    #expect(
      diagnostics.map(\.summary) == ["test.tokens.json:2:19: a number cannot have a leading zero"])
  }

  @Test func theExampleSpacingFileIsValidAndStrict() throws {
    let text = try read(packageRoot.appendingPathComponent("examples/tokens/spacing.tokens.json"))
    let result = try TokenFileParser.parse(
      text, file: "spacing.tokens.json", options: .init(strict: true))
    #expect(result.warnings.isEmpty)
    let paths = Set(result.tokens.map(\.path))
    for path in [
      "base.size.8", "space.xs", "space.sm", "space.md", "space.inset.horizontal",
      "space.inset.vertical", "size.artwork", "size.rating",
    ] {
      #expect(paths.contains(path), "the example tokens have no \(path)")
    }
    #expect(
      result.tokens.allSatisfy {
        $0.type == "dimension" || ($0.type == "border" && $0.path.hasPrefix("border."))
          || ($0.type == "shadow" && $0.path.hasPrefix("shadow."))
      })
    #expect(
      result.tokens.first { $0.path == "space.inset.horizontal" }?.description
        == "Left and right inset of a card.")
  }
}
