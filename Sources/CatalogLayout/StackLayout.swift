/// HStack and VStack: SwiftUI's stack algorithm as OpenSwiftUI implements it (reference
/// §2.2–2.5, `StackLayout.swift`). The main axis is the stack's axis; the cross axis is the
/// other one. All values are in points. The gaps between members (explicit spacing or the
/// per-pair `ViewSpacing` distance) are computed once per pass (`LayoutPass.gapList`).
struct StackLayout {
  let pass: LayoutPass
  let node: Int
  let axis: Axis
  let alignment: Alignment

  private var cross: Axis { axis.other }

  // MARK: Spacing export (§2.2, "Nested stacks export the union of their children's spacing")

  /// A stack's own spacing: the first member's leading/top edge, the last member's
  /// trailing/bottom edge, and the per-key maximum of all members' entries on the two
  /// cross-axis edges. An empty stack carries `Spacing.zero` (§2.1).
  ///
  /// - Parameters:
  ///   - axis: The stack's axis.
  ///   - count: The number of members.
  ///   - member: Member `k`'s spacing (called once per member, in order; not escaping, so a
  ///     caller's tables are borrowed, not copied into a closure context).
  /// - Returns: The stack's spacing.
  static func spacing(axis: Axis, count: Int, member: (Int) -> ViewSpacing) -> ViewSpacing {
    guard count > 0 else { return .zero }
    var result = ViewSpacing.empty
    var first = ViewSpacing.empty
    var last = ViewSpacing.empty
    for k in 0..<count {
      let child = member(k)
      if k == 0 { first = child }
      last = child
      result = result.union(child)
    }
    if axis == .horizontal {
      result.leading = first.leading
      result.trailing = last.trailing
    } else {
      result.top = first.top
      result.bottom = last.bottom
    }
    return result
  }

  // MARK: Sizing

  /// The stack's size for `p` (§2.3–2.5): members sized by `sizeMembers`, main size = sum of
  /// the members' main sizes plus the gaps, cross size = length of the union of the members'
  /// aligned cross ranges (seeded with 0…0). An empty stack is 0×0.
  func sizeThatFits(_ p: ProposedSize) -> Size {
    let n = pass.childCount(node)
    guard n > 0 else { return .zero }
    return withMembers(p) { members in
      var main = 0.0
      var lower = 0.0
      var upper = 0.0
      for k in 0..<n {
        let s = members[k].size
        main += s.value(axis)
        if k > 0 { main += pass.gap(node, k - 1) }
        let o = members[k].crossOrigin
        lower = min(lower, o)
        upper = max(upper, o + s.value(cross))
      }
      // Placement at this proposal reads these positions instead of sizing again.
      record(members, proposal: p)
      return Size(main: main, cross: upper - lower, axis: axis)
    }
  }

  /// The proposal the members are placed with when the stack is placed at `p` with `size`:
  /// an unspecified cross axis becomes the stack's own cross size (§2.5, "Placement").
  private func placementProposal(_ p: ProposedSize, size: Size) -> ProposedSize {
    guard p.value(cross) == nil else { return p }
    return ProposedSize(main: p.value(axis), cross: size.value(cross), axis: axis)
  }

  /// Writes each member's origin relative to the stack (§2.5: main positions in order with
  /// the gaps between, cross origin shifted so the union of the aligned ranges starts at 0)
  /// and its proposal into the pass's member scratch, and notes the proposal they are for.
  private func record(_ m: UnsafeMutableBufferPointer<Member>, proposal p: ProposedSize) {
    let n = m.count
    let first = pass.childStart(node)
    var lower = 0.0
    for k in 0..<n { lower = min(lower, m[k].crossOrigin) }
    var position = 0.0
    for k in 0..<n {
      if k > 0 { position += pass.gap(node, k - 1) }
      let c = Int(pass.childList[first + k])
      let crossOrigin = m[k].crossOrigin - lower
      if axis == .horizontal {
        pass.memberX[c] = position
        pass.memberY[c] = crossOrigin
      } else {
        pass.memberX[c] = crossOrigin
        pass.memberY[c] = position
      }
      pass.setMemberProposal(c, m[k].proposal)
      pass.memberSizeWidth[c] = m[k].size.width
      pass.memberSizeHeight[c] = m[k].size.height
      position += m[k].size.value(axis)
    }
    let row = Int(pass.memoRow[node])
    pass.recordedWidth[row] = SlotMemo<Size>.bits(p.width)
    pass.recordedHeight[row] = SlotMemo<Size>.bits(p.height)
  }

