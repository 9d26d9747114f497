import CatalogLayout
import CatalogModel
import CatalogRender
import Testing

/// A Text's zero width joiner and non-joiner reach the drawings: `👩‍👩‍👧` was drawn as
/// `👩�👩�👧` in svg, html, png and the site, because XML text replaced every invisible
/// character by U+FFFD (review 20).
@Suite struct JoinControlTextTests {
  static let family = "👩\u{200D}👩\u{200D}👧"
  static let persian = "می\u{200C}خواهم"

  @Test func svgAndHTMLKeepTheJoinControlsOfAText() throws {
    let json = """
      {"name": "J", "body": {"type": "VStack", "children": [
        {"type": "Text", "text": "\(Self.family)"},
        {"type": "Text", "text": "\(Self.persian)"},
        {"type": "Text", "text": "a\\u200Bb"}]}}
      """
    let laidOut = try PaintOrderTests.layOut(json)
    let svg = SVGRenderer.render(laidOut)
    let html = HTMLRenderer.render(laidOut).html
    for output in [svg, html] {
      #expect(output.contains(Self.family))
      #expect(output.contains(Self.persian))
      // Other invisible characters are still replaced, so none hides in the drawing.
      #expect(output.contains("a\u{FFFD}b"))
      #expect(!output.contains("\u{200B}"))
    }
  }
}
