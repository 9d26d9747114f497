import CatalogCLI
import CatalogLint
import CatalogModel
import CatalogService
import CatalogSwift
import Foundation

/// `catalog import-swift FILE.swift…` as `catalog-swift` runs it: reads SwiftUI
/// `struct X: View` declarations (``SwiftBridge/importSwift(paths:tokens:catalog:tokenMapFile:exportTypeName:)``)
/// and adds them as components through the same change set as `catalog add` (same checks,
/// one transaction). The command's declaration is `CatalogCLI`'s `ImportSwiftCommand`.
enum ImportSwiftRunner {
  /// Runs the command with the arguments after its name.
  ///
  /// - Parameters:
  ///   - args: The arguments after `import-swift`.
  ///   - context: Where the catalog is and where output goes.
  /// - Throws: ``CommandError``: usage errors, unreadable files, refused definitions.
  static func run(_ args: [String], _ context: Context) throws(CommandError) {
    let parsed = try ArgumentParser.parse(
      args, spec: ImportSwiftCommand.spec, path: ["import-swift"])
    let path = context.databasePath(parsed)
    let (tokens, catalog) = try SwiftBridgeSupport.catalogContents(path)
    let result: SwiftImportResult
    do {
      result = try SwiftBridge.importSwift(
        paths: parsed.positionals, tokens: tokens, catalog: catalog,
        tokenMapFile: parsed.option("token-map"),
        exportTypeName: parsed.option("swift-type") ?? "DesignTokens")
    } catch {
      throw .failure(error.message)
    }
    for d in result.diagnostics { context.output.err("\(d)\n") }
    if !result.failed.isEmpty {
      context.output.err(
        "Error: not imported because of the errors above: \(result.failed.joined(separator: ", ")). Nothing was saved.\n"
      )
      throw .silentFailure
    }
    if result.components.isEmpty {
      throw .failure(
        "no struct conforming to View in \(parsed.positionals.joined(separator: ", "))")
    }
    if parsed.flag("dry-run") {
      for c in result.components {
        context.output.out(JSONWriter.pretty(c.definition.json) + "\n")
      }
    }
    // The same path as `catalog add`: one CatalogService change set, checked and saved in
    // one transaction; each definition names its Swift file and line.
    let dryRun = parsed.flag("dry-run")
    let existed = FileManager.default.fileExists(atPath: path)
    let changes: [CatalogChange] = result.components.map { c in
      .saveComponent(c.definition, file: "\(c.location) (struct \(c.definition.name))")
    }
    let outcome: ChangeResult
    do throws(CommandError) {
      let session = try CatalogSession(path: existed || !dryRun ? path : ":memory:", create: true)
      do {
        outcome = try session.apply(
          changes, options: ChangeOptions(force: parsed.flag("force"), dryRun: dryRun))
      } catch {
        throw AddCommand.reportProblems(error, context)
      }
    } catch {
      // A failed import leaves no new, empty catalog file behind.
      if !existed {
        for suffix in ["", "-wal", "-shm", "-journal"] {
          try? FileManager.default.removeItem(atPath: path + suffix)
        }
      }
      throw error
    }
    for warning in outcome.warnings { context.output.err("warning: \(warning)\n") }
    var report = outcome.events.map(ChangeReport.line)
    if dryRun {
      report = report.map { line in
        for (done, would) in [
          ("Added", "Would add"), ("Updated", "Would update"),
          ("Unchanged", "Would leave unchanged"),
        ]
        where line.hasPrefix(done) {
          return would + line.dropFirst(done.count)
        }
        return line
      }
      report.append("Dry run: nothing was saved.")
      report.append(ImpactAnalyzer.report(outcome.impact).trimmingCharacters(in: .newlines))
    }
    for line in report { context.output.out(line + "\n") }
  }
}