  /// Makes the member scratch hold the members' places for the stack placed at `p` with
  /// `size`: the positions recorded by the last sizing when it was at that proposal (the
  /// usual case), else the stack algorithm run again for it. The proposal is compared with
  /// the axes the stack's size does not depend on made nil, as sizing records it (the
  /// members' places are the same on such an axis whatever was proposed).
  func recordPlacements(_ p: ProposedSize, size: Size) {
    guard pass.childCount(node) > 0 else { return }
    let q = pass.independent(placementProposal(p, size: size), node)
    let row = Int(pass.memoRow[node])
    if pass.recordedWidth[row] == SlotMemo<Size>.bits(q.width)
      && pass.recordedHeight[row] == SlotMemo<Size>.bits(q.height)
    {
      return
    }
    pass.cache.placementReruns += 1
    withMembers(q) { members in record(members, proposal: q) }
  }

  func placements(_ p: ProposedSize) -> [ChildPlacement] {
    let n = pass.childCount(node)
    guard n > 0 else { return [] }
    var proposal = p
    if p.value(cross) == nil {
      let own = pass.size(node, p)
      proposal = ProposedSize(main: p.value(axis), cross: own.value(cross), axis: axis)
    }
    var result: [ChildPlacement] = []
    result.reserveCapacity(n)
    withMembers(proposal) { members in
      var lower = 0.0
      for k in 0..<n { lower = min(lower, members[k].crossOrigin) }
      var position = 0.0
      for k in 0..<n {
        if k > 0 { position += pass.gap(node, k - 1) }
        let crossOrigin = members[k].crossOrigin - lower
        let origin =
          axis == .horizontal
          ? Point(x: position, y: crossOrigin) : Point(x: crossOrigin, y: position)
        result.append(
          ChildPlacement(child: pass.child(node, k), origin: origin, proposal: members[k].proposal))
        position += members[k].size.value(axis)
      }
    }
    return result
  }

  // MARK: The algorithm

  /// Sizes of the members for one proposal, the proposals that produced them, and each
  /// member's cross origin (`−guide`) before the union shift.
  /// One member's working values while the stack sizes it: its probe (priority, minimum,
  /// flexibility), its place in fitting order, and the size it chose for the proposal it
  /// was given. Kept in one temporary buffer per call, so sizing allocates nothing.
  struct Member {
    var priority: Double = 0
    var minimum: Double = 0
    var flexibility: Double = 0
    var order: Int = 0
    var size: Size = .zero
    var proposal: ProposedSize = .unspecified
    var crossOrigin: Double = 0
  }

  /// Sizes the members for `p` into entries of the pass's arena (taken and given back in
  /// LIFO order, so sizing allocates nothing) and gives them to `body`.
  func withMembers<R>(_ p: ProposedSize, _ body: (UnsafeMutableBufferPointer<Member>) -> R) -> R {
    let n = pass.childCount(node)
    let buffer = pass.takeMembers(n)
    defer { pass.releaseMembers(n) }
    sizeMembers(p, buffer)
    return body(buffer)
  }

  @inline(__always)
  static func precedes(_ a: Int, _ b: Int, _ probes: UnsafeMutableBufferPointer<Member>)
    -> Bool
  {
    let pa = probes[a]
    let pb = probes[b]
    if pa.priority != pb.priority { return pa.priority > pb.priority }
    if pa.flexibility == pb.flexibility {
      if pa.flexibility == .infinity, pa.minimum != pb.minimum { return pa.minimum > pb.minimum }
      return a < b
    }
    return pa.flexibility < pb.flexibility
  }

