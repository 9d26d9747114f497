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

  /// A parameter named `_`, `Type`, `Protocol`, `await` or a type the generated code uses
  /// (`Text`, `VStack`, `String`) gave Swift that does not compile (`var _: String`,
  /// `Text(await)`, a member `Text` hiding `Text(…)`): each is renamed with `Value` and the
  /// output type-checks, as `body`'s always did. Other contextual words stay as they are.
  @Test(arguments: [
    "_", "Type", "Protocol", "await", "Text", "VStack", "String", "Color", "Content", "async",
    "some", "any", "default", "body", "id",
  ])
  func everyParameterNameTypechecks(_ name: String) throws {
    let quoted = JSONWriter.quoted(name)
    let d = try DefinitionParser.parse(
      #"{"name": "Names", "parameters": {"# + quoted
        + #": {"type": "string", "default": "x"}, "flag": {"type": "boolean", "default": true}}, "body": {"type": "VStack", "children": [{"type": "Text", "text": "$"#
        + name + #"", "when": "$flag"}, {"type": "Text", "text": "b"}]}}"#,
      file: "names.json")
    let source = try SwiftUIRenderer.render(
      "Names", definitions: ["Names": d], tokens: TokenResolver(tokens: [:]))
    let errors = try SwiftUIStub.typecheck(sources: [("Names.swift", source)])
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

  /// Required parameters of every type the definition format has (review: the `#Preview`
  /// called `Req()`, which does not compile): the defaults preview takes the first variant's
  /// value, else a placeholder of the type; a variant lacking one gets the same; `render` and
  /// the package type-check.
  static let required = [
    """
    {"name": "Req", "parameters": {
      "title": {"type": "string"}, "style": {"type": "string", "values": ["plain", "bold"]},
      "score": {"type": "number"}, "flag": {"type": "boolean"}, "gap": {"type": "length"},
      "align": {"type": "alignment"}, "tags": {"type": "list"},
      "rows": {"type": "list", "items": {"title": "string"}}},
     "variants": {"short": {"flag": true}, "named": {"title": "Intro"}},
     "body": {"type": "VStack", "alignment": "$align", "spacing": "$gap", "children": [
       {"type": "Text", "text": "$title", "when": "$flag"}, {"type": "Text", "text": "$style"},
       {"type": "Text", "text": "$score"},
       {"type": "ForEach", "in": "$tags", "children": [{"type": "Text", "text": "$item"}]},
       {"type": "ForEach", "in": "$rows", "as": "row", "children": [{"type": "Text", "text": "$row.title"}]},
       {"type": "Slot"}]}}
    """,
    """
    {"name": "Bare", "parameters": {"title": {"type": "string"}, "score": {"type": "number"},
      "on": {"type": "boolean"}},
     "body": {"type": "HStack", "children": [{"type": "Text", "text": "$title"},
       {"type": "Text", "text": "$score", "when": "$on"}]}}
    """,
  ]

  @Test func previewsGiveEveryRequiredParameterAValueAndTypecheck() throws {
    let definitions = try Self.required.map { try DefinitionParser.parse($0, file: "t.json") }
    let byName = Dictionary(uniqueKeysWithValues: definitions.map { ($0.name, $0) })
    let resolver = TokenResolver(tokens: [:])
    let req = try SwiftUIRenderer.render("Req", definitions: byName, tokens: resolver)
    // The defaults: each required value from the first variant giving one, else a placeholder.
    let defaults =
      try #require(req.components(separatedBy: "#Preview(\"Req\") {").last)
      .components(separatedBy: "#Preview(").first ?? ""
    for piece in [
      #"title: "Intro""#, #"style: "plain""#, "score: 0", "flag: true", "gap: nil",
      "align: .center", "tags: []", "rows: []",
    ] {
      #expect(defaults.contains(piece), "\(piece): \(defaults)")
    }
    let short = try #require(req.components(separatedBy: "#Preview(\"Req · short\") {").last)
    #expect(short.contains(#"title: "Intro""#) && short.contains("flag: true"), "\(short)")
    let bare = try SwiftUIRenderer.render("Bare", definitions: byName, tokens: resolver)
    #expect(
      bare.contains("#Preview(\"Bare\") {\n  Bare(title: \"title\", score: 0, on: false)\n}"),
      "\(bare)")
    #expect(req.contains("private func catalogText<Value>(_ value: Value?) -> String {"))
    #expect(try Self.formatLint(["Req.swift": req, "Bare.swift": bare]) == "")
    var errors = try SwiftUIStub.typecheck(sources: [("Req.swift", req), ("Bare.swift", bare)])
    #expect(errors.isEmpty, "\(errors)\n\(req)\n\(bare)")
    let package = try SwiftUIPackage.make(definitions: definitions, tokens: [], resolver: resolver)
    let sources = package.files.filter { $0.path.hasPrefix("Sources/") }.map {
      (name: String($0.path.split(separator: "/").last ?? ""), text: $0.text)
    }
    errors = try SwiftUIStub.typecheck(sources: sources)
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

  /// `swift format lint --strict`'s findings on sources (each written to its own file), with
  /// the repository's configuration; empty when they are clean.
  static func formatLint(_ sources: [String: String]) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "catalog-format-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    var paths: [String] = []
    for (name, text) in sources.sorted(by: { $0.key < $1.key }) {
      let url = dir.appendingPathComponent(name)
      try text.write(to: url, atomically: true, encoding: .utf8)
      paths.append(url.path)
    }
    return try swiftFormatLint(paths).output
  }

  /// Runs `swift format lint --strict` with the package's configuration on `paths`.
  ///
  /// - Parameter paths: The Swift files to check.
  /// - Returns: Its exit status and what it printed (empty when the files are clean).
  static func swiftFormatLint(_ paths: [String]) throws -> (status: Int32, output: String) {
    try ChildProgram.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "swift", "format", "lint", "--strict", "--configuration",
        ExternalRequirement.packageRoot.appendingPathComponent(".swift-format").path,
      ] + paths)
  }

  /// Issue 13, point 4: the goldens are what `swift format lint --strict` accepts.
  @Test func theGoldensAreSwiftFormatClean() throws {
    let dir = ExternalRequirement.packageRoot.appendingPathComponent(
      "Tests/CatalogRenderTests/__Snapshots__/swiftui")
    let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter {
      $0.hasSuffix(".swift")
    }.sorted().map { dir.appendingPathComponent($0).path }
    #expect(!files.isEmpty)
    let (status, output) = try Self.swiftFormatLint(files)
    #expect(status == 0 && output.isEmpty, "\(output)")
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
