import CatalogCLI
import CatalogModel
import CatalogTokens
import Foundation
import Testing

/// The package's top folder, found from this file.
let cliPackageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let cliSnapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("__Snapshots__")

/// Every example file: the token files first, then the component definitions, as absolute paths.
let exampleFiles: [String] = {
  func files(_ folder: String) -> [String] {
    let url = cliPackageRoot.appendingPathComponent(folder)
    return ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [])
      .filter { $0.hasSuffix(".json") }.sorted().map { url.appendingPathComponent($0).path }
  }
  // Token files and components; the resolver document (density modes) is added where a
  // test needs it.
  return files("examples/tokens").filter { $0.hasSuffix(".tokens.json") }
    + files("examples/components")
}()

/// The names of the example components.
let exampleComponentNames: [String] = exampleFiles.filter { $0.contains("/components/") }
  .map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }.sorted()

/// How many tokens the example token files define.
let exampleTokenCount: Int = exampleFiles.filter { $0.contains("/tokens/") }.reduce(0) {
  total, file in
  let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
  return total + ((try? TokenFileParser.parse(text, file: file))?.tokens.count ?? 0)
}

/// The outcome of one command.
struct Run {
  var status: Int32
  var out: String
  var err: String
}

/// A temporary folder with a catalog path in it; removed when released.
final class Sandbox: @unchecked Sendable {
  let url: URL
  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "CatalogCLITests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }
  deinit { try? FileManager.default.removeItem(at: url) }

  /// A path inside the folder.
  func path(_ name: String) -> String { url.appendingPathComponent(name).path }
  /// The catalog file.
  var db: String { path("catalog.db") }

  /// Writes a file and returns its path.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let p = path(name)
    try text.write(toFile: p, atomically: true, encoding: .utf8)
    return p
  }

  /// Runs `catalog --db <db> args…` in-process.
  func run(
    _ args: [String], environment: [String: String] = ["CATALOG_TEXT_METRICS": "fixed"],
    db: String? = nil
  ) -> Run {
    catalog(["--db", db ?? self.db] + args, environment: environment)
  }

  /// A catalog with every example added.
  static func withExamples() throws -> Sandbox {
    let sandbox = try Sandbox()
    let initRun = sandbox.run(["init"])
    #expect(initRun.status == 0, "init failed: \(initRun.err)")
    let add = sandbox.run(["add"] + exampleFiles)
    #expect(add.status == 0, "add failed: \(add.err)")
    return sandbox
  }
}

extension Sandbox {
  /// The example catalog (`init --example`) with the component `Gap` (a spacer) added from
  /// the file `Gap.json` in the sandbox.
  /// - Returns: the sandbox and the path of `Gap.json`.
  static func exampleWithGap() throws -> (Sandbox, gapFile: String) {
    let s = try Sandbox()
    #expect(s.run(["init", "--example"]).status == 0)
    let file = try s.write(
      "Gap.json", #"{"name": "Gap", "body": {"type": "Spacer", "minLength": 8}}"#)
    #expect(s.run(["add", file]).status == 0)
    return (s, file)
  }

  /// Makes the catalog file read-only (mode 444) in a folder anyone may write (mode 1777),
  /// with `otherFiles` readable by anyone: what a second user meets who may read the
  /// catalog but not write it.
  func makeCatalogReadOnlyInASharedFolder(otherFiles: [String] = []) throws {
    let fm = FileManager.default
    try fm.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: url.path)
    try fm.setAttributes([.posixPermissions: 0o444], ofItemAtPath: db)
    for file in otherFiles { try fm.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file) }
  }
}

/// Runs `catalog args…` in-process.
/// In-process tests use the deterministic fixed-advance text model unless they say otherwise.
func catalog(_ args: [String], environment: [String: String] = ["CATALOG_TEXT_METRICS": "fixed"])
  -> Run
{
  let output = Output()
  let status = CatalogCommand.run(args, environment: environment, output: output)
  return Run(status: status, out: output.standardOutput, err: output.standardError)
}

/// Compares `actual` with `__Snapshots__/<name>` of this target; records it when it is
/// missing or `RECORD_GOLDENS=1`, and then fails asking for a re-run.
func assertSnapshot(
  _ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  let url = cliSnapshots.appendingPathComponent(name)
  let record = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
  guard !record, let expected = try? String(contentsOf: url, encoding: .utf8) else {
    do {
      try FileManager.default.createDirectory(at: cliSnapshots, withIntermediateDirectories: true)
      try actual.write(to: url, atomically: true, encoding: .utf8)
      Issue.record("recorded \(url.path), re-run (and review it)", sourceLocation: sourceLocation)
    } catch {
      Issue.record("cannot write \(url.path): \(error)", sourceLocation: sourceLocation)
    }
    return
  }
  if expected != actual {
    let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var diff: [String] = []
    for i in 0..<max(a.count, b.count) {
      let l = i < a.count ? String(a[i]) : nil
      let r = i < b.count ? String(b[i]) : nil
      if l != r {
        if let l { diff.append("- \(l)") }
        if let r { diff.append("+ \(r)") }
      }
    }
    Issue.record(
      "\(name) differs from the snapshot (RECORD_GOLDENS=1 to re-record):\n\(diff.joined(separator: "\n"))",
      sourceLocation: sourceLocation)
  }
}

/// Parses JSON output.
func json(_ text: String) throws -> JSONValue {
  try JSONParser.parse(text, file: "stdout").root
}

/// Opens a named pipe (FIFO) for writing every 0.2 s, for up to 30 s, so that a command
/// that still waits in `open(2)` for a writer ends and its test fails instead of hanging.
final class FIFOUnblocker: @unchecked Sendable {
  private let lock = NSLock()
  private var stopped = false

  /// Starts opening `path` for writing on a thread of its own.
  init(_ path: String) {
    Thread { [self] in
      let deadline = Date().addingTimeInterval(30)
      while !lock.withLock({ stopped }) && Date() < deadline {
        Thread.sleep(forTimeInterval: 0.2)
        let fd = open(path, O_WRONLY | O_NONBLOCK)
        if fd >= 0 { close(fd) }
      }
    }.start()
  }

  /// Ends the thread's loop.
  func stop() { lock.withLock { stopped = true } }
}
