/// `GeometryReader { proxy in … }`: takes its proposal and places its content at the
/// top-leading corner.
///
/// Rules (Apple, `GeometryReader`: "This view returns a flexible preferred size to its
/// parent layout"; the content sees the reader's size and is placed at its origin): the size
/// is the proposal, with 10 on an unspecified axis (the same default as a shape,
/// ``ShapeLayout/unspecifiedLength``); each child is proposed the reader's size and placed
/// with its top-leading corner at the reader's.
struct GeometryReaderLayout {
  let pass: LayoutPass
  let node: Int

  /// Size: the proposal, nil axes replaced by 10.
  func sizeThatFits(_ p: ProposedSize) -> Size {
    ShapeLayout.sizeThatFits(p)
  }

  /// Placement: every child at (0, 0), proposed the reader's size, reported in order to
  /// `body` (no array built).
  func forEachPlacement(_ p: ProposedSize, _ body: (ChildPlacement) -> Void) {
    let own = ProposedSize(pass.size(node, p))
    for k in 0..<pass.childCount(node) {
      body(ChildPlacement(child: pass.child(node, k), origin: .zero, proposal: own))
    }
  }
}
