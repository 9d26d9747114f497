import CatalogModel
import CatalogTokens
import Foundation

/// What `import-swift` and `check-swift` share in the CLI: the catalog's contents, and the
/// message when this build has no Swift parser.
enum SwiftBridgeSupport {
  /// Why the Swift commands do not work in this build.
  static let unavailable =
    "this catalog was built without the Swift bridge: the toolchain's SwiftSyntax/SwiftParser libraries (<toolchain>/usr/lib/swift/host with SwiftParser.swiftmodule) were not found when it was built. Set SWIFT_TOOLCHAIN to the toolchain folder (or put its swift on PATH) and rebuild; see README, 'The Swift bridge'."

  /// The tokens and components of the catalog at `path` (empty when there is no catalog).
  static func catalogContents(_ path: String) throws(CommandError) -> (
    TokenResolver, [ComponentDefinition]
  ) {
    guard FileManager.default.fileExists(atPath: path) else {
      return (TokenResolver(tokens: [:]), [])
    }
    let session = try CatalogSession(path: path, create: false, readOnly: true)
    return (try session.tokenResolver(), try session.definitions())
  }
}

extension SwiftBridgeSupport {
  /// The options both Swift commands take to name tokens in Swift source: `--token-map`
  /// and `--swift-type`.
  static let tokenNameOptions: [CommandSpec.Option] = [
    .init(
      name: "token-map", valueName: "file",
      help:
        "A JSON object of Swift name → token path for the app's own names ({\"Theme.gutter\": \"space.md\"}).",
      type: .file),
    .init(
      name: "swift-type", valueName: "name",
      help: "The type name of the Swift token export.", defaultValue: "DesignTokens"),
  ]

  /// The type name of the Swift token export (`--swift-type`, default `DesignTokens`).
  static func exportTypeName(_ parsed: ParsedArguments) -> String {
    parsed.option("swift-type") ?? "DesignTokens"
  }

  /// True when standard error is a terminal (the progress bar is drawn only then).
  static var standardErrorIsTerminal: Bool { isatty(2) == 1 }
}
