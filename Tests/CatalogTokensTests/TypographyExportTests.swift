import CatalogModel
import CatalogTestSupport
import CatalogTokens
import Foundation
import Testing

/// Issue 14, point 6: typography tokens as SwiftUI `Font`s in the Swift export and as
/// Android `TextAppearance` styles, each checked by its real parser.
@Suite struct TypographyExportTests {
  static let text = """
    {
      "font": {
        "family": {"$type": "fontFamily", "sans": {"$value": ["Inter", "sans-serif"]}},
        "size": {"$type": "dimension", "lg": {"$value": {"value": 1.5, "unit": "rem"}}},
        "weight": {"$type": "fontWeight", "bold": {"$value": "bold"}}
      },
      "space": {"$type": "dimension", "sm": {"$value": {"value": 8, "unit": "px"}}},
      "ratio": {"$type": "number", "$value": 1.5},
      "typography": {
        "$type": "typography",
        "heading": {"$description": "Screen titles.", "$value": {
          "fontFamily": "{font.family.sans}", "fontSize": "{font.size.lg}",
          "fontWeight": "{font.weight.bold}", "lineHeight": 1.25,
          "letterSpacing": {"value": 0.5, "unit": "px"}}},
        "body": {"$value": {
          "fontFamily": "sans-serif", "fontSize": {"value": 16, "unit": "px"},
          "fontWeight": 450, "lineHeight": 1.5, "letterSpacing": {"value": 0, "unit": "px"}}}
      }
    }
    """

  static func tokens() throws -> ([DesignToken], TokenResolver) {
    let tokens = try TokenFileParser.parse(text, file: "type.tokens.json").tokens
    return (
      tokens, TokenResolver(tokens: Dictionary(uniqueKeysWithValues: tokens.map { ($0.path, $0) }))
    )
  }

  @Test func swiftWritesFontsThatTypecheck() throws {
    let (tokens, resolver) = try Self.tokens()
    let swift = TokenExporter.export(tokens, format: .swift, resolver: resolver)
    // 1.5rem = 24 pt; bold = 700 → .bold; the first family of the stack.
    #expect(
      swift.contains(
        #"public static let typographyHeading: Font = Font.custom("Inter", size: 24).weight(.bold)"#
      ), "\(swift)")
    // 450 lies halfway between regular and medium: it rounds up to .medium.
    #expect(
      swift.contains(
        #"public static let typographyBody: Font = Font.custom("sans-serif", size: 16).weight(.medium)"#
      ), "\(swift)")
    #expect(swift.contains("public static let ratio: Double = 1.5"))
    #expect(swift.contains("public static let spaceSm: CGFloat = 8"))
    #expect(swift.contains("#if canImport(SwiftUI)"))
    let use = """
      import SwiftUI
      struct Title: View {
        var body: some View {
          Text("Hi").font(DesignTokens.typographyHeading).padding(DesignTokens.spaceSm)
            .opacity(DesignTokens.ratio)
        }
      }
      """
    let errors = try SwiftUIStub.typecheck(sources: [
      ("DesignTokens.swift", swift), ("Use.swift", use),
    ])
    #expect(errors.isEmpty, "\(errors)\n\(swift)")
  }

  @Test(.requires(.program(["xmllint"], package: "libxml2-utils")))
  func androidWritesTextAppearancesThatXmllintAccepts() throws {
    let (tokens, resolver) = try Self.tokens()
    let xml = TokenExporter.export(tokens, format: .android, resolver: resolver)
    #expect(xml.contains(#"<style name="TextAppearance.TypographyHeading" parent="">"#), "\(xml)")
    #expect(xml.contains(#"<item name="android:fontFamily">@font/inter</item>"#))
    #expect(xml.contains(#"<item name="android:textSize">24sp</item>"#))
    #expect(xml.contains(#"<item name="android:textFontWeight">700</item>"#))
    #expect(xml.contains(#"<item name="android:textStyle">bold</item>"#))
    #expect(xml.contains(#"<item name="android:lineHeight">30sp</item>"#))
    #expect(xml.contains(#"<item name="android:letterSpacing">0.021</item>"#))
    #expect(xml.contains(#"<item name="android:fontFamily">sans-serif</item>"#))
    #expect(xml.contains(#"<item name="android:textStyle">normal</item>"#))
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "catalog-android-\(UUID().uuidString).xml")
    try xml.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let (status, output) = try ChildProgram.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["xmllint", "--noout", "--xpath", "count(/resources/style/item)", file.path])
    #expect(status == 0, "\(output)\n\(xml)")
    #expect(output.trimmingCharacters(in: .whitespacesAndNewlines) == "12", "\(output)")
  }
}
