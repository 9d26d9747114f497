/// Where a container puts one child: the child, its origin relative to the container's
/// top-left corner (points), and the size proposed to it when placing (reference §2.5,
/// "Placement").
struct ChildPlacement {
  var child: Int
  var origin: Point
  var proposal: ProposedSize
}

/// One layout pass over a `LayoutTree`: per-node context computed once, the memo, and the
/// scratch memory sizing and placement use.
///
/// The tree's arrays are constants for the pass (children are ranges of one flat list; every
/// child has a smaller index than its parent, the root is last). Sizing recurses through the
/// layout rules (depth bounded by the tree's depth, which the resolver caps); placement and
/// rounding are iterative. Sizing and placement allocate nothing per node: stacks take their
/// members' working values from one arena used as a stack (`arena`), and a stack records
/// where it put its members each time it is sized, so placement at the same proposal reads
/// those positions instead of running the stack algorithm again.
final class LayoutPass {
  let env: LayoutEnvironment
  /// The tree laid out.
  let tree: LayoutTree
  /// The number of nodes.
  let count: Int
  /// The root's index (the tree's root, by default its last node).
  let root: Int
  /// Each node's kind code (a copy of the tree's, read on every size query).
  let codes: [LayoutTree.Code]
  /// Each node's side-table index.
  let parameters: [Int32]
  /// Where each node's children start in `childList`.
  let childStarts: [Int32]
  /// Each node's number of children.
  let childCounts: [Int32]
  /// All children, grouped by parent.
  let childList: [Int32]
  /// The axis of the nearest enclosing HStack/VStack, looking through single-child
  /// modifiers and a background/overlay's primary; nil outside any stack, directly inside a
  /// ZStack, or as the secondary of a background/overlay. Spacer and Divider depend on it
  /// (reference §2.6, §2.7).
  let stackAxis: UnsafeMutablePointer<Axis?>
  /// The priority each node's parent stack sees (§2.3 step 5), by node; empty when every
  /// node's is 0 (read through ``priority(of:)``).
  let priority: [Double]

  /// The priority node `i`'s parent stack sees.
  @inline(__always) func priority(of i: Int) -> Double { priority.isEmpty ? 0 : priority[i] }
  /// The proposal axes each node's size does not depend on: `widthFree` and/or
  /// `heightFree` (see ``independentAxes(_:)``). Sizing and placement replace such an axis of
  /// a proposal by nil, so the memo answers every proposal differing only there at once.
  let freeAxes: UnsafeMutablePointer<UInt8>
  /// `freeAxes` bit: the size does not depend on the proposed width.
  static let widthFree: UInt8 = 1
  /// `freeAxes` bit: the size does not depend on the proposed height.
  static let heightFree: UInt8 = 2
  /// Each stack's gap between adjacent members when all its gaps are equal (an explicit
  /// spacing, or members alike, as in a list), by the stack's row of the size memo;
  /// ``mixedGaps`` (a NaN no arithmetic produces) when they differ: then stack `i`'s gap
  /// before member k + 1 is `gapList[childStart(i) + k]`. Only such stacks' entries of
  /// `gapList` are written (8 bytes per stack, not per child, at a million leaves 9.8 MB of
  /// fresh memory less).
  let uniformGap: UnsafeMutablePointer<Double>
  /// Gaps of the stacks whose gaps differ, by child position (the other entries are never
  /// written nor read).
  let gapList: UnsafeMutablePointer<Double>
  /// The ``uniformGap`` entry of a stack whose gaps differ.
  static var mixedGaps: Double { Double(bitPattern: 0x7FF8_0000_0BAD_6A95) }
  /// True when some node is an `alignmentGuide`: only then are explicit values of
  /// non-baseline guides looked for.
  let hasCustomGuides: Bool
  /// The memo (reference "Speed": each node's size per proposal once per pass).
  let cache: LayoutCache
  /// Each node's row in the size memo; -1 for texts (memoised per distinct text instead).
  let memoRow: UnsafeMutablePointer<Int32>
  /// The number of nodes on the longest root-to-leaf path (1 for a lone root).
  let depth: Int
  /// The grid each `GridRow` node belongs to (only rows directly inside a `Grid`).
  let gridRowParent: [Int: Int]
  /// Each grid's columns and rows, computed once per pass (``GridLayout``).
  var gridGeometries: [Int: GridGeometry] = [:]

  /// Where a stack records each of its members when it sizes them: member `c`'s origin
  /// relative to the stack and the size it answered (points), by node. While
  /// ``LayoutEngine`` lays a tree out these are the output frame arrays themselves
  /// (``bindFrames(x:y:width:height:)``): placement turns a member's relative origin into its
  /// frame in place, top-down (a node's entries are written only by its parent, and read
  /// when the parent is placed, before anything below the node is), so the pass keeps no
  /// second copy of every frame (32 bytes per node of fresh memory: at a million leaves the
  /// page faults of those copies were about a tenth of the layout's time). Otherwise (a
  /// size-only pass) they point into `ownedMembers`.
  private(set) var memberX: UnsafeMutablePointer<Double>
  private(set) var memberY: UnsafeMutablePointer<Double>
  private(set) var memberSizeWidth: UnsafeMutablePointer<Double>
  private(set) var memberSizeHeight: UnsafeMutablePointer<Double>
  /// The scratch behind the four pointers above when no frames are bound (4 per node).
  private let ownedMembers: UnsafeMutablePointer<Double>
  /// The placement pass's stack of nodes to place (one entry per node at most).
  let placementStack: UnsafeMutablePointer<Int32>
  /// Where the per-node tables, memos and scratch above live (kept between layout calls
  /// when the caller reuses it: ``LayoutEngine/layout(_:in:reusing:)``).
  let workspace: LayoutWorkspace
  /// Entries per pointer in `ownedMembers` (the node count, or 1 when frames are bound).
  private let ownedStride: Int
  /// Member `c`'s proposal when last recorded or placed (memo bits, nil axes as
  /// `SlotMemo`'s NaN), by the member's row of the size memo (``memoRow``): only a node with
  /// children reads its proposal back (to place them), and texts have none, so a tree of
  /// texts keeps 16 bytes per container, not per node (``setMemberProposal(_:_:)``,
  /// ``memberProposal(_:)``).
  let memberWidth: UnsafeMutablePointer<UInt64>
  let memberHeight: UnsafeMutablePointer<UInt64>
  /// The proposal (as memo bits) at which each stack last recorded its members, by the
  /// stack's row of the size memo (``memoRow``: only non-text nodes have one, so a tree of
  /// texts in stacks keeps a few entries per stack, not per node); `UInt64.max` when never.
  let recordedWidth: UnsafeMutablePointer<UInt64>
  let recordedHeight: UnsafeMutablePointer<UInt64>
  /// The members' working values of the stacks being sized, used as a stack (LIFO).
  let arena: UnsafeMutablePointer<StackLayout.Member>
  /// The first free entry of `arena`.
  var arenaTop = 0
  private let arenaCapacity: Int

