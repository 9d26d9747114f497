import Foundation
import Testing

/// The built `catalog` executable: next to the test bundle (the products folder), else in
/// the package's default `.build/debug`.
let builtBinary: URL? = {
  var folders: [URL] = []
  if let executable = Bundle.main.executableURL {
    folders.append(executable.deletingLastPathComponent())
  }
  folders.append(Bundle.main.bundleURL.deletingLastPathComponent())
  for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
    folders.append(bundle.bundleURL.deletingLastPathComponent())
  }
  if let argument = CommandLine.arguments.first {
    folders.append(URL(fileURLWithPath: argument).deletingLastPathComponent())
  }
  folders.append(cliPackageRoot.appendingPathComponent(".build/debug"))
  for folder in folders {
    // On Linux the test bundle is a file in the products folder; on macOS it is a
    // .xctest directory whose executable is inside Contents/MacOS.
    for candidate in [
      folder,
      folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent(),
    ] {
      let url = candidate.appendingPathComponent("catalog")
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
        !isDirectory.boolValue,
        FileManager.default.isExecutableFile(atPath: url.path)
      {
        return url
      }
    }
  }
  return nil
}()

/// Runs the executable with stdout and stderr captured separately (through files, so a
/// large output cannot block the pipe); with a `deadline` (seconds), a process still running
/// then is ended and reported as status -1, so a hang fails its test instead of the run.
func runBinary(
  _ binary: URL, _ args: [String], in directory: URL, environment: [String: String] = [:],
  deadline: Double? = nil
) throws -> Run {
  var env = ProcessInfo.processInfo.environment
  env["CATALOG_TEXT_METRICS"] = "fixed"
  env["CATALOG_DB"] = nil
  for (k, v) in environment { env[k] = v }
  let id = UUID().uuidString
  let outURL = directory.appendingPathComponent(".stdout-\(id)")
  let errURL = directory.appendingPathComponent(".stderr-\(id)")
  _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
  _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
  let outHandle = try FileHandle(forWritingTo: outURL)
  let errHandle = try FileHandle(forWritingTo: errURL)
  // Retried while the file is busy (ETXTBSY: a copy still open for writing somewhere).
  let process = try ExecutableCopy.run {
    let process = Process()
    process.executableURL = binary
    process.arguments = args
    process.currentDirectoryURL = directory
    process.environment = env
    process.standardOutput = outHandle
    process.standardError = errHandle
    process.standardInput = FileHandle.nullDevice
    return process
  }
  var ended = false
  if let deadline {
    let end = Date().addingTimeInterval(deadline)
    while process.isRunning && Date() < end { Thread.sleep(forTimeInterval: 0.1) }
    if process.isRunning {
      process.terminate()
      ended = true
    }
  }
  process.waitUntilExit()
  try outHandle.close()
  try errHandle.close()
  defer {
    try? FileManager.default.removeItem(at: outURL)
    try? FileManager.default.removeItem(at: errURL)
  }
  if ended { return Run(status: -1, out: "", err: "still running after \(deadline ?? 0) s: ended") }
  let out = try String(contentsOf: outURL, encoding: .utf8)
  let err = try String(contentsOf: errURL, encoding: .utf8)
  return Run(status: process.terminationStatus, out: out, err: err)
}

/// Whether `runBinaryUnprivileged` runs as a user other than the files' owner: root, with
/// `setpriv` (util-linux) to become `nobody`.
let canActAsAnotherUser =
  geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

/// Whether `runBinaryUnprivileged` can run a user whose writes file modes stop: any user but
/// root, or root with `setpriv`.
let canRunUnprivileged =
  geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

/// Runs the executable as a user who may not write the catalog: as `nobody` through
/// `setpriv` when the tests run as root (root's writes are not stopped by file modes),
/// else as the current user.
func runBinaryUnprivileged(_ binary: URL, _ args: [String]) throws -> Run {
  var command = [binary.path] + args
  if geteuid() == 0 {
    command = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + command
  }
  return try runBinary(
    URL(fileURLWithPath: command[0]), Array(command.dropFirst()),
    in: FileManager.default.temporaryDirectory)
}

