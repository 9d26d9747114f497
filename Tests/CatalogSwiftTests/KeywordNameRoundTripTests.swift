import CatalogModel
import CatalogRender
import CatalogTokens
import Foundation
import Testing

@testable import CatalogSwift

/// Names that are Swift keywords or SwiftUI's own names survive `export --format swiftui` →
/// `import-swift`: the writer's renames and the reader's are inverse (fresh-user review).
@Suite struct KeywordNameRoundTripTests {
  static func definition(_ json: String) throws -> ComponentDefinition {
    try DefinitionParser.parse(json, file: "test.json")
  }

  /// Components named `struct` (a keyword), `View` (a SwiftUI name) and `ViewComponent`
  /// (what `View` is written as), with parameters named `default`, `in` and `body`.
  static func definitions() throws -> [ComponentDefinition] {
    [
      try definition(
        #"{"name": "struct", "parameters": {"default": {"type": "number", "default": 4}, "in": {"type": "string", "default": "x"}}, "body": {"type": "Text", "text": "$in", "modifiers": [{"padding": {"length": "$default"}}]}}"#
      ),
      try definition(
        #"{"name": "View", "parameters": {"body": {"type": "string", "default": "b"}, "bodyValue": {"type": "string", "default": "c"}}, "body": {"type": "VStack", "children": [{"type": "Text", "text": "$body"}, {"type": "Text", "text": "$bodyValue"}]}}"#
      ),
      try definition(
        #"{"name": "ViewComponent", "body": {"type": "Color", "color": "red"}}"#),
      try definition(
        #"{"name": "Outer", "body": {"type": "HStack", "children": [{"type": "struct", "arguments": {"default": 8, "in": "y"}}, {"type": "View", "arguments": {"body": "z"}}, {"type": "ViewComponent"}]}}"#
      ),
    ]
  }

  @Test func keywordAndReservedNamesComeBackTheSame() throws {
    let definitions = try Self.definitions()
    let byName = Dictionary(uniqueKeysWithValues: definitions.map { ($0.name, $0) })
    let tokens = TokenResolver(tokens: [:])
    let source = try SwiftUIRenderer.render("Outer", definitions: byName, tokens: tokens)
    let result = SwiftComponentImporter(tokenNames: SwiftTokenNames(tokens: tokens)).importFiles([
      SwiftSourceFile(text: source, path: "Outer.swift")
    ])
    #expect(result.failed.isEmpty, "\(result.diagnostics)")
    for d in definitions {
      let back = try #require(
        result.component(d.name),
        "\(d.name) not imported (got \(result.components.map(\.definition.name))) from:\n\(source)")
      #expect(
        SwiftRoundTrip.sameDefinition(back, d, ignoringDescriptionAndVariants: true),
        "\(d.name):\n\(JSONWriter.pretty(back.json))\nfrom:\n\(source)")
    }
  }

  /// The type-name rule is a bijection: each name maps to one Swift name and back.
  @Test(arguments: [
    ("struct", "structComponent"), ("Text", "TextComponent"),
    ("TextComponent", "TextComponentComponent"), ("Card", "Card"),
    ("structComponent", "structComponentComponent"), ("CardComponent", "CardComponent"),
  ])
  func typeNamesAreInverse(_ catalog: String, _ swift: String) {
    #expect(SwiftUINames.swiftTypeName(catalog) == swift)
    #expect(SwiftUINames.catalogTypeName(swift) == catalog)
  }

  @Test(arguments: [
    ("body", "bodyValue"), ("bodyValue", "bodyValueValue"), ("default", "`default`"),
    ("title", "title"), ("selfValue", "selfValueValue"), ("value", "value"),
    ("_", "_Value"), ("Type", "TypeValue"), ("await", "awaitValue"), ("Text", "TextValue"),
    ("VStack", "VStackValue"), ("TextValue", "TextValueValue"),
  ])
  func memberNamesAreInverse(_ catalog: String, _ swift: String) {
    #expect(SwiftUINames.member(catalog) == swift)
    #expect(
      SwiftUINames.catalogMemberName(swift.replacingOccurrences(of: "`", with: "")) == catalog)
  }
}
