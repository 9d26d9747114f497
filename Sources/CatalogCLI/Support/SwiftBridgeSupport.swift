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
  /// True when standard error is a terminal (the progress bar is drawn only then).
  static var standardErrorIsTerminal: Bool { isatty(2) == 1 }
}
