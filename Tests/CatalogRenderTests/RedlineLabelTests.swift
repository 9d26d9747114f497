import CatalogLayout
import CatalogRender
import Foundation
import Testing

/// Redline labels never overlap one another nor the drawing: the label pills of every
/// example (defaults, variants, and at `--width 390`) are read back from the SVG as boxes
/// and compared pairwise.
@Suite struct RedlineLabelTests {
  /// The label pills of an SVG (white rounded rectangles in the redline layer), in points.
  static func labelBoxes(_ svg: String) -> [Rect] {
    var out: [Rect] = []
    var inRedlines = false
    for line in svg.split(separator: "\n") {
      if line.contains("data-layer=\"redlines\"") { inRedlines = true }
      guard inRedlines, line.contains("<rect "), line.contains("rx=\"3\" fill=\"#ffffff\"") else {
        continue
      }
      func attribute(_ name: String) -> Double? {
        guard let r = line.range(of: " \(name)=\"") else { return nil }
        return Double(line[r.upperBound...].prefix { $0 != "\"" })
      }
      if let x = attribute("x"), let y = attribute("y"), let w = attribute("width"),
        let h = attribute("height")
      {
        out.append(Rect(x: x, y: y, width: w, height: h))
      }
    }
    return out
  }

  static func overlap(_ a: Rect, _ b: Rect) -> Bool {
    a.minX < b.maxX - 0.001 && b.minX < a.maxX - 0.001 && a.minY < b.maxY - 0.001
      && b.minY < a.maxY - 0.001
  }

  @Test func labelsNeverOverlapEachOtherOrTheDrawing() throws {
    let catalog = try ExampleCatalog.load()
    var problems: [String] = []
    var labels = 0
    for c in catalog.cases {
      for proposal in [ProposedSize.unspecified, ProposedSize(width: 390, height: nil)] {
        let laidOut = try catalog.layOut(c, proposal: proposal)
        let boxes = Self.labelBoxes(SVGRenderer.render(laidOut))
        labels += boxes.count
        let drawing = Rect(x: 0, y: 0, width: laidOut.size.width, height: laidOut.size.height)
        for (i, a) in boxes.enumerated() {
          if Self.overlap(a, drawing) {
            problems.append("\(c.name) \(proposal): label \(a) covers the drawing")
          }
          for b in boxes[(i + 1)...] where Self.overlap(a, b) {
            problems.append("\(c.name) \(proposal): labels \(a) and \(b) overlap")
          }
        }
      }
    }
    #expect(labels > 50, "too few labels to check (\(labels))")
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test func overlapIsDetected() {
    // The check itself: two pills that share a corner region overlap, neighbours do not.
    #expect(
      Self.overlap(Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 5, y: 5, width: 10, height: 10))
    )
    #expect(
      !Self.overlap(
        Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 10, y: 0, width: 10, height: 10)))
  }
}
