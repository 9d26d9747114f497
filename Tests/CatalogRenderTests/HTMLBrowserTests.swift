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
      out.append(
        Case(
          name: "example \(c.name)", page: HTMLRenderer.render(laidOut, measuring: true),
          frames: laidOut.nodes().map(\.node.frame), scale: 3))
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
        root: f.root, title: f.name, info: { _ in nil }, proposal: f.proposal, defaultSpacing: 8,
        displayScale: f.scale,
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

  /// The examples at the issue's width too (the proposal is the outer box).
  static func proposedCases() throws -> [Case] {
    var out: [Case] = []
    let catalog = try ExampleCatalog.load()
    for c in catalog.cases {
      let laidOut = try catalog.layOut(c, proposal: ProposedSize(width: 390, height: nil))
      out.append(
        Case(
          name: "example \(c.name) --width 390",
          page: HTMLRenderer.render(laidOut, measuring: true),
          frames: laidOut.nodes().map(\.node.frame), scale: 3))
    }
    return out
  }

  /// At least 200 seeded random stack trees: stacks of every alignment and spacing,
  /// texts, spacers, colours, paddings, fixed and flexible frames, layout priorities, under
  /// unspecified and finite proposals.
  static func randomCases(count: Int = 200, seed: UInt64 = 13) -> [Case] {
    var rng = SeededGenerator(state: seed)
    var out: [Case] = []
    for k in 0..<count {
      let root = RandomTree.make(&rng, depth: 0)
      let proposals = [
        ProposedSize.unspecified, ProposedSize(width: 390, height: nil),
        ProposedSize(width: 240, height: 320), ProposedSize(width: 120, height: 80),
      ]
      let proposal = proposals[Int(rng.next() % UInt64(proposals.count))]
      LayoutEngine(environment: LayoutEnvironment(displayScale: 3)).layout(root, in: proposal)
      var frames: [Rect] = []
      var stack = [root]
      while let n = stack.popLast() {
        guard n.isPlaced else { continue }
        frames.append(n.frame)
        stack.append(contentsOf: n.children.reversed())
      }
      let page = HTMLRenderer.page(
        root: root, title: "random \(k)", info: { _ in nil }, proposal: proposal, defaultSpacing: 8,
        displayScale: 3, measuring: true)
      out.append(
        Case(
          name: "random \(k) \(RandomTree.describe(proposal))", page: page, frames: frames, scale: 3
        ))
    }
    return out
  }

  @Test(.requires(.chromium)) func browserBoxesMatchOurFrames() throws {
    try Self.compareInBrowser(try Self.cases() + Self.proposedCases(), minimum: 20)
  }

  @Test(.requires(.chromium)) func browserBoxesMatchOurFramesForRandomStackTrees() throws {
    try Self.compareInBrowser(Self.randomCases(), minimum: 200)
  }

  @Test(.requires(.chromium)) func toggleRowHonoursTheProposedWidth() throws {
    // The issue's example: the tree is 390 × 31 at --width 390; so must the page be.
    let json =
      #"{"name":"ToggleRow","body":{"type":"HStack","children":[{"type":"Text","text":"Wi-Fi"},{"type":"Spacer"},{"type":"Color","color":"green","modifiers":[{"frame":{"width":51,"height":31}}]}]}}"#
    let laidOut = try PaintOrderTests.layOut(json, proposal: ProposedSize(width: 390, height: nil))
    #expect(laidOut.size == Size(width: 390, height: 31))
    let page = HTMLRenderer.render(laidOut, measuring: true)
    #expect(
      page.html.contains(
        "data-node=\"0\" title=\"HStack(alignment: .center, spacing: nil)\" style=\"width: 390px; height: 31px;"
      ))
    #expect(page.html.contains("<div id=\"catalog-root\" style=\"width: 390px;\">"))
    #expect(page.inexpressible.isEmpty)
    try Self.compareInBrowser(
      [
        Case(
          name: "ToggleRow --width 390", page: page, frames: laidOut.nodes().map(\.node.frame),
          scale: 3)
      ], minimum: 1)
  }

  /// Loads every page in one Chromium run and compares each box with our frame; records
  /// one issue with a table of every mismatch.
  static func compareInBrowser(_ all: [Case], minimum: Int) throws {
    // The callers require Chromium (`.requires(.chromium)`: skipped and listed locally,
    // a failure with CI=true).
    let compared = all
    // One browser run per batch: every page in a srcdoc iframe (same origin as the harness),
    // and a harness script that gathers each page's boxes once all of them have written theirs.
    var mismatches: [String] = []
    var boxCount = 0
    for start in stride(from: 0, to: compared.count, by: 200) {
      let batch = Array(compared[start..<min(start + 200, compared.count)])
      let result = try browserBoxes(batch)
      boxCount += batch.reduce(0) { $0 + $1.frames.count }
      mismatches += result
      // CATALOG_HTML_DUMP=folder keeps each page, to open a mismatch in a browser.
      if let folder = ProcessInfo.processInfo.environment["CATALOG_HTML_DUMP"] {
        for c in batch {
          try? c.page.html.write(
            toFile:
              "\(folder)/\(c.name.replacingOccurrences(of: " ", with: "_").replacingOccurrences(of: "/", with: "_")).html",
            atomically: true, encoding: .utf8)
        }
      }
    }
    let marked = compared.filter { !$0.page.inexpressible.isEmpty }
    let failing = mismatches.filter { $0.hasPrefix("| MISMATCH") }
    print(
      "HTML browser comparison: \(compared.count) pages, \(boxCount) boxes, \(failing.count) mismatches, \(mismatches.count - failing.count) within one pixel (rounding); \(marked.count) pages with boxes placed at their frames (warned):"
    )
    for s in marked { print("  \(s.name): \(s.page.inexpressible.joined(separator: "; "))") }
    let table =
      "| kind | case | node | ours | browser |\n| --- | --- | --- | --- | --- |\n"
      + mismatches.joined(separator: "\n")
    if !mismatches.isEmpty { print(table) }
    if !failing.isEmpty {
      Issue.record(
        "\(failing.count) boxes differ by more than a pixel between Chromium and our layout:\n\(table)"
      )
    }
    #expect(compared.count >= minimum)
  }

  /// The mismatching boxes of one batch of pages, as table rows.
  static func browserBoxes(_ compared: [Case]) throws -> [String] {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "catalog-html-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    var harness = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body>\n"
    for (k, c) in compared.enumerated() {
      let escaped = c.page.html.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(
        of: "\"", with: "&quot;")
      harness +=
        "<iframe id=\"case\(k)\" width=\"1600\" height=\"1200\" srcdoc=\"\(escaped)\"></iframe>\n"
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
    guard let start = result.dom.range(of: "<pre id=\"all\">"),
      let end = result.dom.range(of: "</pre>", range: start.upperBound..<result.dom.endIndex)
    else {
      Issue.record("the browser gave no boxes; its log:\n\(result.log.suffix(2000))")
      return []
    }
    var boxes: [Int: [Int: [Double]]] = [:]
    var fonts: [Int: Bool] = [:]
    var current = -1
    for line in result.dom[start.upperBound..<end.lowerBound].split(separator: "\n") {
      let parts = line.split(separator: " ")
      if parts.first == "#case", parts.count == 2 {
        current = Int(parts[1]) ?? -1
        continue
      }
      if parts.first == "fonts" {
        fonts[current] = parts.last != "false"
        continue
      }
      guard parts.count == 5, let index = Int(parts[0]) else { continue }
      boxes[current, default: [:]][index] = parts.dropFirst().compactMap { Double($0) }
    }
    var mismatches: [String] = []
    for (k, c) in compared.enumerated() {
      if fonts[k] == false || fonts[k] == nil, c.page.html.contains("class=\"t\"") {
        mismatches.append("| MISMATCH | \(c.name) | – | the fixed-advance font did not load | |")
      }
      for (index, frame) in c.frames.enumerated() {
        guard let b = boxes[k]?[index], b.count == 4 else {
          mismatches.append("| MISMATCH | \(c.name) | \(index) | \(frame) | no box |")
          continue
        }
        // Chromium keeps lengths in 1/64 px units (a third of a point is 0.328) and centres
        // without rounding: each edge is snapped to the half-pixel grid, then rounded to the
        // pixel as SwiftUI rounds its frames (reference §3.7, ties up).
        func edge(_ v: Double) -> Double {
          Self.round((v * 2 * c.scale).rounded() / (2 * c.scale), c.scale)
        }
        let x0 = edge(b[0])
        let y0 = edge(b[1])
        let x1 = edge(b[0] + b[2])
        let y1 = edge(b[1] + b[3])
        let browser = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        let close =
          abs(browser.minX - frame.minX) < 0.001 && abs(browser.minY - frame.minY) < 0.001
          && abs(browser.maxX - frame.maxX) < 0.001 && abs(browser.maxY - frame.maxY) < 0.001
        if !close {
          // Within one display pixel: the page is built from frames already rounded to the
          // pixel grid, while our layout rounds once from unrounded positions (§3.7), so a
          // member centred in an odd remainder can land one pixel apart. Listed, not failed.
          let pixel = 1 / c.scale + 0.001
          let withinPixel =
            abs(browser.minX - frame.minX) < pixel && abs(browser.minY - frame.minY) < pixel
            && abs(browser.maxX - frame.maxX) < pixel && abs(browser.maxY - frame.maxY) < pixel
          mismatches.append(
            "| \(withinPixel ? "rounding" : "MISMATCH") | \(c.name) | \(index) | \(frame) | \(browser) (raw \(b.map { formatPoints($0) }.joined(separator: " "))) |"
          )
        }
      }
    }
    return mismatches
  }
}
