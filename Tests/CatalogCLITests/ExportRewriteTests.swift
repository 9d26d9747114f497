import Foundation
import Testing

/// `export DIR` rewrites a folder it wrote even when a file there is missing or damaged,
/// never deletes a file it did not write, and its refusals name what works for `export`
/// (fresh-user review, items 1 and 2).
@Suite struct ExportRewriteTests {
  /// The example catalog exported to `out`, with a lint rule set in its manifest.
  static func exported() throws -> Sandbox {
    let s = try Sandbox()
    #expect(s.run(["init", "--example"]).status == 0)
    let export = s.run(["export", s.path("out")])
    #expect(export.status == 0, "\(export.err)")
    let manifest = s.path("out/catalog.json")
    let text = try String(contentsOfFile: manifest, encoding: .utf8)
    try text.replacingOccurrences(
      of: "\"rules\": []", with: "\"rules\": [\n      \"my-rule\"\n    ]"
    )
    .write(toFile: manifest, atomically: true, encoding: .utf8)
    return s
  }

  /// The first token file of `out/tokens`, relative to `out`.
  static func firstTokenFile(_ s: Sandbox) throws -> String {
    let names = try FileManager.default.contentsOfDirectory(atPath: s.path("out/tokens"))
    return "tokens/" + (try #require(names.filter { $0.hasSuffix(".tokens.json") }.sorted().first))
  }

  /// Damages the folder as a user might: a listed token file removed, a component file cut
  /// short, a stray file of the user's beside them.
  static func damage(_ s: Sandbox) throws -> (tokenFile: String, component: String) {
    let tokenFile = try firstTokenFile(s)
    try FileManager.default.removeItem(atPath: s.path("out/\(tokenFile)"))
    let components = try FileManager.default.contentsOfDirectory(atPath: s.path("out/components"))
    let component = "components/" + (try #require(components.sorted().first))
    try s.write("out/\(component)", "{\"name\": ")
    try s.write("out/components/notes.txt", "mine")
    return (tokenFile, component)
  }

  @Test("export rewrites its own folder when a listed file is missing or damaged")
  func rewritesDamagedFolder() throws {
    let s = try Self.exported()
    let before = try String(contentsOfFile: s.path("out/catalog.json"), encoding: .utf8)
    let (tokenFile, component) = try Self.damage(s)
    // The folder no longer reads: import names the missing file.
    #expect(s.run(["check", s.path("out")]).status == 1)
    let r = s.run(["export", s.path("out")])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("2 written"), "\(r.out)")
    #expect(FileManager.default.fileExists(atPath: s.path("out/\(tokenFile)")))
    let text = try String(contentsOfFile: s.path("out/\(component)"), encoding: .utf8)
    #expect(text.hasSuffix("}\n"), "\(text)")
    // The user's file is left alone, and the folder's lint settings kept.
    #expect(FileManager.default.fileExists(atPath: s.path("out/components/notes.txt")))
    #expect(try String(contentsOfFile: s.path("out/catalog.json"), encoding: .utf8) == before)
    #expect(s.run(["import", s.path("out"), "--dry-run"]).status == 0)
  }

  @Test("the built binary rewrites a damaged folder too (exit 0)")
  func rewritesDamagedFolderBinary() throws {
    let binary = try #require(builtBinary, "build with 'swift build --build-tests'")
    let s = try Self.exported()
    _ = try Self.damage(s)
    let r = try runBinary(binary, ["--db", s.db, "export", "out"], in: s.url, deadline: 60)
    #expect(r.status == 0, "\(r.err)")
    #expect(r.err.isEmpty, "\(r.err)")
  }

  @Test("a catalog.json export did not write is refused, and nothing is removed")
  func foreignManifestRefused() throws {
    let s = try Self.exported()
    try s.write("out/catalog.json", #"{"format": "something-else", "formatVersion": 1}"#)
    let stale = try s.write(
      "out/components/Old.json", #"{"name": "Old", "body": {"type": "Text"}}"#)
    let r = s.run(["export", s.path("out")])
    #expect(r.status == 1)
    #expect(r.err.contains("catalog.json: format: expected \"catalog-folder\""), "\(r.err)")
    #expect(r.err.contains("remove it, or export to another folder"), "\(r.err)")
    #expect(FileManager.default.fileExists(atPath: stale))
  }

  @Test("a manifest leading outside is refused with advice for export, not an import option")
  func manifestSymlinkAdvice() throws {
    let s = try Self.exported()
    let secret = try s.write("secret.json", "SECRET-CONTENT 42")
    try FileManager.default.removeItem(atPath: s.path("out/catalog.json"))
    try FileManager.default.createSymbolicLink(
      atPath: s.path("out/catalog.json"), withDestinationPath: secret)
    for r in [
      s.run(["export", s.path("out")]),
      try runBinary(
        try #require(builtBinary, "build with 'swift build --build-tests'"),
        ["--db", s.db, "export", "out"], in: s.url, deadline: 60),
    ] {
      #expect(r.status == 1)
      #expect(r.err.contains("catalog.json: it leads outside the folder"), "\(r.err)")
      #expect(!r.err.contains("--allow-outside-refs"), "\(r.err)")
      #expect(r.err.contains("or export to another folder"), "\(r.err)")
      #expect(!r.err.contains("SECRET"), "\(r.err)")
    }
    #expect(try String(contentsOfFile: secret, encoding: .utf8) == "SECRET-CONTENT 42")
  }

  @Test("a component file leading outside no longer stops export, and is not removed")
  func componentSymlinkIsNotRemoved() throws {
    let s = try Self.exported()
    let secret = try s.write("secret.json", "SECRET-CONTENT 42")
    try FileManager.default.createSymbolicLink(
      atPath: s.path("out/components/Leak.json"), withDestinationPath: secret)
    let r = s.run(["export", s.path("out")])
    #expect(r.status == 0, "\(r.err)")
    #expect(!r.err.contains("--allow-outside-refs"), "\(r.err)")
    #expect(
      (try? FileManager.default.destinationOfSymbolicLink(
        atPath: s.path("out/components/Leak.json")))
        == secret)
  }

  @Test("a catalog folder leading outside is refused: export writes only inside its folder")
  func folderSymlinkRefused() throws {
    let s = try Self.exported()
    let elsewhere = s.path("elsewhere")
    try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
    let theirs = try s.write("elsewhere/Theirs.json", "{}")
    try FileManager.default.removeItem(atPath: s.path("out/components"))
    try FileManager.default.createSymbolicLink(
      atPath: s.path("out/components"), withDestinationPath: elsewhere)
    let r = s.run(["export", s.path("out")])
    #expect(r.status == 1)
    #expect(r.err.contains("components: it leads outside the folder"), "\(r.err)")
    #expect(r.err.contains("replace the link with a folder, or export to another folder"))
    #expect(!r.err.contains("--allow-outside-refs"), "\(r.err)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere) == ["Theirs.json"])
    #expect(FileManager.default.fileExists(atPath: theirs))
  }

  @Test("check and compare refuse a file leading outside without advising an option they lack")
  func checkAndCompareAdviceNamesWhatWorks() throws {
    let s = try Self.exported()
    let secret = try s.write("secret.json", "SECRET-CONTENT 42")
    try FileManager.default.createSymbolicLink(
      atPath: s.path("out/components/Leak.json"), withDestinationPath: secret)
    let other = s.path("other.db")
    for args in [["check", s.path("out")], ["compare", s.db, s.path("out")]] {
      let r = s.run(args, db: other)
      #expect(r.status == 1, "\(args)")
      #expect(r.err.contains("components/Leak.json: it leads outside the folder"), "\(r.err)")
      #expect(r.err.contains("copy the file into the folder"), "\(r.err)")
      #expect(!r.err.contains("--allow-outside-refs"), "\(args): \(r.err)")
    }
    // import takes the option, and says so.
    let imported = s.run(["import", s.path("out")], db: other)
    #expect(imported.err.contains("or pass --allow-outside-refs to read it"), "\(imported.err)")
  }
}
