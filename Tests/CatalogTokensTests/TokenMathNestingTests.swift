import CatalogModel
import CatalogTokens
import Testing

/// Input-controlled depth in token math (review 14, point 1): a run of unary minus signs is
/// counted, not recursed into (50,000 signs overflowed the stack, exit 139), parentheses
/// stop at a stated limit, and messages quote long values shortened.
@Suite struct TokenMathNestingTests {
  static func evaluate(_ text: String) throws -> TokenMath.Quantity {
    try TokenMath.evaluate(text) { _ in TokenMath.Quantity(0, unit: nil) }
  }

  @Test func aLongRunOfUnaryMinusSignsIsCountedNotRecursedInto() throws {
    let odd = try Self.evaluate(String(repeating: "-", count: 50_001) + "1px")
    #expect(odd == TokenMath.Quantity(-1, unit: "px"))
    let even = try Self.evaluate(String(repeating: "-", count: 50_000) + "1px")
    #expect(even == TokenMath.Quantity(1, unit: "px"))
    #expect(try Self.evaluate("2 - -3") == TokenMath.Quantity(5, unit: nil))
    #expect(try Self.evaluate("-(-(2))*--3px") == TokenMath.Quantity(6, unit: "px"))
  }

  @Test func parenthesesDeeperThanTheLimitAreRefusedNamingIt() throws {
    let n = 50_000
    let text = String(repeating: "(", count: n) + "1" + String(repeating: ")", count: n)
    #expect {
      try Self.evaluate(text)
    } throws: { error in
      (error as? TokenMath.Failure)?.message
        == "the expression is nested more than \(TokenMath.maximumNesting) deep (parentheses and function calls)"
    }
    let deepest = TokenMath.maximumNesting - 1
    let fits =
      String(repeating: "(", count: deepest) + "1" + String(repeating: ")", count: deepest)
    #expect(try Self.evaluate(fits) == TokenMath.Quantity(1, unit: nil))
  }

  @Test func messagesQuoteALongValueShortened() {
    let text = String(repeating: "-", count: 20_000) + "1px !"
    #expect {
      try Self.evaluate(text)
    } throws: { error in
      let message = (error as? TokenMath.Failure)?.message ?? ""
      return message.count < 300 && message.contains("… (20005 characters)")
    }
    guard
      case .converted(_, let note) = TokenValue.check(
        .string(String(repeating: "-", count: 20_000) + "1px"), type: "dimension", strict: false,
        references: .none)
    else {
      Issue.record("expected a conversion note")
      return
    }
    #expect(note.count < 300, "\(note.prefix(300))")
  }

  @Test func theExcerptRuleKeepsShortTextWhole() {
    #expect(DiagnosticText.excerpt("4px") == "4px")
    let long = String(repeating: "é", count: 81)
    #expect(
      DiagnosticText.excerpt(long)
        == String(repeating: "é", count: 80) + "… (81 characters)")
  }
}
