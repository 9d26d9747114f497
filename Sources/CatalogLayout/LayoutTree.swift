/// A layout tree stored as parallel arrays: the data-oriented form the engine lays out.
///
/// Node `i` is described by `codes[i]` (what it is), `parameters[i]` (an index into the side
/// table of its kind: stacks, insets, frames, texts; unused by kinds without parameters), its
/// children `childList[childStart[i] ..< childStart[i] + childCounts[i]]` (contiguous in one
/// list, no array per node), its layout priority and its tag. There is no object per node:
/// copying a node's data into the layout pass retains nothing.
///
/// Order: every child has a smaller index than its parent and the root is the last node
/// (`root == count - 1`), the order in which a resolver finishes nodes (children first). A
/// child belongs to one parent only.
///
/// Text strings and styles are interned: equal (string, style) pairs share one entry of
/// `texts`, so the engine measures each distinct text once per proposed width.
///
/// `LayoutNode` trees (tests, fixtures, older callers) convert with ``init(_:)``.
public struct LayoutTree: Sendable {
  /// The node kinds: `LayoutKind` without its parameters (one byte per node).
  enum Code: UInt8, Sendable {
    case stack, zStack, text, spacer, divider, color, padding, frame, fixedSize, offset
    case background, overlay, alignmentGuide, shape, image, aspectRatio, grid, gridRow
    case scrollView, viewThatFits, geometryReader
  }

  /// An HStack's or VStack's parameters (`LayoutKind.stack`).
  struct StackParameters: Sendable {
    var axis: Axis
    var alignment: Alignment
    var spacing: Double?
  }

  /// An interned text: indices into `strings` and `styles`.
  struct TextRun: Hashable, Sendable {
    var string: Int32
    var style: Int32
  }

  // Same shape as the side tables below and as ViewInfoTable's columns in CatalogResolver (one
  // array per field, structure of arrays), kept because each array is a column of a flat table
  // read by index: different tables of different modules, with nothing to share but `[T] = []`.
  /// Each node's kind.
  var codes: [Code] = []
  /// Each node's index into the side table of its kind (-1 when the kind has none).
  var parameters: [Int32] = []
  /// Where each node's children start in `childList`.
  var childStart: [Int32] = []
  /// Each node's number of children.
  var childCounts: [Int32] = []
  /// All children, grouped by parent (each parent's children contiguous, in order).
  var childList: [Int32] = []
  /// Each node's layout priority (SwiftUI's `layoutPriority`, default 0); empty while
  /// every node's is 0 (most trees: 8 bytes per node of fresh memory saved), else one per
  /// node. Read through ``layoutPriority(of:)``.
  var priorities: [Double] = []
  /// Each node's caller-defined tag (the resolver's index into its view infos).
  public internal(set) var tags: [Int] = []
  /// Whether each node already has a parent.
  var hasParent: [Bool] = []
  /// Grid-cell traits of the nodes that have non-default ones.
  var gridCells: [Int32: GridCellTraits] = [:]

  /// Side table: stacks.
  var stacks: [StackParameters] = []
  /// Side table: padding insets.
  var insets: [EdgeInsets] = []
  /// Side table: frame specifications.
  var frames: [FrameSpec] = []
  /// Side table: interned texts (the parameter of a text node; also its measurement group).
  var texts: [TextRun] = []
  /// Interned strings (text contents and colour names).
  var strings: [String] = []
  /// Interned text styles.
  var styles: [TextStyle] = []
  /// Side table: the full kind of rarer nodes (spacer, offset, shapes, images, grids, …).
  var others: [LayoutKind] = []

  private var stringIndex: [String: Int32] = [:]
  private var styleIndex: [TextStyle: Int32] = [:]
  private var textIndex: [TextRun: Int32] = [:]
  /// The last interned text run (rows of a list repeat the same text: no hashing then).
  private var lastText: RecentText?
  /// The texts interned most recently, a ring of ``recentLimit`` (rows of a list that
  /// cycle through a few texts, such as `$index` labels, find theirs without hashing).
  private var recentTexts: [RecentText] = []
  private var recentNext = 0
  private static let recentLimit = 16
  /// The last style interned (a tree's texts mostly share one).
  private var lastStyle: (style: TextStyle, index: Int32)?

