import CatalogServer
import Foundation
import Testing

/// Review 19: `lint`, `site` and `export` stopped entirely at the first stored definition that
/// no longer parses (`doctor` lists them all). Each now names every damaged definition as an
/// error and goes on with the rest (exit status 1); `export` refuses unless `--skip-damaged`,
/// since a folder without the component would lose it.
@Suite struct DamagedDefinitionTests {
  /// The example catalog with AvatarRow's and TrackRow's stored definitions broken by hand,
  /// or nil (with an issue recorded) when the sqlite3 shell is missing.
  func damagedCatalog() throws -> Sandbox? {
    let s = try Sandbox.withExamples()
    for name in ["AvatarRow", "TrackRow"] {
      guard
        try sqlite3(
          s.db,
          #"UPDATE component SET definition = '{"name": "\#(name)", "body": {"type": "Text", "padding": 3}}' WHERE name = '\#(name)'"#
        ) != nil
      else {
        Issue.record("the sqlite3 shell is needed (Debian: sqlite3)")
        return nil
      }
    }
    return s
  }

  @Test func lintNamesEveryDamagedDefinitionAndLintsTheRest() throws {
    guard let s = try damagedCatalog() else { return }
    let r = s.run(["lint", "--verbose"])
    #expect(r.status == 1, "\(r.err)")
    for name in ["AvatarRow", "TrackRow"] {
      #expect(
        r.out.contains(
          "error[damaged-definition]: \(name): body.padding: \(name) is stored but damaged: the stored definition no longer parses at body.padding"
        ),
        "\(r.out)")
    }
    // The others were linted: AlbumCard's variants, which instance TrackRow, fail.
    #expect(r.out.contains("error[variant-fails]: AlbumCard:"), "\(r.out)")
    let one = s.run(["lint", "TrackRow"])
    #expect(one.status == 1)
    #expect(one.out.contains("error[damaged-definition]: TrackRow:"), "\(one.out)")
    #expect(!one.out.contains("AvatarRow"), "\(one.out)")
    #expect(!one.err.contains("no component"), "\(one.err)")
  }

  @Test func siteWritesTheRestAndNamesEachDamagedDefinition() throws {
    guard let s = try damagedCatalog() else { return }
    let out = s.path("site")
    let r = s.run(["site", out])
    #expect(r.status == 1, "\(r.err)")
    for name in ["AvatarRow", "TrackRow"] {
      #expect(
        r.err.contains("Error: \(name): body.padding: \(name) is stored but damaged"), "\(r.err)")
      #expect(!FileManager.default.fileExists(atPath: out + "/components/\(name).html"))
    }
    #expect(FileManager.default.fileExists(atPath: out + "/components/AlbumCard.html"))
    #expect(FileManager.default.fileExists(atPath: out + "/index.html"))
  }

  @Test func exportRefusesNamingEveryDamagedDefinitionAndWritesNothing() throws {
    guard let s = try damagedCatalog() else { return }
    let out = s.path("folder")
    let r = s.run(["export", out])
    #expect(r.status == 1)
    for name in ["AvatarRow", "TrackRow"] {
      #expect(
        r.err.contains(
          "components/\(name).json: \(name) is stored but damaged: the stored definition no longer parses at body.padding"
        ),
        "\(r.err)")
    }
    #expect(r.err.contains("--skip-damaged"), "\(r.err)")
    #expect(!FileManager.default.fileExists(atPath: out + "/catalog.json"))
  }

  @Test func exportSkippingDamagedKeepsTheirFilesAndFails() throws {
    let s = try Sandbox.withExamples()
    let out = s.path("folder")
    #expect(s.run(["export", out]).status == 0)
    let before = try String(contentsOfFile: out + "/components/TrackRow.json", encoding: .utf8)
    guard
      try sqlite3(
        s.db,
        #"UPDATE component SET definition = '{"name": "TrackRow", "body": 3}' WHERE name = 'TrackRow'"#
      ) != nil
    else {
      Issue.record("the sqlite3 shell is needed (Debian: sqlite3)")
      return
    }
    let r = s.run(["export", out, "--skip-damaged"])
    #expect(r.status == 1, "\(r.err)")
    #expect(r.err.contains("Error: TrackRow: left out (--skip-damaged)"), "\(r.err)")
    // Not removed as stale: the folder still has the component.
    #expect(
      try String(contentsOfFile: out + "/components/TrackRow.json", encoding: .utf8) == before)
    #expect(FileManager.default.fileExists(atPath: out + "/components/AlbumCard.json"))
  }

  @Test func aSwiftUIExportSkippingDamagedRemovesNoEarlierFile() throws {
    let s = try Sandbox.withExamples()
    let out = s.path("package")
    #expect(s.run(["export", out, "--format", "swiftui"]).status == 0)
    let file = out + "/Sources/CatalogComponents/SettingsScreen.swift"
    #expect(FileManager.default.fileExists(atPath: file))
    guard
      try sqlite3(
        s.db,
        #"UPDATE component SET definition = '{"name": "SettingsScreen", "body": 3}' WHERE name = 'SettingsScreen'"#
      ) != nil
    else {
      Issue.record("the sqlite3 shell is needed (Debian: sqlite3)")
      return
    }
    // (SettingsScreen: no other component instances it, so the package of the rest holds.)
    let refused = s.run(["export", out, "--format", "swiftui"])
    #expect(refused.status == 1)
    #expect(refused.err.contains("components/SettingsScreen.json"), "\(refused.err)")
    let r = s.run(["export", out, "--format", "swiftui", "--skip-damaged"])
    #expect(r.status == 1, "\(r.err)")
    #expect(r.err.contains("Error: SettingsScreen: left out (--skip-damaged)"), "\(r.err)")
    #expect(FileManager.default.fileExists(atPath: file))
  }

  /// `serve` refused to start (and answered 503 everywhere once a row was damaged while it
  /// ran) with export's message: it now leaves the damaged components out, names each in
  /// its log, and serves the rest (review 21).
  @Test func serveLeavesDamagedDefinitionsOutAndServesTheRest() throws {
    guard let s = try damagedCatalog() else { return }
    let lines = Lines()
    let server = try CatalogServer(.init(databasePath: s.db, port: 0)) { lines.append($0) }
    try server.start()
    defer { server.stop() }
    #expect(server.response(method: "GET", path: "/api/components", query: [:]).status == 200)
    #expect(
      server.response(method: "GET", path: "/render/OptionalStack.svg", query: [:]).status == 200)
    let logged = lines.all.joined(separator: "\n")
    for name in ["AvatarRow", "TrackRow"] {
      #expect(
        logged.contains("warning: \(name): left out: \(name) is stored but damaged"),
        "\(logged)")
    }
  }
}

/// Log lines collected from the server's threads.
private final class Lines: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []
  func append(_ line: String) { lock.withLock { lines.append(line) } }
  var all: [String] { lock.withLock { lines } }
}
