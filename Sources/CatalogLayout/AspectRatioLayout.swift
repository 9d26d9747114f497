/// SwiftUI's `ContentMode`: how `aspectRatio(_:contentMode:)` scales a view.
public enum ContentMode: String, Sendable, Equatable, CaseIterable {
  /// The largest size of the ratio inside the proposal.
  case fit
  /// The smallest size of the ratio covering the proposal.
  case fill
}

/// `.aspectRatio(_:contentMode:)`, `.scaledToFit()` and `.scaledToFill()` (OpenSwiftUI
/// `_AspectRatioLayout`; Apple, `View.aspectRatio(_:contentMode:)`).
struct AspectRatioLayout {
  let pass: LayoutPass
  let node: Int
  /// Width ÷ height; nil keeps the child's ideal size's ratio.
  let ratio: Double?
  let contentMode: ContentMode

  /// The size offered to the child, step by step (`_AspectRatioLayout.spaceOffered`):
  /// 1. an unspecified proposal (both axes nil) is passed on unchanged;
  /// 2. the ratio rectangle is `ratio × 1`, or, for a nil ratio, the child's ideal size
  ///    (its size for an unspecified proposal); a square becomes 1 × 1;
  /// 3. the scale is, per axis, the proposed length ÷ the rectangle's length (∞ for a nil
  ///    axis, and for a zero-length rectangle side proposed a non-zero length… 0 ÷ 0 counts
  ///    as ∞ too); `fit` takes the smaller scale, `fill` the larger;
  /// 4. the child is offered the rectangle times that scale.
  func offered(_ p: ProposedSize) -> ProposedSize {
    if p.width == nil && p.height == nil { return p }
    var base: Size
    if let ratio, ratio.isFinite, ratio > 0 {
      base = Size(width: ratio, height: 1)
    } else {
      base = pass.childSize(node, ProposedSize(width: nil, height: nil))
    }
    if base.width == base.height { base = Size(width: 1, height: 1) }
    func scale(_ target: Double?, _ length: Double) -> Double {
      guard let target, length != 0 || target != 0 else { return .infinity }
      return target / length
    }
    let sx = scale(p.width, base.width)
    let sy = scale(p.height, base.height)
    let s = contentMode == .fit ? min(sx, sy) : max(sx, sy)
    return ProposedSize(width: base.width * s, height: base.height * s)
  }

  /// Size: the child's size for the offered proposal (the modifier adds nothing).
  func sizeThatFits(_ p: ProposedSize) -> Size {
    pass.childSize(node, offered(p))
  }

  /// Placement: the child is proposed the offered size and centred in the modifier's frame.
  /// - Returns: The child's placement (origin relative to the node, proposal), or nil when
  /// the node has no child.
  func placement(_ p: ProposedSize) -> ChildPlacement? {
    guard let c = pass.firstChild(node) else { return nil }
    let proposal = offered(p)
    let own = pass.size(node, p)
    let child = pass.size(c, proposal)
    let origin = Point(x: (own.width - child.width) / 2, y: (own.height - child.height) / 2)
    return ChildPlacement(child: c, origin: origin, proposal: proposal)
  }
}
