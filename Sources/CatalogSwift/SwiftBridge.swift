import CatalogModel
import CatalogTokens

/// The Swift bridge's entry points for front ends (the CLI, the benchmark): files in,
/// definitions or diagnostics out. The CLI only parses arguments and prints.
public enum SwiftBridge {
  /// True: this build has the toolchain's SwiftSyntax/SwiftParser (the target exists only then).
  public static let isAvailable = true

  /// Imports the SwiftUI views of files as component definitions.
  /// - Parameters:
  ///   - paths: `.swift` files (folders are walked).
  ///   - tokens: The catalog's tokens.
  ///   - catalog: The stored components (instances may name them).
  ///   - tokenMapFile: A `--token-map` file, if given.
  ///   - exportTypeName: The Swift token export's type name.
  /// - Returns: Components and diagnostics.
  /// - Throws: ``SwiftBridgeError`` for unreadable files or a malformed token map.
  public static func importSwift(
    paths: [String], tokens: TokenResolver, catalog: [ComponentDefinition], tokenMapFile: String? = nil, exportTypeName: String = "DesignTokens"
  ) throws(SwiftBridgeError) -> SwiftImportResult {
    let names = try tokenNames(tokens, tokenMapFile: tokenMapFile, exportTypeName: exportTypeName)
    let files = try SwiftChecker.swiftFiles(in: paths).map { path throws(SwiftBridgeError) in try SwiftSourceFile.read(path) }
    return SwiftComponentImporter(tokenNames: names, catalog: catalog).importFiles(files)
  }

  /// The token names for a catalog, with a `--token-map` file's names added.
  /// - Parameters:
  ///   - tokens: The catalog's tokens.
  ///   - tokenMapFile: A map file, if given.
  ///   - exportTypeName: The export's type name.
  /// - Returns: The names.
  /// - Throws: ``SwiftBridgeError`` for a malformed map.
  public static func tokenNames(_ tokens: TokenResolver, tokenMapFile: String?, exportTypeName: String) throws(SwiftBridgeError) -> SwiftTokenNames {
    let map = try tokenMapFile.map { file throws(SwiftBridgeError) in try SwiftTokenNames.readMap(file: file) } ?? [:]
    return SwiftTokenNames(tokens: tokens, exportTypeName: exportTypeName, map: map)
  }
}
