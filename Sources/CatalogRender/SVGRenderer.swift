import CatalogLayout
import CatalogModel
import CatalogResolver

/// The `svg` output: a wireframe of the laid-out component with redlines.
///
/// What is drawn, in points (the SVG's user units; `viewBox` is in points, the `width` and
/// `height` attributes are points × `scale`, so `--scale 2` doubles the pixels and keeps
/// every proportion):
/// - each view's frame, in SwiftUI's paint order (a node's background, then the view, then
///   its overlay or border; redlines in a layer above the whole drawing; every element
///   carries the node's document-order index as `data-node`): stacks as dashed outlines,
///   `Color` filled, `Text` in the layout's font (``textFontFamily``: Inter, falling back
///   to DejaVu Sans);
/// - **padding** as translucent magenta bands between a `padding` frame and its child, with
///   a dimension line across each band labelled with the length's token and value
///   (`space.sm · 8`, see ``LengthLabel``);
/// - **spacing** as translucent blue bands between adjacent members of a stack, labelled
///   the same way (`default · 8` when the stack's spacing is SwiftUI's `nil`);
/// - `Spacer`s as a dimension line along their stack's axis (`Spacer · 62`).
///
/// Labels are 10 pt on white pills in two gutters, so they never cover the drawing: labels
/// of vertical distances right of the component at their line's height, labels of
/// horizontal distances below it, each joined to its line by a dotted leader; labels never
/// overlap one another, no leader crosses a label, and a distance repeated by several
/// instances of one component is labelled once (``placeLabels(_:size:)``). Legible at 1×
/// (10 px) and 2×. The drawing sits inside a 32 pt
/// margin under a 40 pt title line naming the component, its size and the legend.
/// Output is deterministic: coordinates are written with `formatPoints`, nodes in document
/// order.
public enum SVGRenderer {
  /// Margin around the drawing, in points.
  static let margin = 32.0
  /// Height of the title line above the drawing, in points.
  static let titleHeight = 40.0
  /// Label font size, in points.
  static let labelSize = 10.0
  /// Redline colour for padding.
  static let paddingColor = "#d0206a"
  /// Redline colour for spacing.
  static let spacingColor = "#1d5fd1"

  /// The scales (pixels per point) `render --scale` and `catalog serve`'s `scale=` accept.
  public static let scaleRange: ClosedRange<Double> = 0.1...10

