import Foundation
import Testing

/// `render --format html` honours the proposal (issue 13): the page's outer box is
/// `--width`, every box has the tree's size, and nothing is warned when CSS places it all.
@Suite struct HTMLProposalCommandTests {
  @Test func toggleRowAtWidth390IsThe390PointTree() throws {
    let s = try Sandbox()
    let file = try s.write(
      "toggle.json",
      #"{"name":"ToggleRow","body":{"type":"HStack","children":[{"type":"Text","text":"Wi-Fi"},{"type":"Spacer"},{"type":"Color","color":"green","modifiers":[{"frame":{"width":51,"height":31}}]}]}}"#
    )
    #expect(s.run(["add", file]).status == 0)
    let tree = s.run(["render", "ToggleRow", "--width", "390", "--text-metrics", "fixed"])
    #expect(tree.out.contains("proposed 390×nil: 390×31"), "\(tree.out)")
    let r = s.run([
      "render", "ToggleRow", "--format", "html", "--width", "390", "--text-metrics", "fixed",
    ])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("<div id=\"catalog-root\" style=\"width: 390px;\">"))
    #expect(r.out.contains("style=\"width: 390px; height: 31px;"))
    #expect(!r.err.contains("warning: html"), "\(r.err)")
  }
}
