import CatalogTokens
import Testing

/// `TokenMath.isExpression` and `TokenAlias.isAlias` run several times per token of an
/// import; their byte-wise paths (issue 12 point 3) must answer exactly as the rule by
/// Characters and ``TokenAlias/target(of:)`` do.
@Suite struct TokenMathFastPathTests {
  static let pieces = [
    "{", "}", "a", ".", "+", "-", "*", "/", "(", ")", " ", "\t", "\n", "\r\n", "\u{1C}", "\u{0B}",
    "1", "0", "px", "rem", "e", "$root",
  ]

  static let samples = [
    "{space.md}", "{space.md} * 2", "{a} * 2 + 1", " {a}+1\t", "4px", " 4px ", "-4px", "1e-3px",
    "1.5rem", "0", "2 + 3", "min(1, 2)", "abc", "{}", "{a.$root}", "{a}{b}", "{a", "a}",
    "#ff0000", "-1", "\r\n{a} - 1\r\n", "\u{1C}{a}-1", "{a}/2px", "10 px", "calc(1px)",
  ]

  @Test func theASCIIPathAgreesWithTheRuleByCharacters() {
    var texts = Self.samples
    for a in Self.pieces {
      for b in Self.pieces {
        for c in Self.pieces { texts.append(a + b + c) }
      }
    }
    for text in texts {
      #expect(
        TokenMath.isExpression(text) == TokenMath.isExpressionByCharacters(text),
        "\(text.debugDescription)")
    }
  }

  @Test func isAliasAgreesWithTarget() {
    for text in Self.samples + Self.pieces.map({ "{" + $0 + "}" }) {
      #expect(
        TokenAlias.isAlias(text) == (TokenAlias.target(of: .string(text)) != nil),
        "\(text.debugDescription)")
    }
    #expect(TokenAlias.target(of: .string("{a.b.$root}")) == "a.b")
    #expect(TokenAlias.target(of: .string("{space.md}")) == "space.md")
  }

  @Test func knownAnswers() {
    #expect(TokenMath.isExpression("{a} * 2 + 1"))
    #expect(TokenMath.isExpression("{a}px"))
    #expect(!TokenMath.isExpression("{a}"))
    #expect(!TokenMath.isExpression("-4px"))
    #expect(!TokenMath.isExpression("plain"))
    #expect(
      TokenMath.isExpression("{gap} × 2 + 1") == TokenMath.isExpressionByCharacters("{gap} × 2 + 1")
    )
  }
}
