internal import CMicroHTTPD
import CatalogEscaping
import CatalogExchange
import CatalogResolver
import CatalogStore
internal import CatalogSystem
import Dispatch

/// `catalog serve`: a read-only HTTP server over a catalog file, on libmicrohttpd (one
/// thread per connection).
///
/// Every request first asks SQLite whether the file changed (`PRAGMA data_version` on one
/// watcher connection); when it did, the catalog is read again, so a change saved by the
/// CLI shows on the next request. Responses are cached per catalog version and carry a
/// strong ETag; `If-None-Match` gets 304 (RFC 9110 §13.1.2, weak comparison, lists and
/// `*`: ``ServerResponse/isMatched(byIfNoneMatch:)``). Errors are JSON. Only GET and
/// HEAD are answered. Each request is logged as one line.
public final class CatalogServer: @unchecked Sendable {
  /// How the server is set up.
  public struct Configuration: Sendable {
    /// The catalog file (opened read-only).
    public var databasePath: String
    /// The address to listen on: an IPv4 or IPv6 literal (default `127.0.0.1`).
    public var bindAddress: String
    /// The port; 0 picks a free one (see ``CatalogServer/port``).
    public var port: UInt16
    /// The most connections served at once.
    public var connectionLimit: UInt32
    /// The most connections from one IP address at once (libmicrohttpd's
    /// `MHD_OPTION_PER_IP_CONNECTION_LIMIT`): below ``connectionLimit``, so one client
    /// holding connections open cannot take them all.
    public var perAddressLimit: UInt32
    /// Seconds without traffic after which a connection is closed, one whose request
    /// header is still unfinished included (`MHD_OPTION_CONNECTION_TIMEOUT`).
    public var idleTimeout: UInt32
    /// Creates a configuration.
    /// - Parameters:
    ///   - databasePath: The catalog file.
    ///   - bindAddress: An IP address literal; `127.0.0.1` by default (loopback only).
    ///   - port: The TCP port, 0 for any free one.
    ///   - connectionLimit: The most concurrent connections (default 256).
    ///   - perAddressLimit: The most concurrent connections from one IP address (default
    ///     128, half of the default connection limit).
    ///   - idleTimeout: Seconds of silence before a connection is closed (default 10).
    public init(
      databasePath: String, bindAddress: String = "127.0.0.1", port: UInt16 = 8080,
      connectionLimit: UInt32 = 256, perAddressLimit: UInt32 = 128, idleTimeout: UInt32 = 10
    ) {
      self.databasePath = databasePath
      self.bindAddress = bindAddress
      self.port = port
      self.connectionLimit = connectionLimit
      self.perAddressLimit = perAddressLimit
      self.idleTimeout = idleTimeout
    }
  }

  /// The configuration.
  public let configuration: Configuration
  /// Receives one line per request (`GET /api/tokens 200 1234 B 0.8 ms`).
  private let log: @Sendable (String) -> Void

  private let lock = Lock()
  private var watcher: CatalogStore
  private var version: Int
  private var snapshot: CatalogSnapshot
  private var cache: [String: ServerResponse] = [:]
  private var daemon: OpaquePointer?
  private var context: UnsafeMutablePointer<catalog_mhd_context>?
  /// True once ``shutDown(within:)`` closed ``watcher`` (under ``lock``): a request still
  /// running then gets 503 instead of reading a closed connection.
  private var isClosed = false

  /// Guards ``requestsInFlight`` and ``isStopping`` (apart from ``lock``, which a request
  /// holds while the catalog is read again, possibly for long).
  private let requestLock = Lock()
  /// Requests being answered now.
  private var requestsInFlight = 0
  /// True from ``shutDown(within:)`` on: a request that arrives on a connection already
  /// open gets 503 with `Connection: close`.
  private var isStopping = false
  /// Set by ``stopWaiting()``: ``shutDown(within:)`` waits no longer.
  private var waitEnded = false

  /// Runs on a request's thread before it is answered (tests: a slow request).
  package var beforeAnswering: (@Sendable () -> Void)?

  /// The most responses cached per catalog version.
  static let cacheLimit = 2_048

