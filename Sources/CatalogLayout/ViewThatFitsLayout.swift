/// `ViewThatFits(in: axes)`: shows the first child whose ideal size fits the proposal.
///
/// Rule (Apple, `ViewThatFits`: "evaluates its child views in the order you provide them to
/// the initializer. It selects the first child whose ideal size on the constrained axes fits
/// within the proposed size … If none of the views fit within the proposed size, the view
/// provides the last child"). Only the chosen child is laid out and drawn; the others get
/// no frame (they stay 0×0 at the origin and renderers skip them).
struct ViewThatFitsLayout {
  let pass: LayoutPass
  let node: Int
  /// The constrained axes (`in:`), SwiftUI's default being both.
  let horizontal: Bool
  let vertical: Bool

  private var members: LazyMapSequence<Range<Int>, Int> { pass.children(node) }

  /// The chosen child for proposal `p`, step by step:
  /// 1. for each child in order, its ideal size on the constrained axes: the size for a
  ///    proposal that is nil on those axes and `p` on the others;
  /// 2. it fits when, on every constrained axis, `p` is unspecified or the ideal length is
  ///    at most the proposed length;
  /// 3. the first that fits is chosen, else the last child.
  func chosen(_ p: ProposedSize) -> Int? {
    let ideal = ProposedSize(width: horizontal ? nil : p.width, height: vertical ? nil : p.height)
    for m in members {
      let s = pass.size(m, ideal)
      let fitsH = !horizontal || p.width.map { s.width <= $0 } ?? true
      let fitsV = !vertical || p.height.map { s.height <= $0 } ?? true
      if fitsH && fitsV { return m }
    }
    let n = pass.childCount(node)
    return n > 0 ? pass.child(node, n - 1) : nil
  }

  /// Size: the chosen child's size for the proposal; 0×0 without children.
  func sizeThatFits(_ p: ProposedSize) -> Size {
    guard let c = chosen(p) else { return .zero }
    return pass.size(c, p)
  }

  /// Placement: only the chosen child, proposed `p`, at the origin; nil without children.
  func placement(_ p: ProposedSize) -> ChildPlacement? {
    guard let c = chosen(p) else { return nil }
    return ChildPlacement(child: c, origin: .zero, proposal: p)
  }
}
