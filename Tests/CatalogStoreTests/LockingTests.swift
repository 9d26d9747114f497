import Foundation
import Testing

@testable import CatalogStore

@Suite struct LockingTests {
  @Test func aWriterWaitsThenReportsTheLock() throws {
    let folder = try TemporaryDirectory()
    let path = folder.path()
    let holder = try CatalogStore(path: path)
    let waiter = try CatalogStore(path: path, mode: .readWrite, busyTimeout: 50)
    try holder.inTransaction {
      try holder.saveComponent(Fixtures.vsStack, expectedRevision: 0)
      #expect(throws: StoreError.locked(path: path)) {
        try waiter.saveComponent(Fixtures.trackRow, expectedRevision: 0)
      }
      // Readers are not blocked (WAL), and see the last committed state.
      #expect(try waiter.components().isEmpty)
    }
    #expect(!waiter.connection.isInTransaction)
    #expect(try waiter.components().map(\.name) == ["VSStack"])
    #expect(try waiter.saveComponent(Fixtures.trackRow, expectedRevision: 0) == 1)
    #expect(
      StoreError.locked(path: "x.db").description
        == "the catalog at 'x.db' is locked by another process; try again")
  }

  @Test func twoWritersNeverOverwriteEachOther() throws {
    let folder = try TemporaryDirectory()
    let path = folder.path()
    let alice = try CatalogStore(path: path)
    let bob = try CatalogStore(path: path)
    try alice.saveComponent(Fixtures.vsStack, expectedRevision: 0)
    let seenByAlice = try #require(try alice.component(named: "VSStack")).revision
    let seenByBob = try #require(try bob.component(named: "VSStack")).revision
    try alice.saveComponent(Fixtures.vsStack, expectedRevision: seenByAlice)
    #expect(throws: StoreError.conflict(name: "VSStack", expected: 1, actual: 2)) {
      try bob.saveComponent(Fixtures.vsStack, expectedRevision: seenByBob)
    }
  }
}

/// The lock a snapshot read holds (issue 12, review: a reader that may not write a 444
/// catalog in a folder it may write left `-wal`/`-shm` behind; it now reads a snapshot
/// under SQLite's SHARED lock): it is SQLite's own SHARED lock, so another process's
/// SQLite cannot take the EXCLUSIVE lock while it is held.
@Suite struct SharedFileLockTests {
  @Test(
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"), "needs sqlite3"))
  func aSnapshotsLockKeepsAnotherProcessFromTheExclusiveLock() throws {
    let folder = try TemporaryDirectory()
    let path = folder.path()
    try CatalogStore(path: path).closeConnection()
    try withExtendedLifetime(try #require(try SharedFileLock(path: path, busyTimeout: 0))) {
      lock in
      #expect(lock.isWALFile)
      // Leaving WAL mode needs the EXCLUSIVE lock: refused while the SHARED lock is held.
      let blocked = try shell(["/usr/bin/sqlite3", path, "PRAGMA journal_mode = DELETE"])
      #expect(blocked.status != 0 && blocked.err.contains("locked"), "\(blocked)")
    }
    // Released with the lock: the same change goes through.
    let free = try shell(["/usr/bin/sqlite3", path, "PRAGMA journal_mode = DELETE"])
    #expect(free.status == 0, "\(free)")
  }

  /// Runs a program; its status and standard error.
  func shell(_ command: [String]) throws -> (status: Int32, err: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    let err = Pipe()
    process.standardError = err
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let data = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
