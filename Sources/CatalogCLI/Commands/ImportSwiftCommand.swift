import CatalogModel
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
    arguments: [.init(name: "file", help: "Swift files or folders of them.", isRepeating: true)],
    options: [
      .init(
        name: "token-map", valueName: "file",
        help: "A JSON object of Swift name → token path ({\"Theme.gutter\": \"space.md\"})."),
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
      // The same path as `catalog add`: definitions as files, checked and saved together.
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "catalog-import-swift-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: folder) }
      var files: [String] = []
      var origins: [(String, String)] = []
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for c in result.components {
          let file = folder.appendingPathComponent("\(c.definition.name).json").path
          try Data((JSONWriter.pretty(c.definition.json) + "\n").utf8).write(
            to: URL(fileURLWithPath: file))
          files.append(file)
          origins.append((file, "\(c.location) (struct \(c.definition.name))"))
        }
      } catch {
        throw .failure("cannot write the imported definitions to \(folder.path): \(error)")
      }
      let inner = Output()
      let innerContext = Context(
        environment: context.environment, output: inner, databaseOverride: context.databaseOverride)
      var addArguments = files
      if parsed.flag("dry-run") { addArguments.append("--dry-run") }
      if parsed.flag("force") { addArguments.append("--force") }
      if let db = parsed.option("db") { addArguments += ["--db", db] }
      var failure: CommandError?
      do { try AddCommand.run(addArguments, innerContext) } catch { failure = error }
      func located(_ text: String) -> String {
        var t = text
        for (file, origin) in origins { t = t.replacingOccurrences(of: file, with: origin) }
        return t
      }
      context.output.out(located(inner.standardOutput))
      context.output.err(located(inner.standardError))
      if let failure {
        if case .failure(let message) = failure { throw .failure(located(message)) }
        throw failure
      }
    #else
      _ = parsed
      throw .failure(SwiftBridgeSupport.unavailable)
    #endif
  }
}
