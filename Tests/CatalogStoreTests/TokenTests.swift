import Foundation
import Testing

@testable import CatalogStore

@Suite struct TokenTests {
  @Test func importCountsAddedChangedAndUnchanged() throws {
    let store = try CatalogStore(path: ":memory:")
    let first = try store.importTokens(
      Fixtures.coreTokens, intoSet: "core", source: "core.tokens.json")
    #expect(first == TokenImportSummary(set: "core", added: 3, changed: 0, unchanged: 0))
    var tokens = Fixtures.coreTokens
    tokens[0].value = #"{"value": 9, "unit": "px"}"#
    tokens[0].resolvedPoints = 9
    tokens.append(TokenInput(path: "space.lg", type: "dimension", value: "24", resolvedPoints: 24))
    let second = try store.importTokens(tokens, intoSet: "core", source: nil)
    #expect(second == TokenImportSummary(set: "core", added: 1, changed: 1, unchanged: 2))
    let stored = try store.tokens(inSet: "core")
    #expect(stored.map(\.path) == ["base.size.8", "space.sm", "space.md", "space.lg"])
    #expect(stored.map(\.revision) == [2, 1, 1, 1])
    #expect(stored[2] == TokenRecord(set: "core", input: Fixtures.coreTokens[2], revision: 1))
    let history = try store.query(
      "SELECT path, revision, value, change FROM token_revision ORDER BY path, revision")
    #expect(history.count == 5)
    #expect(history.first?["change"] == .some("create"))
    #expect(
      history.filter { $0["path"] == .some("base.size.8") }.map { $0["change"] }
        == [.some("create"), .some("update")])
    let sets = try store.tokenSets()
    #expect(
      sets == [
        TokenSetRecord(
          name: "core", description: nil, precedence: 1, source: "core.tokens.json", tokenCount: 4)
      ])
  }

  @Test("a path given twice in one import: the later wins, each change is a revision")
  func aPathGivenTwiceInOneImport() throws {
    let store = try CatalogStore(path: ":memory:")
    let a = TokenInput(path: "space.sm", type: "dimension", value: "4", resolvedPoints: 4)
    var b = a
    b.value = "6"
    b.resolvedPoints = 6
    // New path twice, then the same value again: added once, changed once, unchanged once.
    let first = try store.importTokens([a, b, b], intoSet: "core", source: nil)
    #expect(first == TokenImportSummary(set: "core", added: 1, changed: 1, unchanged: 1))
    // A stored path twice: compared with the row as this import wrote it.
    let second = try store.importTokens([a, a, b], intoSet: "core", source: nil)
    #expect(second == TokenImportSummary(set: "core", added: 0, changed: 2, unchanged: 1))
    let stored = try store.tokens(inSet: "core")
    #expect(stored.map(\.value) == ["6"])
    #expect(stored.map(\.revision) == [4])
    let history = try store.query(
      "SELECT revision, value, change FROM token_revision ORDER BY revision")
    #expect(
      history.map { $0["change"] } == [
        .some("create"), .some("update"), .some("update"), .some("update"),
      ])
    #expect(history.map { $0["value"] } == [.some("4"), .some("6"), .some("4"), .some("6")])
  }

  @Test func laterSetsWinInResolvedTokens() throws {
    let store = try CatalogStore(path: ":memory:")
    try store.importTokens(Fixtures.coreTokens, intoSet: "core", source: nil)
    try store.importTokens(
      [
        TokenInput(
          path: "space.sm", type: "dimension", value: "10", resolvedValue: "10", resolvedPoints: 10)
      ],
      intoSet: "brand", source: "brand.json", description: "Brand overrides")
    #expect(try store.tokenSets().map(\.name) == ["core", "brand"])
    #expect(try store.tokenSets().map(\.precedence) == [1, 2])
    let resolved = try store.resolvedTokens()
    #expect(resolved.count == 3)
    #expect(resolved["space.sm"]?.set == "brand")
    #expect(resolved["space.sm"]?.resolvedPoints == 10)
    #expect(resolved["space.md"]?.set == "core")
    #expect(try store.tokens(inSet: nil).map(\.set) == ["core", "core", "core", "brand"])
    // Re-importing core does not change precedence.
    try store.importTokens(Fixtures.coreTokens, intoSet: "core", source: nil)
    #expect(try store.resolvedTokens()["space.sm"]?.set == "brand")
  }

  @Test func aBadTokenRollsBackTheWholeImport() throws {
    let store = try CatalogStore(path: ":memory:")
    var tokens = Fixtures.coreTokens
    tokens.append(TokenInput(path: "space.$bad", value: "1"))
    #expect {
      try store.importTokens(tokens, intoSet: "core", source: nil)
    } throws: { error in
      (error as? StoreError)?.description.contains("token_path_is_dotted_names") == true
    }
    #expect(try store.tokenSets().isEmpty)
    #expect(try store.query("SELECT count(*) AS n FROM token_revision").first?["n"] == .some("0"))
    #expect(throws: StoreError.notFound(kind: "token set", name: "core")) {
      _ = try store.tokens(inSet: "core")
    }
    for (token, constraint) in [
      (TokenInput(path: "a", value: "{oops"), "token_value_is_json"),
      (TokenInput(path: "a", value: "1", deprecated: "[]"), "token_deprecated_is_boolean_or_text"),
      (TokenInput(path: "a", value: "1", extensions: "1"), "token_extensions_is_json_object"),
      (TokenInput(path: "a..b", value: "1"), "token_path_is_dotted_names"),
      (TokenInput(path: "{a}", value: "1"), "token_path_is_dotted_names"),
    ] {
      #expect {
        try store.importTokens([token], intoSet: "core", source: nil)
      } throws: { error in
        (error as? StoreError)?.description.contains(constraint) == true
      }
    }
  }
}
