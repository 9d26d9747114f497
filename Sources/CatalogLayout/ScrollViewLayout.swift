/// `ScrollView(.vertical)` / `ScrollView(.horizontal)`: one child (the content), scrolled
/// along `axis`.
///
/// Rules (Apple, `ScrollView`: "The scroll view resizes to fit the space offered by its
/// parent … the content … can be larger than the scroll view"; reference §1 on proposals):
/// the content is proposed nil along the scroll axis (it takes its ideal length) and the
/// scroll view's proposal across it; the scroll view takes its own proposal. What overflows
/// is clipped when drawn, never in layout.
struct ScrollViewLayout {
  let pass: LayoutPass
  let node: Int
  let axis: Axis

  /// The content's proposal: nil along the scroll axis, the scroll view's proposal across.
  func contentProposal(_ p: ProposedSize) -> ProposedSize {
    axis == .vertical
      ? ProposedSize(width: p.width, height: nil) : ProposedSize(width: nil, height: p.height)
  }

  /// Size, step by step:
  /// 1. on each axis with a finite proposal, the proposal (a scroll view fills what it is
  ///    offered, whatever its content);
  /// 2. on an unspecified or infinite axis, the content's length for ``contentProposal(_:)``
  ///    (a scroll view asked for its ideal size is as large as its content).
  func sizeThatFits(_ p: ProposedSize) -> Size {
    var content = Size(width: 0, height: 0)
    let needsContent = !(p.width?.isFinite ?? false) || !(p.height?.isFinite ?? false)
    if needsContent { content = pass.childSize(node, contentProposal(p)) }
    let w = p.width.flatMap { $0.isFinite ? $0 : nil } ?? content.width
    let h = p.height.flatMap { $0.isFinite ? $0 : nil } ?? content.height
    return Size(width: w, height: h)
  }

  /// Placement: the content starts at the leading/top edge along the scroll axis (the
  /// initial scroll position) and is centred across it when narrower than the scroll view.
  /// Nil without content.
  func placement(_ p: ProposedSize) -> ChildPlacement? {
    guard let c = pass.firstChild(node) else { return nil }
    let proposal = contentProposal(p)
    let own = pass.size(node, p)
    let content = pass.size(c, proposal)
    let origin: Point
    if axis == .vertical {
      origin = Point(x: (own.width - content.width) / 2, y: 0)
    } else {
      origin = Point(x: 0, y: (own.height - content.height) / 2)
    }
    return ChildPlacement(child: c, origin: origin, proposal: proposal)
  }
}
