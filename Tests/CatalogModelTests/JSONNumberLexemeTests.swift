import CatalogModel
import Testing

/// Numbers keep the text they were written as when their shortest form differs, so a
/// value written back unchanged reads byte for byte as it did (issue 11, point 2).
@Suite struct JSONNumberLexemeTests {
  @Test(arguments: [
    "12345678901234567890", "1.50", "1E3", "1e+21", "-0", "0.10", "100000000000000000000000",
    "9007199254740993", "2.0", "-1.5e-7",
  ])
  func lexemesRoundTripExactly(_ lexeme: String) throws {
    let text = "{\"n\":\(lexeme),\"list\":[\(lexeme)]}"
    let value = try JSONParser.parse(text).root
    #expect(JSONWriter.compact(value) == text)
    #expect(JSONWriter.pretty(value).contains(": \(lexeme),"))
    // Stored and read again (what the catalog does with token values and definitions).
    #expect(JSONWriter.compact(try JSONParser.parse(JSONWriter.compact(value)).root) == text)
  }

  @Test func valuesAreUnchanged() throws {
    let value = try JSONParser.parse("[1.50, 12345678901234567890, 8]").root
    // The nearest Double to 12345678901234567890 (the lexeme is kept apart; equality is by value).
    #expect(value == .array([.number(1.5), .number(12_345_678_901_234_567_168), .number(8)]))
    #expect(value.arrayValue?.first?.numberValue == 1.5)
    guard case .number(let n)? = value.arrayValue?.first else {
      Issue.record("not a number")
      return
    }
    #expect(n.lexeme == "1.50")
    #expect(n.description == "1.50")
  }

  @Test func shortestFormsKeepNoLexeme() throws {
    let value = try JSONParser.parse("[8, -3, 0.5, 123456789012345]").root
    for element in value.arrayValue ?? [] {
      guard case .number(let n) = element else { continue }
      #expect(n.lexeme == nil, "\(n)")
    }
  }

  @Test func json5NumbersAreWrittenAsJSON() throws {
    let value = try JSONParser.parse("[0x10, +1, .5, 5., 1.50]", dialect: .json5).root
    #expect(JSONWriter.compact(value) == "[16,1,0.5,5,1.50]")
  }

  @Test func lexemesAreCheckedAsJSON() {
    #expect(JSONNumber(lexeme: "1.50")?.value == 1.5)
    #expect(JSONNumber(lexeme: "01") == nil)
    #expect(JSONNumber(lexeme: "+1") == nil)
    #expect(JSONNumber(lexeme: "1e999") == nil)
    #expect(JSONNumber(1.5, lexeme: "1.5").lexeme == nil)
  }
}
