/// `.background(alignment:)` and `.overlay(alignment:)` (reference §3.5, OSUI
/// `SecondaryLayerGeometryQuery`): a primary child that decides everything about layout
/// and a secondary child laid out against it.
struct SecondaryLayerLayout {
  let pass: LayoutPass
  let node: Int
  let alignment: Alignment

  /// The primary is placed at the origin with the node's own proposal (so it has the size
  /// the node reported). The secondary is proposed the primary's **final size** and placed
  /// so that its alignment guides line up with the primary's: origin = primary guide −
  /// secondary guide on each axis (explicit guides, such as text baselines, count on both
  /// sides). It may be larger than the primary and stick out; the node's size never changes.
  ///
  /// Calls `body` with each child's placement in order (the primary first), allocating
  /// nothing.
  func forEachPlacement(_ p: ProposedSize, _ body: (ChildPlacement) -> Void) {
    guard let primary = pass.firstChild(node) else { return }
    body(ChildPlacement(child: primary, origin: .zero, proposal: p))
    let bounds = pass.size(primary, p)
    let proposal = ProposedSize(bounds)
    let px = pass.guide(alignment.horizontal, node: primary, size: bounds, proposal: p)
    let py = pass.guide(alignment.vertical, node: primary, size: bounds, proposal: p)
    // Children after the first are all secondaries (several views in the modifier's
    // content), each aligned on its own like the members of an implicit ZStack.
    var k = 1
    while k < pass.childCount(node) {
      let secondary = pass.child(node, k)
      let s = pass.size(secondary, proposal)
      let x = px - pass.guide(alignment.horizontal, node: secondary, size: s, proposal: proposal)
      let y = py - pass.guide(alignment.vertical, node: secondary, size: s, proposal: proposal)
      body(ChildPlacement(child: secondary, origin: Point(x: x, y: y), proposal: proposal))
      k += 1
    }
  }
}
