import Foundation

#if CATALOG_SWIFT_BRIDGE
  import CatalogSwift
#endif

/// `catalog check-swift PATH…`: lints an app's Swift sources against the catalog without
/// importing them. Logic: `CatalogSwift.SwiftChecker`.
enum CheckSwiftCommand: Subcommand {
  static let spec = CommandSpec(
    name: "check-swift", abstract: "Check an app's Swift code against the catalog.",
    discussion:
      "Finds literal spacing, padding and frame lengths that equal a token, token references the catalog lacks or deprecates, padding on stacks whose children may all be absent, and views whose body differs from the stored component (frames compared). Exit status 1 when an error is found.",
    arguments: [
      .init(
        name: "path", help: "Swift files or folders (walked for .swift files).", isRepeating: true,
        type: .file)
    ],
    options: [
      .init(
        name: "format", valueName: "format", help: "The report's format.",
        type: .choice(["text", "json", "sarif"]),
        defaultValue: "text")
    ] + SwiftBridgeSupport.tokenNameOptions,
    flags: [
      .init(
        name: "fix",
        help:
          "Rewrite literals that equal a token to the Swift export's name (DesignTokens.spaceSm)."),
      .init(name: "no-progress", help: "Never draw the progress bar."),
    ])

  static func run(_ args: [String], _ context: Context) throws(CommandError) {
    let parsed = try ArgumentParser.parse(args, spec: spec, path: ["check-swift"])
    let format = parsed.option("format") ?? "text"
    #if CATALOG_SWIFT_BRIDGE
      let (tokens, catalog) = try SwiftBridgeSupport.catalogContents(context.databasePath(parsed))
      let diagnostics: [SwiftBridgeDiagnostic]
      do {
        let names = try SwiftBridge.tokenNames(
          tokens, tokenMapFile: parsed.option("token-map"),
          exportTypeName: SwiftBridgeSupport.exportTypeName(parsed))
        let files = try SwiftChecker.swiftFiles(in: parsed.positionals)
        let bar = ProgressBar(
          enabled: !parsed.flag("no-progress") && SwiftBridgeSupport.standardErrorIsTerminal)
        diagnostics = try SwiftChecker(tokenNames: names, catalog: catalog).check(
          files: files, progress: bar.update)
        bar.finish()
        if parsed.flag("fix") {
          let count = try SwiftChecker.applyFixes(diagnostics)
          context.output.err("Rewrote \(count) literal\(count == 1 ? "" : "s") to token names.\n")
        }
      } catch {
        throw .failure(error.message)
      }
      let shown = parsed.flag("fix") ? diagnostics.filter { $0.fix == nil } : diagnostics
      switch format {
      case "json": context.output.out(SwiftCheckReport.json(shown))
      case "sarif": context.output.out(SwiftCheckReport.sarif(shown))
      default: context.output.out(SwiftCheckReport.text(shown))
      }
      if shown.contains(where: { $0.level == .error }) { throw .silentFailure }
    #else
      throw .failure(SwiftBridgeSupport.unavailable)
    #endif
  }
}

#if CATALOG_SWIFT_BRIDGE
  /// A one-line progress bar on standard error, redrawn in place; nothing when disabled.
  final class ProgressBar: @unchecked Sendable {
    private let enabled: Bool
    private let lock = NSLock()
    private var last = -1

    init(enabled: Bool) { self.enabled = enabled }

    /// Draws `done` of `total` (called from any thread).
    func update(_ done: Int, _ total: Int) {
      guard enabled, total > 0 else { return }
      let percent = done * 100 / total
      lock.lock()
      defer { lock.unlock() }
      guard percent != last else { return }
      last = percent
      Console.emit(SwiftCheckReport.progressLine(done: done, total: total), toStandardError: true)
    }

    /// Clears the bar.
    func finish() {
      guard enabled, last >= 0 else { return }
      Console.emit("\r\u{1B}[K", toStandardError: true)
    }
  }
#endif
