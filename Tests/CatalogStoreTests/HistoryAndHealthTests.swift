import Foundation
import Testing

@testable import CatalogStore

/// `componentRevision`, `revertComponent` and `healthProblems` (issue 7).
@Suite struct HistoryAndHealthTests {
  @Test func oneRevisionIsReadByNumber() throws {
    let store = try CatalogStore(path: ":memory:")
    try store.saveComponent(Fixtures.vsStack, expectedRevision: 0)
    var changed = Fixtures.vsStack
    changed.description = "changed"
    try store.saveComponent(changed, expectedRevision: 1)
    #expect(try store.componentRevision(named: "VSStack", revision: 1).change == "create")
    #expect(try store.componentRevision(named: "VSStack", revision: 2).change == "update")
    #expect(throws: StoreError.notFound(kind: "revision 3 of component", name: "VSStack")) {
      try store.componentRevision(named: "VSStack", revision: 3)
    }
  }

  @Test func revertIsANewRevisionEvenForARemovedComponent() throws {
    let store = try CatalogStore(path: ":memory:")
    try store.saveComponent(Fixtures.vsStack, expectedRevision: 0)
    try store.removeComponent(named: "VSStack")
    let revision = try store.revertComponent(Fixtures.vsStack, expectedRevision: 0)
    #expect(revision == 3)
    #expect(
      try store.componentHistory(named: "VSStack").map(\.change) == ["create", "remove", "revert"])
    // A revert checks the revision it was made from, like any save.
    #expect(throws: StoreError.conflict(name: "VSStack", expected: 1, actual: 3)) {
      try store.revertComponent(Fixtures.vsStack, expectedRevision: 1)
    }
    #expect(try store.componentHistory(named: "VSStack").count == 3)
  }

  @Test func aHealthyCatalogHasNoProblems() throws {
    let store = try CatalogStore(path: ":memory:")
    try store.saveComponent(Fixtures.vsStack, expectedRevision: 0)
    #expect(try store.healthProblems() == [])
  }

  @Test func missingTokensComponentsAndAliasesAreReported() throws {
    let store = try CatalogStore(path: ":memory:")
    // TrackRow uses {space.sm} (no set defines it) and instances VSStack (not stored).
    try store.saveComponent(Fixtures.trackRow, expectedRevision: 0)
    try store.importTokens(
      [
        TokenInput(
          path: "space.md", type: "dimension", value: #""{space.base}""#, aliasOf: "space.base")
      ],
      intoSet: "spacing", source: nil)
    let problems = try store.healthProblems() + store.missingAliasProblems().map(\.problem)
    #expect(problems.map(\.check) == ["missing-token", "missing-component", "missing-alias"])
    #expect(problems[0].location == "TrackRow body.children[0].modifiers[0].padding.length")
    #expect(problems[0].message.contains("{space.sm}"))
    #expect(problems[1].message.contains("VSStack"))
    #expect(problems[2].location == "token space.md (set spacing)")
  }

  @Test func foreignKeyViolationsAreReported() throws {
    let store = try CatalogStore(path: ":memory:")
    try store.execute("PRAGMA foreign_keys = OFF")
    try store.execute(
      "INSERT INTO component_instance (component_id, json_path, instance_of) VALUES (99, 'body', 'X')"
    )
    let problems = try store.healthProblems()
    #expect(
      problems.contains { $0.check == "foreign-keys" && $0.location.contains("component_instance") }
    )
  }
}
