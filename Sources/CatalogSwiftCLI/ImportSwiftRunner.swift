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
    let (tokens, catalog, _) = try SwiftBridgeSupport.catalogContents(path)
    let result: SwiftImportResult
    do {
      result = try SwiftBridge.importSwift(
        paths: parsed.values(ImportSwiftCommand.files), tokens: tokens, catalog: catalog,
        tokenMapFile: parsed.option(.tokenMap),
        exportTypeName: SwiftBridgeSupport.exportTypeName(parsed))
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
        "no struct conforming to View in \(parsed.values(ImportSwiftCommand.files).joined(separator: ", "))"
      )
    }
    if parsed.flag(.dryRun) {
      for c in result.components {
        context.output.out(JSONWriter.pretty(c.definition.json) + "\n")
      }
    }
    // The same path as `catalog add`: one CatalogService change set, checked and saved in
    // one transaction; each definition names its Swift file and line.
    let dryRun = parsed.flag(.dryRun)
    // A component equal to the stored one is saved as the stored one: reported unchanged.
    let definitions = SwiftBridge.keepingStored(result, catalog: catalog)
    let changes: [CatalogChange] = zip(result.components, definitions).map { c, d in
      .saveComponent(d, file: "\(c.location) (struct \(d.name))")
    }
    func save(_ session: CatalogSession) throws(CommandError) {
      let outcome: ChangeResult
      do throws(CatalogError) {
        outcome = try session.apply(
          changes, options: ChangeOptions(force: parsed.flag(.force), dryRun: dryRun))
      } catch {
        throw AddCommand.reportProblems(error, context, command: "import-swift")
      }
      for warning in outcome.warnings { context.output.err("warning: \(warning)\n") }
      for line in ChangeReport.lines(outcome, dryRun: dryRun) { context.output.out(line + "\n") }
    }
    if dryRun {
      // A dry run writes nothing: read-only, on a copy in memory (an empty catalog when
      // none exists yet).
      try save(CatalogSession.dryRun(path: path))
    } else {
      // As `add`: a new catalog appears only complete, and a failure deletes no file
      // another process may have created meanwhile (issue 12, point 1).
      try CatalogSession.writing(path: path, output: context.output) {
        session throws(CommandError) in try save(session)
      }
    }
  }
}