  /// Builds the per-node context of a pass over `tree`.
  ///
  /// - Parameters:
  ///   - tree: The tree to lay out.
  ///   - environment: The platform values.
  ///   - ownsMemberScratch: False when the caller binds the output frames
  ///     (``bindFrames(x:y:width:height:)``) before sizing; true (a size-only pass) gives the
  ///     pass its own member scratch.
  ///   - workspace: Where the pass's tables and scratch live (a fresh one by default); every
  ///     buffer taken from it is given its starting values here.
  init(
    tree: LayoutTree, environment: LayoutEnvironment, ownsMemberScratch: Bool = true,
    workspace: LayoutWorkspace = LayoutWorkspace()
  ) {
    self.workspace = workspace
    env = environment
    let n = tree.count
    count = n
    root = tree.root ?? (n - 1)
    let codes = tree.codes
    let parameters = tree.parameters
    let childStarts = tree.childStart
    let childCounts = tree.childCounts
    let childList = tree.childList
    self.codes = codes
    self.parameters = parameters
    self.childStarts = childStarts
    self.childCounts = childCounts
    self.childList = childList
    // Top-down (parents have larger indices): the enclosing stack axis of every child.
    let axes = workspace.buffer(.stackAxes, n, of: Axis?.self)
    axes.initialize(repeating: nil, count: n)
    // Each node's level (1 for the root) while the loop below runs; the same buffer then
    // holds the memo rows (one buffer per node fewer: at a million leaves 4.9 MB).
    let level = workspace.buffer(.levels, n, of: Int32.self)
    level.initialize(repeating: 1, count: n)
    var depth = n > 0 ? 1 : 0
    var custom = false
    var rowParent: [Int: Int] = [:]
    // Which nodes' spacing preferences the gaps need (§2.2): the members of stacks with a nil
    // spacing, and the children a needed node's spacing is made from.
    let needsSpacing = workspace.buffer(.needsSpacing, n, of: Bool.self)
    needsSpacing.initialize(repeating: false, count: n)
    // Whether a padding's or frame's spacing reads its child depends only on its side-table
    // entry (equal paddings share one): worked out once per entry, not once per node.
    var readsByInsets = [Int8](repeating: -1, count: tree.insets.count)
    var readsByFrame = [Int8](repeating: -1, count: tree.frames.count)
    for i in stride(from: n - 1, through: 0, by: -1) {
      let code = codes[i]
      if code == .alignmentGuide { custom = true }
      let s = Int(childStarts[i])
      let c = Int(childCounts[i])
      if c == 0 { continue }
      let own = axes[i]
      let context: Axis?
      var gapsNeedMembers = false
      switch code {
      case .stack:
        let stack = tree.stacks[Int(parameters[i])]
        context = stack.axis
        gapsNeedMembers = stack.spacing == nil && c > 1
      case .padding, .frame, .fixedSize, .offset, .alignmentGuide, .aspectRatio: context = own
      default: context = nil
      }
      let derived =
        needsSpacing[i]
        && LayoutPass.spacingReadsChildren(tree, i, &readsByInsets, &readsByFrame)
      let allChildren = code == .stack || code == .zStack
      let childLevel = level[i] + 1
      depth = max(depth, Int(childLevel))
      for k in 0..<c {
        let child = Int(childList[s + k])
        if code == .background || code == .overlay {
          axes[child] = k == 0 ? own : nil
        } else {
          axes[child] = context
        }
        level[child] = childLevel
        if gapsNeedMembers || (derived && (allChildren || k == 0)) { needsSpacing[child] = true }
        if code == .grid, codes[child] == .gridRow { rowParent[child] = i }
      }
    }
    self.stackAxis = axes
    self.depth = depth
    self.hasCustomGuides = custom
    self.gridRowParent = rowParent
    self.priority = LayoutPass.priorities(tree)
    let free = workspace.buffer(.freeAxes, n, of: UInt8.self)
    LayoutPass.independentAxes(tree, into: free)
    self.freeAxes = free
    let spacings = LayoutPass.spacing(
      tree, axes, needsSpacing, environment,
      rows: workspace.buffer(.spacingRows, n, of: Int32.self))
    // Texts are memoised per distinct text, not per node: only the other nodes get a row of
    // the size memo (a list of 10,000 texts in 1,000 stacks needs 1,000 rows, not 11,000).
    let rows = level
    var sized: Int32 = 0
    for i in 0..<n {
      if codes[i] != .text {
        rows[i] = sized
        sized += 1
      } else {
        rows[i] = -1
      }
    }
    memoRow = rows
    // Spacing preferences (§2.2) are only needed for the gaps: not kept for the pass.
    gapList = workspace.buffer(.gapList, tree.childList.count, of: Double.self)
    uniformGap = workspace.buffer(.uniformGaps, Int(sized), of: Double.self)
    LayoutPass.gaps(
      tree, spacings, axes, environment, rows: rows, rowCount: Int(sized), uniform: uniformGap,
      into: gapList)
    cache = LayoutCache(
      nodeCount: n, sizedCount: Int(sized), textCount: tree.texts.count, workspace: workspace)
    let m = max(n, 1)
    // A pass that will write frames gets them bound; a size-only pass records into its own.
    let owned = ownsMemberScratch ? m : 1
    ownedStride = owned
    ownedMembers = workspace.buffer(.ownedMembers, 4 * owned, of: Double.self)
    memberX = ownedMembers
    memberY = ownedMembers + owned
    memberSizeWidth = ownedMembers + 2 * owned
    memberSizeHeight = ownedMembers + 3 * owned
    let r = max(Int(sized), 1)
    let proposals = workspace.buffer(.memberProposals, 2 * r, of: UInt64.self)
    memberWidth = proposals
    memberHeight = proposals + r
    let recorded = workspace.buffer(.recordedProposals, 2 * r, of: UInt64.self)
    recorded.initialize(repeating: .max, count: 2 * r)
    recordedWidth = recorded
    recordedHeight = recorded + r
    arenaCapacity = tree.childList.count + 1
    arena = workspace.buffer(.arena, arenaCapacity, of: StackLayout.Member.self)
    placementStack = workspace.buffer(.placementStack, n, of: Int32.self)
    // Stored last: until here `tree` is the initialiser's own value, which the helpers above
    // borrow (stored first, every later use of it was a copy of the whole tree, 23 retains).
    // The one copy stays: a pass borrowing the caller's tree through a pointer (tried)
    // retains every side-table array it reads through it, thousands of retains per layout.
    self.tree = tree
  }

