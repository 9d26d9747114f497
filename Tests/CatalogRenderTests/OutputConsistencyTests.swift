import CatalogLayout
import CatalogRender
import CatalogResolver
import Foundation
import Testing

/// One layout, every output: for every example and variant (unproposed and at
/// `--width 390`), the frames written by `tree`, `json` and `svg` (element coordinates)
/// equal the layout's frames node for node. The `html` page is compared in Chromium by
/// ``HTMLBrowserTests`` over the same cases.
@Suite struct OutputConsistencyTests {
  /// The frames of the tree output, one per line after the heading, in document order.
  static func treeFrames(_ text: String) -> [Rect] {
    text.split(separator: "\n").dropFirst().compactMap { line -> Rect? in
      // "…  (x, y) w×h" at the end of the line.
      guard let open = line.range(of: "  (", options: .backwards) else { return nil }
      let tail = line[open.upperBound...]
      let parts = tail.replacingOccurrences(of: ")", with: "").replacingOccurrences(
        of: ",", with: ""
      ).split(separator: " ")
      guard parts.count >= 3, let x = Double(parts[0]), let y = Double(parts[1]) else { return nil }
      let size = parts[2].split(separator: "×")
      guard size.count == 2, let w = Double(size[0]), let h = Double(size[1]) else { return nil }
      return Rect(x: x, y: y, width: w, height: h)
    }
  }

  /// The frames of the JSON output, in document order.
  static func jsonFrames(_ text: String) throws -> [Rect] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    var out: [Rect] = []
    var stack: [[String: Any]] = (object?["root"] as? [String: Any]).map { [$0] } ?? []
    while let node = stack.popLast() {
      if let f = node["frame"] as? [String: Any], let x = f["x"] as? Double,
        let y = f["y"] as? Double, let w = f["width"] as? Double, let h = f["height"] as? Double
      {
        out.append(Rect(x: x, y: y, width: w, height: h))
      }
      stack.append(contentsOf: ((node["children"] as? [[String: Any]]) ?? []).reversed())
    }
    return out
  }

  /// For each node index, the first `<rect>` the SVG draws for it (outside the redlines).
  static func svgRects(_ svg: String) -> [Int: Rect] {
    var out: [Int: Rect] = [:]
    for line in svg.split(separator: "\n") {
      if line.contains("data-layer=\"redlines\"") { break }
      guard line.contains("<rect "), let r = line.range(of: " data-node=\"") else { continue }
      guard let index = Int(line[r.upperBound...].prefix { $0.isNumber }), out[index] == nil else {
        continue
      }
      func attribute(_ name: String) -> Double? {
        guard let r = line.range(of: " \(name)=\"") else { return nil }
        return Double(line[r.upperBound...].prefix { $0 != "\"" })
      }
      if let x = attribute("x"), let y = attribute("y"), let w = attribute("width"),
        let h = attribute("height")
      {
        out[index] = Rect(x: x, y: y, width: w, height: h)
      }
    }
    return out
  }

  static func same(_ a: Rect, _ b: Rect) -> Bool {
    abs(a.minX - b.minX) < 0.001 && abs(a.minY - b.minY) < 0.001 && abs(a.width - b.width) < 0.001
      && abs(a.height - b.height) < 0.001
  }

  @Test func treeJSONAndSVGAgreeWithTheLayout() throws {
    let catalog = try ExampleCatalog.load()
    var problems: [String] = []
    var compared = 0
    for c in catalog.cases {
      for proposal in [ProposedSize.unspecified, ProposedSize(width: 390, height: nil)] {
        let laidOut = try catalog.layOut(c, proposal: proposal)
        let name = "\(c.name) \(proposal.width.map { "--width \(formatPoints($0))" } ?? "")"
        let frames = laidOut.nodes().map(\.node.frame)
        let tree = Self.treeFrames(TreeRenderer.render(laidOut))
        let json = try Self.jsonFrames(JSONRenderer.render(laidOut))
        if tree.count != frames.count {
          problems.append("\(name): tree lists \(tree.count) frames, layout has \(frames.count)")
        }
        if json.count != frames.count {
          problems.append("\(name): json lists \(json.count) frames, layout has \(frames.count)")
        }
        for (k, f) in frames.enumerated() {
          if k < tree.count, !Self.same(tree[k], f) {
            problems.append("\(name): node \(k) tree \(tree[k]) layout \(f)")
          }
          if k < json.count, !Self.same(json[k], f) {
            problems.append("\(name): node \(k) json \(json[k]) layout \(f)")
          }
        }
        // SVG: the box drawn for views whose drawing is their frame.
        let rects = Self.svgRects(SVGRenderer.render(laidOut))
        for (k, e) in laidOut.nodes().enumerated() {
          switch e.node.kind {
          case .color, .text, .stack, .zStack, .image:
            guard let r = rects[k] else { continue }
            compared += 1
            if !Self.same(r, e.node.frame) {
              problems.append("\(name): node \(k) svg \(r) layout \(e.node.frame)")
            }
          default: continue
          }
        }
      }
    }
    #expect(compared > 100)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }
}
