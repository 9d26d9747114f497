import Testing

@testable import CatalogLayout

/// `LayoutTree`: the flat form the engine lays out, its builder rules and its conversion
/// from `LayoutNode` trees.
@Suite("LayoutTree")
struct LayoutTreeTests {
  private let pad = EdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)

  /// A nested tree like catalog-bench's: padded stacks of texts, alternating axes.
  private func nested(levels: Int) -> LayoutNode {
    var node = LayoutNode(.text("Cell", TextStyle()))
    for level in 0..<levels {
      let axis: Axis = level % 2 == 0 ? .horizontal : .vertical
      let members = (0..<3).map { k in
        k == 0 ? node : LayoutNode(.text(k == 1 ? "Cell" : "Other", TextStyle()))
      }
      node = LayoutNode(
        .padding(pad),
        children: [
          LayoutNode(.stack(axis: axis, alignment: .center, spacing: nil), children: members)
        ])
    }
    return node
  }

  @Test("a tree built with append lays out like the same LayoutNode tree")
  func builtTreeMatchesNodes() {
    var tree = LayoutTree()
    let a = tree.append(.text("Hello", TextStyle()), tag: 1)
    let s = tree.append(.spacer(minLength: nil), tag: 2)
    let b = tree.append(.color("red"), tag: 3)
    let f = tree.append(.frame(FrameSpec(width: 30, height: 20)), child: b, tag: 4)
    let stack = tree.append(
      .stack(axis: .horizontal, alignment: .center, spacing: nil), children: [a, s, f], tag: 5)
    let root = tree.append(.padding(pad), child: stack, tag: 6)
    #expect(tree.root == root)
    #expect(tree.count == 6)

    let nodes = LayoutNode(
      .padding(pad),
      children: [
        LayoutNode(
          .stack(axis: .horizontal, alignment: .center, spacing: nil),
          children: [
            LayoutNode(.text("Hello", TextStyle())), LayoutNode(.spacer(minLength: nil)),
            LayoutNode(
              .frame(FrameSpec(width: 30, height: 20)), children: [LayoutNode(.color("red"))]),
          ])
      ])
    let engine = LayoutEngine()
    let proposal = ProposedSize(width: 300, height: nil)
    let frames = engine.layout(tree, in: proposal)
    let size = engine.layout(nodes, in: proposal)
    #expect(frames.size == size)
    #expect(frames[root] == nodes.frame)
    #expect(frames[stack] == nodes.children[0].frame)
    #expect(frames[a] == nodes.children[0].children[0].frame)
    #expect(frames[s] == nodes.children[0].children[1].frame)
    #expect(frames[b] == nodes.children[0].children[2].children[0].frame)
    #expect(frames.isPlaced.allSatisfy { $0 })
  }

  @Test("converting a LayoutNode tree keeps every frame, in both directions", arguments: [1, 3, 5])
  func conversionRoundTrip(levels: Int) {
    let original = nested(levels: levels)
    let tree = LayoutTree(original)
    guard let rebuilt = tree.root.map({ tree.makeNodes([$0])[0] }) else {
      Issue.record("empty tree")
      return
    }
    let engine = LayoutEngine(environment: LayoutEnvironment(layoutDirection: .rightToLeft))
    let proposal = ProposedSize(width: 500, height: 400)
    #expect(engine.layout(original, in: proposal) == engine.layout(rebuilt, in: proposal))
    var a: [Rect] = []
    var b: [Rect] = []
    var stack = [(original, rebuilt)]
    while let (x, y) = stack.popLast() {
      a.append(x.frame)
      b.append(y.frame)
      #expect(x.children.count == y.children.count)
      stack.append(contentsOf: zip(x.children, y.children))
    }
    #expect(a == b)
    // The flat frames are the same set as the objects' frames.
    let frames = engine.layout(tree, in: proposal)
    #expect(Set((0..<frames.count).map { frames[$0] }) == Set(a))
  }

  @Test("equal texts are interned: one entry per distinct string and style")
  func textsAreInterned() {
    let tree = LayoutTree(nested(levels: 4))
    #expect(tree.texts.count == 2)
    #expect(tree.strings == ["Cell", "Other"] || tree.strings == ["Other", "Cell"])
    #expect(tree.insets.count == 1)
  }

  @Test("a child that already has a parent, or does not exist, is skipped")
  func childrenStayATree() {
    var tree = LayoutTree()
    let a = tree.append(.color("a"))
    let first = tree.append(.stack(axis: .vertical, alignment: .center, spacing: 0), children: [a])
    let second = tree.append(
      .stack(axis: .vertical, alignment: .center, spacing: 0), children: [a, 99, -1, first])
    #expect(tree.childCount(of: first) == 1)
    #expect(tree.childCount(of: second) == 1)
    #expect(tree.child(0, of: second) == first)
    let frames = LayoutEngine().layout(tree, in: .unspecified)
    #expect(frames.size == Size(width: 10, height: 10))
  }

  @Test("priority, grid-cell traits and the root can be set after appending")
  func traitsAndRoot() {
    var tree = LayoutTree()
    let a = tree.append(.color("a"))
    let b = tree.append(.color("b"))
    tree.setLayoutPriority(2, of: a)
    tree.setGridCell(GridCellTraits(columns: 3), of: b)
    #expect(tree.layoutPriority(of: a) == 2)
    #expect(tree.gridCell(of: b).columns == 3)
    #expect(tree.gridCell(of: a) == GridCellTraits())
    #expect(tree.root == b)
    tree.setRoot(a)
    #expect(tree.root == a)
    let frames = LayoutEngine().layout(tree, in: ProposedSize(width: 20, height: 30))
    #expect(frames[a] == Rect(x: 0, y: 0, width: 20, height: 30))
    #expect(!frames.isPlaced[b])
  }

  /// Priorities are kept only once a node has one that is not 0 (8 bytes per node less for
  /// most trees): nodes appended before it, after it, set later and copied all report theirs.
  @Test("layout priorities stored from the first that is not 0 keep every node's")
  func prioritiesFromTheFirstNonZero() {
    var tree = LayoutTree()
    let a = tree.append(.color("a"))
    let b = tree.append(.color("b"), layoutPriority: 0)
    #expect(tree.priorities.isEmpty)
    let c = tree.append(.color("c"), layoutPriority: 3)
    let d = tree.append(.color("d"))
    #expect(tree.priorities.count == tree.count)
    #expect([a, b, c, d].map { tree.layoutPriority(of: $0) } == [0, 0, 3, 0])
    // −0 is kept as given (a priority's sign is the caller's).
    var negative = LayoutTree()
    let z = negative.append(.color("z"), layoutPriority: -0.0)
    #expect(negative.layoutPriority(of: z).sign == .minus)
    var late = LayoutTree()
    let x = late.append(.color("x"))
    let y = late.append(.color("y"))
    late.setLayoutPriority(0, of: x)
    #expect(late.priorities.isEmpty)
    late.setLayoutPriority(1, of: y)
    #expect(late.layoutPriority(of: x) == 0 && late.layoutPriority(of: y) == 1)
    let shift = late.appendCopy(of: 0..<2, tagShift: 0)
    #expect(late.layoutPriority(of: y + shift) == 1 && late.layoutPriority(of: x + shift) == 0)
    // In a stack the higher priority member is offered the space first.
    var row = LayoutTree()
    let low = row.append(.text("aaaa bbbb", TextStyle()))
    let high = row.append(.text("cccc dddd", TextStyle()), layoutPriority: 1)
    row.append(.stack(axis: .horizontal, alignment: .center, spacing: 0), children: [low, high])
    let frames = LayoutEngine(environment: LayoutEnvironment(displayScale: 2))
      .layout(row, in: ProposedSize(width: 100, height: 100))
    #expect(
      frames[high].width == 76.5 && frames[low].width == 17,
      "\(frames[high].width) \(frames[low].width)")
  }

  /// A stack's gaps are kept once when they are all equal (an explicit spacing, or members
  /// alike), else per member: texts and a Spacer, with a nil spacing, get each pair's own
  /// distance, and placement puts the members those gaps apart.
  @Test("stacks with equal and with differing gaps keep and place their gaps")
  func uniformAndMixedGaps() {
    var tree = LayoutTree()
    func text() -> Int { tree.append(.text("a", TextStyle())) }
    let mixedMembers = [text(), text(), tree.append(.spacer(minLength: 0)), text()]
    let mixed = tree.append(
      .stack(axis: .vertical, alignment: .leading, spacing: nil), children: mixedMembers)
    let texts = (0..<3).map { _ in tree.append(.text("b", TextStyle())) }
    let alike = tree.append(
      .stack(axis: .vertical, alignment: .leading, spacing: nil), children: texts)
    let spaced = tree.append(
      .stack(axis: .vertical, alignment: .leading, spacing: 3), children: [mixed, alike])
    let pass = LayoutPass(tree: tree, environment: LayoutEnvironment())
    let marker = LayoutPass.mixedGaps.bitPattern
    #expect(pass.uniformGap[Int(pass.memoRow[mixed])].bitPattern == marker)
    // Text to text 8 apart; a Spacer sits 0 from its neighbours.
    #expect((0..<3).map { pass.gap(mixed, $0) } == [8, 0, 0])
    #expect(pass.uniformGap[Int(pass.memoRow[alike])] == 8)
    #expect(pass.uniformGap[Int(pass.memoRow[spaced])] == 3)
    let frames = LayoutEngine(environment: LayoutEnvironment(displayScale: 1))
      .layout(tree, in: ProposedSize(width: 100, height: 400))
    for (stack, members) in [(mixed, mixedMembers), (alike, texts)] {
      for k in 0..<(members.count - 1) {
        let gap = frames[members[k + 1]].minY - frames[members[k]].maxY
        #expect(gap == pass.gap(stack, k).rounded(), "stack \(stack) gap \(k)")
      }
    }
    #expect(frames[alike].minY - frames[mixed].maxY == 3)
  }

  @Test("members a stack recorded while sized but never placed keep zero frames")
  func unplacedMembersHaveZeroFrames() {
    // Sizing records a stack's members into the output frames (placement finishes them):
    // the ViewThatFits option that does not fit is sized, not placed.
    var tree = LayoutTree()
    let wide = (0..<3).map { _ in tree.append(.text("Too wide a text", TextStyle())) }
    let row = tree.append(
      .stack(axis: .horizontal, alignment: .center, spacing: 8), children: wide)
    let short = tree.append(.text("Fits", TextStyle()))
    let fits = tree.append(
      .viewThatFits(horizontal: true, vertical: false), children: [row, short])
    let frames = LayoutEngine().layout(tree, in: ProposedSize(width: 60, height: 100))
    #expect(frames.isPlaced[fits] && frames.isPlaced[short])
    for i in wide + [row] {
      #expect(!frames.isPlaced[i])
      #expect(frames[i] == Rect(x: 0, y: 0, width: 0, height: 0))
    }
    #expect(frames[short].width > 0)
  }

  @Test("an empty tree lays out to no frames and a zero size")
  func emptyTree() {
    let frames = LayoutEngine().layout(LayoutTree(), in: .unspecified)
    #expect(frames.count == 0)
    #expect(frames.size == .zero)
  }
}
