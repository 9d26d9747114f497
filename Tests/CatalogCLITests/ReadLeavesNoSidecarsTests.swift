import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Reading commands leave no `-wal`/`-shm` files beside a catalog they may write (review 15,
/// item 1): a read-only SQLite connection creates them but cannot remove them, so `render`
/// on `catalog.db.example`, as the README shows, left two files behind, and a second user's
/// `list` left files the owner could not write.
@Suite(.serialized) struct ReadLeavesNoSidecarsTests {
  @Test func aReadingCommandLeavesNoWALOrSHMFiles() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    // The README's first command, on a copy of the example catalog.
    try FileManager.default.copyItem(
      atPath: ExampleCatalogTests.root.appendingPathComponent("catalog.db.example").path,
      toPath: s.db)
    #expect(StartupTests.sidecars(s.db).isEmpty)
    for args in [
      ["render", "TrackRow", "--variant", "full", "--explain"], ["list"], ["tokens", "export"],
      ["tokens", "sets"], ["doctor"],
    ] {
      let run = try runBinary(binary, ["--db", s.db] + args, in: s.url)
      // `doctor` exits 1 on the example catalog: its LintDemo component is broken on purpose.
      #expect(run.status == (args == ["doctor"] ? 1 : 0), "\(args): \(run.err)")
      #expect(StartupTests.sidecars(s.db).isEmpty, "\(args) left \(StartupTests.sidecars(s.db))")
    }
  }

  /// `-wal`/`-shm` files of another user that this user cannot write make SQLite refuse a
  /// write; the error names them, not "the file or its folder is read-only".
  @Test(
    .enabled(
      if: canActAsAnotherUser,
      "needs root and setpriv (util-linux) to act as two users"))
  func anotherUsersSidecarsAreNamedWhenAWriteFails() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    #expect(s.run(["init", "--example"]).status == 0)
    let fm = FileManager.default
    try fm.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: s.url.path)
    try fm.setAttributes([.posixPermissions: 0o666], ofItemAtPath: s.db)
    // What root's read left behind with a read-only connection: a -wal and a -shm that
    // only root may write.
    for suffix in ["-wal", "-shm"] {
      #expect(fm.createFile(atPath: s.db + suffix, contents: Data()))
      try fm.setAttributes([.posixPermissions: 0o644], ofItemAtPath: s.db + suffix)
    }
    let run = try runBinaryUnprivileged(binary, ["--db", s.db, "tokens", "set", "space.md", "9px"])
    #expect(run.status != 0)
    #expect(
      run.err.contains("'\(s.db)-wal' and '\(s.db)-shm' beside it belong to another user"),
      "\(run.err)")
    #expect(!run.err.contains("the file or its folder is read-only"), "\(run.err)")
  }

  /// A user who may not write the file (mode 444) but may write its folder: a read-only
  /// SQLite connection created `-wal` and `-shm` (mode 444, owned by the reader) and never
  /// removed them, so the owner's next write failed. Every reading command, and a dry run,
  /// now reads a snapshot under SQLite's SHARED lock and leaves nothing behind.
  @Test(
    .enabled(
      if: canActAsAnotherUser,
      "needs root and setpriv (util-linux) to read as nobody"))
  func aReaderWhoMayNotWriteTheFileLeavesNothingInAFolderItMayWrite() throws {
    let binary = try #require(builtBinary)
    let (s, file) = try Sandbox.exampleWithGap()
    #expect(StartupTests.sidecars(s.db).isEmpty)
    let fm = FileManager.default
    try s.makeCatalogReadOnlyInASharedFolder(otherFiles: [file])
    let before = try StartupTests.fingerprint(s.db)
    for args in [
      ["list"], ["render", "Gap", "--format", "svg"], ["tokens", "list"], ["tokens", "export"],
      ["show", "Card"], ["lint"], ["doctor"], ["add", "--dry-run", file],
    ] {
      let run = try runBinaryUnprivileged(binary, ["--db", s.db] + args)
      #expect(run.status == 0, "\(args): \(run.err)")
      #expect(StartupTests.sidecars(s.db).isEmpty, "\(args) left \(StartupTests.sidecars(s.db))")
      for suffix in ["-wal", "-shm"] { try? fm.removeItem(atPath: s.db + suffix) }
    }
    let after = try StartupTests.fingerprint(s.db)
    #expect(after.0 == before.0 && after.1 == before.1)
    // The owner may still write once the file is writable again.
    try fm.setAttributes([.posixPermissions: 0o644], ofItemAtPath: s.db)
    #expect(s.run(["tokens", "set", "space.md", "9px"]).status == 0)
  }

  /// A user who may not write the file (mode 444) but may write its folder: a writing
  /// command was refused only after SQLite had opened the file read-only and created
  /// `-wal`/`-shm` owned by that user, which then locked the owner's writes out (review
  /// 16). Every writing command is now refused before SQLite opens the file.
  @Test(
    .enabled(
      if: canActAsAnotherUser,
      "needs root and setpriv (util-linux) to write as nobody"))
  func aRefusedWriteByAUserWhoMayNotWriteTheFileLeavesNothing() throws {
    let binary = try #require(builtBinary)
    let (s, file) = try Sandbox.exampleWithGap()
    try s.makeCatalogReadOnlyInASharedFolder(otherFiles: [file])
    for args in [
      ["tokens", "set", "space.md", "5px"], ["add", file], ["remove", "Card"], ["init"],
      ["tokens", "sets", "--rename", "spacing", "--to", "s2"],
    ] {
      let run = try runBinaryUnprivileged(binary, ["--db", s.db] + args)
      #expect(run.status == 1, "\(args): \(run.err)")
      #expect(run.err.contains("cannot be written"), "\(args): \(run.err)")
      #expect(StartupTests.sidecars(s.db).isEmpty, "\(args) left \(StartupTests.sidecars(s.db))")
    }
    // The owner's next write works.
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: s.db)
    #expect(s.run(["tokens", "set", "space.md", "9px"]).status == 0)
  }
}