  /// Makes sizing record members into the output frames and placement write them there
  /// (see ``memberX``), until ``unbindFrames()``. Each buffer holds one entry per node.
  func bindFrames(
    x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>,
    width: UnsafeMutablePointer<Double>, height: UnsafeMutablePointer<Double>
  ) {
    memberX = x
    memberY = y
    memberSizeWidth = width
    memberSizeHeight = height
  }

  /// Points the member records back at the pass's own scratch (the frames bound by
  /// ``bindFrames(x:y:width:height:)`` are about to go out of reach).
  func unbindFrames() {
    let owned = ownedStride
    memberX = ownedMembers
    memberY = ownedMembers + owned
    memberSizeWidth = ownedMembers + 2 * owned
    memberSizeHeight = ownedMembers + 3 * owned
  }

  // MARK: Tree

  /// The number of children of node `i`.
  @inline(__always) func childCount(_ i: Int) -> Int { Int(childCounts[i]) }

  /// Where node `i`'s children start in `childList`.
  @inline(__always) func childStart(_ i: Int) -> Int { Int(childStarts[i]) }

  /// Node `i`'s children, in order.
  @inline(__always) func children(_ i: Int) -> LazyMapSequence<Range<Int>, Int> {
    let start = childStart(i)
    return (start..<start + childCount(i)).lazy.map { Int(self.childList[$0]) }
  }

  /// The `k`-th child of node `i`.
  @inline(__always) func child(_ i: Int, _ k: Int) -> Int {
    Int(childList[Int(childStarts[i]) + k])
  }

  /// The first child of node `i`, if any.
  @inline(__always) func firstChild(_ i: Int) -> Int? {
    childCounts[i] > 0 ? Int(childList[Int(childStarts[i])]) : nil
  }

  /// The gap before member `k + 1` of stack `i`.
  @inline(__always) func gap(_ i: Int, _ k: Int) -> Double {
    let g = uniformGap[Int(memoRow[i])]
    return g.bitPattern == LayoutPass.mixedGaps.bitPattern ? gapList[Int(childStarts[i]) + k] : g
  }

  /// The kind of node `i` with its parameters (for the rarer kinds and grids).
  func kind(_ i: Int) -> LayoutKind { tree.kind(of: i) }

  /// The grid-cell traits of node `i`.
  func gridCell(_ i: Int) -> GridCellTraits { tree.gridCell(of: i) }

  /// Notes the proposal member `c` was last recorded or placed at (nothing for a text,
  /// which has no children to place with it).
  @inline(__always)
  func setMemberProposal(_ c: Int, _ p: ProposedSize) {
    let row = Int(memoRow[c])
    guard row >= 0 else { return }
    memberWidth[row] = SlotMemo<Size>.bits(p.width)
    memberHeight[row] = SlotMemo<Size>.bits(p.height)
  }

  /// The proposal node `i` was last recorded or placed at (unspecified for a text, which
  /// places nothing).
  @inline(__always)
  func memberProposal(_ i: Int) -> ProposedSize {
    let row = Int(memoRow[i])
    guard row >= 0 else { return ProposedSize(width: nil, height: nil) }
    return ProposedSize(
      width: SlotMemo<Size>.value(memberWidth[row]), height: SlotMemo<Size>.value(memberHeight[row])
    )
  }

  /// Takes `n` entries of the arena (released with ``releaseMembers(_:)`` in LIFO order).
  @inline(__always)
  func takeMembers(_ n: Int) -> UnsafeMutableBufferPointer<StackLayout.Member> {
    let start = arenaTop
    arenaTop += n
    // Only a shared (invalid) tree could need more than one entry per child at once.
    precondition(arenaTop <= arenaCapacity, "layout arena overflow")
    let buffer = UnsafeMutableBufferPointer(start: arena + start, count: n)
    buffer.initialize(repeating: StackLayout.Member())
    return buffer
  }

  /// Gives back the last `n` entries taken.
  @inline(__always)
  func releaseMembers(_ n: Int) { arenaTop -= n }

