import CatalogLayout
import CatalogModel
import CatalogResolver

/// The `json` output: the layout tree, machine-readable and stable.
///
/// Shape: `{"component", "platform", "proposal": {"width", "height"}, "size": {"width",
/// "height"}, "warnings": [...], "root": node | null}` where a node is `{"view", "label",
/// "modifier": bool, "frame": {"x", "y", "width", "height"}, "source", "colors"?, "lengths":
/// [{"property", "points", "provenance": [...]}], "children": [...]}`. Points; frames in
/// root coordinates; keys always in this order. An infinite length (a proposal or a size)
/// is the string `"infinity"`; an unspecified proposal axis is null. `colors`, present on a
/// view drawn in colours, maps each colour property to the colour the SVG draws
/// (`{"foregroundColor": "#0000ff"}`, `{"fill": "#b3d4ff", "stroke": "#1c1c1e"}`;
/// ``SVGRenderer/drawnColors(of:)``).
public enum JSONRenderer {
  /// Renders a laid-out component as pretty JSON.
  /// - Parameter laidOut: The component after layout.
  /// - Returns: JSON text ending with a newline.
  public static func render(_ laidOut: LaidOutComponent) -> String {
    var root: JSONValue = .null
    if let node = laidOut.root {
      root = json(node, laidOut)
    }
    let proposal = JSONObject([
      // Written as the size is: `"infinity"` for an infinite proposal, null for none.
      ("width", laidOut.proposal.width.map(number) ?? .null),
      ("height", laidOut.proposal.height.map(number) ?? .null),
    ])
    let document = JSONObject([
      ("component", .string(laidOut.component.name)),
      ("platform", .string(laidOut.component.platform.name)),
      ("proposal", .object(proposal)),
      (
        "size",
        .object(
          JSONObject([
            ("width", number(laidOut.size.width)), ("height", number(laidOut.size.height)),
          ]))
      ),
      ("warnings", .array(laidOut.component.warnings.map { .string($0) })),
      ("root", root),
    ])
    return JSONWriter.pretty(.object(document))
  }

  private static func number(_ value: Double) -> JSONValue {
    value.isFinite ? .number((value * 1000).rounded() / 1000) : .string("infinity")
  }

  // Built bottom-up without recursion so deep trees cannot overflow the stack.
  private static func json(_ root: LayoutNode, _ laidOut: LaidOutComponent) -> JSONValue {
    let nodes = laidOut.nodes().map(\.node)
    var built: [ObjectIdentifier: JSONValue] = [:]
    for node in nodes.reversed() {
      let info = laidOut.info(node)
      let f = node.frame
      var object = JSONObject([
        ("view", .string(info?.kind ?? "")),
        ("label", .string(info?.label ?? "")),
        ("modifier", .bool(info?.isModifier ?? false)),
        (
          "frame",
          .object(
            JSONObject([
              ("x", number(f.minX)), ("y", number(f.minY)), ("width", number(f.width)),
              ("height", number(f.height)),
            ]))
        ),
        ("source", .string(info?.source ?? "")),
      ])
      // The colours it is drawn in, as the SVG draws them (SVGRenderer.drawnColors).
      if let descriptor = info?.descriptor {
        let colors = SVGRenderer.drawnColors(of: descriptor)
        if !colors.isEmpty {
          object["colors"] = .object(JSONObject(colors.map { ($0.property, .string($0.color)) }))
        }
      }
      if node.layoutPriority != 0 { object["layoutPriority"] = number(node.layoutPriority) }
      object["lengths"] = .array(
        (info?.lengths ?? []).map { length in
          .object(
            JSONObject([
              ("property", .string(length.property)),
              ("points", length.points.map(number) ?? .null),
              ("provenance", .array(length.provenance.map { .string($0) })),
            ]))
        })
      // Children layout did not place (a ViewThatFits child not chosen) are left out.
      object["children"] = .array(node.children.compactMap { built[ObjectIdentifier($0)] })
      for child in node.children { built[ObjectIdentifier(child)] = nil }
      built[ObjectIdentifier(node)] = .object(object)
    }
    return built[ObjectIdentifier(root)] ?? .null
  }
}
