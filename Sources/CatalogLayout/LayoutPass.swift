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
/// pre-order, root = 0; the arrays are constants for the pass, and children are stored as
/// ranges of one flat list. Sizing recurses through the layout rules (depth bounded by the
/// tree's depth, which the resolver caps); placement and rounding are iterative.
final class LayoutPass {
  let env: LayoutEnvironment
  /// Nodes in pre-order.
  let nodes: [LayoutNode]
  /// Each node's kind (a copy, read without touching the node objects).
  let kinds: [LayoutKind]
  /// Children of node `i` are `childList[childStart[i] ..< childStart[i + 1]]`.
  let childStart: [Int]
  /// All children, grouped by parent.
  let childList: [Int]
  /// The axis of the nearest enclosing HStack/VStack, looking through single-child
  /// modifiers and a background/overlay's primary; nil outside any stack, directly inside a
  /// ZStack, or as the secondary of a background/overlay. Spacer and Divider depend on it
  /// (reference §2.6, §2.7).
  let stackAxis: [Axis?]
  /// The priority each node's parent stack sees (§2.3 step 5).
  let priority: [Double]
  /// Gaps between adjacent members of each stack, flat: stack `i`'s gap before member
  /// k + 1 is `gapList[childStart[i] + k]` (computed for every node; unused for non-stacks).
  let gapList: [Double]
  /// True when some node is an `alignmentGuide`: only then are explicit values of
  /// non-baseline guides looked for.
  let hasCustomGuides: Bool
  /// The memo (reference "Speed": each node's size per proposal once per pass).
  let cache: LayoutCache
  /// Text measurements shared by every Text node with the same string, style and width
  /// (a list of 10,000 identical rows measures its text once per proposal, not per row).
  private var sharedTexts: [SharedTextKey: TextMeasurement] = [:]
  /// For each Text node, the number of its (string, style) among the pass's distinct texts
  /// (each string is hashed once per pass, not once per measurement); -1 for other nodes.
  private let textGroup: [Int]
  /// The number of nodes on the longest root-to-leaf path (1 for a lone root).
  let depth: Int
  /// The grid each `GridRow` node belongs to (only rows directly inside a `Grid`).
  let gridRowParent: [Int: Int]
  /// Each grid's columns and rows, computed once per pass (``GridLayout``).
  var gridGeometries: [Int: GridGeometry] = [:]

  init(root: LayoutNode, environment: LayoutEnvironment) {
    env = environment
    // Flatten iteratively, breadth first: the children of a node are appended together, so
    // node i's children are the contiguous range childStart[i]..<childStart[i + 1] and every
    // child comes after its parent. A node object met a second time (shared or cyclic
    // references) is skipped, so the pass always terminates.
    var nodes: [LayoutNode] = [root]
    var parentAxis: [Axis?] = [nil]
    var level: [Int] = [1]
    // Visited marks live on the nodes (cleared below), not in a hashed set.
    root.isFlattening = true
    var start: [Int] = []
    var depth = 1
    var custom = false
    var rowParent: [Int: Int] = [:]
    var i = 0
    while i < nodes.count {
      let node = nodes[i]
      start.append(nodes.count)
      for (k, child) in node.children.enumerated() where !child.isFlattening {
        child.isFlattening = true
        nodes.append(child)
        let context: Axis?
        switch node.kind {
        case .stack(let axis, _, _): context = axis
        case .padding, .frame, .fixedSize, .offset, .alignmentGuide, .aspectRatio:
          context = parentAxis[i]
        case .background, .overlay: context = k == 0 ? parentAxis[i] : nil
        default: context = nil
        }
        parentAxis.append(context)
        if case .grid = node.kind, case .gridRow = child.kind { rowParent[nodes.count - 1] = i }
        level.append(level[i] + 1)
        depth = max(depth, level[i] + 1)
      }
      if case .alignmentGuide = node.kind { custom = true }
      i += 1
    }
    start.append(nodes.count)
    for node in nodes { node.isFlattening = false }
    let flat = Array(0..<nodes.count)
    self.nodes = nodes
    self.kinds = nodes.map(\.kind)
    var groups: [TextKey: Int] = [:]
    var textGroup = [Int](repeating: -1, count: nodes.count)
    // Neighbouring texts are often the same (rows of a list): compare with the previous
    // text's key before hashing.
    var previous: (key: TextKey, group: Int)?
    for (index, kind) in kinds.enumerated() {
      guard case .text(let string, let style) = kind else { continue }
      let key = TextKey(text: string, style: style, width: nil)
      if let previous, previous.key == key {
        textGroup[index] = previous.group
      } else if let g = groups[key] {
        textGroup[index] = g
        previous = (key, g)
      } else {
        textGroup[index] = groups.count
        previous = (key, groups.count)
        groups[key] = groups.count
      }
    }
    self.textGroup = textGroup
    self.gridRowParent = rowParent
    self.childStart = start
    self.childList = flat
    self.stackAxis = parentAxis
    self.depth = depth
    self.hasCustomGuides = custom
    self.priority = LayoutPass.priorities(kinds, nodes, start, flat)
    // Spacing preferences (§2.2) are only needed for the gaps: not kept for the pass.
    self.gapList = LayoutPass.gaps(
      kinds, start, flat, LayoutPass.spacing(kinds, start, flat, parentAxis, environment),
      environment)
    cache = LayoutCache(nodeCount: nodes.count)
  }

