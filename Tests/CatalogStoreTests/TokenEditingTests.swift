import Foundation
import Testing

@testable import CatalogStore

/// Set precedence, token removal and renaming with revisions, history, resolver documents,
/// and import → read → import leaving the catalog unchanged.
@Suite struct TokenEditingTests {
  static func store() throws -> CatalogStore {
    let store = try CatalogStore(path: ":memory:")
    try store.importTokens(Fixtures.coreTokens, intoSet: "core", source: "core.tokens.json")
    try store.importTokens(
      [
        TokenInput(
          path: "space.md", type: "dimension", value: #"{"value":12,"unit":"px"}"#,
          resolvedPoints: 12)
      ], intoSet: "compact", source: nil)
    try store.importTokens(
      [
        TokenInput(
          path: "space.xl", type: "dimension", value: #"{"value":40,"unit":"px"}"#,
          resolvedPoints: 40)
      ], intoSet: "brand", source: nil)
    return store
  }

  @Test(arguments: [
    ("core", 2, ["compact", "brand", "core"]), ("brand", 0, ["brand", "core", "compact"]),
    ("compact", 99, ["core", "brand", "compact"]),
  ])
  func setsCanBeReordered(_ set: String, _ position: Int, _ order: [String]) throws {
    let store = try Self.store()
    #expect(try store.moveTokenSet(set, to: position) == order)
    #expect(try store.tokenSets().map(\.name) == order)
    #expect(try store.tokenSets().map(\.precedence) == [1, 2, 3])
    // The winner of space.md follows the order.
    let winner = order.last { $0 == "core" || $0 == "compact" }
    #expect(try store.resolvedTokens()["space.md"]?.set == winner)
  }

  @Test func movingAnUnknownSetIsNotFound() throws {
    #expect(throws: StoreError.notFound(kind: "token set", name: "nope")) {
      try Self.store().moveTokenSet("nope", to: 0)
    }
  }

  @Test func removeKeepsARevision() throws {
    let store = try Self.store()
    #expect(try store.removeToken("space.md", inSet: "compact") == ["compact"])
    #expect(try store.resolvedTokens()["space.md"]?.set == "core")
    let history = try store.tokenHistory("space.md")
    #expect(history.filter { $0.set == "compact" }.map(\.change) == ["create", "remove"])
    #expect(throws: StoreError.self) { try store.removeToken("space.none", inSet: nil) }
  }

  @Test func renameRewritesAliasesInOneTransaction() throws {
    let store = try Self.store()
    try store.importTokens(
      [TokenInput(path: "gap", type: "dimension", value: #""{space.md}""#, aliasOf: "space.md")],
      intoSet: "core", source: nil)
    let (renamed, rewritten) = try store.renameToken("space.md", to: "space.medium")
    #expect(renamed == 2)
    #expect(rewritten == 1)
    let gap = try #require(try store.tokens(inSet: "core").first { $0.path == "gap" })
    #expect(gap.value == #""{space.medium}""#)
    #expect(gap.aliasOf == "space.medium")
    #expect(gap.revision == 2)
    #expect(try store.tokens(inSet: nil).contains { $0.path == "space.md" } == false)
    #expect(try store.tokenHistory("space.medium").map(\.change) == ["create", "create"])
    // A clash refuses the whole rename.
    try store.importTokens(
      [TokenInput(path: "space.sm2", type: "dimension", value: "1")], intoSet: "core", source: nil)
    #expect(throws: StoreError.self) { try store.renameToken("space.sm", to: "space.sm2") }
    #expect(try store.tokens(inSet: "core").contains { $0.path == "space.sm" })
  }

  @Test func importThenReimportIsUnchanged() throws {
    let store = try Self.store()
    let before = try store.tokens(inSet: "core")
    let summary = try store.importTokens(before.map(\.input), intoSet: "core", source: nil)
    #expect(summary.added == 0 && summary.changed == 0 && summary.unchanged == before.count)
    #expect(try store.tokens(inSet: "core") == before)
  }

  @Test func resolverDocumentsAreStoredWithModifiersAndContexts() throws {
    let store = try Self.store()
    var density = ResolverModifierRecord(name: "density", defaultContext: "comfortable")
    density.appendContext(named: "comfortable", tokenCount: 0)
    density.appendContext(named: "compact", tokenCount: 3)
    let input = ResolverDocumentInput(
      name: "app", description: "Modes.", document: #"{"version":"2025.10","resolutionOrder":[]}"#,
      source: "app.resolver.json", modifiers: [density])
    #expect(try store.saveResolverDocument(input) == 1)
    // The same document again writes no revision (review 23); a changed one does.
    #expect(try store.saveResolverDocument(input) == 1)
    var changed = input
    changed.description = "Density modes."
    #expect(try store.saveResolverDocument(changed) == 2)
    let stored = try store.resolverDocuments()
    #expect(stored == [ResolverDocumentRecord(input: changed, revision: 2)])
    let rows = try store.query(
      "SELECT resolver, modifier, contexts, default_context FROM resolver_input")
    #expect(rows.first?["contexts"] == .some("comfortable, compact"))
    #expect(throws: StoreError.self) {
      var bad = input
      bad.name = "old"
      bad.version = "2024.01"
      try store.saveResolverDocument(bad)
    }
    try store.removeResolverDocument(named: "app")
    #expect(try store.resolverDocuments().isEmpty)
    #expect(try store.query("SELECT count(*) AS n FROM resolver_context").first?["n"] == .some("0"))
  }
}
