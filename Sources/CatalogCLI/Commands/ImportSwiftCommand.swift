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
    options: [
      .init(
        name: "token-map", valueName: "file",
        help: "A JSON object of Swift name → token path ({\"Theme.gutter\": \"space.md\"}).",
        type: .file),
      .init(
        name: "swift-type", valueName: "name",
        help: "The type name of the Swift token export (default: DesignTokens)."),
    ],
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
      // A component equal to the stored one is saved as the stored one: reported unchanged.
      let definitions = SwiftBridge.keepingStored(result, catalog: catalog)
      let changes: [CatalogChange] = zip(result.components, definitions).map { c, d in
        .saveComponent(d, file: "\(c.location) (struct \(d.name))")
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
    #else
      _ = parsed
      throw .failure(SwiftBridgeSupport.unavailable)
    #endif
  }
}
