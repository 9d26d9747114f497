import CatalogLayout
import CatalogLint
import CatalogModel
import CatalogRender
import CatalogResolver
import CatalogTokens
import Foundation
import Testing

@testable import CatalogSwift

/// The repository's examples and the test fixtures.
enum Fixtures {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  static func file(_ name: String) throws -> SwiftSourceFile {
    try SwiftSourceFile.read(folder.appendingPathComponent(name).path)
  }

  static func examples() throws -> [ComponentDefinition] {
    let dir = root.appendingPathComponent("examples/components")
    return try FileManager.default.contentsOfDirectory(atPath: dir.path).filter {
      $0.hasSuffix(".json")
    }.sorted().map { f in
      try DefinitionParser.parse(
        String(contentsOf: dir.appendingPathComponent(f), encoding: .utf8), file: f)
    }
  }

  static func tokens() throws -> TokenResolver {
    let text = try String(
      contentsOf: root.appendingPathComponent("examples/tokens/spacing.tokens.json"),
      encoding: .utf8)
    var byPath: [String: DesignToken] = [:]
    for t in try TokenFileParser.parse(text, file: "spacing.tokens.json").tokens {
      byPath[t.path] = t
    }
    return TokenResolver(tokens: byPath)
  }

  static func importing(_ names: [String], catalog: [ComponentDefinition] = []) throws
    -> SwiftImportResult
  {
    let tokens = try tokens()
    return SwiftComponentImporter(tokenNames: SwiftTokenNames(tokens: tokens), catalog: catalog)
      .importFiles(try names.map(file))
  }

  /// Every frame of a component laid out with these definitions.
  static func frames(
    _ name: String, arguments: JSONObject = JSONObject(), definitions: [ComponentDefinition]
  ) throws -> [Rect] {
    var resolver = Resolver(source: InMemoryComponentSource(definitions), tokens: try tokens())
    return LaidOutComponent(
      try resolver.resolve(name, arguments: arguments), proposal: .unspecified
    ).nodes().map(\.node.frame)
  }
}

extension SwiftImportResult {
  func component(_ name: String) -> ComponentDefinition? {
    components.first { $0.definition.name == name }?.definition
  }
}

@Suite struct SeedImportTests {
  @Test func wrappersImportAsTheExampleDefinitions() throws {
    let result = try Fixtures.importing(["SeedViews.swift"])
    #expect(result.failed.isEmpty)
    let examples = try Fixtures.examples()
    for name in ["VSStack", "HSStack"] {
      let imported = try #require(result.component(name))
      let example = try #require(examples.first { $0.name == name })
      // The same definition (descriptions are prose written separately).
      #expect(
        SwiftRoundTrip.sameDefinition(imported, example, ignoringDescriptionAndVariants: true),
        "\(JSONWriter.compact(imported.json))")
    }
  }

  @Test func trackRowsRenderWithTheExamplesFrames() throws {
    let result = try Fixtures.importing(["SeedViews.swift"])
    let imported = result.components.map(\.definition)
    let examples = try Fixtures.examples()
    let cases: [(String, JSONObject)] = [
      ("TrackRow", JSONObject()),
      (
        "TrackRow",
        JSONObject([("title", .string("Blue in Green")), ("artist", .string("Miles Davis"))])
      ),
      ("TrackListRow", JSONObject()),
    ]
    for (name, arguments) in cases {
      let mine = try Fixtures.frames(name, arguments: arguments, definitions: imported)
      let theirs = try Fixtures.frames(name, arguments: arguments, definitions: examples)
      #expect(mine == theirs, "\(name) \(JSONWriter.compact(.object(arguments)))")
      #expect(mine.count >= 3)
    }
    // The track row's paddings are literals that equal tokens: kept, and lint reports them.
    let row = try #require(result.component("TrackRow"))
    #expect(row.lengthUses.contains { $0.length == .points(8) })
    #expect(row.variants.map(\.name) == ["full"])
  }

  @Test func importReportsLiteralsEqualToTokensAtTheirSwiftLine() throws {
    let path = Fixtures.folder.appendingPathComponent("SeedViews.swift").path
    let result = try SwiftBridge.importSwift(paths: [path], tokens: Fixtures.tokens(), catalog: [])
    let eight = try #require(
      result.diagnostics.first { $0.rule == "hard-coded-length" && $0.component == "TrackRow" })
    // `.padding(.bottom, 8)`: the literal's own line and column.
    #expect(eight.location.line == 48)
    #expect(eight.location.column == 27)
    #expect(eight.message.contains("{space.sm}"))
  }

  @Test func paddedStackOfOptionalViewsImportsAndLintFindsTheEmptyPadding() throws {
    let result = try Fixtures.importing(["OptionalViews.swift"])
    let stack = try #require(result.component("OptionalStack"))
    #expect(stack.body.children.allSatisfy { $0.when != nil })
    let findings = Linter(
      definitions: result.components.map(\.definition), tokens: try Fixtures.tokens()
    ).lint(["OptionalStack", "OptionalViewStack"])
    #expect(
      findings.filter { $0.rule == "padding-on-empty-stack" && $0.component == "OptionalStack" }
        .count == 2)
    // OptionalView's condition is not about parameters: a made-up boolean parameter keeps it conditional.
    let optional = try #require(result.component("OptionalView"))
    #expect(optional.parameters.map(\.name) == ["condition9"])
    #expect(
      result.diagnostics.contains {
        $0.rule == "unrepresentable-condition" && $0.location.line == 9
      })
    // The Group(subviews:) fix is a collapsing stack with a slot.
    let collapsing = try #require(result.component("CollapsingStack"))
    #expect(collapsing.body.collapsesWhenEmpty)
    #expect(collapsing.body.children.first?.builtin == .Slot)
    #expect(collapsing.parameter(named: "spacing")?.type == .length)
  }
}

