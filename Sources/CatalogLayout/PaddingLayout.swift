/// `.padding(insets)` (reference §3.1, OSUI `PaddingLayout`).
struct PaddingLayout {
  let pass: LayoutPass
  let node: Int
  let insets: EdgeInsets

  /// §2.2/§3.1: padding resets the spacing preferences of the padded edges (those with a
  /// non-zero inset), so a padded view behaves like an ordinary view on those edges.
  static func spacing(insets: EdgeInsets, child: ViewSpacing) -> ViewSpacing {
    child.resetting(
      top: insets.top != 0, leading: insets.leading != 0,
      bottom: insets.bottom != 0, trailing: insets.trailing != 0)
  }

  /// The child's proposal: the padding's proposal minus the insets, clamped at 0 per axis;
  /// nil stays nil (`_ProposedSize.inset(by:)`).
  private func childProposal(_ p: ProposedSize) -> ProposedSize {
    Self.childProposal(p, insets: insets)
  }

  /// The child's proposal for padding `insets` proposed `p` (see the instance method).
  @inline(__always)
  static func childProposal(_ p: ProposedSize, insets: EdgeInsets) -> ProposedSize {
    ProposedSize(
      width: p.width.map { max($0 - insets.leading - insets.trailing, 0) },
      height: p.height.map { max($0 - insets.top - insets.bottom, 0) })
  }

  /// §3.1 "Sizing": the child's size plus the insets (an absent child counts as 0×0, so
  /// `VStack {}.padding()` is 32×32).
  func sizeThatFits(_ p: ProposedSize) -> Size {
    let c = pass.childSize(node, childProposal(p))
    return Size(
      width: c.width + insets.leading + insets.trailing,
      height: c.height + insets.top + insets.bottom)
  }

  /// The child sits at (leading, top) with the inset proposal.
  func placements(_ p: ProposedSize) -> [ChildPlacement] {
    guard let c = pass.firstChild(node) else { return [] }
    return [
      ChildPlacement(
        child: c, origin: Point(x: insets.leading, y: insets.top), proposal: childProposal(p))
    ]
  }
}
