import CatalogModel
import CatalogRender
import CatalogTestSupport
import CatalogTokens
import Foundation
import Testing

@Suite struct SwiftUIRendererTests {
  static func definitions(_ catalog: ExampleCatalog) -> [String: ComponentDefinition] {
    Dictionary(uniqueKeysWithValues: catalog.definitions.map { ($0.name, $0) })
  }

  @Test func everyExampleMatchesItsGolden() throws {
    let catalog = try ExampleCatalog.load()
    for d in catalog.definitions {
      let source = try SwiftUIRenderer.render(
        d.name, definitions: Self.definitions(catalog), tokens: catalog.resolver)
      Golden.check(source, named: "swiftui/\(d.name).swift")
    }
  }

  @Test func tokensAreTheExportsNamesAndWrappersAreNested() throws {
    let catalog = try ExampleCatalog.load()
    let source = try SwiftUIRenderer.render(
      "AlbumCard", definitions: Self.definitions(catalog), tokens: catalog.resolver)
    #expect(source.contains("extension AlbumCard {\n"))
    #expect(source.contains("\n  struct VSStack<Content: View>: View {"))
    #expect(source.contains("  enum DesignTokens {"))
    #expect(source.contains("    static let spaceSm: CGFloat = 8"))
    #expect(source.contains(".padding(.bottom, DesignTokens.spaceSm)"))
    #expect(!source.contains("enum Spacing") && !source.contains("enum Size"))
    #expect(source.contains("    @ViewBuilder var content: () -> Content"))
    #expect(source.contains("  struct TrackRow: View {"))
    #expect(source.contains("if !(artist?.isEmpty ?? true) {"))
    let collapsing = try SwiftUIRenderer.render(
      "CollapsingOptionalStack", definitions: Self.definitions(catalog), tokens: catalog.resolver)
    #expect(collapsing.contains("Group(\n      subviews: Group {"))
    #expect(collapsing.contains("if !subviews.isEmpty {"))
  }

  /// Issue 13, point 3: every example's output type-checks on its own against the stub
  /// SwiftUI module (previews included).
  @Test(arguments: try ExampleCatalog.load().definitions.map(\.name))
  func everyExampleTypechecksAlone(_ name: String) throws {
    let catalog = try ExampleCatalog.load()
    let source = try SwiftUIRenderer.render(
      name, definitions: Self.definitions(catalog), tokens: catalog.resolver)
    let errors = try SwiftUIStub.typecheck(sources: [("\(name).swift", source)])
    #expect(errors.isEmpty, "\(name):\n\(errors)\n\(source)")
  }

  /// Every example's output in one target with `tokens export --format swift`: nothing is
  /// declared twice, and the exported `DesignTokens` and the nested copies agree.
  @Test func allExamplesTypecheckTogetherWithTheTokenExport() throws {
    let catalog = try ExampleCatalog.load()
    var sources: [(name: String, text: String)] = try catalog.definitions.map { d in
      (
        "\(d.name).swift",
        try SwiftUIRenderer.render(
          d.name, definitions: Self.definitions(catalog), tokens: catalog.resolver)
      )
    }
    sources.append(
      (
        "DesignTokens.swift",
        TokenExporter.export(catalog.tokens, format: .swift, resolver: catalog.resolver)
      ))
    let errors = try SwiftUIStub.typecheck(sources: sources)
    #expect(errors.isEmpty, "\(errors)")
  }

  /// `export --format swiftui`: the package's sources type-check as one target.
  @Test func thePackageOfTheExamplesTypechecks() throws {
    let catalog = try ExampleCatalog.load()
    let package = try SwiftUIPackage.make(
      definitions: catalog.definitions, tokens: catalog.tokens, resolver: catalog.resolver)
    let paths = package.files.map(\.path)
    #expect(paths.contains("Package.swift"))
    #expect(paths.contains("Sources/CatalogComponents/AlbumCard.swift"))
    #expect(paths.contains("Sources/CatalogComponents/DesignTokens.swift"))
    #expect(paths.contains("Sources/CatalogComponents/View+Applying.swift"))
    let album = try #require(package.files.first { $0.path.hasSuffix("/AlbumCard.swift") }).text
    #expect(album.contains("#Preview(\"AlbumCard · compact\")"))
    #expect(!album.contains("extension AlbumCard") && !album.contains("enum DesignTokens"))
    let sources = package.files.filter { $0.path.hasPrefix("Sources/") }.map {
      (name: String($0.path.split(separator: "/").last ?? ""), text: $0.text)
    }
    let errors = try SwiftUIStub.typecheck(sources: sources)
    #expect(errors.isEmpty, "\(errors)")
  }