@Suite struct ImportMappingTests {
  @Test func modifierFormsMapInOrder() throws {
    let result = try Fixtures.importing(["Features.swift"])
    let d = try #require(result.component("ModifierForms"))
    let json = JSONWriter.compact(d.body.children.isEmpty ? .null : d.json)
    #expect(d.body.spacing == .token("space.sm"))
    let c = d.body.children
    #expect(c[0].modifiers.first?.modifier == .padding(edges: .all, length: .platformDefault))
    #expect(c[1].modifiers.first?.modifier == .padding(edges: .all, length: .points(8)))
    #expect(
      c[2].modifiers.first?.modifier == .padding(edges: .horizontal, length: .platformDefault))
    #expect(
      c[3].modifiers.first?.modifier
        == .padding(edges: [.top, .trailing], length: .token("space.xs")))
    #expect(
      c[4].modifiers.map(\.modifier) == [
        .padding(edges: .vertical, length: .points(4)),
        .padding(edges: .horizontal, length: .points(8)),
      ])
    guard case .frame(let fixed)? = c[5].modifiers.first?.modifier else {
      Issue.record("no frame: \(json)")
      return
    }
    #expect(
      fixed.width == .points(10) && fixed.height == .parameter("gap")
        && fixed.alignment == .literal(.string("topLeading")))
    guard case .frame(let flexible)? = c[6].modifiers.first?.modifier else {
      Issue.record("no flexible frame")
      return
    }
    #expect(flexible.maxWidth == .infinity && flexible.minHeight == .points(20))
    #expect(
      c[7].modifiers.map(\.modifier) == [
        .fixedSize(horizontal: true, vertical: true), .layoutPriority(1),
      ])
    #expect(c[8].modifiers.map(\.modifier) == [.fixedSize(horizontal: true, vertical: false)])
    #expect(c[9].modifiers.map(\.modifier.name) == ["background", "overlay"])
    #expect(
      c[10].modifiers.map(\.modifier) == [
        .offset(x: .points(2), y: .points(-3)), .border(color: "red", width: .points(2)),
        .opacity(0.5), .hidden,
      ])
    #expect(
      c[11].font == .literal(.string("caption"))
        && c[11].foregroundColor == .literal(.string("secondary")) && c[11].lineLimit == 2)
    #expect(c[12].minLength == .token("space.sm"))
    #expect(c[13].builtin == .ZStack && c[13].alignment == .literal(.string("bottomTrailing")))
  }

  @Test func controlFlowBecomesWhen() throws {
    let result = try Fixtures.importing(["Features.swift"])
    let d = try #require(result.component("Flow"))
    let whens = d.body.children.map(\.when)
    let expected =
      try [
        "$compact", "!$compact && $subtitle", "!$compact && !$subtitle", "$density == 'compact'",
        "$density == 'regular' || $density == 'loose'",
      ].map(Condition.parse) + [nil, nil]
    #expect(whens == expected)
    #expect(d.parameter(named: "density")?.allowedValues == ["compact", "regular", "loose"])
    #expect(d.parameter(named: "density")?.defaultValue == .string("regular"))
    #expect(d.body.children[5].forEach == .list("items"))
    #expect(d.body.children[5].children.first?.text == .parameter("item"))
    #expect(d.body.children[6].builtin == .Group && d.body.children[6].children.count == 2)
  }

  @Test func unrepresentableIsReportedWithFileLineColumnNeverSilently() throws {
    let result = try Fixtures.importing(["Features.swift"])
    let shadow = try #require(result.diagnostics.first { $0.rule == "unrepresentable-modifier" })
    #expect(
      shadow.description.hasSuffix(
        "Features.swift:63:17: warning: modifier .shadow(…) is not representable in a definition; dropped [unrepresentable-modifier]"
      ))
    // An unknown view is kept as an opaque component; an unknown token fails the component.
    #expect(result.diagnostics.contains { $0.rule == "opaque-view" && $0.location.line == 64 })
    #expect(
      result.diagnostics.contains {
        $0.rule == "unknown-token" && $0.location.line == 65 && $0.level == .error
      })
    #expect(result.failed == ["Unrepresentable"])
    #expect(result.components.contains { $0.definition.name == "WebImage" && $0.isOpaque })
  }

  @Test func tokenNamesFromTheRendererTheExportAndAMap() throws {
    let names = SwiftTokenNames(tokens: try Fixtures.tokens(), map: ["Theme.gutter": "{space.md}"])
    #expect(names.token(base: "Spacing", member: "sm") == "space.sm")
    #expect(names.token(base: "Spacing", member: "insetHorizontal") == "space.inset.horizontal")
    #expect(
      names.token(base: "DesignTokens", member: "spaceInsetHorizontal") == "space.inset.horizontal")
    #expect(names.token(base: "Size", member: "artwork") == "size.artwork")
    #expect(names.token(base: nil, member: "sm") == "space.sm")
    #expect(names.token(base: "Theme", member: "gutter") == "space.md")
    #expect(names.token(base: "Spacing", member: "huge") == nil)
    #expect(names.exportName(of: "space.sm") == "DesignTokens.spaceSm")
  }

  @Test func deepNestingIsAnErrorNotACrash() throws {
    let depth = 400
    let source =
      "struct Deep: View { var body: some View { " + String(repeating: "VStack { ", count: depth)
      + "Text(\"x\")" + String(repeating: " }", count: depth) + " } }"
    let result = SwiftComponentImporter(tokenNames: nil).importFiles([
      SwiftSourceFile(text: source, path: "Deep.swift")
    ])
    #expect(result.failed == ["Deep"] || result.diagnostics.contains { $0.level == .error })
  }
}