  // MARK: Tree

  /// The number of children of node `i`.
  @inline(__always) func childCount(_ i: Int) -> Int { childStart[i + 1] - childStart[i] }

  /// The `k`-th child of node `i`.
  @inline(__always) func child(_ i: Int, _ k: Int) -> Int { childList[childStart[i] + k] }

  /// The first child of node `i`, if any.
  @inline(__always) func firstChild(_ i: Int) -> Int? {
    childStart[i + 1] > childStart[i] ? childList[childStart[i]] : nil
  }

  /// The gap before member `k + 1` of stack `i`.
  @inline(__always) func gap(_ i: Int, _ k: Int) -> Double { gapList[childStart[i] + k] }

  /// §2.3 step 5 and `LayoutNode.layoutPriority`: a Spacer reports −∞ whatever its
  /// `layoutPriority` says; a modifier around a Spacer (padding, frame, fixedSize, offset,
  /// alignmentGuide, or a background/overlay whose primary is a Spacer) with the default
  /// priority 0 also reports −∞ (a modifier keeps its child's priority, as fixedSize does in
  /// §3.4); any other node reports its `layoutPriority`.
  private static func priorities(
    _ kinds: [LayoutKind], _ nodes: [LayoutNode], _ start: [Int], _ flat: [Int]
  ) -> [Double] {
    var priority = [Double](repeating: 0, count: nodes.count)
    for i in stride(from: nodes.count - 1, through: 0, by: -1) {
      let own = nodes[i].layoutPriority
      switch kinds[i] {
      case .spacer:
        priority[i] = -.infinity
      case .padding, .frame, .fixedSize, .offset, .alignmentGuide, .background, .overlay,
        .aspectRatio:
        if own == 0, start[i + 1] > start[i], priority[flat[start[i]]] == -.infinity {
          priority[i] = -.infinity
        } else {
          priority[i] = own
        }
      default:
        priority[i] = own
      }
    }
    return priority
  }

  /// §2.2: spacing preferences bottom-up (children have larger numbers than parents).
  private static func spacing(
    _ kinds: [LayoutKind], _ start: [Int], _ flat: [Int], _ axes: [Axis?], _ env: LayoutEnvironment
  ) -> [ViewSpacing] {
    var result = [ViewSpacing](repeating: .ordinary, count: kinds.count)
    // Members are read through a buffer (no array of the members' spacings per stack).
    result.withUnsafeMutableBufferPointer { spacing in
      for i in stride(from: kinds.count - 1, through: 0, by: -1) {
        let kids = flat[start[i]..<start[i + 1]]
        let first = kids.first.map { spacing[$0] } ?? .empty
        switch kinds[i] {
        case .text:
          spacing[i] = .text(env)
        case .color, .divider, .shape, .image, .grid, .gridRow, .scrollView, .viewThatFits,
          .geometryReader:
          spacing[i] = .ordinary
        case .spacer:
          spacing[i] = .spacer(stackAxis: axes[i])
        case .stack(let axis, _, _):
          let done = UnsafeBufferPointer(spacing)
          spacing[i] = StackLayout.spacing(axis: axis, children: kids.lazy.map { done[$0] })
        case .zStack:
          let done = UnsafeBufferPointer(spacing)
          spacing[i] = ZStackLayout.spacing(children: kids.lazy.map { done[$0] })
        case .padding(let insets):
          spacing[i] = PaddingLayout.spacing(insets: insets, child: first)
        case .frame(let spec):
          spacing[i] =
            spec.isFlexible
            ? FlexibleFrameLayout.spacing(spec: spec, child: first)
            : FrameLayout.spacing(spec: spec, child: first)
        case .fixedSize, .offset, .alignmentGuide, .background, .overlay, .aspectRatio:
          // No effect on spacing: the child's (the primary's for background/overlay).
          spacing[i] = first
        }
      }
    }
    return result
  }

