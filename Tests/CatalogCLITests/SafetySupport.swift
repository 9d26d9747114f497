import CatalogStore
import Foundation
import Testing

/// Helpers for the safety tests of issue 7: catalog dumps, editor scripts, the sqlite3
/// shell and the bad-input corpus.

/// The top-level `bad-inputs/` folder (outside every target, so SwiftPM ignores it).
let badInputs = cliPackageRoot.appendingPathComponent("bad-inputs")

/// Every row of every table, the schema and the pragmas that matter, as sorted text:
/// two dumps are equal when the catalogs hold the same thing. `ignoringTimestamps` leaves
/// out the `*_at` columns, to compare catalogs built at different times.
func catalogDump(_ path: String, ignoringTimestamps: Bool = false) throws -> String {
  let store = try CatalogStore(path: path, mode: .readOnly)
  var lines: [String] = []
  for pragma in ["user_version", "application_id"] {
    lines.append(
      "\(pragma)=\(try store.query("PRAGMA \(pragma)").first?.values.first.flatMap { $0 } ?? "nil")"
    )
  }
  let tables = try store.query("SELECT name, sql FROM sqlite_schema ORDER BY name")
  for table in tables {
    lines.append(
      "schema \(table["name"].flatMap { $0 } ?? "?"): \(table["sql"].flatMap { $0 } ?? "")")
  }
  let names = try store.query(
    "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
  )
  .compactMap { $0["name"].flatMap { $0 } }
  for name in names {
    let rows = try store.query("SELECT * FROM \"\(name)\"").map { row in
      row.keys.sorted().filter { !(ignoringTimestamps && $0.hasSuffix("_at")) }.map {
        "\($0)=\(row[$0].flatMap { $0 } ?? "NULL")"
      }.joined(separator: "|")
    }
    for row in rows.sorted() { lines.append("\(name): \(row)") }
  }
  return lines.joined(separator: "\n")
}

/// Counts rows with one SQL query through the store (read-only).
func count(_ sql: String, in path: String) throws -> Int {
  let store = try CatalogStore(path: path, mode: .readOnly)
  return Int(try store.query(sql).first?.values.first.flatMap { $0 } ?? "") ?? -1
}

extension Sandbox {
  /// Writes an executable `/bin/sh` script and returns its path.
  func script(_ name: String, _ body: String) throws -> String {
    // Written close-on-exec and renamed into place (ExecutableCopy), so no process another
    // test starts meanwhile keeps it open for writing: running it then fails with
    // ETXTBSY ("Text file busy", status 126 from the shell).
    let p = path(name)
    try ExecutableCopy.install(
      Data(("#!/bin/sh\n" + body + "\n").utf8), at: URL(fileURLWithPath: p))
    return p
  }

  /// Runs `catalog --db <db> args…` in-process with `$EDITOR` set.
  func runEditing(_ args: [String], editor: String, extra: [String: String] = [:]) -> Run {
    var environment = [
      "CATALOG_TEXT_METRICS": "fixed", "EDITOR": editor,
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
    ]
    for (k, v) in extra { environment[k] = v }
    return run(args, environment: environment)
  }
}

/// Runs the `sqlite3` shell on a file; `nil` when it is not installed.
@discardableResult
func sqlite3(_ path: String, _ sql: String) throws -> Run? {
  let candidates = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3", "/opt/homebrew/bin/sqlite3"]
  guard let shell = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) })
  else { return nil }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: shell)
  process.arguments = [path, sql]
  let out = Pipe()
  let err = Pipe()
  process.standardOutput = out
  process.standardError = err
  try process.run()
  let outData = out.fileHandleForReading.readDataToEndOfFile()
  let errData = err.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return Run(
    status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
    err: String(decoding: errData, as: UTF8.self))
}
