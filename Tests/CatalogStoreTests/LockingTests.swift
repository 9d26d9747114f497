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
