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
  /// - Returns: The winning token per path, every stored definition that parses, and one
  ///   problem per damaged one (``CatalogService/definitionsAndDamaged()``: one damaged row
  ///   no longer stops `check-swift`, review 21).
  /// - Throws: ``CommandError/failure(_:)`` when the file is not a readable catalog.
  package static func catalogContents(_ path: String) throws(CommandError) -> (
    TokenResolver, [ComponentDefinition], damaged: [CatalogProblem]
  ) {
    // No catalog yet (nothing there, or an empty file `import-swift` will fill): empty.
    guard !CatalogService.needsCreating(at: path) else {
      return (TokenResolver(tokens: [:]), [], [])
    }
    let session = try CatalogSession(path: path, create: false, readOnly: true)
    let read = try session.definitionsAndDamaged()
    return (try session.tokenResolver(), read.definitions, read.damaged)
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
