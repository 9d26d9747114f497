import Foundation
import Testing

@testable import CatalogLayout

/// `LayoutWorkspace`: the memory a layout call works in, kept between calls. A layout through
/// a reused workspace must give exactly the frames of a layout in fresh memory, whatever the
/// workspace held before (larger or smaller trees, other kinds, other proposals).
@Suite("LayoutWorkspace")
struct LayoutWorkspaceTests {
  /// Every golden fixture's tree and environment.
  private static func fixtureCases() throws -> [(LayoutTree, LayoutEnvironment, ProposedSize)] {
    try Fixtures.all().map { name in
      let data = try Data(contentsOf: Fixtures.directory.appendingPathComponent(name))
      let fixture = try Fixture(data: data)
      let env = LayoutEnvironment(displayScale: fixture.scale, layoutDirection: fixture.direction)
      return (LayoutTree(fixture.input), env, fixture.proposal)
    }
  }

  /// The same frames, bit for bit (and the same placed flags and root size).
  private func same(_ a: LayoutFrames, _ b: LayoutFrames) -> Bool {
    a.size == b.size && a.isPlaced == b.isPlaced
      && a.x.map(\.bitPattern) == b.x.map(\.bitPattern)
      && a.y.map(\.bitPattern) == b.y.map(\.bitPattern)
      && a.width.map(\.bitPattern) == b.width.map(\.bitPattern)
      && a.height.map(\.bitPattern) == b.height.map(\.bitPattern)
  }

  /// A padded nested tree of stacks and texts like catalog-bench's, `levels` deep.
  private func nested(levels: Int) -> LayoutTree {
    let pad = EdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
    var node = LayoutNode(.text("Cell", TextStyle()))
    for level in 0..<levels {
      let axis: Axis = level % 2 == 0 ? .horizontal : .vertical
      let members = (0..<4).map { k in
        k == 0 ? node : LayoutNode(.text(k == 1 ? "Cell" : "Other \(k)", TextStyle()))
      }
      node = LayoutNode(
        .padding(pad),
        children: [
          LayoutNode(.stack(axis: axis, alignment: .center, spacing: nil), children: members)
        ])
    }
    return LayoutTree(node)
  }

  @Test("every golden fixture through one workspace, forwards then backwards, as in fresh memory")
  func fixturesThroughOneWorkspace() throws {
    let cases = try Self.fixtureCases()
    #expect(cases.count >= 60)
    let workspace = LayoutWorkspace()
    for (tree, env, proposal) in cases + cases.reversed() {
      let engine = LayoutEngine(environment: env)
      let fresh = engine.layout(tree, in: proposal)
      let reused = engine.layout(tree, in: proposal, reusing: workspace)
      #expect(same(fresh, reused))
    }
  }

  /// Every node's frame, depth first.
  private func frames(_ root: LayoutNode) -> [Rect] {
    var out: [Rect] = []
    var stack = [root]
    while let node = stack.popLast() {
      out.append(node.frame)
      stack.append(contentsOf: node.children.reversed())
    }
    return out
  }

  @Test("LayoutNode trees through one workspace get the frames of fresh memory")
  func nodesThroughOneWorkspace() throws {
    let workspace = LayoutWorkspace()
    for name in Fixtures.all() + Fixtures.all().reversed() {
      let data = try Data(contentsOf: Fixtures.directory.appendingPathComponent(name))
      let fresh = try Fixture(data: data)
      let reused = try Fixture(data: data)
      let env = LayoutEnvironment(displayScale: fresh.scale, layoutDirection: fresh.direction)
      let engine = LayoutEngine(environment: env)
      let a = engine.layout(fresh.input, in: fresh.proposal)
      let b = engine.layout(reused.input, in: reused.proposal, reusing: workspace)
      #expect(a == b, "\(name)")
      #expect(frames(fresh.input) == frames(reused.input), "\(name)")
    }
  }

  @Test("larger, smaller and larger trees in turn, with the caller keeping or dropping frames")
  func growingAndShrinking() {
    let workspace = LayoutWorkspace()
    let engine = LayoutEngine()
    var kept: [(LayoutFrames, LayoutFrames)] = []
    for (round, levels) in [5, 1, 3, 6, 2, 6].enumerated() {
      let tree = nested(levels: levels)
      let proposal = ProposedSize(width: 300 + Double(round) * 37, height: nil)
      let reused = engine.layout(tree, in: proposal, reusing: workspace)
      let fresh = engine.layout(tree, in: proposal)
      #expect(reused.count == tree.count)
      #expect(same(fresh, reused))
      // Every other round the caller keeps the frames: the next call must not write into
      // them.
      if round % 2 == 0 { kept.append((reused, fresh)) }
    }
    for (reused, fresh) in kept { #expect(same(fresh, reused)) }
    #expect(workspace.byteCount > 0)
  }

  /// A text measurer that lays a tree out through the workspace the outer layout is using:
  /// the inner call must work in memory of its own and leave the outer layout's alone.
  private final class NestingMeasurer: TextMeasurer, @unchecked Sendable {
    let workspace: LayoutWorkspace
    let inner: LayoutTree
    let base = FixedAdvanceTextMeasurer()
    init(workspace: LayoutWorkspace, inner: LayoutTree) {
      self.workspace = workspace
      self.inner = inner
    }
    func measure(_ text: String, style: TextStyle, proposedWidth: Double?) -> TextMeasurement {
      _ = LayoutEngine().layout(inner, in: .unspecified, reusing: workspace)
      return base.measure(text, style: style, proposedWidth: proposedWidth)
    }
  }

  @Test("a layout started while another uses the workspace leaves it alone")
  func nestedUse() {
    let workspace = LayoutWorkspace()
    let tree = nested(levels: 3)
    var env = LayoutEnvironment()
    env.textMeasurer = NestingMeasurer(workspace: workspace, inner: nested(levels: 4))
    let proposal = ProposedSize(width: 320, height: 480)
    let reused = LayoutEngine(environment: env).layout(tree, in: proposal, reusing: workspace)
    let fresh = LayoutEngine().layout(tree, in: proposal)
    #expect(same(fresh, reused))
  }
}
