import CatalogModel
import CatalogTokens
import Foundation
import Testing

@testable import CatalogSwift

/// Hand-written SwiftUI for each view and modifier of the built-in vocabulary (issue 19) →
/// the definition a catalog author would write: one case per ``SwiftViewTable`` entry.
@Suite struct VocabularyImportTests {
  /// (table entry, Swift body, expected definition body as JSON).
  static let cases: [(String, String, String)] = [
    ("Rectangle + fill", "Rectangle().fill(Color.red)", #"{"type": "Rectangle", "fill": "red"}"#),
    (
      "RoundedRectangle + stroke",
      "RoundedRectangle(cornerRadius: 8).stroke(Color.gray, lineWidth: 2)",
      #"{"type": "RoundedRectangle", "cornerRadius": 8, "stroke": {"color": "gray", "lineWidth": 2}}"#
    ),
    (
      "Capsule + strokeBorder", "Capsule().strokeBorder(.blue, lineWidth: 1)",
      #"{"type": "Capsule", "strokeBorder": "blue"}"#
    ),
    (
      "Circle filled and stroked",
      "Circle().fill(.green).overlay { Circle().strokeBorder(Color.white, lineWidth: 3) }",
      #"{"type": "Circle", "fill": "green", "strokeBorder": {"color": "white", "lineWidth": 3}}"#
    ),
    ("Ellipse", "Ellipse()", #"{"type": "Ellipse"}"#),
    (
      "Image(systemName:)", "Image(systemName: \"wifi\").font(.title2).foregroundStyle(.secondary)",
      #"{"type": "Image", "systemName": "wifi", "font": "title2", "foregroundColor": "secondary"}"#
    ),
    (
      "Image + resizable, size from frame",
      "Image(\"avatar\").resizable().frame(width: 40, height: 40)",
      #"{"type": "Image", "image": "avatar", "resizable": true, "size": [40, 40], "modifiers": [{"frame": {"width": 40, "height": 40}}]}"#
    ),
    (
      "Image, size from the writer's comment", "Image(\"avatar\") /* intrinsic size 64 × 48 */",
      #"{"type": "Image", "image": "avatar", "size": [64, 48]}"#
    ),
    (
      "Label", "Label(\"Wi-Fi\", systemImage: \"wifi\").font(.caption)",
      #"{"type": "Label", "title": "Wi-Fi", "systemImage": "wifi", "font": "caption"}"#
    ),
    (
      "Button + buttonStyle", "Button(\"Sign Out\") { print(1) }.buttonStyle(.bordered)",
      #"{"type": "Button", "title": "Sign Out", "buttonStyle": "bordered"}"#
    ),
    (
      "Button with a label", "Button { } label: { Text(\"Go\") }",
      #"{"type": "Button", "children": [{"type": "Text", "text": "Go"}]}"#
    ),
    (
      "Button(action:) with a trailing label", "Button(action: {}) { Text(\"Go\") }",
      #"{"type": "Button", "children": [{"type": "Text", "text": "Go"}]}"#
    ),
    (
      "Toggle", "Toggle(\"Airplane Mode\", isOn: .constant(flag))",
      #"{"type": "Toggle", "title": "Airplane Mode", "isOn": "$flag"}"#
    ),
    (
      "Link", "Link(\"Privacy\", destination: URL(string: \"https://example.com/p\")!)",
      #"{"type": "Link", "title": "Privacy", "destination": "https://example.com/p"}"#
    ),
    (
      "Grid, GridRow and the grid modifiers",
      """
      Grid(alignment: .leading, horizontalSpacing: 12) {
        GridRow { Text("A"); Text("B").gridColumnAlignment(.trailing) }
        Divider().gridCellUnsizedAxes(.horizontal)
        GridRow(alignment: .top) { Text("C").gridCellColumns(2) }
      }
      """,
      #"{"type": "Grid", "alignment": "leading", "horizontalSpacing": 12, "children": [{"type": "GridRow", "children": [{"type": "Text", "text": "A"}, {"type": "Text", "text": "B", "modifiers": [{"gridColumnAlignment": "trailing"}]}]}, {"type": "Divider", "modifiers": [{"gridCellUnsizedAxes": "horizontal"}]}, {"type": "GridRow", "alignment": "top", "children": [{"type": "Text", "text": "C", "modifiers": [{"gridCellColumns": 2}]}]}]}"#
    ),
    (
      "LazyVStack", "LazyVStack(alignment: .leading, spacing: 4) { Text(\"A\") }",
      #"{"type": "LazyVStack", "alignment": "leading", "spacing": 4, "children": [{"type": "Text", "text": "A"}]}"#
    ),
    (
      "LazyHStack", "LazyHStack { Text(\"A\") }",
      #"{"type": "LazyHStack", "children": [{"type": "Text", "text": "A"}]}"#
    ),
    (
      "ScrollView(.horizontal)", "ScrollView(.horizontal, showsIndicators: false) { Text(\"A\") }",
      #"{"type": "ScrollView", "axes": "horizontal", "children": [{"type": "Text", "text": "A"}]}"#
    ),
    (
      "ViewThatFits", "ViewThatFits(in: .horizontal) { Text(\"Long\"); Text(\"S\") }",
      #"{"type": "ViewThatFits", "in": "horizontal", "children": [{"type": "Text", "text": "Long"}, {"type": "Text", "text": "S"}]}"#
    ),
    (
      "GeometryReader", "GeometryReader { _ in Text(\"A\") }",
      #"{"type": "GeometryReader", "children": [{"type": "Text", "text": "A"}]}"#
    ),
    (
      "aspectRatio, scaledToFit, scaledToFill, clipped",
      "Color.red.aspectRatio(1.5, contentMode: .fill).scaledToFit().scaledToFill().clipped()",
      #"{"type": "Color", "color": "red", "modifiers": [{"aspectRatio": {"ratio": 1.5, "contentMode": "fill"}}, {"scaledToFit": true}, {"scaledToFill": true}, {"clipped": true}]}"#
    ),
    (
      "clipShape",
      "Color.red.clipShape(Circle()).clipShape(.capsule).clipShape(RoundedRectangle(cornerRadius: 6))",
      #"{"type": "Color", "color": "red", "modifiers": [{"clipShape": "Circle"}, {"clipShape": "Capsule"}, {"clipShape": {"type": "RoundedRectangle", "cornerRadius": 6}}]}"#
    ),
  ]

  static func component(_ body: String) -> String {
    """
    import SwiftUI
    struct V: View {
      var flag: Bool = false
      var body: some View {
        \(body)
      }
    }
    """
  }

  @Test(arguments: cases.indices) func handWrittenViewImports(_ k: Int) throws {
    let (entry, body, expected) = Self.cases[k]
    let file = SwiftSourceFile(text: Self.component(body), path: "V.swift")
    let result = SwiftComponentImporter(tokenNames: SwiftTokenNames(tokens: try Fixtures.tokens()))
      .importFiles([file])
    let back = try #require(result.component("V"), "\(entry): \(result.diagnostics)")
    #expect(
      !result.diagnostics.contains { $0.level == .warning || $0.level == .error },
      "\(entry): \(result.diagnostics.map(\.description))")
    let want = try DefinitionParser.parse(
      #"{"name": "V", "parameters": {"flag": {"type": "boolean", "default": false}}, "body": "#
        + expected + "}")
    #expect(SwiftRoundTrip.sameDefinition(back, want), "\(entry): \(JSONWriter.compact(back.json))")
  }

  @Test func recordListsImportWithTheirItemsAndMemberReferences() throws {
    let source = """
      import SwiftUI
      struct Rows: View {
        var rows: [Row] = [Row(title: "Wi-Fi", subtitle: "Home"), Row(title: "VPN")]
        struct Row: Hashable {
          var title: String
          var subtitle: String? = nil
        }
        var body: some View {
          VStack {
            ForEach(rows, id: \\.self) { row in
              Text(row.title)
              if let s = row.subtitle, !s.isEmpty { Text(s) }
              Text(row.subtitle ?? "").opacity(0.5)
            }
          }
        }
      }
      """
    let result = SwiftComponentImporter(tokenNames: SwiftTokenNames(tokens: try Fixtures.tokens()))
      .importFiles([SwiftSourceFile(text: source, path: "Rows.swift")])
    let back = try #require(result.component("Rows"), "\(result.diagnostics)")
    let want = try DefinitionParser.parse(
      """
      {"name": "Rows", "parameters": {"rows": {"type": "list",
        "items": {"title": "string", "subtitle": {"type": "string", "optional": true}},
        "default": [{"title": "Wi-Fi", "subtitle": "Home"}, {"title": "VPN"}]}},
       "body": {"type": "VStack", "children": [{"type": "ForEach", "in": "$rows", "as": "row", "children": [
         {"type": "Text", "text": "$row.title"},
         {"type": "Text", "text": "$row.subtitle", "when": "$row.subtitle"},
         {"type": "Text", "text": "$row.subtitle", "modifiers": [{"opacity": 0.5}]}]}]}}
      """)
    #expect(SwiftRoundTrip.sameDefinition(back, want), "\(JSONWriter.compact(back.json))")
  }

  /// A modifier of the vocabulary in the wrong place is dropped with a warning naming it.
  @Test func fillOnANonShapeWarns() throws {
    let file = SwiftSourceFile(text: Self.component("Text(\"A\").fill(Color.red)"), path: "V.swift")
    let result = SwiftComponentImporter(tokenNames: SwiftTokenNames(tokens: try Fixtures.tokens()))
      .importFiles([file])
    #expect(
      result.diagnostics.contains {
        $0.rule == "unrepresentable-modifier" && $0.message.contains(".fill")
      })
  }

