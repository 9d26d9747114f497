import CatalogJSON
import Testing

@testable import CatalogTokens

/// `TokenGraph.bracedReferences` and `TokenAlias.isAlias` read bytes from the string's
/// buffer (issue 12 point 3); they must answer exactly as the rule by Characters does,
/// for ASCII and non-ASCII text alike.
@Suite struct TokenReferenceFastPathTests {
  static let pieces = [
    "{", "}", "a", ".", "$root", " ", "\r\n", "é", "e\u{301}", "{\u{301}", "}\u{301}", "*", "1",
  ]

  /// Every text of up to four pieces.
  static var texts: [String] {
    var all = [""]
    var level = [""]
    for _ in 0..<4 {
      level = level.flatMap { prefix in pieces.map { prefix + $0 } }
      all += level
    }
    return all + ["{space.md}", "{a.$root} * 2", "{a}{b}", "{ space.sm }", "x{a}y{b.$root}z"]
  }

  @Test func bracedReferencesAgreeWithTheRuleByCharacters() {
    for text in Self.texts {
      #expect(
        TokenGraph.bracedReferences(in: text) == TokenGraph.bracedReferencesByCharacters(in: text),
        "\(text.debugDescription)")
    }
    #expect(TokenGraph.bracedReferences(in: "{a.$root} * {b}") == ["a", "b"])
    #expect(TokenGraph.bracedReferences(in: "{a{b}c}") == ["b"])
  }

  /// The alias rule, by Characters: `{`, then text holding neither brace, then `}`.
  static func isAliasByCharacters(_ text: String) -> Bool {
    let scalars = Array(text.unicodeScalars)
    guard scalars.count > 2, scalars.first == "{", scalars.last == "}" else { return false }
    return !scalars.dropFirst().dropLast().contains { $0 == "{" || $0 == "}" }
  }

  @Test func isAliasAgreesWithTheRuleByScalars() {
    for text in Self.texts {
      #expect(
        TokenAlias.isAlias(text) == Self.isAliasByCharacters(text), "\(text.debugDescription)")
    }
    #expect(TokenAlias.isAlias("{space.md}"))
    #expect(!TokenAlias.isAlias("{}"))
    #expect(!TokenAlias.isAlias("{a} * {b}"))
  }

  /// `TokenAlias.target(of:)` reads the string's buffer (issue 14 point 9): the same path as
  /// the rule on the UTF-8 view, `$root` included, for every text.
  @Test func aliasTargetAgreesWithTheRuleOnTheView() {
    for text in Self.texts + ["{.$root}", "{$root}", "{a.$roo}", "{x.$root.$root}"] {
      #expect(
        TokenAlias.target(of: .string(text)) == TokenAlias.targetByView(text),
        "\(text.debugDescription)")
    }
    #expect(TokenAlias.target(of: .string("{space.$root}")) == "space")
    #expect(TokenAlias.target(of: .string("{.$root}")) == "")
    #expect(TokenAlias.target(of: .string("{a} * 2")) == nil)
  }
}
