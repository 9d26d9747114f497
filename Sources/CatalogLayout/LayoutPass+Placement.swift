// Placement of the containers other than stacks and padding without building arrays or
// per-node enums (issue 17, point 1): each writes its children's frames straight into the
// frames bound to the pass (``LayoutPass/memberX``) and pushes them on placement's work
// stack, as `placeAll` does for stacks.

/// Where a container's children go while `placeAll` places it: the container's origin in
/// root coordinates and placement's work stack of nodes whose children are still to place.
struct PlacementCursor {
  /// The container's origin in root coordinates (points).
  let originX: Double
  let originY: Double
  /// Placement's work stack (one entry per node at most) and its height.
  let work: UnsafeMutablePointer<Int32>
  var top: Int
}

extension LayoutPass {
  /// Writes child `c`'s frame (its origin relative to its parent plus the parent's origin,
  /// and its size for the proposal), remembers the proposal it is placed with, and pushes it
  /// on the work stack so its own children are placed later.
  ///
  /// - Parameters:
  ///   - placement: The child, its origin relative to the parent and its proposal (from the
  ///     parent's layout rule).
  ///   - cursor: The parent's origin and the work stack.
  @inline(__always)
  func record(_ placement: ChildPlacement, _ cursor: inout PlacementCursor) {
    let c = placement.child
    let s = size(c, placement.proposal)
    memberX[c] = cursor.originX + placement.origin.x
    memberY[c] = cursor.originY + placement.origin.y
    setMemberProposal(c, placement.proposal)
    memberSizeWidth[c] = s.width
    memberSizeHeight[c] = s.height
    cursor.work[cursor.top] = Int32(c)
    cursor.top += 1
  }

  /// Places the children of container `i` sized for `p` (every child through
  /// ``record(_:_:)``), reading the kind's parameters from the tree's typed side tables
  /// rather than building a `LayoutKind`: frames, ZStacks, backgrounds and overlays, offsets,
  /// alignment guides, fixedSize, aspect ratios, grids, grid rows, scroll views, ViewThatFits
  /// and GeometryReader (the same rules as ``placements(_:_:)``, the same frames).
  ///
  /// - Parameters:
  ///   - i: The container's node index.
  ///   - p: The proposal it was sized for (its free axes already nil).
  ///   - cursor: The container's origin and placement's work stack.
  /// - Returns: False, having written nothing, for the kinds it does not handle (stacks and
  ///   padding, which `placeAll` places itself, and leaves).
  @discardableResult
  func recordChildren(_ i: Int, _ p: ProposedSize, _ cursor: inout PlacementCursor) -> Bool {
    let parameter = Int(parameters[i])
    switch codes[i] {
    case .frame:
      let spec = tree.frames[parameter]
      let placed =
        spec.isFlexible
        ? FlexibleFrameLayout(pass: self, node: i, spec: spec).placement(p)
        : FrameLayout(pass: self, node: i, spec: spec).placement(p)
      if let placed { record(placed, &cursor) }
    case .fixedSize:
      let placed = FixedSizeLayout(
        pass: self, node: i, horizontal: parameter & 1 != 0, vertical: parameter & 2 != 0
      ).placement(p)
      if let placed { record(placed, &cursor) }
    case .zStack:
      guard case .zStack(let alignment) = tree.others[parameter] else { return false }
      ZStackLayout(pass: self, node: i, alignment: alignment).forEachPlacement(p) {
        record($0, &cursor)
      }
    case .background, .overlay:
      let alignment: Alignment
      switch tree.others[parameter] {
      case .background(let a), .overlay(let a): alignment = a
      default: return false
      }
      SecondaryLayerLayout(pass: self, node: i, alignment: alignment).forEachPlacement(p) {
        record($0, &cursor)
      }
    case .offset:
      guard case .offset(let x, let y) = tree.others[parameter] else { return false }
      if let c = firstChild(i) {
        record(ChildPlacement(child: c, origin: Point(x: x, y: y), proposal: p), &cursor)
      }
    case .alignmentGuide:
      if let c = firstChild(i) {
        record(ChildPlacement(child: c, origin: .zero, proposal: p), &cursor)
      }
    case .aspectRatio:
      guard case .aspectRatio(let ratio, let mode) = tree.others[parameter] else { return false }
      let placed = AspectRatioLayout(pass: self, node: i, ratio: ratio, contentMode: mode)
        .placement(p)
      if let placed { record(placed, &cursor) }
    case .grid:
      guard case .grid(let spec) = tree.others[parameter] else { return false }
      GridLayout(pass: self, node: i, spec: spec).forEachPlacement(p) { record($0, &cursor) }
    case .gridRow:
      guard case .gridRow(let alignment) = tree.others[parameter] else { return false }
      GridRowLayout(pass: self, node: i, alignment: alignment).forEachPlacement(p) {
        record($0, &cursor)
      }
    case .scrollView:
      guard case .scrollView(let axis) = tree.others[parameter] else { return false }
      if let placed = ScrollViewLayout(pass: self, node: i, axis: axis).placement(p) {
        record(placed, &cursor)
      }
    case .viewThatFits:
      guard case .viewThatFits(let h, let v) = tree.others[parameter] else { return false }
      let placed = ViewThatFitsLayout(pass: self, node: i, horizontal: h, vertical: v)
        .placement(p)
      if let placed { record(placed, &cursor) }
    case .geometryReader:
      GeometryReaderLayout(pass: self, node: i).forEachPlacement(p) { record($0, &cursor) }
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
