import CatalogLayout
import CatalogLint
import CatalogModel
import CatalogRender
import CatalogResolver
import CatalogTestSupport
import CatalogTokens
import Foundation
import Testing

/// The HTML side of the matrix consistency check: every case `render --matrix` would draw
/// (``ComponentCases/matrix(_:modes:coverage:limit:)``: variants × optional presence ×
/// mode contexts of the density resolver document) for every example and the matrix
/// example, laid out here and loaded in headless Chromium: the browser's boxes equal the
/// layout's frames, or the page marks the box and `render --format html` warns about it
/// (``HTMLBrowserTests/compareInBrowser(_:minimum:)``). The tree, JSON and SVG outputs of
/// the same cases are compared by `MatrixConsistencyTests` through the command itself.
@Suite struct MatrixBrowserTests {
  static func cases() throws -> [HTMLBrowserTests.Case] {
    var catalog = try ExampleCatalog.load()
    let root = ExampleCatalog.root
    let matrixExample = try String(
      contentsOf: root.appendingPathComponent("examples/matrix/SettingsRow.json"), encoding: .utf8)
    catalog.definitions.append(try DefinitionParser.parse(matrixExample, file: "SettingsRow.json"))
    let resolverText = try String(
      contentsOf: root.appendingPathComponent("examples/tokens/density.resolver.json"),
      encoding: .utf8)
    let document = try ResolverDocument.parse(
      source: TokenSource(
        value: try JSONParser.parse(resolverText, file: "density.resolver.json").root,
        file: "density.resolver.json"))
    let modes = document.modifiers.map { (modifier: $0.name, contexts: $0.contexts.map(\.name)) }
    var known: [String: String] = [:]
    for (path, t) in catalog.resolver.tokens { known[path] = t.type ?? "" }
    // The tokens of each combination of mode contexts, as `render --input` computes them.
    var tokensByInputs: [[String: String]: TokenResolver] = [:]
    func tokens(_ inputs: [String: String]) throws -> TokenResolver {
      if inputs.isEmpty { return catalog.resolver }
      if let cached = tokensByInputs[inputs] { return cached }
      let resolution = try document.resolve(
        inputs: inputs.mapValues { .string($0) },
        options: .init(knownTokens: known, unresolvedReferences: .warning))
      var merged = catalog.resolver.tokens
      for t in resolution.tokens { merged[t.path] = t }
      let resolver = TokenResolver(tokens: merged, remBase: catalog.resolver.remBase)
      tokensByInputs[inputs] = resolver
      return resolver
    }
    let source = InMemoryComponentSource(catalog.definitions)
    var out: [HTMLBrowserTests.Case] = []
    for d in catalog.definitions {
      for c in ComponentCases.matrix(d, modes: modes).cases {
        var resolver = Resolver(source: source, tokens: try tokens(c.inputs))
        // A case that fails to resolve fails every format alike (`render --matrix` reports it).
        guard let resolved = try? resolver.resolve(d.name, arguments: c.arguments) else { continue }
        for proposal in [ProposedSize.unspecified, ProposedSize(width: 390, height: nil)] {
          let laidOut = LaidOutComponent(resolved, proposal: proposal)
          let mode = c.inputs.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
          out.append(
            HTMLBrowserTests.Case(
              name:
                "matrix \(d.name) \(c.label)\(mode.isEmpty ? "" : " [\(mode.joined(separator: ", "))]")\(proposal.width == nil ? "" : " --width 390")",
              page: HTMLRenderer.render(laidOut, measuring: true),
              frames: laidOut.nodes().map(\.node.frame), scale: 3))
        }
      }
    }
    return out
  }

  @Test func theMatrixHasVariantsOptionalPresenceAndModes() throws {
    let names = try Self.cases().map(\.name)
    #expect(names.contains { $0.contains("variant ") })
    #expect(names.contains { $0.contains("absent") })
    #expect(names.contains { $0.contains("density=compact") })
  }

  @Test(.requires(.chromium)) func browserBoxesMatchOurFramesForEveryMatrixCase() throws {
    try HTMLBrowserTests.compareInBrowser(try Self.cases(), minimum: 100)
  }
}
