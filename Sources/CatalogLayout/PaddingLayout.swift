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
  /// `VStack {}.padding()` is 32×32), clamped at 0 per axis: negative insets shrink the
  /// view down to nothing, never below (`CGSize.outset(by:)` in OSUI's `EdgeInsets.swift`,
  /// `max(width + insets.horizontal, 0)`); the child keeps its own size and overflows.
  func sizeThatFits(_ p: ProposedSize) -> Size {
    let c = pass.childSize(node, childProposal(p))
    return Size(
      width: max(c.width + insets.leading + insets.trailing, 0),
      height: max(c.height + insets.top + insets.bottom, 0))
  }

  /// The child sits at (leading, top) with the inset proposal; a negative inset puts it
  /// outside the padding's frame (SwiftUI draws it there, overflowing).
  func placements(_ p: ProposedSize) -> [ChildPlacement] {
    guard let c = pass.firstChild(node) else { return [] }
    return [
      ChildPlacement(
        child: c, origin: Point(x: insets.leading, y: insets.top), proposal: childProposal(p))
    ]
  }
}
