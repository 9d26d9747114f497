import CatalogModel
import CatalogService
import CatalogTokens

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `import-swift` and `check-swift` share: the catalog's contents, read the same way
/// by `catalog-swift`.
package enum SwiftBridgeSupport {
  /// The tokens and components of the catalog at `path` (empty when there is no catalog),
  /// read through a read-only session.
  ///
  /// - Parameter path: The catalog file.
  /// - Returns: The winning token per path, and every stored definition.
  /// - Throws: ``CommandError/failure(_:)`` when the file is not a readable catalog.
  package static func catalogContents(_ path: String) throws(CommandError) -> (
    TokenResolver, [ComponentDefinition]
  ) {
    // No catalog yet (nothing there, or an empty file `import-swift` will fill): empty.
    guard !CatalogService.needsCreating(at: path) else {
      return (TokenResolver(tokens: [:]), [])
    }
    let session = try CatalogSession(path: path, create: false, readOnly: true)
    return (try session.tokenResolver(), try session.definitions())
  }
}

extension SwiftBridgeSupport {
  /// The options both Swift commands take to name tokens in Swift source: `--token-map`
  /// and `--swift-type`.
  static let tokenNameOptions: [CommandSpec.Option] = [.tokenMap, .swiftType]

  /// The type name of the Swift token export (`--swift-type`, default `DesignTokens`).
  package static func exportTypeName(_ parsed: ParsedArguments) -> String {
    parsed.option(.swiftType) ?? "DesignTokens"
  }

  /// True when standard error is a terminal (the progress bar is drawn only then).
  package static var standardErrorIsTerminal: Bool { Console.isTerminal.error }
}
