/// `.fixedSize(horizontal:vertical:)` (reference §3.4, OSUI `FixedSizeLayout`).
struct FixedSizeLayout {
  let pass: LayoutPass
  let node: Int
  let horizontal: Bool
  let vertical: Bool

  /// The proposal with nil on the fixed axes, for sizing and placement alike.
  private func childProposal(_ p: ProposedSize) -> ProposedSize {
    ProposedSize(width: horizontal ? nil : p.width, height: vertical ? nil : p.height)
  }

  /// The child's size for the nil-ed proposal (its ideal size on the fixed axes).
  func sizeThatFits(_ p: ProposedSize) -> Size {
    pass.childSize(node, childProposal(p))
  }

  /// The child at the origin with the same nil-ed proposal. Layout priority is kept: the
  /// stack reads the priority of its member, which the resolver puts on the outermost node.
  /// - Returns: The child's placement (origin relative to the node, proposal), or nil when
  /// the node has no child.
  func placement(_ p: ProposedSize) -> ChildPlacement? {
    guard let c = pass.firstChild(node) else { return nil }
    return ChildPlacement(child: c, origin: .zero, proposal: childProposal(p))
  }
}
