import CatalogLint
import CatalogModel
import CatalogService
import Foundation

#if CATALOG_SWIFT_BRIDGE
  import CatalogSwift
#endif

/// `catalog import-swift FILE.swift…`: reads SwiftUI `struct X: View` declarations and adds
/// them as components through `add` (same checks, one transaction). Logic: `CatalogSwift`.
enum ImportSwiftCommand: Subcommand {
  static let spec = CommandSpec(
    name: "import-swift", abstract: "Import SwiftUI views from Swift source as components.",
    discussion:
      "Every struct conforming to View becomes a component (parameters from its init or stored properties, @ViewBuilder closures as slots, if/switch as when conditions). Anything not representable is reported with file:line:column and kept as an opaque component or dropped. Components are then added exactly as 'catalog add' adds them.",
    arguments: [
      .init(name: "file", help: "Swift files or folders of them.", isRepeating: true, type: .file)
    ],
    options: SwiftBridgeSupport.tokenNameOptions,
    flags: [
      .init(
        name: "dry-run",
        help: "Print the definitions and what adding them would change, then save nothing."),
      .init(
        name: "force",
        help: "Save even when the change breaks components that use an updated component."),
    ])

  static func run(_ args: [String], _ context: Context) throws(CommandError) {
    let parsed = try ArgumentParser.parse(args, spec: spec, path: ["import-swift"])
    #if CATALOG_SWIFT_BRIDGE
      let path = context.databasePath(parsed)
      let (tokens, catalog) = try SwiftBridgeSupport.catalogContents(path)
      let result: SwiftImportResult
      do {
        result = try SwiftBridge.importSwift(
          paths: parsed.positionals, tokens: tokens, catalog: catalog,
          tokenMapFile: parsed.option("token-map"),
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
      let changes: [CatalogChange] = result.components.map { c in
        .saveComponent(c.definition, file: "\(c.location) (struct \(c.definition.name))")
      }
      func save(_ session: CatalogSession) throws(CommandError) {
        let outcome: ChangeResult
        do throws(CatalogError) {
          outcome = try session.apply(
            changes, options: ChangeOptions(force: parsed.flag("force"), dryRun: dryRun))
        } catch {
          throw AddCommand.reportProblems(error, context)
        }
        for warning in outcome.warnings { context.output.err("warning: \(warning)\n") }
        for line in ChangeReport.lines(outcome, dryRun: dryRun) {
          context.output.out(line + "\n")
        }
      }
      if dryRun && !FileManager.default.fileExists(atPath: path) {
        // A dry run against a catalog that does not exist yet works on an empty one in memory.
        try save(CatalogSession(path: ":memory:", create: true))
      } else {
        // A new catalog appears only complete; a failure deletes no one else's file.
        try CatalogSession.writing(path: path, output: context.output) {
          session throws(CommandError) in try save(session)
        }
      }
    #else
      _ = parsed
      throw .failure(SwiftBridgeSupport.unavailable)
    #endif
  }
}
