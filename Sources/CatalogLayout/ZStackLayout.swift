/// ZStack: members on top of each other (reference §2.8, OSUI `_ZStackLayout`).
struct ZStackLayout {
  let pass: LayoutPass
  let node: Int
  let alignment: Alignment

  private var members: LazyMapSequence<Range<Int>, Int> { pass.children(node) }

  /// A ZStack's spacing is the union of its members' (the `Layout` default); an empty
  /// ZStack has no entries, so its neighbours get the default spacing.
  static func spacing(children: some Sequence<ViewSpacing>) -> ViewSpacing {
    var result = ViewSpacing.empty
    for c in children { result = result.union(c) }
    return result
  }

  /// §2.8 "Size": every member is proposed the ZStack's proposal; only the members with the
  /// highest layout priority count: the widest width by the tallest height. Empty: 0×0.
  func sizeThatFits(_ p: ProposedSize) -> Size {
    guard !members.isEmpty else { return .zero }
    var top = -Double.infinity
    for m in members { top = max(top, pass.priority[m]) }
    var w = 0.0
    var h = 0.0
    for m in members where pass.priority[m] == top {
      let s = pass.size(m, p)
      w = max(w, s.width)
      h = max(h, s.height)
    }
    return Size(width: w, height: h)
  }

  /// §2.8 "Placement": each member is proposed the ZStack's bounds (its size) and aligned
  /// by the ZStack's alignment: x = guide(bounds) − guide(member) for leading / center /
  /// trailing, likewise for top / center / bottom. For the text-baseline alignments the
  /// members' baselines (bottom when a member has no text) are lined up with each other on a
  /// line placed so the highest member top is at 0 (an interpretation: the reference gives
  /// no rule for a ZStack's baseline).
  func placements(_ p: ProposedSize) -> [ChildPlacement] {
    guard !members.isEmpty else { return [] }
    let bounds = pass.size(node, p)
    let proposal = ProposedSize(bounds)
    let a = alignment
    var sizes: [Size] = []
    var vGuides: [Double] = []
    for m in members {
      let s = pass.size(m, proposal)
      sizes.append(s)
      vGuides.append(pass.guide(a.vertical, node: m, size: s, proposal: proposal))
    }
    let line: Double
    switch a.vertical {
    case .firstTextBaseline, .lastTextBaseline: line = vGuides.max() ?? 0
    default: line = pass.defaultGuide(a.vertical, size: bounds)
    }
    var result: [ChildPlacement] = []
    for (k, m) in members.enumerated() {
      let x =
        pass.defaultGuide(a.horizontal, size: bounds)
        - pass.guide(a.horizontal, node: m, size: sizes[k], proposal: proposal)
      let y = line - vGuides[k]
      result.append(ChildPlacement(child: m, origin: Point(x: x, y: y), proposal: proposal))
    }
    return result
  }
}
