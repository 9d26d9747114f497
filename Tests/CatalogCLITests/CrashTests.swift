import CatalogStore
import Foundation
import Testing

/// `SIGKILL` during `catalog add big.tokens.json` (10,000 tokens), at random moments
/// (issue 7, point 4): afterwards the catalog is either exactly as before or exactly as
/// after a complete import, and `PRAGMA integrity_check` says ok.
@Suite(.serialized) struct CrashTests {
  /// A DTCG file of `count` dimension tokens, every tenth an alias of the one before.
  static func bigTokenFile(count: Int) -> String {
    var members: [String] = []
    for i in 0..<count {
      let value = i % 10 == 9 ? "\"{big.t\(i - 1)}\"" : #"{"value": \#(i % 97), "unit": "px"}"#
      members.append("    \"t\(i)\": { \"$value\": \(value) }")
    }
    return "{\n  \"big\": {\n    \"$type\": \"dimension\",\n" + members.joined(separator: ",\n")
      + "\n  }\n}\n"
  }

  /// Copies the catalog (and its WAL files, if any) to `destination`.
  func copyCatalog(_ source: String, to destination: String) throws {
    for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: source + suffix)
    {
      try? FileManager.default.removeItem(atPath: destination + suffix)
      try FileManager.default.copyItem(atPath: source + suffix, toPath: destination + suffix)
    }
  }

  @Test func killingAnImportLeavesTheCatalogBeforeOrAfter() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox.withExamples()
    let big = try s.write("big.tokens.json", Self.bigTokenFile(count: 10_000))
    let base = s.path("base.db")
    try copyCatalog(s.db, to: base)
    let before = try catalogDump(base, ignoringTimestamps: true)

    // The complete import, timed, gives "after".
    let reference = s.path("reference.db")
    try copyCatalog(base, to: reference)
    let start = Date()
    let full = try runBinary(binary, ["--db", reference, "add", big], in: s.url)
    let duration = Date().timeIntervalSince(start)
    #expect(full.status == 0, "\(full.err)")
    #expect(full.out.contains("Imported 10000 tokens"))
    let after = try catalogDump(reference, ignoringTimestamps: true)
    #expect(before != after)

    var outcomes = ["before": 0, "after": 0]
    var generator = SystemRandomNumberGenerator()
    for attempt in 0..<16 {
      let db = s.path("killed-\(attempt).db")
      try copyCatalog(base, to: db)
      let process = Process()
      process.executableURL = binary
      process.arguments = ["--db", db, "add", big]
      process.currentDirectoryURL = s.url
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      process.standardInput = FileHandle.nullDevice
      try process.run()
      var delay: Double
      if attempt.isMultiple(of: 2) {
        // Anywhere from the start to well past the reference run's end.
        delay = Double.random(in: 0...(duration * 1.5), using: &generator)
        usleep(useconds_t(delay * 1_000_000))
      } else {
        // Inside the write transaction: once pages reach the WAL, within 0–60 ms.
        let started = Date()
        while process.isRunning, Date().timeIntervalSince(started) < duration * 10,
          ((try? FileManager.default.attributesOfItem(atPath: db + "-wal"))?[.size] as? Int ?? 0)
            == 0
        {
          usleep(500)
        }
        usleep(useconds_t.random(in: 0...60_000, using: &generator))
        delay = Date().timeIntervalSince(started)
      }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()

      // Opening read-write recovers the WAL the killed process left, as any next command would.
      let store = try CatalogStore(path: db)
      let integrity = try store.query("PRAGMA integrity_check").compactMap {
        $0.values.first ?? nil
      }
      #expect(integrity == ["ok"], "attempt \(attempt) after \(delay) s")
      let dump = try catalogDump(db, ignoringTimestamps: true)
      if dump == before {
        outcomes["before", default: 0] += 1
      } else if dump == after {
        outcomes["after", default: 0] += 1
      } else {
        Issue.record(
          "attempt \(attempt), killed after \(delay) s: the catalog is neither as before nor as after"
        )
      }
    }
    print("SIGKILL during import (full import \(duration) s): \(outcomes)")
  }
}
