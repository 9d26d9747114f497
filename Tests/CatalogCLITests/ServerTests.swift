import CatalogModel
import CatalogServer
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A minimal HTTP/1.1 client over a loopback socket (the tests' side only; the server is
/// libmicrohttpd): one request per connection, bounded by a five-second socket timeout.
enum LoopbackHTTP {
  struct Reply {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func request(
    _ port: UInt16, _ path: String, method: String = "GET", headers: [String: String] = [:],
    timeout seconds: Int = 5
  ) throws -> Reply {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw Failure(description: "socket: \(errno)") }
    defer { close(fd) }
    var timeout = timeval(tv_sec: seconds, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) { p in
      p.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw Failure(description: "connect: errno \(errno)") }
    var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
    for (k, v) in headers { head += "\(k): \(v)\r\n" }
    head += "\r\n"
    let bytes = Array(head.utf8)
    guard bytes.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, 0) }) == bytes.count else {
      throw Failure(description: "send failed")
    }
    var data: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    // Bounded: at most 64 MiB, and each read times out after five seconds.
    while data.count < 64 * 1_048_576 {
      let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if n == 0 { break }
      guard n > 0 else {
        throw Failure(description: "recv: errno \(errno) after \(data.count) bytes")
      }
      data.append(contentsOf: buffer[0..<n])
    }
    guard let split = findHeaderEnd(data) else {
      throw Failure(description: "no header end in \(data.count) bytes")
    }
    let headText = String(decoding: data[0..<split], as: UTF8.self)
    let lines = headText.components(separatedBy: "\r\n")
    let parts = lines[0].split(separator: " ")
    guard parts.count >= 2, let status = Int(parts[1]) else {
      throw Failure(description: "bad status line \(lines[0])")
    }
    var fields: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
        in: .whitespaces)
    }
    return Reply(status: status, headers: fields, body: Array(data[(split + 4)...]))
  }

  static func findHeaderEnd(_ data: [UInt8]) -> Int? {
    guard data.count >= 4 else { return nil }
    for i in 0...(data.count - 4)
    where data[i] == 13 && data[i + 1] == 10 && data[i + 2] == 13 && data[i + 3] == 10 { return i }
    return nil
  }
}

/// `catalog serve`: routes, live reload, concurrency, and a real browser.
@Suite(.serialized) struct ServerTests {
  static func server(_ sandbox: Sandbox) throws -> CatalogServer {
    let server = try CatalogServer(.init(databasePath: sandbox.db, port: 0)) { _ in }
    try server.start()
    return server
  }