  /// Creates an empty tree.
  public init() {}

  /// The number of nodes.
  public var count: Int { codes.count }

  /// The root: the node chosen with ``setRoot(_:)``, else the last node; nil for an empty
  /// tree. Nodes the root does not reach are not laid out.
  public var root: Int? { chosenRoot ?? (codes.isEmpty ? nil : codes.count - 1) }

  private var chosenRoot: Int?

  /// Makes node `i` the root (by default the last node is).
  ///
  /// - Parameter i: An index of the tree; ignored when out of range.
  public mutating func setRoot(_ i: Int) {
    if i >= 0 && i < codes.count { chosenRoot = i }
  }

  /// Reserves room for `nodes` nodes (a caller that knows the size avoids regrowing).
  ///
  /// - Parameter nodes: The expected number of nodes.
  public mutating func reserveCapacity(_ nodes: Int) {
    codes.reserveCapacity(nodes)
    parameters.reserveCapacity(nodes)
    childStart.reserveCapacity(nodes)
    childCounts.reserveCapacity(nodes)
    childList.reserveCapacity(nodes)
    tags.reserveCapacity(nodes)
    hasParent.reserveCapacity(nodes)
  }

  // MARK: Building

  /// Appends a node whose children were appended before it.
  ///
  /// - Parameters:
  ///   - kind: The view or modifier, with SwiftUI's parameters.
  ///   - children: The node's children, in order: indices of nodes already in the tree that
  ///     have no parent yet (others are skipped, so the tree stays a tree).
  ///   - layoutPriority: SwiftUI's layout priority (default 0).
  ///   - tag: A caller-defined number, kept as is.
  /// - Returns: The new node's index.
  @discardableResult
  public mutating func append(
    _ kind: LayoutKind, children: [Int], layoutPriority: Double = 0, tag: Int = 0
  ) -> Int {
    let start = childList.count
    childStart.append(Int32(truncatingIfNeeded: start))
    for k in children.indices where adopt(children[k]) {
      childList.append(Int32(truncatingIfNeeded: children[k]))
    }
    childCounts.append(Int32(truncatingIfNeeded: childList.count - start))
    return appendNode(kind, layoutPriority: layoutPriority, tag: tag)
  }

  /// Appends a leaf or a modifier with one child (no collection to build).
  ///
  /// - Parameters:
  ///   - kind: The view or modifier.
  ///   - child: The single child, or nil for a leaf.
  ///   - layoutPriority: SwiftUI's layout priority (default 0).
  ///   - tag: A caller-defined number.
  /// - Returns: The new node's index.
  @discardableResult
  public mutating func append(
    _ kind: LayoutKind, child: Int? = nil, layoutPriority: Double = 0, tag: Int = 0
  ) -> Int {
    appendChildSlot(child)
    return appendNode(kind, layoutPriority: layoutPriority, tag: tag)
  }

  /// Records a new node's child list: `child` alone when it is an existing parentless
  /// node, else none. Shared by ``append(_:child:layoutPriority:tag:)`` and
  /// ``append(sameKindAs:child:layoutPriority:tag:)``.
  @inline(__always)
  mutating func appendChildSlot(_ child: Int?) {
    childStart.append(Int32(truncatingIfNeeded: childList.count))
    if let child, adopt(child) {
      childCounts.append(1)
      childList.append(Int32(truncatingIfNeeded: child))
    } else {
      childCounts.append(0)
    }
  }

  /// Marks `c` as having a parent; false when it is not an existing parentless node.
  @inline(__always)
  mutating func adopt(_ c: Int) -> Bool {
    guard c >= 0, c < hasParent.count, !hasParent[c] else { return false }
    hasParent[c] = true
    return true
  }

