import Foundation
import Testing

@testable import CatalogStore

/// Issue 12, point 9: SQLite trouble is told in plain words with what to do, not as
/// `SQLite error 11`; `backup` makes a complete copy with the online backup API.
struct PlainErrorTests {
  @Test(arguments: [
    (Int32(10), Int32(266), "disk I/O error", "disk failed"),
    (Int32(11), Int32(11), "database disk image is malformed", "damaged"),
    (Int32(13), Int32(13), "database or disk is full", "disk is full"),
    (Int32(14), Int32(14), "unable to open database file", "could not open"),
    (Int32(1), Int32(1), "no such table: token_set", "schema lacks"),
  ])
  func sqliteTroubleIsToldPlainly(
    _ code: Int32, _ extended: Int32, _ message: String, _ expected: String
  ) {
    let text = StoreError.sqlite(
      code: code, extendedCode: extended, message: message, sql: "SELECT 1"
    ).description
    #expect(text.contains(expected), "\(text)")
    #expect(text.contains(message))
    #expect(!text.contains("SQLite error"))
    if code != 13 && code != 14 {
      #expect(text.contains("catalog doctor") && text.contains("backup"))
    }
  }

  /// The damage advice is worded once (`StoreError.restoreAdvice`) for all four messages
  /// that give it; their text is as it was when each spelled it out.
  @Test func theDamageAdviceReadsTheSameInEveryMessage() {
    let advice =
      "to see the damage, and restore a backup (made with `catalog backup PATH`)"
    #expect(
      StoreError.damaged(path: "my cat.db", extendedCode: 11, message: "malformed").description
        == "the catalog file 'my cat.db' is damaged (malformed). Run `catalog --db 'my cat.db' doctor` "
        + advice + "; `sqlite3 'my cat.db' .recover | sqlite3 recovered.db` may save what is left")
    #expect(
      StoreError.plainTrouble(code: 11, message: "malformed")
        == "the catalog file is damaged (malformed). Run `catalog doctor` " + advice
        + "; the sqlite3 shell's `.recover` command may save what is left")
    #expect(
      StoreError.plainTrouble(code: 266, message: "disk I/O error")
        == "the disk failed to read or write the catalog file (disk I/O error); no change was saved. "
        + "Check the disk and the file system (a removed drive, a network share that went away), "
        + "then try again; if it happens again, run `catalog doctor` " + advice)
    #expect(
      StoreError.plainTrouble(code: 1, message: "no such column: x")
        == "the catalog's schema lacks what this version of catalog expects (no such column: x): "
        + "the file's schema version says it is up to date, but it was changed by hand or by a "
        + "broken build. Run `catalog doctor` " + advice)
  }

  @Test func aDamagedFileSaysSoAndWhatToDo() throws {
    let dir = try TemporaryDirectory()
    let path = dir.path()
    do {
      let store = try CatalogStore(path: path)
      for i in 0..<200 {
        var input = Fixtures.vsStack
        input.name = "Stack\(i)"
        _ = try store.saveComponent(input, expectedRevision: 0)
      }
      try store.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
    // Overwrite every page after the first (the header and schema) with garbage.
    let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    let handle = try #require(FileHandle(forUpdatingAtPath: path))
    try handle.seek(toOffset: 4096)
    handle.write(Data(repeating: 0xff, count: size - 4096))
    try handle.close()
    #expect {
      let store = try CatalogStore(path: path, mode: .readOnly)
      _ = try store.components()
    } throws: { error in
      let text = "\(error)"
      // The file is named in the commands suggested (it was `sqlite3 catalog.db` for any file).
      return text.contains("damaged") && text.contains("`catalog --db \(path) doctor`")
        && text.contains("`sqlite3 \(path) .recover") && !text.contains("SQLite error")
    }
  }

  @Test func backupCopiesEveryCommitIncludingTheWAL() throws {
    let dir = try TemporaryDirectory()
    let store = try CatalogStore(path: dir.path())
    _ = try store.saveComponent(Fixtures.vsStack, expectedRevision: 0)
    _ = try store.saveComponent(Fixtures.trackRow, expectedRevision: 0)
    // The last commits are in catalog.db-wal while the store is open.
    #expect(
      ((try FileManager.default.attributesOfItem(atPath: dir.path() + "-wal"))[.size] as? Int ?? 0)
        > 0)
    let copy = dir.path("copy.db")
    #expect(try store.backup(to: copy) > 0)
    let restored = try CatalogStore(path: copy, mode: .readOnly)
    #expect(
      try restored.components().map(\.name).sorted()
        == [Fixtures.trackRow.name, Fixtures.vsStack.name].sorted())
    #expect(try restored.query("PRAGMA integrity_check").first?["integrity_check"] == "ok")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.hasPrefix(".") }
        .isEmpty)
    // An existing file is never overwritten.
    #expect(throws: StoreError.alreadyExists(kind: "file", name: copy)) {
      try store.backup(to: copy)
    }
  }
}
