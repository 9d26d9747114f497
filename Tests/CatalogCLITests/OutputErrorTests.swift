import Foundation
import Testing

/// Issue 12, point 7: every write of standard output and of `--output` files is checked;
/// a full disk is an error (exit 1 with a message), a closed pipe ends quietly.
@Suite(.serialized) struct OutputErrorTests {
  /// Runs the binary with standard output going to `stdoutPath` (a device such as
  /// /dev/full), capturing standard error.
  func run(_ args: [String], stdout stdoutPath: String, in s: Sandbox) throws -> Run {
    let binary = try #require(builtBinary)
    let process = Process()
    process.executableURL = binary
    process.arguments = args
    process.currentDirectoryURL = s.url
    process.environment = ["CATALOG_TEXT_METRICS": "fixed", "PATH": "/usr/bin:/bin"]
    let out = try #require(FileHandle(forWritingAtPath: stdoutPath))
    let errURL = s.url.appendingPathComponent(".stderr")
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let err = try FileHandle(forWritingTo: errURL)
    process.standardOutput = out
    process.standardError = err
    try process.run()
    process.waitUntilExit()
    try err.close()
    return Run(
      status: process.terminationStatus, out: "",
      err: try String(contentsOf: errURL, encoding: .utf8))
  }

  func sandbox() throws -> Sandbox {
    let s = try Sandbox()
    let tokens = try s.write(
      "spacing.tokens.json",
      #"{"space": {"$type": "dimension", "md": {"$value": {"value": 8, "unit": "px"}}}}"#)
    let card = try s.write(
      "Card.json", #"{"name": "Card", "body": {"type": "Text", "text": "Hi"}}"#)
    #expect(s.run(["add", tokens, card]).status == 0)
    return s
  }

  @Test(arguments: [
    ["list"], ["show", "Card"], ["render", "Card"], ["tokens", "export", "--format", "css"],
    ["--help"],
  ])
  func aFullStandardOutputIsAnError(_ args: [String]) throws {
    let s = try sandbox()
    let run = try run(["--db", s.db] + args, stdout: "/dev/full", in: s)
    #expect(run.status == 1)
    #expect(
      run.err.contains("Error: cannot write to standard output: No space left on device"),
      "\(run.err)")
  }

  @Test(arguments: [
    ["render", "Card"], ["render", "Card", "--format", "svg"],
    ["tokens", "export", "--format", "swift"],
  ])
  func aFullOutputFileIsAnError(_ args: [String]) throws {
    let s = try sandbox()
    let run = try run(
      ["--db", s.db] + args + ["--output", "/dev/full"], stdout: "/dev/null", in: s)
    #expect(run.status == 1)
    #expect(run.err.contains("cannot write '/dev/full': No space left on device"), "\(run.err)")
    #expect(!run.err.contains("Wrote"))
  }

  @Test func aClosedPipeEndsQuietly() throws {
    let binary = try #require(builtBinary)
    let s = try sandbox()
    // A large output (a definition with a long text) read by a reader that stops at once.
    let long = try s.write(
      "Long.json",
      #"{"name": "Long", "body": {"type": "Text", "text": ""#
        + String(repeating: "x", count: 400_000) + #""}}"#)
    #expect(s.run(["add", long]).status == 0)
    let pipe = Pipe()
    let process = Process()
    process.executableURL = binary
    process.arguments = ["--db", s.db, "show", "Long"]
    process.standardOutput = pipe
    let errURL = s.url.appendingPathComponent(".stderr")
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let err = try FileHandle(forWritingTo: errURL)
    process.standardError = err
    try process.run()
    _ = pipe.fileHandleForReading.readData(ofLength: 10)
    try pipe.fileHandleForReading.close()
    process.waitUntilExit()
    try err.close()
    // SIGPIPE's default action (status 141 in a shell) or a quiet exit: never a message.
    #expect(try String(contentsOf: errURL, encoding: .utf8).isEmpty)
    #expect(
      process.terminationReason == .uncaughtSignal
        ? process.terminationStatus == SIGPIPE : process.terminationStatus == 0)
  }
}
