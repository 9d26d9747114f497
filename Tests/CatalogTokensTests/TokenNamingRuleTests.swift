import CatalogModel
import Testing

@testable import CatalogTokens

/// One naming rule per export language over one segmentation: nothing dropped, reserved
/// words handled per language, and a collision refused naming both tokens.
@Suite struct TokenNamingRuleTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var path: String
    var swift: String
    var javaScript: String
    var css: String
    var scss: String
    var android: String
    var testDescription: String { path }
  }

  @Test(arguments: [
    Case(
      path: "space.md", swift: "spaceMd", javaScript: "spaceMd", css: "space-md",
      scss: "space-md", android: "space_md"),
    Case(
      path: "emoji.😀", swift: "emojiU1F600", javaScript: "emojiU1F600", css: "emoji-u1f600",
      scss: "emoji-u1f600", android: "emoji_u1f600"),
    Case(
      path: "size.2xl", swift: "size2xl", javaScript: "size2xl", css: "size-2xl",
      scss: "size-2xl", android: "size_2xl"),
    Case(path: "8", swift: "_8", javaScript: "_8", css: "8", scss: "_8", android: "_8"),
    Case(
      path: "default", swift: "`default`", javaScript: "_default", css: "default",
      scss: "default", android: "_default"),
    // Contextual words need no backticks in Swift; `self` is reserved there, not in JS.
    Case(
      path: "async", swift: "async", javaScript: "async", css: "async", scss: "async",
      android: "async"),
    Case(
      path: "await", swift: "await", javaScript: "_await", css: "await", scss: "await",
      android: "await"),
    Case(
      path: "self", swift: "`self`", javaScript: "self", css: "self", scss: "self",
      android: "self"),
    Case(
      path: "a+b", swift: "aU002BB", javaScript: "aU002BB", css: "a-u002b-b", scss: "a-u002b-b",
      android: "a_u002b_b"),
  ])
  func eachTargetsRule(_ c: Case) {
    #expect(TokenNaming.name(c.path, for: .swift) == c.swift)
    #expect(TokenNaming.name(c.path, for: .javaScript) == c.javaScript)
    #expect(TokenNaming.name(c.path, for: .css) == c.css)
    #expect(TokenNaming.name(c.path, for: .scss) == c.scss)
    #expect(TokenNaming.name(c.path, for: .android) == c.android)
  }

  /// Emoji segments were dropped: `emoji.😀` and `emoji.🎉` were both `emoji`.
  @Test func nonIdentifierSegmentsStayDistinct() {
    for target in TokenNaming.Target.allCases {
      #expect(TokenNaming.names(["emoji.😀", "emoji.🎉", "emoji"], for: target).collisions.isEmpty)
    }
  }

  static func tokens(_ paths: [String]) -> [DesignToken] {
    paths.map {
      DesignToken(
        path: $0, type: "dimension",
        value: .object(JSONObject([("value", .number(4)), ("unit", .string("px"))])))
    }
  }

  /// `a.b2` and `aB2` became `aB2`/`aB22` (and `--a-b2`/`--a-b22`): now every export that
  /// names tokens refuses them, naming both.
  @Test(arguments: [
    TokenExporter.Format.swift, .js, .dts, .css, .scss, .android,
  ])
  func aCollisionIsAnErrorNamingBothTokens(_ format: TokenExporter.Format) {
    let tokens = Self.tokens(["aB2", "a.b2"])
    let resolver = TokenResolver(
      tokens: Dictionary(uniqueKeysWithValues: tokens.map { ($0.path, $0) }))
    #expect(throws: TokenNaming.Collision.self) {
      try TokenExporter.checkNames(tokens, format: format, resolver: resolver)
    }
    do { try TokenExporter.checkNames(tokens, format: format, resolver: resolver) } catch {
      #expect(error.first == "a.b2" && error.second == "aB2")
      #expect(error.description.hasPrefix("the tokens {a.b2} and {aB2} both become the "))
    }
    #expect(
      (try? TokenExporter.checkNames(
        Self.tokens(["emoji.😀", "emoji.🎉"]), format: format, resolver: resolver)) != nil)
  }

  @Test(arguments: [TokenExporter.Format.dtcg, .jsonFlat, .jsonNested])
  func pathFormatsHaveNoCollision(_ format: TokenExporter.Format) throws {
    let tokens = Self.tokens(["aB2", "a.b2"])
    try TokenExporter.checkNames(
      tokens, format: format,
      resolver: TokenResolver(
        tokens: Dictionary(uniqueKeysWithValues: tokens.map { ($0.path, $0) })))
  }

  /// A typography token's letter-spacing companion (`--type-body-letter-spacing`,
  /// `$type-body-letter-spacing`, `typeBodyLetterSpacing`) is a name the export writes, so
  /// a token that gets the same name is a collision, not a second declaration of it.
  @Test(arguments: [
    (TokenExporter.Format.css, "type.body-letter-spacing", "type-body-letter-spacing"),
    (.scss, "type.body-letter-spacing", "type-body-letter-spacing"),
    (.js, "type.bodyLetterSpacing", "typeBodyLetterSpacing"),
    (.dts, "type.bodyLetterSpacing", "typeBodyLetterSpacing"),
  ])
  func aLetterSpacingCompanionCollides(
    _ format: TokenExporter.Format, other: String, name: String
  ) throws {
    func px(_ n: Double) -> JSONValue {
      .object(JSONObject([("value", .number(n)), ("unit", .string("px"))]))
    }
    let body = DesignToken(
      path: "type.body", type: "typography",
      value: .object(
        JSONObject([
          ("fontFamily", .string("Inter")), ("fontSize", px(16)), ("fontWeight", .number(400)),
          ("letterSpacing", px(0.5)), ("lineHeight", .number(1.5)),
        ])))
    let tokens = [body] + Self.tokens([other])
    let resolver = TokenResolver(
      tokens: Dictionary(uniqueKeysWithValues: tokens.map { ($0.path, $0) }))
    do {
      try TokenExporter.checkNames(tokens, format: format, resolver: resolver)
      Issue.record("no collision for \(format)")
    } catch {
      #expect(
        error.description
          == "the token {\(other)} and the letter spacing of the typography token {type.body} both become the \(error.target.rawValue) name \(name); rename one of them (catalog tokens rename OLD NEW)"
      )
    }
    // Without the other token the companion is written under that name.
    let alone = TokenExporter.export([body], format: format, resolver: resolver)
    #expect(alone.contains(name), "\(alone)")
    try TokenExporter.checkNames([body], format: format, resolver: resolver)
  }
}
