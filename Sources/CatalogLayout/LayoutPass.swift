/// Where a container puts one child: the child, its origin relative to the container's
/// top-left corner (points), and the size proposed to it when placing (reference §2.5,
/// "Placement").
struct ChildPlacement {
  var child: Int
  var origin: Point
  var proposal: ProposedSize
}

/// One layout pass over a tree: the flattened nodes, their context and the memo.
///
/// The tree is flattened once (iteratively) into arrays indexed by node number, in
/// pre-order, root = 0. Sizing recurses through the layout rules (depth bounded by the
/// tree's depth, which the resolver caps); placement and rounding are iterative.
final class LayoutPass {
  let env: LayoutEnvironment
  /// Nodes in pre-order.
  private(set) var nodes: [LayoutNode] = []
  /// Children of each node, as node numbers.
  private(set) var children: [[Int]] = []
  /// The axis of the nearest enclosing HStack/VStack, looking through modifiers
  /// (padding, frame, fixedSize); nil outside any stack or directly inside a ZStack. Spacer
  /// and Divider depend on it (reference §2.6, §2.7).
  private(set) var stackAxis: [Axis?] = []
  /// The priority each node's parent stack sees (§2.3 step 5).
  private(set) var priority: [Double] = []
  /// Spacing preferences of each node (§2.2), computed bottom-up.
  private(set) var spacing: [ViewSpacing] = []
  /// Gaps between adjacent members of each stack (index k = gap before member k+1).
  private var gapsMemo: [Int: [Double]] = [:]
  /// The memo (reference "Speed": each node's size per proposal once per pass).
  var cache: LayoutCache
  /// The number of nodes on the longest root-to-leaf path (1 for a lone root).
  private(set) var depth = 1

  init(root: LayoutNode, environment: LayoutEnvironment) {
    env = environment
    cache = LayoutCache(expectedNodes: 0)
    flatten(root)
    cache = LayoutCache(expectedNodes: nodes.count)
    computePriorities()
    computeSpacing()
  }

  // MARK: Tree

  /// Flattens the tree iteratively. A node object met a second time (shared or cyclic
  /// references) is skipped, so the pass always terminates.
  private func flatten(_ root: LayoutNode) {
    var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
    nodes.append(root)
    children.append([])
    stackAxis.append(nil)
    var level: [Int] = [1]
    var work: [Int] = [0]
    while let i = work.popLast() {
      let node = nodes[i]
      let childContext: Axis?
      switch node.kind {
      case .stack(let axis, _, _): childContext = axis
      case .zStack: childContext = nil
      case .padding, .frame, .fixedSize: childContext = stackAxis[i]
      default: childContext = nil
      }
      var list: [Int] = []
      for child in node.children where seen.insert(ObjectIdentifier(child)).inserted {
        list.append(nodes.count)
        nodes.append(child)
        children.append([])
        stackAxis.append(childContext)
        level.append(level[i] + 1)
        depth = max(depth, level[i] + 1)
      }
      children[i] = list
      work.append(contentsOf: list.reversed())
    }
  }

  /// §2.3 step 5 and `LayoutNode.layoutPriority`: a Spacer reports −∞ whatever its
  /// `layoutPriority` says; a modifier chain around a Spacer (padding/frame/fixedSize) with
  /// the default priority 0 also reports −∞ (the modifier keeps its child's priority, as
  /// fixedSize does in §3.4); any other node reports its `layoutPriority`.
  private func computePriorities() {
    priority = [Double](repeating: 0, count: nodes.count)
    for i in stride(from: nodes.count - 1, through: 0, by: -1) {
      let node = nodes[i]
      switch node.kind {
      case .spacer:
        priority[i] = -.infinity
      case .padding, .frame, .fixedSize:
        if node.layoutPriority == 0, let c = children[i].first, priority[c] == -.infinity {
          priority[i] = -.infinity
        } else {
          priority[i] = node.layoutPriority
        }
      default:
        priority[i] = node.layoutPriority
      }
    }
  }

