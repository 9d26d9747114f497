import CatalogService
import CatalogStore
import Foundation
import Testing

/// Issue 12, point 1, for an empty file named by `--db`: it is nobody's catalog yet, so a
/// failed command leaves it as it was (0 bytes, no journal files), a successful one puts a
/// complete catalog in its place, and reads say it is not a catalog.
@Suite struct EmptyCatalogFileTests {
  /// A sandbox whose catalog path is an empty file.
  static func emptyFile() throws -> Sandbox {
    let s = try Sandbox()
    #expect(FileManager.default.createFile(atPath: s.db, contents: Data()))
    return s
  }

  /// The size of the file at `path`, and whether journal files stand beside it.
  static func state(_ s: Sandbox) throws -> (size: Int, others: [String]) {
    let size = try FileManager.default.attributesOfItem(atPath: s.db)[.size] as? Int ?? -1
    let others = try FileManager.default.contentsOfDirectory(atPath: s.url.path).filter {
      $0.hasPrefix("catalog.db-") || $0.hasPrefix(".catalog.db")
    }
    return (size, others)
  }

  @Test func aFailedAddLeavesTheEmptyFileAsItWas() throws {
    let s = try Self.emptyFile()
    let bad = try s.write("bad.json", #"{"name": "Bad", "body": {"type": "Nope"}}"#)
    let run = s.run(["add", bad])
    #expect(run.status == 1)
    #expect(run.err.contains("Nothing was saved"), "\(run.err)")
    let after = try Self.state(s)
    #expect(after.size == 0)
    #expect(after.others.isEmpty, "\(after.others)")
  }

  @Test(arguments: [
    ["add", "--dry-run", "Card.json"], ["remove", "Card"], ["tokens", "set", "space.md", "8"],
    ["edit", "Card"], ["revert", "Card", "1"], ["tokens", "import", "missing.tokens.json"],
  ])
  func otherCommandsLeaveTheEmptyFileAsItWas(_ args: [String]) throws {
    let s = try Self.emptyFile()
    try s.write(
      "Card.json", #"{"name": "Card", "body": {"type": "Text", "text": "Hi"}}"#)
    let run = s.run(args.map { $0.hasSuffix(".json") ? s.path($0) : $0 })
    let after = try Self.state(s)
    #expect(after.size == 0, "\(args): \(run.err)")
    #expect(after.others.isEmpty, "\(after.others)")
  }

  @Test func aSuccessfulAddPutsACompleteCatalogInItsPlace() throws {
    let s = try Self.emptyFile()
    let card = try s.write(
      "Card.json", #"{"name": "Card", "body": {"type": "Text", "text": "Hi"}}"#)
    let run = s.run(["add", card])
    #expect(run.status == 0, "\(run.err)")
    #expect(s.run(["list"]).out.contains("Card"))
    #expect(try Self.state(s).size > 0)
  }

  @Test func initMakesACatalogOfAnEmptyFile() throws {
    let s = try Self.emptyFile()
    let run = s.run(["init"])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains("Initialized catalog"), "\(run.out)")
    #expect(s.run(["list"]).status == 0)
  }

  /// The store's rule itself: a new catalog replaces the empty file only if the path still
  /// names that empty file when it is done; otherwise the other catalog is kept.
  @Test func theEmptyFileIsReplacedOnlyWhileItIsStillEmpty() throws {
    let s = try Self.emptyFile()
    let outcome = try CatalogStore.create(at: s.db) { _ in
      // Another process makes its catalog there meanwhile.
      try Data("not empty".utf8).write(to: URL(fileURLWithPath: s.db))
    }
    guard case .createdMeanwhile = outcome else {
      Issue.record("expected createdMeanwhile")
      return
    }
    #expect(try String(contentsOfFile: s.db, encoding: .utf8) == "not empty")
    #expect(try Self.state(s).others.isEmpty)
  }
}