  /// Sorts the members' `order` fields in place by ``precedes(_:_:_:)`` (heapsort: no
  /// allocation, O(n log n)). `precedes` is a strict total order (ties broken by index), so
  /// the result is the one any correct sort gives, the stable order of the insertion sort.
  static func heapSortOrder(_ m: UnsafeMutableBufferPointer<Member>) {
    let n = m.count
    func siftDown(_ start: Int, _ end: Int) {
      var root = start
      while true {
        var child = 2 * root + 1
        if child >= end { return }
        if child + 1 < end, precedes(m[child].order, m[child + 1].order, m) { child += 1 }
        if !precedes(m[root].order, m[child].order, m) { return }
        let t = m[root].order
        m[root].order = m[child].order
        m[child].order = t
        root = child
      }
    }
    var start = n / 2
    while start > 0 {
      start -= 1
      siftDown(start, n)
    }
    var end = n
    while end > 1 {
      end -= 1
      let t = m[0].order
      m[0].order = m[end].order
      m[end].order = t
      siftDown(0, end)
    }
  }

  /// §2.3 when the fitting order cannot change any member's proposal, so the members are
  /// sized without the flexibility probes that decide it; false (nothing decided) otherwise.
  /// Both cases need one priority group (no minima reserved for lower groups):
  /// - `available` is +∞ (an infinite main proposal): every share is ∞ / remaining = ∞ and
  ///   the stack subtracts nothing from an infinite amount, so every member is proposed ∞.
  /// - `available` ≤ 0: every share is max(available / remaining, 0) = 0 as long as no
  ///   member answers a negative main size (what remains never grows), so every member is
  ///   proposed 0; a member answering less than 0 (or NaN) sends the stack back to the
  ///   general algorithm.
  private func sizeWithoutFittingOrder(
    _ available: Double, _ crossProposal: Double?, _ m: UnsafeMutableBufferPointer<Member>
  ) -> Bool {
    let n = m.count
    let first = pass.childStart(node)
    let infinite = available == .infinity
    guard n > 0 else { return true }
    guard infinite || available <= 0 else { return false }
    let priority = pass.priority(of: Int(pass.childList[first]))
    for k in 1..<n where pass.priority(of: Int(pass.childList[first + k])) != priority {
      return false
    }
    let proposal = ProposedSize(main: infinite ? .infinity : 0, cross: crossProposal, axis: axis)
    for k in 0..<n {
      let s = pass.size(Int(pass.childList[first + k]), proposal)
      if !infinite, !(s.value(axis) >= 0) { return false }
      m[k].size = s
      m[k].proposal = proposal
    }
    return true
  }