@Suite struct SlotAndTokenMapTests {
  @Test func severalViewBuildersAreNamedSlots() throws {
    let result = try Fixtures.importing(["Features.swift"])
    let card = try #require(result.component("Card"))
    #expect(card.body.children.map(\.builtin) == [.Slot, .Text, .Slot])
    #expect(card.body.children[0].slotName == "header")
    #expect(card.body.children[2].slotName == nil)
    #expect(card.parameters.map(\.name) == ["title"])
    let uses = try #require(result.component("UsesCard"))
    #expect(uses.body.type == "Card")
    #expect(uses.body.arguments["title"] == .string("Hi"))
    #expect(uses.body.slots.first?.name == "header")
    #expect(uses.body.slots.first?.views.first?.text == .literal(.string("head")))
    #expect(uses.body.children.first?.builtin == .Divider)
  }

  @Test func aTokenMapFileNamesTheAppsOwnConstants() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "token-map-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let map = dir.appendingPathComponent("map.json")
    try #"{"Theme.gutter": "{space.md}", "Theme.tight": "space.xs"}"#.write(
      to: map, atomically: true, encoding: .utf8)
    let swift = dir.appendingPathComponent("Gutter.swift")
    try
      "struct Gutter: View { var body: some View { Text(\"a\").padding(.horizontal, Theme.gutter).padding(.top, Theme.tight) } }\n"
      .write(to: swift, atomically: true, encoding: .utf8)
    let result = try SwiftBridge.importSwift(
      paths: [swift.path], tokens: Fixtures.tokens(), catalog: [], tokenMapFile: map.path)
    let d = try #require(result.component("Gutter"))
    #expect(
      d.body.modifiers.map(\.modifier) == [
        .padding(edges: .horizontal, length: .token("space.md")),
        .padding(edges: .top, length: .token("space.xs")),
      ])
    try "[1]".write(to: map, atomically: true, encoding: .utf8)
    #expect(throws: SwiftBridgeError.self) {
      try SwiftBridge.importSwift(
        paths: [swift.path], tokens: Fixtures.tokens(), catalog: [], tokenMapFile: map.path)
    }
  }
}

/// A file the Swift parser cannot read whole imports nothing (the review found
/// `import-swift` saving the parser's recovered guess with exit 0); a clean file beside
/// it still imports.
@Suite struct UnreadableFileImportTests {
  @Test func componentsOfAFileWithSyntaxErrorsAreNotImported() throws {
    let broken = SwiftSourceFile(
      text: "import SwiftUI\nstruct X: View {\n  var body: some View { VStack { Text(\"a\"\n",
      path: "Broken.swift")
    let clean = SwiftSourceFile(
      text: "import SwiftUI\nstruct Y: View {\n  var body: some View { Text(\"b\") }\n}\n",
      path: "Clean.swift")
    let result = SwiftComponentImporter(
      tokenNames: SwiftTokenNames(tokens: try Fixtures.tokens()), catalog: []
    ).importFiles([broken, clean])
    #expect(result.failed == ["X"])
    #expect(result.component("X") == nil)
    #expect(result.component("Y") != nil)
    #expect(result.diagnostics.contains { $0.rule == "syntax-error" && $0.level == .error })
  }
}
