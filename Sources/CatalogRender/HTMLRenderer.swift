import CatalogLayout
import CatalogResolver

/// The `html` output: a standalone page that reproduces the layout with CSS, so a browser
/// can show it and a test can compare a real browser's boxes with our frames.
///
/// Translation (one element per layout node, `data-node` = the node's index in document
/// order, the order of `LaidOutComponent.nodes()`):
/// - `VStack`/`HStack` → a flex container (`flex-direction` column/row), members
///   `flex: none`, `align-items` from the stack's alignment. An explicit spacing is the
///   container's `gap`. SwiftUI's `nil` spacing depends on each pair of neighbours
///   (`ViewSpacing`), which CSS cannot compute, so each gap is written as the member's
///   margin, taken from our layout (the only values the page takes from our frames).
/// - `ZStack` → a grid with every member in cell 1/1, `justify-items`/`align-items` from
///   the alignment.
/// - `Text` → a block with `white-space: pre` set in ``FixedAdvanceFont`` (every glyph half
///   an em wide, as `FixedAdvanceTextMeasurer`), `font-size` and `line-height` from the
///   text style, so the browser measures the text by our rule. The glyphs are empty; the
///   readable text is an absolutely positioned overlay in a monospaced face (it takes no
///   space).
/// - `padding` → CSS `padding`; fixed `frame` → `width`/`height` with the child aligned by
///   flexbox; flexible `frame` → `min-`/`max-width`/`height`; `fixedSize` → a wrapper.
/// - `Spacer` → a flex item with `flex-grow: 1` and `min-width`/`min-height` = its minimum
///   length; `Color` → a box of the size SwiftUI proposes it (10 × 10 for an unspecified
///   proposal); `Divider` → a line one pixel (1 / display scale) thick.
///
/// Where CSS cannot express SwiftUI's layout exactly the page is still written, and
/// ``HTMLPage/inexpressible`` lists why (see ``HTMLRenderer`` `page(root:…)`); the browser
/// test compares only pages with no such reason.
public enum HTMLRenderer {
  /// Renders a laid-out component as a page.
  ///
  /// - Parameters:
  ///   - laidOut: The component after layout.
  ///   - measuring: Add a script that writes every element's `getBoundingClientRect()`
  ///     (relative to the root) into `<pre id="catalog-boxes">` once fonts have loaded, as
  ///     `index x y width height` lines (for the browser test).
  /// - Returns: The page and the reasons CSS cannot reproduce the layout exactly.
  public static func render(_ laidOut: LaidOutComponent, measuring: Bool = false) -> HTMLPage {
    page(
      root: laidOut.root, title: laidOut.component.name, info: { laidOut.info($0) }, proposal: laidOut.proposal,
      defaultSpacing: laidOut.component.platform.defaultSpacing, displayScale: laidOut.component.platform.displayScale,
      measuring: measuring)
  }

