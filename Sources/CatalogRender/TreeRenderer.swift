import CatalogLayout
import CatalogModel
import CatalogResolver

/// The `tree` output: an indented text tree with each view's frame.
///
/// Shape (points, root coordinates, origin top-left):
/// ```
/// TrackRow on ios, proposed nil×nil: 68×53
/// VStack(alignment: .leading, spacing: 0)  (0, 0) 68×53
///   padding(.bottom, 8)  (0, 0) 68×30
///     Text("Untitled").font(.headline)  (0, 0) 68×22
/// ```
/// A view drawn in colours ends with them, as the SVG draws them (a `Text`'s
/// `foregroundColor #0000ff`, a shape's `fill #b3d4ff, stroke #1c1c1e`, a `Color`'s
/// `color`, a `border`'s colour; ``SVGRenderer/drawnColors(of:)``).
/// Modifiers are shown as the parents of what they modify, as SwiftUI nests them. With
/// `explain`, each node is followed by its lengths and their provenance
/// (`· padding.bottom = 8pt ← {space.sm} ← 8px`) and where it was defined.
public enum TreeRenderer {
  /// Renders a laid-out component as text.
  /// - Parameters:
  ///   - laidOut: The component after layout.
  ///   - explain: Add provenance lines.
  /// - Returns: The text, ending with a newline.
  public static func render(_ laidOut: LaidOutComponent, explain: Bool = false) -> String {
    var head =
      "\(laidOut.component.name) on \(laidOut.component.platform.name), proposed \(describe(laidOut.proposal)): "
    guard laidOut.root != nil else {
      head += "no view (the body resolves to no views)\n"
      return head
    }
    head += "\(formatPoints(laidOut.size.width))×\(formatPoints(laidOut.size.height))\n"
    // One line per node, written as UTF-8 bytes and made a String once: appending a dozen
    // pieces to a String per line costs several times more (issue 17, point 4).
    var out = LineBytes()
    out.append(head)
    for (node, depth) in laidOut.nodes() {
      let info = laidOut.info(node)
      let f = node.frame
      out.indent(depth)
      out.append(info?.label ?? "\(node.kind)")
      out.append("  (")
      out.append(formatPoints(f.minX))
      out.append(", ")
      out.append(formatPoints(f.minY))
      out.append(") ")
      out.append(formatPoints(f.width))
      out.append("×")
      out.append(formatPoints(f.height))
      // The colours it is drawn in, as the SVG draws them (`foregroundColor #0000ff`).
      if let descriptor = info?.descriptor {
        let colors = SVGRenderer.drawnColors(of: descriptor)
        if !colors.isEmpty {
          out.append("  ")
          out.append(colors.map { "\($0.property) \($0.color)" }.joined(separator: ", "))
        }
      }
      out.append("\n")
      if explain, let info {
        for length in info.lengths {
          out.indent(depth + 1)
          out.append("· \(length)\n")
        }
        out.indent(depth + 1)
        out.append("· from \(info.source)\n")
      }
    }
    return out.text
  }

  /// UTF-8 text built by appending.
  private struct LineBytes {
    var bytes: [UInt8] = []

    /// Appends `text`'s UTF-8 bytes.
    mutating func append(_ text: String) {
      var text = text
      text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends two spaces per level.
    mutating func indent(_ depth: Int) {
      bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    /// The text.
    var text: String { String(decoding: bytes, as: UTF8.self) }
  }

  static func describe(_ proposal: ProposedSize) -> String {
    "\(proposal.width.map(formatPoints) ?? "nil")×\(proposal.height.map(formatPoints) ?? "nil")"
  }
}
