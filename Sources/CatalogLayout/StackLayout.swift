/// HStack and VStack: SwiftUI's stack algorithm as OpenSwiftUI implements it (reference
/// §2.2–2.5, `StackLayout.swift`). The main axis is the stack's axis; the cross axis is the
/// other one. All values are in points.
struct StackLayout {
  let pass: LayoutPass
  let node: Int
  let axis: Axis
  let alignment: Alignment
  let spacing: Double?

  private var members: [Int] { pass.children[node] }
  private var cross: Axis { axis.other }

  // MARK: Spacing export (§2.2, "Nested stacks export the union of their children's spacing")

  /// A stack's own spacing: the first member's leading/top edge, the last member's
  /// trailing/bottom edge, and the per-key maximum of all members' entries on the two
  /// cross-axis edges. An empty stack carries `Spacing.zero` (§2.1).
  static func spacing(axis: Axis, children: [ViewSpacing]) -> ViewSpacing {
    guard let first = children.first, let last = children.last else { return .zero }
    var result = ViewSpacing.empty
    for child in children { result = result.union(child) }
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
    guard !members.isEmpty else { return .zero }
    let sized = sizeMembers(p)
    let gaps = pass.gaps(node, axis: axis, explicit: spacing)
    var main = 0.0
    for s in sized.sizes { main += s.value(axis) }
    for g in gaps { main += g }
    let range = crossRange(sized)
    return Size(main: main, cross: range.upper - range.lower, axis: axis)
  }

  /// Where the members go (§2.5 "Placement"): the sizing runs again with the same main
  /// proposal and, when the stack's cross proposal was nil, with its actual cross size;
  /// members follow one another along the main axis with the pair gaps between them, and sit
  /// across it at `−guide`, shifted so the union of the ranges starts at 0. Each member is
  /// placed with the proposal that produced its size. Right-to-left layout is applied later
  /// by mirroring every frame (see `LayoutDirection`), which places an HStack from the right.
  func placements(_ p: ProposedSize) -> [ChildPlacement] {
    guard !members.isEmpty else { return [] }
    var proposal = p
    if p.value(cross) == nil {
      let own = pass.size(node, p)
      proposal = ProposedSize(main: p.value(axis), cross: own.value(cross), axis: axis)
    }
    let sized = sizeMembers(proposal)
    let gaps = pass.gaps(node, axis: axis, explicit: spacing)
    let range = crossRange(sized)
    var result: [ChildPlacement] = []
    result.reserveCapacity(members.count)
    var position = 0.0
    for (k, child) in members.enumerated() {
      if k > 0 { position += gaps[k - 1] }
      let crossOrigin = sized.crossOrigins[k] - range.lower
      let origin =
        axis == .horizontal
        ? Point(x: position, y: crossOrigin) : Point(x: crossOrigin, y: position)
      result.append(ChildPlacement(child: child, origin: origin, proposal: sized.proposals[k]))
      position += sized.sizes[k].value(axis)
    }
    return result
  }

  // MARK: The algorithm

  /// Sizes of the members for one proposal, the proposals that produced them, and each
  /// member's cross origin (`−guide`) before the union shift.
  struct Sized {
    var sizes: [Size]
    var proposals: [ProposedSize]
    var crossOrigins: [Double]
  }

  /// The union of the members' cross ranges, seeded with 0…0 (§2.5, `placeChildren1`).
  private func crossRange(_ sized: Sized) -> (lower: Double, upper: Double) {
    var lower = 0.0
    var upper = 0.0
    for (k, s) in sized.sizes.enumerated() {
      let o = sized.crossOrigins[k]
      lower = min(lower, o)
      upper = max(upper, o + s.value(cross))
    }
    return (lower, upper)
  }