  /// §2.2: spacing preferences bottom-up (children have larger numbers than parents).
  private func computeSpacing() {
    spacing = [ViewSpacing](repeating: .ordinary, count: nodes.count)
    for i in stride(from: nodes.count - 1, through: 0, by: -1) {
      let kids = children[i]
      switch nodes[i].kind {
      case .text:
        spacing[i] = .text(env)
      case .color, .divider:
        spacing[i] = .ordinary
      case .spacer:
        spacing[i] = .spacer(stackAxis: stackAxis[i])
      case .stack(let axis, _, _):
        spacing[i] = StackLayout.spacing(axis: axis, children: kids.map { spacing[$0] })
      case .zStack:
        spacing[i] = ZStackLayout.spacing(children: kids.map { spacing[$0] })
      case .padding(let insets):
        spacing[i] = PaddingLayout.spacing(insets: insets, child: kids.first.map { spacing[$0] } ?? .empty)
      case .frame(let spec):
        let child = kids.first.map { spacing[$0] } ?? .empty
        spacing[i] = spec.isFlexible
          ? FlexibleFrameLayout.spacing(spec: spec, child: child)
          : FrameLayout.spacing(spec: spec, child: child)
      case .fixedSize:
        spacing[i] = kids.first.map { spacing[$0] } ?? .empty
      }
    }
  }

  /// The gaps between adjacent members of stack `i` (§2.2): the explicit spacing, or each
  /// pair's `ViewSpacing` distance when the spacing is nil.
  func gaps(_ i: Int, axis: Axis, explicit: Double?) -> [Double] {
    if let memo = gapsMemo[i] { return memo }
    let kids = children[i]
    var result: [Double] = []
    result.reserveCapacity(max(kids.count - 1, 0))
    if kids.count > 1 {
      for k in 1..<kids.count {
        if let explicit {
          result.append(explicit)
        } else {
          result.append(
            spacing[kids[k - 1]].distance(
              to: spacing[kids[k]], along: axis, defaultSpacing: env.defaultSpacing))
        }
      }
    }
    gapsMemo[i] = result
    return result
  }

  // MARK: Sizing

  /// The size node `i` chooses for proposal `p`, in points (memoised; §1 step 2).
  func size(_ i: Int, _ p: ProposedSize) -> Size {
    if let hit = cache.size(i, p) { return hit }
    let s = computeSize(i, p)
    cache.store(size: s, i, p)
    return s
  }

  /// The size of the single child of modifier `i` (0×0 when it has none).
  func childSize(_ i: Int, _ p: ProposedSize) -> Size {
    guard let c = children[i].first else { return .zero }
    return size(c, p)
  }

  private func computeSize(_ i: Int, _ p: ProposedSize) -> Size {
    switch nodes[i].kind {
    case .stack(let axis, let alignment, let spacing):
      return StackLayout(pass: self, node: i, axis: axis, alignment: alignment, spacing: spacing)
        .sizeThatFits(p)
    case .zStack:
      return ZStackLayout(pass: self, node: i).sizeThatFits(p)
    case .text:
      return measureText(i, width: p.width).size
    case .spacer(let minLength):
      return SpacerLayout.sizeThatFits(
        p, minLength: minLength ?? env.defaultSpacing, stackAxis: stackAxis[i])
    case .divider:
      return DividerLayout.sizeThatFits(p, thickness: env.pixelLength, stackAxis: stackAxis[i])
    case .color:
      // §1: a shape or Color takes the proposal, with 10 for an unspecified axis.
      return p.replacingUnspecified(by: Size(width: 10, height: 10))
    case .padding(let insets):
      return PaddingLayout(pass: self, node: i, insets: insets).sizeThatFits(p)
    case .frame(let spec):
      if spec.isFlexible {
        return FlexibleFrameLayout(pass: self, node: i, spec: spec).sizeThatFits(p)
      }
      return FrameLayout(pass: self, node: i, spec: spec).sizeThatFits(p)
    case .fixedSize(let h, let v):
      return FixedSizeLayout(pass: self, node: i, horizontal: h, vertical: v).sizeThatFits(p)
    }
  }

  /// The text measurement of text node `i` at a proposed width (memoised).
  func measureText(_ i: Int, width: Double?) -> TextMeasurement {
    if let hit = cache.text(i, width: width) { return hit }
    guard case .text(let string, let style) = nodes[i].kind else {
      return TextMeasurement(size: .zero, firstBaseline: 0, lastBaseline: 0, lines: [])
    }
    let m = env.textMeasurer.measure(string, style: style, proposedWidth: width)
    cache.store(text: m, i, width: width)
    return m
  }

