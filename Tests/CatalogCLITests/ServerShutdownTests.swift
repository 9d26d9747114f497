import CatalogServer
import CatalogSystem
import Dispatch
import Foundation
import Testing

/// Review 19: `catalog serve` could not be stopped while a request was running (stopping
/// waited for it without end). `CatalogServer.shutDown(within:)` bounds the wait: no new
/// request is answered, the ones in flight have until the bound, then they are abandoned.
@Suite(.serialized) struct ServerShutdownTests {
  /// A request held open by the test (``CatalogServer/beforeAnswering``), and a thread
  /// sending it.
  final class HeldRequest: @unchecked Sendable {
    let release = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    var status: Int?

    /// Sends GET `path` on a thread of its own.
    func send(_ port: UInt16, _ path: String) {
      Thread.detachNewThread {
        self.status = try? LoopbackHTTP.request(port, path, timeout: 30).status
        self.done.signal()
      }
    }
  }

  /// Waits (bounded: 10 s) until the server answers `count` requests.
  func waitUntilRunning(_ server: CatalogServer, _ count: Int) {
    for _ in 0..<200 where server.requestsRunning < count { usleep(50_000) }
  }

  @Test func aRequestStillRunningAfterTheBoundIsAbandonedAndTheStopIsPrompt() throws {
    let sandbox = try Sandbox.withExamples()
    let server = try CatalogServer(.init(databasePath: sandbox.db, port: 0)) { _ in }
    let held = HeldRequest()
    server.beforeAnswering = { held.release.wait() }
    try server.start()
    held.send(server.port, "/api/components")
    waitUntilRunning(server, 1)
    #expect(server.requestsRunning == 1)
    let start = DispatchTime.now().uptimeNanoseconds
    let outcome = server.shutDown(within: 0.5)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    // Before the fix, stopping waited for the request: here, forever.
    #expect(outcome == .abandoned(requests: 1, closedCatalog: true))
    #expect(seconds < 5, "the stop took \(seconds) s")
    // The catalog is closed: SQLite removed its -shm.
    #expect(!FileManager.default.fileExists(atPath: sandbox.db + "-shm"))
    held.release.signal()
    #expect(held.done.wait(timeout: .now() + 30) == .success)
    // The abandoned request, let go after the stop, reads no closed catalog: its connection
    // was shut by the stop (no answer), or it is a 503; the process goes on.
    #expect(held.status == nil || held.status == 503, "\(String(describing: held.status))")
  }

  @Test func aRequestThatEndsWithinTheBoundIsAnswered() throws {
    let sandbox = try Sandbox.withExamples()
    let server = try CatalogServer(.init(databasePath: sandbox.db, port: 0)) { _ in }
    let held = HeldRequest()
    server.beforeAnswering = { usleep(300_000) }
    try server.start()
    held.send(server.port, "/api/components")
    waitUntilRunning(server, 1)
    #expect(server.shutDown(within: 20) == .finished)
    #expect(held.done.wait(timeout: .now() + 30) == .success)
    #expect(held.status == 200)
    #expect(server.requestsRunning == 0)
  }

  /// A connection opened before the stop that sends its request while the stop waits for
  /// another gets 503 with `Connection: close`; the request waited for is answered.
  @Test func aRequestOnAnOpenConnectionDuringTheStopGets503() throws {
    let sandbox = try Sandbox.withExamples()
    let server = try CatalogServer(.init(databasePath: sandbox.db, port: 0)) { _ in }
    let held = HeldRequest()
    // Only the first request is held.
    let first = FirstOnly()
    server.beforeAnswering = { if first.take() { held.release.wait() } }
    try server.start()
    let port = server.port
    held.send(port, "/api/components")
    waitUntilRunning(server, 1)
    // Connection B, open before the stop, silent until it began.
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #expect(fd >= 0)
    defer { close(fd) }
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) { p in
      p.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    #expect(connected == 0)
    usleep(200_000)
    let outcome = Box()
    let stopping = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      outcome.value = server.shutDown(within: 20)
      stopping.signal()
    }
    usleep(500_000)
    let request = Array("GET /api/tokens HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
    #expect(request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) } == request.count)
    var buffer = [UInt8](repeating: 0, count: 4096)
    let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    let reply = String(decoding: buffer.prefix(max(n, 0)), as: UTF8.self)
    #expect(reply.hasPrefix("HTTP/1.1 503"), "\(reply)")
    #expect(reply.lowercased().contains("connection: close"), "\(reply)")
    held.release.signal()
    #expect(stopping.wait(timeout: .now() + 30) == .success)
    #expect(outcome.value == .finished)
    #expect(held.done.wait(timeout: .now() + 30) == .success)
    #expect(held.status == 200)
  }

