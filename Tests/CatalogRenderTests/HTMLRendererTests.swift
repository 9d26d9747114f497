import CatalogRender
import Foundation
import Testing

@Suite struct HTMLRendererTests {
  @Test func everyExampleMatchesItsGolden() throws {
    let catalog = try ExampleCatalog.load()
    for c in catalog.cases {
      Golden.check(HTMLRenderer.render(try catalog.layOut(c)).html, named: "html/\(c.name).html")
    }
  }

  @Test func theFontAdvancesHalfAnEmForEveryCharacter() {
    let font = FixedAdvanceFont.font(for: Set("Ab ★".unicodeScalars))
    #expect(Array(font[0..<4]) == [0, 1, 0, 0])
    // hmtx: glyphs .notdef, space, A, b, ★, each advance 500.
    #expect(font.count > 400)
  }
}
