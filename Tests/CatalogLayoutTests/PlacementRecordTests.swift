import Testing

@testable import CatalogLayout

/// Placement without arrays (issue 17, point 1): the containers `placeAll` places through
/// ``LayoutPass/recordChildren(_:_:)`` put every child exactly where ``LayoutPass/placements(_:_:)``
/// says, and a stack of more than 32 members sorted in place keeps its order.
@Suite("Placement records")
struct PlacementRecordTests {
  private func text(_ s: String) -> LayoutNode { LayoutNode(.text(s, TextStyle())) }

  /// A row mixing every kind `recordChildren` handles.
  private func row(_ k: Int) -> LayoutNode {
    let framed = LayoutNode(
      .frame(
        FrameSpec(
          width: 120, height: 20, alignment: Alignment(horizontal: .leading, vertical: .center))),
      children: [text("Row \(k)")])
    let background = LayoutNode(
      .background(alignment: .center), children: [framed, LayoutNode(.color("yellow"))])
    let overlay = LayoutNode(
      .overlay(alignment: Alignment(horizontal: .trailing, vertical: .top)),
      children: [
        background,
        LayoutNode(.frame(FrameSpec(width: 4, height: 4)), children: [LayoutNode(.color("red"))]),
      ])
    let offset = LayoutNode(.offset(x: 2, y: 1), children: [overlay])
    let guide = LayoutNode(
      .alignmentGuide(AlignmentGuideSpec(guide: .horizontal(.leading), offset: 3)),
      children: [text("g")])
    let grid = LayoutNode(
      .grid(GridSpec(alignment: .center, horizontalSpacing: 4, verticalSpacing: nil)),
      children: [
        LayoutNode(.gridRow(alignment: nil), children: [text("a"), text("bb")]),
        LayoutNode(.gridRow(alignment: .firstTextBaseline), children: [text("ccc"), text("d")]),
      ])
    let fixed = LayoutNode(.fixedSize(horizontal: true, vertical: false), children: [text("f")])
    let ratio = LayoutNode(.aspectRatio(2, .fit), children: [LayoutNode(.color("blue"))])
    let flexible = LayoutNode(
      .frame(FrameSpec(minWidth: 10, maxWidth: .infinity)), children: [text("flex")])
    return LayoutNode(
      .zStack(alignment: Alignment(horizontal: .leading, vertical: .firstTextBaseline)),
      children: [offset, guide, grid, fixed, ratio, flexible])
  }

  @Test("recorded child places equal the placements rule's, for every container kind")
  func recordedPlacesMatchPlacements() {
    let members = (0..<40).map { k in k % 2 == 0 ? text("t\(k)") : LayoutNode(.color("blue")) }
    let wide = LayoutNode(
      .stack(axis: .horizontal, alignment: .center, spacing: nil), children: members)
    let rows = LayoutNode(
      .stack(axis: .vertical, alignment: .leading, spacing: nil), children: (0..<6).map(row))
    let root = LayoutNode(
      .stack(axis: .vertical, alignment: .center, spacing: nil), children: [rows, wide])
    let pass = LayoutPass(tree: LayoutTree(root), environment: LayoutEnvironment())
    let proposal = ProposedSize(width: 1024, height: 768)
    _ = pass.size(pass.root, proposal)
    var frames = LayoutFrames(count: pass.count)
    pass.placeAll(proposal, into: &frames)
    var checked = 0
    for i in 0..<pass.count where frames.isPlaced[i] && pass.childCount(i) > 0 {
      guard pass.codes[i] != .stack, pass.codes[i] != .padding else { continue }
      let p = pass.independent(
        ProposedSize(
          width: SlotMemo<Size>.value(pass.memberWidth[i]),
          height: SlotMemo<Size>.value(pass.memberHeight[i])), i)
      let placements = pass.placements(i, p)
      #expect(placements.count == pass.childCount(i))
      for placement in placements {
        let c = placement.child
        #expect(frames.isPlaced[c])
        #expect(frames.x[c] == frames.x[i] + placement.origin.x)
        #expect(frames.y[c] == frames.y[i] + placement.origin.y)
        let s = pass.size(c, placement.proposal)
        #expect(frames.width[c] == s.width && frames.height[c] == s.height)
      }
      checked += 1
    }
    #expect(checked == 6 * 13)
    // The 40-member stack (its members sorted in place by flexibility to size them) still
    // places them left to right in their own order.
    let stack = pass.child(pass.root, 1)
    #expect(pass.childCount(stack) == 40)
    var x = frames.x[pass.child(stack, 0)]
    for k in 1..<40 {
      let c = pass.child(stack, k)
      #expect(frames.x[c] > x)
      x = frames.x[c]
    }
  }
}
