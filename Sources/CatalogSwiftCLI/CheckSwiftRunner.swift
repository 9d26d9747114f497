import CatalogCLI
import CatalogService
import CatalogSwift
import Foundation

/// `catalog check-swift PATH…` as `catalog-swift` runs it: lints an app's Swift sources
/// against the catalog without importing them (``SwiftChecker``). The command's declaration
/// is `CatalogCLI`'s `CheckSwiftCommand`.
enum CheckSwiftRunner {
  /// Runs the command with the arguments after its name.
  ///
  /// - Parameters:
  ///   - args: The arguments after `check-swift`.
  ///   - context: Where the catalog is and where output goes.
  /// - Throws: ``CommandError``: usage errors, unreadable files; `.silentFailure` (exit 1)
  ///   when an error-level finding was printed.
  static func run(_ args: [String], _ context: Context) throws(CommandError) {
    let parsed = try ArgumentParser.parse(args, spec: CheckSwiftCommand.spec, path: ["check-swift"])
    // The parser checked --format against the declared choice (CommandSpec.Option.reportFormat).
    let format = parsed.option(.reportFormat) ?? "text"
    // A damaged stored definition is named as an error; the rest is checked (review 21, as
    // `lint` does).
    let (tokens, catalog, damaged) = try SwiftBridgeSupport.catalogContents(
      context.databasePath(parsed))
    let diagnostics: [SwiftBridgeDiagnostic]
    var unfixed: [SwiftBridgeDiagnostic] = []
    do {
      let names = try SwiftBridge.tokenNames(
        tokens, tokenMapFile: parsed.option(.tokenMap),
        exportTypeName: SwiftBridgeSupport.exportTypeName(parsed))
      let files = try SwiftChecker.swiftFiles(in: parsed.values(CheckSwiftCommand.paths))
      let bar = ProgressReporter(
        "check-swift", total: 0, output: context.output,
        enabled: !parsed.flag(CheckSwiftCommand.noProgress))
      diagnostics = try SwiftChecker(tokenNames: names, catalog: catalog).check(
        files: files, progress: bar.update)
      bar.finish()
      if parsed.flag(.fix) {
        let result = try SwiftChecker.applyFixes(diagnostics)
        context.output.err("Rewrote \(Plural.count(result.count, "literal")) to token names.\n")
        for file in result.brokenFiles {
          context.output.err(
            "warning: \(file): not fixed: it has Swift syntax errors (below); fix them and run check-swift --fix again\n"
          )
        }
        unfixed = result.unfixed
      }
    } catch {
      throw .failure(error.message)
    }
    let shown =
      parsed.flag(.fix) ? diagnostics.filter { $0.fix == nil } + unfixed : diagnostics
    switch format {
    case "json": context.output.out(SwiftCheckReport.json(shown))
    case "sarif": context.output.out(SwiftCheckReport.sarif(shown))
    default: context.output.out(SwiftCheckReport.text(shown))
    }
    for problem in damaged {
      context.output.err(
        "Error: \(problem) (the sources were checked against the rest of the catalog)\n")
    }
    if !damaged.isEmpty || shown.contains(where: { $0.level == .error }) { throw .silentFailure }
  }
}