  /// Renders a laid-out component as an SVG document.
  ///
  /// - Parameters:
  ///   - laidOut: The component after layout (frames in root coordinates).
  ///   - scale: Pixels per point for the `width`/`height` attributes (1 by default; must be
  ///     positive and finite, else 1 is used).
  ///   - title: The caption; by default the component's name and size.
  /// - Returns: The SVG text, ending with a newline.
  public static func render(_ laidOut: LaidOutComponent, scale: Double = 1, title: String? = nil)
    -> String
  {
    let scale = scale.isFinite && scale > 0 ? scale : 1
    let size = laidOut.size
    let caption =
      title
      ?? (laidOut.root == nil
        ? "\(laidOut.component.name) · no view (the body resolves to no views)"
        : "\(laidOut.component.name) · \(formatPoints(size.width)) × \(formatPoints(size.height)) pt")
    // Lay out the drawing first: the labels go in gutters right of and below the component.
    var redlines: [Redline] = []
    var bands = ""
    var boxes = ""
    if laidOut.root != nil { collect(laidOut, &bands, &boxes, &redlines) }
    let placed = placeLabels(redlines, size: size)
    let width = max(margin + max(size.width, placed.right) + margin, 260)
    let height = titleHeight + max(size.height, placed.bottom) + margin
    var out = ""
    out +=
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width * scale))\" height=\"\(n(height * scale))\" viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
    out += "  <title>\(escape(caption))</title>\n"
    out += "  <rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
    out +=
      "  <text x=\"\(n(margin))\" y=\"20\" font-size=\"12\" font-weight=\"bold\" fill=\"#1c1c1e\">\(escape(caption))</text>\n"
    out +=
      "  <rect x=\"\(n(margin))\" y=\"27\" width=\"8\" height=\"8\" fill=\"\(paddingColor)\" fill-opacity=\"0.35\"/>"
    out +=
      "<text x=\"\(n(margin + 11))\" y=\"34.5\" font-size=\"9\" fill=\"#3a3a3c\">padding</text>\n"
    out +=
      "  <rect x=\"\(n(margin + 60))\" y=\"27\" width=\"8\" height=\"8\" fill=\"\(spacingColor)\" fill-opacity=\"0.35\"/>"
    out +=
      "<text x=\"\(n(margin + 71))\" y=\"34.5\" font-size=\"9\" fill=\"#3a3a3c\">spacing</text>\n"
    guard laidOut.root != nil else {
      out += "</svg>\n"
      return out
    }
    out += "  <g transform=\"translate(\(n(margin)) \(n(titleHeight)))\">\n"
    // The drawing in paint order, then the redline layer above it.
    out += boxes
    out += "    <g data-layer=\"redlines\">\n" + bands + placed.svg + "    </g>\n"
    out += "  </g>\n</svg>\n"
    return out
  }

  /// Draws every node in paint order and collects the redlines.
  ///
  /// Paint order is SwiftUI's (reference §3.5): for each node its background (the secondary
  /// of `.background`) first, then the view itself, then its overlay (the secondary of
  /// `.overlay`, a border's stroke); redlines (padding and spacing bands, dimension lines,
  /// labels) go in a layer above the whole drawing. Every drawn element carries
  /// `data-node`, the node's index in document order (as ``LaidOutComponent/nodes()`` and
  /// the HTML page's `data-node`), so a test can map each element back to its frame.
  private static func collect(
    _ laidOut: LaidOutComponent, _ bands: inout String, _ boxes: inout String,
    _ redlines: inout [Redline]
  ) {
    // A border is an overlay of a stroked rectangle: drawn as a stroke, its Color not filled.
    var strokes: [ObjectIdentifier: (color: String, width: Double, frame: Rect)] = [:]
    let clips = clipPaths(laidOut)
    boxes += clips.defs
    var documentIndex: [ObjectIdentifier: Int] = [:]
    for (k, entry) in laidOut.nodes().enumerated() {
      documentIndex[ObjectIdentifier(entry.node)] = k
    }
    for node in paintOrder(laidOut) {
      let index = documentIndex[ObjectIdentifier(node)] ?? 0
      var drawing = ""
      var nodeBands = ""
      draw(
        node, laidOut: laidOut, strokes: &strokes, drawing: &drawing, bands: &nodeBands,
        redlines: &redlines)
      drawing = tagged(drawing, index: index)
      nodeBands = tagged(nodeBands, index: index)
      // Drawing cut by a scroll view or clipped()/clipShape: the node's elements go inside a
      // group using the clip path of its nearest clipping ancestor (or its own).
      if let clip = clips.byNode[ObjectIdentifier(node)] {
        if !drawing.isEmpty {
          drawing = "    <g clip-path=\"url(#\(clip))\">\n" + drawing + "    </g>\n"
        }
        if !nodeBands.isEmpty {
          nodeBands = "    <g clip-path=\"url(#\(clip))\">\n" + nodeBands + "    </g>\n"
        }
      }
      boxes += drawing
      bands += nodeBands
    }
  }

  /// The placed nodes in SwiftUI's paint order: a node, then its children, except that a
  /// `.background` node paints its secondary (the background) before its primary
  /// (reference §3.5: the background is behind the view, the overlay above it). Iterative,
  /// for deep trees.
  static func paintOrder(_ laidOut: LaidOutComponent) -> [LayoutNode] {
    guard let root = laidOut.root else { return [] }
    var out: [LayoutNode] = []
    var stack = [root]
    while let node = stack.popLast() {
      if !node.isPlaced { continue }
      out.append(node)
      var children = node.children
      if case .background = node.kind, children.count > 1 {
        children = [children[1], children[0]] + children.dropFirst(2)
      }
      stack.append(contentsOf: children.reversed())
    }
    return out
  }

  /// Adds `data-node="index"` to every element line of a node's drawing.
  private static func tagged(_ drawing: String, index: Int) -> String {
    guard !drawing.isEmpty else { return drawing }
    // One pass over the bytes (the site tags thousands of drawings): after the element
    // name of every line that starts `    <` (not a definition: a filter, clip path or mask,
    // which draws nothing itself), insert the tag.
    let source = Array(drawing.utf8)
    let tag = Array(" data-node=\"\(index)\"".utf8)
    let indent = Array("    <".utf8)
    let definitions = ["filter ", "clipPath ", "mask "].map { Array($0.utf8) }
    var out: [UInt8] = []
    out.reserveCapacity(source.count + 32 * 4)
    var lineStart = 0
    while lineStart < source.count {
      var lineEnd = lineStart
      while lineEnd < source.count, source[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
      var insertAt: Int?
      let nameStart = lineStart + indent.count
      if nameStart < lineEnd, source[lineStart..<nameStart].elementsEqual(indent),
        !definitions.contains(where: { name in
          nameStart + name.count <= lineEnd
            && source[nameStart..<nameStart + name.count].elementsEqual(name)
        })
      {
        var k = nameStart
        while k < lineEnd, source[k] != UInt8(ascii: " ") { k += 1 }
        if k < lineEnd { insertAt = k }
      }
      if let insertAt {
        out += source[lineStart..<insertAt]
        out += tag
        out += source[insertAt..<lineEnd]
      } else {
        out += source[lineStart..<lineEnd]
      }
      if lineEnd < source.count { out.append(UInt8(ascii: "\n")) }
      lineStart = lineEnd + 1
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// One node's own drawing (its box, shape or text), its padding and spacing bands, and
  /// its redlines.
  private static func draw(
    _ node: LayoutNode, laidOut: LaidOutComponent,
    strokes: inout [ObjectIdentifier: (color: String, width: Double, frame: Rect)],
    drawing boxes: inout String, bands: inout String, redlines: inout [Redline]
  ) {
    let info = laidOut.info(node)
    let f = node.frame
    if let stroke = strokes[ObjectIdentifier(node)] {
      // The border's stroke, drawn where its overlay is: after the view it borders.
      let g = stroke.frame
      let inset = stroke.width / 2
      boxes +=
        "    <rect x=\"\(n(g.minX + inset))\" y=\"\(n(g.minY + inset))\" width=\"\(n(max(g.width - stroke.width, 0)))\" height=\"\(n(max(g.height - stroke.width, 0)))\" fill=\"none\" stroke=\"\(fill(for: stroke.color))\" stroke-width=\"\(n(stroke.width))\"/>\n"
      return
    }
    if case .border(let color, let width)? = info?.descriptor, node.children.count > 1 {
      strokes[ObjectIdentifier(node.children[1])] = (color, width, f)
      return
    }
    var texts = ""
    defer { boxes += texts }
    let isSecondary =
      info.map { Self.holds($0.path, Self.background) || Self.holds($0.path, Self.overlay) }
      ?? false
    switch node.kind {
    case .padding:
      guard let child = node.children.first else { break }
      let c = child.frame
      let length = info?.lengths.first
      let edges: [(Rect, Bool)] = [
        (Rect(x: f.minX, y: f.minY, width: f.width, height: c.minY - f.minY), true),
        (Rect(x: f.minX, y: c.maxY, width: f.width, height: f.maxY - c.maxY), true),
        (Rect(x: f.minX, y: c.minY, width: c.minX - f.minX, height: c.height), false),
        (Rect(x: c.maxX, y: c.minY, width: f.maxX - c.maxX, height: c.height), false),
      ]
      for (edge, (band, vertical)) in edges.enumerated()
      where band.width > 0.001 && band.height > 0.001 {
        let amount = vertical ? band.height : band.width
        bands +=
          "    <rect x=\"\(n(band.minX))\" y=\"\(n(band.minY))\" width=\"\(n(band.width))\" height=\"\(n(band.height))\" fill=\"\(paddingColor)\" fill-opacity=\"0.14\"/>\n"
        let label = LengthLabel.text(length, points: amount)
        redlines.append(
          Redline(
            band: band, vertical: vertical, label: label, color: paddingColor,
            key: repeatKey(info, part: "edge\(edge)", label: label)))
      }
    case .stack(let axis, _, _):
      boxes +=
        "    <rect x=\"\(n(f.minX))\" y=\"\(n(f.minY))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\" fill=\"none\" stroke=\"#8e8e93\" stroke-width=\"0.75\" stroke-dasharray=\"3 2\"/>\n"
      let spacing = info?.lengths.first { $0.property == "spacing" }
      for (gapIndex, (a, b)) in zip(node.children, node.children.dropFirst()).enumerated() {
        let band: Rect
        if axis == .vertical {
          band = Rect(
            x: f.minX, y: a.frame.maxY, width: f.width, height: b.frame.minY - a.frame.maxY)
        } else {
          band = Rect(
            x: a.frame.maxX, y: f.minY, width: b.frame.minX - a.frame.maxX, height: f.height)
        }
        let gap = axis == .vertical ? band.height : band.width
        guard gap > 0.001 else { continue }
        bands +=
          "    <rect x=\"\(n(band.minX))\" y=\"\(n(band.minY))\" width=\"\(n(band.width))\" height=\"\(n(band.height))\" fill=\"\(spacingColor)\" fill-opacity=\"0.14\"/>\n"
        let label = LengthLabel.text(spacing, points: gap)
        redlines.append(
          Redline(
            band: band, vertical: axis == .vertical, label: label, color: spacingColor,
            key: repeatKey(info, part: "gap\(gapIndex)", label: label)))
      }
    case .zStack:
      boxes +=
        "    <rect x=\"\(n(f.minX))\" y=\"\(n(f.minY))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\" fill=\"none\" stroke=\"#8e8e93\" stroke-width=\"0.75\" stroke-dasharray=\"3 2\"/>\n"
    case .color(let name):
      boxes +=
        "    <rect x=\"\(n(f.minX))\" y=\"\(n(f.minY))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\" fill=\"\(fill(for: name))\" stroke=\"#636366\" stroke-width=\"0.75\"/>\n"
      if f.width >= 60, f.height >= 14, !isSecondary {
        texts +=
          "    <text x=\"\(n(f.minX + 3))\" y=\"\(n(f.minY + 11))\" font-size=\"9\" fill=\"#3a3a3c\">Color(\(escape(name)))</text>\n"
      }
    case .divider:
      boxes +=
        "    <rect x=\"\(n(f.minX))\" y=\"\(n(f.minY))\" width=\"\(n(max(f.width, 0.5)))\" height=\"\(n(max(f.height, 0.5)))\" fill=\"#636366\"/>\n"
    case .spacer:
      let horizontal = f.width >= f.height
      let length = horizontal ? f.width : f.height
      guard length > 0.001 else { break }
      let label = "Spacer · \(formatPoints(length))"
      redlines.append(
        Redline(
          band: f, vertical: !horizontal, label: label, color: "#6e6e73",
          key: repeatKey(info, part: "spacer", label: label)))
    case .shape(let kind):
      boxes += shape(kind, frame: f, info: info)
    case .image:
      boxes += image(frame: f, info: info)
    case .scrollView, .grid, .geometryReader:
      boxes +=
        "    <rect x=\"\(n(f.minX))\" y=\"\(n(f.minY))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\" fill=\"none\" stroke=\"#8e8e93\" stroke-width=\"0.75\" stroke-dasharray=\"3 2\"/>\n"
    case .text(let string, let style):
      boxes +=
        "    <rect x=\"\(n(f.minX))\" y=\"\(n(f.minY))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\" fill=\"#eef4ff\" stroke=\"#5e8ede\" stroke-width=\"0.75\"/>\n"
      texts += textLines(
        string, style: style, frame: f, color: info?.attributes["foregroundColor"],
        fontMetrics: laidOut.usesFontMetrics)
    default:
      // Modifiers (frame, fixedSize, offset, background, overlay, alignment guides) have
      // no drawing of their own; what they wrap is drawn at its frame.
      break
    }
  }

  /// The clip paths of a drawing: one per scroll view (its frame cuts its content) and per
  /// `clipped()`/`clipShape` view (its shape cuts it and its content), and for each node the
  /// id of the clip that applies to it (the nearest one around it, or its own).
  private static func clipPaths(_ laidOut: LaidOutComponent) -> (
    defs: String, byNode: [ObjectIdentifier: String]
  ) {
    var defs = ""
    var byNode: [ObjectIdentifier: String] = [:]
    var open: [(depth: Int, clip: String?)] = []
    var count = 0
    for (node, depth) in laidOut.nodes() {
      while let last = open.last, last.depth >= depth { open.removeLast() }
      let inherited = open.last?.clip ?? nil
      let f = node.frame
      var own: String?
      var forChildren = inherited
      if let shape = laidOut.info(node)?.clipShape {
        count += 1
        own = "clip\(count)"
        let kind: ShapeKind
        if shape.hasPrefix("RoundedRectangle:") {
          kind = .roundedRectangle(
            cornerRadius: Double(shape.dropFirst("RoundedRectangle:".count)) ?? 0)
        } else {
          kind = ["Circle": .circle, "Capsule": .capsule, "Ellipse": .ellipse][shape] ?? .rectangle
        }
        defs +=
          "    <clipPath id=\"\(own!)\">\(outline(kind, frame: f, attributes: ""))</clipPath>\n"
        forChildren = own
      } else if case .scrollView = node.kind {
        count += 1
        forChildren = "clip\(count)"
        defs +=
          "    <clipPath id=\"clip\(count)\"><rect x=\"\(n(f.minX))\" y=\"\(n(f.minY))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\"/></clipPath>\n"
      }
      if let c = own ?? inherited { byNode[ObjectIdentifier(node)] = c }
      open.append((depth, forChildren))
    }
    return (defs, byNode)
  }

  /// The outline element of a shape in `frame`, with extra attributes (fill, stroke).
  static func outline(_ kind: ShapeKind, frame: Rect, attributes: String) -> String {
    let r = kind.outlineRect(in: frame)
    if case .ellipse = kind {
      return
        "<ellipse cx=\"\(n(r.minX + r.width / 2))\" cy=\"\(n(r.minY + r.height / 2))\" rx=\"\(n(r.width / 2))\" ry=\"\(n(r.height / 2))\"\(attributes)/>"
    }
    let radius = kind.cornerRadius(in: r.size) ?? 0
    let rx = radius > 0 ? " rx=\"\(n(radius))\"" : ""
    return
      "<rect x=\"\(n(r.minX))\" y=\"\(n(r.minY))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\"\(rx)\(attributes)/>"
  }

  /// A shape: filled with its fill colour (a light grey by default), outlined by its
  /// stroke (centred on the edge) or strokeBorder (inset by half the width).
  private static func shape(_ kind: ShapeKind, frame f: Rect, info: ViewInfo?) -> String {
    if case .toggleSwitch(let isOn)? = info?.descriptor {
      let knob = Rect(
        x: isOn ? f.maxX - f.height + 2 : f.minX + 2, y: f.minY + 2, width: f.height - 4,
        height: f.height - 4)
      return "    "
        + outline(kind, frame: f, attributes: " fill=\"\(isOn ? "#34c759" : "#e5e5ea")\"") + "\n"
        + "    "
        + outline(
          .circle, frame: knob,
          attributes: " fill=\"#ffffff\" stroke=\"#c7c7cc\" stroke-width=\"0.5\"") + "\n"
    }
    guard case .shape(let d)? = info?.descriptor else {
      return "    " + outline(kind, frame: f, attributes: " fill=\"#d1d1d6\"") + "\n"
    }
    // Shadow layers (DTCG §9.6): drop shadows under the shape, the last layer lowest, as
    // CSS box-shadow stacks them; inner shadows over the fill, under the stroke.
    let id = "shadow-\(n(f.minX))-\(n(f.minY))".replacing(".", with: "_")
    var out = ""
    for (i, s) in d.shadows.enumerated().reversed() where !s.inset {
      out += dropShadow(s, kind: kind, frame: f, id: "\(id)-\(i)")
    }
    out +=
      "    "
      + outline(
        kind, frame: f,
        attributes:
          " fill=\"\(d.fill.map(fill(for:)) ?? (d.lineWidth == nil ? "#d1d1d6" : "none"))\"")
      + "\n"
    for (i, s) in d.shadows.enumerated().reversed() where s.inset {
      out += innerShadow(s, kind: kind, frame: f, id: "\(id)-\(i)")
    }
    if let w = d.lineWidth, w > 0 {
      var inner = f
      if d.isStrokeBorder {
        inner = Rect(
          x: f.minX + w / 2, y: f.minY + w / 2, width: max(f.width - w, 0),
          height: max(f.height - w, 0))
      }
      var k = kind
      if case .roundedRectangle(let r) = kind, d.isStrokeBorder {
        k = .roundedRectangle(cornerRadius: max(r - w / 2, 0))
      }
      out +=
        "    "
        + outline(
          k, frame: inner,
          attributes:
            " fill=\"none\" stroke=\"\(strokeColor(d.strokeColor))\" stroke-width=\"\(n(w))\""
            + dashAttributes(d.strokeStyle))
        + "\n"
    }
    return out
  }

  /// A border token's dashes (`stroke-dasharray`, `stroke-linecap`), or nothing for a line
  /// drawn solid.
  private static func dashAttributes(_ style: StrokeStyleDescription?) -> String {
    guard let style, !style.dash.isEmpty else { return "" }
    var out = " stroke-dasharray=\"\(style.dash.map(n).joined(separator: " "))\""
    if style.lineCap != "butt" { out += " stroke-linecap=\"\(style.lineCap)\"" }
    return out
  }

  /// A drop shadow layer: the shape's outline grown by the spread (a rounded rectangle's
  /// corners with it, as CSS `box-shadow` grows them), moved by the offset, filled with the
  /// shadow's colour and blurred by a Gaussian of standard deviation blur / 2 (CSS's blur
  /// radius, Filter Effects §`feGaussianBlur`). Drawn as its own element under the shape,
  /// not as an `feDropShadow` on it, which rsvg-convert (PNG output) does not draw.
  private static func dropShadow(_ s: ShadowDescription, kind: ShapeKind, frame f: Rect, id: String)
    -> String
  {
    let grown = Rect(
      x: f.minX + s.x - s.spread, y: f.minY + s.y - s.spread,
      width: max(f.width + 2 * s.spread, 0), height: max(f.height + 2 * s.spread, 0))
    var out = ""
    var filter = ""
    if s.blur > 0 {
      out += "    <filter id=\"\(id)\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\">"
      out += "<feGaussianBlur stdDeviation=\"\(n(s.blur / 2))\"/></filter>\n"
      filter = " filter=\"url(#\(id))\""
    }
    out +=
      "    "
      + outline(
        spread(kind, by: s.spread), frame: grown,
        attributes: " fill=\"\(shadowColor(s.color))\"\(filter)") + "\n"
    return out
  }

  /// An inner shadow layer (the token's `inset`): inside the shape only (clipped to its
  /// outline), the colour everywhere but a hole of the outline shrunk by the spread and moved
  /// by the offset, blurred as a drop shadow is; what CSS `box-shadow: inset` draws.
  private static func innerShadow(
    _ s: ShadowDescription, kind: ShapeKind, frame f: Rect, id: String
  )
    -> String
  {
    let hole = Rect(
      x: f.minX + s.x + s.spread, y: f.minY + s.y + s.spread,
      width: max(f.width - 2 * s.spread, 0), height: max(f.height - 2 * s.spread, 0))
    // The coloured area reaches past the shape by the blur and offset, so its blurred edge
    // is the hole's alone.
    let margin = s.blur * 2 + abs(s.x) + abs(s.y) + abs(s.spread) + 1
    let around =
      "x=\"\(n(f.minX - margin))\" y=\"\(n(f.minY - margin))\" width=\"\(n(f.width + 2 * margin))\" height=\"\(n(f.height + 2 * margin))\""
    var out =
      "    <clipPath id=\"\(id)-clip\">\(outline(kind, frame: f, attributes: ""))</clipPath>\n"
    out += "    <mask id=\"\(id)-mask\" maskUnits=\"userSpaceOnUse\" \(around)>"
    out += "<rect \(around) fill=\"#ffffff\"/>"
    out += outline(spread(kind, by: -s.spread), frame: hole, attributes: " fill=\"#000000\"")
    out += "</mask>\n"
    var filter = ""
    if s.blur > 0 {
      out += "    <filter id=\"\(id)\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\">"
      out += "<feGaussianBlur stdDeviation=\"\(n(s.blur / 2))\"/></filter>\n"
      filter = " filter=\"url(#\(id))\""
    }
    out += "    <g clip-path=\"url(#\(id)-clip)\"><g\(filter)>"
    out += "<rect \(around) fill=\"\(shadowColor(s.color))\" mask=\"url(#\(id)-mask)\"/>"
    out += "</g></g>\n"
    return out
  }

  /// The shape grown (or shrunk, for a negative distance) by a shadow's spread: a rounded
  /// rectangle's corner radius grows with it; the other shapes follow their frame.
  private static func spread(_ kind: ShapeKind, by distance: Double) -> ShapeKind {
    guard case .roundedRectangle(let r) = kind else { return kind }
    return .roundedRectangle(cornerRadius: max(r + distance, 0))
  }

  /// A shadow's colour: hex as it is (a token's colour), a colour name as a stroke draws it.
  private static func shadowColor(_ name: String) -> String {
    hexColor(name) ?? strokeColor(name)
  }

  /// An image: a placeholder box with its name (assets) or a symbol circle (SF Symbols).
  private static func image(frame f: Rect, info: ViewInfo?) -> String {
    var out =
      "    <rect x=\"\(n(f.minX))\" y=\"\(n(f.minY))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\" fill=\"#e5e5ea\" stroke=\"#8e8e93\" stroke-width=\"0.75\"/>\n"
    out +=
      "    <path d=\"M\(n(f.minX)) \(n(f.minY))L\(n(f.maxX)) \(n(f.maxY))M\(n(f.maxX)) \(n(f.minY))L\(n(f.minX)) \(n(f.maxY))\" stroke=\"#aeaeb2\" stroke-width=\"0.5\"/>\n"
    if case .image(let name, let isSystem, _, _, _)? = info?.descriptor, f.width >= 30,
      f.height >= 12
    {
      out +=
        "    <text x=\"\(n(f.minX + 2))\" y=\"\(n(f.minY + 10))\" font-size=\"8\" fill=\"#3a3a3c\">\(escape(isSystem ? "symbol " + name : name))</text>\n"
    }
    return out
  }

  private static func strokeColor(_ name: String?) -> String {
    guard let name else { return "#1c1c1e" }
    if let hex = hexColor(name) { return hex }
    return [
      "accent": "#007aff", "blue": "#007aff", "red": "#ff3b30", "green": "#34c759",
      "gray": "#8e8e93", "black": "#000000",
    ][name] ?? "#636366"
  }

  /// A redline to draw: a dimension across `band` (top to bottom when `vertical`) and its
  /// label.
  struct Redline {
    var band: Rect
    var vertical: Bool
    var label: String
    var color: String
    /// The same key for the same distance in repeated copies of one definition (several
    /// instances of a component, `ForEach` rows): the definition, the JSON path, the part
    /// (edge or gap) and the label. Nil: always labelled.
    var key: String? = nil
  }

  /// The key under which repeated copies of one distance are labelled once: the
  /// component and JSON path the view comes from, the part of it (padding edge, stack gap)
  /// and the label text (so copies with different values are each labelled).
  private static func repeatKey(_ info: ViewInfo?, part: String, label: String) -> String? {
    info.map { "\($0.component)\u{0}\($0.path)\u{0}\(part)\u{0}\(label)" }
  }

  /// A placed label, for the collision checks: its pill and its leader's segments.
  private struct PlacedLabel {
    var pill: Rect
    var leader: [(Point, Point)]
  }

  /// Dimension lines across their bands, and labels in two gutters, joined to their lines
  /// by dotted leaders. Each label's elements carry `data-label="k"`.
  ///
  /// Rules, in order:
  /// 1. Declutter: a distance repeated by several copies of one definition (same
  ///    ``Redline/key``: repeated instances of a component, `ForEach` rows) is labelled at
  ///    its first copy only; the other copies keep their bands and dimension lines.
  /// 2. Vertical distances: labels in a gutter right of the component, in order of height,
  ///    each at its line's height or pushed down below the previous one. The leader runs
  ///    horizontally from the line to the gutter's edge, then in the gutter's 6 pt lane
  ///    to the label's middle; leaders keep their top-to-bottom order in the lane, so they
  ///    never cross one another or a label.
  /// 3. Horizontal distances: labels below the component in rows, each starting 2 pt right
  ///    of its leader, which runs straight down and steps into the label's middle. Placed
  ///    from the rightmost leader leftwards: a label goes below every label whose leader
  ///    would pass through it, and in the first row from there where it overlaps no label
  ///    and no leader of the right gutter. So no leader crosses a label and no labels
  ///    overlap.
  /// - Returns: The SVG, and how far right and down the labels reach (points from the
  ///   component's origin).
  private static func placeLabels(_ redlines: [Redline], size: Size) -> (
    svg: String, right: Double, bottom: Double
  ) {
    // The SVG is written as bytes (``SVGBytes``); every check below looks at the labels
    // that can meet the one being placed, not at all of them, so placing n labels takes
    // about n steps (a deep padding chain has thousands).
    var svg = SVGBytes()
    svg.reserve(redlines.count * 560)
    var right = size.width
    var bottom = size.height
    let labelHeight = labelSize + 4
    let tick = 3.0
    // Rule 1: which redlines get a label (keys are NFC text: compared by their bytes).
    var seen = Set<ExactText>(minimumCapacity: redlines.count)
    let labelled = redlines.map { r in
      r.key.map { seen.insert(ExactText(text: $0)).inserted } ?? true
    }
    var count = 0
    var placed: [PlacedLabel] = []
    // Rule 2: vertical distances, right gutter.
    let lane = size.width + 6
    let lx = size.width + 14
    var nextTop = -Double.infinity
    let verticals = redlines.indices.filter { redlines[$0].vertical }.sorted {
      let a = redlines[$0].band
      let b = redlines[$1].band
      let ya = a.minY + a.height / 2
      let yb = b.minY + b.height / 2
      return ya != yb ? ya < yb : (a.minX, $0) < (b.minX, $1)
    }
    for i in verticals {
      let r = redlines[i]
      let b = r.band
      let x = b.minX + b.width / 2
      let y = b.minY + b.height / 2
      dimensionLine(across: b, vertical: true, tick: tick, color: r.color, into: &svg)
      guard labelled[i] else { continue }
      let top = max(y - labelHeight / 2, nextTop)
      nextTop = top + labelHeight + 2
      let mid = top + labelHeight / 2
      count += 1
      svg.add("    <path data-label=\"")
      svg.integer(count)
      svg.add("\" d=\"M")
      svg.point(x)
      svg.add(" ")
      svg.point(y)
      svg.add("H")
      svg.point(lane)
      svg.add("L")
      svg.point(lx - 2)
      svg.add(" ")
      svg.point(mid)
      svg.add("\" stroke=\"")
      svg.add(r.color)
      svg.add("\" stroke-width=\"0.5\" stroke-dasharray=\"1.5 1.5\" fill=\"none\"/>\n")
      let width = labelWidth(r.label)
      pill(r.label, width: width, x: lx, y: top, color: r.color, number: count, into: &svg)
      placed.append(
        PlacedLabel(
          pill: Rect(x: lx, y: top, width: width, height: labelHeight),
          leader: [
            (Point(x: x, y: y), Point(x: lane, y: y)),
            (Point(x: lane, y: y), Point(x: lx - 2, y: mid)),
          ]))
      right = max(right, lx + width)
      bottom = max(bottom, top + labelHeight)
    }
    let gutterObstacles = placed
    // Rule 3: horizontal distances, bottom gutter, rightmost leader first.
    let horizontals = redlines.indices.filter { !redlines[$0].vertical }
    for i in horizontals {
      let r = redlines[i]
      let b = r.band
      dimensionLine(across: b, vertical: false, tick: tick, color: r.color, into: &svg)
    }
    let order = horizontals.filter { labelled[$0] }.sorted {
      let a = redlines[$0].band
      let b = redlines[$1].band
      let xa = a.minX + a.width / 2
      let xb = b.minX + b.width / 2
      return xa != xb ? xa > xb : (a.minY, $0) < (b.minY, $1)
    }
    let rowPitch = labelHeight + 4
    let firstRow = size.height + 12
    // The right gutter's pills and leader segments, split: a bottom label (at or below
    // `firstRow`, grown by 1 pt) can only meet those reaching below `firstRow - 1`, and
    // only those in its column; each label's row search looks at no others (a deep
    // padding chain has thousands of labels: checking each against every obstacle at
    // every row tried took seconds). The gutter's pills are stacked downwards without
    // overlapping (each top at least 2 pt below the previous pill), so they stay sorted by
    // height and a row is checked against the one or two pills at its height.
    let pills = gutterObstacles.map(\.pill).filter { $0.maxY > firstRow - 1 }
    let segments = gutterObstacles.flatMap(\.leader).filter { max($0.0.y, $0.1.y) > firstRow - 1 }
    // The bottom labels placed so far, in placing order (leader x never increases), and
    // the last pill placed in each row: pills of one row are placed right to left without
    // overlapping, so a new pill further left that meets any of them meets the last one.
    var rows: [(row: Int, x: Double, pill: Rect)] = []
    var lastPillInRow: [Rect?] = []
    var bottomLabels: [(index: Int, row: Int, pill: Rect, x: Double, y: Double)] = []
    for i in order {
      let r = redlines[i]
      let b = r.band
      let x = b.minX + b.width / 2
      let y = b.minY + b.height / 2
      let w = labelWidth(r.label)
      let span = (x, x + 2 + w + 2)
      // Below every label whose leader would pass through this one: leaders strictly
      // inside the span. Their x only grows going back through `rows`, so the search stops
      // at the first leader at or right of the span's end.
      var row = 0
      var k = rows.count - 1
      while k >= 0, rows[k].x < span.1 {
        if rows[k].x > span.0 { row = max(row, rows[k].row + 1) }
        k -= 1
      }
      // The grown pill below spans x … x + w + 4 whatever its row.
      let column = (minX: x, maxX: x + w + 4)
      let nearPills = pills.filter { $0.maxX > column.minX && $0.minX < column.maxX }
      let nearSegments = segments.filter {
        max($0.0.x, $0.1.x) > column.minX && min($0.0.x, $0.1.x) < column.maxX
      }
      while true {
        let top = firstRow + Double(row) * rowPitch
        let pill = Rect(x: x + 2, y: top, width: w, height: labelHeight)
        let grown = Rect(
          x: pill.minX - 2, y: pill.minY - 1, width: pill.width + 4, height: pill.height + 2)
        let clash =
          (row < lastPillInRow.count && lastPillInRow[row].map { rectsOverlap($0, grown) } == true)
          || pillsMeet(nearPills, grown)
          || nearSegments.contains { segmentMeetsRect($0.0, $0.1, grown) }
        if !clash {
          rows.append((row, x, pill))
          while lastPillInRow.count <= row { lastPillInRow.append(nil) }
          lastPillInRow[row] = pill
          bottomLabels.append((i, row, pill, x, y))
          break
        }
        row += 1
      }
    }
    // Written left to right for a stable, readable document.
    for l in bottomLabels.sorted(by: { ($0.pill.minX, $0.row) < ($1.pill.minX, $1.row) }) {
      let r = redlines[l.index]
      let mid = l.pill.minY + labelHeight / 2
      count += 1
      svg.add("    <path data-label=\"")
      svg.integer(count)
      svg.add("\" d=\"M")
      svg.point(l.x)
      svg.add(" ")
      svg.point(l.y)
      svg.add("V")
      svg.point(mid)
      svg.add("H")
      svg.point(l.pill.minX)
      svg.add("\" stroke=\"")
      svg.add(r.color)
      svg.add("\" stroke-width=\"0.5\" stroke-dasharray=\"1.5 1.5\" fill=\"none\"/>\n")
      pill(
        r.label, width: l.pill.width, x: l.pill.minX, y: l.pill.minY, color: r.color,
        number: count, into: &svg)
      right = max(right, l.pill.maxX)
      bottom = max(bottom, l.pill.maxY)
    }
    return (svg.text, right, bottom)
  }

  /// Whether `rect` overlaps one of `pills`, which are sorted by height and do not overlap
  /// one another vertically (the right gutter's, see ``placeLabels(_:size:)``): a binary
  /// search finds the first pill reaching below the rectangle's top, and only pills
  /// starting above its bottom are checked from there.
  /// A distance's dimension line: a line through the middle of `band` along its length,
  /// with a tick `tick` points to each side across each end (the redline drawing of
  /// rules 2 and 3 of ``placeLabels(_:size:)``).
  ///
  /// - Parameters:
  ///   - band: The distance's band (points, component coordinates).
  ///   - vertical: The distance runs top to bottom (else left to right).
  ///   - tick: Half a tick's length (points).
  ///   - color: The stroke colour.
  ///   - svg: The SVG being written.
  private static func dimensionLine(
    across band: Rect, vertical: Bool, tick: Double, color: String, into svg: inout SVGBytes
  ) {
    let middle = vertical ? band.minX + band.width / 2 : band.minY + band.height / 2
    let (start, end) = vertical ? (band.minY, band.maxY) : (band.minX, band.maxX)
    let alongCommand: StaticString = vertical ? "V" : "H"
    let acrossCommand: StaticString = vertical ? "H" : "V"
    // A move to `along` on the line's axis and `offset` across it, written x first.
    func move(along: Double, across offset: Double) {
      svg.add("M")
      svg.point(vertical ? offset : along)
      svg.add(" ")
      svg.point(vertical ? along : offset)
    }
    svg.add("    <path d=\"")
    move(along: start, across: middle)
    svg.add(alongCommand)
    svg.point(end)
    for side in [start, end] {
      move(along: side, across: middle - tick)
      svg.add(acrossCommand)
      svg.point(middle + tick)
    }
    svg.add("\" stroke=\"")
    svg.add(color)
    svg.add("\" stroke-width=\"1\" fill=\"none\"/>\n")
  }

  private static func pillsMeet(_ pills: [Rect], _ rect: Rect) -> Bool {
    var low = 0
    var high = pills.count
    while low < high {
      let middle = (low + high) / 2
      if pills[middle].maxY > rect.minY { high = middle } else { low = middle + 1 }
    }
    var k = low
    while k < pills.count, pills[k].minY < rect.maxY {
      if rectsOverlap(pills[k], rect) { return true }
      k += 1
    }
    return false
  }

  /// Whether two rectangles share interior points.
  private static func rectsOverlap(_ a: Rect, _ b: Rect) -> Bool {
    a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
  }

  /// Whether the segment from `p` to `q` passes through the rectangle's interior
  /// (Liang–Barsky clipping).
  static func segmentMeetsRect(_ p: Point, _ q: Point, _ r: Rect) -> Bool {
    var t0 = 0.0
    var t1 = 1.0
    let dx = q.x - p.x
    let dy = q.y - p.y
    for (pk, qk) in [
      (-dx, p.x - r.minX), (dx, r.maxX - p.x), (-dy, p.y - r.minY), (dy, r.maxY - p.y),
    ] {
      if pk == 0 {
        if qk <= 0 { return false }
      } else {
        let t = qk / pk
        if pk < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
      }
    }
    return t0 < t1
  }

  /// The estimated width of a label, in points (DejaVu Sans averages about 0.56 em per character).
  private static func labelWidth(_ label: String) -> Double {
    Double(label.count) * labelSize * 0.56 + 6
  }

  /// A label on a white pill with its top-left corner at (x, y), appended to `svg`;
  /// `width` is the label's ``labelWidth(_:)``, computed once by the caller.
  private static func pill(
    _ label: String, width: Double, x: Double, y: Double, color: String, number: Int,
    into svg: inout SVGBytes
  ) {
    svg.add("    <rect data-label=\"")
    svg.integer(number)
    svg.add("\" x=\"")
    svg.point(x)
    svg.add("\" y=\"")
    svg.point(y)
    svg.add("\" width=\"")
    svg.point(width)
    svg.add("\" height=\"")
    svg.point(labelSize + 4)
    svg.add("\" rx=\"3\" fill=\"#ffffff\" stroke=\"")
    svg.add(color)
    svg.add("\" stroke-width=\"0.5\"/>\n")
    svg.add("    <text data-label=\"")
    svg.integer(number)
    svg.add("\" x=\"")
    svg.point(x + 3)
    svg.add("\" y=\"")
    svg.point(y + labelSize + 0.5)
    svg.add("\" font-size=\"")
    svg.point(labelSize)
    svg.add("\" fill=\"")
    svg.add(color)
    svg.add("\">")
    svg.add(escape(label))
    svg.add("</text>\n")
  }

  /// The font text is drawn in: Inter, the face `--text-metrics font` measures with
  /// (Debian's `fonts-inter`), then DejaVu Sans and the viewer's sans-serif as stated
  /// fallbacks when Inter is not installed where the SVG is viewed.
  static let textFontFamily = "Inter, DejaVu Sans, sans-serif"

  /// The lines of a text view as laid out, in the layout's font (``textFontFamily``) at the
  /// text style's size. Text measured with font metrics is set at its natural width; text
  /// measured with the fixed-advance model (half an em per character, `--text-metrics
  /// fixed`) has each line fitted to the width layout gave it by letter spacing only
  /// (`lengthAdjust="spacing"`: glyphs keep their shapes), so the letters fill the box.
  private static func textLines(
    _ string: String, style: TextStyle, frame f: Rect, color: String?, fontMetrics: Bool
  ) -> String {
    let measurer = FixedAdvanceTextMeasurer()
    let metrics = TextStyles.metrics(for: style)
    // Re-wrap at the laid-out width (plus a pixel of rounding); a box one line tall is one
    // line whatever the text model that measured it (real font metrics may be narrower).
    let singleLine = f.height < metrics.lineHeight * 1.5
    let lines = measurer.measure(
      string, style: style, proposedWidth: singleLine ? nil : f.width + 1
    ).lines
    var out = ""
    let fill = textColor(color)
    let weight = style.style == "headline" ? " font-weight=\"600\"" : ""
    for (k, line) in lines.enumerated() where !line.isEmpty {
      let y = f.minY + Double(k) * metrics.lineHeight + measurer.ascentRatio * metrics.lineHeight
      var fit = ""
      if !fontMetrics {
        let fixedLength = Double(line.count) * measurer.advanceRatio * metrics.size
        let length = singleLine && lines.count == 1 ? f.width : min(fixedLength, f.width)
        fit = " textLength=\"\(n(length))\" lengthAdjust=\"spacing\""
      }
      out +=
        "    <text x=\"\(n(f.minX))\" y=\"\(n(y))\" font-family=\"\(textFontFamily)\" font-size=\"\(n(metrics.size))\"\(weight) fill=\"\(fill)\"\(fit) xml:space=\"preserve\">\(escape(line))</text>\n"
    }
    return out
  }

  /// The colour a text is drawn in: its hex (a colour token's, or written so), grey for
  /// `secondary`, else the primary label colour.
  static func textColor(_ color: String?) -> String {
    color.flatMap(hexColor) ?? (color == "secondary" ? "#6e6e73" : "#1c1c1e")
  }

  /// The colours a view is drawn in, as this renderer draws them (hex, or `none` for
  /// `clear`), each named by the property that gives it: a `Text`'s `foregroundColor`, a
  /// `Color`'s `color`, a shape's `fill`, `stroke` and `shadow`, a `border`'s colour. Only
  /// the colours the definition gives (a shape without `fill` has none here). The `tree`
  /// and `json` outputs show them, so they say what the drawing shows.
  /// - Parameter descriptor: The resolved view.
  /// - Returns: (property, drawn colour) pairs, in that order.
  public static func drawnColors(of descriptor: ViewDescriptor) -> [(
    property: String, color: String
  )] {
    switch descriptor {
    case .text(_, _, _, let color?):
      return [("foregroundColor", textColor(color))]
    case .color(let name):
      return [("color", fill(for: name))]
    case .border(let color, _):
      return [("border", fill(for: color))]
    case .shape(let d):
      var out: [(String, String)] = []
      if let f = d.fill { out.append(("fill", fill(for: f))) }
      if d.lineWidth != nil { out.append(("stroke", strokeColor(d.strokeColor))) }
      // Each shadow layer as the SVG draws it: `shadow`, then `shadow[1]`, … (§9.6 layers).
      for (i, s) in d.shadows.enumerated() {
        out.append((i == 0 ? "shadow" : "shadow[\(i)]", shadowColor(s.color)))
      }
      return out
    default:
      return []
    }
  }

  /// A colour given as hex (`#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`: a colour token's
  /// value, ``Resolver`` resolves `{colors.red}` to it), drawn as it is; nil for a name.
  static func hexColor(_ color: String) -> String? {
    ColorName.isHex(color) ? color : nil
  }

  private static func fill(for color: String) -> String {
    if let hex = hexColor(color) { return hex }
    let table = [
      "gray": "#c7c7cc", "red": "#ffb3ad", "green": "#b4e8c0", "blue": "#b3d4ff",
      "yellow": "#fff0a8",
      "orange": "#ffd3a3", "black": "#8e8e93", "white": "#ffffff", "accent": "#b3d4ff",
      "clear": "none",
    ]
    return table[color] ?? "#d1d1d6"
  }

  private static func n(_ value: Double) -> String { formatPoints(value) }

  /// Escapes text for XML content and attribute values (``Escaping/xmlAttribute(_:)``,
  /// which is also valid character data).
  static func escape(_ text: String) -> String { Escaping.xmlAttribute(text) }
}

extension SVGRenderer {
  /// The bytes of `.background`, which the path of a background's view holds.
  static let background = Array(".background".utf8)
  /// The bytes of `.overlay`, which the path of an overlay's view holds.
  static let overlay = Array(".overlay".utf8)

  /// Whether `text` holds the bytes `needle`, compared byte by byte: a JSON path is short, and
  /// `String.contains` (the generic search of `_StringProcessing`) took an eighth of
  /// `catalog site`'s time when asked for every node (issue 12, point 2).
  static func holds(_ text: String, _ needle: [UInt8]) -> Bool {
    guard !needle.isEmpty else { return true }
    var text = text
    return text.withUTF8 { bytes in
      guard bytes.count >= needle.count else { return false }
      for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
        var k = 1
        while k < needle.count && bytes[start + k] == needle[k] { k += 1 }
        if k == needle.count { return true }
      }
      return false
    }
  }
}
