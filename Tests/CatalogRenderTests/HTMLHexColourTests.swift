import CatalogModel
import CatalogRender
import CatalogResolver
import CatalogTestSupport
import CatalogTokens
import Foundation
import Testing

/// Review 21: the HTML page's colours took `#RGB`, `#RRGGBB` and `#RRGGBBAA` but drew
/// `#RGBA` grey, by a hex test of its own; it now asks `ColorName.isHex`, the one hex rule.
/// Checked through Chromium: each colour is the one the browser computes for the written hex.
@Suite struct HTMLHexColourTests {
  static let definition = #"""
    {"name": "Hexes", "body": {"type": "VStack", "children": [
      {"type": "Color", "color": "#f00a", "modifiers": [{"frame": {"width": 10, "height": 10}}]},
      {"type": "Color", "color": "#0f0", "modifiers": [{"frame": {"width": 10, "height": 10}}]},
      {"type": "Color", "color": "#0000ff80", "modifiers": [{"frame": {"width": 10, "height": 10}}]},
      {"type": "Text", "text": "a", "foregroundColor": "#00f8"}]}}
    """#

  static func page() throws -> String {
    let d = try DefinitionParser.parse(definition, file: "Hexes.json")
    var resolver = Resolver(
      source: InMemoryComponentSource([d]), tokens: TokenResolver(tokens: [:]))
    let laidOut = LaidOutComponent(
      try resolver.resolve("Hexes", arguments: JSONObject()), proposal: .unspecified)
    return HTMLRenderer.render(laidOut).html
  }

  @Test("every hex form is written as the hex, none drawn grey")
  func written() throws {
    let html = try Self.page()
    for hex in ["#f00a", "#0f0", "#0000ff80", "#00f8"] {
      #expect(html.contains(hex), "\(hex)")
    }
  }

  @Test("Chromium draws #RGBA as its colour with its alpha", .requires(.chromium))
  func drawnInChromium() throws {
    let html = try Self.page().replacing(
      "</body>",
      with: """
        <pre id="out"></pre><script>
        const seen = [];
        for (const e of document.querySelectorAll("[style]")) {
          const s = getComputedStyle(e);
          seen.push(s.backgroundColor + " | " + s.color);
        }
        document.getElementById("out").textContent = seen.join("\\n");
        </script></body>
        """)
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "catalog-hex-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("hexes.html")
    try html.write(to: file, atomically: true, encoding: .utf8)
    let dom = try Chromium.dumpDOM(file).dom
    let report = dom.components(separatedBy: "<pre id=\"out\">").last ?? ""
    // #f00a is red at alpha 10/15; #0000ff80 blue at 128/255; #00f8 (a text) blue at 8/15.
    #expect(report.contains("rgba(255, 0, 0, 0.667)"), "\(report)")
    #expect(report.contains("rgb(0, 255, 0)"), "\(report)")
    #expect(report.contains("rgba(0, 0, 255, 0.5)"), "\(report)")
    #expect(report.contains("rgba(0, 0, 255, 0.533)"), "\(report)")
    #expect(!report.contains("rgb(209, 209, 214)"), "nothing drawn grey: \(report)")
  }
}
