import CatalogModel
import CatalogRender
import CatalogTestSupport
import CatalogTokens
import Foundation
import Testing

@testable import CatalogSwift

/// Issue 15's leftovers: `check-swift` over issue 19's views, `import-swift` of a component
/// equal to the stored one, and the round trip's output type-checked against the stub
/// SwiftUI module.
@Suite struct BridgeLeftoverTests {
  static func check(_ source: String) throws -> [String] {
    let checker = SwiftChecker(
      tokenNames: SwiftTokenNames(tokens: try Fixtures.tokens()), catalog: try Fixtures.examples())
    return checker.check([SwiftSourceFile(text: source, path: "A.swift")]).map(\.description)
  }

  @Test func issueNineteenViewsAreCheckedLikeTheStacks() throws {
    let found = try Self.check(
      """
      struct A: View {
        var on = false
        var body: some View {
          Grid(horizontalSpacing: 16, verticalSpacing: 8) {
            GridRow { Text("a") }
          }
          RoundedRectangle(cornerRadius: 6).strokeBorder(Color.gray, lineWidth: 2)
          RoundedRectangle(cornerRadius: 8)
          Grid {
            if on { GridRow { Text("b") } }
          }
          .padding(4)
        }
      }
      """)
    #expect(
      found == [
        "A.swift:4:29: warning: Grid horizontalSpacing 16 equals the token {space.lg}; use DesignTokens.spaceLg [hard-coded-length]",
        "A.swift:4:50: warning: Grid verticalSpacing 8 equals the token {space.sm}; use DesignTokens.spaceSm [hard-coded-length]",
        "A.swift:7:36: warning: cornerRadius 6 equals the token {radius.sm}; use DesignTokens.radiusSm [hard-coded-length]",
        "A.swift:7:75: warning: lineWidth 2 equals the token {stroke.thick}; use DesignTokens.strokeThick [hard-coded-length]",
        "A.swift:12:6: warning: padding on a Grid whose children may all be absent: SwiftUI keeps it and shows empty space; wrap the stack in Group(subviews:) with if !subviews.isEmpty, or pad only when a child rendered [padding-on-empty-stack]",
        "A.swift:12:14: warning: padding 4 equals the token {space.xs}; use DesignTokens.spaceXs [hard-coded-length]",
      ], "\(found)")
  }

  /// A hex colour is written `Color(red:green:blue:opacity:)` (SwiftUI has no hex
  /// initialiser) and reads back as the hex value.
  @Test func hexColoursComeBack() throws {
    let d = try DefinitionParser.parse(
      ##"{"name": "Swatch", "body": {"type": "Color", "color": "#ff3b30", "modifiers": [{"border": {"color": "#0a84ff80", "width": 2}}]}}"##,
      file: "Swatch.json")
    let tokens = try Fixtures.tokens()
    let source = try SwiftUIRenderer.render("Swatch", definitions: ["Swatch": d], tokens: tokens)
    #expect(source.contains("Color(red: 1, green: 0.231, blue: 0.188, opacity: 1)"))
    let back = SwiftComponentImporter(tokenNames: SwiftTokenNames(tokens: tokens)).importFiles([
      SwiftSourceFile(text: source, path: "Swatch.swift")
    ])
    let imported = try #require(back.component("Swatch"), "\(back.diagnostics)")
    #expect(SwiftRoundTrip.sameDefinition(imported, d), "\(JSONWriter.compact(imported.json))")
  }

  @Test func aComponentEqualToTheStoredOneIsKeptAsStored() throws {
    let examples = try Fixtures.examples()
    let tokens = try Fixtures.tokens()
    let byName = Dictionary(examples.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    let source = try SwiftUIRenderer.render("AlbumCard", definitions: byName, tokens: tokens)
    let result = SwiftComponentImporter(tokenNames: SwiftTokenNames(tokens: tokens)).importFiles([
      SwiftSourceFile(text: source, path: "AlbumCard.swift")
    ])
    let kept = SwiftBridge.keepingStored(result, catalog: examples)
    #expect(kept.count == result.components.count)
    for d in kept {
      // The stored definition itself (same JSON text), so the service reports it unchanged.
      #expect(
        JSONWriter.pretty(d.json) == byName[d.name].map { JSONWriter.pretty($0.json) },
        "\(d.name)")
    }
    var changed = try #require(byName["TrackRow"])
    changed.description = "Changed."
    let notKept = SwiftBridge.keepingStored(
      result, catalog: examples.filter { $0.name != "TrackRow" } + [changed])
    #expect(notKept.first { $0.name == "TrackRow" }?.description != "Changed.")
  }

  /// `import-swift` → `render --format swiftui` type-checks (issue 15, point 3): the seeds'
  /// and the vocabulary fixtures' components, each alone and all in one target.
  @Test func importedComponentsRenderToSourceThatTypechecks() throws {
    let result = try Fixtures.importing([
      "SeedViews.swift", "OptionalViews.swift", "Features.swift", "Vocabulary.swift",
    ])
    let tokens = try Fixtures.tokens()
    let byName = Dictionary(
      result.components.map { ($0.definition.name, $0.definition) }, uniquingKeysWith: { a, _ in a }
    )
    #expect(byName.count >= 8)
    let sources = try byName.keys.sorted().map { name in
      (
        name: "\(name).swift",
        text: try SwiftUIRenderer.render(name, definitions: byName, tokens: tokens)
      )
    }
    let errors = try SwiftUIStub.typecheck(sources: sources)
    #expect(errors.isEmpty, "\(errors)")
  }

  /// The first 20 seeded random components of the round-trip test (issue 19's vocabulary)
  /// render to source that type-checks, all in one target (20 keeps the test within its
  /// time; the whole 100 passed when this was written).
  @Test func randomComponentsTypecheck() throws {
    let tokens = try Fixtures.tokens()
    var generator = RandomComponents(seed: 15)
    var sources: [(name: String, text: String)] = []
    for i in 0..<20 {
      let d = try generator.component(named: "Random\(i)")
      sources.append(
        (
          "\(d.name).swift",
          try SwiftUIRenderer.render(d.name, definitions: [d.name: d], tokens: tokens)
        ))
    }
    let errors = try SwiftUIStub.typecheck(sources: sources)
    #expect(errors.isEmpty, "\(errors.prefix(4000))")
  }
}