  /// The gaps between adjacent members of every stack (§2.2): the explicit spacing, or each
  /// pair's `ViewSpacing` distance when the spacing is nil.
  private static func gaps(
    _ kinds: [LayoutKind], _ start: [Int], _ flat: [Int], _ spacing: [ViewSpacing],
    _ env: LayoutEnvironment
  ) -> [Double] {
    var gaps = [Double](repeating: 0, count: flat.count)
    for i in 0..<kinds.count {
      guard case .stack(let axis, _, let explicit) = kinds[i] else { continue }
      let s = start[i]
      let n = start[i + 1] - s
      guard n > 1 else { continue }
      for k in 1..<n {
        if let explicit {
          gaps[s + k - 1] = explicit
        } else {
          gaps[s + k - 1] = spacing[flat[s + k - 1]].distance(
            to: spacing[flat[s + k]], along: axis, defaultSpacing: env.defaultSpacing)
        }
      }
    }
    return gaps
  }

  // MARK: Sizing

  /// The size node `i` chooses for proposal `p`, in points (memoised; §1 step 2).
  func size(_ i: Int, _ p: ProposedSize) -> Size {
    cache.sizeQueries += 1
    // `textGroup` says "a Text" without copying the node's kind (and retaining its string).
    if textGroup[i] >= 0 {
      // A text's size depends only on the proposed width; sizes are memoised by it, apart
      // from the full measurement (lines, baselines), so a size query copies no lines.
      let key = ProposedSize(width: p.width, height: nil)
      if let hit = cache.sizes.get(i, key) { return hit }
      let s = measureText(i, width: p.width).size
      cache.sizes.set(s, i, key)
      return s
    }
    if let hit = cache.sizes.get(i, p) { return hit }
    let s = computeSize(i, p)
    cache.sizeComputations += 1
    cache.sizes.set(s, i, p)
    return s
  }

  /// The size of the single child of modifier `i` (0×0 when it has none).
  @inline(__always)
  func childSize(_ i: Int, _ p: ProposedSize) -> Size {
    guard let c = firstChild(i) else { return .zero }
    return size(c, p)
  }

  private func computeSize(_ i: Int, _ p: ProposedSize) -> Size {
    switch kinds[i] {
    case .stack(let axis, let alignment, _):
      return StackLayout(pass: self, node: i, axis: axis, alignment: alignment).sizeThatFits(p)
    case .zStack(let alignment):
      return ZStackLayout(pass: self, node: i, alignment: alignment).sizeThatFits(p)
    case .text:
      return measureText(i, width: p.width).size
    case .spacer(let minLength):
      return SpacerLayout.sizeThatFits(
        p, minLength: minLength ?? env.defaultSpacing, stackAxis: stackAxis[i])
    case .divider:
      return DividerLayout.sizeThatFits(p, thickness: env.pixelLength, stackAxis: stackAxis[i])
    case .color, .shape:
      // §1: a shape or Color takes the proposal, with 10 for an unspecified axis.
      return ShapeLayout.sizeThatFits(p)
    case .image(let spec):
      return ImageLayout.sizeThatFits(p, spec: spec)
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
    case .geometryReader:
      return GeometryReaderLayout(pass: self, node: i).sizeThatFits(p)
    case .padding(let insets):
      return PaddingLayout(pass: self, node: i, insets: insets).sizeThatFits(p)
    case .frame(let spec):
      if spec.isFlexible {
        return FlexibleFrameLayout(pass: self, node: i, spec: spec).sizeThatFits(p)
      }
      return FrameLayout(pass: self, node: i, spec: spec).sizeThatFits(p)
    case .fixedSize(let h, let v):
      return FixedSizeLayout(pass: self, node: i, horizontal: h, vertical: v).sizeThatFits(p)
    case .offset, .alignmentGuide, .background, .overlay:
      // §3.5: only the child (the primary) decides the size; an offset is drawn after layout.
      return childSize(i, p)
    }
  }

