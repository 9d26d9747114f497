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