  /// Proposes a size to every member and records its answer (§2.3, §2.4), then computes
  /// each member's cross origin from the stack's alignment guide (§2.5).
  func sizeMembers(_ p: ProposedSize) -> Sized {
    let crossProposal = p.value(cross)  // §2.5: the cross proposal is passed through as is.
    let n = members.count
    var sizes = [Size](repeating: .zero, count: n)
    var proposals = [ProposedSize](repeating: .unspecified, count: n)

    if let mainProposal = p.value(axis) {
      // §2.3 step 1: fitting order. Probe each member at main 0 (minimum) and ∞ (maximum)
      // with the stack's cross proposal; flexibility = max − min.
      var minimum = [Double](repeating: 0, count: n)
      var flexibility = [Double](repeating: 0, count: n)
      for (k, child) in members.enumerated() {
        let lo = pass.size(child, ProposedSize(main: 0, cross: crossProposal, axis: axis)).value(axis)
        let hi = pass.size(child, ProposedSize(main: .infinity, cross: crossProposal, axis: axis)).value(axis)
        minimum[k] = lo
        // ∞ − ∞ (a member that is infinite even at 0) counts as not flexible.
        flexibility[k] = (lo.isInfinite && hi.isInfinite) ? 0 : hi - lo
      }
      let priorities = members.map { pass.priority[$0] }
      // Priority descending; then flexibility ascending; for equal infinite flexibility
      // the larger minimum first (`FlexibilityEstimate <`); otherwise source order (the sort
      // is made stable by comparing indices last).
      let order = (0..<n).sorted { a, b in
        if priorities[a] != priorities[b] { return priorities[a] > priorities[b] }
        if flexibility[a] == flexibility[b] {
          if flexibility[a] == .infinity, minimum[a] != minimum[b] { return minimum[a] > minimum[b] }
          return a < b
        }
        return flexibility[a] < flexibility[b]
      }

      // §2.3 step 2: available = proposal − Σ gaps − minima reserved for lower groups.
      let gaps = pass.gaps(node, axis: axis, explicit: spacing)
      var available = mainProposal
      for g in gaps { available -= g }
      var groupStart = 0
      var firstGroup = true
      var reserved = 0.0
      for k in order where priorities[k] != priorities[order[0]] { reserved += minimum[k] }
      available -= reserved

      // §2.3 step 3: size each priority group in turn.
      while groupStart < n {
        var groupEnd = groupStart
        while groupEnd < n, priorities[order[groupEnd]] == priorities[order[groupStart]] { groupEnd += 1 }
        if !firstGroup {
          // A later group gets its own reserved minima back.
          for idx in groupStart..<groupEnd { available += minimum[order[idx]] }
        }
        firstGroup = false
        var remaining = groupEnd - groupStart
        for idx in groupStart..<groupEnd {
          let k = order[idx]
          // Offer an equal share of what is left, never negative; children may take more
          // (overflow) and later ones then get less.
          let share = max(available / Double(remaining), 0)
          let proposal = ProposedSize(main: share, cross: crossProposal, axis: axis)
          let s = pass.size(members[k], proposal)
          sizes[k] = s
          proposals[k] = proposal
          if available.isFinite { available -= s.value(axis) }
          remaining -= 1
        }
        groupStart = groupEnd
      }
    } else {
      // §2.4: nil main proposal: every member is asked for its ideal main size.
      let proposal = ProposedSize(main: nil, cross: crossProposal, axis: axis)
      for (k, child) in members.enumerated() {
        sizes[k] = pass.size(child, proposal)
        proposals[k] = proposal
      }
    }

    // §2.5: cross origin = −(member's alignment guide value).
    var origins = [Double](repeating: 0, count: n)
    for (k, child) in members.enumerated() {
      let g: Double
      if axis == .horizontal {
        g = pass.guide(alignment.vertical, node: child, size: sizes[k], proposal: proposals[k])
      } else {
        g = pass.guide(alignment.horizontal, size: sizes[k])
      }
      origins[k] = -g
    }
    return Sized(sizes: sizes, proposals: proposals, crossOrigins: origins)
  }
}
