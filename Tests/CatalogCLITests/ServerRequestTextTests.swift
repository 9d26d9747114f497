import CatalogEscaping
import CatalogModel
import CatalogServer
import Foundation
import Testing

/// `catalog serve`'s log and error messages show request text through one escaping
/// (`Escaping.requestText`): a request cannot write a fake log line or a terminal escape,
/// and a name in a message shows the bytes requested (review 15, point 1).
@Suite(.serialized) struct ServerRequestTextTests {
  final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
  }

  static func message(_ reply: LoopbackHTTP.Reply) -> String {
    (try? json(reply.text))?.objectValue?["error"]?.objectValue?["message"]?.stringValue ?? ""
  }

  @Test func theLogShowsControlBytesAndPercentAsPercentXX() throws {
    let sandbox = try Sandbox.withExamples()
    let lines = Lines()
    let server = try CatalogServer(.init(databasePath: sandbox.db, port: 0)) { lines.append($0) }
    try server.start()
    defer { server.stop() }
    let target = "/x%0aGET%20/api/tokens%20200%205312%20B%200.4%20ms%0a%1b%5b2J%25"
    _ = try LoopbackHTTP.request(server.port, target)
    _ = try LoopbackHTTP.request(server.port, "/api/components/TrackRow?variant=%FF%0a")
    let log = lines.all
    #expect(log.count == 2, "\(log)")
    #expect(
      log.first?.hasPrefix(
        "GET /x%0AGET%20/api/tokens%20200%205312%20B%200.4%20ms%0A%1B[2J%25 404 ") == true,
      "\(log)")
    #expect(
      log.last?.hasPrefix("GET /api/components/TrackRow?variant=%FF%0A 400 ") == true, "\(log)")
    for line in log {
      #expect(line.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }, "\(line)")
    }
  }

  @Test func namesInMessagesShowTheirBytes() throws {
    let sandbox = try Sandbox.withExamples()
    let server = try CatalogServer(.init(databasePath: sandbox.db, port: 0)) { _ in }
    try server.start()
    defer { server.stop() }
    let cases: [(String, Int, String)] = [
      ("/api/components/No%20Such", 404, "no component named 'No%20Such'"),
      ("/api/components/TrackRow?variant=%FF", 400, "query parameter variant=%FF is not UTF-8"),
      ("/api/components/TrackRow?variant=a%20b", 404, "TrackRow has no variant 'a%20b'"),
      ("/api/components/Caf%C3%A9", 404, "no component named 'Caf%C3%A9'"),
      ("/x%FF", 404, "no such page: /x%FF (not UTF-8)"),
      ("/api/tokens/a%0Ab", 404, "no token {a%0Ab}"),
      ("/api/components/TrackRow?width=1%1B", 400, "query parameter width=1%1B is invalid"),
    ]
    for (path, status, message) in cases {
      let reply = try LoopbackHTTP.request(server.port, path)
      #expect(reply.status == status, "\(path): \(reply.text)")
      #expect(Self.message(reply).hasPrefix(message), "\(path): \(Self.message(reply))")
    }
  }

  @Test func requestTextEscapesEverythingButPrintableASCII() {
    #expect(Escaping.requestText(Array("a b%\u{7F}é".utf8)) == "a%20b%25%7F%C3%A9")
    #expect(Escaping.requestText([0x2F, 0xFF, 0x00]) == "/%FF%00")
  }
}

/// Query flags and conditional requests (review 15, points 2 and 3).
@Suite struct ServerQueryAndConditionalTests {
  static let sandbox = Result { try Sandbox.withExamples() }

  /// `all-contexts=banana` was a 200 read as off.
  @Test func allContextsTakesOneTrueZeroOrFalse() throws {
    let server = try CatalogServer(.init(databasePath: try Self.sandbox.get().db, port: 0)) { _ in
    }
    for value in ["1", "true", "0", "false"] {
      let r = server.response(method: "GET", path: "/tokens.css", query: ["all-contexts": value])
      // 409 with the examples (two tokens get one CSS name); what matters is not 400.
      #expect(r.status != 400, "\(value): \(String(decoding: r.body, as: UTF8.self))")
    }
    let bad = server.response(method: "GET", path: "/tokens.css", query: ["all-contexts": "banana"])
    #expect(bad.status == 400)
    #expect(
      String(decoding: bad.body, as: UTF8.self).contains(
        "query parameter all-contexts=banana is invalid: expected 1, true, 0 or false"))
  }

  /// `W/"tag"` was a 200: If-None-Match compares weakly (RFC 9110 §13.1.2).
  @Test func ifNoneMatchComparesWeaklyAndReadsLists() {
    let r = ServerResponse.text(200, "text/plain", "hello")
    let tag = r.etag
    #expect(r.isMatched(byIfNoneMatch: tag))
    #expect(r.isMatched(byIfNoneMatch: "W/" + tag))
    #expect(r.isMatched(byIfNoneMatch: "\"a,b\", W/\"x\" ,\(tag)"))
    #expect(r.isMatched(byIfNoneMatch: "*"))
    #expect(!r.isMatched(byIfNoneMatch: "\"other\""))
    #expect(!r.isMatched(byIfNoneMatch: "\"other\", W/\"x\""))
    #expect(!r.isMatched(byIfNoneMatch: ""))
    #expect(!r.isMatched(byIfNoneMatch: String(tag.dropLast())))
  }

  @Test func aWeakTagGets304OverHTTP() throws {
    let server = try CatalogServer(.init(databasePath: try Self.sandbox.get().db, port: 0)) { _ in
    }
    try server.start()
    defer { server.stop() }
    let first = try LoopbackHTTP.request(server.port, "/tokens.css")
    let etag = try #require(first.headers["etag"])
    let weak = try LoopbackHTTP.request(
      server.port, "/tokens.css", headers: ["If-None-Match": "\"x\", W/\(etag)"])
    #expect(weak.status == 304 && weak.body.isEmpty)
  }
}

