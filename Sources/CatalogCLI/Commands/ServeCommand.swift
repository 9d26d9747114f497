import CatalogServer
import CatalogSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `catalog serve [--port N] [--bind ADDR]`: a read-only HTTP server over the catalog (see
/// `CatalogServer`); runs until interrupted.
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
      Text is measured with the fixed metrics.
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
        "no catalog at '\(path)'; create one with 'catalog init', or choose another with --db or $CATALOG_DB"
      )
    }
    let output = context.output
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
    // Runs until the process is interrupted; the daemon's threads answer requests. A parent
    // may have started us with SIGINT/SIGTERM blocked (the mask is inherited): unblock them
    // so Ctrl-C and `kill` stop the server.
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    while true { sleep(3600) }
  }
}