  /// True once, for the first caller.
  final class FirstOnly: @unchecked Sendable {
    private let lock = Lock()
    private var taken = false
    func take() -> Bool {
      lock.withLock {
        defer { taken = true }
        return !taken
      }
    }
  }

  /// A value set on another thread.
  final class Box: @unchecked Sendable {
    var value: CatalogServer.ShutdownOutcome?
  }

  @Test func stopWaitingEndsTheWaitAtOnce() throws {
    let sandbox = try Sandbox.withExamples()
    let server = try CatalogServer(.init(databasePath: sandbox.db, port: 0)) { _ in }
    let held = HeldRequest()
    server.beforeAnswering = { held.release.wait() }
    try server.start()
    let port = server.port
    held.send(port, "/")
    waitUntilRunning(server, 1)
    // A second Ctrl-C, a second after the first.
    DispatchQueue.global().asyncAfter(deadline: .now() + 1) { server.stopWaiting() }
    let start = DispatchTime.now().uptimeNanoseconds
    let outcome = server.shutDown(within: 600)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    #expect(outcome == .abandoned(requests: 1, closedCatalog: true))
    #expect(seconds < 60, "the stop took \(seconds) s")
    // No new connection is accepted once stopping began.
    #expect(throws: (any Error).self) { try LoopbackHTTP.request(port, "/api/components") }
    held.release.signal()
    #expect(held.done.wait(timeout: .now() + 30) == .success)
  }

  /// The built binary, with a deliberately slow request in flight (the site of 400
  /// components, each instancing the one before in chains of 100: tens of seconds in a
  /// debug build), stops within the bound after SIGTERM, exits 0 and says what it abandoned.
  /// Before, it kept running until the request ended.
  @Test(.enabled(if: builtBinary != nil))
  func theBinaryStopsPromptlyDuringASlowRequest() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    var files: [String] = []
    for i in 0..<400 {
      let next = i % 100 == 0 ? "" : #", {"type": "C\#(i - 1)"}"#
      files.append(
        try s.write(
          "C\(i).json",
          #"{"name": "C\#(i)", "body": {"type": "VStack", "children": [{"type": "Text", "text": "a"}, {"type": "Text", "text": "b"}\#(next)]}, "variants": {"x": {}, "y": {}}}"#
        ))
    }
    #expect(s.run(["add", "--quiet"] + files).status == 0)
    let process = Process()
    process.executableURL = binary
    process.arguments = ["--db", s.db, "serve", "--port", "0"]
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    defer {
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
    }
    let line = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
    let port = try #require(
      line.split(separator: ":").last.flatMap { UInt16($0.split(separator: "/").first ?? "") },
      "\(line)")
    let held = HeldRequest()
    held.send(port, "/")
    usleep(1_000_000)
    let start = DispatchTime.now().uptimeNanoseconds
    kill(process.processIdentifier, SIGTERM)
    for _ in 0..<300 where process.isRunning { usleep(50_000) }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    #expect(!process.isRunning, "serve did not stop within 15 s of SIGTERM")
    guard !process.isRunning else { return }
    #expect(seconds < 12, "the stop took \(seconds) s")
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 0)
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(message.contains("Stopping (SIGTERM): waiting up to 5 s for 1 request"), "\(message)")
    #expect(
      message.contains("Stopped (SIGTERM); 1 request still running was abandoned"), "\(message)")
    #expect(held.done.wait(timeout: .now() + 30) == .success)
    #expect(held.status == nil, "the abandoned request got an answer")
  }
}
