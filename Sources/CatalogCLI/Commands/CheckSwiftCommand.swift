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
        defaultValue: "text"),
      .init(
        name: "token-map", valueName: "file",
        help: "A JSON object of Swift name → token path for the app's own names.", type: .file),
      .init(
        name: "swift-type", valueName: "name",
        help: "The type name of the Swift token export (default: DesignTokens)."),
    ],
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
    guard ["text", "json", "sarif"].contains(format) else {
      throw .usage(
        "The value '\(format)' is invalid for '--format <format>'. Please provide one of 'text', 'json' or 'sarif'.",
        command: ["check-swift"])
    }
    #if CATALOG_SWIFT_BRIDGE
      let (tokens, catalog) = try SwiftBridgeSupport.catalogContents(context.databasePath(parsed))
      let diagnostics: [SwiftBridgeDiagnostic]
      do {
        let names = try SwiftBridge.tokenNames(
          tokens, tokenMapFile: parsed.option("token-map"),
          exportTypeName: parsed.option("swift-type") ?? "DesignTokens")
        let files = try SwiftChecker.swiftFiles(in: parsed.positionals)
        let bar = ProgressReporter(
          "check-swift", total: 0, output: context.output, enabled: !parsed.flag("no-progress"))
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
