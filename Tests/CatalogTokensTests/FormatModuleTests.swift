import CatalogModel
import CatalogTokens
import Foundation
import Testing

/// DTCG 2025.10 Format module rules beyond the first version: colour spaces, composites,
/// `$root`, `$extends`, `$ref`, `$extensions` byte for byte, key order.
@Suite struct FormatModuleTests {
  static let black = #"{"colorSpace": "srgb", "components": [0, 0, 0]}"#

  @Test(arguments: [
    ("srgb", "[1, 0.5, 0]"), ("srgb-linear", "[0, 0, 1]"), ("hsl", "[359.9, 100, 0]"),
    ("hsl", #"["none", 0, 50]"#),
    ("hwb", "[0, 20, 30]"), ("lab", "[50, -120, 80]"), ("lch", "[50, 30, 120]"),
    ("oklab", "[0.5, -0.1, 0.1]"),
    ("oklch", "[0.7, 0.2, 359]"), ("display-p3", "[1, 1, 1]"), ("rec2020", "[0, 0, 0]"),
    ("prophoto-rgb", "[0.2, 0.3, 0.4]"),
    ("a98-rgb", "[0, 1, 0]"), ("xyz-d50", "[0.1, 0.2, 2]"), ("xyz-d65", "[-0.1, 0.2, 0.3]"),
  ])
  func everyColorSpaceIsAccepted(_ space: String, _ components: String) throws {
    let result = try parse(
      #"{"c": {"$type": "color", "$value": {"colorSpace": "\#(space)", "components": \#(components), "alpha": 0.5}}}"#,
      strict: true)
    #expect(result.tokens.first?.type == "color")
  }

  @Test(arguments: [
    (
      #"{"colorSpace": "srgb", "components": [1.2, 0, 0]}"#,
      "component 1 of a srgb color must be in [0, 1]; got 1.2 (§8.1, Color module)"
    ),
    (
      #"{"colorSpace": "hsl", "components": [360, 0, 0]}"#,
      "component 1 of a hsl color must be in [0, 360); got 360 (§8.1, Color module)"
    ),
    (
      #"{"colorSpace": "oklab", "components": [1.5, 0, 0]}"#,
      "component 1 of a oklab color must be in [0, 1]; got 1.5 (§8.1, Color module)"
    ),
    (
      #"{"colorSpace": "lch", "components": [50, -1, 0]}"#,
      "component 2 of a lch color must be in [0, ∞]; got -1 (§8.1, Color module)"
    ),
    (
      #"{"colorSpace": "cmyk", "components": [0, 0, 0]}"#,
      "unknown colorSpace \"cmyk\"; expected one of a98-rgb, display-p3, hsl, hwb, lab, lch, oklab, oklch, prophoto-rgb, rec2020, srgb, srgb-linear, xyz-d50, xyz-d65 (§8.1, Color module)"
    ),
    (
      #"{"colorSpace": "srgb", "components": [0, 0]}"#,
      "a srgb color has exactly 3 components; got 2 (§8.1, Color module)"
    ),
    (
      #"{"colorSpace": "srgb", "components": [0, 0, 0], "alpha": 2}"#,
      "a color's alpha must be from 0 to 1; got 2 (§8.1, Color module)"
    ),
    (
      ##"{"colorSpace": "srgb", "components": [0, 0, 0], "hex": "#000000ff"}"##,
      "a color's hex must be \"#rrggbb\" (six hexadecimal digits, alpha goes in \"alpha\"); got \"#000000ff\" (§8.1, Color module)"
    ),
    (
      #"{"colorSpace": "srgb", "components": ["a", 0, 0]}"#,
      "component 1 of a color must be a number or \"none\"; got \"a\" (§8.1, Color module)"
    ),
  ])
  func invalidColorsAreRefused(_ value: String, _ message: String) throws {
    #expect(
      try errors(#"{"c": {"$type": "color", "$value": \#(value)}}"#).map(\.message) == [message])
  }

  @Test(arguments: [
    ("strokeStyle", #""dashed""#),
    ("strokeStyle", #"{"dashArray": [{"value": 2, "unit": "px"}], "lineCap": "butt"}"#),
    ("border", #"{"color": \#(black), "width": {"value": 1, "unit": "px"}, "style": "solid"}"#),
    (
      "transition",
      #"{"duration": {"value": 200, "unit": "ms"}, "delay": {"value": 0, "unit": "s"}, "timingFunction": [0.5, 0, 1, 1]}"#
    ),
    (
      "shadow",
      #"[{"color": \#(black), "offsetX": {"value": 0, "unit": "px"}, "offsetY": {"value": 2, "unit": "px"}, "blur": {"value": 4, "unit": "px"}, "spread": {"value": 0, "unit": "px"}, "inset": true}]"#
    ),
    ("gradient", #"[{"color": \#(black), "position": 0.2}]"#),
    (
      "typography",
      #"{"fontFamily": ["Inter", "sans-serif"], "fontSize": {"value": 1, "unit": "rem"}, "fontWeight": "semi-bold", "letterSpacing": {"value": -0.5, "unit": "px"}, "lineHeight": 1.4}"#
    ),
    ("cubicBezier", "[0, -2, 1, 3]"), ("duration", #"{"value": 1.5, "unit": "s"}"#),
    ("fontWeight", "1000"), ("fontFamily", #""Inter""#),
  ])
  func compositesAndPrimitivesAreAccepted(_ type: String, _ value: String) throws {
    _ = try parse(#"{"t": {"$type": "\#(type)", "$value": \#(value)}}"#, strict: true)
  }

  @Test(arguments: [
    (
      "border", #"{"color": \#(black), "width": {"value": 1, "unit": "px"}}"#,
      "a border needs \"style\", a strokeStyle (§9.3)"
    ),
    (
      "shadow",
      #"{"color": "{w}", "offsetX": {"value": 0, "unit": "px"}, "offsetY": {"value": 0, "unit": "px"}, "blur": {"value": 0, "unit": "px"}, "spread": {"value": 0, "unit": "px"}}"#,
      "color: the alias {w} names a dimension token; a color is needed here (§9, §7.4.5)"
    ),
    (
      "strokeStyle", #"{"dashArray": [], "lineCap": "round"}"#,
      "a strokeStyle's dashArray must not be empty (§9.2)"
    ),
    (
      "gradient", #"[{"color": \#(black)}]"#,
      "[0]: a gradient stop needs \"position\", a number (§9.6)"
    ),
    (
      "typography",
      #"{"fontFamily": "A", "fontSize": {"value": 1, "unit": "rem"}, "fontWeight": 400, "letterSpacing": {"value": 0, "unit": "px"}, "lineHeight": "1.5"}"#,
      "lineHeight: a number token's $value must be a JSON number; got string (§8.7)"
    ),
  ])
  func invalidCompositesNameTheProperty(_ type: String, _ value: String, _ message: String) throws {
    let text =
      #"{"w": {"$type": "dimension", "$value": {"value": 1, "unit": "px"}}, "t": {"$type": "\#(type)", "$value": \#(value)}}"#
    #expect(try errors(text).map(\.message) == [message])
  }

  @Test func rootTokensAreStoredUnderTheGroupPathAndAliasedWithRoot() throws {
    let result = try parse(
      #"{"accent": {"$type": "dimension", "$root": {"$value": {"value": 4, "unit": "px"}}, "light": {"$value": "{accent.$root}"}}}"#,
      strict: true)
    #expect(result.tokens.map(\.path) == ["accent", "accent.light"])
    let resolver = TokenResolver(
      tokens: Dictionary(uniqueKeysWithValues: result.tokens.map { ($0.path, $0) }))
    #expect(try resolver.resolve("accent.light").points == 4)
  }

  @Test func extendsMergesDeeplyAndLocalWins() throws {
    let result = try parse(
      """
      {"base": {"$type": "dimension", "sm": {"$value": {"value": 4, "unit": "px"}}, "md": {"$value": {"value": 8, "unit": "px"}},
                "inner": {"a": {"$value": {"value": 1, "unit": "px"}}, "b": {"$value": {"value": 2, "unit": "px"}}}},
       "dense": {"$extends": "{base}", "md": {"$value": {"value": 6, "unit": "px"}}, "inner": {"b": {"$value": {"value": 9, "unit": "px"}}}}}
      """, strict: true)
    let values = Dictionary(
      uniqueKeysWithValues: result.tokens.map { ($0.path, TokenValue.shortDescription($0.value)) })
    #expect(values["dense.sm"] == "4px")
    #expect(values["dense.md"] == "6px")
    #expect(values["dense.inner.a"] == "1px")
    #expect(values["dense.inner.b"] == "9px")
    #expect(result.tokens.first { $0.path == "dense.sm" }?.type == "dimension")
  }

  @Test(arguments: [
    (
      #"{"a": {"$extends": "{b}", "x": {"$type": "number", "$value": 1}}, "b": {"$extends": "{a}"}}"#,
      "circular $extends"
    ),
    (#"{"a": {"$extends": "{nope}"}}"#, "which is not a group in the file (§6.4.6)"),
    (
      #"{"t": {"$type": "number", "$value": 1}, "a": {"$extends": "{t}"}}"#,
      "a token; $extends must name a group (§6.4)"
    ),
    (#"{"a": {"inner": {"$extends": "{a}"}}}"#, "circular $extends"),
  ])
  func badExtendsIsRefused(_ text: String, _ fragment: String) throws {
    let messages = try errors(text).map(\.message)
    #expect(messages.contains { $0.contains(fragment) }, "\(messages)")
  }

  @Test func jsonPointersResolveIntoValues() throws {
    let result = try parse(
      """
      {"c": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0.2, 0.4, 0.6]}},
       "first": {"$type": "number", "$ref": "#/c/$value/components/0"},
       "copy": {"$type": "color", "$value": {"colorSpace": "srgb", "components": {"$ref": "#/c/$value/components"}}}}
      """, strict: true)
    let byPath = Dictionary(uniqueKeysWithValues: result.tokens.map { ($0.path, $0.value) })
    #expect(byPath["first"] == .number(0.2))
    #expect(
      byPath["copy"]?.objectValue?["components"]
        == .array([.number(0.2), .number(0.4), .number(0.6)]))
  }

  @Test(arguments: [
    ("#/c", "points at a token, not its $value"),
    ("#/c/$type", "a reference must point into a token's $value"),
    ("#/c/$value/components/3", "index 3, but the array has 3 elements"),
    ("#/c/$value/components/-1", "as an array index"),
    ("#c", "is not a JSON Pointer"), ("#/c//x", "empty segment"), ("#/{c}", "mixes alias syntax"),
  ])
  func badPointersAreRefused(_ pointer: String, _ fragment: String) throws {
    let text =
      #"{"c": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0, 0]}}, "x": {"$type": "number", "$ref": "\#(pointer)"}}"#
    let messages = try errors(text).map(\.message)
    #expect(messages.contains { $0.contains(fragment) }, "\(messages)")
  }

  @Test func extensionsAreKeptByteForByte() throws {
    let text =
      "{\"a\": {\"$type\": \"number\", \"$value\": 1, \"$extensions\": {\"com.x\": {\"n\": 1.0, \"e\": 1e3, \"s\": \"\\u00e9\"}}}}"
    let token = try #require(parse(text).tokens.first)
    #expect(token.extensionsText == "{\"com.x\": {\"n\": 1.0, \"e\": 1e3, \"s\": \"\\u00e9\"}}")
    let exported = DTCGWriter.write([token], header: nil)
    #expect(
      exported.contains(
        "\"$extensions\": {\"com.x\": {\"n\": 1.0, \"e\": 1e3, \"s\": \"\\u00e9\"}}"))
  }

  @Test func keyOrderIsKeptAndExportReimportsTheSame() throws {
    let text = """
      {"z": {"$type": "dimension", "b": {"$value": {"value": 2, "unit": "px"}}, "a": {"$value": "{z.b}", "$description": "A.", "$deprecated": "use {z.b}"}},
       "m": {"$type": "number", "$root": {"$value": 1}, "n": {"$value": 2}}}
      """
    let first = try parse(text, strict: true).tokens
    #expect(first.map(\.path) == ["z.b", "z.a", "m", "m.n"])
    let exported = DTCGWriter.write(first, header: nil)
    let second = try parse(exported, strict: true).tokens
    #expect(second.map(\.path) == first.map(\.path))
    #expect(second.map(\.value) == first.map(\.value))
    #expect(second.map(\.type) == first.map(\.type))
    #expect(second.map(\.deprecated) == first.map(\.deprecated))
    #expect(DTCGWriter.write(second, header: nil) == exported)
  }

  @Test func deepFilesGiveAnErrorNotACrash() throws {
    let deep =
      String(repeating: "{\"g\": ", count: 100_000) + "1" + String(repeating: "}", count: 100_000)
    #expect(throws: TokenFileError.self) { try TokenFileParser.parse(deep, file: "deep.json") }
    let deep5 = Array(
      (String(repeating: "{g: ", count: 100_000) + "1" + String(repeating: "}", count: 100_000))
        .utf8)
    #expect(throws: TokenFileError.self) { try TokenSource.read(bytes: deep5, file: "deep.json5") }
    let yaml = Array(
      (String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)).utf8)
    #expect(throws: TokenFileError.self) { try YAMLReader.read(bytes: yaml, file: "deep.yml") }
  }

  @Test func invalidAliasSyntaxIsNamed() throws {
    #expect(
      try errors(#"{"a": {"$type": "color", "$value": "{}"}}"#).map(\.message) == [
        "the alias {} is empty; write {group.token} (§7.1.1)"
      ])
    #expect(
      try errors(#"{"a": {"$type": "color", "$value": "{b.c"}}"#).map(\.message) == [
        "'{b.c' is not a valid alias: write {group.token} with both braces (§7.1.1)"
      ])
  }
}
