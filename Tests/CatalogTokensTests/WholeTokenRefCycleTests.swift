import CatalogTokens
import Testing

/// Review 15, item 4: two tokens written as `$ref`s to each other (`#/a/y` ↔ `#/a/x`) were
/// each said to point "at a group"; they are a cycle, and said so.
@Suite struct WholeTokenRefCycleTests {
  @Test func twoWholeTokenRefsToEachOtherAreACycle() throws {
    let text = """
      {"a": {"$type": "dimension",
        "x": {"$ref": "#/a/y"},
        "y": {"$ref": "#/a/x"}}}
      """
    do {
      _ = try TokenFileParser.parse(text, file: "cycle.tokens.json")
      Issue.record("a $ref cycle was accepted")
    } catch {
      let messages = error.diagnostics.map(\.message)
      #expect(
        messages.contains { $0.contains("circular $ref: #/a/y → #/a/x → #/a/y") }, "\(messages)")
      #expect(!messages.contains { $0.contains("a group") }, "\(messages)")
    }
  }

  @Test func aWholeTokenRefToATokenStillAsksForValue() throws {
    let text = """
      {"a": {"$type": "dimension",
        "x": {"$ref": "#/a/y"},
        "y": {"$value": {"value": 1, "unit": "px"}}}}
      """
    do {
      _ = try TokenFileParser.parse(text, file: "ref.tokens.json")
      Issue.record("a $ref to a whole token was accepted")
    } catch {
      #expect(error.diagnostics.first?.message.contains("a token, not its $value") == true)
    }
  }
}

/// Review 19: a 500-token alias cycle printed all 501 names on one line (5.5 KB); a chain
/// or cycle longer than the list limit shows its ends around `… (N more) …`
/// (`BoundedList.chain`, the one rule for every cycle and chain message).
@Suite struct LongCycleMessageTests {
  @Test(arguments: [3, 20, 21, 500])
  func aCycleOfNTokensIsShownBounded(_ n: Int) throws {
    let members = (0..<n).map { i in
      "\"t\(i)\": {\"$value\": \"{c.t\((i + 1) % n)}\"}"
    }
    let text = "{\"c\": {\"$type\": \"dimension\", \(members.joined(separator: ", "))}}"
    do {
      _ = try TokenFileParser.parse(text, file: "cycle.tokens.json")
      Issue.record("a cycle of \(n) was accepted")
    } catch {
      let messages = error.diagnostics.map(\.message)
      let cycle = try #require(messages.first { $0.contains("circular reference") }, "\(messages)")
      #expect(cycle.count < 600, "\(cycle.count) characters: \(cycle)")
      if n + 1 <= 20 {
        #expect(!cycle.contains("more) …"), "\(cycle)")
        #expect(cycle.components(separatedBy: " → ").count == n + 1, "\(cycle)")
      } else {
        #expect(cycle.contains(" → … (\(n + 1 - 12) more) … → "), "\(cycle)")
      }
    }
  }
}
