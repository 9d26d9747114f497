import Testing

@testable import CatalogLayout

/// The shortcuts of issue 17 (points 1 and 3) keep the frames of the plain algorithm: these
/// tests pin what each one saves and the exactness it relies on. The goldens, oracle and
/// browser cases check the frames themselves.
@Suite("Layout shortcuts")
struct LayoutSpeedTests {
  private func color() -> LayoutNode { LayoutNode(.color("c")) }
  private func text() -> LayoutNode { LayoutNode(.text("Cell", TextStyle())) }
  private func stack(_ axis: Axis, _ children: [LayoutNode]) -> LayoutNode {
    LayoutNode(.stack(axis: axis, alignment: .center, spacing: nil), children: children)
  }

  /// The free axes ``LayoutPass/independentAxes(_:)`` finds for one node of `root` (the
  /// root itself by default).
  private func freeAxes(_ root: LayoutNode) -> UInt8 {
    let tree = LayoutTree(root)
    return LayoutPass.independentAxes(tree)[tree.count - 1]
  }

  @Test("a size is free of the axes its rule never reads (§3.2, §3.4, §3.6)")
  func freeAxesFollowTheRules() {
    let width = LayoutPass.widthFree
    let height = LayoutPass.heightFree
    #expect(freeAxes(text()) == height)
    #expect(freeAxes(color()) == 0)
    #expect(freeAxes(stack(.horizontal, [text(), text()])) == height)
    #expect(freeAxes(stack(.vertical, [text(), color()])) == 0)
    #expect(freeAxes(stack(.vertical, [])) == width | height)
    let fixed = LayoutNode(.frame(FrameSpec(width: 10, height: 10)), children: [color()])
    #expect(freeAxes(fixed) == width | height)
    let fixedWidth = LayoutNode(.frame(FrameSpec(width: 10)), children: [text()])
    #expect(freeAxes(fixedWidth) == width | height)
    let invalid = LayoutNode(.frame(FrameSpec(width: -1)), children: [color()])
    #expect(freeAxes(invalid) == 0)
    let flexible = LayoutNode(.frame(FrameSpec(minWidth: 0, maxWidth: 10)), children: [text()])
    #expect(freeAxes(flexible) == 0)
    let padded = LayoutNode(
      .padding(EdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1)), children: [text()])
    #expect(freeAxes(padded) == height)
    #expect(
      freeAxes(LayoutNode(.fixedSize(horizontal: true, vertical: false), children: [color()]))
        == width)
    #expect(freeAxes(stack(.horizontal, [fixed, LayoutNode(.spacer(minLength: nil))])) == 0)
  }

  @Test("fixed-size members are sized once per stack sizing, not probed at 0 and ∞ (§3.2)")
  func fixedMembersAreNotProbed() {
    // SwiftUI: a fixed frame is exactly its size without asking its child, so its
    // flexibility is 0 whatever the probe: one question gives minimum, maximum and share.
    let members = (0..<10).map { _ in
      LayoutNode(.frame(FrameSpec(width: 10, height: 10)), children: [self.color()])
    }
    let root = stack(.horizontal, members)
    let stats = LayoutEngine().layoutWithStatistics(root, in: ProposedSize(width: 300, height: 50))
    #expect(stats.size == Size(width: 172, height: 10))
    // The stack once, each frame once, each Color once (when its frame places it).
    #expect(stats.sizeComputations == stats.nodeCount)
    #expect(members[9].frame == Rect(x: 162, y: 0, width: 10, height: 10))
  }

  @Test("nested stacks of texts are sized once per distinct width, not per height")
  func nestedStacksIgnoreTheHeight() {
    // Texts read only the proposed width (§3.6), so every stack above them does too; the
    // VStacks' height probes at 0, ∞ and each share all land on one answer.
    let root = hugeNested(levels: 3)
    let stats = LayoutEngine().layoutWithStatistics(
      root, in: ProposedSize(width: 1024, height: 768))
    #expect(stats.nodeCount == 1_222)
    // 564 computations and 3,390 questions here; before these shortcuts, about 0.9
    // computations and 14 questions per node on the same tree at 10,000 leaves.
    #expect(Double(stats.sizeComputations) / Double(stats.nodeCount) < 0.6)
    #expect(Double(stats.sizeQueries) / Double(stats.nodeCount) < 4)
    #expect(stats.placementReruns == 0)
  }

  /// `levels` levels of padded 10-member stacks, alternating axes, over Text leaves.
  private func hugeNested(levels: Int) -> LayoutNode {
    if levels == 0 { return text() }
    let axis: Axis = levels % 2 == 1 ? .horizontal : .vertical
    return LayoutNode(
      .padding(EdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)),
      children: [stack(axis, (0..<10).map { _ in hugeNested(levels: levels - 1) })])
  }

  /// The rounding rule as first written, with libm's `round` and `floor`.
  private func reference(_ value: Double, scale: Double) -> Double {
    guard value.isFinite, scale.isFinite, scale > 0 else { return value }
    let pixels = (value * scale * 1_000_000).rounded() / 1_000_000
    return (pixels + 0.5).rounded(.down) / scale
  }

  @Test("pixel rounding without libm gives the libm formula's bits (§3.7)")
  func roundingMatchesTheFormula() {
    var values: [Double] = [
      0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.25, -0.25, 0.75, -0.75, 5e-7, -5e-7,
      1.5e-6, 100.0 / 3, 200.0 / 3, -100.0 / 3, 0.49999999999999994, -0.49999999999999994,
      1e9, -1e9, 2.2e9, 4.5e9, -4.5e9, 1e300, -1e300, .infinity, -.infinity,
      .greatestFiniteMagnitude, .leastNonzeroMagnitude,
      // Whole numbers of pixels take a shorter path below 2³¹ pixels: both sides of it.
      2_147_483_647, 2_147_483_648, -2_147_483_647, -2_147_483_648, 1_073_741_824,
      715_827_882, 715_827_883, 1_431_655_765.5,
    ]
    for k in -400...400 {
      values.append(Double(k) / 16)
      values.append(Double(k) / 3)
      values.append(Double(k) * 0.1)
      values.append(Double(k) / 2_000_000)
      values.append(Double(k) * 1e7 + 0.25)
    }
    var mismatches: [String] = []
    for value in values {
      for scale in [1.0, 2, 3, 1.5, 0.75] {
        let expected = reference(value, scale: scale)
        let got = PixelRounding.round(value, scale: scale)
        if expected.bitPattern != got.bitPattern { mismatches.append("\(value)@\(scale)") }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    #expect(PixelRounding.round(.nan, scale: 2).isNaN)
    #expect(PixelRounding.round(3.3, scale: .nan) == 3.3)
  }

  @Test("the rounding pass rounds every frame as PixelRounding.round(_:scale:) does")
  func roundingPassMatchesRectRounding() {
    var frames = LayoutFrames(count: 3)
    let rects = [
      Rect(x: 100.0 / 3, y: 0.2, width: 100.0 / 3, height: 0.2),
      Rect(x: -0.25, y: 2.5, width: .infinity, height: 7.75),
      Rect(x: 1e300, y: -1e9, width: 3.3, height: 0),
    ]
    for (i, r) in rects.enumerated() {
      frames.x[i] = r.minX
      frames.y[i] = r.minY
      frames.width[i] = r.width
      frames.height[i] = r.height
    }
    frames.round(scale: 2)
    for (i, r) in rects.enumerated() {
      #expect(frames[i] == PixelRounding.round(r, scale: 2))
    }
  }
}
