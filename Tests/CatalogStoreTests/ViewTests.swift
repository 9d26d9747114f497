import CatalogModel
import Foundation
import Testing

@testable import CatalogStore

@Suite struct ViewTests {
  static func catalog() throws -> CatalogStore {
    let store = try CatalogStore(path: ":memory:")
    try store.saveComponent(Fixtures.vsStack, expectedRevision: 0)
    try store.saveComponent(Fixtures.trackRow, expectedRevision: 0)
    try store.saveComponent(Fixtures.card, expectedRevision: 0)
    try store.importTokens(Fixtures.coreTokens, intoSet: "core", source: nil)
    try store.importTokens(
      [TokenInput(path: "space.sm", value: "10", resolvedPoints: 10)], intoSet: "brand", source: nil
    )
    return store
  }

  @Test func componentSummary() throws {
    let rows = try Self.catalog().query("SELECT * FROM component_summary")
    #expect(rows.map { $0["name"] } == [.some("Card"), .some("TrackRow"), .some("VSStack")])
    let trackRow = try #require(rows.first { $0["name"] == .some("TrackRow") })
    #expect(trackRow["parameters"] == .some(#"title: string = "Untitled", artist: string?"#))
    #expect(trackRow["parameter_count"] == .some("2"))
    #expect(trackRow["token_count"] == .some("1"))
    #expect(trackRow["instances"] == .some("VSStack"))
    #expect(trackRow["revision"] == .some("1"))
    #expect(trackRow["description"] == .some("A track's title over its artist."))
    let card = try #require(rows.first { $0["name"] == .some("Card") })
    #expect(card["parameters"] == .some(nil))
    #expect(card["parameter_count"] == .some("0"))
    #expect(card["token_count"] == .some("1"))
  }

  @Test func tokenUsageJoinsTheWinningSet() throws {
    let store = try Self.catalog()
    try store.saveComponent(
      ComponentInput(
        name: "Orphan", definition: "{}",
        lengths: [.token(jsonPath: "body.spacing", property: "spacing", path: "space.none")],
        tokens: [
          TokenUseRecord(
            jsonPath: "body.spacing", property: "spacing", tokenPath: "space.none", kind: .length)
        ]),
      expectedRevision: 0)
    let rows = try store.query(
      "SELECT component, token_path, json_path, property, token_set, resolved_points FROM token_usage"
    )
    #expect(rows.count == 4)
    let trackRow = try #require(rows.first { $0["component"] == .some("TrackRow") })
    #expect(trackRow["token_path"] == .some("space.sm"))
    #expect(trackRow["json_path"] == .some("body.children[0].modifiers[0].padding.length"))
    #expect(trackRow["property"] == .some("padding.bottom"))
    #expect(trackRow["token_set"] == .some("brand"))
    #expect(trackRow["resolved_points"] == .some("10.0"))
    let card = rows.filter { $0["component"] == .some("Card") }
    #expect(card.map { $0["property"] } == [.some("padding.bottom"), .some("padding.top")])
    #expect(
      card.allSatisfy { $0["resolved_points"] == .some("16.0") && $0["token_set"] == .some("core") }
    )
    let orphan = try #require(rows.first { $0["component"] == .some("Orphan") })
    #expect(orphan["token_set"] == .some(nil))
    #expect(orphan["resolved_points"] == .some(nil))
  }

  @Test func tokenResolved() throws {
    let rows = try Self.catalog().query("SELECT * FROM token_resolved")
    #expect(
      rows.map { $0["path"] } == [.some("base.size.8"), .some("space.md"), .some("space.sm")])
    let sm = try #require(rows.first { $0["path"] == .some("space.sm") })
    #expect(sm["token_set"] == .some("brand"))
    #expect(sm["value"] == .some("10"))
    let md = try #require(rows.first { $0["path"] == .some("space.md") })
    #expect(md["deprecated"] == .some(#""use space.lg""#))
    #expect(md["type"] == .some("dimension"))
    #expect(md["resolved_points"] == .some("16.0"))
  }

  @Test func hardCodedLength() throws {
    let rows = try Self.catalog().query("SELECT * FROM hard_coded_length")
    #expect(rows.count == 2)
    #expect(
      rows[0] == [
        "component": "TrackRow", "json_path": "body.children[1].modifiers[0].padding.length",
        "property": "padding.bottom", "points": "4.0",
      ])
    #expect(rows[1]["component"] == .some("VSStack"))
  }

  @Test func platformIsSeeded() throws {
    let store = try CatalogStore(path: ":memory:")
    #expect(
      try store.platform(named: "ios")
        == Platform(name: "ios", defaultSpacing: 8, defaultPadding: 16, displayScale: 3))
    #expect(try store.platform(named: "android") == nil)
  }
}
