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
    var out =
      "\(laidOut.component.name) on \(laidOut.component.platform.name), proposed \(describe(laidOut.proposal)): "
    guard laidOut.root != nil else {
      out += "no view (the body resolves to no views)\n"
      return out
    }
    out += "\(formatPoints(laidOut.size.width))×\(formatPoints(laidOut.size.height))\n"
    for (node, depth) in laidOut.nodes() {
      let indent = String(repeating: "  ", count: depth)
      let info = laidOut.info(node)
      let f = node.frame
      out +=
        "\(indent)\(info?.label ?? "\(node.kind)")  (\(formatPoints(f.minX)), \(formatPoints(f.minY))) \(formatPoints(f.width))×\(formatPoints(f.height))\n"
      if explain, let info {
        for length in info.lengths {
          out += "\(indent)  · \(length)\n"
        }
        out += "\(indent)  · from \(info.source)\n"
      }
    }
    return out
  }

  static func describe(_ proposal: ProposedSize) -> String {
    "\(proposal.width.map(formatPoints) ?? "nil")×\(proposal.height.map(formatPoints) ?? "nil")"
  }
}
