import Foundation
import Testing

@testable import CatalogStore

/// Issue 12, point 1: a new catalog appears whole or not at all, and a failed creation
/// deletes only its own temporary file, never a catalog another connection made.
struct AtomicCreationTests {
  struct Refused: Error {}

  /// Files in the folder other than the catalog itself (temporary files left behind).
  func leftovers(_ dir: TemporaryDirectory) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter {
      !$0.hasPrefix("catalog.db")
    }
  }

  @Test func aFailedCreationKeepsTheCatalogAnotherProcessMadeMeanwhile() throws {
    let dir = try TemporaryDirectory()
    let path = dir.path()
    #expect(throws: Refused.self) {
      _ = try CatalogStore.create(at: path) { store in
        _ = try store.saveComponent(Fixtures.vsStack, expectedRevision: 0)
        // Process B creates the same catalog meanwhile and saves a component.
        let other = try CatalogStore(path: path)
        _ = try other.saveComponent(Fixtures.trackRow, expectedRevision: 0)
        throw Refused()
      }
    }
    let reopened = try CatalogStore(path: path, mode: .readOnly)
    #expect(try reopened.components().map(\.name) == ["TrackRow"])
    #expect(try leftovers(dir).isEmpty)
  }

  @Test func aSuccessfulCreationNeverReplacesACatalogMadeMeanwhile() throws {
    let dir = try TemporaryDirectory()
    let path = dir.path()
    let result = try CatalogStore.create(at: path) { store in
      _ = try store.saveComponent(Fixtures.vsStack, expectedRevision: 0)
      let other = try CatalogStore(path: path)
      _ = try other.saveComponent(Fixtures.trackRow, expectedRevision: 0)
    }
    guard case .createdMeanwhile = result else {
      Issue.record("expected createdMeanwhile, got \(result)")
      return
    }
    #expect(try CatalogStore(path: path, mode: .readOnly).components().map(\.name) == ["TrackRow"])
    #expect(try leftovers(dir).isEmpty)
  }

  @Test func aCreatedCatalogHoldsEverythingTheBodySaved() throws {
    let dir = try TemporaryDirectory()
    let path = dir.path()
    let result = try CatalogStore.create(at: path) { store in
      // Nothing is at the path until the body is done.
      #expect(!FileManager.default.fileExists(atPath: path))
      return try store.saveComponent(Fixtures.vsStack, expectedRevision: 0)
    }
    guard case .created(let revision) = result else {
      Issue.record("expected created, got \(result)")
      return
    }
    #expect(revision == 1)
    let store = try CatalogStore(path: path)
    #expect(try store.components().map(\.name) == [Fixtures.vsStack.name])
    #expect(try store.query("PRAGMA journal_mode").first?["journal_mode"] == "wal")
    #expect(try leftovers(dir).isEmpty)
  }

  @Test func creatingOverAnExistingFileIsRefused() throws {
    let dir = try TemporaryDirectory()
    let path = dir.path()
    _ = FileManager.default.createFile(atPath: path, contents: Data("keep".utf8))
    #expect(throws: StoreError.self) { _ = try CatalogStore.create(at: path) { _ in } }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep")
  }

  @Test func readingAnEmptyFileSaysItIsNotACatalogAndLeavesItEmpty() throws {
    let dir = try TemporaryDirectory()
    let path = dir.path()
    _ = FileManager.default.createFile(atPath: path, contents: Data())
    #expect {
      _ = try CatalogStore(path: path, mode: .readOnly)
    } throws: { error in
      guard case StoreError.notACatalog = error else { return false }
      return "\(error)".contains("empty")
    }
    #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == 0)
  }
}