  /// Renders a laid-out tree (frames already written by `LayoutEngine`) as a page.
  ///
  /// What CSS cannot express exactly, each listed in ``HTMLPage/inexpressible``:
  /// a stack or `ZStack` proposed a finite size on an axis (SwiftUI divides the proposal by
  /// flexibility and priority; flexbox grows and shrinks by other rules); a flexible frame
  /// proposed a finite size or given an ideal size; `Text` that wraps or is truncated
  /// (CSS breaks lines by other rules) or uses characters outside the Basic Multilingual
  /// Plane; text baseline alignment (CSS baselines come from font metrics, ours are
  /// 0.8 × line height); right-to-left layout.
  ///
  /// - Parameters:
  ///   - root: The laid-out root, or nil for no view.
  ///   - title: The page's title.
  ///   - info: The resolver's info for a node (labels and colours), or nil.
  ///   - proposal: The size proposed to the root, in points.
  ///   - defaultSpacing: The platform's default spacing (a `nil` Spacer minimum), in points.
  ///   - displayScale: Pixels per point (a Divider is one pixel thick).
  ///   - layoutDirection: The direction the tree was laid out in.
  ///   - measuring: Add the box-reporting script (see ``render(_:measuring:)``).
  /// - Returns: The page and the reasons CSS cannot reproduce it exactly.
  public static func page(
    root: LayoutNode?, title: String, info: @escaping (LayoutNode) -> ViewInfo?, proposal: ProposedSize,
    defaultSpacing: Double, displayScale: Double, layoutDirection: LayoutDirection = .leftToRight, measuring: Bool
  ) -> HTMLPage {
    var builder = Builder(info: info, defaultSpacing: defaultSpacing, pixel: displayScale > 0 && displayScale.isFinite ? 1 / displayScale : 1)
    if layoutDirection == .rightToLeft { builder.reasons.append("right-to-left layout (the page is laid out left to right)") }
    var body = ""
    if let root {
      body = builder.element(root, proposal: proposal, parentStack: nil, depth: 2)
    }
    var scalars = Set<Unicode.Scalar>()
    for s in builder.strings { scalars.formUnion(s.unicodeScalars) }
    var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    html += "<title>\(SVGRenderer.escape(title))</title>\n<style>\n"
    html += "@font-face { font-family: \"\(FixedAdvanceFont.familyName)\"; src: url(\(FixedAdvanceFont.dataURL(for: scalars))) format(\"truetype\"); }\n"
    html += """
      html, body { margin: 0; background: #f2f2f7; font-family: system-ui, sans-serif; }
      #catalog-caption { position: absolute; left: 16px; top: 8px; font-size: 13px; color: #3a3a3c; }
      #catalog-root { position: absolute; left: 16px; top: 40px; display: flex; align-items: flex-start; background: #ffffff; }
      #catalog-root * { box-sizing: content-box; margin: 0; }
      .v, .h { display: flex; }
      .v { flex-direction: column; }
      .h { flex-direction: row; }
      .z { display: grid; }
      .z > * { grid-area: 1 / 1; }
      .m { display: flex; flex-direction: row; align-items: flex-start; }
      .v > *, .h > *, .m > *, #catalog-root > * { flex: none; }
      .t { display: block; position: relative; white-space: pre; font-family: "\(FixedAdvanceFont.familyName)"; font-kerning: none; font-variant-ligatures: none; text-rendering: geometricPrecision; background: rgba(94, 142, 222, 0.08); }
      .t > .g { position: absolute; left: 0; top: 0; white-space: pre; font-family: "DejaVu Sans Mono", monospace; pointer-events: none; }
      .c { outline: 0.5px solid #636366; }
      .s { min-width: 0; min-height: 0; }

      """
    html += "</style>\n</head>\n<body>\n"
    html += "<div id=\"catalog-caption\">\(SVGRenderer.escape(title))\(root == nil ? " · no view (the body resolves to no views)" : "")</div>\n"
    html += "<div id=\"catalog-root\">\n\(body)</div>\n"
    if measuring {
      html += "<pre id=\"catalog-boxes\"></pre>\n"
      html += """
        <script>
        document.fonts.ready.then(function () {
          var root = document.querySelector('#catalog-root > [data-node]');
          var out = 'fonts ' + (document.querySelector('.t') ? document.fonts.check('17px \(FixedAdvanceFont.familyName)') : 'unused') + '\\n';
          if (root) {
            var o = root.getBoundingClientRect();
            document.querySelectorAll('[data-node]').forEach(function (e) {
              var r = e.getBoundingClientRect();
              out += e.getAttribute('data-node') + ' ' + (r.left - o.left) + ' ' + (r.top - o.top) + ' ' + r.width + ' ' + r.height + '\\n';
            });
          }
          document.getElementById('catalog-boxes').textContent = out;
        });
        </script>

        """
    }
    html += "</body>\n</html>\n"
    var seen = Set<String>()
    return HTMLPage(html: html, inexpressible: builder.reasons.filter { seen.insert($0).inserted })
  }

  /// Builds the elements, numbering nodes in document order and noting what CSS cannot
  /// express.
  private struct Builder {
    let info: (LayoutNode) -> ViewInfo?
    let defaultSpacing: Double
    let pixel: Double
    var next = 0
    var reasons: [String] = []
    var strings: [String] = []

