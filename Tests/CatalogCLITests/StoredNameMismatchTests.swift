import Foundation
import Testing

/// Review 22: a row whose stored definition names another component (`Swatch`'s row holding
/// `"name": "Tint4"`, written at the `sqlite3` prompt) was read as Tint4, so `export` wrote
/// one `Tint4.json` for two rows and lost Swatch with exit 0, `site` had no Swatch page and
/// `serve` listed Tint4 twice. It is a damaged definition (`CatalogService.parseOrDamage`,
/// the one rule), in every command that reads the stored definitions.
@Suite struct StoredNameMismatchTests {
  static func catalog() throws -> Sandbox? {
    let s = try Sandbox()
    let add = s.run([
      "add",
      try s.write("Swatch.json", #"{"name": "Swatch", "body": {"type": "Color", "color": "red"}}"#),
      try s.write("Tint4.json", #"{"name": "Tint4", "body": {"type": "Color", "color": "blue"}}"#),
    ])
    #expect(add.status == 0, "\(add.err)")
    guard
      try sqlite3(
        s.db,
        #"UPDATE component SET definition = json_set(definition, '$.name', 'Tint4') WHERE name = 'Swatch'"#
      ) != nil
    else {
      Issue.record("the sqlite3 shell is needed (Debian: sqlite3)")
      return nil
    }
    return s
  }

  static let reason = "the stored definition is named 'Tint4', but its row is 'Swatch'"

  @Test func exportRefusesAndSkipDamagedKeepsTheOther() throws {
    guard let s = try Self.catalog() else { return }
    let export = s.run(["export", s.path("out")])
    #expect(export.status == 1, "\(export.out)")
    #expect(export.err.contains("components/Swatch.json"), "\(export.err)")
    #expect(export.err.contains(Self.reason), "\(export.err)")
    #expect(!FileManager.default.fileExists(atPath: s.path("out/components/Tint4.json")))
    let skip = s.run(["export", s.path("out2"), "--skip-damaged"])
    #expect(skip.status == 1, "\(skip.out)")
    #expect(skip.err.contains("Swatch: left out (--skip-damaged)"), "\(skip.err)")
    let written = try FileManager.default.contentsOfDirectory(atPath: s.path("out2/components"))
    #expect(written == ["Tint4.json"], "\(written)")
    let tint = try String(contentsOfFile: s.path("out2/components/Tint4.json"), encoding: .utf8)
    #expect(tint.contains("blue"), "the row's own Tint4, not Swatch's: \(tint)")
  }

  @Test func doctorLintRenderAndSwiftUISayItIsDamaged() throws {
    guard let s = try Self.catalog() else { return }
    let doctor = s.run(["doctor"])
    #expect(doctor.status == 1)
    #expect(doctor.out.contains("definition: Swatch: name: "), "\(doctor.out)")
    #expect(doctor.out.contains(Self.reason), "\(doctor.out)")
    let lint = s.run(["lint"])
    #expect(lint.status == 1)
    #expect(lint.out.contains("error[damaged-definition]: Swatch"), "\(lint.out)")
    let render = s.run(["render", "Swatch"])
    #expect(render.status == 1)
    #expect(render.err.contains(Self.reason), "\(render.err)")
    // Tint4 is sound, and its SwiftUI output does not need Swatch.
    #expect(s.run(["render", "Tint4"]).status == 0)
    let swiftui = s.run(["render", "Tint4", "--format", "swiftui"])
    #expect(swiftui.status == 0, "\(swiftui.err)")
    #expect(swiftui.out.contains("struct Tint4: View"), "\(swiftui.out)")
    let site = s.run(["site", s.path("site")])
    #expect(site.status == 1)
    #expect(site.err.contains("Swatch"), "\(site.err)")
  }
}
