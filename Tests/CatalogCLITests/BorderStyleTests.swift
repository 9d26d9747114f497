import Foundation
import Testing

/// Review 22: a border token's `style` (DTCG §9.3: a `strokeStyle` keyword, a custom dash
/// array, or an alias to a `strokeStyle` token, §9.2) was dropped, so `dashed` was drawn
/// solid in the tree, the SVG, the PNG and the HTML. Each drawing now shows it.
@Suite struct BorderStyleTests {
  static let tokens = #"""
    {"w": {"$type": "dimension", "$value": {"value": 2, "unit": "px"}},
     "ink": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0, 1]}},
     "dots": {"$type": "strokeStyle", "$value": "dotted"},
     "line": {"$type": "border", "$value": {"color": "{ink}", "width": "{w}", "style": "dashed"}},
     "dotline": {"$type": "border", "$value": {"color": "{ink}", "width": "{w}", "style": "{dots}"}},
     "custom": {"$type": "border", "$value": {"color": "{ink}", "width": "{w}",
       "style": {"dashArray": [{"value": 5, "unit": "px"}, "{w}"], "lineCap": "round"}}},
     "dbl": {"$type": "border", "$value": {"color": "{ink}", "width": "{w}", "style": "double"}},
     "plain": {"$type": "border", "$value": {"color": "{ink}", "width": "{w}", "style": "solid"}}}
    """#

  static let component = #"""
    {"name": "B", "body": {"type": "VStack", "children": [
      {"type": "Rectangle", "stroke": "{line}"}, {"type": "Rectangle", "strokeBorder": "{dotline}"},
      {"type": "Rectangle", "strokeBorder": "{custom}"}, {"type": "Rectangle", "stroke": "{dbl}"},
      {"type": "Rectangle", "strokeBorder": "{plain}"}],
      "modifiers": [{"frame": {"width": 40, "height": 100}}]}}
    """#

  static func catalog() throws -> Sandbox {
    let s = try Sandbox()
    let add = s.run([
      "add", try s.write("t.tokens.json", tokens), try s.write("B.json", component),
    ])
    #expect(add.status == 0, "\(add.err)")
    return s
  }

  @Test("the tree writes SwiftUI's StrokeStyle with the dashes")
  func treeWritesTheStrokeStyle() throws {
    let tree = try Self.catalog().run(["render", "B"])
    #expect(tree.status == 0, "\(tree.err)")
    for expected in [
      "Rectangle().stroke(#0000ff, style: StrokeStyle(lineWidth: 2, lineCap: .butt, dash: [6, 6]))",
      "Rectangle().strokeBorder(#0000ff, style: StrokeStyle(lineWidth: 2, lineCap: .round, dash: [0, 4]))",
      "Rectangle().strokeBorder(#0000ff, style: StrokeStyle(lineWidth: 2, lineCap: .round, dash: [5, 2]))",
      "Rectangle().stroke(#0000ff, lineWidth: 2)",
      "Rectangle().strokeBorder(#0000ff, lineWidth: 2)",
    ] {
      #expect(tree.out.contains(expected), "\(expected) in \(tree.out)")
    }
    let json = try Self.catalog().run(["render", "B", "--format", "json"])
    #expect(json.out.contains("lineCap: .round, dash: [0, 4]))"), "\(json.out)")
  }

  @Test("the SVG dashes the outline and the HTML outlines it in the CSS keyword")
  func svgAndHTMLDrawTheStyle() throws {
    let s = try Self.catalog()
    let svg = s.run(["render", "B", "--format", "svg"]).out
    #expect(
      svg.contains(##"stroke="#0000ff" stroke-width="2" stroke-dasharray="6 6"/>"##), "\(svg)")
    #expect(
      svg.contains(##"stroke-dasharray="0 4" stroke-linecap="round"/>"##), "\(svg)")
    #expect(
      svg.contains(##"stroke-dasharray="5 2" stroke-linecap="round"/>"##), "\(svg)")
    let html = s.run(["render", "B", "--format", "html"]).out
    for expected in [
      "outline: 2px dashed #0000ff; outline-offset: -1px;",
      "outline: 2px dotted #0000ff; outline-offset: -2px;",
      "outline: 2px double #0000ff; outline-offset: -1px;",
      "box-shadow: inset 0 0 0 2px #0000ff;",
    ] {
      #expect(html.contains(expected), "\(expected) in \(html)")
    }
  }
}
