import CatalogServer
import CatalogService
import CatalogSystem
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `catalog serve [--port N] [--bind ADDR]`: a read-only HTTP server over the catalog (see
/// `CatalogServer`); runs until SIGINT, SIGTERM or SIGHUP, then stops cleanly (exit status 0).
enum ServeCommand: ParsedCommand {
  /// The `--port` option.
  static let port = CommandSpec.Option(
    name: "port", valueName: "n", help: "The TCP port; 0 picks a free one.",
    type: .wholeNumber(min: 0, max: Int(UInt16.max)), defaultValue: "8080")
  /// The `--bind` option.
  static let bind = CommandSpec.Option(
    name: "bind", valueName: "address",
    help: "The IP address to listen on (default: 127.0.0.1, this machine only).")

  static let spec = CommandSpec(
    name: "serve",
    abstract:
      "Serve the catalog read-only over HTTP: the site, a JSON API, token exports, renders.",
    discussion: """
      Paths: / and /components/NAME.html (the site), /api/components, \
      /api/components/NAME?variant=V&width=W&height=H (the laid-out tree), /api/tokens, \
      /api/tokens/PATH (with its users), /tokens.css, /tokens.swift, /tokens.json, /tokens.xml \
      (?input=modifier=context), /render/NAME.svg and /render/NAME.png. A change saved by another \
      command shows on the next request. Only GET and HEAD; one log line per request on stderr. \
      Text is measured with the fixed metrics. Ctrl-C (SIGINT), SIGTERM or SIGHUP (its terminal \
      was closed; unless started with nohup) stops it cleanly: it stops accepting, gives the \
      requests in flight up to 5 seconds (a second signal stops at once; those still running \
      are abandoned and named in the last line), closes the catalog (no -wal or -shm file is \
      left) and exits with status 0.
      """,
    options: [
      port,
      bind,
    ])

  static func run(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    // The parser checked --port against its declared range.
    let port = parsed.wholeNumber(Self.port).flatMap(UInt16.init(exactly:)) ?? 8080
    let path = context.databasePath(parsed)
    guard FileStatus.isDirectory(atPath: path) != nil else {
      throw .failure(
        CatalogError.noCatalog(path: path).description
      )
    }
    let output = context.output
    // From here Ctrl-C, SIGTERM and SIGHUP stop the server cleanly instead of killing the
    // process (review 16, point 4; issue 12).
    guard TerminationSignal.install() else {
      throw .failure("cannot prepare for Ctrl-C: \(String(cString: strerror(errno)))")
    }
    let server: CatalogServer
    do {
      // Request lines come from the server's threads: one write(2) each, straight to stderr.
      server = try CatalogServer(
        .init(databasePath: path, bindAddress: parsed.option(Self.bind) ?? "127.0.0.1", port: port)
      ) { line in
        _ = Console.writeAll(Array((line + "\n").utf8), to: 2)
      }
      try server.start()
    } catch {
      // A --bind value that is not an address is a bad option value, as a bad --port is.
      if error.reason == .address { throw .usage(error.message, command: ["serve"]) }
      throw .failure(error.message)
    }
    let address =
      server.configuration.bindAddress.contains(":")
      ? "[\(server.configuration.bindAddress)]" : server.configuration.bindAddress
    output.out("Serving \(path) read-only at http://\(address):\(server.port)/ (Ctrl-C to stop)\n")
    // Runs until SIGINT, SIGTERM or SIGHUP; the daemon's threads answer requests meanwhile. Then
    // it stops accepting, waits for the requests in flight, and closes the catalog, so SQLite
    // removes the -wal and -shm files it made (review 16, point 4).
    guard let signal = TerminationSignal.wait() else {
      server.shutDown()
      throw .failure("cannot wait for Ctrl-C: \(String(cString: strerror(errno)))")
    }
    output.err(ServeCommand.stopped(signal, server: server, path: path))
  }

  /// The longest wait, in seconds, for the requests in flight once a stop is asked (review 19:
  /// a slow request kept `serve` running for minutes after SIGTERM).
  static let stopGrace: Double = 5

  /// Stops the server after `signal`: no new connection, the requests in flight get
  /// ``stopGrace`` seconds (a second signal ends the wait), then the catalog is closed.
  /// - Returns: The line saying how it stopped.
  static func stopped(_ signal: Int32, server: CatalogServer, path: String) -> String {
    let name = TerminationSignal.name(signal)
    let running = server.requestsRunning
    if running > 0 {
      _ = Console.writeAll(
        Array(
          "Stopping (\(name)): waiting up to \(Int(stopGrace)) s for \(running) request\(running == 1 ? "" : "s") in flight; \(name == "SIGINT" ? "Ctrl-C" : "the signal") again stops now\n"
            .utf8), to: 2)
      DispatchQueue.global().async {
        if TerminationSignal.wait() != nil { server.stopWaiting() }
      }
    }
    switch server.shutDown(within: stopGrace) {
    case .finished:
      return "Stopped (\(name)); \(path) is closed.\n"
    case .abandoned(let requests, let closed):
      let what =
        requests == 1 ? "1 request still running was" : "\(requests) requests still running were"
      return
        "Stopped (\(name)); \(what) abandoned (\(requests == 1 ? "its client gets" : "their clients get") no answer)\(closed ? "; \(path) is closed" : "; \(path) was being read and is left to SQLite to close at exit").\n"
    }
  }
}
