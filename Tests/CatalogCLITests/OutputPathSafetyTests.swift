import CatalogService
import Foundation
import Testing

/// Review 16: no command writes over the catalog, an empty path, or a folder of files it did
/// not write (``OutputPathRule``, ``SiteFolder/checkReplaceable(_:)``); `serve` stops cleanly
/// on SIGTERM and SIGINT.
@Suite struct OutputPathSafetyTests {
  /// Every file below `folder`, relative, with its bytes.
  func snapshot(_ folder: String) -> [String: Data] {
    var out: [String: Data] = [:]
    let fm = FileManager.default
    guard let names = fm.enumerator(atPath: folder) else { return out }
    for case let name as String in names {
      var isFolder: ObjCBool = false
      if fm.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder), !isFolder.boolValue {
        out[name] = fm.contents(atPath: folder + "/" + name)
      }
    }
    return out
  }

  // MARK: - site's folder

  @Test func siteRefusesAnExportedCatalogFolderAndDeletesNothing() throws {
    let s = try Sandbox.withExamples()
    let folder = s.path("cat")
    #expect(s.run(["export", folder]).status == 0)
    let before = snapshot(folder)
    #expect(before.keys.contains { $0.hasPrefix("components/") && $0.hasSuffix(".json") })
    let r = s.run(["site", folder])
    #expect(r.status == 1, "\(r.out)")
    #expect(r.err.contains("catalog.json"), "\(r.err)")
    #expect(r.err.contains("never both; give a new folder"), "\(r.err)")
    #expect(snapshot(folder) == before, "site changed the catalog folder")
  }

  @Test func siteRefusesAFolderOfOtherFiles() throws {
    let s = try Sandbox.withExamples()
    let folder = s.path("project")
    try FileManager.default.createDirectory(
      atPath: folder + "/tokens", withIntermediateDirectories: true)
    try "keep".write(toFile: folder + "/tokens/mine.txt", atomically: false, encoding: .utf8)
    let r = s.run(["site", folder])
    #expect(r.status == 1)
    #expect(r.err.contains("did not write (tokens)"), "\(r.err)")
    #expect((try? String(contentsOfFile: folder + "/tokens/mine.txt", encoding: .utf8)) == "keep")
  }

  @Test func siteWritesAnEmptyFolderMarksItAndReplacesItsOwnPages() throws {
    let s = try Sandbox.withExamples()
    let folder = s.path("empty")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    #expect(s.run(["site", folder]).status == 0)
    #expect(FileManager.default.fileExists(atPath: folder + "/" + SiteFolder.marker))
    let again = s.run(["site", folder])
    #expect(again.status == 0, "\(again.err)")
  }

  /// A second `site` replaced `components/` and `tokens/` whole, deleting a note saved in
  /// them and a folder made there (review 17); an empty `.catalog-site` made by hand was
  /// trusted as the marker. The marker now lists what the site wrote, and anything else
  /// where the site replaces its pages is refused by name and kept.
  @Test func siteNeverDeletesAFileItDidNotWrite() throws {
    let s = try Sandbox.withExamples()
    let fm = FileManager.default
    let folder = s.path("site")
    #expect(s.run(["site", folder]).status == 0)
    try "notes".write(toFile: folder + "/components/notes.txt", atomically: false, encoding: .utf8)
    try fm.createDirectory(atPath: folder + "/tokens/mine", withIntermediateDirectories: true)
    let r = s.run(["site", folder])
    #expect(r.status == 1, "\(r.out)")
    #expect(
      r.err.contains(
        "did not write where it replaces its pages (components/notes.txt, tokens/mine/)"),
      "\(r.err)")
    #expect(fm.fileExists(atPath: folder + "/components/notes.txt"))
    #expect(fm.fileExists(atPath: folder + "/tokens/mine"))
    // Moved out, the site is replaced again; a file beside the three entries stays.
    try fm.removeItem(atPath: folder + "/components/notes.txt")
    try fm.removeItem(atPath: folder + "/tokens/mine")
    try "readme".write(toFile: folder + "/README.txt", atomically: false, encoding: .utf8)
    let again = s.run(["site", folder])
    #expect(again.status == 0, "\(again.err)")
    #expect(fm.fileExists(atPath: folder + "/README.txt"))

    // A hand-made empty marker over pages it does not list is not trusted.
    let handMade = s.path("hand")
    try fm.createDirectory(atPath: handMade + "/components", withIntermediateDirectories: true)
    try "".write(toFile: handMade + "/" + SiteFolder.marker, atomically: false, encoding: .utf8)
    try "<p>mine</p>".write(
      toFile: handMade + "/components/Mine.html", atomically: false, encoding: .utf8)
    let hand = s.run(["site", handMade])
    #expect(hand.status == 1, "\(hand.out)")
    #expect(hand.err.contains("does not list the files `catalog site` wrote"), "\(hand.err)")
    #expect(fm.fileExists(atPath: handMade + "/components/Mine.html"))
    // With nothing where the site writes, an empty marker harms nothing.
    try fm.removeItem(atPath: handMade + "/components")
    #expect(s.run(["site", handMade]).status == 0)
  }

  @Test func siteRefusesToReplaceAFolderHoldingTheCatalog() throws {
    let s = try Sandbox.withExamples()
    let folder = s.path("site")
    #expect(s.run(["site", folder]).status == 0)
    let inside = folder + "/components/c.db"
    try FileManager.default.copyItem(atPath: s.db, toPath: inside)
    let r = s.run(["site", folder], db: inside)
    #expect(r.status == 1)
    #expect(r.err.contains("holding the catalog"), "\(r.err)")
    #expect(s.run(["list"], db: inside).status == 0)
  }

  /// The error names the folder asked for, not the staging folder beside it.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self")))
  func aSiteThatCannotBeWrittenNamesTheFolderAskedFor() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["site", "/proc/x"])
    #expect(r.status == 1)
    #expect(r.err.contains("'/proc/x'"), "\(r.err)")
    #expect(!r.err.contains("catalog-site-"), "\(r.err)")
  }

  // MARK: - the catalog as an output

  /// Each command that writes a file, given the catalog (or a companion, a link to it) as
  /// its output, refuses and leaves the catalog readable.
  @Test(arguments: [
    (["render", "TrackRow", "--format", "svg", "--output"], "catalog.db"),
    (["tokens", "export", "--format", "css", "--output"], "catalog.db"),
    (["tokens", "export", "--output"], "catalog.db-wal"),
    (["render", "TrackRow", "--output"], "catalog.db-shm"),
    (["backup"], "catalog.db-journal"),
    (["render", "TrackRow", "--format", "svg", "--output"], "link.db"),
    (["tokens", "export", "--format", "css", "--output"], "hard.db"),
    (["render", "TrackRow", "--format", "svg", "--output"], "dangling-wal"),
  ])
  func theCatalogIsNeverAnOutput(_ command: [String], _ target: String) throws {
    let s = try Sandbox.withExamples()
    let fm = FileManager.default
    try fm.createSymbolicLink(atPath: s.path("link.db"), withDestinationPath: s.db)
    try fm.linkItem(atPath: s.db, toPath: s.path("hard.db"))
    try fm.createSymbolicLink(atPath: s.path("dangling-wal"), withDestinationPath: "catalog.db-wal")
    let before = fm.contents(atPath: s.db)
    let r = s.run(command + [s.path(target)])
    #expect(r.status == 1, "\(r.out)")
    #expect(r.err.contains("would destroy the catalog"), "\(r.err)")
    #expect(fm.contents(atPath: s.db) == before)
    #expect(!fm.fileExists(atPath: s.db + "-wal") && !fm.fileExists(atPath: s.db + "-journal"))
    #expect(s.run(["list"]).status == 0)
  }

  /// `--db` and `--output` spelled differently (relative, `./`) still name one file.
  @Test(.enabled(if: builtBinary != nil)) func aRelativeSpellingOfTheCatalogIsRefused() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox.withExamples()
    let r = try runBinary(
      binary,
      ["--db", "catalog.db", "render", "TrackRow", "--format", "svg", "--output", "./catalog.db"],
      in: s.url)
    #expect(r.status == 1)
    #expect(r.err.contains("would destroy the catalog"), "\(r.err)")
    #expect(s.run(["list"]).status == 0)
  }

  /// A catalog kept inside the folder an export writes (no manifest yet): where the export
  /// would write a component (`TrackRow.json`) it is refused; a file the catalog does not
  /// have (`Old.json`) is someone else's in a folder no export wrote, so it is left alone.
  @Test(arguments: ["TrackRow.json", "Old.json"])
  func exportRefusesToWriteOrRemoveTheCatalogInsideItsFolder(_ name: String) throws {
    let s = try Sandbox.withExamples()
    let folder = s.path("cat")
    try FileManager.default.createDirectory(
      atPath: folder + "/components", withIntermediateDirectories: true)
    let db = folder + "/components/" + name
    try FileManager.default.copyItem(atPath: s.db, toPath: db)
    let r = s.run(["export", folder], db: db)
    if name == "Old.json" {
      #expect(r.status == 0, "\(r.err)")
    } else {
      #expect(r.status == 1)
      #expect(r.err.contains("would destroy the catalog"), "\(r.err)")
    }
    #expect(s.run(["list"], db: db).status == 0)
  }

  // MARK: - empty paths

  /// An empty path (an unset shell variable) is refused by every command that writes, and
  /// the working folder is left as it was. Run as the built binary in a sandbox, so a
  /// failure cannot write into the tests' own working folder.
  @Test(
    .enabled(if: builtBinary != nil),
    arguments: [
      ["site", ""], ["export", ""], ["export", "", "--format", "swiftui"],
      ["render", "TrackRow", "--format", "svg", "--output", ""],
      ["tokens", "export", "--output", ""], ["backup", ""],
    ])
  func anEmptyOutputPathIsRefused(_ command: [String]) throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox.withExamples()
    let work = s.path("work")
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    try "mine".write(toFile: work + "/notes.txt", atomically: false, encoding: .utf8)
    let r = try runBinary(binary, ["--db", s.db] + command, in: URL(fileURLWithPath: work))
    // An empty option value is a usage error (exit 64), as every value an option cannot
    // take; an empty positional path is refused by the command (exit 1).
    #expect(r.status == (command.contains("--output") ? 64 : 1), "\(r.out)")
    #expect(r.err.contains("the path is empty"), "\(r.err)")
    let left = try FileManager.default.contentsOfDirectory(atPath: work)
      .filter { !$0.hasPrefix(".std") }
    #expect(left == ["notes.txt"], "\(left)")
  }

  // MARK: - advice

  @Test func checkOfAMissingFolderAdvisesCheckNotImport() throws {
    let s = try Sandbox()
    let r = s.run(["check", s.path("nonexistent")])
    #expect(r.status == 1)
    #expect(r.err.contains("no such folder"), "\(r.err)")
    #expect(r.err.contains("run `catalog check` again"), "\(r.err)")
    #expect(!r.err.contains("catalog import` again"), "\(r.err)")
  }

  // MARK: - serve

  /// The built binary, stopped with SIGTERM, SIGINT or SIGHUP (its terminal closed; issue
  /// 12: SIGHUP killed it, leaving `-wal` and `-shm`), exits 0 and leaves no `-wal` or
  /// `-shm` beside the catalog.
  @Test(.enabled(if: builtBinary != nil), arguments: [SIGTERM, SIGINT, SIGHUP])
  func serveStopsCleanlyOnASignal(_ signal: Int32) throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox.withExamples()
    try serveUntilSignal(binary, s, signal, ignoringHangUp: false)
  }

  /// Started with SIGHUP ignored (`nohup catalog serve`), `serve` keeps running when the
  /// terminal closes, and still stops cleanly on SIGTERM.
  @Test(.enabled(if: builtBinary != nil && FileManager.default.fileExists(atPath: "/bin/sh")))
  func serveUnderNohupIgnoresSIGHUP() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox.withExamples()
    try serveUntilSignal(binary, s, SIGTERM, ignoringHangUp: true)
  }

  /// Starts `serve` (through `/bin/sh` with `trap '' HUP` when `ignoringHangUp`, which
  /// then also gets a SIGHUP it must survive), sends `signal` and checks the clean stop.
  func serveUntilSignal(_ binary: URL, _ s: Sandbox, _ signal: Int32, ignoringHangUp: Bool)
    throws
  {
    let process = Process()
    let serve = ["--db", s.db, "serve", "--port", "0"]
    if ignoringHangUp {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", "trap '' HUP; exec \"$0\" \"$@\"", binary.path] + serve
    } else {
      process.executableURL = binary
      process.arguments = serve
    }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    defer {
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
    }
    let line = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
    #expect(line.hasPrefix("Serving "), "\(line)")
    #expect(
      FileManager.default.fileExists(atPath: s.db + "-shm"), "the server holds the catalog open")
    if ignoringHangUp {
      kill(process.processIdentifier, SIGHUP)
      usleep(500_000)
      #expect(process.isRunning, "serve under nohup stopped on SIGHUP")
    }
    kill(process.processIdentifier, signal)
    for _ in 0..<100 where process.isRunning { usleep(100_000) }
    #expect(!process.isRunning, "serve did not stop within 10 s")
    guard !process.isRunning else { return }
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 0)
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(message.contains("Stopped"), "\(message)")
    for suffix in ["-wal", "-shm"] {
      #expect(!FileManager.default.fileExists(atPath: s.db + suffix), "\(suffix) left behind")
    }
  }
}
