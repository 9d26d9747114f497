import Testing

@testable import CatalogLayout

/// Placement without arrays (issue 17, point 1): the containers `placeAll` places through
/// ``LayoutPass/recordChildren(_:_:_:)`` (every container but stacks and padding, which
/// `placeAll` places itself) put every child where the layout rules say (frames
/// worked out by hand below), place nothing they do not place, and a stack of more than 32
/// members sorted in place gets the order a sort gives.
@Suite("Placement records")
struct PlacementRecordTests {
  private func color() -> LayoutNode { LayoutNode(.color("c")) }

  /// A fixed frame of `w`×`h` around a Color.
  private func box(_ w: Double, _ h: Double) -> LayoutNode {
    LayoutNode(.frame(FrameSpec(width: w, height: h)), children: [color()])
  }

  private func lay(_ root: LayoutNode) {
    LayoutEngine(environment: LayoutEnvironment(displayScale: 1))
      .layout(root, in: ProposedSize(width: 100, height: 100))
  }

  private func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
    Rect(x: x, y: y, width: w, height: h)
  }

  @Test("frames, ZStack, background, overlay, offset and alignmentGuide place their children")
  func singleLayerKinds() {
    // ZStack, centred: 30×40; the 30×20 member 10 down, the 10×40 one 10 across.
    let z = LayoutNode(.zStack(alignment: .center), children: [box(30, 20), box(10, 40)])
    lay(z)
    #expect(z.frame == rect(0, 0, 30, 40))
    #expect(z.children[0].frame == rect(0, 10, 30, 20))
    #expect(z.children[1].frame == rect(10, 0, 10, 40))

    // A 100×50 frame aligning a 10×10 box bottom-trailing.
    let frame = LayoutNode(
      .frame(
        FrameSpec(
          width: 100, height: 50, alignment: Alignment(horizontal: .trailing, vertical: .bottom))),
      children: [box(10, 10)])
    lay(frame)
    #expect(frame.children[0].frame == rect(90, 40, 10, 10))
    #expect(frame.children[0].children[0].frame == rect(90, 40, 10, 10))

    // A flexible frame (width 10…∞) takes the proposed 100 and centres a 20×20 box.
    let flexible = LayoutNode(
      .frame(FrameSpec(minWidth: 10, maxWidth: .infinity)), children: [box(20, 20)])
    lay(flexible)
    #expect(flexible.frame == rect(0, 0, 100, 20))
    #expect(flexible.children[0].frame == rect(40, 0, 20, 20))

    // Background bottom-trailing and overlay top-trailing: a 10×10 layer in a 40×40 primary.
    let background = LayoutNode(
      .background(alignment: Alignment(horizontal: .trailing, vertical: .bottom)),
      children: [box(40, 40), box(10, 10)])
    lay(background)
    #expect(background.frame == rect(0, 0, 40, 40))
    #expect(background.children[0].frame == rect(0, 0, 40, 40))
    #expect(background.children[1].frame == rect(30, 30, 10, 10))
    let overlay = LayoutNode(
      .overlay(alignment: Alignment(horizontal: .trailing, vertical: .top)),
      children: [box(40, 40), box(10, 10)])
    lay(overlay)
    #expect(overlay.children[1].frame == rect(30, 0, 10, 10))

    // Offset moves its child, not itself; an alignment guide places its child at its origin.
    let offset = LayoutNode(.offset(x: 5, y: -3), children: [box(10, 10)])
    lay(offset)
    #expect(offset.frame == rect(0, 0, 10, 10))
    #expect(offset.children[0].frame == rect(5, -3, 10, 10))
    let guide = LayoutNode(
      .alignmentGuide(AlignmentGuideSpec(guide: .horizontal(.leading), offset: 3)),
      children: [box(10, 10)])
    let guided = LayoutNode(
      .stack(axis: .vertical, alignment: .leading, spacing: 0), children: [box(20, 10), guide])
    lay(guided)
    // The guide moves the member 3 to the left of the leading edge (the stack widens by 3).
    #expect(guided.frame.width == 23)
    #expect(guide.frame == rect(0, 10, 10, 10))
    #expect(guide.children[0].frame == rect(0, 10, 10, 10))
    #expect(guided.children[0].frame == rect(3, 0, 20, 10))
  }

  @Test("fixedSize, aspectRatio, Grid and GridRow place their children")
  func sizingKinds() {
    // fixedSize horizontally: the Color is proposed nil × 100 (10 wide, its ideal).
    let fixed = LayoutNode(.fixedSize(horizontal: true, vertical: false), children: [color()])
    lay(fixed)
    #expect(fixed.children[0].frame == rect(0, 0, 10, 100))

    // aspectRatio 2 fitting 100×100: the Color is proposed 100×50.
    let ratio = LayoutNode(.aspectRatio(2, .fit), children: [color()])
    lay(ratio)
    #expect(ratio.frame == rect(0, 0, 100, 50))
    #expect(ratio.children[0].frame == rect(0, 0, 100, 50))

    // A 2×2 grid, columns 20 and 30 wide 4 apart, rows 10 and 20 high 2 apart, cells
    // centred in their cell areas.
    let rows = [
      LayoutNode(.gridRow(alignment: nil), children: [box(10, 10), box(30, 4)]),
      LayoutNode(.gridRow(alignment: nil), children: [box(20, 20), box(6, 6)]),
    ]
    let grid = LayoutNode(
      .grid(GridSpec(alignment: .center, horizontalSpacing: 4, verticalSpacing: 2)),
      children: rows)
    lay(grid)
    #expect(grid.frame == rect(0, 0, 54, 32))
    #expect(rows[0].frame == rect(0, 0, 54, 10))
    #expect(rows[1].frame == rect(0, 12, 54, 20))
    #expect(rows[0].children[0].frame == rect(5, 0, 10, 10))
    #expect(rows[0].children[1].frame == rect(24, 3, 30, 4))
    #expect(rows[1].children[0].frame == rect(0, 12, 20, 20))
    #expect(rows[1].children[1].frame == rect(36, 19, 6, 6))
  }

  /// A single-child container given a second child places only its first: the second stays
  /// unplaced with a zero frame (placement pushes only the children a rule placed, never
  /// every child of the node).
  @Test("children a container does not place stay unplaced")
  func unplacedChildren() {
    let kinds: [LayoutKind] = [
      .frame(FrameSpec(width: 10, height: 10)), .fixedSize(horizontal: true, vertical: true),
      .offset(x: 1, y: 1), .aspectRatio(1, .fit),
      .alignmentGuide(AlignmentGuideSpec(guide: .horizontal(.leading), offset: 1)),
    ]
    for kind in kinds {
      let extra = box(7, 7)
      let node = LayoutNode(kind, children: [box(5, 5), extra])
      let root = LayoutNode(
        .padding(EdgeInsets(top: 3, leading: 3, bottom: 3, trailing: 3)), children: [node])
      lay(root)
      #expect(node.children[0].isPlaced, "\(kind)")
      #expect(!extra.isPlaced, "\(kind)")
      #expect(extra.frame == .zero, "\(kind)")
      #expect(!extra.children[0].isPlaced, "\(kind)")
    }
  }

  @Test("scroll views, ViewThatFits and GeometryReader place their children")
  func lastArrayKinds() {
    // A vertical ScrollView takes the proposal (100×100); its 30×200 content, proposed
    // (100, nil), starts at the top and is centred across: x = (100 − 30) / 2.
    let content = box(30, 200)
    let scroll = LayoutNode(.scrollView(.vertical), children: [content])
    lay(scroll)
    #expect(scroll.frame == rect(0, 0, 100, 100))
    #expect(content.frame == rect(35, 0, 30, 200))
    #expect(content.children[0].frame == rect(35, 0, 30, 200))
    // ViewThatFits(in: .horizontal): the 150-wide child does not fit 100, the 60-wide one
    // does and is the only one placed, at the origin.
    let wide = box(150, 10)
    let narrow = box(60, 10)
    let fits = LayoutNode(
      .viewThatFits(horizontal: true, vertical: false), children: [wide, narrow])
    lay(fits)
    #expect(fits.frame == rect(0, 0, 60, 10))
    #expect(narrow.frame == rect(0, 0, 60, 10))
    #expect(!wide.isPlaced)
    #expect(wide.frame == .zero)
    // GeometryReader: every child at the reader's top-leading corner, proposed its size.
    let first = box(5, 5)
    let second = box(6, 6)
    let reader = LayoutNode(.geometryReader, children: [first, second])
    lay(reader)
    #expect(reader.frame == rect(0, 0, 100, 100))
    #expect(first.frame == rect(0, 0, 5, 5))
    #expect(second.frame == rect(0, 0, 6, 6))
    #expect(second.children[0].frame == rect(0, 0, 6, 6))
  }

  @Test("every container kind but stacks and padding places through recordChildren")
  func recordChildrenCoversKinds() {
    let recorded: [LayoutKind] = [
      .frame(FrameSpec(width: 10, height: 10)), .frame(FrameSpec(minWidth: 1, maxWidth: 50)),
      .fixedSize(horizontal: true, vertical: false), .offset(x: 1, y: 2),
      .alignmentGuide(AlignmentGuideSpec(guide: .horizontal(.leading), offset: 1)),
      .aspectRatio(2, .fill), .zStack(alignment: .center), .background(alignment: .center),
      .overlay(alignment: .center), .grid(GridSpec(alignment: .center)),
      .gridRow(alignment: nil), .scrollView(.vertical),
      .viewThatFits(horizontal: true, vertical: false), .geometryReader,
    ]
    // Stacks and padding are placed by `placeAll` itself.
    let arrays: [LayoutKind] = [
      .stack(axis: .vertical, alignment: .center, spacing: nil),
      .padding(EdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1)),
    ]
    for (kind, expected) in recorded.map({ ($0, true) }) + arrays.map({ ($0, false) }) {
      let pass = LayoutPass(
        tree: LayoutTree(LayoutNode(kind, children: [box(5, 5), box(6, 6)])),
        environment: LayoutEnvironment())
      let p = ProposedSize(width: 100, height: 100)
      _ = pass.size(pass.root, p)
      let work = UnsafeMutablePointer<Int32>.allocate(capacity: pass.count)
      defer { work.deallocate() }
      var cursor = PlacementCursor(originX: 7, originY: 9, work: work, top: 0)
      #expect(pass.recordChildren(pass.root, p, &cursor) == expected, "\(kind)")
      guard expected else {
        #expect(cursor.top == 0, "\(kind)")
        continue
      }
      // What it pushed is what `placements` lists, each at the container's origin plus the
      // placement's offset.
      let placements = pass.placements(pass.root, p)
      #expect(cursor.top == placements.count, "\(kind)")
      for (k, placement) in placements.enumerated() where k < cursor.top {
        let c = placement.child
        #expect(Int(work[k]) == c, "\(kind)")
        #expect(pass.memberX[c] == 7 + placement.origin.x, "\(kind)")
        #expect(pass.memberY[c] == 9 + placement.origin.y, "\(kind)")
      }
    }
  }

  @Test("a stack of more than 32 members orders them as a sort by the stack's order does")
  func heapSortMatchesSort() {
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    for n in [33, 34, 40, 64, 100, 257] {
      let buffer = UnsafeMutableBufferPointer<StackLayout.Member>.allocate(capacity: n)
      defer { buffer.deallocate() }
      for k in 0..<n {
        // Few distinct values, so ties (broken by index) are common.
        let flexibilities: [Double] = [0, 5, 12, .infinity]
        buffer.initializeElement(
          at: k,
          to: StackLayout.Member(
            priority: Double(next(2)), minimum: Double(next(3)),
            flexibility: flexibilities[next(4)], order: k))
      }
      let expected = Array(0..<n).sorted { StackLayout.precedes($0, $1, buffer) }
      StackLayout.heapSortOrder(buffer)
      #expect(buffer.map(\.order) == expected, "n = \(n)")
    }
    // In a laid-out HStack of 40 members (Text and Color alternating, so out of
    // flexibility order) the members still go left to right in their own order.
    let members = (0..<40).map { k in
      k % 2 == 0 ? LayoutNode(.text("t\(k)", TextStyle())) : color()
    }
    let stack = LayoutNode(
      .stack(axis: .horizontal, alignment: .center, spacing: nil), children: members)
    LayoutEngine().layout(stack, in: ProposedSize(width: 1024, height: 100))
    for k in 1..<40 { #expect(members[k].frame.minX > members[k - 1].frame.minX) }
  }
}