  @Test func routesAnswerWithTypesETagsAndJSONErrors() throws {
    let sandbox = try Sandbox.withExamples()
    let server = try Self.server(sandbox)
    defer { server.stop() }
    let port = server.port
    #expect(port != 0)
    let cases: [(String, Int, String)] = [
      ("/", 200, "text/html; charset=utf-8"),
      ("/components/TrackRow.html", 200, "text/html; charset=utf-8"),
      ("/tokens/space.sm.html", 200, "text/html; charset=utf-8"),
      ("/tokens/no.such.token.html", 404, "application/json; charset=utf-8"),
      ("/api/components", 200, "application/json; charset=utf-8"),
      (
        "/api/components/TrackRow?variant=no-artist&width=320", 200,
        "application/json; charset=utf-8"
      ),
      ("/api/tokens", 200, "application/json; charset=utf-8"),
      ("/api/tokens/space.sm", 200, "application/json; charset=utf-8"),
      ("/tokens.css", 200, "text/css; charset=utf-8"),
      ("/tokens.swift", 200, "text/x-swift; charset=utf-8"),
      ("/tokens.json", 200, "application/json; charset=utf-8"),
      ("/render/TrackRow.svg", 200, "image/svg+xml; charset=utf-8"),
      ("/api/components/Nope", 404, "application/json; charset=utf-8"),
      ("/api/components/TrackRow?variant=nope", 404, "application/json; charset=utf-8"),
      ("/api/components/TrackRow?width=-3", 400, "application/json; charset=utf-8"),
      ("/../catalog.db", 404, "application/json; charset=utf-8"),
      ("/components/..%2F..%2Fcatalog.db", 404, "application/json; charset=utf-8"),
      ("/nothing", 404, "application/json; charset=utf-8"),
    ]
    for (path, status, type) in cases {
      let reply = try LoopbackHTTP.request(port, path)
      #expect(reply.status == status, "\(path): \(reply.status) \(reply.text.prefix(200))")
      #expect(reply.headers["content-type"] == type, "\(path)")
      if status != 200 {
        #expect(
          try json(reply.text).objectValue?["error"]?.objectValue?["status"]
            == .number(Double(status)), "\(path)")
      }
    }
    let post = try LoopbackHTTP.request(port, "/api/tokens", method: "POST")
    #expect(post.status == 405 && post.headers["allow"] == "GET, HEAD")
    // The token's users.
    let token = try json(try LoopbackHTTP.request(port, "/api/tokens/space.sm").text).objectValue
    #expect(token?["points"] == .number(8))
    #expect(
      token?["users"]?.arrayValue?.contains { $0.objectValue?["component"] == .string("TrackRow") }
        == true)
    // ETag and If-None-Match.
    let first = try LoopbackHTTP.request(port, "/tokens.css")
    let etag = try #require(first.headers["etag"])
    let again = try LoopbackHTTP.request(port, "/tokens.css", headers: ["If-None-Match": etag])
    #expect(again.status == 304 && again.body.isEmpty)
    #expect(
      try LoopbackHTTP.request(port, "/tokens.css", headers: ["If-None-Match": "\"other\""]).status
        == 200)
    // HEAD: headers without a body.
    let head = try LoopbackHTTP.request(port, "/api/tokens", method: "HEAD")
    #expect(head.status == 200 && head.body.isEmpty)
  }

  @Test func aChangeSavedByTheCLIShowsOnTheNextRequest() throws {
    let sandbox = try Sandbox.withExamples()
    let server = try Self.server(sandbox)
    defer { server.stop() }
    let before = server.response(method: "GET", path: "/api/tokens/space.sm", query: [:])
    #expect(
      try json(String(decoding: before.body, as: UTF8.self)).objectValue?["points"] == .number(8))
    #expect(sandbox.run(["tokens", "set", "space.sm", "13"]).status == 0)
    let after = server.response(method: "GET", path: "/api/tokens/space.sm", query: [:])
    #expect(
      try json(String(decoding: after.body, as: UTF8.self)).objectValue?["points"] == .number(13))
    #expect(before.etag != after.etag)
    let css = server.response(method: "GET", path: "/tokens.css", query: [:])
    #expect(String(decoding: css.body, as: UTF8.self).contains("13"))
  }

  @Test func bindRefusesWhatIsNotAnAddress() throws {
    let sandbox = try Sandbox.withExamples()
    let server = try CatalogServer(
      .init(databasePath: sandbox.db, bindAddress: "example.com", port: 0)
    ) { _ in }
    #expect(throws: ServerStartError.self) { try server.start() }
    #expect(sandbox.run(["serve", "--port", "70000"]).status == 64)
  }

  /// 50 clients × 200 requests over loopback while another process saves token changes:
  /// every request must succeed. Prints the latency percentiles (not asserted: machines vary).
  @Test(.enabled(if: builtBinary != nil, "needs the built catalog for the writing process"))
  func fiftyConcurrentClientsWhileAnotherProcessWrites() throws {
    let binary = try #require(builtBinary)
    let sandbox = try Sandbox.withExamples()
    let server = try Self.server(sandbox)
    defer { server.stop() }
    let port = server.port
    let paths = [
      "/api/components", "/api/tokens/space.sm", "/tokens.css", "/", "/components/TrackRow.html",
      "/api/components/TrackRow?width=320", "/render/AlbumCard.svg",
    ]
    let clients = 50
    let perClient = 200
    // On a loaded machine (load average 15–30 on 2 cores) a request waits its turn for
    // seconds: the bounds grow with the load, so only a real hang or deadlock (no answer
    // at all within them) fails the test (LoadScaling).
    let scale = LoadScaling.factor
    let requestTimeout = 5 * scale
    final class Results: @unchecked Sendable {
      let lock = NSLock()
      var latencies: [Double] = []
      var errors: [String] = []
      var done = false
      var writes = 0
    }
    let results = Results()
    // The writer: another process saving a new value of space.sm, until the clients finish.
    let writer = Thread {
      var i = 0
      while i < 200 {
        results.lock.lock()
        let finished = results.done
        results.lock.unlock()
        if finished { break }
        let run = try? runBinary(
          binary, ["--db", sandbox.db, "tokens", "set", "space.sm", "\(8 + i % 5)"], in: sandbox.url
        )
        results.lock.lock()
        if run?.status != 0 {
          results.errors.append("writer: \(run?.err ?? "did not run")")
        } else {
          results.writes += 1
        }
        results.lock.unlock()
        i += 1
      }
    }
    writer.start()
    let group = DispatchGroup()
    let started = DispatchTime.now().uptimeNanoseconds
    for c in 0..<clients {
      group.enter()
      let thread = Thread {
        var mine: [Double] = []
        var errors: [String] = []
        for r in 0..<perClient {
          let path = paths[(c + r) % paths.count]
          let t0 = DispatchTime.now().uptimeNanoseconds
          do {
            let reply = try LoopbackHTTP.request(port, path, timeout: requestTimeout)
            if reply.status != 200 || reply.body.isEmpty {
              errors.append("\(path): \(reply.status)")
            }
          } catch {
            errors.append("\(path): \(error)")
          }
          mine.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1_000_000)
        }
        results.lock.lock()
        results.latencies += mine
        results.errors += errors
        results.lock.unlock()
        group.leave()
      }
      thread.stackSize = 1 << 20
      thread.start()
    }
    let finished = group.wait(timeout: .now() + .seconds(120 * scale))
    #expect(
      finished == .success,
      "the clients did not finish within \(120 * scale) s (load scale \(scale))")
    results.lock.lock()
    results.done = true
    results.lock.unlock()
    while writer.isExecuting { usleep(10_000) }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    results.lock.lock()
    let latencies = results.latencies.sorted()
    let errors = results.errors
    let writes = results.writes
    results.lock.unlock()
    #expect(writes > 0, "the other process saved nothing while the clients ran")
    #expect(errors.isEmpty, "\(errors.count) errors, first: \(errors.prefix(5))")
    #expect(latencies.count == clients * perClient)
    func percentile(_ p: Double) -> Double {
      latencies.isEmpty ? 0 : latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))]
    }
    print(
      String(
        format:
          "serve: %d clients × %d requests in %.1f s (%.0f requests/s) while another process saved %d changes; latency p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms",
        clients, perClient, seconds, Double(latencies.count) / seconds, writes, percentile(0.5),
        percentile(0.9), percentile(0.99), latencies.last ?? 0))
    // The last value written is what the server shows now.
    let last = try json(try LoopbackHTTP.request(port, "/api/tokens/space.sm").text).objectValue?[
      "points"]
    let stored = try json(sandbox.run(["tokens", "get", "space.sm", "--json"]).out).objectValue?[
      "points"]
    #expect(last == stored)
  }

  /// Headless Chromium loads the index and a component page from `catalog serve` (the built
  /// binary, as a subprocess) without a console message.
  @Test(
    .enabled(if: builtBinary != nil && chromiumPath != nil, "needs the built catalog and chromium"))
  func chromiumLoadsTheSiteFromTheServer() throws {
    let binary = try #require(builtBinary)
    let browser = try #require(chromiumPath)
    let sandbox = try Sandbox.withExamples()
    let process = Process()
    process.executableURL = binary
    process.arguments = ["--db", sandbox.db, "serve", "--port", "0"]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer {
      process.terminate()
      // Bounded: five seconds for SIGTERM, then SIGKILL.
      for _ in 0..<50 where process.isRunning { usleep(100_000) }
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
    }
    // The first line names the port.
    let line = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
    let port = try #require(
      line.split(separator: ":").last.flatMap { UInt16($0.split(separator: "/").first ?? "") },
      "\(line)")
    for path in ["/", "/components/TrackRow.html"] {
      let result = try runChromium(browser, URL(string: "http://127.0.0.1:\(port)\(path)")!)
      #expect(
        result.dom.contains("<h1>"), "\(path): \(result.dom.prefix(300)) \(result.log.suffix(1000))"
      )
      let console = result.log.split(separator: "\n").filter { $0.contains(":CONSOLE") }
      #expect(console.isEmpty, "\(path): \(console)")
    }
  }
}

