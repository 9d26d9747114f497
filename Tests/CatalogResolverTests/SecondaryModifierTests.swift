import CatalogLayout
import CatalogModel
import CatalogRender
import CatalogResolver
import Testing

/// background, overlay, offset, border, opacity and hidden: SwiftUI's rules that they never
/// change layout (reference §3.5; offset is a geometry effect after layout).
@Suite struct SecondaryModifierTests {
  static let badge = """
    { "name": "Badge", "body": { "type": "Color", "color": "blue",
      "modifiers": [
        { "frame": { "width": 40, "height": 20 } },
        { "background": { "type": "Color", "color": "gray", "modifiers": [ { "frame": { "width": 100, "height": 100 } } ] } },
        { "overlay": { "content": { "type": "Color", "color": "red", "modifiers": [ { "frame": { "width": 10, "height": 10 } } ] }, "alignment": "topTrailing" } },
        { "offset": { "x": 5, "y": "{space.xs}" } },
        { "border": { "color": "black", "width": 2 } },
        { "opacity": 0.5 }, { "hidden": true }
      ] } }
    """

  @Test func secondaryLayersNeverChangeTheSize() throws {
    let laidOut = try layOut("Badge", extra: [try define(Self.badge)])
    // The primary is 40×20; a 100×100 background and the overlay do not grow it.
    #expect(laidOut.size == Size(width: 40, height: 20))
    let all = nodes(laidOut)
    let background = try #require(all.first { $0.info.kind == "background" })
    #expect(background.node.frame.size == Size(width: 40, height: 20))
    // The background is proposed the primary's size but is a fixed 100×100 frame, centred.
    let gray = try #require(all.first { $0.info.label == "frame(width: 100, height: 100)" })
    #expect(gray.node.frame == Rect(x: -30 + 5, y: -40 + 4, width: 100, height: 100))
    // The overlay's 10×10 sits in the top trailing corner of the (offset) primary.
    let red = try #require(all.first { $0.info.label == "frame(width: 10, height: 10)" })
    #expect(red.node.frame == Rect(x: 30 + 5, y: 0 + 4, width: 10, height: 10))
  }

  @Test func offsetMovesTheDrawingNotTheLayoutAndBorderFollowsTheLayoutFrame() throws {
    let all = nodes(try layOut("Badge", extra: [try define(Self.badge)]))
    let offset = try #require(all.first { $0.info.kind == "offset" })
    #expect(offset.node.frame == Rect(x: 0, y: 0, width: 40, height: 20))
    #expect(offset.node.children[0].frame.origin == Point(x: 5, y: 4))
    #expect(
      offset.info.lengths.map(\.description) == [
        "offset.x = 5pt ← literal 5", "offset.y = 4pt ← {space.xs} ← {base.size.4} ← 4px",
      ])
    let border = try #require(all.first { $0.info.kind == "border" })
    #expect(border.info.label == "border(black, width: 2)")
    #expect(border.node.frame == Rect(x: 0, y: 0, width: 40, height: 20))
  }

  @Test func opacityAndHiddenAreRecordedWithoutNodes() throws {
    let laidOut = try layOut("Badge", extra: [try define(Self.badge)])
    let root = try #require(laidOut.root)
    let info = try #require(laidOut.info(root))
    #expect(info.opacity == 0.5)
    #expect(info.isHidden)
    #expect(!nodes(laidOut).contains { $0.info.kind == "opacity" || $0.info.kind == "hidden" })
  }

  @Test func emptyBackgroundContentLeavesTheViewAsItIs() throws {
    let d = try define(
      #"{"name": "E", "parameters": {"on": {"type": "boolean", "default": false}}, "body": {"type": "Color", "color": "red", "modifiers": [{"background": {"type": "Color", "color": "gray", "when": "$on"}}]}}"#
    )
    let all = nodes(try layOut("E", extra: [d]))
    #expect(all.map(\.info.kind) == ["Color"])
  }

  @Test func badModifierContentIsAnError() throws {
    #expect(throws: DefinitionError.self) {
      try define(
        #"{"name": "B", "body": {"type": "Color", "color": "red", "modifiers": [{"opacity": 2}]}}"#)
    }
    #expect(throws: DefinitionError.self) {
      try define(
        #"{"name": "B", "body": {"type": "Color", "color": "red", "modifiers": [{"overlay": {"alignment": "top"}}]}}"#
      )
    }
  }
}