  /// What the vocabulary cannot hold is reported where it is, never dropped silently.
  @Test(arguments: [
    ("Toggle(\"A\", isOn: $flag)", "isOn"),
    ("ScrollView([.horizontal, .vertical]) { Text(\"A\") }", "ScrollView axes"),
    ("Image(uiImage: picture)", "an Image needs"),
    ("Text(\"A\").buttonStyle(.bordered)", ".buttonStyle"),
    ("Circle().frame(width: 4).fill(.red)", ".fill"),
    ("Image(\"avatar\")", "intrinsic size"),
    ("Color.red.clipShape(Star())", "clipShape"),
  ])
  func unrepresentableFormsWarn(_ body: String, _ fragment: String) throws {
    let file = SwiftSourceFile(text: Self.component(body), path: "V.swift")
    let result = SwiftComponentImporter(tokenNames: SwiftTokenNames(tokens: try Fixtures.tokens()))
      .importFiles([file])
    #expect(
      result.diagnostics.contains { $0.level == .warning && $0.message.contains(fragment) },
      "\(body): \(result.diagnostics.map(\.description))")
  }

  /// A text style parameter has no Swift spelling: the writer names it in a comment after
  /// `.font(.body)`, and the import reads it back (on a Label as on a Text).
  @Test func fontParameterComesBackFromTheWritersComment() throws {
    let source = """
      import SwiftUI
      struct Styled: View {
        var style: String = "headline"
        var body: some View {
          Label("Wi-Fi", systemImage: "wifi")
            .font(.body)  // the text style is the catalog parameter $style
        }
      }
      """
    let result = SwiftComponentImporter(tokenNames: SwiftTokenNames(tokens: try Fixtures.tokens()))
      .importFiles([SwiftSourceFile(text: source, path: "Styled.swift")])
    let back = try #require(result.component("Styled"), "\(result.diagnostics)")
    #expect(back.body.font == .parameter("style"), "\(JSONWriter.compact(back.json))")
  }
}

