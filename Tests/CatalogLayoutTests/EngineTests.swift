import CatalogSystem
import Testing

@testable import CatalogLayout

/// Hand-written tests of the engine's public API, cache, depth and rounding.
@Suite("LayoutEngine")
struct EngineTests {
  private func color() -> LayoutNode { LayoutNode(.color("c")) }

  @Test("sizeThatFits is unrounded; layout returns the rounded root size")
  func sizeThatFitsUnrounded() {
    let engine = LayoutEngine(environment: LayoutEnvironment(displayScale: 2))
    let node = LayoutNode(.frame(FrameSpec(width: 10.2, height: 3.3)), children: [color()])
    #expect(engine.sizeThatFits(node, .unspecified) == Size(width: 10.2, height: 3.3))
    let size = engine.layout(node, in: .unspecified)
    #expect(size == Size(width: 10, height: 3.5))
    #expect(node.frame == Rect(x: 0, y: 0, width: 10, height: 3.5))
  }

  @Test("Color answers the proposal, 10 for unspecified axes (§1)")
  func colorProposal() {
    let engine = LayoutEngine()
    #expect(engine.sizeThatFits(color(), .unspecified) == Size(width: 10, height: 10))
    #expect(
      engine.sizeThatFits(color(), ProposedSize(width: 42, height: nil))
        == Size(width: 42, height: 10))
    #expect(engine.sizeThatFits(color(), .infinity) == Size(width: .infinity, height: .infinity))
  }

  /// 512 levels of `VStack { … }.padding(1)`, about 1,024 nodes deep (the resolver's cap).
  @Test("512 nested VStack{padding{…}} levels lay out without overflowing the stack")
  func deepNesting() {
    var node = color()
    for _ in 0..<512 {
      node = LayoutNode(
        .padding(EdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1)), children: [node])
      node = LayoutNode(.stack(axis: .vertical, alignment: .center, spacing: nil), children: [node])
    }
    let size = LayoutEngine().layout(node, in: ProposedSize(width: 2000, height: 2000))
    // Each padding adds 2 on each axis around a 2000 - 2×depth proposal; the Color fills it.
    #expect(size == Size(width: 2000, height: 2000))
    var innermost = node
    while let c = innermost.children.first { innermost = c }
    #expect(innermost.frame == Rect(x: 512, y: 512, width: 2000 - 1024, height: 2000 - 1024))
  }

  /// A deep tree runs on the calling thread when the thread has the stack it needs (a
  /// helper thread waits for a core: on a loaded machine most of the wall time of a deep
  /// layout), and on a helper thread otherwise; both lay the 512 levels out the same.
  @Test("deep layouts run inline when the thread's stack suffices, else on a helper thread")
  func deepStackInlineWhenRoom() {
    let depth = 1_025
    let needed = DeepStack.stackBytes(depth: depth)
    nonisolated(unsafe) var roomy: (remaining: Int, inline: Bool, size: Size) = (0, false, .zero)
    nonisolated(unsafe) var small: (inline: Bool, size: Size) = (true, .zero)
    // Made and freed on the test's thread (freeing a chain recurses once per node).
    var node = color()
    for _ in 0..<512 {
      node = LayoutNode(
        .padding(EdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1)), children: [node])
      node = LayoutNode(.stack(axis: .vertical, alignment: .center, spacing: nil), children: [node])
    }
    let tree = LayoutTree(node)
    #expect(tree.count == depth)
    let proposal = ProposedSize(width: 2000, height: 2000)
    LargeStackThread.run(stackBytes: needed + (8 << 20)) {
      roomy = (
        DeepStack.remainingStackBytes(), DeepStack.runsInline(depth: depth),
        LayoutEngine().layout(tree, in: proposal).size
      )
    }
    LargeStackThread.run(stackBytes: 512 << 10) {
      small = (DeepStack.runsInline(depth: depth), LayoutEngine().layout(tree, in: proposal).size)
    }
    #expect(roomy.remaining > needed && roomy.remaining <= needed + (8 << 20))
    #expect(roomy.inline)
    #expect(!small.inline)
    #expect(DeepStack.runsInline(depth: DeepStack.inlineDepth))
    #expect(roomy.size == Size(width: 2000, height: 2000))
    #expect(small.size == roomy.size)
  }

  /// A chain of nested stacks alternating axes, each with a Color sibling: without the
  /// memo every level would re-probe its subtree at several proposals (exponential).
  private func chain(depth: Int) -> LayoutNode {
    var node = color()
    for level in 0..<depth {
      let axis: Axis = level % 2 == 0 ? .horizontal : .vertical
      node = LayoutNode(
        .stack(axis: axis, alignment: .center, spacing: nil), children: [node, color()])
    }
    return node
  }

  @Test("size computations grow linearly with the depth of nested stacks")
  func cacheIsLinear() {
    let engine = LayoutEngine()
    let small = engine.layoutWithStatistics(
      chain(depth: 100), in: ProposedSize(width: 5000, height: 5000))
    let large = engine.layoutWithStatistics(
      chain(depth: 1000), in: ProposedSize(width: 5000, height: 5000))
    #expect(large.nodeCount == 2001)
    let perNodeSmall = Double(small.sizeComputations) / Double(small.nodeCount)
    let perNodeLarge = Double(large.sizeComputations) / Double(large.nodeCount)
    // About the same number of computations per node at both depths, and a small constant.
    #expect(perNodeLarge < 12)
    #expect(perNodeLarge < perNodeSmall * 1.5)
    #expect(Double(large.sizeQueries) / Double(large.nodeCount) < 40)
  }

  /// Yoga's "huge nested" shape: `levels` levels of 10-child stacks, alternating axes,
  /// each padded, with Text leaves (the benchmark's tree).
  private func hugeNested(levels: Int) -> LayoutNode {
    if levels == 0 { return LayoutNode(.text("Cell", TextStyle())) }
    let axis: Axis = levels % 2 == 1 ? .horizontal : .vertical
    let stack = LayoutNode(
      .stack(axis: axis, alignment: .center, spacing: nil),
      children: (0..<10).map { _ in hugeNested(levels: levels - 1) })
    return LayoutNode(
      .padding(EdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)), children: [stack])
  }

  @Test("huge-nested trees: size computations per node stay constant as the tree grows tenfold")
  func cacheIsLinearOnNestedTrees() {
    let engine = LayoutEngine()
    let proposal = ProposedSize(width: 1024, height: 768)
    let small = engine.layoutWithStatistics(hugeNested(levels: 3), in: proposal)
    let large = engine.layoutWithStatistics(hugeNested(levels: 4), in: proposal)
    #expect(small.nodeCount == 1_222)
    #expect(large.nodeCount == 12_222)
    let perNodeSmall = Double(small.sizeComputations) / Double(small.nodeCount)
    let perNodeLarge = Double(large.sizeComputations) / Double(large.nodeCount)
    #expect(perNodeLarge < 16)
    #expect(perNodeLarge < perNodeSmall * 1.5)
    #expect(Double(large.sizeQueries) / Double(large.nodeCount) < 60)
  }

  @Test("huge-nested trees: placement reads the member positions recorded while sizing")
  func placementReadsRecordedPositions() {
    // 10,000 texts overflow 1024x768: deep stacks get 0-width shares, answered from the memo
    // of the 0 probe. Probing the maximum before the minimum makes that probe their last
    // sizing, so placement finds their members' positions recorded at its proposal.
    let stats = LayoutEngine().layoutWithStatistics(
      hugeNested(levels: 4), in: ProposedSize(width: 1024, height: 768))
    #expect(stats.placementReruns == 0)
  }

  @Test("a 100k-node tree lays out")
  func wideTree() {
    var rows: [LayoutNode] = []
    for _ in 0..<1000 {
      var cells: [LayoutNode] = []
      for k in 0..<99 {
        cells.append(k % 3 == 0 ? LayoutNode(.text("cell", TextStyle())) : color())
      }
      rows.append(
        LayoutNode(.stack(axis: .horizontal, alignment: .center, spacing: nil), children: cells))
    }
    let root = LayoutNode(.stack(axis: .vertical, alignment: .leading, spacing: 0), children: rows)
    let stats = LayoutEngine().layoutWithStatistics(
      root, in: ProposedSize(width: 3000, height: nil))
    #expect(stats.nodeCount == 100_001)
    #expect(Double(stats.sizeComputations) / Double(stats.nodeCount) < 8)
    // Each row: 3000 - 98 gaps of 8 = 2216 to share; the 33 Texts are the least flexible
    // and go first, offered 2216 / 99 ≈ 22.4 -> 2 characters per line -> "ce" / "ll",
    // 44 tall, so every row is 44 tall.
    #expect(rows[999].frame.minY == 999 * 44)
  }

  @Test("a node shared twice is laid out once, without looping")
  func sharedNode() {
    let shared = color()
    let root = LayoutNode(
      .stack(axis: .horizontal, alignment: .center, spacing: 0), children: [shared, shared])
    let size = LayoutEngine().layout(root, in: .unspecified)
    #expect(size == Size(width: 10, height: 10))
  }

  @Test("HStack with nil main proposal sums ideal sizes plus gaps (§2.4)")
  func idealStack() {
    let stack = LayoutNode(
      .stack(axis: .horizontal, alignment: .center, spacing: nil),
      children: [color(), LayoutNode(.spacer(minLength: nil)), color()])
    // 10 + 0 + 8 (Spacer ideal = default spacing) + 0 + 10.
    #expect(LayoutEngine().sizeThatFits(stack, .unspecified) == Size(width: 28, height: 10))
  }

  @Test("Spacer minLength default follows the environment's default spacing")
  func spacerDefaultFollowsEnvironment() {
    let engine = LayoutEngine(environment: LayoutEnvironment(defaultSpacing: 10))
    #expect(
      engine.sizeThatFits(LayoutNode(.spacer(minLength: nil)), .unspecified)
        == Size(width: 10, height: 10))
  }

  @Test("text spacing constants apply only with nil spacing")
  func textSpacingConstants() {
    let env = LayoutEnvironment(spacingAboveText: 6, spacingBelowText: 11, textToTextSpacing: 2)
    let engine = LayoutEngine(environment: env)
    func stack(_ spacing: Double?) -> LayoutNode {
      LayoutNode(
        .stack(axis: .vertical, alignment: .center, spacing: spacing),
        children: [
          color(), LayoutNode(.text("a", TextStyle())), LayoutNode(.text("b", TextStyle())),
          color(),
        ])
    }
    // 10 + 6 + 22 + 2 + 22 + 11 + 10
    #expect(engine.sizeThatFits(stack(nil), .unspecified).height == 83)
    #expect(engine.sizeThatFits(stack(0), .unspecified).height == 64)
    // Side by side in an HStack, Texts and views keep the default 8.
    let h = LayoutNode(
      .stack(axis: .horizontal, alignment: .center, spacing: nil),
      children: [color(), LayoutNode(.text("a", TextStyle())), color()])
    let expectedWidth: Double = 10 + 8 + 8.5 + 8 + 10
    #expect(engine.sizeThatFits(h, .unspecified).width == expectedWidth)
  }

  @Test("nested stack exports its first and last members' spacing (§2.2)")
  func nestedStackSpacing() {
    // VStack{ Color; VStack{ Spacer; Color } } — the inner stack's top is the Spacer's
    // top (nil-category 0), so the gap is 0.
    let inner = LayoutNode(
      .stack(axis: .vertical, alignment: .center, spacing: nil),
      children: [LayoutNode(.spacer(minLength: 5)), color()])
    let outer = LayoutNode(
      .stack(axis: .vertical, alignment: .center, spacing: nil), children: [color(), inner])
    // 10 + 0 + (5 + 0 + 10)
    #expect(LayoutEngine().sizeThatFits(outer, .unspecified).height == 25)
  }
}

@Suite("Pixel rounding")
struct RoundingTests {
  @Test("nearest, ties up, to 1/scale (§3.7)")
  func nearestTiesUp() {
    #expect(PixelRounding.round(0.25, scale: 2) == 0.5)
    #expect(PixelRounding.round(0.24, scale: 2) == 0)
    #expect(PixelRounding.round(-0.25, scale: 2) == 0)
    #expect(PixelRounding.round(1.5, scale: 1) == 2)
    #expect(PixelRounding.round(2.5, scale: 1) == 3)
    #expect(PixelRounding.round(100.0 / 3.0, scale: 3) == 100.0 / 3.0)
    #expect(PixelRounding.round(.infinity, scale: 3) == .infinity)
  }

  @Test("both corners are rounded and the size is their difference")
  func corners() {
    let r = PixelRounding.round(Rect(x: 100.0 / 3, y: 0, width: 100.0 / 3, height: 10), scale: 2)
    #expect(r == Rect(x: 33.5, y: 0, width: 33, height: 10))
    let s = PixelRounding.round(Rect(x: 100.0 / 3, y: 0.2, width: 100.0 / 3, height: 0.2), scale: 1)
    #expect(s == Rect(x: 33, y: 0, width: 34, height: 0))
  }
}
