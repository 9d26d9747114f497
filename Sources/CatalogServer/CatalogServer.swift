internal import CMicroHTTPD
import CatalogExchange
import CatalogStore
internal import CatalogSystem
import Dispatch

/// `catalog serve`: a read-only HTTP server over a catalog file, on libmicrohttpd (one
/// thread per connection).
///
/// Every request first asks SQLite whether the file changed (`PRAGMA data_version` on one
/// watcher connection); when it did, the catalog is read again, so a change saved by the
/// CLI shows on the next request. Responses are cached per catalog version and carry a
/// strong ETag; `If-None-Match` gets 304 (RFC 9110 §13.1.2). Errors are JSON. Only GET and
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
    /// Creates a configuration.
    /// - Parameters:
    ///   - databasePath: The catalog file.
    ///   - bindAddress: An IP address literal; `127.0.0.1` by default (loopback only).
    ///   - port: The TCP port, 0 for any free one.
    ///   - connectionLimit: The most concurrent connections (default 256).
    public init(
      databasePath: String, bindAddress: String = "127.0.0.1", port: UInt16 = 8080,
      connectionLimit: UInt32 = 256
    ) {
      self.databasePath = databasePath
      self.bindAddress = bindAddress
      self.port = port
      self.connectionLimit = connectionLimit
    }
  }

  /// The configuration.
  public let configuration: Configuration
  /// Receives one line per request (`GET /api/tokens 200 1234 B 0.8 ms`).
  private let log: @Sendable (String) -> Void

  private let lock = Lock()
  private let watcher: CatalogStore
  private var version: Int
  private var snapshot: CatalogSnapshot
  private var cache: [String: ServerResponse] = [:]
  private var daemon: OpaquePointer?
  private var context: UnsafeMutablePointer<catalog_mhd_context>?

  /// The most responses cached per catalog version.
  static let cacheLimit = 2_048

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
      snapshot = CatalogSnapshot(
        folder: try CatalogFolder.read(store: watcher),
        databasePath: configuration.databasePath)
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
        handler: catalogServerHandle, cls: Unmanaged.passUnretained(self).toOpaque()))
    var started: OpaquePointer?
    var v4 = sockaddr_in()
    var v6 = sockaddr_in6()
    if inet_pton(AF_INET, configuration.bindAddress, &v4.sin_addr) == 1 {
      v4.sin_family = sa_family_t(AF_INET)
      v4.sin_port = configuration.port.bigEndian
      started = withUnsafePointer(to: &v4) { p in
        p.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          catalog_mhd_start($0, configuration.port, 0, context, configuration.connectionLimit)
        }
      }
    } else if inet_pton(AF_INET6, configuration.bindAddress, &v6.sin6_addr) == 1 {
      v6.sin6_family = sa_family_t(AF_INET6)
      v6.sin6_port = configuration.port.bigEndian
      started = withUnsafePointer(to: &v6) { p in
        p.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          catalog_mhd_start($0, configuration.port, 1, context, configuration.connectionLimit)
        }
      }
    } else {
      context.deallocate()
      throw ServerStartError(
        message:
          "--bind \(configuration.bindAddress): expected an IP address such as 127.0.0.1 or ::1")
    }
    guard let started else {
      context.deallocate()
      throw ServerStartError(
        message:
          "cannot listen on \(configuration.bindAddress) port \(configuration.port) (in use, or not an address of this machine)"
      )
    }
    daemon = started
    self.context = context
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
    var now = try watcher.dataVersion()
    var attempts = 0
    while now != version && attempts < 3 {
      let folder = try CatalogFolder.read(store: watcher)
      version = now
      snapshot = CatalogSnapshot(folder: folder, databasePath: configuration.databasePath)
      cache.removeAll()
      now = try watcher.dataVersion()
      attempts += 1
    }
  }

  /// Handles one request on a libmicrohttpd thread.
  fileprivate func handle(_ connection: OpaquePointer, _ url: String, _ method: String) -> Int32 {
    let start = DispatchTime.now().uptimeNanoseconds
    // Every argument, in order, so that an unknown or repeated one is refused.
    var arguments: [(name: String, value: String)] = []
    withUnsafeMutablePointer(to: &arguments) { list in
      catalog_mhd_arguments(connection, catalogServerArgument, UnsafeMutableRawPointer(list))
    }
    var response = response(method: method, path: url, arguments: arguments)
    let etag = response.etag
    var status = response.status
    var body = response.body
    if status == 200,
      let match = catalog_mhd_header(connection, "If-None-Match").map({ String(cString: $0) }),
      match.split(separator: ",").contains(where: {
        $0.trimmed(.whitespaces) == etag
          || $0.trimmed(.whitespaces) == "*"
      })
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
      "\(method) \(url)\(arguments.isEmpty ? "" : "?" + arguments.map { "\($0.name)=\($0.value)" }.joined(separator: "&")) \(status) \(body.count) B \(TextFormat.fixed(elapsed, digits: 1)) ms"
    )
    return queued
  }
}

/// Why the server could not start.
public struct ServerStartError: Error, Sendable, CustomStringConvertible {
  /// What went wrong.
  public var message: String
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
  return server.handle(connection, String(cString: url), String(cString: method))
}

/// libmicrohttpd's query-argument iterator, through the shim: appends one argument (a name
/// without `=` has the empty value) to the list `cls` points to.
private func catalogServerArgument(
  _ cls: UnsafeMutableRawPointer?, _ name: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?
) {
  guard let cls, let name else { return }
  let list = cls.assumingMemoryBound(to: [(name: String, value: String)].self)
  list.pointee.append((String(cString: name), value.map { String(cString: $0) } ?? ""))
}
