/// `.frame(width:height:alignment:)`: a fixed frame (reference §3.2, OSUI `_FrameLayout`).
struct FrameLayout {
  let pass: LayoutPass
  let node: Int
  /// The fixed width, or nil (negative and non-finite values are dropped, §3.2).
  let width: Double?
  /// The fixed height, or nil.
  let height: Double?
  let alignment: Alignment

  init(pass: LayoutPass, node: Int, spec: FrameSpec) {
    self.pass = pass
    self.node = node
    self.width = FrameLayout.valid(spec.width)
    self.height = FrameLayout.valid(spec.height)
    self.alignment = spec.alignment
  }

  /// §3.2 "Invalid values": negative or non-finite lengths are treated as nil.
  static func valid(_ value: Double?) -> Double? {
    guard let value, value.isFinite, value >= 0 else { return nil }
    return value
  }

  /// §2.2: a fixed frame resets the child's spacing on each axis it fixes.
  static func spacing(spec: FrameSpec, child: ViewSpacing) -> ViewSpacing {
    var s = child
    if valid(spec.width) != nil { s = s.resetting(axis: .horizontal) }
    if valid(spec.height) != nil { s = s.resetting(axis: .vertical) }
    return s
  }

  /// §3.2 "Both dimensions given": exactly (width, height) without asking the child. One
  /// given: the child is proposed that value on the fixed axis and the frame's proposal on
  /// the other; the frame takes the fixed value and the child's answer on the other axis.
  func sizeThatFits(_ p: ProposedSize) -> Size {
    if let width, let height { return Size(width: width, height: height) }
    let c = pass.childSize(node, ProposedSize(width: width ?? p.width, height: height ?? p.height))
    return Size(width: width ?? c.width, height: height ?? c.height)
  }

  /// §3.2 "Placement": the child is proposed the fixed values (the frame's proposal on an
  /// unfixed axis) and aligned by `alignment` inside the frame; it may overflow.
  /// - Returns: The child's placement (origin relative to the node, proposal), or nil when
  /// the node has no child.
  func placement(_ p: ProposedSize) -> ChildPlacement? {
    guard let c = pass.firstChild(node) else { return nil }
    let proposal = ProposedSize(width: width ?? p.width, height: height ?? p.height)
    let origin = FrameLayout.align(
      pass: pass, child: c, childProposal: proposal, in: pass.size(node, p), alignment: alignment)
    return ChildPlacement(child: c, origin: origin, proposal: proposal)
  }

  /// Frames' common placement (OSUI `commonPlacement`): the child's origin is the frame's
  /// default guide value minus the child's guide value, on each axis. A frame has no text of
  /// its own, so a baseline alignment lines the child's baseline up with the frame's bottom.
  static func align(
    pass: LayoutPass, child: Int, childProposal: ProposedSize, in frame: Size, alignment: Alignment
  ) -> Point {
    let c = pass.size(child, childProposal)
    let x =
      pass.defaultGuide(alignment.horizontal, size: frame)
      - pass.guide(alignment.horizontal, node: child, size: c, proposal: childProposal)
    let y =
      pass.defaultGuide(alignment.vertical, size: frame)
      - pass.guide(alignment.vertical, node: child, size: c, proposal: childProposal)
    return Point(x: x, y: y)
  }
}
