import CatalogModel
import CatalogTokens
import Testing

/// A token keeps its rarely present metadata out of line (so a million tokens stay small
/// while they are imported); it must still behave as a plain value.
@Suite struct DesignTokenMetadataTests {
  static let base = DesignToken(
    path: "space.md", type: "dimension",
    value: .object(JSONObject([("value", .number(8)), ("unit", .string("px"))])))

  @Test func everyMetadataFieldReadsBackWhatWasSet() {
    var token = Self.base
    token.description = "Gap"
    token.deprecated = .string("use space.lg")
    token.extensions = .object(JSONObject([("org.example", .bool(true))]))
    token.location = "tokens.json:3:5"
    token.extensionsText = #"{"org.example":true}"#
    token.origin = "density=compact"
    #expect(token.description == "Gap")
    #expect(token.deprecated == .string("use space.lg"))
    #expect(token.extensions == .object(JSONObject([("org.example", .bool(true))])))
    #expect(token.location == "tokens.json:3:5")
    #expect(token.extensionsText == #"{"org.example":true}"#)
    #expect(token.origin == "density=compact")
  }

  @Test func aCopyIsIndependentOfTheOriginal() {
    var original = Self.base
    original.description = "Gap"
    var copy = original
    copy.description = "Changed"
    copy.origin = "theme=dark"
    #expect(original.description == "Gap")
    #expect(original.origin == nil)
    #expect(copy.description == "Changed")
  }

  @Test func equalityComparesTheMetadataByValue() {
    var a = Self.base
    var b = Self.base
    #expect(a == b)
    a.description = "Gap"
    #expect(a != b)
    b.description = "Gap"
    #expect(a == b)
    a.description = nil
    b.description = nil
    #expect(a == Self.base && b == Self.base)
    a.origin = "x=y"
    #expect(a != b)
    #expect(
      DesignToken(path: "p", type: nil, value: .number(1), description: "d")
        == DesignToken(path: "p", type: nil, value: .number(1), description: "d"))
  }
}
