import CatalogResolver
import CatalogSystem

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Several rendered SVG documents (the cases of `render --matrix`) side by side in one
/// SVG picture: a grid of at most four columns, each cell one case's drawing (with its
/// caption), under a title.
public enum SVGGrid {
  /// One cell: a case's label (listed under the grid) and its SVG document (as
  /// ``SVGRenderer/render(_:scale:title:)`` writes it, best with the case's number as title).
  public struct Cell: Sendable {
    /// The case's label.
    public var label: String
    /// The case's SVG document.
    public var svg: String

    /// Creates a cell.
    /// - Parameters:
    ///   - label: The case's label.
    ///   - svg: Its SVG document.
    public init(label: String, svg: String) {
      self.label = label
      self.svg = svg
    }
  }

  /// The gap between cells, in points.
  static let gap = 16.0
  /// The height of the title band, in points.
  static let header = 32.0

  /// Places the cells in a grid, row by row, each column as wide as its widest cell and
  /// each row as tall as its tallest.
  ///
  /// - Parameters:
  ///   - cells: The cases.
  ///   - title: The picture's title.
  ///   - scale: Pixels per point of the whole picture.
  /// - Returns: One SVG document.
  public static func render(_ cells: [Cell], title: String, scale: Double = 1) -> String {
    let scale = scale.isFinite && scale > 0 ? scale : 1
    let sizes = cells.map { size(of: $0.svg) }
    let columns = max(1, min(4, Int(Double(cells.count).squareRoot().rounded(.up))))
    let rows = (cells.count + columns - 1) / columns
    var widths = [Double](repeating: 0, count: columns)
    var heights = [Double](repeating: 0, count: max(rows, 1))
    for (i, s) in sizes.enumerated() {
      widths[i % columns] = max(widths[i % columns], s.width)
      heights[i / columns] = max(heights[i / columns], s.height)
    }
    // The labels are listed under the grid (`1  showIcon=true, …`): each cell's caption
    // only has its number, so a long label is never cut off by a narrow drawing.
    let legendLine = 16.0
    let longest = cells.map { Double($0.label.count + 4) }.max() ?? 0
    let width = max(widths.reduce(gap, { $0 + $1 + gap }), gap * 2 + longest * 6.6)
    let gridHeight = heights.reduce(header + gap, { $0 + $1 + gap })
    let height = gridHeight + Double(cells.count) * legendLine + (cells.isEmpty ? 0 : gap)
    func n(_ v: Double) -> String { formatPoints(v) }
    var out =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width * scale))\" height=\"\(n(height * scale))\" viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
    out += "  <title>\(SVGRenderer.escape(title))</title>\n"
    out += "  <rect width=\"100%\" height=\"100%\" fill=\"#f2f2f7\"/>\n"
    out +=
      "  <text x=\"\(n(gap))\" y=\"22\" font-size=\"14\" font-weight=\"bold\" fill=\"#1c1c1e\">\(SVGRenderer.escape(title))</text>\n"
    var y = header + gap
    for row in 0..<rows {
      var x = gap
      for column in 0..<columns {
        let index = row * columns + column
        guard index < cells.count else { break }
        out += "  " + placed(cells[index].svg, x: x, y: y) + "\n"
        x += widths[column] + gap
      }
      y += heights[row] + gap
    }
    for (i, cell) in cells.enumerated() {
      let baseline = gridHeight + Double(i + 1) * legendLine - 4
      out +=
        "  <text x=\"\(n(gap))\" y=\"\(n(baseline))\" font-size=\"11\" fill=\"#1c1c1e\"><tspan font-weight=\"bold\">\(i + 1)</tspan>  \(SVGRenderer.escape(cell.label))</text>\n"
    }
    return out + "</svg>\n"
  }

  /// The `width` and `height` of a document's root element, in points.
  static func size(of svg: String) -> (width: Double, height: Double) {
    SVGRootElement(svg)?.pointSize ?? (0, 0)
  }

  /// The document as a nested `<svg>` element at (x, y), without any XML declaration.
  static func placed(_ svg: String, x: Double, y: Double) -> String {
    var text = svg
    if text.hasPrefix("<?xml"), let end = text.firstRange(of: "?>") {
      text = String(text[end.upperBound...])
    }
    guard let start = text.firstRange(of: "<svg ") else { return "" }
    text.replaceSubrange(start, with: "<svg x=\"\(formatPoints(x))\" y=\"\(formatPoints(y))\" ")
    return text.trimmed(.whitespacesAndNewlines)
  }
}
