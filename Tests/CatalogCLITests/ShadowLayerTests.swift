import CatalogTestSupport
import Foundation
import Testing

/// Review 22: a shadow token's every layer is drawn, in every drawing, and the PNG shows the
/// shadowed shape. Before, a DTCG shadow array kept its first layer only (`inset` was read as
/// a drop shadow), and the SVG put an `feDropShadow` filter on the shape itself, which
/// rsvg-convert does not draw, so `--format png` (and serve's `/render/*.png`) lost the
/// shape's fill with its shadow. A border token whose colour member named a removed token
/// was drawn grey with no error, while a length naming one is an error.
@Suite struct ShadowLayerTests {
  /// `elev`: a drop shadow (half-black, 6 down, blur 2) over which an inner shadow (half-red,
  /// 2 down, no blur) is listed second; `brand` a blue; `line` a border coloured `{ink}`.
  static let tokens = #"""
    {"brand": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0.5, 1], "hex": "#0080ff"}},
     "ink": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0, 0]}},
     "line": {"$type": "border", "$value": {"color": "{ink}", "width": {"value": 2, "unit": "px"}, "style": "solid"}},
     "elev": {"$type": "shadow", "$value": [
       {"color": {"colorSpace": "srgb", "components": [0, 0, 0], "alpha": 0.5},
        "offsetX": {"value": 0, "unit": "px"}, "offsetY": {"value": 6, "unit": "px"},
        "blur": {"value": 2, "unit": "px"}, "spread": {"value": 0, "unit": "px"}},
       {"color": {"colorSpace": "srgb", "components": [1, 0, 0], "alpha": 0.5},
        "offsetX": {"value": 0, "unit": "px"}, "offsetY": {"value": 2, "unit": "px"},
        "blur": {"value": 0, "unit": "px"}, "spread": {"value": 0, "unit": "px"}, "inset": true}]}}
    """#

  static let card = #"""
    {"name": "Card", "body": {"type": "RoundedRectangle", "cornerRadius": 4, "fill": "{brand}",
      "shadow": "{elev}", "modifiers": [{"frame": {"width": 40, "height": 40}}, {"padding": 10}]}}
    """#

  static let bordered = #"""
    {"name": "Bordered", "body": {"type": "Rectangle", "stroke": "{line}",
      "modifiers": [{"frame": {"width": 20, "height": 20}}]}}
    """#

  static func catalog() throws -> Sandbox {
    let s = try Sandbox()
    let add = s.run([
      "add", try s.write("t.tokens.json", tokens), try s.write("Card.json", card),
      try s.write("Bordered.json", bordered),
    ])
    #expect(add.status == 0, "\(add.err)")
    return s
  }

  @Test("every layer is in the tree and in the HTML's box-shadow, first on top")
  func everyLayerIsResolved() throws {
    let s = try Self.catalog()
    let tree = s.run(["render", "Card"])
    #expect(tree.status == 0, "\(tree.err)")
    #expect(
      tree.out.contains(
        "RoundedRectangle(cornerRadius: 4).fill(#0080ff).shadow(#00000080, blur: 2, x: 0, y: 6).shadow(inner: #ff000080, blur: 0, x: 0, y: 2)"
      ), "\(tree.out)")
    let html = s.run(["render", "Card", "--format", "html"])
    #expect(html.status == 0, "\(html.err)")
    #expect(
      html.out.contains("box-shadow: 0px 6px 2px 0px #00000080, inset 0px 2px 0px 0px #ff000080;"),
      "\(html.out)")
  }

  @Test("the SVG draws a shadow as its own blurred element, never an feDropShadow")
  func svgDrawsShadowsAsElements() throws {
    let s = try Self.catalog()
    let svg = s.run(["render", "Card", "--format", "svg"])
    #expect(svg.status == 0, "\(svg.err)")
    #expect(!svg.out.contains("feDropShadow"), "\(svg.out)")
    // The drop shadow: the outline moved 6 down, under the shape; the inner one masked.
    let drop = try #require(
      svg.out.range(of: ##"y="16" width="40" height="40" rx="4" fill="#00000080""##))
    let shape = try #require(
      svg.out.range(of: ##"y="10" width="40" height="40" rx="4" fill="#0080ff"/>"##))
    let inner = try #require(svg.out.range(of: ##"fill="#ff000080" mask="##))
    #expect(drop.lowerBound < shape.lowerBound && shape.lowerBound < inner.lowerBound)
  }

  @Test(
    "the PNG shows the fill, the inner shadow over it and the drop shadow under it",
    .requires(.program(["rsvg-convert"], package: "librsvg2-bin")),
    .requires(.program(["python3"], package: "python3")))
  func pngDrawsTheShadowedShape() throws {
    let s = try Self.catalog()
    let png = s.run(["render", "Card", "--format", "png", "--output", s.path("card.png")])
    #expect(png.status == 0, "\(png.err)")
    // The drawing is at (32, 40) in the image; the shape at (10, 10) in it, 40 × 40.
    let run = try ChildProgram.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", cliPackageRoot.appendingPathComponent("scripts/png-pixels.py").path,
        s.path("card.png"), "62,70", "62,51", "62,93", "20,70",
      ])
    #expect(run.status == 0, "\(run.output)")
    let colour = Dictionary(
      uniqueKeysWithValues: run.output.split(separator: "\n").map { line in
        let parts = line.split(separator: " ")
        return (String(parts[0]), String(parts.last ?? ""))
      })
    #expect(colour["62,70"] == "#0080ff", "the fill, at the centre: \(run.output)")
    #expect(colour["62,51"] == "#80407f", "half-red over the blue, at the top: \(run.output)")
    // Under the shape, the drop shadow darkens the padding's tint (#f6dfe8 without it).
    let below = try #require(colour["62,93"].flatMap { Int($0.dropFirst().prefix(2), radix: 16) })
    #expect(below < 0xd0, "the drop shadow, under the shape: \(run.output)")
    #expect(colour["20,70"] == "#ffffff", "\(run.output)")
  }

  @Test("a border token's colour that names a removed token is an error, in render and lint")
  func borderColourNamingNoTokenIsAnError() throws {
    let s = try Self.catalog()
    let remove = s.run(["tokens", "remove", "ink", "--force"])
    #expect(remove.status == 0, "\(remove.err)")
    let render = s.run(["render", "Bordered"])
    #expect(render.status == 1, "\(render.out)")
    #expect(render.err.contains("Bordered"), "\(render.err)")
    #expect(render.err.contains("body.stroke"), "\(render.err)")
    #expect(render.err.contains("{ink}"), "\(render.err)")
    let lint = s.run(["lint", "Bordered"])
    #expect(lint.status != 0, "\(lint.out)\(lint.err)")
    #expect((lint.out + lint.err).contains("{ink}"), "\(lint.out)\(lint.err)")
  }
}
