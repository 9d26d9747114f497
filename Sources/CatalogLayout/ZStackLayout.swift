/// ZStack: members on top of each other (reference §2.8, OSUI `_ZStackLayout`).
struct ZStackLayout {
  let pass: LayoutPass
  let node: Int
  let alignment: Alignment

  /// A ZStack's spacing is the union of its members' (the `Layout` default); an empty
  /// ZStack has no entries, so its neighbours get the default spacing.
  ///
  /// - Parameters:
  ///   - count: The number of members.
  ///   - member: Member `k`'s spacing (called once per member, not escaping).
  /// - Returns: The union of the members' spacing.
  static func spacing(count: Int, member: (Int) -> ViewSpacing) -> ViewSpacing {
    var result = ViewSpacing.empty
    for k in 0..<count { result = result.union(member(k)) }
    return result
  }

  /// §2.8 "Size": every member is proposed the ZStack's proposal; only the members with the
  /// highest layout priority count: the widest width by the tallest height. Empty: 0×0.
  func sizeThatFits(_ p: ProposedSize) -> Size {
    let n = pass.childCount(node)
    guard n > 0 else { return .zero }
    var top = -Double.infinity
    for k in 0..<n { top = max(top, pass.priority(of: pass.child(node, k))) }
    var w = 0.0
    var h = 0.0
    for k in 0..<n where pass.priority(of: pass.child(node, k)) == top {
      let s = pass.size(pass.child(node, k), p)
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
  ///
  /// Calls `body` with each member's placement in order, allocating nothing: the members'
  /// sizes and guides are asked again in the second loop (memoised, the same values).
  func forEachPlacement(_ p: ProposedSize, _ body: (ChildPlacement) -> Void) {
    let n = pass.childCount(node)
    guard n > 0 else { return }
    let bounds = pass.size(node, p)
    let proposal = ProposedSize(bounds)
    let a = alignment
    let line: Double
    switch a.vertical {
    case .firstTextBaseline, .lastTextBaseline:
      var highest = -Double.infinity
      for k in 0..<n {
        let m = pass.child(node, k)
        let s = pass.size(m, proposal)
        highest = max(highest, pass.guide(a.vertical, node: m, size: s, proposal: proposal))
      }
      line = highest
    default: line = pass.defaultGuide(a.vertical, size: bounds)
    }
    for k in 0..<n {
      let m = pass.child(node, k)
      let s = pass.size(m, proposal)
      let x =
        pass.defaultGuide(a.horizontal, size: bounds)
        - pass.guide(a.horizontal, node: m, size: s, proposal: proposal)
      let y = line - pass.guide(a.vertical, node: m, size: s, proposal: proposal)
      body(ChildPlacement(child: m, origin: Point(x: x, y: y), proposal: proposal))
    }
  }
}