  private mutating func appendNode(_ kind: LayoutKind, layoutPriority: Double, tag: Int) -> Int {
    let (code, parameter) = encode(kind)
    return appendNode(code, parameter: parameter, layoutPriority: layoutPriority, tag: tag)
  }

  /// Appends a node's own fields (its children already recorded).
  @inline(__always)
  mutating func appendNode(_ code: Code, parameter: Int32, layoutPriority: Double, tag: Int)
    -> Int
  {
    if !priorities.isEmpty || layoutPriority.bitPattern != 0 {
      materializePriorities()
      priorities.append(layoutPriority)
    }
    codes.append(code)
    parameters.append(parameter)
    tags.append(tag)
    hasParent.append(false)
    return codes.count - 1
  }

  /// Sets the layout priority of node `i` (a trait carried by the outermost wrapper).
  ///
  /// - Parameters:
  ///   - priority: SwiftUI's layout priority.
  ///   - i: The node.
  public mutating func setLayoutPriority(_ priority: Double, of i: Int) {
    guard i >= 0, i < codes.count else { return }
    if priorities.isEmpty && priority.bitPattern == 0 { return }
    materializePriorities()
    priorities[i] = priority
  }

  /// Makes ``priorities`` hold one entry per node (zeros for the nodes so far) if it is
  /// empty.
  private mutating func materializePriorities() {
    guard priorities.count < codes.count else { return }
    priorities.reserveCapacity(codes.capacity)
    priorities.append(contentsOf: repeatElement(0, count: codes.count - priorities.count))
  }

  /// The layout priority of node `i` as set (a Spacer still reports −∞ to its stack).
  ///
  /// - Parameter i: The node.
  /// - Returns: The priority.
  public func layoutPriority(of i: Int) -> Double { priorities.isEmpty ? 0 : priorities[i] }

  /// Sets the grid-cell traits of node `i` (`gridCellColumns`, …).
  ///
  /// - Parameters:
  ///   - traits: The traits.
  ///   - i: The node.
  public mutating func setGridCell(_ traits: GridCellTraits, of i: Int) {
    if traits == GridCellTraits() {
      gridCells[Int32(i)] = nil
    } else {
      gridCells[Int32(i)] = traits
    }
  }

  /// The grid-cell traits of node `i` (SwiftUI's defaults when none were set).
  ///
  /// - Parameter i: The node.
  /// - Returns: The traits.
  public func gridCell(of i: Int) -> GridCellTraits {
    gridCells.isEmpty ? GridCellTraits() : gridCells[Int32(i)] ?? GridCellTraits()
  }

  /// The number of children of node `i`.
  ///
  /// - Parameter i: The node.
  /// - Returns: The count.
  public func childCount(of i: Int) -> Int { Int(childCounts[i]) }

  /// The `k`-th child of node `i`.
  ///
  /// - Parameters:
  ///   - k: The child's position, from 0.
  ///   - i: The node.
  /// - Returns: The child's index.
  public func child(_ k: Int, of i: Int) -> Int { Int(childList[Int(childStart[i]) + k]) }

  /// The kind of node `i` with its parameters (rebuilt from the side tables).
  ///
  /// - Parameter i: The node.
  /// - Returns: The kind.
  public func kind(of i: Int) -> LayoutKind {
    let p = Int(parameters[i])
    switch codes[i] {
    case .stack:
      let s = stacks[p]
      return .stack(axis: s.axis, alignment: s.alignment, spacing: s.spacing)
    case .text:
      let t = texts[p]
      return .text(strings[Int(t.string)], styles[Int(t.style)])
    case .color: return .color(strings[p])
    case .padding: return .padding(insets[p])
    case .frame: return .frame(frames[p])
    case .divider: return .divider
    case .geometryReader: return .geometryReader
    case .fixedSize: return .fixedSize(horizontal: p & 1 != 0, vertical: p & 2 != 0)
    default: return others[p]
    }
  }