@Suite(.serialized) struct BinaryTests {
  func binary() throws -> URL {
    try #require(
      builtBinary,
      "cannot find the built 'catalog' executable next to the test bundle (\(Bundle.main.bundlePath)); build with 'swift build --build-tests'"
    )
  }

  @Test func renderFromAFreshCatalog() throws {
    let binary = try binary()
    let s = try Sandbox()
    let initRun = try runBinary(binary, ["--db", s.db, "init"], in: s.url)
    #expect(initRun.status == 0, "\(initRun.err)")
    #expect(initRun.err == "")
    let add = try runBinary(binary, ["--db", s.db, "add"] + exampleFiles, in: s.url)
    #expect(add.status == 0, "\(add.err)")
    #expect(add.err == "")
    #expect(add.out.contains("Added TrackRow (revision 1)"))
    let render = try runBinary(
      binary, ["--db", s.db, "render", "TrackRow", "--explain"], in: s.url)
    #expect(render.status == 0)
    #expect(render.err == "")
    #expect(render.out.hasPrefix("TrackRow on ios, proposed nil×nil: 68×30\n"))
    // The binary and the in-process command agree byte for byte.
    let inProcess = s.run(["render", "TrackRow", "--explain"])
    #expect(render.out == inProcess.out)
  }

  @Test func usageErrorExits64OnStderr() throws {
    let binary = try binary()
    let s = try Sandbox()
    let r = try runBinary(binary, ["list", "--bogus"], in: s.url)
    #expect(r.status == 64)
    #expect(r.out == "")
    #expect(r.err.hasPrefix("Error: Unknown option '--bogus'\nUsage: catalog list"))
  }

  @Test func helpGoesToStdout() throws {
    let binary = try binary()
    let s = try Sandbox()
    let r = try runBinary(binary, ["render", "--help"], in: s.url)
    #expect(r.status == 0)
    #expect(r.err == "")
    #expect(r.out.hasPrefix("OVERVIEW: "))
  }

  @Test func missingCatalogExits1() throws {
    let binary = try binary()
    let s = try Sandbox()
    let r = try runBinary(binary, ["render", "TrackRow"], in: s.url)
    #expect(r.status == 1)
    #expect(r.out == "")
    #expect(
      r.err
        == "Error: no catalog at 'catalog.db'; create one with 'catalog init', or choose another with --db or $CATALOG_DB\n"
    )
    #expect(!FileManager.default.fileExists(atPath: s.db))
  }

  @Test func catalogDBFromTheEnvironment() throws {
    let binary = try binary()
    let s = try Sandbox()
    let path = s.path("env.db")
    let r = try runBinary(binary, ["init"], in: s.url, environment: ["CATALOG_DB": path])
    #expect(r.status == 0)
    #expect(FileManager.default.fileExists(atPath: path))
    #expect(!FileManager.default.fileExists(atPath: s.db))
  }

  @Test func copiedBinaryWorksAwayFromTheBuildFolder() throws {
    let binary = try binary()
    let s = try Sandbox()
    let copy = s.url.appendingPathComponent("bin/catalog")
    try FileManager.default.createDirectory(
      at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
    // Written through a close-on-exec descriptor and renamed into place, so no child
    // forked meanwhile holds it open for writing (ETXTBSY on exec).
    try ExecutableCopy.copy(binary, to: copy)
    let work = s.url.appendingPathComponent("work")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    // Default database in the working folder: ./catalog.db.
    let initRun = try runBinary(copy, ["init"], in: work)
    #expect(initRun.status == 0, "\(initRun.err)")
    #expect(initRun.out.hasPrefix("Initialized catalog at catalog.db (schema version "))
    #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("catalog.db").path))
    let add = try runBinary(copy, ["add"] + exampleFiles, in: work)
    #expect(add.status == 0, "\(add.err)")
    let render = try runBinary(copy, ["render", "TrackListRow", "--width", "320"], in: work)
    #expect(render.status == 0, "\(render.err)")
    #expect(render.err == "")
    #expect(render.out.hasPrefix("TrackListRow on ios, proposed 320×nil: 320×44\n"))
  }
}
