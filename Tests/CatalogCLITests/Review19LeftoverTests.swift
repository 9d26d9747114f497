import CatalogExchange
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Review 19's smaller findings: a `--db` symbolic link loop is named, `doctor` on a damaged
/// file does not advise running doctor, `backup` onto a folder asks for a new file, and a
/// temporary catalog left by a killed creation is removed by the next one.
@Suite struct Review19LeftoverTests {
  @Test func aSymbolicLinkLoopIsNamedByEveryCommand() throws {
    let s = try Sandbox()
    try FileManager.default.createSymbolicLink(atPath: s.path("a.db"), withDestinationPath: "b.db")
    try FileManager.default.createSymbolicLink(atPath: s.path("b.db"), withDestinationPath: "a.db")
    for command in [["list"], ["init"], ["doctor"]] {
      let r = s.run(["--db", s.path("a.db")] + command)
      #expect(r.status == 1, "\(command)")
      #expect(r.err.contains("symbolic link that leads in a loop"), "\(command): \(r.err)")
      #expect(!r.err.contains("create one with 'catalog init'"), "\(command): \(r.err)")
      #expect(!r.err.contains("does not exist"), "\(command): \(r.err)")
    }
  }

  @Test func doctorOnADamagedFileDoesNotAdviseRunningDoctor() throws {
    let s = try Sandbox.withExamples()
    let handle = try #require(FileHandle(forWritingAtPath: s.db))
    try handle.seek(toOffset: 4096 * 3)
    handle.write(Data(repeating: 0xFF, count: 4096 * 2))
    try handle.close()
    let r = s.run(["doctor"])
    #expect(r.status == 1)
    #expect(r.out.contains("is damaged"), "\(r.out)")
    #expect(!r.out.contains("doctor` to see the damage"), "\(r.out)")
    #expect(r.out.contains("Restore a backup"), "\(r.out)")
  }

  @Test func backupOntoAFolderAsksForANewFile() throws {
    let s = try Sandbox.withExamples()
    try FileManager.default.createDirectory(
      atPath: s.path("folder"), withIntermediateDirectories: true)
    let r = s.run(["backup", s.path("folder")])
    #expect(r.status == 1)
    #expect(r.err.contains("give the name of a new file"), "\(r.err)")
    #expect(!r.err.contains("one to replace"), "\(r.err)")
  }

  @Test func aTemporaryCatalogOfAKilledCreationIsRemovedByTheNextOne() throws {
    let s = try Sandbox()
    // The PID of a process that has ended.
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/sh")
    ended.arguments = ["-c", "exit 0"]
    try ended.run()
    ended.waitUntilExit()
    let pid = ended.processIdentifier
    let leftover = s.path(".n.db.creating-\(pid)-12345")
    let running = s.path(".n.db.creating-\(getpid())-999")
    for file in [leftover, leftover + "-journal", running] {
      #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
    }
    let file = try s.write(
      "Row.json", #"{"name": "Row", "body": {"type": "Text", "text": "a"}}"#)
    let r = s.run(["--db", s.path("n.db"), "add", file])
    #expect(r.status == 0, "\(r.err)")
    #expect(!FileManager.default.fileExists(atPath: leftover))
    #expect(!FileManager.default.fileExists(atPath: leftover + "-journal"))
    // This process still runs: its file is not touched.
    #expect(FileManager.default.fileExists(atPath: running))
  }

  /// `export` wrote a set file over the 64 MiB a folder's reader takes, which `import` and
  /// `check` then refused: each such file is now a warning naming the set and the limit.
  @Test func anExportedFileOverTheReadLimitIsWarnedAbout() throws {
    let limit = 1_048_576
    let files: [(path: String, text: String)] = [
      ("tokens/big.tokens.json", String(repeating: "x", count: limit + 1)),
      ("tokens/small.tokens.json", String(repeating: "x", count: limit)),
      ("components/Card.json", String(repeating: "x", count: 3 * limit)),
    ]
    let warnings = CatalogFolder.oversizedFileWarnings(files, limit: limit)
    #expect(warnings.count == 2, "\(warnings)")
    #expect(
      warnings.first?.hasPrefix(
        "tokens/big.tokens.json is 1.0 MiB, more than the 1 MiB that catalog import and catalog check read"
      ) == true, "\(warnings)")
    #expect(warnings.first?.contains("(token set 'big')") == true)
    #expect(warnings.last?.contains("(component Card)") == true)
    // The export's limit is the reader's.
    #expect(CatalogFolder.maximumFileSize == 64 * 1_048_576)
  }
}