/// Review 22: `Color("colors.nope")` failed the whole struct with the model's "a colour: one
/// of black …" (no place in the Swift file, no suggestion), and `.background(.ultraThinMaterial)`
/// failed it as an invalid definition, while every other unrepresentable form is dropped with
/// a warning where it is written.
@Suite struct ImportSwiftColourTests {
  static func importing(_ body: String) throws -> SwiftImportResult {
    var byPath: [String: DesignToken] = [:]
    for t in try TokenFileParser.parse(
      #"{"colors": {"$type": "color", "none": {"$value": {"colorSpace": "srgb", "components": [0, 0, 0]}}}}"#,
      file: "c.tokens.json"
    ).tokens {
      byPath[t.path] = t
    }
    let file = SwiftSourceFile(text: VocabularyImportTests.component(body), path: "V.swift")
    return SwiftComponentImporter(
      tokenNames: SwiftTokenNames(tokens: TokenResolver(tokens: byPath))
    )
    .importFiles([file])
  }

  @Test(arguments: [
    (
      #"Text("a").foregroundColor(Color("colors.nope"))"#,
      #"Color("colors.nope") is an asset colour, read as the catalog's color token of that name, and there is no color token {colors.nope}; did you mean {colors.none}?; dropped"#,
      #"{"type": "Text", "text": "a"}"#
    ),
    (
      #"Text("a").background(.ultraThinMaterial)"#,
      "'.ultraThinMaterial' is not one of SwiftUI's named colours",
      #"{"type": "Text", "text": "a"}"#
    ),
    (
      #"Text("a").foregroundColor(.tint)"#, "'.tint' is not one of SwiftUI's named colours",
      #"{"type": "Text", "text": "a"}"#
    ),
    (
      #"Text("a").foregroundColor(Color("colors.none")).background(.red)"#, "",
      #"{"type": "Text", "text": "a", "foregroundColor": "{colors.none}", "modifiers": [{"background": {"type": "Color", "color": "red"}}]}"#
    ),
  ])
  func aColourIsATokenANamedColourOrDroppedWithAWarning(
    body: String, warning: String, expected: String
  ) throws {
    let result = try Self.importing(body)
    let back = try #require(result.component("V"), "\(result.diagnostics.map(\.description))")
    let warnings = result.diagnostics.filter { $0.level == .warning }.map(\.message)
    if warning.isEmpty {
      #expect(warnings.isEmpty, "\(warnings)")
    } else {
      #expect(warnings.contains { $0.contains(warning) }, "\(warnings)")
      #expect(!result.diagnostics.contains { $0.level == .error }, "\(result.diagnostics)")
    }
    let want = try DefinitionParser.parse(
      #"{"name": "V", "parameters": {"flag": {"type": "boolean", "default": false}}, "body": "#
        + expected + "}")
    #expect(SwiftRoundTrip.sameDefinition(back, want), "\(JSONWriter.compact(back.json))")
  }
}
