import CatalogLayout
import CatalogModel
import CatalogRender
import CatalogResolver
import CatalogTokens
import Testing

/// Records in `ForEach` (issue 11 point 4): `$row.title` is the element's member.
@Suite struct RecordTests {
  static let list = #"""
    {"name": "Rows",
     "parameters": {"rows": {"type": "list", "items": {"title": "string", "subtitle": {"type": "string", "optional": true}},
       "default": [{"title": "Wi-Fi", "subtitle": "Home"}, {"title": "VPN"}]}},
     "body": {"type": "VStack", "children": [{"type": "ForEach", "in": "$rows", "as": "row", "children": [
       {"type": "Text", "text": "$row.title"},
       {"type": "Text", "text": "$row.subtitle", "when": "$row.subtitle"}]}]}}
    """#

  @Test func memberReferencesRenderTheElementsMembers() throws {
    let laidOut = try layOut("Rows", extra: [try define(Self.list)])
    let texts = nodes(laidOut).compactMap { $0.info.attributes["text"] }
    // Before records, "$row.title" was a literal string and rendered as "$row.title".
    #expect(texts == ["Wi-Fi", "Home", "VPN"])
  }

  @Test func anArgumentIsCheckedAgainstTheItems() throws {
    let d = try define(Self.list)
    let bad = JSONObject([("rows", .array([.object(JSONObject([("title", .number(3))]))]))])
    #expect(throws: ResolutionError.self) { try resolve("Rows", arguments: bad, extra: [d]) }
    do {
      _ = try resolve("Rows", arguments: bad, extra: [d])
    } catch {
      #expect(error.path == "arguments.rows")
      #expect(error.message.contains("'title'"), "\(error.message)")
    }
  }

  @Test(arguments: [
    (
      #"{"type": "Text", "text": "$row.titel"}"#,
      "$row.titel: unknown member 'titel' of $row; its members: title, subtitle; did you mean 'title'?"
    ),
    (
      #"{"type": "Text", "text": "$rows.title"}"#,
      "$rows.title: $rows is a list parameter, not a ForEach record; it has no member 'title'"
    ),
    (
      #"{"type": "Text", "text": "$nobody.title"}"#,
      "unknown parameter $nobody; declared parameters: $index, $row, $rows"
    ),
  ])
  func unknownMembersAreErrorsNamingThePath(_ child: String, _ message: String) throws {
    let text = Self.list.replacingOccurrences(
      of: #"{"type": "Text", "text": "$row.title"}"#, with: child)
    do {
      _ = try DefinitionParser.parse(text, file: "inline.json")
      Issue.record("accepted \(child)")
    } catch {
      #expect(error.message == message)
      #expect(error.path == "body.children[0].children[0].text")
    }
  }
}

/// Controls, images and containers built from the layout rules (issue 19).
@Suite struct VocabularyResolutionTests {
  func single(_ body: String, proposal: ProposedSize = .unspecified, parameters: String = "{}")
    throws -> LaidOutComponent
  {
    try layOut(
      "V", extra: [try define(#"{"name": "V", "parameters": \#(parameters), "body": \#(body)}"#)],
      proposal: proposal)
  }

  @Test func labelCentresItsIconOnTheTitlesFirstLine() throws {
    // "Hello world" at 60 pt wraps onto two body lines (22 pt each); the 17 pt icon's centre
    // is on the first line's centre, 11 pt below the title's top.
    let laidOut = try single(
      #"{"type": "Label", "title": "Hello world", "systemImage": "star", "modifiers": [{"frame": {"width": 90}}]}"#,
      proposal: ProposedSize(width: 90, height: nil))
    let all = nodes(laidOut)
    let icon = try #require(all.first { $0.info.kind == "Image" }).node.frame
    let title = try #require(all.first { $0.info.kind == "Text" }).node.frame
    #expect(icon.width == 17 && icon.height == 17)
    #expect(title.height == 44)
    #expect(abs((icon.minY + icon.height / 2) - (title.minY + 11)) <= 1.0 / 3 + 1e-9)
    #expect(title.minX >= icon.maxX)
  }

  @Test func borderedButtonPadsItsLabel() throws {
    let laidOut = try single(#"{"type": "Button", "title": "Save", "buttonStyle": "bordered"}"#)
    let all = nodes(laidOut)
    let insets = ControlMetrics.borderedButtonInsets
    #expect(
      laidOut.size
        == Size(
          width: 34 + insets.leading + insets.trailing, height: 22 + insets.top + insets.bottom))
    let text = try #require(all.first { $0.info.kind == "Text" }).node.frame
    #expect(text.origin == Point(x: insets.leading, y: insets.top))
    #expect(all.first?.info.kind == "Button")
  }

  @Test func aButtonsChildrenAreItsLabel() throws {
    let laidOut = try single(
      #"{"type": "Button", "buttonStyle": "borderedProminent", "children": [{"type": "Image", "systemName": "plus"}, {"type": "Text", "text": "Add"}]}"#
    )
    let insets = ControlMetrics.borderedButtonInsets
    // HStack of a 17 pt symbol and "Add" (25.5 pt), the default 8 pt apart, then the insets.
    // 74.5 pt wide, rounded to the 1/3 pt pixel grid of the default scale 3.
    #expect(abs(laidOut.size.width - (17 + 8 + 25.5 + insets.leading + insets.trailing)) <= 1.0 / 3)
    #expect(laidOut.size.height == 22 + insets.top + insets.bottom)
    let background = try #require(nodes(laidOut).first { $0.info.kind == "RoundedRectangle" }).info
    #expect(background.attributes["fill"] == "accent")
  }

  @Test func plainButtonIsItsLabel() throws {
    let laidOut = try single(#"{"type": "Button", "title": "Save", "buttonStyle": "plain"}"#)
    #expect(laidOut.size == Size(width: 34, height: 22))
  }

  @Test func toggleFillsTheProposedWidthWithTheSwitchTrailing() throws {
    let laidOut = try single(
      #"{"type": "Toggle", "title": "Wi-Fi", "isOn": true}"#,
      proposal: ProposedSize(width: 300, height: nil))
    #expect(laidOut.size == Size(width: 300, height: 31))
    let switchFrame = try #require(nodes(laidOut).first { $0.info.kind == "Capsule" }).node.frame
    #expect(switchFrame == Rect(x: 249, y: 0, width: 51, height: 31))
  }

  @Test func lazyVStackTakesTheFullWidth() throws {
    let laidOut = try single(
      #"{"type": "LazyVStack", "alignment": "leading", "children": [{"type": "Text", "text": "Hi"}]}"#,
      proposal: ProposedSize(width: 300, height: nil))
    #expect(laidOut.size == Size(width: 300, height: 22))
    let text = try #require(nodes(laidOut).first { $0.info.kind == "Text" }).node.frame
    #expect(text == Rect(x: 0, y: 0, width: 17, height: 22))
  }

  @Test func symbolImagesTakeTheirTextStylesSizeUnlessGivenOne() throws {
    let body = try single(#"{"type": "Image", "systemName": "star"}"#)
    #expect(body.size == ControlMetrics.symbolSize(style: "body"))
    let title = try single(#"{"type": "Image", "systemName": "star", "font": "largeTitle"}"#)
    #expect(title.size == ControlMetrics.symbolSize(style: "largeTitle"))
    #expect(title.size.width > body.size.width)
    let sized = try single(
      #"{"type": "Image", "systemName": "star", "size": ["{icon.badge}", 20]}"#)
    #expect(sized.size == Size(width: 24, height: 20))
    let lengths = try #require(nodes(sized).first).info.lengths
    #expect(lengths.first?.description == "image.width = 24pt ← {icon.badge} ← 24px")
  }

  @Test func shapeTokensHaveProvenance() throws {
    let laidOut = try single(
      #"{"type": "RoundedRectangle", "cornerRadius": "{radius.md}", "strokeBorder": "{border.card}"}"#,
      proposal: ProposedSize(width: 50, height: 20))
    let info = try #require(nodes(laidOut).first).info
    #expect(laidOut.size == Size(width: 50, height: 20))
    #expect(
      info.lengths.map(\.description) == [
        "cornerRadius = 10pt ← {radius.md} ← 10px",
        "lineWidth = 1pt ← {border.card} ← {stroke.hairline} ← 1px",
      ])
    #expect(info.attributes["strokeColor"] == "#c7c7cc")
  }

  /// A border token's colour with alpha below 1 lost it (`#0000ff`), while a shadow's kept
  /// it: both go through one reading of a composite's colour, `#RRGGBBAA`.
  @Test func borderTokenColourKeepsItsAlpha() throws {
    var tokens = exampleTokens
    let extra = try TokenFileParser.parse(
      ##"{"line": {"$type": "border", "$value": {"color": {"colorSpace": "srgb", "components": [0, 0, 1], "hex": "#0000ff", "alpha": 0.25}, "width": {"value": 2, "unit": "px"}, "style": "solid"}}}"##,
      file: "line.tokens.json")
    for t in extra.tokens { tokens[t.path] = t }
    let resolved = try resolve(
      "V",
      extra: [
        try define(
          #"{"name": "V", "body": {"type": "Rectangle", "strokeBorder": "{line}"}}"#)
      ], tokens: tokens)
    let laidOut = LaidOutComponent(resolved, proposal: ProposedSize(width: 10, height: 10))
    let info = try #require(nodes(laidOut).first).info
    #expect(info.attributes["strokeColor"] == "#0000ff40", "\(info.attributes)")
  }

  @Test func shadowTokensResolveWithAlphaAndProvenance() throws {
    let laidOut = try single(
      #"{"type": "Capsule", "shadow": "{shadow.card}"}"#,
      proposal: ProposedSize(width: 40, height: 20))
    let info = try #require(nodes(laidOut).first).info
    guard case .shape(let d) = info.descriptor else {
      Issue.record("not a shape")
      return
    }
    #expect(d.shadows == [ShadowDescription(color: "#0000001f", x: 0, y: 2, blur: 8, spread: 0)])
    #expect(info.lengths.map(\.description).contains("shadow.blur = 8pt ← {shadow.card} ← 8px"))
    #expect(laidOut.size == Size(width: 40, height: 20), "a shadow never changes layout")
    #expect(throws: ResolutionError.self) {
      try single(#"{"type": "Capsule", "shadow": "{space.md}"}"#)
    }
  }

  @Test func aBorderTokenOfAnotherTypeIsAnError() throws {
    #expect(throws: ResolutionError.self) {
      try single(#"{"type": "Rectangle", "strokeBorder": "{space.md}"}"#)
    }
  }

  @Test func clipShapeIsDrawingOnly() throws {
    let clipped = try single(
      #"{"type": "Color", "color": "red", "modifiers": [{"frame": {"width": 30, "height": 20}}, {"clipShape": "Circle"}]}"#
    )
    #expect(clipped.size == Size(width: 30, height: 20))
    #expect(nodes(clipped).first?.info.attributes["clip"] == "Circle")
    #expect(SVGRenderer.render(clipped).contains("<clipPath id=\"clip1\">"))
  }

  @Test func viewThatFitsDrawsOnlyTheChosenChild() throws {
    let laidOut = try single(
      #"{"type": "ViewThatFits", "in": "horizontal", "children": [{"type": "Text", "text": "A long title"}, {"type": "Text", "text": "Short"}]}"#,
      proposal: ProposedSize(width: 60, height: nil))
    let tree = TreeRenderer.render(laidOut)
    #expect(tree.contains("Short"))
    #expect(!tree.contains("A long title"))
  }

  @Test func aScrollViewClipsItsContentInPictures() throws {
    let laidOut = try single(
      #"{"type": "ScrollView", "children": [{"type": "Color", "color": "blue", "modifiers": [{"frame": {"height": 300}}]}]}"#,
      proposal: ProposedSize(width: 100, height: 50))
    #expect(laidOut.size == Size(width: 100, height: 50))
    let svg = SVGRenderer.render(laidOut)
    #expect(
      svg.contains(
        "<clipPath id=\"clip1\"><rect x=\"0\" y=\"0\" width=\"100\" height=\"50\"/></clipPath>"))
    #expect(svg.contains("clip-path=\"url(#clip1)\""))
  }

  @Test func gridCellTraitsPassThroughLaterModifiers() throws {
    let laidOut = try single(
      #"""
      {"type": "Grid", "horizontalSpacing": 0, "verticalSpacing": 0, "children": [
        {"type": "GridRow", "children": [{"type": "Color", "color": "red", "modifiers": [{"frame": {"width": 10, "height": 10}}]},
                                         {"type": "Color", "color": "red", "modifiers": [{"frame": {"width": 10, "height": 10}}]}]},
        {"type": "GridRow", "children": [{"type": "Color", "color": "blue", "modifiers": [{"gridCellColumns": 2}, {"frame": {"height": 10}}, {"padding": 0}]}]}]}
      """#)
    #expect(laidOut.size == Size(width: 20, height: 20))
    let spanning = try #require(nodes(laidOut).first { $0.info.kind == "padding" }).node.frame
    #expect(spanning == Rect(x: 0, y: 10, width: 20, height: 10))
  }
}