    mutating func element(_ node: LayoutNode, proposal p: ProposedSize, parentStack: Axis?, depth: Int, margin: String = "", inStack: Bool = false) -> String {
      let index = next
      next += 1
      let pad = String(repeating: " ", count: min(depth, 64))
      var style = margin
      var cls = ""
      var inner = ""
      let label = info(node)?.label ?? "\(node.kind)"
      switch node.kind {
      case .stack(let axis, let alignment, let spacing):
        cls = axis == .vertical ? "v" : "h"
        if (axis == .horizontal ? p.width : p.height) != nil {
          reasons.append("\(label): a stack proposed a finite length along its axis (SwiftUI's share-by-flexibility)")
        }
        if axis == .vertical {
          style += "align-items: \(flexAlign(alignment.horizontal)); "
        } else {
          style += verticalAlignItems(alignment.vertical, label: label, reasons: &reasons)
        }
        if let spacing { style += "gap: \(px(spacing)); " }
        let childProposal = ProposedSize(width: axis == .horizontal ? nil : p.width, height: axis == .vertical ? nil : p.height)
        var previous: LayoutNode?
        for child in node.children {
          var m = ""
          if spacing == nil, let previous {
            let gap = axis == .vertical ? child.frame.minY - previous.frame.maxY : child.frame.minX - previous.frame.maxX
            m = (axis == .vertical ? "margin-top: " : "margin-left: ") + px(gap) + "; "
          }
          inner += element(child, proposal: childProposal, parentStack: axis, depth: depth + 1, margin: m, inStack: true)
          previous = child
        }
      case .zStack(let alignment):
        cls = "z"
        if p.width != nil || p.height != nil { reasons.append("\(label): a ZStack proposed a finite size") }
        style += "justify-items: \(gridAlign(alignment.horizontal)); align-items: \(gridAlign(alignment.vertical)); "
        for child in node.children { inner += element(child, proposal: p, parentStack: nil, depth: depth + 1, inStack: inStack) }
      case .text(let string, let textStyle):
        cls = "t"
        let metrics = TextStyles.metrics(for: textStyle)
        let measured = FixedAdvanceTextMeasurer().measure(string, style: textStyle, proposedWidth: nil)
        let fitted = FixedAdvanceTextMeasurer().measure(string, style: textStyle, proposedWidth: p.width)
        if fitted.lines != measured.lines { reasons.append("\(label): the text wraps or is truncated (CSS breaks lines by other rules)") }
        if string.unicodeScalars.contains(where: { $0.value >= 0xFFFF }) || string.count != string.unicodeScalars.count {
          reasons.append("\(label): characters outside the fixed-advance font (one glyph per character)")
        }
        strings.append(string)
        style += "font-size: \(px(metrics.size)); line-height: \(px(metrics.lineHeight)); "
        let color = cssColor(info(node)?.attributes["foregroundColor"] ?? "primary")
        let text = escape(fitted.lines.joined(separator: "\n"))
        inner = "\(text)<span class=\"g\" aria-hidden=\"true\" style=\"font-size: \(px(metrics.size * 0.83)); color: \(color);\">\(text)</span>"
      case .spacer(let minLength):
        cls = "s"
        let length = minLength ?? defaultSpacing
        switch parentStack {
        case .horizontal?: style += "flex: 1 1 0px; min-width: \(px(length)); height: 0; "
        case .vertical?: style += "flex: 1 1 0px; min-height: \(px(length)); width: 0; "
        case nil: style += "width: \(px(max(p.width ?? -.infinity, length))); height: \(px(max(p.height ?? -.infinity, length))); "
        }
        if let along = parentStack, (along == .horizontal ? p.width : p.height) != nil {
          reasons.append("\(label): a Spacer proposed a finite length")
        }
      case .divider:
        cls = "c"
        if inStack, p.width == nil || p.height == nil { reasons.append(fillReason(label)) }
        if parentStack == .horizontal {
          style += "width: \(px(pixel)); height: \(px(p.height ?? 10)); "
        } else {
          style += "width: \(px(p.width ?? 10)); height: \(px(pixel)); "
        }
        style += "background: #636366; "
      case .color(let name):
        cls = "c"
        if inStack, p.width == nil || p.height == nil { reasons.append(fillReason(label)) }
        style += "width: \(px(p.width ?? 10)); height: \(px(p.height ?? 10)); background: \(cssColor(name)); "
      case .padding(let insets):
        cls = "m"
        style += "padding: \(px(insets.top)) \(px(insets.trailing)) \(px(insets.bottom)) \(px(insets.leading)); "
        let childProposal = ProposedSize(
          width: p.width.map { max($0 - insets.leading - insets.trailing, 0) }, height: p.height.map { max($0 - insets.top - insets.bottom, 0) })
        for child in node.children { inner += element(child, proposal: childProposal, parentStack: parentStack, depth: depth + 1, inStack: inStack) }
      case .frame(let spec):
        cls = "m"
        style += "justify-content: \(flexAlign(spec.alignment.horizontal)); "
        style += verticalAlignItems(spec.alignment.vertical, label: label, reasons: &reasons)
        var childProposal = p
        if spec.isFlexible {
          if p.width != nil || p.height != nil { reasons.append("\(label): a flexible frame proposed a finite size") }
          if spec.idealWidth != nil || spec.idealHeight != nil { reasons.append("\(label): an ideal size (CSS has no ideal size)") }
          if let v = spec.minWidth { style += "min-width: \(px(v)); " }
          if let v = spec.maxWidth, v.isFinite { style += "max-width: \(px(v)); " }
          if let v = spec.minHeight { style += "min-height: \(px(v)); " }
          if let v = spec.maxHeight, v.isFinite { style += "max-height: \(px(v)); " }
        } else {
          let width = spec.width.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
          let height = spec.height.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
          if let width { style += "width: \(px(width)); " }
          if let height { style += "height: \(px(height)); " }
          childProposal = ProposedSize(width: width ?? p.width, height: height ?? p.height)
        }
        for child in node.children { inner += element(child, proposal: childProposal, parentStack: parentStack, depth: depth + 1, inStack: inStack) }
      case .fixedSize(let h, let v):
        cls = "m"
        let childProposal = ProposedSize(width: h ? nil : p.width, height: v ? nil : p.height)
        for child in node.children { inner += element(child, proposal: childProposal, parentStack: parentStack, depth: depth + 1, inStack: inStack) }
      case .shape(let kind):
        cls = "c"
        if inStack, p.width == nil || p.height == nil { reasons.append(fillReason(label)) }
        let w = p.width ?? 10
        let h = p.height ?? 10
        style += "width: \(px(w)); height: \(px(h)); "
        style += shapeStyle(kind, width: w, height: h, info: info(node), label: label)
      case .image(let spec):
        cls = "c"
        let w = spec.isResizable ? (p.width ?? spec.width) : spec.width
        let h = spec.isResizable ? (p.height ?? spec.height) : spec.height
        if spec.isResizable, inStack, p.width == nil || p.height == nil { reasons.append(fillReason(label)) }
        style += "width: \(px(w)); height: \(px(h)); background: #e5e5ea; "
      case .aspectRatio, .grid, .gridRow, .scrollView, .viewThatFits, .geometryReader:
        // SwiftUI's ratio scaling, grid columns, scroll proposals, first-fit choice and
        // geometry readers have no CSS counterpart here: the page draws the children in a
        // plain box and says so.
        cls = "m"
        reasons.append("\(label): no CSS equivalent in this page (SwiftUI's own layout rule; see the SVG or tree output)")
        for child in node.children where child.isPlaced {
          inner += element(child, proposal: p, parentStack: nil, depth: depth + 1, inStack: inStack)
        }
      default:
        // offset, background, overlay, alignment guides: not translated yet.
        cls = "m"
        reasons.append("\(label): this modifier is not translated to CSS")
        for child in node.children { inner += element(child, proposal: p, parentStack: parentStack, depth: depth + 1, inStack: inStack) }
      }
      let attributes = "class=\"\(cls)\" data-node=\"\(index)\" title=\"\(escape(label))\"" + (style.isEmpty ? "" : " style=\"\(style.trimmingTrailingSpace)\"")
      if case .text = node.kind { return "\(pad)<div \(attributes)>\(inner)</div>\n" }
      if inner.isEmpty { return "\(pad)<div \(attributes)></div>\n" }
      return "\(pad)<div \(attributes)>\n\(inner)\(pad)</div>\n"
    }