  /// §2.3 steps 1–3 for a concrete main proposal with `available` (proposal − gaps) to share.
  private func sizeInFittingOrder(
    _ available: Double, _ crossProposal: Double?, _ m: UnsafeMutableBufferPointer<Member>
  ) {
    let n = m.count
    let first = pass.childStart(node)
    let mainFree = axis == .horizontal ? LayoutPass.widthFree : LayoutPass.heightFree
    var available = available
    // §2.3 step 1: fitting order. Probe each member at main 0 (minimum) and ∞ (maximum)
    // with the stack's cross proposal; flexibility = max − min.
    var samePriority = true
    var sorted = true
    let zero = ProposedSize(main: 0, cross: crossProposal, axis: axis)
    let infinite = ProposedSize(main: .infinity, cross: crossProposal, axis: axis)
    for k in 0..<n {
      let child = Int(pass.childList[first + k])
      let hi: Double
      let lo: Double
      if pass.freeAxes[child] & mainFree != 0 {
        // A member whose size does not depend on the main proposal answers every probe
        // and share the same: ask once.
        m[k].size = pass.size(child, zero)
        hi = m[k].size.value(axis)
        lo = hi
      } else {
        // The maximum first: a member whose share later comes out as 0 (an overflowing
        // stack) was last sized at that proposal, so placement reads the positions it
        // recorded (sizes do not depend on the order of the questions).
        hi = pass.size(child, infinite).value(axis)
        lo = pass.size(child, zero).value(axis)
      }
      // ∞ − ∞ (a member that is infinite even at 0) counts as not flexible.
      m[k].priority = pass.priority(of: child)
      m[k].minimum = lo
      m[k].flexibility = (lo.isInfinite && hi.isInfinite) ? 0 : hi - lo
      m[k].order = k
      if k > 0 {
        if m[k].priority != m[0].priority { samePriority = false }
        if sorted, Self.precedes(k, k - 1, m) { sorted = false }
      }
    }
    if !sorted {
      if n <= 32 {
        // Insertion sort (stable), as OpenSwiftUI does for small stacks.
        for a in 1..<n {
          let item = m[a].order
          var b = a
          while b > 0, Self.precedes(item, m[b - 1].order, m) {
            m[b].order = m[b - 1].order
            b -= 1
          }
          m[b].order = item
        }
      } else {
        Self.heapSortOrder(m)
      }
    }

    // §2.3 step 2, second part: the minima reserved for lower groups.
    if !samePriority {
      let top = m[m[0].order].priority
      for idx in 0..<n where m[m[idx].order].priority != top {
        available -= m[m[idx].order].minimum
      }
    }

    // §2.3 step 3: size each priority group in turn.
    var groupStart = 0
    while groupStart < n {
      var groupEnd = groupStart + 1
      let priority = m[m[groupStart].order].priority
      if samePriority {
        groupEnd = n
      } else {
        while groupEnd < n, m[m[groupEnd].order].priority == priority { groupEnd += 1 }
      }
      if groupStart > 0 {
        // A later group gets its own reserved minima back.
        for idx in groupStart..<groupEnd { available += m[m[idx].order].minimum }
      }
      var remaining = groupEnd - groupStart
      for idx in groupStart..<groupEnd {
        let k = m[idx].order
        // Offer an equal share of what is left, never negative; children may take more
        // (overflow) and later ones then get less.
        let share = max(available / Double(remaining), 0)
        let proposal = ProposedSize(main: share, cross: crossProposal, axis: axis)
        let child = Int(pass.childList[first + k])
        // A member free of the main axis already answered (the same for every proposal).
        let s = pass.freeAxes[child] & mainFree != 0 ? m[k].size : pass.size(child, proposal)
        m[k].size = s
        m[k].proposal = proposal
        if available.isFinite { available -= s.value(axis) }
        remaining -= 1
      }
      groupStart = groupEnd
    }
  }

  /// Proposes a size to every member and records its answer (§2.3, §2.4), then computes
  /// each member's cross origin from the stack's alignment guide (§2.5).
  func sizeMembers(_ p: ProposedSize, _ m: UnsafeMutableBufferPointer<Member>) {
    let crossProposal = p.value(cross)  // §2.5: the cross proposal is passed through as is.
    let n = m.count
    let first = pass.childStart(node)

    if let mainProposal = p.value(axis) {
      // §2.3 step 2, first part: available = proposal − Σ gaps.
      var available = mainProposal
      for k in 0..<max(n - 1, 0) { available -= pass.gap(node, k) }
      if !sizeWithoutFittingOrder(available, crossProposal, m) {
        sizeInFittingOrder(available, crossProposal, m)
      }
    } else {
      // §2.4: nil main proposal: every member is asked for its ideal main size.
      let proposal = ProposedSize(main: nil, cross: crossProposal, axis: axis)
      for k in 0..<n {
        m[k].size = pass.size(Int(pass.childList[first + k]), proposal)
        m[k].proposal = proposal
      }
    }

    // §2.5: cross origin = −(member's alignment guide value).
    for k in 0..<n {
      let child = Int(pass.childList[first + k])
      let g: Double
      if axis == .horizontal {
        g = pass.guide(alignment.vertical, node: child, size: m[k].size, proposal: m[k].proposal)
      } else {
        g = pass.guide(alignment.horizontal, node: child, size: m[k].size, proposal: m[k].proposal)
      }
      m[k].crossOrigin = -g
    }
  }
}