  /// §2.3 step 5 and `LayoutNode.layoutPriority`: a Spacer reports −∞ whatever its
  /// `layoutPriority` says; a modifier around a Spacer (padding, frame, fixedSize, offset,
  /// alignmentGuide, or a background/overlay whose primary is a Spacer) with the default
  /// priority 0 also reports −∞ (a modifier keeps its child's priority, as fixedSize does in
  /// §3.4); any other node reports its `layoutPriority`.
  ///
  /// Returns an empty array when every node reports 0 (read through ``priority(of:)``): no
  /// array per node for trees with no priority and no Spacer.
  private static func priorities(_ tree: borrowing LayoutTree) -> [Double] {
    var priority = tree.priorities
    let n = tree.count
    // Bottom-up: children have smaller indices.
    for i in 0..<n {
      switch tree.codes[i] {
      case .spacer:
        if priority.isEmpty { priority = [Double](repeating: 0, count: n) }
        priority[i] = -.infinity
      case .padding, .frame, .fixedSize, .offset, .alignmentGuide, .background, .overlay,
        .aspectRatio:
        // With no priority so far, nothing is −∞ yet.
        if !priority.isEmpty, priority[i] == 0, tree.childCounts[i] > 0,
          priority[Int(tree.childList[Int(tree.childStart[i])])] == -.infinity
        {
          priority[i] = -.infinity
        }
      default:
        break
      }
    }
    return priority
  }