  /// Logs each component a read left out because its stored definition does not parse.
  /// - Parameters:
  ///   - folder: The catalog as read (``CatalogFolder/leftOut``).
  ///   - log: Where the server's lines go.
  static func logLeftOut(_ folder: CatalogFolder, log: @Sendable (String) -> Void) {
    for name in folder.leftOut {
      log(
        "warning: \(name): left out: \(name) is stored but damaged (`catalog doctor` says where and why)\(DamagedDefinition.advice(name))"
      )
    }
  }

  /// Opens the catalog (read-only) and reads it once.
  /// - Parameters:
  ///   - configuration: Where and what to serve.
  ///   - log: Where request lines go.
  /// - Throws: ``ServerStartError`` when the catalog cannot be opened or read.
  public init(_ configuration: Configuration, log: @escaping @Sendable (String) -> Void)
    throws(ServerStartError)
  {
    self.configuration = configuration
    self.log = log
    do {
      watcher = try CatalogStore(path: configuration.databasePath, mode: .readOnly)
      version = try watcher.dataVersion()
      // A damaged stored definition is left out and named, as `site` and `lint` do: the
      // rest of the catalog is served (review 21).
      let folder = try CatalogFolder.read(store: watcher, skippingDamaged: true)
      snapshot = CatalogSnapshot(folder: folder, databasePath: configuration.databasePath)
      Self.logLeftOut(folder, log: log)
    } catch {
      throw ServerStartError(message: "\(error)")
    }
  }

  deinit { stop() }

  /// Starts listening.
  /// - Throws: ``ServerStartError`` for an address that is not an IP literal, or when the
  ///   port is taken or cannot be bound.
  public func start() throws(ServerStartError) {
    guard daemon == nil else { return }
    // libmicrohttpd is loaded only now (see CMicroHTTPD's shim.h).
    guard catalog_mhd_available() == 1 else {
      let reason = dlerror().map { String(cString: $0) } ?? "not found"
      throw ServerStartError(
        message:
          "catalog serve needs the libmicrohttpd shared library (Debian: libmicrohttpd12, with libmicrohttpd-dev to build): \(reason)"
      )
    }
    let context = UnsafeMutablePointer<catalog_mhd_context>.allocate(capacity: 1)
    context.initialize(
      to: catalog_mhd_context(
        handler: catalogServerHandle, cls: Unmanaged.passUnretained(self).toOpaque(),
        completed: catalogServerCompleted))
    var started: OpaquePointer?
    var v4 = sockaddr_in()
    var v6 = sockaddr_in6()
    // Starts the daemon on a socket address (IPv4 or IPv6, `ipv6` 0 or 1).
    let settings = configuration
    let start = { (address: UnsafePointer<sockaddr>, ipv6: Int32) in
      catalog_mhd_start(
        address, settings.port, ipv6, context, settings.connectionLimit,
        settings.perAddressLimit, settings.idleTimeout)
    }
    if inet_pton(AF_INET, configuration.bindAddress, &v4.sin_addr) == 1 {
      v4.sin_family = sa_family_t(AF_INET)
      v4.sin_port = configuration.port.bigEndian
      started = withUnsafePointer(to: &v4) { p in
        p.withMemoryRebound(to: sockaddr.self, capacity: 1) { start($0, 0) }
      }
    } else if inet_pton(AF_INET6, configuration.bindAddress, &v6.sin6_addr) == 1 {
      v6.sin6_family = sa_family_t(AF_INET6)
      v6.sin6_port = configuration.port.bigEndian
      started = withUnsafePointer(to: &v6) { p in
        p.withMemoryRebound(to: sockaddr.self, capacity: 1) { start($0, 1) }
      }
    } else {
      context.deallocate()
      throw ServerStartError(
        message:
          "--bind \(configuration.bindAddress): expected an IP address such as 127.0.0.1 or ::1",
        reason: .address)
    }
    guard let started else {
      context.deallocate()
      throw ServerStartError(
        message: CatalogServer.listenFailure(
          configuration.bindAddress, port: configuration.port,
          errno: CatalogServer.bindError(
            ipv4: v4.sin_family == sa_family_t(AF_INET) ? v4 : nil, ipv6: v6)),
        reason: .listen)
    }
    daemon = started
    self.context = context
  }

