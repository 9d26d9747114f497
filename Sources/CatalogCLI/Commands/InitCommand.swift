import Foundation
import CatalogService

/// `catalog init`: creates the catalog file, or brings an existing one up to date.
enum InitCommand: Subcommand {
  static let spec = CommandSpec(
    name: "init", abstract: "Create a catalog file, or migrate an existing one to this version's schema.")

  static func run(_ args: [String], _ context: Context) throws(CommandError) {
    let parsed = try ArgumentParser.parse(args, spec: spec, path: ["init"])
    let path = context.databasePath(parsed)
    let existed = FileManager.default.fileExists(atPath: path)
    let session = try CatalogSession(path: path, create: true)
    let version: Int
    do { version = try session.service.schemaVersion() } catch { throw .failure("\(error)") }
    context.output.out(
      existed
        ? "The catalog at \(path) is ready (schema version \(version))\n"
        : "Initialized catalog at \(path) (schema version \(version))\n")
  }
}