  /// The kind's code and its side-table entry.
  private mutating func encode(_ kind: LayoutKind) -> (Code, Int32) {
    switch kind {
    case .stack(let axis, let alignment, let spacing):
      stacks.append(StackParameters(axis: axis, alignment: alignment, spacing: spacing))
      return (.stack, Int32(stacks.count - 1))
    case .text(let string, let style):
      return (.text, intern(string, style))
    case .color(let name):
      return (.color, intern(name))
    case .padding(let e):
      // A run of equal insets (every padded stack of a tree using one token) shares one entry.
      if let last = insets.last, last == e { return (.padding, Int32(insets.count - 1)) }
      insets.append(e)
      return (.padding, Int32(insets.count - 1))
    case .frame(let f):
      frames.append(f)
      return (.frame, Int32(frames.count - 1))
    case .divider: return (.divider, -1)
    case .geometryReader: return (.geometryReader, -1)
    case .fixedSize(let h, let v): return (.fixedSize, (h ? 1 : 0) | (v ? 2 : 0))
    case .spacer: return other(.spacer, kind)
    case .zStack: return other(.zStack, kind)
    case .offset: return other(.offset, kind)
    case .background: return other(.background, kind)
    case .overlay: return other(.overlay, kind)
    case .alignmentGuide: return other(.alignmentGuide, kind)
    case .shape: return other(.shape, kind)
    case .image: return other(.image, kind)
    case .aspectRatio: return other(.aspectRatio, kind)
    case .grid: return other(.grid, kind)
    case .gridRow: return other(.gridRow, kind)
    case .scrollView: return other(.scrollView, kind)
    case .viewThatFits: return other(.viewThatFits, kind)
    }
  }

  private mutating func other(_ code: Code, _ kind: LayoutKind) -> (Code, Int32) {
    others.append(kind)
    return (code, Int32(others.count - 1))
  }

  private mutating func intern(_ string: String) -> Int32 {
    if let i = stringIndex[string] { return i }
    let i = Int32(strings.count)
    strings.append(string)
    stringIndex[string] = i
    return i
  }

  /// A recently interned text: the string's ``fingerprint(_:)``, compared before the
  /// string itself (comparing two different strings costs a call into the runtime; the
  /// `$index` labels of a list differ from nine of the ten texts they are compared with).
  private struct RecentText {
    var string: String
    var style: TextStyle
    var run: Int32
    var print: UInt64

    /// Whether this is the text (`string`, `style`) whose string's fingerprint is `print`.
    @inline(__always)
    func matches(_ string: String, _ style: TextStyle, _ print: UInt64) -> Bool {
      self.print == print && self.string == string && self.style == style
    }
  }

  /// A number made of a string's UTF-8 length and its first and last four bytes: strings of
  /// the same bytes have equal fingerprints. Only the recent-text caches compare them: two
  /// canonically equivalent strings of different bytes (Swift's `==` holds) miss the cache
  /// and find the same entry through the dictionaries.
  ///
  /// - Parameter string: Any string.
  /// - Returns: The fingerprint (a string the runtime cannot read in place gives its length).
  @inline(__always)
  static func fingerprint(_ string: String) -> UInt64 {
    string.utf8.withContiguousStorageIfAvailable { bytes -> UInt64 in
      let n = bytes.count
      var v = UInt64(truncatingIfNeeded: n)
      for k in 0..<min(n, 4) { v = v &<< 8 | UInt64(bytes[k]) }
      for k in max(n - 4, 4)..<max(n, 4) { v = v &<< 8 | UInt64(bytes[k]) }
      return v
    } ?? UInt64(truncatingIfNeeded: string.utf8.count)
  }