  /// Which proposal axes each node's size does not depend on, bottom-up (children have
  /// smaller indices). The rules, each from the kind's sizing rule:
  /// - Text: the measurer receives only the proposed width (§3.6: a too-small height does
  ///   not truncate), so its size is free of the height.
  /// - HStack/VStack: members are proposed the stack's cross proposal as is and shares of
  ///   its main proposal, and the stack's size is made of the members' sizes and the fixed
  ///   gaps (§2.3–2.5): free of an axis when every member is (an empty stack is 0×0).
  /// - Padding (§3.1), offset, background/overlay (§3.5, the primary decides): the child's.
  /// - Fixed frame (§3.2): free of each axis it fixes (the child is proposed the fixed
  ///   value whatever the frame was offered), the child's on the others.
  /// - fixedSize (§3.4): free of each axis it nils, the child's on the others.
  /// - Every other kind (shapes, spacers, dividers, flexible frames, grids, …): none.
  /// Placement then depends on the proposal only through sizes and guides of the same
  /// subtree, so a proposal with a free axis replaced by nil gives identical frames.
  static func independentAxes(_ tree: borrowing LayoutTree) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: tree.count) { buffer, initialized in
      if let base = buffer.baseAddress { independentAxes(tree, into: base) }
      initialized = tree.count
    }
  }

  /// ``independentAxes(_:)`` written into `free` (one entry per node).
  static func independentAxes(_ tree: borrowing LayoutTree, into free: UnsafeMutablePointer<UInt8>)
  {
    let n = tree.count
    let both = widthFree | heightFree
    free.initialize(repeating: 0, count: n)
    for i in 0..<n {
      let s = Int(tree.childStart[i])
      let c = Int(tree.childCounts[i])
      let first: UInt8 = c > 0 ? free[Int(tree.childList[s])] : both
      switch tree.codes[i] {
      case .text:
        free[i] = heightFree
      case .stack:
        var all = both
        for k in 0..<c { all &= free[Int(tree.childList[s + k])] }
        free[i] = all
      case .padding, .offset, .background, .overlay:
        free[i] = first
      case .frame:
        let spec = tree.frames[Int(tree.parameters[i])]
        if spec.isFlexible { continue }
        let fixesWidth = FrameLayout.valid(spec.width) != nil
        let fixesHeight = FrameLayout.valid(spec.height) != nil
        free[i] =
          (fixesWidth ? widthFree : first & widthFree)
          | (fixesHeight ? heightFree : first & heightFree)
      case .fixedSize:
        let parameter = tree.parameters[i]
        free[i] =
          (parameter & 1 != 0 ? widthFree : first & widthFree)
          | (parameter & 2 != 0 ? heightFree : first & heightFree)
      default:
        continue
      }
    }
  }

  /// `p` with the axes node `i`'s size does not depend on replaced by nil (the same answer,
  /// one memo entry; ``independentAxes(_:)``).
  @inline(__always)
  func independent(_ p: ProposedSize, _ i: Int) -> ProposedSize {
    let f = freeAxes[i]
    if f == 0 { return p }
    return ProposedSize(
      width: f & LayoutPass.widthFree != 0 ? nil : p.width,
      height: f & LayoutPass.heightFree != 0 ? nil : p.height)
  }

  /// The spacing preferences of a pass's nodes (§2.2). A leaf kind's depend only on the kind
  /// (and a Spacer's on the enclosing stack axis), so only containers and modifiers get a
  /// stored entry (a `ViewSpacing` is 256 bytes: a list of 10,000 texts stores 1,000 entries,
  /// not 11,000).
  struct Spacings {
    /// Each node's entry in `stored`; -1 for leaf kinds and containers no gap needs.
    let rows: UnsafeMutablePointer<Int32>
    var stored: [ViewSpacing]
    let text: ViewSpacing

    /// Kinds whose spacing does not depend on their children.
    static func isLeafKind(_ code: LayoutTree.Code) -> Bool {
      switch code {
      case .text, .color, .divider, .shape, .image, .spacer, .grid, .gridRow, .scrollView,
        .viewThatFits, .geometryReader:
        return true
      default:
        return false
      }
    }

    /// The spacing preferences of node `i`.
    func of(_ i: Int, _ codes: [LayoutTree.Code], _ axes: UnsafeMutablePointer<Axis?>)
      -> ViewSpacing
    {
      let row = Int(rows[i])
      if row >= 0 { return stored[row] }
      switch codes[i] {
      case .text: return text
      case .spacer: return .spacer(stackAxis: axes[i])
      case .color, .divider, .shape, .image, .grid, .gridRow, .scrollView, .viewThatFits,
        .geometryReader:
        return .ordinary
      default: return .empty  // a container whose spacing no gap needs (no row)
      }
    }
  }

  /// Whether the spacing preferences of node `i` (a container or modifier) are made from its
  /// children's (§2.2): stacks and ZStacks union their members', single-child modifiers pass
  /// their child's on, except a padding or frame that resets every edge (§3.1, §3.2: then it
  /// is an ordinary view whatever its child). Tested by giving the node's rule two different
  /// children (`.empty`, `.zero`): equal answers mean the child is ignored. A padding's and
  /// a frame's answer depends only on its side-table entry: `byInsets` and `byFrame` keep
  /// each entry's answer (-1: not worked out yet), so nodes sharing an entry test it once.
  private static func spacingReadsChildren(
    _ tree: borrowing LayoutTree, _ i: Int, _ byInsets: inout [Int8], _ byFrame: inout [Int8]
  ) -> Bool {
    switch tree.codes[i] {
    case .stack, .zStack, .fixedSize, .offset, .alignmentGuide, .background, .overlay,
      .aspectRatio:
      return true
    case .padding:
      let p = Int(tree.parameters[i])
      if byInsets[p] < 0 {
        let insets = tree.insets[p]
        let reads =
          PaddingLayout.spacing(insets: insets, child: .empty)
          != PaddingLayout.spacing(insets: insets, child: .zero)
        byInsets[p] = reads ? 1 : 0
      }
      return byInsets[p] == 1
    case .frame:
      let p = Int(tree.parameters[i])
      if byFrame[p] < 0 {
        let spec = tree.frames[p]
        let reads =
          spec.isFlexible
          ? FlexibleFrameLayout.spacing(spec: spec, child: .empty)
            != FlexibleFrameLayout.spacing(spec: spec, child: .zero)
          : FrameLayout.spacing(spec: spec, child: .empty)
            != FrameLayout.spacing(spec: spec, child: .zero)
        byFrame[p] = reads ? 1 : 0
      }
      return byFrame[p] == 1
    default:
      return false
    }
  }

  /// §2.2: spacing preferences bottom-up (children have smaller numbers than parents), for
  /// the containers and modifiers in `needed` only (the gaps read no others).
  private static func spacing(
    _ tree: borrowing LayoutTree, _ axes: UnsafeMutablePointer<Axis?>,
    _ needed: UnsafeMutablePointer<Bool>, _ env: LayoutEnvironment,
    rows: UnsafeMutablePointer<Int32>
  ) -> Spacings {
    let n = tree.count
    // A node's row is given when its value is known (children first, so a parent reads its
    // children's); a value equal to the last one stored shares its row (the padded members
    // of a tree's stacks mostly have one value: a `ViewSpacing` is 256 bytes, per node it
    // was the pass's largest table after the memo).
    rows.initialize(repeating: -1, count: n)
    var result = Spacings(rows: rows, stored: [], text: .text(env))
    // The closures below capture these arrays (one reference each), not the tree.
    let codes = tree.codes
    let list = tree.childList
    for i in 0..<n where needed[i] && !Spacings.isLeafKind(codes[i]) {
      let s = Int(tree.childStart[i])
      let c = Int(tree.childCounts[i])
      let first = c > 0 ? result.of(Int(list[s]), codes, axes) : .empty
      let value: ViewSpacing
      switch tree.codes[i] {
      case .text, .color, .divider, .shape, .image, .spacer, .grid, .gridRow, .scrollView,
        .viewThatFits, .geometryReader:
        continue  // leaf kinds: no row
      case .stack:
        // Non-escaping closures: the tree and the table are borrowed, not copied into a
        // closure context (a lazy map's escaping closure copied the whole tree per stack).
        value = StackLayout.spacing(axis: tree.stacks[Int(tree.parameters[i])].axis, count: c) {
          result.of(Int(list[s + $0]), codes, axes)
        }
      case .zStack:
        value = ZStackLayout.spacing(count: c) { result.of(Int(list[s + $0]), codes, axes) }
      case .padding:
        value = PaddingLayout.spacing(insets: tree.insets[Int(tree.parameters[i])], child: first)
      case .frame:
        let spec = tree.frames[Int(tree.parameters[i])]
        value =
          spec.isFlexible
          ? FlexibleFrameLayout.spacing(spec: spec, child: first)
          : FrameLayout.spacing(spec: spec, child: first)
      case .fixedSize, .offset, .alignmentGuide, .background, .overlay, .aspectRatio:
        // No effect on spacing: the child's (the primary's for background/overlay).
        value = first
      }
      if let last = result.stored.last, last == value {
        result.rows[i] = Int32(result.stored.count - 1)
      } else {
        result.rows[i] = Int32(result.stored.count)
        result.stored.append(value)
      }
    }
    return result
  }

  /// The gaps between adjacent members of every stack (§2.2): the explicit spacing, or each
  /// pair's `ViewSpacing` distance when the spacing is nil.
  private static func gaps(
    _ tree: borrowing LayoutTree, _ spacing: Spacings, _ axes: UnsafeMutablePointer<Axis?>,
    _ env: LayoutEnvironment, rows: UnsafeMutablePointer<Int32>, rowCount: Int,
    uniform: UnsafeMutablePointer<Double>, into list: UnsafeMutablePointer<Double>
  ) {
    uniform.initialize(repeating: 0, count: rowCount)
    for i in 0..<tree.count where tree.codes[i] == .stack {
      let stack = tree.stacks[Int(tree.parameters[i])]
      let s = Int(tree.childStart[i])
      let n = Int(tree.childCounts[i])
      let row = Int(rows[i])
      guard n > 1 else { continue }
      if let explicit = stack.spacing {
        uniform[row] = explicit
        continue
      }
      // Each member's preferences are looked up once: the next of one pair is the
      // previous of the following one. The gaps go to `list` until one differs from the
      // first (then all of them are kept there).
      var previous = spacing.of(Int(tree.childList[s]), tree.codes, axes)
      var first = 0.0
      var mixed = false
      for k in 1..<n {
        let next = spacing.of(Int(tree.childList[s + k]), tree.codes, axes)
        let gap = previous.distance(to: next, along: stack.axis, defaultSpacing: env.defaultSpacing)
        if k == 1 {
          first = gap
        } else if !mixed && gap.bitPattern != first.bitPattern {
          mixed = true
          for j in 0..<(k - 1) { list[s + j] = first }
        }
        if mixed { list[s + k - 1] = gap }
        previous = next
      }
      uniform[row] = mixed ? mixedGaps : first
    }
  }

  // MARK: Sizing

  /// The size node `i` chooses for `proposal`, in points (memoised; §1 step 2). A node is
  /// sized at the proposal with the axes its size does not depend on made nil
  /// (``independent(_:_:)``), so proposals differing only there share one computation.
  func size(_ i: Int, _ proposal: ProposedSize) -> Size {
    cache.sizeQueries += 1
    if codes[i] == .text {
      // A text's size depends only on the proposed width and is shared by every Text node
      // with the same string and style (a list of 10,000 identical rows measures once).
      return measureText(i, width: proposal.width).size
    }
    let p = independent(proposal, i)
    let row = Int(memoRow[i])
    if let hit = cache.sizes.get(row, p) { return hit }
    let s = computeSize(i, p)
    cache.sizeComputations += 1
    cache.sizes.set(s, row, p)
    return s
  }

  /// The size of the single child of modifier `i` (0×0 when it has none).
  @inline(__always)
  func childSize(_ i: Int, _ p: ProposedSize) -> Size {
    guard let c = firstChild(i) else { return .zero }
    return size(c, p)
  }

  private func computeSize(_ i: Int, _ p: ProposedSize) -> Size {
    let parameter = Int(parameters[i])
    switch codes[i] {
    case .stack:
      let s = tree.stacks[parameter]
      return StackLayout(pass: self, node: i, axis: s.axis, alignment: s.alignment)
        .sizeThatFits(p)
    case .padding:
      return PaddingLayout(pass: self, node: i, insets: tree.insets[parameter]).sizeThatFits(p)
    case .frame:
      let spec = tree.frames[parameter]
      if spec.isFlexible {
        return FlexibleFrameLayout(pass: self, node: i, spec: spec).sizeThatFits(p)
      }
      return FrameLayout(pass: self, node: i, spec: spec).sizeThatFits(p)
    case .fixedSize:
      return FixedSizeLayout(
        pass: self, node: i, horizontal: parameter & 1 != 0, vertical: parameter & 2 != 0
      ).sizeThatFits(p)
    case .text:
      return measureText(i, width: p.width).size
    case .color:
      // §1: a shape or Color takes the proposal, with 10 for an unspecified axis.
      return ShapeLayout.sizeThatFits(p)
    case .divider:
      return DividerLayout.sizeThatFits(p, thickness: env.pixelLength, stackAxis: stackAxis[i])
    case .geometryReader:
      return GeometryReaderLayout(pass: self, node: i).sizeThatFits(p)
    case .offset, .alignmentGuide, .background, .overlay:
      // §3.5: only the child (the primary) decides the size; an offset is drawn after layout.
      return childSize(i, p)
    default:
      return computeOtherSize(i, p, tree.others[parameter])
    }
  }

  /// Sizes of the rarer kinds, read from the `others` side table.
  private func computeOtherSize(_ i: Int, _ p: ProposedSize, _ kind: LayoutKind) -> Size {
    switch kind {
    case .zStack(let alignment):
      return ZStackLayout(pass: self, node: i, alignment: alignment).sizeThatFits(p)
    case .spacer(let minLength):
      return SpacerLayout.sizeThatFits(
        p, minLength: minLength ?? env.defaultSpacing, stackAxis: stackAxis[i])
    case .shape:
      return ShapeLayout.sizeThatFits(p)
    case .image(let spec):
      return ImageLayout.sizeThatFits(p, spec: spec)
    // Same shape as the other switch over layout kinds (sizing here, placement there), kept because
    // dispatching through one existential would cost a dynamic call per node on the hot path.
    case .aspectRatio(let ratio, let mode):
      return AspectRatioLayout(pass: self, node: i, ratio: ratio, contentMode: mode).sizeThatFits(p)
    case .grid(let spec):
      return GridLayout(pass: self, node: i, spec: spec).sizeThatFits(p)
    case .gridRow(let alignment):
      return GridRowLayout(pass: self, node: i, alignment: alignment).sizeThatFits(p)
    case .scrollView(let axis):
      return ScrollViewLayout(pass: self, node: i, axis: axis).sizeThatFits(p)
    case .viewThatFits(let h, let v):
      return ViewThatFitsLayout(pass: self, node: i, horizontal: h, vertical: v).sizeThatFits(p)
    default:
      return childSize(i, p)
    }
  }

  /// The size and baselines of text node `i` at a proposed width (memoised per distinct
  /// text): the measurer's line-free path, so no measurement allocates or retains.
  func measureText(_ i: Int, width: Double?) -> TextExtent {
    let key = ProposedSize(width: width, height: nil)
    guard codes[i] == .text else {
      return TextExtent(size: .zero, firstBaseline: 0, lastBaseline: 0, lineCount: 0)
    }
    let group = Int(parameters[i])
    if let hit = cache.texts.get(group, key) { return hit }
    let run = tree.texts[group]
    let m = env.textMeasurer.measureExtent(
      tree.strings[Int(run.string)], style: tree.styles[Int(run.style)], proposedWidth: width)
    cache.texts.set(m, group, key)
    return m
  }

  // MARK: Placement

  /// Where node `i`, sized for `p`, puts its children (relative origins and proposals).
  func placements(_ i: Int, _ p: ProposedSize) -> [ChildPlacement] {
    switch kind(i) {
    case .stack(let axis, let alignment, _):
      return StackLayout(pass: self, node: i, axis: axis, alignment: alignment).placements(p)
    case .zStack(let alignment):
      return collect {
        ZStackLayout(pass: self, node: i, alignment: alignment).forEachPlacement(p, $0)
      }
    case .padding(let insets):
      return PaddingLayout(pass: self, node: i, insets: insets).placements(p)
    case .frame(let spec):
      if spec.isFlexible {
        return one(FlexibleFrameLayout(pass: self, node: i, spec: spec).placement(p))
      }
      return one(FrameLayout(pass: self, node: i, spec: spec).placement(p))
    case .fixedSize(let h, let v):
      return one(FixedSizeLayout(pass: self, node: i, horizontal: h, vertical: v).placement(p))
    case .offset(let x, let y):
      guard let c = firstChild(i) else { return [] }
      return [ChildPlacement(child: c, origin: Point(x: x, y: y), proposal: p)]
    case .alignmentGuide:
      guard let c = firstChild(i) else { return [] }
      return [ChildPlacement(child: c, origin: .zero, proposal: p)]
    case .background(let alignment), .overlay(let alignment):
      return collect {
        SecondaryLayerLayout(pass: self, node: i, alignment: alignment).forEachPlacement(p, $0)
      }
    case .aspectRatio(let ratio, let mode):
      return one(
        AspectRatioLayout(pass: self, node: i, ratio: ratio, contentMode: mode).placement(p))
    case .grid(let spec):
      return collect { GridLayout(pass: self, node: i, spec: spec).forEachPlacement(p, $0) }
    case .gridRow(let alignment):
      return collect {
        GridRowLayout(pass: self, node: i, alignment: alignment).forEachPlacement(p, $0)
      }
    case .scrollView(let axis):
      return one(ScrollViewLayout(pass: self, node: i, axis: axis).placement(p))
    case .viewThatFits(let h, let v):
      return one(ViewThatFitsLayout(pass: self, node: i, horizontal: h, vertical: v).placement(p))
    case .geometryReader:
      return collect { GeometryReaderLayout(pass: self, node: i).forEachPlacement(p, $0) }
    case .text, .spacer, .divider, .color, .shape, .image:
      return []
    }
  }

  // MARK: Alignment guides

  /// Explicit text baselines of node `i` at `p` (memoised), in points from its top.
  ///
  /// Text: from its measurement. Views without text: none. An offset, an alignmentGuide and
  /// a background/overlay report their child's (the primary's) unchanged: an offset does not
  /// move the layout position, and the secondary layer never affects layout. Other
  /// containers (stacks, ZStack, padding, frames, fixedSize): their children's explicit
  /// baselines moved by the children's offsets, combined with the minimum for
  /// `firstTextBaseline` and the maximum (the bottom-most baseline, Apple's wording) for
  /// `lastTextBaseline` (reference §2.5). A single-child modifier therefore reports its
  /// child's baseline shifted by the padding or frame offset.
  func baselines(_ i: Int, _ p: ProposedSize) -> Baselines {
    if let hit = cache.baselines.get(i, p) { return hit }
    var result = Baselines.none
    switch kind(i) {
    case .text:
      let m = measureText(i, width: p.width)
      result = m.lineCount == 0 ? .none : Baselines(first: m.firstBaseline, last: m.lastBaseline)
    case .color, .spacer, .divider, .shape, .image:
      result = .none
    case .offset, .background, .overlay:
      if let c = firstChild(i) { result = baselines(c, p) }
    case .alignmentGuide(let spec):
      if let c = firstChild(i) {
        result = baselines(c, p)
        if spec.guide == .vertical(.firstTextBaseline) {
          result.first = overrideValue(spec, child: c, p)
        } else if spec.guide == .vertical(.lastTextBaseline) {
          result.last = overrideValue(spec, child: c, p)
        }
      }
    default:
      for placement in placements(i, p) {
        let b = baselines(placement.child, placement.proposal)
        if let f = b.first {
          let v = placement.origin.y + f
          result.first = min(result.first ?? .infinity, v)
        }
        if let l = b.last {
          let v = placement.origin.y + l
          result.last = max(result.last ?? -.infinity, v)
        }
      }
    }
    cache.baselines.set(result, i, p)
    return result
  }

  /// The value an `alignmentGuide` node gives its guide: `d[relativeTo] + offset` on its
  /// child's dimensions (the node's own, since it does not change the size).
  private func overrideValue(_ spec: AlignmentGuideSpec, child c: Int, _ p: ProposedSize) -> Double
  {
    guard let base = spec.relativeTo else { return spec.offset }
    return guideValue(base, node: c, size: size(c, p), proposal: p) + spec.offset
  }

  /// The explicit value of a non-baseline guide of node `i` at `p`, or nil (only
  /// `alignmentGuide` nodes create one). Containers pass their children's explicit values up,
  /// moved by the children's origins: a single-child modifier its child's, a stack or ZStack
  /// the mean of its children's (SwiftUI's default `explicitAlignment`, reference §2.5), a
  /// background/overlay its primary's, an offset its child's unmoved.
  private func explicitCustom(_ key: AlignmentKey, _ i: Int, _ p: ProposedSize) -> Double? {
    let memoKey = LayoutCache.GuideKey(node: i, key: key, proposal: p)
    if let hit = cache.guides[memoKey] { return hit }
    var result: Double?
    switch kind(i) {
    case .text, .color, .spacer, .divider, .shape, .image:
      result = nil
    case .alignmentGuide(let spec):
      if let c = firstChild(i) {
        result = spec.guide == key ? overrideValue(spec, child: c, p) : explicitCustom(key, c, p)
      }
    case .offset, .background, .overlay:
      if let c = firstChild(i) { result = explicitCustom(key, c, p) }
    default:
      var sum = 0.0
      var count = 0
      for placement in placements(i, p) {
        if let v = explicitCustom(key, placement.child, placement.proposal) {
          if case .horizontal = key {
            sum += placement.origin.x + v
          } else {
            sum += placement.origin.y + v
          }
          count += 1
        }
      }
      result = count > 0 ? sum / Double(count) : nil
    }
    cache.guides[memoKey] = result
    return result
  }

  /// The value of guide `key` for node `i` sized `size` for `p`, in points from its
  /// top-left corner: the explicit value when the node has one (text baselines, an
  /// `alignmentGuide`), else the default (reference §2.5: leading/top 0, centre half,
  /// trailing/bottom full size; baselines default to the bottom).
  func guideValue(_ key: AlignmentKey, node i: Int, size: Size, proposal p: ProposedSize) -> Double
  {
    switch key {
    case .horizontal(let h):
      return guide(h, node: i, size: size, proposal: p)
    case .vertical(let v):
      return guide(v, node: i, size: size, proposal: p)
    }
  }

  /// The value of a horizontal alignment guide of node `i` of `size` (reference §2.5:
  /// leading = 0, center = half, trailing = full width), unless an `alignmentGuide` gave it
  /// an explicit value.
  @inline(__always)
  func guide(_ h: HorizontalAlignment, node i: Int, size: Size, proposal p: ProposedSize) -> Double
  {
    if hasCustomGuides, let v = explicitCustom(.horizontal(h), i, p) { return v }
    return defaultGuide(h, size: size)
  }

  /// The default value of a horizontal guide in a view of `size`.
  @inline(__always)
  func defaultGuide(_ h: HorizontalAlignment, size: Size) -> Double {
    switch h {
    case .leading: return 0
    case .center: return size.width / 2
    case .trailing: return size.width
    }
  }

  /// The value of a vertical alignment guide of node `i` sized `size` for `p` (§2.5: top 0,
  /// center half, bottom full height; text baselines from the view's explicit baselines,
  /// defaulting to the bottom for views without text), unless an `alignmentGuide` gave it an
  /// explicit value.
  @inline(__always)
  func guide(_ v: VerticalAlignment, node i: Int, size: Size, proposal p: ProposedSize) -> Double {
    switch v {
    case .firstTextBaseline: return baselines(i, p).first ?? size.height
    case .lastTextBaseline: return baselines(i, p).last ?? size.height
    default:
      if hasCustomGuides, let value = explicitCustom(.vertical(v), i, p) { return value }
      return defaultGuide(v, size: size)
    }
  }

  /// The default value of a vertical guide in a container of `size` that has no explicit
  /// value (baselines default to the bottom), used by frames to align their child.
  @inline(__always)
  func defaultGuide(_ v: VerticalAlignment, size: Size) -> Double {
    switch v {
    case .top: return 0
    case .center: return size.height / 2
    case .bottom, .firstTextBaseline, .lastTextBaseline: return size.height
    }
  }

  /// Places the whole tree with the root at (0, 0), iteratively, writing every node's
  /// unrounded frame in root coordinates into the bound frames (``bindFrames(x:y:width:height:)``)
  /// and whether it was placed into `placed`.
  ///
  /// Top-down with an explicit stack of node numbers. A node's origin, size and proposal
  /// are written when its parent places it (the size read from what the parent's stack
  /// algorithm recorded, or asked of the memo), so popping a node only places its children.
  /// A stack's members already hold the origins (relative to the stack) and sizes it
  /// recorded when it was last sized, when that was at the same proposal (else it records
  /// them again): placing them adds the stack's origin in place. Padding computes its one
  /// child's place directly; frames, ZStacks, backgrounds and overlays, offsets, alignment
  /// guides, fixedSize, aspect ratios, grids, grid rows, scroll views, ViewThatFits and
  /// GeometryReader write their children's frames (``recordChildren(_:_:_:)``), building no
  /// array. Proposals are taken
  /// with the axes a node's size does not depend on made nil, as sizing takes them (the
  /// same frames). Nodes left unplaced get a zero frame.
  ///
  /// - Parameters:
  ///   - proposal: The root's proposal.
  ///   - placed: One flag per node, all false on entry.
  func placeAll(_ proposal: ProposedSize, placed: UnsafeMutablePointer<Bool>) {
    guard count > 0 else { return }
    let work = placementStack
    var top = 0
    var placedCount = 0
    work[0] = Int32(root)
    top = 1
    setMemberProposal(root, proposal)
    let rootSize = size(root, proposal)
    memberX[root] = 0
    memberY[root] = 0
    memberSizeWidth[root] = rootSize.width
    memberSizeHeight[root] = rootSize.height
    while top > 0 {
      top -= 1
      let i = Int(work[top])
      placed[i] = true
      placedCount += 1
      let n = childCount(i)
      if n == 0 { continue }
      let p = independent(memberProposal(i), i)
      let ox = memberX[i]
      let oy = memberY[i]
      let first = childStart(i)
      switch codes[i] {
      case .stack:
        let stack = tree.stacks[Int(parameters[i])]
        StackLayout(pass: self, node: i, axis: stack.axis, alignment: stack.alignment)
          .recordPlacements(p, size: Size(width: memberSizeWidth[i], height: memberSizeHeight[i]))
        // The members' relative origins and sizes were recorded in place: add the origin.
        for k in 0..<n {
          let c = Int(childList[first + k])
          memberX[c] += ox
          memberY[c] += oy
          work[top] = Int32(c)
          top += 1
        }
      case .padding:
        let insets = tree.insets[Int(parameters[i])]
        let c = Int(childList[first])
        let q = PaddingLayout.childProposal(p, insets: insets)
        let cs = size(c, q)
        memberX[c] = ox + insets.leading
        memberY[c] = oy + insets.top
        memberSizeWidth[c] = cs.width
        memberSizeHeight[c] = cs.height
        setMemberProposal(c, q)
        work[top] = Int32(c)
        top += 1
      default:
        // Every other container writes its children's frames in place and pushes them
        // (``recordChildren(_:_:_:)``).
        var cursor = PlacementCursor(originX: ox, originY: oy, work: work, top: top)
        recordChildren(i, p, &cursor)
        top = cursor.top
      }
    }
    // Sizing may have recorded members that were never placed (a ViewThatFits child not
    // chosen, nodes the root does not reach): their frames are zero, as before any layout.
    guard placedCount < count else { return }
    for i in 0..<count where !placed[i] {
      memberX[i] = 0
      memberY[i] = 0
      memberSizeWidth[i] = 0
      memberSizeHeight[i] = 0
    }
  }
}
