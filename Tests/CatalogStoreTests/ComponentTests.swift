import Foundation
import Testing

@testable import CatalogStore

@Suite struct ComponentTests {
  @Test func savingCreatesAndUpdatesWithRevisions() throws {
    let store = try CatalogStore(path: ":memory:")
    #expect(try store.saveComponent(Fixtures.trackRow, expectedRevision: 0) == 1)
    var input = Fixtures.trackRow
    input.description = "Changed."
    input.parameters.removeLast()
    #expect(try store.saveComponent(input, expectedRevision: 1) == 2)
    let stored = try #require(try store.component(named: "TrackRow"))
    #expect(stored.revision == 2)
    #expect(stored.description == "Changed.")
    #expect(stored.definition == Fixtures.trackRowDefinition)
    #expect(stored.createdAt.hasSuffix("Z") && stored.createdAt.contains("T"))
    // Child rows are replaced, not added to.
    #expect(
      try store.query("SELECT count(*) AS n FROM component_parameter").first?["n"] == .some("1"))
    #expect(try store.query("SELECT count(*) AS n FROM component_length").first?["n"] == .some("3"))
    #expect(try store.componentHistory(named: "TrackRow").map(\.change) == ["create", "update"])
  }

  @Test func componentsAreSortedByName() throws {
    let store = try CatalogStore(path: ":memory:")
    try store.saveComponent(Fixtures.vsStack, expectedRevision: 0)
    try store.saveComponent(Fixtures.trackRow, expectedRevision: 0)
    try store.saveComponent(Fixtures.card, expectedRevision: 0)
    #expect(try store.components().map(\.name) == ["Card", "TrackRow", "VSStack"])
    #expect(try store.component(named: "Nope") == nil)
  }

  @Test func creatingAnExistingComponentIsRefused() throws {
    let store = try CatalogStore(path: ":memory:")
    try store.saveComponent(Fixtures.vsStack, expectedRevision: 0)
    for expected in [0, nil] as [Int?] {
      #expect(throws: StoreError.alreadyExists(kind: "component", name: "VSStack")) {
        try store.saveComponent(Fixtures.vsStack, expectedRevision: expected)
      }
    }
  }

  @Test func aStaleRevisionIsAConflict() throws {
    let store = try CatalogStore(path: ":memory:")
    try store.saveComponent(Fixtures.trackRow, expectedRevision: 0)
    try store.saveComponent(Fixtures.trackRow, expectedRevision: 1)
    let stale = StoreError.conflict(name: "TrackRow", expected: 1, actual: 2)
    #expect(throws: stale) { try store.saveComponent(Fixtures.trackRow, expectedRevision: 1) }
    #expect(
      stale.description
        == "component 'TrackRow' was changed by someone else (you edited revision 1, it is now at 2)"
    )
    #expect(throws: StoreError.conflict(name: "Missing", expected: 3, actual: 0)) {
      var input = Fixtures.vsStack
      input.name = "Missing"
      try store.saveComponent(input, expectedRevision: 3)
    }
    #expect(try store.component(named: "TrackRow")?.revision == 2)
  }

  @Test func aFailedSaveLeavesThePreviousRevisionIntact() throws {
    let store = try CatalogStore(path: ":memory:")
    try store.saveComponent(Fixtures.trackRow, expectedRevision: 0)
    let before = try store.query("SELECT * FROM component_summary")
    var bad = Fixtures.trackRow
    bad.definition = #"{"name": "TrackRow", "body": {"type": "Text"}}"#
    bad.lengths.append(
      LengthRecord(jsonPath: "body.x", property: "spacing", source: .literal))  // no points
    #expect {
      try store.saveComponent(bad, expectedRevision: 1)
    } throws: { error in
      (error as? StoreError)?.description.contains("component_length_literal_has_points") == true
    }
    let after = try #require(try store.component(named: "TrackRow"))
    #expect(after.revision == 1)
    #expect(after.definition == Fixtures.trackRowDefinition)
    #expect(try store.query("SELECT * FROM component_summary") == before)
    #expect(try store.componentHistory(named: "TrackRow").count == 1)
    #expect(try store.query("SELECT count(*) AS n FROM component_length").first?["n"] == .some("3"))
    // The connection is usable afterwards: no transaction was left open.
    #expect(!store.connection.isInTransaction)
    #expect(try store.saveComponent(Fixtures.trackRow, expectedRevision: 1) == 2)
  }

  @Test func aFailedCreateLeavesNothingBehind() throws {
    let store = try CatalogStore(path: ":memory:")
    var bad = Fixtures.trackRow
    bad.parameters.append(ParameterRecord(name: "title", type: "string"))  // duplicate
    #expect {
      try store.saveComponent(bad, expectedRevision: 0)
    } throws: { error in
      (error as? StoreError)?.description.contains("same name") == true
    }
    #expect(try store.components().isEmpty)
    #expect(
      try store.query("SELECT count(*) AS n FROM component_revision").first?["n"] == .some("0"))
  }

  @Test func constraintsRefuseBadInputAndNameTheCheck() throws {
    let store = try CatalogStore(path: ":memory:")
    let cases: [(ComponentInput, String)] = [
      (ComponentInput(name: "9Lives", definition: "{}"), "component_name_is_identifier"),
      (ComponentInput(name: "Track Row", definition: "{}"), "component_name_is_identifier"),
      (
        ComponentInput(name: String(repeating: "A", count: 129), definition: "{}"),
        "component_name_is_identifier"
      ),
      (
        ComponentInput(name: "Broken", definition: "{not json"),
        "component_definition_is_json_object"
      ),
      (ComponentInput(name: "Listy", definition: "[1, 2]"), "component_definition_is_json_object"),
      (
        ComponentInput(
          name: "BadParam", definition: "{}",
          parameters: [ParameterRecord(name: "x", type: "string", defaultValue: "Untitled")]),
        "component_parameter_default_value_is_json"
      ),
      (
        ComponentInput(name: "BadVariant", definition: "{}").adding(
          variant: "v", arguments: "[]"),
        "component_variant_arguments_is_json_object"
      ),
      (
        ComponentInput(
          name: "BadLength", definition: "{}",
          lengths: [
            LengthRecord(jsonPath: "a", property: "spacing", source: .token, literalPoints: 4)
          ]),
        "component_length_literal_has_points"
      ),
    ]
    for (input, constraint) in cases {
      var thrown: StoreError?
      do {
        try store.saveComponent(input, expectedRevision: 0)
      } catch {
        thrown = error
      }
      guard case .sqlite(let code, let extended, let message, _) = thrown else {
        Issue.record("\(input.name): expected an SQLite error, got \(String(describing: thrown))")
        continue
      }
      #expect(code == 19)  // SQLITE_CONSTRAINT
      #expect(extended == 275)  // SQLITE_CONSTRAINT_CHECK
      #expect(message == "CHECK constraint failed: \(constraint)")
      #expect(thrown?.description.contains(constraint) == true)
      #expect(thrown?.description.hasPrefix("SQLite") == false)  // described in words
    }
    #expect(try store.components().isEmpty)
    #expect(
      try store.query("SELECT count(*) AS n FROM component_revision").first?["n"] == .some("0"))
  }

  @Test func rawSQLCannotBreakTheSchemaEither() throws {
    let store = try CatalogStore(path: ":memory:")
    #expect {
      try store.execute(
        "INSERT INTO component (name, definition, revision) VALUES ('ok', 'nope', 1)")
    } throws: { error in
      (error as? StoreError)?.description.contains("component_definition_is_json_object") == true
    }
    #expect {
      try store.execute(
        "INSERT INTO component (name, definition, revision) VALUES ('ok', '{}', 'one')")
    } throws: { error in
      // STRICT: a text revision is refused, not converted.
      guard case .sqlite(19, let extended, _, _) = error as? StoreError else { return false }
      return extended == 3091  // SQLITE_CONSTRAINT_DATATYPE
    }
    #expect {
      try store.execute(
        "INSERT INTO component_parameter (component_id, position, name, type) VALUES (99, 0, 'x', 't')"
      )
    } throws: { error in
      // Foreign keys are on.
      guard case .sqlite(19, let extended, _, _) = error as? StoreError else { return false }
      return extended == 787  // SQLITE_CONSTRAINT_FOREIGNKEY
    }
    // Double-quoted strings are identifiers, not strings (DQS is off).
    #expect(throws: StoreError.self) {
      try store.execute("INSERT INTO platform VALUES (\"web\", 8, 16, 1)")
    }
  }

  @Test func removalKeepsTheHistory() throws {
    let store = try CatalogStore(path: ":memory:")
    try store.saveComponent(Fixtures.vsStack, expectedRevision: 0)
    try store.saveComponent(Fixtures.vsStack, expectedRevision: 1)
    try store.removeComponent(named: "VSStack")
    #expect(try store.component(named: "VSStack") == nil)
    #expect(
      try store.query("SELECT count(*) AS n FROM component_parameter").first?["n"] == .some("0"))
    let history = try store.componentHistory(named: "VSStack")
    #expect(history.map(\.revision) == [1, 2, 3])
    #expect(history.map(\.change) == ["create", "update", "remove"])
    #expect(history.last?.definition == nil)
    #expect(history.first?.definition == Fixtures.vsStack.definition)
    // Created again: the numbers go on.
    #expect(try store.saveComponent(Fixtures.vsStack, expectedRevision: 0) == 4)
    #expect(try store.componentHistory(named: "VSStack").map(\.change).last == "create")
    #expect(throws: StoreError.notFound(kind: "component", name: "Nope")) {
      try store.removeComponent(named: "Nope")
    }
    #expect(throws: StoreError.notFound(kind: "component", name: "Nope")) {
      _ = try store.componentHistory(named: "Nope")
    }
  }

  @Test func aRevertIsRecordedAsSuch() throws {
    let store = try CatalogStore(path: ":memory:")
    try store.saveComponent(Fixtures.vsStack, expectedRevision: 0)
    try store.saveComponent(Fixtures.vsStack, expectedRevision: 1, isRevert: true)
    #expect(try store.componentHistory(named: "VSStack").map(\.change) == ["create", "revert"])
  }

  @Test func removingAComponentInUseIsRefusedUnlessForced() throws {
    let store = try CatalogStore(path: ":memory:")
    try store.saveComponent(Fixtures.vsStack, expectedRevision: 0)
    try store.saveComponent(Fixtures.trackRow, expectedRevision: 0)
    try store.saveComponent(Fixtures.card, expectedRevision: 0)
    let error = StoreError.inUse(name: "TrackRow", by: ["Card"])
    #expect(throws: error) { try store.removeComponent(named: "TrackRow") }
    #expect(error.description.contains("used by the component Card"))
    #expect(try store.component(named: "TrackRow") != nil)
    try store.removeComponent(named: "TrackRow", force: true)
    #expect(try store.component(named: "TrackRow") == nil)
    // Card's instance row stays and now names a missing component.
    #expect(
      try store.query("SELECT instance_of FROM component_instance").map { $0["instance_of"] }
        == [.some("TrackRow")])
  }

  @Test func inTransactionIsAllOrNothing() throws {
    struct Stop: Error, Equatable {}
    let store = try CatalogStore(path: ":memory:")
    #expect(throws: Stop()) {
      try store.inTransaction {
        try store.saveComponent(Fixtures.vsStack, expectedRevision: 0)
        try store.saveComponent(Fixtures.trackRow, expectedRevision: 0)
        throw Stop()
      }
    }
    #expect(try store.components().isEmpty)
    // An inner failure rolls back only its savepoint when the body catches it.
    let saved = try store.inTransaction { () throws -> Int in
      try store.saveComponent(Fixtures.vsStack, expectedRevision: 0)
      do {
        try store.saveComponent(ComponentInput(name: "9bad", definition: "{}"), expectedRevision: 0)
      } catch {}
      return try store.saveComponent(Fixtures.trackRow, expectedRevision: 0)
    }
    #expect(saved == 1)
    #expect(try store.components().map(\.name) == ["TrackRow", "VSStack"])
    #expect(!store.connection.isInTransaction)
  }
}