/// Debian's chromium, as in Tests/CatalogRenderTests/Chromium.swift.
let chromiumPath: String? = {
  let env = ProcessInfo.processInfo.environment
  if let p = env["CHROMIUM"], FileManager.default.isExecutableFile(atPath: p) { return p }
  for dir in (env["PATH"] ?? "/usr/bin").split(separator: ":") {
    for name in ["chromium", "chromium-browser", "google-chrome"]
    where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
      return "\(dir)/\(name)"
    }
  }
  return nil
}()

/// Loads a page headless and returns the DOM and the browser's log (console messages are
/// `CONSOLE` lines with `--enable-logging=stderr`).
func runChromium(_ path: String, _ url: URL) throws -> (dom: String, log: String) {
  let profile = FileManager.default.temporaryDirectory.appendingPathComponent(
    "catalog-chromium-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: profile) }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = [
    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
    "--no-proxy-server",
    "--user-data-dir=\(profile.path)", "--enable-logging=stderr", "--v=0",
    "--virtual-time-budget=5000", "--dump-dom", url.absoluteString,
  ]
  let logURL = profile.appendingPathExtension("log")
  _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
  defer { try? FileManager.default.removeItem(at: logURL) }
  let log = try FileHandle(forWritingTo: logURL)
  let out = Pipe()
  process.standardOutput = out
  process.standardError = log
  try process.run()
  let dom = out.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  try log.close()
  return (
    String(decoding: dom, as: UTF8.self), (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
  )
}
