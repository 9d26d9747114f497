/// `.frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`
/// (reference §3.3, OSUI `_FlexFrameLayout`, Apple's documented rules).
struct FlexibleFrameLayout {
  let pass: LayoutPass
  let node: Int
  let alignment: Alignment
  /// Normalised limits of the width and of the height (stored as values, not arrays: a
  /// frame is made for every size question, and arrays cost an allocation each).
  private let width: (min: Double?, ideal: Double?, max: Double?)
  private let height: (min: Double?, ideal: Double?, max: Double?)

  init(pass: LayoutPass, node: Int, spec: FrameSpec) {
    self.pass = pass
    self.node = node
    self.alignment = spec.alignment
    width = FlexibleFrameLayout.normalise(spec.minWidth, spec.idealWidth, spec.maxWidth)
    height = FlexibleFrameLayout.normalise(spec.minHeight, spec.idealHeight, spec.maxHeight)
  }

  /// The normalised minimum of axis `a` (0 = width, 1 = height).
  @inline(__always) private func minimum(_ a: Int) -> Double? { a == 0 ? width.min : height.min }
  /// The normalised ideal of axis `a`.
  @inline(__always) private func ideal(_ a: Int) -> Double? { a == 0 ? width.ideal : height.ideal }
  /// The normalised maximum of axis `a`.
  @inline(__always) private func maximum(_ a: Int) -> Double? { a == 0 ? width.max : height.max }

  /// §3.3 "Normalisation at init" (checked against real SwiftUI in OSUI's SymbolDual tests):
  /// a negative min becomes 0; an ideal below min is raised to min; a max below ideal is
  /// raised to ideal (`max(ideal ?? 0, max)`; a max below a min without an ideal is kept, as in
  /// OSUI). NaN values are dropped (treated as not given).
  static func normalise(_ minV: Double?, _ idealV: Double?, _ maxV: Double?)
    -> (min: Double?, ideal: Double?, max: Double?)
  {
    let mn = minV.flatMap { $0.isNaN ? nil : max($0, 0) }
    let id = idealV.flatMap { $0.isNaN ? nil : max(mn ?? 0, $0) }
    let mx = maxV.flatMap { $0.isNaN ? nil : max(id ?? 0, $0) }
    return (mn, id, mx)
  }

  /// §2.2: a flexible frame resets the child's spacing on each axis with any limit given.
  static func spacing(spec: FrameSpec, child: ViewSpacing) -> ViewSpacing {
    var s = child
    if spec.minWidth != nil || spec.idealWidth != nil || spec.maxWidth != nil {
      s = s.resetting(axis: .horizontal)
    }
    if spec.minHeight != nil || spec.idealHeight != nil || spec.maxHeight != nil {
      s = s.resetting(axis: .vertical)
    }
    return s
  }

  private func proposed(_ p: ProposedSize, _ a: Int) -> Double? { a == 0 ? p.width : p.height }

  /// §3.3: the child is proposed the frame's proposal clamped to [min, max], with `ideal`
  /// filling in a nil axis (Apple: "with any ideal dimensions specified replacing any
  /// corresponding unspecified dimensions in the proposal").
  private func childProposal(_ p: ProposedSize) -> ProposedSize {
    func axis(_ a: Int) -> Double? {
      guard let value = proposed(p, a) else { return ideal(a) }
      return min(max(value, minimum(a) ?? -.infinity), maximum(a) ?? .infinity)
    }
    return ProposedSize(width: axis(0), height: axis(1))
  }

  /// §3.3 sizing, per axis:
  /// - nil proposal: `ideal` when given, otherwise from the child (rules below);
  /// - both min and max given (min ≤ max): the proposal clamped to them, without the child;
  /// - only min: `max(min, min(childProposal, childSize))`;
  /// - only max: `min(max, max(childProposal, childSize))`;
  /// - neither: the child's size. (A nil proposal with both limits clamps the child's size.)
  func sizeThatFits(_ p: ProposedSize) -> Size {
    func known(_ a: Int) -> Double? {
      guard let value = proposed(p, a) else { return ideal(a) }
      if let mn = minimum(a), let mx = maximum(a), mn <= mx { return min(max(value, mn), mx) }
      return nil
    }
    let knownWidth = known(0)
    let knownHeight = known(1)
    if let w = knownWidth, let h = knownHeight { return Size(width: w, height: h) }
    let cp = childProposal(p)
    let child = pass.childSize(node, cp)
    func result(_ a: Int, _ known: Double?) -> Double {
      if let known { return known }
      let c = a == 0 ? child.width : child.height
      let offered = proposed(cp, a)
      switch (minimum(a), maximum(a)) {
      case (let mn?, let mx?) where mn <= mx:
        return min(max(mn, c), mx)
      case (let mn?, nil):
        return max(min(offered ?? .infinity, c), mn)
      case (nil, let mx?):
        return min(max(offered ?? -.infinity, c), mx)
      default:
        return c
      }
    }
    return Size(width: result(0, knownWidth), height: result(1, knownHeight))
  }

  /// §3.3 placement: the child is proposed the frame's size, except (iOS 17
  /// "FlexFrameIdealSizing") on an axis where the frame's own proposal was nil, it has no
  /// ideal there, and its size lies strictly between min and max: that axis is proposed nil
  /// (the child's ideal). The child is then aligned by `alignment` like a fixed frame's.
  /// - Returns: The child's placement (origin relative to the node, proposal), or nil when
  /// the node has no child.
  func placement(_ p: ProposedSize) -> ChildPlacement? {
    guard let c = pass.firstChild(node) else { return nil }
    let size = pass.size(node, p)
    func axis(_ a: Int) -> Double? {
      let value = a == 0 ? size.width : size.height
      if ideal(a) == nil, proposed(p, a) == nil,
        (minimum(a) ?? -.infinity) < value, value < (maximum(a) ?? .infinity)
      {
        return nil
      }
      return value
    }
    let proposal = ProposedSize(width: axis(0), height: axis(1))
    let origin = FrameLayout.align(
      pass: pass, child: c, childProposal: proposal, in: size, alignment: alignment)
    return ChildPlacement(child: c, origin: origin, proposal: proposal)
  }
}
