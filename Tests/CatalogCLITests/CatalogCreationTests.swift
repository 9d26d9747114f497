import CatalogStore
import Foundation
import Testing

/// Issue 12, point 1, through the command line: a failed first `add` leaves nothing, a
/// killed one leaves no file or the complete result, read commands never create or
/// migrate a file.
@Suite(.serialized) struct CatalogCreationTests {
  let card =
    #"{"name": "Card", "body": {"type": "VStack", "children": [{"type": "Text", "text": "Hi"}]}}"#

  @Test func aFailedFirstAddLeavesNoFileBehind() throws {
    let s = try Sandbox()
    let bad = try s.write("bad.json", #"{"name": "Bad", "body": {"type": "Nope"}}"#)
    let run = s.run(["add", bad])
    #expect(run.status == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: s.url.path) == ["bad.json"])
  }

  @Test func aFirstAddPrintsOnlyAfterTheCatalogIsInPlace() throws {
    let s = try Sandbox()
    let file = try s.write("Card.json", card)
    let run = s.run(["add", file])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains("Card"))
    #expect(s.run(["list"]).out.contains("Card"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: s.url.path).filter { $0.hasPrefix(".") }
        .isEmpty)
  }

  @Test(arguments: [
    ["list"], ["show", "Card"], ["render", "Card"], ["tokens", "list"], ["lint"],
    ["platforms", "list"],
  ])
  func readCommandsNeverCreateAFile(_ args: [String]) throws {
    let s = try Sandbox()
    let run = s.run(args)
    #expect(run.status == 1)
    #expect(run.err.contains("no catalog"))
    #expect(!FileManager.default.fileExists(atPath: s.db))
  }

  @Test(arguments: [
    ["list"], ["show", "Card"], ["render", "Card"], ["tokens", "list"], ["lint"],
  ])
  func readCommandsOnAnEmptyFileSayItIsNotACatalog(_ args: [String]) throws {
    let s = try Sandbox()
    _ = FileManager.default.createFile(atPath: s.db, contents: Data())
    let run = s.run(args)
    #expect(run.status == 1)
    #expect(run.err.contains("is not a catalog"), "\(run.err)")
    #expect(try FileManager.default.attributesOfItem(atPath: s.db)[.size] as? Int == 0)
  }

  /// SIGKILL at random moments of the first `add`: the path holds nothing or the complete
  /// catalog, never an empty migrated one.
  @Test func killingTheFirstAddLeavesNoFileOrTheCompleteResult() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    let big = try s.write("big.tokens.json", CrashTests.bigTokenFile(count: 3_000))
    let reference = s.path("reference.db")
    let start = Date()
    let full = try runBinary(binary, ["--db", reference, "add", big], in: s.url)
    let duration = Date().timeIntervalSince(start)
    #expect(full.status == 0, "\(full.err)")
    var outcomes = ["none": 0, "complete": 0]
    for attempt in 0..<6 {
      let db = s.path("killed-\(attempt).db")
      let process = Process()
      process.executableURL = binary
      process.arguments = ["--db", db, "add", big]
      process.currentDirectoryURL = s.url
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      usleep(useconds_t(Double(attempt) / 5 * duration * 1_000_000))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      if FileManager.default.fileExists(atPath: db) {
        #expect(
          !FileManager.default.fileExists(atPath: db + "-wal"),
          "attempt \(attempt): the new catalog has a WAL file")
        let store = try CatalogStore(path: db, mode: .readOnly)
        #expect(try store.query("PRAGMA journal_mode").first?["journal_mode"] == "wal")
        #expect(
          try store.tokens(inSet: nil).count == 3_000, "attempt \(attempt): an incomplete catalog")
        outcomes["complete", default: 0] += 1
      } else {
        outcomes["none", default: 0] += 1
      }
    }
    #expect(outcomes.values.reduce(0, +) == 6)
  }
}

/// A failed or dry add creates no catalog.
extension CatalogCreationTests {
  @Test func aFailedOrDryAddLeavesNoNewCatalogFile() throws {
    let s = try Sandbox()
    let bad = try s.write("bad.json", "{bad")
    #expect(s.run(["add", bad]).status == 1)
    #expect(!FileManager.default.fileExists(atPath: s.db))
    let tokens = cliPackageRoot.appendingPathComponent("examples/tokens/spacing.tokens.json").path
    #expect(s.run(["add", "--dry-run", tokens]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: s.db))
  }
}