  /// Why binding failed, asked again after libmicrohttpd gave up (it keeps no `errno`):
  /// binds a socket of the same family to the same address and port, with `SO_REUSEADDR`
  /// as libmicrohttpd sets it, and returns its `errno` (0 when that bind succeeds).
  private static func bindError(ipv4: sockaddr_in?, ipv6: sockaddr_in6) -> Int32 {
    let fd = socket(ipv4 == nil ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return errno }
    defer { close(fd) }
    var on: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
    var v4 = ipv4 ?? sockaddr_in()
    var v6 = ipv6
    let result =
      ipv4 != nil
      ? withUnsafePointer(to: &v4) { p in
        p.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      : withUnsafePointer(to: &v6) { p in
        p.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
        }
      }
    return result == 0 ? 0 : errno
  }

  /// The message for an address and port the server could not listen on, by the reason
  /// `bind(2)` gave: permission (`EACCES`: ports below 1024 need root or
  /// `CAP_NET_BIND_SERVICE`), in use (`EADDRINUSE`), or not an address of this machine
  /// (`EADDRNOTAVAIL`).
  /// - Parameters:
  ///   - address: The `--bind` address.
  ///   - port: The port.
  ///   - errno: `bind(2)`'s error number (0 or another when unknown).
  /// - Returns: The message.
  public static func listenFailure(_ address: String, port: UInt16, errno: Int32) -> String {
    let start = "cannot listen on \(address) port \(port)"
    switch errno {
    case EACCES, EPERM:
      return
        "\(start): permission denied (ports below 1024 need root or CAP_NET_BIND_SERVICE); choose a port from 1024, such as --port 8080"
    case EADDRINUSE:
      return
        "\(start): the port is in use; choose another with --port, or --port 0 for any free one"
    case EADDRNOTAVAIL:
      return "\(start): \(address) is not an address of this machine"
    default:
      let reason = errno == 0 ? "" : ": \(String(cString: strerror(errno)))"
      return "\(start)\(reason)"
    }
  }

  /// The port the server listens on (the chosen one when started on port 0), or 0.
  public var port: UInt16 {
    guard let daemon else { return 0 }
    return catalog_mhd_port(daemon)
  }

  /// Stops listening and waits for the connections' threads.
  public func stop() {
    if let daemon { catalog_mhd_stop(daemon) }
    daemon = nil
    context?.deallocate()
    context = nil
  }

  /// How ``shutDown(within:)`` ended.
  public enum ShutdownOutcome: Sendable, Equatable {
    /// Every request in flight was answered; the catalog is closed.
    case finished
    /// The bound passed (or ``stopWaiting()`` was called) with requests still running: they
    /// are abandoned, their clients get no answer when the process exits.
    /// - Parameters:
    ///   - requests: How many were still running.
    ///   - closedCatalog: Whether the catalog connection could still be closed.
    case abandoned(requests: Int, closedCatalog: Bool)
  }

  /// Requests being handled now: from the handler's call until libmicrohttpd says the
  /// request is over (its response sent, or its connection closed).
  public var requestsRunning: Int { requestLock.withLock { requestsInFlight } }

