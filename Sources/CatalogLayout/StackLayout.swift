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
    let n = pass.childCount(node)
    guard n > 0 else { return .zero }
    let sized = sizeMembers(p)
    var main = 0.0
    var lower = 0.0
    var upper = 0.0
    for k in 0..<n {
      let s = sized.sizes[k]
      main += s.value(axis)
      if k > 0 { main += pass.gap(node, k - 1) }
      let o = sized.crossOrigins[k]
      lower = min(lower, o)
      upper = max(upper, o + s.value(cross))
    }
    return Size(main: main, cross: upper - lower, axis: axis)
  }

  /// Where the members go (§2.5 "Placement"): the sizing runs again with the same main
  /// proposal and, when the stack's cross proposal was nil, with its actual cross size;
  /// members follow one another along the main axis with the pair gaps between them, and sit
  /// across it at `−guide`, shifted so the union of the ranges starts at 0. Each member is
  /// placed with the proposal that produced its size. Right-to-left layout is applied later
  /// by mirroring every frame (see `LayoutDirection`), which places an HStack from the right.
  func placements(_ p: ProposedSize) -> [ChildPlacement] {
    let n = pass.childCount(node)
    guard n > 0 else { return [] }
    var proposal = p
    if p.value(cross) == nil {
      let own = pass.size(node, p)
      proposal = ProposedSize(main: p.value(axis), cross: own.value(cross), axis: axis)
    }
    let sized = sizeMembers(proposal)
    var lower = 0.0
    for k in 0..<n { lower = min(lower, sized.crossOrigins[k]) }
    var result: [ChildPlacement] = []
    result.reserveCapacity(n)
    var position = 0.0
    for k in 0..<n {
      if k > 0 { position += pass.gap(node, k - 1) }
      let crossOrigin = sized.crossOrigins[k] - lower
      let origin =
        axis == .horizontal
        ? Point(x: position, y: crossOrigin) : Point(x: crossOrigin, y: position)
      result.append(ChildPlacement(child: pass.child(node, k), origin: origin, proposal: sized.proposals[k]))
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

  /// One member's flexibility probe (§2.3 step 1).
  private struct Probe {
    var priority: Double
    var minimum: Double
    var flexibility: Double
  }

  /// Fitting order (§2.3 step 1): priority descending; then flexibility ascending; for
  /// equal infinite flexibility the larger minimum first (`FlexibilityEstimate <`);
  /// otherwise source order.
  @inline(__always)
  private static func precedes(_ a: Int, _ b: Int, _ probes: UnsafeBufferPointer<Probe>) -> Bool {
    let pa = probes[a]
    let pb = probes[b]
    if pa.priority != pb.priority { return pa.priority > pb.priority }
    if pa.flexibility == pb.flexibility {
      if pa.flexibility == .infinity, pa.minimum != pb.minimum { return pa.minimum > pb.minimum }
      return a < b
    }
    return pa.flexibility < pb.flexibility
  }

  /// Proposes a size to every member and records its answer (§2.3, §2.4), then computes
  /// each member's cross origin from the stack's alignment guide (§2.5).
  func sizeMembers(_ p: ProposedSize) -> Sized {
    let crossProposal = p.value(cross)  // §2.5: the cross proposal is passed through as is.
    let n = pass.childCount(node)
    let first = pass.childStart[node]
    var sizes = [Size](repeating: .zero, count: n)
    var proposals = [ProposedSize](repeating: .unspecified, count: n)

    if let mainProposal = p.value(axis) {
      // §2.3 step 1: fitting order. Probe each member at main 0 (minimum) and ∞ (maximum)
      // with the stack's cross proposal; flexibility = max − min.
      var probes = [Probe](repeating: Probe(priority: 0, minimum: 0, flexibility: 0), count: n)
      var samePriority = true
      var sorted = true
      let zero = ProposedSize(main: 0, cross: crossProposal, axis: axis)
      let infinite = ProposedSize(main: .infinity, cross: crossProposal, axis: axis)
      for k in 0..<n {
        let child = pass.childList[first + k]
        let lo = pass.size(child, zero).value(axis)
        let hi = pass.size(child, infinite).value(axis)
        // ∞ − ∞ (a member that is infinite even at 0) counts as not flexible.
        let flexibility = (lo.isInfinite && hi.isInfinite) ? 0 : hi - lo
        probes[k] = Probe(priority: pass.priority[child], minimum: lo, flexibility: flexibility)
        if k > 0 {
          if probes[k].priority != probes[0].priority { samePriority = false }
          if sorted, probes.withUnsafeBufferPointer({ Self.precedes(k, k - 1, $0) }) { sorted = false }
        }
      }
      var order = Array(0..<n)
      if !sorted {
        probes.withUnsafeBufferPointer { buffer in
          if n <= 32 {
            // Insertion sort (stable), as OpenSwiftUI does for small stacks.
            for a in 1..<n {
              let item = order[a]
              var b = a
              while b > 0, Self.precedes(item, order[b - 1], buffer) {
                order[b] = order[b - 1]
                b -= 1
              }
              order[b] = item
            }
          } else {
            order.sort { Self.precedes($0, $1, buffer) }
          }
        }
      }

      // §2.3 step 2: available = proposal − Σ gaps − minima reserved for lower groups.
      var available = mainProposal
      for k in 0..<max(n - 1, 0) { available -= pass.gap(node, k) }
      if !samePriority {
        let top = probes[order[0]].priority
        for k in order where probes[k].priority != top { available -= probes[k].minimum }
      }

      // §2.3 step 3: size each priority group in turn.
      var groupStart = 0
      while groupStart < n {
        var groupEnd = groupStart + 1
        let priority = probes[order[groupStart]].priority
        if samePriority {
          groupEnd = n
        } else {
          while groupEnd < n, probes[order[groupEnd]].priority == priority { groupEnd += 1 }
        }
        if groupStart > 0 {
          // A later group gets its own reserved minima back.
          for idx in groupStart..<groupEnd { available += probes[order[idx]].minimum }
        }
        var remaining = groupEnd - groupStart
        for idx in groupStart..<groupEnd {
          let k = order[idx]
          // Offer an equal share of what is left, never negative; children may take more
          // (overflow) and later ones then get less.
          let share = max(available / Double(remaining), 0)
          let proposal = ProposedSize(main: share, cross: crossProposal, axis: axis)
          let s = pass.size(pass.childList[first + k], proposal)
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
      for k in 0..<n {
        sizes[k] = pass.size(pass.childList[first + k], proposal)
        proposals[k] = proposal
      }
    }

    // §2.5: cross origin = −(member's alignment guide value).
    var origins = [Double](repeating: 0, count: n)
    for k in 0..<n {
      let child = pass.childList[first + k]
      let g: Double
      if axis == .horizontal {
        g = pass.guide(alignment.vertical, node: child, size: sizes[k], proposal: proposals[k])
      } else {
        g = pass.guide(alignment.horizontal, node: child, size: sizes[k], proposal: proposals[k])
      }
      origins[k] = -g
    }
    return Sized(sizes: sizes, proposals: proposals, crossOrigins: origins)
  }
}
