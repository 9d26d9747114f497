import CatalogSystem
import Foundation
import Testing

/// The Foundation stand-ins `catalog` uses instead of Foundation (issue 17, point 4) give
/// Foundation's answers.
@Suite struct CatalogSystemTests {
  @Test("the environment read from environ is ProcessInfo's")
  func environmentMatchesProcessInfo() {
    let environment = ProcessEnvironment.current()
    #expect(environment == ProcessInfo.processInfo.environment)
    #expect(environment["PATH"] != nil)
  }

  @Test(arguments: [0.0, 0.05, 0.15, 0.25, 1.45, 2.5, -0.05, 1234.5678, 1e-7, 99.95, 1e300])
  func fixedMatchesStringFormat(_ value: Double) {
    #expect(TextFormat.fixed(value, digits: 1) == String(format: "%.1f", value))
    #expect(TextFormat.fixed(value, digits: 3) == String(format: "%.3f", value))
  }

  @Test(arguments: [0, 9, 10, 31, 255, 0xFFFF, 0x10FFFF] as [UInt32])
  func hexMatchesStringFormat(_ value: UInt32) {
    #expect(TextFormat.hex(value, width: 4) == String(format: "%04x", value))
    #expect(TextFormat.hex(value, width: 2, uppercase: true) == String(format: "%02X", value))
  }

  @Test(arguments: ["", "  ", " a b ", "\t\na\r\n", "\u{00A0}x\u{2028}", "\u{3000}é\u{85}", "x"])
  func trimmedMatchesTrimmingCharacters(_ text: String) {
    #expect(text.trimmed(.whitespaces) == text.trimmingCharacters(in: .whitespaces))
    #expect(text.trimmed(.newlines) == text.trimmingCharacters(in: .newlines))
    #expect(
      text.trimmed(.whitespacesAndNewlines) == text.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  // NSString's documented answers (Apple's NSString path methods), written out: Linux
  // Foundation's own implementation traps on some of these inputs.
  @Test(arguments: [
    ("a/b/c.json", "c.json", "a/b", "a/b/c.json/n.db"), ("/a", "a", "/", "/a/n.db"),
    ("/", "/", "/", "/n.db"), ("a", "a", "", "a/n.db"), ("a/b/", "b", "a", "a/b/n.db"),
    ("./f", "f", ".", "./f/n.db"), ("", "", "", "n.db"),
  ])
  func pathsFollowNSString(_ path: String, last: String, folder: String, appended: String) {
    #expect(SystemText.lastPathComponent(path) == last)
    #expect(SystemText.deletingLastPathComponent(path) == folder)
    #expect(SystemText.appendingPathComponent(path, "n.db") == appended)
  }

  @Test(arguments: ["a%20b", "%7E%2f", "plain", "%zz", "%4", "%C3%A9", "%FF", "%"])
  func percentDecodingMatchesFoundation(_ text: String) {
    #expect(PercentEncoding.decoded(text) == text.removingPercentEncoding)
  }

  @Test func timestampIsISO8601Basic() {
    #expect(SystemText.basicUTCTimestamp(secondsSince1970: 1_738_315_800) == "20250131T093000Z")
    let now = Date()
    let formatted = ISO8601DateFormatter.string(
      from: now, timeZone: TimeZone(identifier: "UTC")!,
      formatOptions: [.withYear, .withMonth, .withDay, .withTime, .withTimeZone])
    #expect(SystemText.basicUTCTimestamp(secondsSince1970: now.timeIntervalSince1970) == formatted)
  }

  @Test func describeNamesThePathAndTheReason() {
    do {
      _ = try Data(contentsOf: URL(fileURLWithPath: "/nonexistent-catalog-folder/x.json"))
      Issue.record("reading a missing file succeeded")
    } catch {
      #expect(
        SystemText.describe(error)
          == "/nonexistent-catalog-folder/x.json: No such file or directory")
    }
  }

  @Test func childProcessCollectsBothStreamsAndFeedsInput() throws {
    // More than a pipe's capacity each way, so a child blocked on a full pipe would hang.
    let input = [UInt8](repeating: UInt8(ascii: "x"), count: 300_000)
    let result = try ChildProcess.run(
      "/bin/sh", ["-c", "cat; echo oops >&2; exit 3"], input: .bytes(input))
    #expect(result.output == input)
    #expect(result.error == Array("oops\n".utf8))
    #expect(result.status == 3)
    #expect(!result.signalled)
  }

  @Test func childProcessRunsInTheFolderWithTheEnvironment() throws {
    let result = try ChildProcess.run(
      "/bin/sh", ["-c", "pwd; echo \"$GREETING\""], environment: ["GREETING": "hi"],
      directory: "/tmp")
    #expect(String(decoding: result.output, as: UTF8.self) == "/tmp\nhi\n")
  }

  @Test func childProcessReportsSignalsAndMissingPrograms() throws {
    let killed = try ChildProcess.run("/bin/sh", ["-c", "kill -9 $$"])
    #expect(killed.signalled && killed.status == 9)
    #expect(throws: ChildProcessError.self) {
      _ = try ChildProcess.run("/nonexistent/program", [])
    }
  }

  @Test func isWritableMatchesFileManager() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("catalog-writable-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/f"
    #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
    let readOnly = folder + "/r"
    #expect(
      FileManager.default.createFile(
        atPath: readOnly, contents: Data(), attributes: [.posixPermissions: 0o444]))
    for path in [folder, file, readOnly, folder + "/missing", "/proc/version", ""] {
      #expect(
        FileStatus.isWritable(atPath: path) == FileManager.default.isWritableFile(atPath: path),
        "\(path)")
    }
    #expect(FileStatus.isWritable(atPath: file))
  }

  @Test func largeStackThreadRunsDeepRecursion() {
    func depth(_ n: Int) -> Int { n == 0 ? 0 : 1 + depth(n - 1) }
    nonisolated(unsafe) var result = 0
    LargeStackThread.run(stackBytes: 64 << 20) { result = depth(200_000) }
    #expect(result == 200_000)
  }

  @Test func lockSerialisesIncrements() async {
    final class Counter: @unchecked Sendable {
      let lock = Lock()
      var value = 0
    }
    let counter = Counter()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask { for _ in 0..<1000 { counter.lock.withLock { counter.value += 1 } } }
      }
    }
    #expect(counter.value == 8000)
  }
}
