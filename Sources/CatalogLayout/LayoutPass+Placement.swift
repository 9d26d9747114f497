// Placement of the containers other than stacks and padding without building arrays or
// per-node enums (issue 17, point 1): each writes its children's places into the pass's
// member scratch, which `placeAll` copies into the frames as it does for stacks.

extension LayoutPass {
  /// Writes where child `c` goes into the member scratch: its origin relative to its parent
  /// (points), the proposal it is placed with, and its size for that proposal.
  ///
  /// - Parameters:
  ///   - placement: The child, its origin and its proposal (from the parent's layout rule).
  @inline(__always)
  func record(_ placement: ChildPlacement) {
    let c = placement.child
    let s = size(c, placement.proposal)
    memberX[c] = placement.origin.x
    memberY[c] = placement.origin.y
    memberWidth[c] = SlotMemo<Size>.bits(placement.proposal.width)
    memberHeight[c] = SlotMemo<Size>.bits(placement.proposal.height)
    memberSizeWidth[c] = s.width
    memberSizeHeight[c] = s.height
  }

  /// Places the children of container `i` sized for `p` into the member scratch (every child
  /// through ``record(_:)``), reading the kind's parameters from the tree's typed side tables
  /// rather than building a `LayoutKind`: frames, ZStacks, backgrounds and overlays, offsets,
  /// alignment guides, fixedSize, aspect ratios, grids and grid rows (the same rules as
  /// ``placements(_:_:)``, the same frames).
  ///
  /// - Parameters:
  ///   - i: The container's node index.
  ///   - p: The proposal it was sized for (its free axes already nil).
  /// - Returns: False, having written nothing, for the kinds it does not handle (stacks and
  ///   padding, which `placeAll` places itself, and scroll views, ViewThatFits and
  ///   GeometryReader, which go through `placements`).
  func recordChildren(_ i: Int, _ p: ProposedSize) -> Bool {
    let parameter = Int(parameters[i])
    switch codes[i] {
    case .frame:
      let spec = tree.frames[parameter]
      let placed =
        spec.isFlexible
        ? FlexibleFrameLayout(pass: self, node: i, spec: spec).placement(p)
        : FrameLayout(pass: self, node: i, spec: spec).placement(p)
      if let placed { record(placed) }
    case .fixedSize:
      let placed = FixedSizeLayout(
        pass: self, node: i, horizontal: parameter & 1 != 0, vertical: parameter & 2 != 0
      ).placement(p)
      if let placed { record(placed) }
    case .zStack:
      guard case .zStack(let alignment) = tree.others[parameter] else { return false }
      ZStackLayout(pass: self, node: i, alignment: alignment).forEachPlacement(p) { record($0) }
    case .background, .overlay:
      let alignment: Alignment
      switch tree.others[parameter] {
      case .background(let a), .overlay(let a): alignment = a
      default: return false
      }
      SecondaryLayerLayout(pass: self, node: i, alignment: alignment).forEachPlacement(p) {
        record($0)
      }
    case .offset:
      guard case .offset(let x, let y) = tree.others[parameter] else { return false }
      if let c = firstChild(i) {
        record(ChildPlacement(child: c, origin: Point(x: x, y: y), proposal: p))
      }
    case .alignmentGuide:
      if let c = firstChild(i) { record(ChildPlacement(child: c, origin: .zero, proposal: p)) }
    case .aspectRatio:
      guard case .aspectRatio(let ratio, let mode) = tree.others[parameter] else { return false }
      let placed = AspectRatioLayout(pass: self, node: i, ratio: ratio, contentMode: mode)
        .placement(p)
      if let placed { record(placed) }
    case .grid:
      guard case .grid(let spec) = tree.others[parameter] else { return false }
      GridLayout(pass: self, node: i, spec: spec).forEachPlacement(p) { record($0) }
    case .gridRow:
      guard case .gridRow(let alignment) = tree.others[parameter] else { return false }
      GridRowLayout(pass: self, node: i, alignment: alignment).forEachPlacement(p) { record($0) }
    default:
      return false
    }
    return true
  }

  /// The placements `forEach` reports, as an array (for baselines and explicit guides, which
  /// are memoised and asked far less often than placement runs).
  ///
  /// - Parameters:
  ///   - forEach: Calls its argument with each placement in order.
  /// - Returns: The placements in order.
  func collect(_ forEach: ((ChildPlacement) -> Void) -> Void) -> [ChildPlacement] {
    var result: [ChildPlacement] = []
    forEach { result.append($0) }
    return result
  }

  /// A single-child container's placement as an array (empty without a child).
  ///
  /// - Parameters:
  ///   - placement: The child's placement, or nil.
  /// - Returns: Zero or one placements.
  func one(_ placement: ChildPlacement?) -> [ChildPlacement] {
    placement.map { [$0] } ?? []
  }
}
