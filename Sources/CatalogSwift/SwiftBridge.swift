import CatalogLint
import CatalogModel
import CatalogResolver
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
    paths: [String], tokens: TokenResolver, catalog: [ComponentDefinition],
    tokenMapFile: String? = nil, exportTypeName: String = "DesignTokens"
  ) throws(SwiftBridgeError) -> SwiftImportResult {
    let names = try tokenNames(tokens, tokenMapFile: tokenMapFile, exportTypeName: exportTypeName)
    // Every unreadable file is named, not only the first (``SwiftChecker/parseAll``).
    let files = try SwiftChecker.parseAll(
      SwiftChecker.swiftFiles(in: paths), folding: true, progress: nil)
    var result = SwiftComponentImporter(tokenNames: names, catalog: catalog).importFiles(files)
    result.diagnostics += lintFindings(result, tokens: tokens, catalog: catalog)
    return result
  }

  /// The catalog's own lint rules over the imported components, at their Swift locations:
  /// literal lengths that equal a token are kept as literals but reported
  /// (`hard-coded-length`), and so is padding on a stack that may be empty
  /// (`padding-on-empty-stack`). The rules live in `CatalogLint`; this only relocates them.
  ///
  /// The depth and cycle rules run first (``InstanceNesting``, memoised, linear in the
  /// components): a component that nests deeper than ``Resolver/maximumDepth`` or lies on
  /// an instance cycle is not rendered for lint at all. Saving it is refused afterwards
  /// with one error naming the chain and the limit, as `add` refuses it; rendering each of
  /// a 3,000-component chain up to the limit first cost 49 s (issue 12, point 2).
  /// - Parameters:
  ///   - result: An import's result.
  ///   - tokens: The catalog's tokens.
  ///   - catalog: The stored components.
  /// - Returns: One warning per finding, at the Swift line of the length or modifier.
  public static func lintFindings(
    _ result: SwiftImportResult, tokens: TokenResolver, catalog: [ComponentDefinition]
  ) -> [SwiftBridgeDiagnostic] {
    let imported = result.components.map(\.definition)
    let names = Set(imported.map(\.name))
    let definitions = catalog.filter { !names.contains($0.name) } + imported
    let nesting = InstanceNesting(definitions)
    let renderable = result.components.filter {
      !$0.isOpaque && nesting.rendersWithinLimits($0.definition.name)
    }
    guard !renderable.isEmpty else { return [] }
    let linter = Linter(definitions: definitions, tokens: tokens)
    var out: [SwiftBridgeDiagnostic] = []
    for finding in linter.lint(renderable.map(\.definition.name))
    where ["hard-coded-length", "padding-on-empty-stack"].contains(finding.rule)
      && !finding.isIgnored
    {
      guard finding.rule != "hard-coded-length" || finding.fix != nil,
        let component = result.components.first(where: { $0.definition.name == finding.component })
      else { continue }
      out.append(
        SwiftBridgeDiagnostic(
          location: component.location(ofPath: finding.path), level: .warning, rule: finding.rule,
          message: "\(finding.component ?? ""): \(finding.message)",
          component: finding.component))
    }
    return out
  }

  /// The token names for a catalog, with a `--token-map` file's names added.
  /// - Parameters:
  ///   - tokens: The catalog's tokens.
  ///   - tokenMapFile: A map file, if given.
  ///   - exportTypeName: The export's type name.
  /// - Returns: The names.
  /// - Throws: ``SwiftBridgeError`` for a malformed map.
  public static func tokenNames(
    _ tokens: TokenResolver, tokenMapFile: String?, exportTypeName: String
  ) throws(SwiftBridgeError) -> SwiftTokenNames {
    let map =
      try tokenMapFile.map { file throws(SwiftBridgeError) in
        try SwiftTokenNames.readMap(file: file)
      } ?? [:]
    return SwiftTokenNames(tokens: tokens, exportTypeName: exportTypeName, map: map)
  }
}

extension SwiftBridge {
  /// The imported definitions, each one that defines the same component as the stored one
  /// (``SwiftRoundTrip/sameDefinition(_:_:ignoringDescriptionAndVariants:)``) replaced by
  /// the stored definition itself, so that saving it changes nothing: the service reports it
  /// unchanged (`import-swift --dry-run`: "Would leave unchanged"), and what Swift cannot
  /// carry (a string parameter's `values`, `lint.ignore`, key order) is kept. A component
  /// without previews in the source (no variants) that is otherwise equal keeps the stored
  /// variants.
  /// - Parameters:
  ///   - result: An import's result.
  ///   - catalog: The stored components.
  /// - Returns: One definition per imported component, in order.
  public static func keepingStored(_ result: SwiftImportResult, catalog: [ComponentDefinition])
    -> [ComponentDefinition]
  {
    let stored = Dictionary(catalog.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    return result.components.map { c in
      guard let s = stored[c.definition.name] else { return c.definition }
      if SwiftRoundTrip.sameDefinition(c.definition, s) { return s }
      // No `#Preview` names its variants (a component nested in a rendered file): the Swift
      // source says nothing about them, so equal name, parameters, body and description
      // keep the stored variants too.
      if c.definition.variants.isEmpty, c.definition.description == s.description,
        SwiftRoundTrip.sameDefinition(c.definition, s, ignoringDescriptionAndVariants: true)
      {
        return s
      }
      return c.definition
    }
  }
}