  mutating func intern(_ string: String, _ style: TextStyle) -> Int32 {
    let print = Self.fingerprint(string)
    if let last = lastText, last.matches(string, style, print) { return last.run }
    if let r = recentText(string, style, print) {
      lastText = RecentText(string: string, style: style, run: r, print: print)
      return r
    }
    let s = intern(string)
    let st: Int32
    if let last = lastStyle, last.style == style {
      st = last.index
    } else if let i = styleIndex[style] {
      st = i
    } else {
      st = Int32(styles.count)
      styles.append(style)
      styleIndex[style] = st
    }
    lastStyle = (style, st)
    let run = TextRun(string: s, style: st)
    let r: Int32
    if let i = textIndex[run] {
      r = i
    } else {
      r = Int32(texts.count)
      texts.append(run)
      textIndex[run] = r
    }
    let recent = RecentText(string: string, style: style, run: r, print: print)
    lastText = recent
    if recentTexts.count < Self.recentLimit {
      recentTexts.append(recent)
    } else {
      recentTexts[recentNext] = recent
      recentNext = (recentNext + 1) % Self.recentLimit
    }
    return r
  }

  /// The run of a text interned recently, nil when it is not in ``recentTexts``.
  private func recentText(_ string: String, _ style: TextStyle, _ print: UInt64) -> Int32? {
    recentTexts.withUnsafeBufferPointer { entries -> Int32? in
      for k in entries.indices where entries[k].matches(string, style, print) {
        return entries[k].run
      }
      return nil
    }
  }

  // MARK: Converting a LayoutNode tree

  /// Converts a tree of `LayoutNode`s (iteratively, any depth).
  ///
  /// A node object met a second time (shared or cyclic references) is skipped, so the
  /// conversion always terminates; it is laid out at its first position only.
  ///
  /// - Parameter root: The root node.
  public init(_ root: LayoutNode) {
    self = LayoutTree.converting(root).tree
  }

  /// Converts, also returning the node object of every tree index (to write frames back).
  static func converting(_ root: LayoutNode) -> (tree: LayoutTree, objects: [LayoutNode]) {
    var tree = LayoutTree()
    // Breadth first: parents before children, each node's children together. Numbering the
    // list backwards gives children smaller indices than their parents, root last.
    var nodes: [LayoutNode] = [root]
    var kids: [Int] = []  // per node (breadth-first numbering): start in `flat`
    var flat: [Int] = []
    root.isFlattening = true
    var i = 0
    while i < nodes.count {
      kids.append(flat.count)
      for child in nodes[i].children where !child.isFlattening {
        child.isFlattening = true
        flat.append(nodes.count)
        nodes.append(child)
      }
      i += 1
    }
    kids.append(flat.count)
    for node in nodes { node.isFlattening = false }
    let n = nodes.count
    tree.reserveCapacity(n)
    for j in stride(from: n - 1, through: 0, by: -1) {
      let node = nodes[j]
      tree.append(
        node.kind, children: flat[kids[j]..<kids[j + 1]].map { n - 1 - $0 },
        layoutPriority: node.layoutPriority, tag: node.tag)
      if node.gridCell != GridCellTraits() { tree.setGridCell(node.gridCell, of: n - 1 - j) }
    }
    return (tree, nodes.reversed())
  }

  /// Builds `LayoutNode` objects for some nodes of the tree and everything under them (for
  /// callers that walk node objects, like renderers).
  ///
  /// - Parameter roots: Indices of the tree.
  /// - Returns: One object per index, in order; nodes carry kind, priority, tag and grid-cell
  ///   traits, frames zero.
  public func makeNodes(_ roots: [Int]) -> [LayoutNode] {
    if roots.isEmpty { return [] }
    var objects: [LayoutNode] = []
    objects.reserveCapacity(count)
    for i in 0..<count {
      let node = LayoutNode(kind(of: i), layoutPriority: layoutPriority(of: i), tag: tags[i])
      if !gridCells.isEmpty { node.gridCell = gridCell(of: i) }
      let s = Int(childStart[i])
      let c = Int(childCounts[i])
      if c > 0 { node.children = (s..<s + c).map { objects[Int(childList[$0])] } }
      objects.append(node)
    }
    return roots.map { objects[$0] }
  }
}
