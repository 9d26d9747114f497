import Testing

@testable import CatalogStore

/// The partial index `token_with_reference` (migration 0003): the reverse token graph of
/// every write reads only the tokens whose value holds a reference (issue 12, point 3).
@Suite struct TokenReferenceIndexTests {
  @Test func referencingTokenValuesReadsThePartialIndex() throws {
    let store = try CatalogStore(path: ":memory:")
    let plan = try store.query("EXPLAIN QUERY PLAN " + CatalogStore.referencingTokenValuesSQL)
      .compactMap { $0["detail"] ?? nil }
    #expect(plan.contains { $0.contains("USING COVERING INDEX token_with_reference") }, "\(plan)")
  }

  @Test(arguments: [
    // (value as stored, refers to another token)
    (#""{space.sm}""#, true),
    (#""{a} * 2 + 1""#, true),
    (#"{"width":1,"color":"{color.line}","style":"solid"}"#, true),
    (#"{"value":8,"unit":"px"}"#, false),
    (#"{"colorSpace":"srgb","components":[1,0,0]}"#, false),
    ("12", false),
    (#""plain text""#, false),
  ])
  func theIndexHoldsExactlyTheRowsWithAReference(value: String, refers: Bool) throws {
    let store = try CatalogStore(path: ":memory:")
    try store.importTokens(
      [
        TokenInput(path: "a", type: "dimension", value: #"{"value":1,"unit":"px"}"#),
        TokenInput(path: "t", value: value),
      ], intoSet: "base", source: nil)
    let indexed = try store.query(
      "SELECT path FROM token INDEXED BY token_with_reference WHERE value GLOB '*{[^\"}]*'"
    ).compactMap { $0["path"] ?? nil }
    #expect(indexed == (refers ? ["t"] : []))
    #expect(try store.referencingTokenValues().map(\.path) == (refers ? ["t"] : []))
  }
}
