import CatalogLayout
import CatalogRender
import CatalogResolver
import CatalogTestSupport
import Foundation
import Testing

/// Loads every HTML page in headless Chromium and compares the browser's boxes with our
/// frames, for every example component and layout fixture that CSS can express exactly.
@Suite struct HTMLBrowserTests {
  struct Case {
    var name: String
    var page: HTMLPage
    var frames: [Rect]
    var scale: Double
  }

  static func cases() throws -> [Case] {
    var out: [Case] = []
    let catalog = try ExampleCatalog.load()
    for c in catalog.cases {
      let laidOut = try catalog.layOut(c)
      out.append(Case(name: "example \(c.name)", page: HTMLRenderer.render(laidOut, measuring: true), frames: laidOut.nodes().map(\.node.frame), scale: 3))
    }
    for f in try LayoutFixture.all() {
      let env = LayoutEnvironment(displayScale: f.scale, layoutDirection: f.direction)
      LayoutEngine(environment: env).layout(f.root, in: f.proposal)
      var frames: [Rect] = []
      var stack = [f.root]
      while let n = stack.popLast() {
        frames.append(n.frame)
        stack.append(contentsOf: n.children.reversed())
      }
      let page = HTMLRenderer.page(
        root: f.root, title: f.name, info: { _ in nil }, proposal: f.proposal, defaultSpacing: 8, displayScale: f.scale,
        layoutDirection: f.direction, measuring: true)
      out.append(Case(name: "fixture \(f.name)", page: page, frames: frames, scale: f.scale))
    }
    return out
  }

  /// SwiftUI's final rounding (reference §3.7): corners to the nearest pixel, ties up.
  static func round(_ v: Double, _ scale: Double) -> Double {
    ((v * scale * 1_000_000).rounded() / 1_000_000 + 0.5).rounded(.down) / scale
  }

  @Test func pagesDeclareTheirFontAndNumberEveryNode() throws {
    let catalog = try ExampleCatalog.load()
    let laidOut = try catalog.layOut(.init(component: "TrackRow", variant: nil, arguments: .init()))
    let page = HTMLRenderer.render(laidOut)
    #expect(page.html.contains("@font-face { font-family: \"CatalogFixedAdvance\""))
    #expect(page.html.contains("data-node=\"\(laidOut.nodes().count - 1)\""))
    #expect(!page.html.contains("catalog-boxes"))
    #expect(page.inexpressible.isEmpty)
  }

  @Test(.requires(.chromium)) func browserBoxesMatchOurFrames() throws {
    let all = try Self.cases()
    let compared = all.filter { $0.page.inexpressible.isEmpty }
    let skipped = all.filter { !$0.page.inexpressible.isEmpty }
    // One browser run: every page in a srcdoc iframe (same origin as the harness), and a
    // harness script that gathers each page's boxes once all of them have written theirs.
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-html-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    var harness = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body>\n"
    for (k, c) in compared.enumerated() {
      let escaped = c.page.html.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
      harness += "<iframe id=\"case\(k)\" width=\"1600\" height=\"1200\" srcdoc=\"\(escaped)\"></iframe>\n"
    }
    harness += """
      <pre id="all"></pre>
      <script>
      function collect() {
        var out = '', pending = 0;
        for (var k = 0; k < \(compared.count); k++) {
          var d = document.getElementById('case' + k).contentDocument;
          var boxes = d && d.getElementById('catalog-boxes');
          if (!boxes || !boxes.textContent) { pending++; continue; }
          out += '#case ' + k + '\\n' + boxes.textContent;
        }
        if (pending > 0) { setTimeout(collect, 50); return; }
        document.getElementById('all').textContent = out;
      }
      window.addEventListener('load', collect);
      </script></body></html>
      """
    let file = dir.appendingPathComponent("harness.html")
    try harness.write(to: file, atomically: true, encoding: .utf8)
    let result = try Chromium.dumpDOM(file, budgetMilliseconds: 30_000)
    guard let start = result.dom.range(of: "<pre id=\"all\">"), let end = result.dom.range(of: "</pre>", range: start.upperBound..<result.dom.endIndex) else {
      Issue.record("the browser gave no boxes; its log:\n\(result.log.suffix(2000))")
      return
    }
    var boxes: [Int: [Int: [Double]]] = [:]
    var fonts: [Int: Bool] = [:]
    var current = -1
    for line in result.dom[start.upperBound..<end.lowerBound].split(separator: "\n") {
      let parts = line.split(separator: " ")
      if parts.first == "#case", parts.count == 2 { current = Int(parts[1]) ?? -1; continue }
      if parts.first == "fonts" { fonts[current] = parts.last != "false"; continue }
      guard parts.count == 5, let index = Int(parts[0]) else { continue }
      boxes[current, default: [:]][index] = parts.dropFirst().compactMap { Double($0) }
    }
    var mismatches: [String] = []
    for (k, c) in compared.enumerated() {
      if fonts[k] == false || fonts[k] == nil, c.page.html.contains("class=\"t\"") { mismatches.append("\(c.name)  the fixed-advance font did not load") }
      for (index, frame) in c.frames.enumerated() {
        guard let b = boxes[k]?[index], b.count == 4 else {
          mismatches.append("\(c.name)  node \(index): no box")
          continue
        }
        let x0 = Self.round(b[0], c.scale), y0 = Self.round(b[1], c.scale)
        let x1 = Self.round(b[0] + b[2], c.scale), y1 = Self.round(b[1] + b[3], c.scale)
        let browser = Rect(x: x0, y: y0, width: Self.round(x1 - x0, c.scale), height: Self.round(y1 - y0, c.scale))
        let close = abs(browser.minX - frame.minX) < 0.001 && abs(browser.minY - frame.minY) < 0.001
          && abs(browser.width - frame.width) < 0.001 && abs(browser.height - frame.height) < 0.001
        if !close {
          mismatches.append("\(c.name)  node \(index)  ours \(frame)  browser \(browser)  (raw \(b.map { formatPoints($0) }.joined(separator: " ")))")
        }
      }
    }
    print("HTML browser comparison: \(compared.count) pages compared, \(compared.reduce(0) { $0 + $1.frames.count }) boxes; \(skipped.count) skipped (CSS cannot express them):")
    for s in skipped { print("  skipped \(s.name): \(s.page.inexpressible.joined(separator: "; "))") }
    if !mismatches.isEmpty {
      Issue.record("\(mismatches.count) boxes differ between Chromium and our layout:\n\(mismatches.joined(separator: "\n"))")
    }
    #expect(compared.count >= 20)
  }
}