  // MARK: Placement

  /// Where node `i`, sized for `p`, puts its children (relative origins and proposals).
  func placements(_ i: Int, _ p: ProposedSize) -> [ChildPlacement] {
    switch nodes[i].kind {
    case .stack(let axis, let alignment, let spacing):
      return StackLayout(pass: self, node: i, axis: axis, alignment: alignment, spacing: spacing)
        .placements(p)
    case .zStack:
      return ZStackLayout(pass: self, node: i).placements(p)
    case .padding(let insets):
      return PaddingLayout(pass: self, node: i, insets: insets).placements(p)
    case .frame(let spec):
      if spec.isFlexible {
        return FlexibleFrameLayout(pass: self, node: i, spec: spec).placements(p)
      }
      return FrameLayout(pass: self, node: i, spec: spec).placements(p)
    case .fixedSize(let h, let v):
      return FixedSizeLayout(pass: self, node: i, horizontal: h, vertical: v).placements(p)
    case .text, .spacer, .divider, .color:
      return []
    }
  }

  // MARK: Alignment guides

  /// Explicit text baselines of node `i` at `p` (memoised), in points from its top.
  ///
  /// Text: from its measurement. Views without text: none. Containers (stacks, ZStack and
  /// modifiers): their children's explicit baselines moved by the children's offsets,
  /// combined with the minimum for `firstTextBaseline` and the maximum (the bottom-most
  /// baseline, Apple's wording) for `lastTextBaseline` (reference §2.5). A single-child
  /// modifier therefore reports its child's baseline shifted by the padding or frame offset.
  func baselines(_ i: Int, _ p: ProposedSize) -> Baselines {
    if let hit = cache.baselines(i, p) { return hit }
    var result = Baselines.none
    switch nodes[i].kind {
    case .text:
      let m = measureText(i, width: p.width)
      result = m.lines.isEmpty ? .none : Baselines(first: m.firstBaseline, last: m.lastBaseline)
    case .color, .spacer, .divider:
      result = .none
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
    cache.store(baselines: result, i, p)
    return result
  }

  /// The value of a horizontal alignment guide in a view of `size` (reference §2.5:
  /// leading = 0, center = half, trailing = full width).
  func guide(_ h: HorizontalAlignment, size: Size) -> Double {
    switch h {
    case .leading: return 0
    case .center: return size.width / 2
    case .trailing: return size.width
    }
  }

  /// The value of a vertical alignment guide of node `i` sized `size` for `p` (§2.5: top 0,
  /// center half, bottom full height; text baselines from the view's explicit baselines,
  /// defaulting to the bottom for views without text).
  func guide(_ v: VerticalAlignment, node i: Int, size: Size, proposal p: ProposedSize) -> Double {
    switch v {
    case .top: return 0
    case .center: return size.height / 2
    case .bottom: return size.height
    case .firstTextBaseline: return baselines(i, p).first ?? size.height
    case .lastTextBaseline: return baselines(i, p).last ?? size.height
    }
  }

  /// The default value of a vertical guide in a container of `size` that has no explicit
  /// value (baselines default to the bottom), used by frames to align their child.
  func defaultGuide(_ v: VerticalAlignment, size: Size) -> Double {
    switch v {
    case .top: return 0
    case .center: return size.height / 2
    case .bottom, .firstTextBaseline, .lastTextBaseline: return size.height
    }
  }

  /// Places the whole tree with the root at (0, 0), iteratively, and returns every node's
  /// unrounded frame in root coordinates.
  func placeAll(_ proposal: ProposedSize) -> [Rect] {
    var frames = [Rect](repeating: .zero, count: nodes.count)
    var work: [(node: Int, proposal: ProposedSize, origin: Point)] = [(0, proposal, .zero)]
    while let item = work.popLast() {
      let s = size(item.node, item.proposal)
      frames[item.node] = Rect(origin: item.origin, size: s)
      for placement in placements(item.node, item.proposal) {
        work.append(
          (placement.child, placement.proposal,
           Point(x: item.origin.x + placement.origin.x, y: item.origin.y + placement.origin.y)))
      }
    }
    return frames
  }
}
