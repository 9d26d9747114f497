import CatalogLayout
import CatalogRender
import Foundation
import Testing

@Suite struct SVGRendererTests {
  @Test func everyExampleMatchesItsGolden() throws {
    let catalog = try ExampleCatalog.load()
    #expect(catalog.cases.count >= 10)
    for c in catalog.cases {
      let svg = SVGRenderer.render(try catalog.layOut(c))
      Golden.check(svg, named: "svg/\(c.name).svg")
    }
  }

  @Test func paddingAndSpacingAreLabelledWithTokenNames() throws {
    let catalog = try ExampleCatalog.load()
    let svg = SVGRenderer.render(
      try catalog.layOut(
        .init(
          component: "TrackRow", variant: "full",
          arguments: catalog.definitions.first { $0.name == "TrackRow" }!.variants[1].arguments)))
    #expect(svg.contains(">space.sm · 8</text>"))
    #expect(svg.contains(">space.xs · 4</text>"))
    let album = SVGRenderer.render(
      try catalog.layOut(.init(component: "AlbumCard", variant: nil, arguments: .init())))
    #expect(album.contains(">space.inset.horizontal · 20</text>"))
    #expect(album.contains(">space.md · 12</text>"))
  }

  @Test func scaleMultipliesThePixelSizeOnly() throws {
    let catalog = try ExampleCatalog.load()
    let laidOut = try catalog.layOut(.init(component: "TrackRow", variant: nil, arguments: .init()))
    let one = SVGRenderer.render(laidOut, scale: 1)
    let two = SVGRenderer.render(laidOut, scale: 2)
    #expect(one.contains("width=\"260\" height=\"105\" viewBox=\"0 0 260 105\""))
    #expect(two.contains("width=\"520\" height=\"210\" viewBox=\"0 0 260 105\""))
  }

  @Test func noViewIsSaidInTheTitle() throws {
    let catalog = try ExampleCatalog.load()
    let svg = SVGRenderer.render(
      try catalog.layOut(
        .init(component: "CollapsingOptionalStack", variant: nil, arguments: .init())))
    #expect(svg.contains("no view (the body resolves to no views)"))
  }
}