  /// Names that Swift or SwiftUI already use are renamed by the stated rule, with a warning,
  /// and the result type-checks; `init --example`'s `Card` with `card.*` tokens no longer
  /// meets an `enum Card`.
  @Test func reservedNamesAreRenamedWithAWarning() throws {
    let text = """
      {"name": "View", "parameters": {"body": {"type": "string", "default": "b"},
        "id": {"type": "string", "default": "i"}, "default": {"type": "number", "default": 1},
        "self": {"type": "boolean", "default": true}},
       "body": {"type": "VStack", "children": [
         {"type": "Text", "text": "$body", "when": "$self"}, {"type": "Text", "text": "$id"},
         {"type": "Card", "arguments": {"title": "$body"}, "slots": {"header": [{"type": "Text", "text": "h"}]},
          "children": [{"type": "Text", "text": "c"}]}]}}
      """
    let card = """
      {"name": "Card", "parameters": {"title": {"type": "string", "default": "t"}},
       "body": {"type": "VStack", "spacing": "{card.gap}", "children": [
         {"type": "Slot", "name": "header"}, {"type": "Text", "text": "$title"}, {"type": "Slot"},
         {"type": "Header"}],
        "modifiers": [{"padding": "{card.padding}"}]}}
      """
    let header = """
      {"name": "Header", "body": {"type": "Text", "text": "x"}}
      """
    let definitions = try [text, card, header].map {
      try DefinitionParser.parse($0, file: "t.json")
    }
    let tokens = try TokenFileParser.parse(
      #"{"card": {"$type": "dimension", "gap": {"$value": {"value": 8, "unit": "px"}}, "padding": {"$value": {"value": 16, "unit": "px"}}}}"#,
      file: "t.tokens.json"
    ).tokens
    let resolver = TokenResolver(
      tokens: Dictionary(uniqueKeysWithValues: tokens.map { ($0.path, $0) }))
    let byName = Dictionary(uniqueKeysWithValues: definitions.map { ($0.name, $0) })
    let output = try SwiftUIRenderer.renderWithWarnings(
      "View", definitions: byName, tokens: resolver)
    let source = output.source
    #expect(source.contains("struct ViewComponent: View {"))
    #expect(source.contains("var bodyValue: String = \"b\""))
    #expect(source.contains("var id: String = \"i\""))
    #expect(source.contains("var `default`: Double = 1"))
    #expect(source.contains("var selfValue: Bool = true"))
    #expect(source.contains("Card(title: bodyValue, content: {"))
    #expect(source.contains("DesignTokens.cardGap") && !source.contains("enum Card"))
    #expect(
      output.warnings.contains {
        $0.contains("component 'View' is written as 'ViewComponent'")
      })
    #expect(output.warnings.contains { $0.contains("'body' is written as 'bodyValue'") })
    let card2 = try SwiftUIRenderer.render("Card", definitions: byName, tokens: resolver)
    #expect(card2.contains("struct Card<Content: View, HeaderContent: View>: View {"))
    let errors = try SwiftUIStub.typecheck(sources: [
      ("View.swift", source), ("Card.swift", card2),
      ("Header.swift", try SwiftUIRenderer.render("Header", definitions: byName, tokens: resolver)),
      (
        "DesignTokens.swift",
        TokenExporter.export(tokens, format: .swift, resolver: resolver)
      ),
    ])
    #expect(errors.isEmpty, "\(errors)\n\(source)")
  }

  /// Issue 13, point 4: the goldens are what `swift format lint --strict` accepts.
  @Test func theGoldensAreSwiftFormatClean() throws {
    let dir = ExternalRequirement.packageRoot.appendingPathComponent(
      "Tests/CatalogRenderTests/__Snapshots__/swiftui")
    let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter {
      $0.hasSuffix(".swift")
    }.sorted().map { dir.appendingPathComponent($0).path }
    #expect(!files.isEmpty)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      [
        "swift", "format", "lint", "--strict", "--configuration",
        ExternalRequirement.packageRoot.appendingPathComponent(".swift-format").path,
      ] + files
    let pipe = Pipe()
    process.standardError = pipe
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0 && output.isEmpty, "\(output)")
  }

  @Test func aMissingComponentIsAnError() throws {
    let catalog = try ExampleCatalog.load()
    #expect(throws: SwiftUIRenderError.self) {
      try SwiftUIRenderer.render(
        "Nope", definitions: Self.definitions(catalog), tokens: catalog.resolver)
    }
  }
}

/// The writer recurses per level of views: a definition at the catalog's nesting limit
/// must render (the review found a segfault at 254 nested VStacks in a debug build).
@Suite struct DeepSwiftUIRenderTests {
  @Test(arguments: [254, 255])
  func nestedStacksAtTheLimitRender(depth: Int) throws {
    var body = #"{"type":"Text","text":"x"}"#
    for i in 0..<depth {
      let stack = i.isMultiple(of: 2) ? "VStack" : "HStack"
      body = #"{"type":"\#(stack)","modifiers":[{"padding":1}],"children":[\#(body)]}"#
    }
    let definition = try DefinitionParser.parse(#"{"name":"Deep","body":\#(body)}"#)
    let source = try SwiftUIRenderer.render(
      "Deep", definitions: ["Deep": definition], tokens: TokenResolver(tokens: [:]))
    #expect(source.components(separatedBy: "Stack {").count - 1 == depth)
  }
}