    /// CSS for a shape's outline: corner radius, fill and stroke. A `Circle` in a frame that
    /// is not square cannot be drawn by one box (its circle is centred in the frame).
    mutating func shapeStyle(_ kind: ShapeKind, width: Double, height: Double, info: ViewInfo?, label: String) -> String {
      var style = ""
      switch kind {
      case .rectangle: break
      case .roundedRectangle(let r): style += "border-radius: \(px(min(r, min(width, height) / 2))); "
      case .capsule: style += "border-radius: \(px(min(width, height) / 2)); "
      case .ellipse: style += "border-radius: 50%; "
      case .circle:
        style += "border-radius: 50%; "
        if abs(width - height) > 0.001 { reasons.append("\(label): a Circle in a frame that is not square (CSS draws an ellipse)") }
      }
      var fillName = "gray"
      if case .shape(let d)? = info?.descriptor {
        fillName = d.fill ?? (d.lineWidth == nil ? "gray" : "clear")
        if let w = d.lineWidth {
          let color = cssColor(d.strokeColor ?? "primary")
          // strokeBorder is inside the edge; stroke is centred on it.
          if !d.isStrokeBorder { style += "outline: \(px(w)) solid \(color); outline-offset: \(px(-w / 2)); " }
        }
        // strokeBorder is an inset box-shadow; a shadow token an outer one (same property).
        var shadows: [String] = []
        if let w = d.lineWidth, d.isStrokeBorder { shadows.append("inset 0 0 0 \(px(w)) \(cssColor(d.strokeColor ?? "primary"))") }
        if let s = d.shadow { shadows.append("\(px(s.x)) \(px(s.y)) \(px(s.blur)) \(px(s.spread)) \(s.color.hasPrefix("#") ? s.color : cssColor(s.color))") }
        if !shadows.isEmpty { style += "box-shadow: \(shadows.joined(separator: ", ")); " }
      } else if case .toggleSwitch(let isOn)? = info?.descriptor {
        fillName = isOn ? "green" : "gray"
      }
      return style + "background: \(cssColor(fillName)); "
    }

    func fillReason(_ label: String) -> String {
      "\(label): a view that takes its proposal inside a stack proposed no size (SwiftUI re-proposes the stack's size when placing; CSS stretching follows other rules)"
    }

    func flexAlign(_ a: HorizontalAlignment) -> String {
      switch a {
      case .leading: return "flex-start"
      case .center: return "center"
      case .trailing: return "flex-end"
      }
    }

    func gridAlign(_ a: HorizontalAlignment) -> String {
      switch a {
      case .leading: return "start"
      case .center: return "center"
      case .trailing: return "end"
      }
    }

    mutating func gridAlign(_ a: VerticalAlignment) -> String {
      switch a {
      case .top: return "start"
      case .center: return "center"
      case .bottom: return "end"
      case .firstTextBaseline, .lastTextBaseline:
        reasons.append("text baseline alignment in a ZStack (CSS baselines come from font metrics)")
        return "baseline"
      }
    }

    func px(_ v: Double) -> String { "\(formatPoints(v))px" }

    func cssColor(_ name: String) -> String {
      let table = [
        "primary": "#1c1c1e", "secondary": "#6e6e73", "gray": "#c7c7cc", "red": "#ff3b30", "green": "#34c759",
        "blue": "#007aff", "yellow": "#ffcc00", "orange": "#ff9500", "black": "#000000", "white": "#ffffff",
        "accent": "#007aff", "clear": "transparent",
      ]
      if let known = table[name] { return known }
      if name.hasPrefix("#"), name.dropFirst().allSatisfy(\.isHexDigit), [4, 7, 9].contains(name.count) { return name }
      return "#d1d1d6"
    }

    func escape(_ s: String) -> String { SVGRenderer.escape(s) }
  }
}

extension HTMLRenderer {
  /// CSS `align-items` for a vertical alignment; baselines are noted as inexact.
  fileprivate static func verticalAlignItems(_ v: VerticalAlignment, label: String, reasons: inout [String]) -> String {
    switch v {
    case .top: return "align-items: flex-start; "
    case .bottom: return "align-items: flex-end; "
    case .center: return "align-items: center; "
    case .firstTextBaseline, .lastTextBaseline:
      reasons.append("\(label): text baseline alignment (CSS baselines come from font metrics)")
      return "align-items: baseline; "
    }
  }
}

extension String {
  /// The string without trailing spaces.
  fileprivate var trimmingTrailingSpace: String {
    var s = self
    while s.hasSuffix(" ") { s.removeLast() }
    return s
  }
}