  /// The text measurement of text node `i` at a proposed width (memoised).
  func measureText(_ i: Int, width: Double?) -> TextMeasurement {
    let key = ProposedSize(width: width, height: nil)
    if let hit = cache.texts.get(i, key) { return hit }
    guard case .text(let string, let style) = kinds[i] else {
      return TextMeasurement(size: .zero, firstBaseline: 0, lastBaseline: 0, lines: [])
    }
    let shared = SharedTextKey(group: textGroup[i], width: width)
    if let hit = sharedTexts[shared] {
      cache.texts.set(hit, i, key)
      return hit
    }
    let m = env.textMeasurer.measure(string, style: style, proposedWidth: width)
    cache.texts.set(m, i, key)
    sharedTexts[shared] = m
    return m
  }

  // MARK: Placement

  /// Where node `i`, sized for `p`, puts its children (relative origins and proposals).
  func placements(_ i: Int, _ p: ProposedSize) -> [ChildPlacement] {
    switch kinds[i] {
    case .stack(let axis, let alignment, _):
      return StackLayout(pass: self, node: i, axis: axis, alignment: alignment).placements(p)
    case .zStack(let alignment):
      return ZStackLayout(pass: self, node: i, alignment: alignment).placements(p)
    case .padding(let insets):
      return PaddingLayout(pass: self, node: i, insets: insets).placements(p)
    case .frame(let spec):
      if spec.isFlexible {
        return FlexibleFrameLayout(pass: self, node: i, spec: spec).placements(p)
      }
      return FrameLayout(pass: self, node: i, spec: spec).placements(p)
    case .fixedSize(let h, let v):
      return FixedSizeLayout(pass: self, node: i, horizontal: h, vertical: v).placements(p)
    case .offset(let x, let y):
      guard let c = firstChild(i) else { return [] }
      return [ChildPlacement(child: c, origin: Point(x: x, y: y), proposal: p)]
    case .alignmentGuide:
      guard let c = firstChild(i) else { return [] }
      return [ChildPlacement(child: c, origin: .zero, proposal: p)]
    case .background(let alignment), .overlay(let alignment):
      return SecondaryLayerLayout(pass: self, node: i, alignment: alignment).placements(p)
    case .aspectRatio(let ratio, let mode):
      return AspectRatioLayout(pass: self, node: i, ratio: ratio, contentMode: mode).placements(p)
    case .grid(let spec):
      return GridLayout(pass: self, node: i, spec: spec).placements(p)
    case .gridRow(let alignment):
      return GridRowLayout(pass: self, node: i, alignment: alignment).placements(p)
    case .scrollView(let axis):
      return ScrollViewLayout(pass: self, node: i, axis: axis).placements(p)
    case .viewThatFits(let h, let v):
      return ViewThatFitsLayout(pass: self, node: i, horizontal: h, vertical: v).placements(p)
    case .geometryReader:
      return GeometryReaderLayout(pass: self, node: i).placements(p)
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
    switch kinds[i] {
    case .text:
      let m = measureText(i, width: p.width)
      result = m.lines.isEmpty ? .none : Baselines(first: m.firstBaseline, last: m.lastBaseline)
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
    switch kinds[i] {
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

  /// Places the whole tree with the root at (0, 0), iteratively, and returns every node's
  /// unrounded frame in root coordinates.
  func placeAll(_ proposal: ProposedSize) -> [Rect] {
    var frames = [Rect](repeating: .zero, count: nodes.count)
    var placed = [Bool](repeating: false, count: nodes.count)
    var work: [(node: Int, proposal: ProposedSize, origin: Point)] = [(0, proposal, .zero)]
    defer {
      // Nodes no parent placed (a ViewThatFits child not chosen) are marked for renderers.
      for k in nodes.indices { nodes[k].isPlaced = placed[k] }
    }
    while let item = work.popLast() {
      let s = size(item.node, item.proposal)
      frames[item.node] = Rect(origin: item.origin, size: s)
      placed[item.node] = true
      if childCount(item.node) == 0 { continue }
      for placement in placements(item.node, item.proposal) {
        work.append(
          (
            placement.child, placement.proposal,
            Point(x: item.origin.x + placement.origin.x, y: item.origin.y + placement.origin.y)
          ))
      }
    }
    return frames
  }
}

/// A distinct text of a pass: the string and its style (the width is unused here).
struct TextKey: Hashable {
  var text: String
  var style: TextStyle
  var width: Double?
}

/// The key of a shared text measurement: the text's group in the pass and the proposed width.
struct SharedTextKey: Hashable {
  var group: Int
  var width: Double?
}
