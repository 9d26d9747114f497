import CatalogLayout
import CatalogModel
import CatalogRender
import CatalogResolver
import CatalogTokens
import Foundation

/// The example components and tokens (`examples/`), loaded in memory, and every case the
/// rendering tests draw: each component with no arguments and with each of its variants.
struct ExampleCatalog {
  /// The repository's root folder.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  var definitions: [ComponentDefinition]
  var tokens: [DesignToken]
  var resolver: TokenResolver

  /// One rendering case: a component with a variant's arguments (or none).
  struct Case {
    var component: String
    var variant: String?
    var arguments: JSONObject
    /// `TrackRow` or `TrackRow.full`.
    var name: String { variant.map { "\(component).\($0)" } ?? component }
  }

  static func load() throws -> ExampleCatalog {
    let fm = FileManager.default
    let componentsDir = root.appendingPathComponent("examples/components")
    var definitions: [ComponentDefinition] = []
    for file in try fm.contentsOfDirectory(atPath: componentsDir.path).sorted()
    where file.hasSuffix(".json") {
      let text = try String(contentsOf: componentsDir.appendingPathComponent(file), encoding: .utf8)
      definitions.append(try DefinitionParser.parse(text, file: file))
    }
    let tokenText = try String(
      contentsOf: root.appendingPathComponent("examples/tokens/spacing.tokens.json"),
      encoding: .utf8)
    let tokens = try TokenFileParser.parse(tokenText, file: "spacing.tokens.json").tokens
    var byPath: [String: DesignToken] = [:]
    for t in tokens { byPath[t.path] = t }
    return ExampleCatalog(
      definitions: definitions, tokens: tokens, resolver: TokenResolver(tokens: byPath))
  }

  var cases: [Case] {
    definitions.flatMap { d in
      [Case(component: d.name, variant: nil, arguments: JSONObject())]
        + d.variants.map { Case(component: d.name, variant: $0.name, arguments: $0.arguments) }
    }
  }

  func layOut(_ c: Case, proposal: ProposedSize = .unspecified) throws -> LaidOutComponent {
    var resolver = Resolver(source: InMemoryComponentSource(definitions), tokens: self.resolver)
    return LaidOutComponent(
      try resolver.resolve(c.component, arguments: c.arguments), proposal: proposal)
  }
}
