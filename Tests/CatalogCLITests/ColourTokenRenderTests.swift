import Testing

/// A colour written as a token (`"fill": "{colors.red}"`) is drawn in the token's colour:
/// every drawing showed it grey (`#d1d1d6`), since the resolver kept the reference as the
/// colour's name (review 20).
@Suite struct ColourTokenRenderTests {
  static let tokens = #"""
    {"colors": {"$type": "color",
      "red": {"$value": {"colorSpace": "srgb", "components": [1, 0, 0], "hex": "#ff0000"}},
      "half": {"$value": "rgba({colors.red}, 50%)"},
      "alias": {"$value": "{colors.red}"}},
     "space": {"sm": {"$type": "dimension", "$value": "4px"}}}
    """#
  static let component = #"""
    {"name": "B", "body": {"type": "VStack", "children": [
      {"type": "Rectangle", "fill": "{colors.alias}",
       "modifiers": [{"frame": {"width": 10, "height": 10}}]},
      {"type": "Circle", "stroke": {"color": "{colors.half}", "lineWidth": 2}},
      {"type": "Text", "text": "hi", "foregroundColor": "{colors.half}"},
      {"type": "Color", "color": "{colors.red}",
       "modifiers": [{"border": {"color": "{colors.half}", "width": 1}}]}]}}
    """#

  @Test func everyColourPropertyResolvesItsTokenInEveryOutput() throws {
    let s = try Sandbox()
    let add = s.run([
      "add", try s.write("t.tokens.json", Self.tokens), try s.write("B.json", Self.component),
    ])
    #expect(add.status == 0, "\(add.err)")
    let tree = s.run(["render", "B"]).out
    for expected in [
      "Rectangle().fill(#ff0000)", "border(#ff000080, width: 1)", "Color(#ff0000)",
    ] {
      #expect(tree.contains(expected), "\(expected) in \(tree)")
    }
    let svg = s.run(["render", "B", "--format", "svg"]).out
    #expect(svg.contains(##"fill="#ff0000""##), "\(svg)")
    #expect(svg.contains(##"stroke="#ff000080""##), "\(svg)")
    // The text is drawn in the token's colour too.
    #expect(svg.contains(##"fill="#ff000080""##), "\(svg)")
    let html = s.run(["render", "B", "--format", "html"]).out
    #expect(html.contains("#ff0000;") || html.contains("#ff0000\""), "\(html)")
    #expect(html.contains("#ff000080"), "\(html)")
    #expect(!svg.contains("{colors"), "\(svg)")
  }

  @Test func aColourTokenOfAnotherTypeOrNoneIsRefused() throws {
    let s = try Sandbox()
    #expect(s.run(["add", try s.write("t.tokens.json", Self.tokens)]).status == 0)
    for (fill, expected) in [("{space.sm}", "{space.sm}"), ("{colors.nope}", "{colors.nope}")] {
      let wrong = #"{"name": "W", "body": {"type": "Rectangle", "fill": "FILL"}}"#
        .replacing("FILL", with: fill)
      // The type rule of a use, which --force does not pass (so no stored row reaches the
      // resolver's own check, which names the token and its type the same way).
      let add = s.run(["add", try s.write("W.json", wrong), "--force"])
      #expect(add.status == 1)
      #expect(add.err.contains(expected), "\(add.err)")
    }
  }

  /// DTCG 2025.10 makes `hex` optional: a colour given by its components was refused as
  /// "not a color token" when a component named it (review 21).
  @Test func aColourWithoutHexIsComputedFromItsComponents() throws {
    let s = try Sandbox()
    let tokens = #"""
      {"k": {"$type": "color",
        "srgb": {"$value": {"colorSpace": "srgb", "components": [0, 0, 1]}},
        "faded": {"$value": {"colorSpace": "srgb", "components": [1, "none", 0], "alpha": 0.5}},
        "hsl": {"$value": {"colorSpace": "hsl", "components": [120, 100, 25]}},
        "p3": {"$value": {"colorSpace": "display-p3", "components": [0, 0, 1]}},
        "p3half": {"$value": "rgba({k.p3}, 0.5)"},
        "p3alpha": {"$value": {"colorSpace": "display-p3", "components": [0, 0, 1], "alpha": 0.25}}},
       "line": {"$type": "border", "$value": {"color": "{k.hsl}",
         "width": {"value": 2, "unit": "px"}, "style": "solid"}}}
      """#
    let component = #"""
      {"name": "K", "body": {"type": "VStack", "children": [
        {"type": "Rectangle", "fill": "{k.srgb}"},
        {"type": "Rectangle", "fill": "{k.faded}"},
        {"type": "Text", "text": "t", "foregroundColor": "{k.hsl}"},
        {"type": "Rectangle", "fill": "{k.p3}"},
        {"type": "Rectangle", "fill": "{k.p3half}"},
        {"type": "Rectangle", "fill": "{k.p3alpha}"},
        {"type": "Rectangle", "strokeBorder": "{line}"}]}}
      """#
    let add = s.run([
      "add", try s.write("k.tokens.json", tokens), try s.write("K.json", component),
    ])
    #expect(add.status == 0, "\(add.err)")
    let tree = s.run(["render", "K"]).out
    for expected in [
      "fill(#0000ff)", "fill(#ff000080)", "fill(color(display-p3 0 0 1))",
      // Another space keeps its alpha below 1, as the CSS export writes it (review 22).
      "fill(color(display-p3 0 0 1 / 0.5))", "fill(color(display-p3 0 0 1 / 0.25))",
    ] {
      #expect(tree.contains(expected), "\(expected) in \(tree)")
    }
    let svg = s.run(["render", "K", "--format", "svg"]).out
    // hsl(120 100% 25%) is #008000; the border member's colour without hex too.
    #expect(svg.contains(##"fill="#008000""##), "\(svg)")
    #expect(svg.contains(##"stroke="#008000""##), "\(svg)")
  }

  /// A shape's `fill` and a stroke's colour took any string (drawn grey, not tracked as a
  /// token use), while `foregroundColor`, `Color` and `border` refused it (review 21).
  @Test(arguments: [
    (#""fill": "notacolour""#, "body.fill"),
    (#""fill": "{colors.red""#, "body.fill"),
    (#""fill": "<script>""#, "body.fill"),
    (#""stroke": "notacolour""#, "body.stroke"),
    (#""strokeBorder": {"color": "rgba(1,2,3)", "lineWidth": 1}"#, "body.strokeBorder.color"),
  ])
  func aShapeColourFollowsTheColourRule(property: String, path: String) throws {
    let s = try Sandbox()
    let json = #"{"name": "F", "body": {"type": "Rectangle", PROPERTY}}"#
      .replacing("PROPERTY", with: property)
    let r = s.run(["add", try s.write("F.json", json)])
    #expect(r.status == 1)
    #expect(r.err.contains("F: \(path): a colour: one of"), "\(r.err)")
  }
}