/// Why `serve` cannot listen, told apart (review 15, point 4).
@Suite struct ServerListenFailureTests {
  @Test func permissionAndPortInUseAreToldApart() {
    #expect(
      CatalogServer.listenFailure("127.0.0.1", port: 80, errno: EACCES).contains(
        "permission denied (ports below 1024 need root or CAP_NET_BIND_SERVICE)"))
    #expect(
      CatalogServer.listenFailure("127.0.0.1", port: 8080, errno: EADDRINUSE).contains(
        "the port is in use"))
    #expect(
      CatalogServer.listenFailure("10.9.9.9", port: 8080, errno: EADDRNOTAVAIL).contains(
        "10.9.9.9 is not an address of this machine"))
  }

  @Test func aPortInUseSaysSo() throws {
    let sandbox = try Sandbox.withExamples()
    let first = try CatalogServer(.init(databasePath: sandbox.db, port: 0)) { _ in }
    try first.start()
    defer { first.stop() }
    let second = try CatalogServer(.init(databasePath: sandbox.db, port: first.port)) { _ in }
    do {
      try second.start()
      second.stop()
      Issue.record("a second server started on port \(first.port)")
    } catch {
      #expect(error.reason == .listen)
      #expect(error.message.contains("the port is in use"), "\(error.message)")
    }
  }

  /// `--bind 'not an ip'` exited 1; a bad option value is a usage error (64).
  @Test func aBindThatIsNotAnAddressIsAUsageError() throws {
    let sandbox = try Sandbox.withExamples()
    let result = sandbox.run(["serve", "--bind", "not an ip", "--port", "0"])
    #expect(result.status == 64, "\(result.err)")
    #expect(result.err.contains("expected an IP address"), "\(result.err)")
  }
}

/// One client holding connections open with half-sent requests took every connection, so
/// other clients' requests failed until the timeout (review 15, point 5).
@Suite struct ServerPerAddressLimitTests {
  /// A connected socket from `source` (any 127/8 address) to 127.0.0.1, or -1.
  static func connect(from source: String, port: UInt16) -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return -1 }
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var local = sockaddr_in()
    local.sin_family = sa_family_t(AF_INET)
    local.sin_addr.s_addr = inet_addr(source)
    var remote = sockaddr_in()
    remote.sin_family = sa_family_t(AF_INET)
    remote.sin_port = port.bigEndian
    remote.sin_addr.s_addr = inet_addr("127.0.0.1")
    let size = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &local) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) }
    }
    let connected = withUnsafePointer(to: &remote) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, size) }
    }
    guard bound == 0, connected == 0 else {
      close(fd)
      return -1
    }
    return fd
  }

  static func send(_ fd: Int32, _ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, 0) }
  }

  @Test func oneAddressCannotTakeEveryConnection() throws {
    let sandbox = try Sandbox.withExamples()
    let server = try CatalogServer(
      .init(databasePath: sandbox.db, port: 0, connectionLimit: 16, perAddressLimit: 8)
    ) { _ in }
    try server.start()
    defer { server.stop() }
    var idle: [Int32] = []
    defer { for fd in idle { close(fd) } }
    for _ in 0..<20 {
      let fd = Self.connect(from: "127.0.0.1", port: server.port)
      if fd >= 0 {
        Self.send(fd, "GET / HTTP/1.1\r\nHost: x\r\n")
        idle.append(fd)
      }
    }
    // Let the server accept (and refuse) them.
    usleep(300_000)
    let other = Self.connect(from: "127.0.0.2", port: server.port)
    try #require(other >= 0)
    defer { close(other) }
    Self.send(other, "GET /api/tokens HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    var buffer = [UInt8](repeating: 0, count: 64)
    let n = buffer.withUnsafeMutableBytes { recv(other, $0.baseAddress, $0.count, 0) }
    #expect(
      n > 0 && String(decoding: buffer[0..<max(n, 0)], as: UTF8.self).hasPrefix("HTTP/1.1 200"))
  }
}