  /// Stops the server within a bound (review 19: a slow request made `serve` deaf to SIGTERM,
  /// because stopping waited for it without end). It stops accepting connections at once
  /// (`MHD_quiesce_daemon`), and a request arriving on a connection already open gets 503
  /// with `Connection: close`; the requests in flight have until `seconds` to be answered.
  /// Then the daemon stops and the catalog is closed, so SQLite removes the `-wal` and `-shm`
  /// files when it was the last connection. Requests still running after the bound, or when
  /// ``stopWaiting()`` is called, are abandoned (the process is expected to exit): their
  /// connections are shut, their threads left to libmicrohttpd, and the catalog is closed
  /// only when no request is reading it. The server must not be used afterwards.
  /// - Parameter seconds: The longest wait for the requests in flight, in seconds.
  /// - Returns: Whether every request was answered.
  @discardableResult
  public func shutDown(within seconds: Double) -> ShutdownOutcome {
    requestLock.withLock {
      isStopping = true
      waitEnded = false
    }
    guard let daemon else {
      _ = closeCatalog(waitingForReaders: true)
      return .finished
    }
    let deadline =
      DispatchTime.now().uptimeNanoseconds + UInt64(max(0, min(seconds, 86_400)) * 1e9)
    _ = catalog_mhd_quiesce(daemon)
    // The requests in flight, until answered, the bound, or stopWaiting().
    while true {
      let (running, ended) = requestLock.withLock { (requestsInFlight, waitEnded) }
      if running == 0 || ended || DispatchTime.now().uptimeNanoseconds >= deadline { break }
      usleep(10_000)
    }
    self.daemon = nil
    let context = self.context
    self.context = nil
    // MHD_stop_daemon shuts every connection and joins its thread: on a thread of its own, so
    // that a request still computing does not hold the stop. The context is freed once no
    // thread of the daemon can read it.
    let address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(daemon)))
    let contextAddress = context.map { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer($0))) }
    let stopped = DispatchSemaphore(value: 0)
    DispatchQueue.global().async { [self] in
      guard let daemon = OpaquePointer(bitPattern: address) else { return }
      // The daemon's threads call back into this server until they end.
      withExtendedLifetime(self) { catalog_mhd_stop(daemon) }
      if let contextAddress,
        let context = UnsafeMutablePointer<catalog_mhd_context>(bitPattern: contextAddress)
      {
        context.deallocate()
      }
      stopped.signal()
    }
    let running = requestsRunning
    if running == 0 {
      // Nothing is computing: the stop is quick (bounded all the same).
      _ = stopped.wait(timeout: .now() + .seconds(2))
      _ = closeCatalog(waitingForReaders: true)
      return .finished
    }
    return .abandoned(requests: running, closedCatalog: closeCatalog(waitingForReaders: false))
  }

  /// Ends the wait of ``shutDown(within:)`` now (a second Ctrl-C): the requests still running
  /// are abandoned.
  public func stopWaiting() { requestLock.withLock { waitEnded = true } }

  /// Closes the catalog connection, unless a request holds it (when not `waitingForReaders`).
  /// - Returns: Whether it is closed.
  private func closeCatalog(waitingForReaders: Bool) -> Bool {
    if waitingForReaders {
      lock.lock()
    } else if !lock.tryLock() {
      return false
    }
    defer { lock.unlock() }
    if !isClosed {
      watcher.closeConnection()
      isClosed = true
    }
    return true
  }

  /// Stops listening, waits for the requests in flight (``stop()``), then closes the catalog
  /// connection, so SQLite removes the `-wal` and `-shm` files when it was the last one. The
  /// server must not be used afterwards. ``shutDown(within:)`` bounds the wait.
  public func shutDown() {
    requestLock.withLock { isStopping = true }
    stop()
    _ = closeCatalog(waitingForReaders: true)
  }

  /// Counts a request in (until ``requestCompleted()``).
  /// - Returns: False when the server is stopping (the request gets 503).
  private func enterRequest() -> Bool {
    requestLock.withLock {
      requestsInFlight += 1
      return !isStopping
    }
  }

  /// Counts a request out: libmicrohttpd is done with it.
  fileprivate func requestCompleted() { requestLock.withLock { requestsInFlight -= 1 } }

  /// The response for a request, from the cache of the catalog's current version.
  ///
  /// - Parameters:
  ///   - method: The HTTP method.
  ///   - path: The decoded path.
  ///   - query: The query arguments, each given once.
  /// - Returns: The response.
  public func response(method: String, path: String, query: [String: String]) -> ServerResponse {
    response(
      method: method, path: path,
      arguments: query.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) })
  }

  /// The response for a request, from the cache of the catalog's current version.
  ///
  /// - Parameters:
  ///   - method: The HTTP method.
  ///   - path: The decoded path.
  ///   - arguments: The query's arguments in the request's order; a name may repeat (a
  ///     400, as an unknown name is: ``ServerRoutes/query(_:path:)``).
  /// - Returns: The response.
  public func response(
    method: String, path: String, arguments: [(name: String, value: String)]
  ) -> ServerResponse {
    let key = path + "?" + arguments.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    let current: CatalogSnapshot
    lock.lock()
    if isClosed {
      lock.unlock()
      return .error(503, "the server is stopping")
    }
    do {
      try refreshIfChanged()
    } catch {
      lock.unlock()
      return .error(503, "cannot read the catalog: \(error)")
    }
    current = snapshot
    if ServerRoutes.allowedMethods.contains(method), let cached = cache[key] {
      lock.unlock()
      return cached
    }
    lock.unlock()
    let response = ServerRoutes.respond(
      method: method, path: path, arguments: arguments, snapshot: current)
    if ServerRoutes.allowedMethods.contains(method) {
      lock.lock()
      if snapshot === current {
        if cache.count >= CatalogServer.cacheLimit { cache.removeAll() }
        cache[key] = response
      }
      lock.unlock()
    }
    return response
  }

  /// Reads the catalog again when another connection committed a change (the lock is held).
  /// A change committed while reading makes it read again (at most three times).
  private func refreshIfChanged() throws {
    if watcher.isStaleSnapshot {
      // A snapshot of a catalog this process may not write (CatalogStore.reading) does not
      // see other connections' commits: opened again, and read again.
      watcher.closeConnection()
      watcher = try CatalogStore(path: configuration.databasePath, mode: .readOnly)
      version = try watcher.dataVersion() &- 1
    }
    var now = try watcher.dataVersion()
    var attempts = 0
    while now != version && attempts < 3 {
      let folder = try CatalogFolder.read(store: watcher, skippingDamaged: true)
      version = now
      snapshot = CatalogSnapshot(folder: folder, databasePath: configuration.databasePath)
      Self.logLeftOut(folder, log: log)
      cache.removeAll()
      now = try watcher.dataVersion()
      attempts += 1
    }
  }

  /// The response to a request as libmicrohttpd hands it over: the path and the query's
  /// arguments as bytes, decoded from `%XX` (`PercentEncoding.decodedBytes`). Text that is not UTF-8 names
  /// nothing in the catalog: a path is a 404 and an argument a 400, each showing its bytes
  /// as `%XX` (``Escaping/requestText(_:)``); otherwise
  /// ``response(method:path:arguments:)``.
  /// - Parameters:
  ///   - method: The HTTP method.
  ///   - target: The decoded path's bytes.
  ///   - arguments: The query's arguments' bytes, in the request's order.
  /// - Returns: The response.
  public func response(
    method: String, target: [UInt8], arguments: [(name: [UInt8], value: [UInt8])]
  ) -> ServerResponse {
    guard let path = String(validating: target, as: UTF8.self) else {
      return .error(404, "no such page: \(ServerRoutes.shown(bytes: target)) (not UTF-8)")
    }
    var decoded: [(name: String, value: String)] = []
    for (name, value) in arguments {
      guard let n = String(validating: name, as: UTF8.self),
        let v = String(validating: value, as: UTF8.self)
      else {
        return .error(
          400,
          "query parameter \(ServerRoutes.shown(bytes: name))=\(ServerRoutes.shown(bytes: value)) is not UTF-8"
        )
      }
      decoded.append((n, v))
    }
    return response(method: method, path: path, arguments: decoded)
  }

  /// The one line logged for a request (`GET /api/tokens 200 5312 B 0.4 ms`): the method,
  /// path and query through ``Escaping/requestText(_:)``, so no request can write a line
  /// break, a terminal escape or a fake line into the log, each cut after
  /// ``ServerRoutes/shownLimit`` bytes (``ServerRoutes/shown(bytes:)``).
  /// - Parameters:
  ///   - method: The HTTP method.
  ///   - target: The decoded path's bytes.
  ///   - arguments: The query's arguments' bytes.
  ///   - status: The status sent.
  ///   - bytes: The body's size in bytes.
  ///   - milliseconds: The time taken.
  /// - Returns: The line, printable ASCII.
  public static func logLine(
    method: String, target: [UInt8], arguments: [(name: [UInt8], value: [UInt8])], status: Int,
    bytes: Int, milliseconds: Double
  ) -> String {
    let query =
      arguments.isEmpty
      ? ""
      : "?"
        + arguments.map {
          ServerRoutes.shown(bytes: $0.name) + "=" + ServerRoutes.shown(bytes: $0.value)
        }
        .joined(separator: "&")
    return
      "\(ServerRoutes.shown(method)) \(ServerRoutes.shown(bytes: target))\(query) \(status) \(bytes) B \(TextFormat.fixed(milliseconds, digits: 1)) ms"
  }

  /// Handles one request on a libmicrohttpd thread.
  fileprivate func handle(_ connection: OpaquePointer, _ url: [UInt8], _ method: String) -> Int32 {
    let start = DispatchTime.now().uptimeNanoseconds
    // Every argument, in order, so that an unknown or repeated one is refused.
    var arguments: [(name: [UInt8], value: [UInt8])] = []
    withUnsafeMutablePointer(to: &arguments) { list in
      catalog_mhd_arguments(connection, catalogServerArgument, UnsafeMutableRawPointer(list))
    }
    var response: ServerResponse
    if enterRequest() {
      beforeAnswering?()
      response = self.response(method: method, target: url, arguments: arguments)
    } else {
      // A request on a connection opened before the stop: refused, and the connection closed.
      response = .error(503, "the server is stopping")
      response.headers.append(("Connection", "close"))
    }
    let etag = response.etag
    var status = response.status
    var body = response.body
    if status == 200,
      let match = catalog_mhd_header(connection, "If-None-Match").map({ String(cString: $0) }),
      response.isMatched(byIfNoneMatch: match)
    {
      status = 304
      body = []
    }
    let queued: Int32 = body.withUnsafeBytes { bytes in
      guard let r = catalog_mhd_response(bytes.baseAddress, bytes.count) else { return 0 }
      defer { catalog_mhd_destroy_response(r) }
      if status != 304 { _ = catalog_mhd_add_header(r, "Content-Type", response.contentType) }
      if status == 200 || status == 304 { _ = catalog_mhd_add_header(r, "ETag", etag) }
      _ = catalog_mhd_add_header(r, "Cache-Control", "no-cache")
      _ = catalog_mhd_add_header(r, "X-Content-Type-Options", "nosniff")
      for (name, value) in response.headers { _ = catalog_mhd_add_header(r, name, value) }
      return catalog_mhd_queue(connection, UInt32(status), r)
    }
    response.body = []
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
    log(
      CatalogServer.logLine(
        method: method, target: url, arguments: arguments, status: Int(status),
        bytes: body.count, milliseconds: elapsed))
    return queued
  }
}

