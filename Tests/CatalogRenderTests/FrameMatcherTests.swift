import CatalogLayout
import Testing

@testable import CatalogRender

/// Views are matched by identity, not position (shared by `diff` and `--dry-run`).
@Suite struct FrameMatcherTests {
  func view(_ kind: String, _ label: String, _ source: String, y: Double) -> FrameMatcher.View {
    FrameMatcher.View(
      key: "\(source)|\(kind)#0", kind: kind, label: label, source: source,
      frame: Rect(x: 0, y: y, width: 100, height: 20))
  }

  @Test func oneInsertedViewDoesNotMisalignTheOthers() {
    let old = [
      view("Text", "Text(\"Title\")", "Row body.children[0]", y: 0),
      view("Text", "Text(\"Artist\")", "Row body.children[1]", y: 20),
      view("Text", "Text(\"Album\")", "Row body.children[2]", y: 40),
    ]
    // A view inserted first: every later JSON path moves by one, every later view by 20 pt.
    let new = [
      view("Text", "Text(\"New\")", "Row body.children[0]", y: 0),
      view("Text", "Text(\"Title\")", "Row body.children[1]", y: 20),
      view("Text", "Text(\"Artist\")", "Row body.children[2]", y: 40),
      view("Text", "Text(\"Album\")", "Row body.children[3]", y: 60),
    ]
    let changes = FrameMatcher.compare(old, new)
    var added: [String] = []
    var moved: [(String, String, Double, Double)] = []
    for change in changes {
      switch change {
      case .added(let v): added.append(v.label)
      case .changed(let a, let b): moved.append((a.label, b.label, a.frame.minY, b.frame.minY))
      case .removed(let v): Issue.record("unexpected removal of \(v.label)")
      }
    }
    #expect(added == ["Text(\"New\")"])
    // Each view is compared with itself: same label, moved down by the inserted 20 pt.
    #expect(moved.count == 3)
    for (a, b, y0, y1) in moved {
      #expect(a == b)
      #expect(y1 - y0 == 20)
    }
  }

  @Test func unchangedViewsAreNotReported() {
    let views = [
      view("Text", "Text(\"A\")", "R body", y: 0),
      view("padding", "padding(8)", "R body.modifiers[0]", y: 0),
    ]
    #expect(FrameMatcher.compare(views, views).isEmpty)
    #expect(FrameMatcher.compare(views, Array(views.prefix(1))) == [.removed(views[1])])
  }
}