/// Why the server could not start.
public struct ServerStartError: Error, Sendable, CustomStringConvertible {
  /// The kinds of failure, so the command line can tell a bad option value (a usage
  /// error) from a failure.
  public enum Reason: Sendable {
    /// `--bind` is not an IP address literal.
    case address
    /// The address and port cannot be bound (permission, in use, not this machine's).
    case listen
    /// The catalog cannot be read, or libmicrohttpd cannot be loaded.
    case other
  }
  /// What went wrong.
  public var message: String
  /// The kind of failure.
  public var reason: Reason = .other
  /// The message.
  public var description: String { message }
}

/// libmicrohttpd's request callback: a plain function (not a closure in `main.swift`, which
/// would be main-actor isolated and trap on libmicrohttpd's threads).
private func catalogServerHandle(
  _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ url: UnsafePointer<CChar>?,
  _ method: UnsafePointer<CChar>?
) -> Int32 {
  guard let cls, let connection, let url, let method else { return 0 }
  let server = Unmanaged<CatalogServer>.fromOpaque(cls).takeUnretainedValue()
  return server.handle(
    connection,
    PercentEncoding.decodedBytes(UnsafeRawBufferPointer(start: url, count: strlen(url))),
    String(cString: method))
}

/// libmicrohttpd's request-completed callback, through the shim: a request the handler saw
/// is over (``CatalogServer/requestsRunning``).
private func catalogServerCompleted(_ cls: UnsafeMutableRawPointer?) {
  guard let cls else { return }
  Unmanaged<CatalogServer>.fromOpaque(cls).takeUnretainedValue().requestCompleted()
}

/// libmicrohttpd's query-argument iterator, through the shim: appends one argument (a name
/// without `=` has the empty value) to the list `cls` points to.
private func catalogServerArgument(
  _ cls: UnsafeMutableRawPointer?, _ name: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?
) {
  guard let cls, let name else { return }
  let list = cls.assumingMemoryBound(to: [(name: [UInt8], value: [UInt8])].self)
  func bytes(_ text: UnsafePointer<CChar>) -> [UInt8] {
    PercentEncoding.decodedBytes(UnsafeRawBufferPointer(start: text, count: strlen(text)))
  }
  list.pointee.append((bytes(name), value.map(bytes) ?? []))
}
