import CatalogLayout
import CatalogModel
import CatalogResolver

/// The `html` output: a standalone page that reproduces the layout with CSS, so a browser
/// can show it and a test can compare a real browser's boxes with our frames.
///
/// Translation (one element per layout node, `data-node` = the node's index in document
/// order, the order of `LaidOutComponent.nodes()`). The proposal is the outer box
/// (`#catalog-root` is `--width` × `--height` when given) and the root sits at its
/// top-leading corner, as the tree's root frame does.
/// - **Sizes** of every box are the tree's frames (`width`/`height`, border-box): SwiftUI
///   derives them from the proposal by rules flexbox does not have (a stack's
///   share-by-flexibility and layout priority, flexible frames such as
///   `maxWidth: .infinity`, views that take their proposal like `Color`, text measured and
///   rounded to the pixel grid). `Text` is a block with `white-space: pre` holding the
///   lines our layout broke, set in ``FixedAdvanceFont`` (every glyph half an em wide, as
///   `FixedAdvanceTextMeasurer`) with the style's `font-size` and `line-height`. The glyphs
///   are empty; the readable text is an absolutely positioned overlay in a monospaced face.
/// - **Positions** are CSS's: `VStack`/`HStack` → flex column/row with `align-items` from
///   the alignment and `gap` for an explicit spacing (SwiftUI's `nil` spacing depends on
///   each pair of neighbours, `ViewSpacing`, so each gap is the member's margin, taken from
///   our layout); `ZStack`, `background` and `overlay` → a one-cell grid with
///   `justify-items`/`align-items` from the alignment (a background painted first with
///   `order: -1`, a `border` as an inset box-shadow); `padding` → CSS padding; `frame` →
///   flex `justify-content`/`align-items`; `offset` → a `transform` (SwiftUI's offset also
///   moves the drawing after layout); right-to-left → `direction: rtl` and logical
///   properties.
/// - Where no CSS rule places the children as SwiftUI does (text baseline alignment, custom
///   alignment guides, members that overflow their stack,
///   `Grid`, `ScrollView`, `ViewThatFits`, `GeometryReader`), the children are placed
///   absolutely at their frames, the box is marked (a dashed red outline and
///   `data-inexpressible`) and ``HTMLPage/inexpressible`` says why; `render --format html`
///   prints each reason on standard error, so a difference is never silent.
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
      root: laidOut.root, title: laidOut.component.name, info: { laidOut.info($0) },
      proposal: laidOut.proposal,
      defaultSpacing: laidOut.component.platform.defaultSpacing,
      displayScale: laidOut.component.platform.displayScale,
      measuring: measuring)
  }

  /// Renders a laid-out tree (frames already written by `LayoutEngine`) as a page.
  ///
  /// What CSS cannot place exactly is listed in ``HTMLPage/inexpressible`` (see the type's
  /// documentation): those boxes are placed at their frames and marked.
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
    root: LayoutNode?, title: String, info: @escaping (LayoutNode) -> ViewInfo?,
    proposal: ProposedSize,
    defaultSpacing: Double, displayScale: Double, layoutDirection: LayoutDirection = .leftToRight,
    measuring: Bool
  ) -> HTMLPage {
    var builder = Builder(
      info: info, defaultSpacing: defaultSpacing,
      pixel: displayScale > 0 && displayScale.isFinite ? 1 / displayScale : 1)
    builder.layoutDirection = layoutDirection
    var body = ""
    if let root {
      body = builder.element(root, depth: 2)
    }
    // The proposal is the outer box: the root sits at its top-leading corner.
    var rootStyle = layoutDirection == .rightToLeft ? "direction: rtl; " : ""
    if let w = proposal.width, w.isFinite { rootStyle += "width: \(formatPoints(w))px; " }
    if let h = proposal.height, h.isFinite { rootStyle += "height: \(formatPoints(h))px; " }
    var scalars = Set<Unicode.Scalar>()
    for s in builder.strings { scalars.formUnion(s.unicodeScalars) }
    var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    html += "<title>\(SVGRenderer.escape(title))</title>\n<style>\n"
    html +=
      "@font-face { font-family: \"\(FixedAdvanceFont.familyName)\"; src: url(\(FixedAdvanceFont.dataURL(for: scalars))) format(\"truetype\"); }\n"
    html += """
      html, body { margin: 0; background: #f2f2f7; font-family: system-ui, sans-serif; }
      #catalog-caption { position: absolute; left: 16px; top: 8px; font-size: 13px; color: #3a3a3c; }
      #catalog-root { position: absolute; left: 16px; top: 40px; display: flex; align-items: flex-start; background: #ffffff; }
      #catalog-root { outline: 1px dashed #aeaeb2; }
      #catalog-root * { box-sizing: border-box; margin: 0; }
      #catalog-root .x { outline: 1.5px dashed #ff3b30; outline-offset: -0.75px; }
      .v, .h { display: flex; }
      .v { flex-direction: column; }
      .h { flex-direction: row; }
      .z { display: grid; }
      .z { grid-template-columns: 100%; grid-template-rows: 100%; }
      .z > * { grid-area: 1 / 1; }
      .m { display: flex; flex-direction: row; align-items: flex-start; }
      .v > *, .h > *, .m > *, #catalog-root > * { flex: none; }
      .t { display: block; position: relative; white-space: pre; font-family: "\(FixedAdvanceFont.familyName)"; font-kerning: none; font-variant-ligatures: none; text-rendering: geometricPrecision; background: rgba(94, 142, 222, 0.08); }
      .t > .g { position: absolute; left: 0; top: 0; white-space: pre; font-family: "DejaVu Sans Mono", monospace; pointer-events: none; }
      .c { outline: 0.5px solid #636366; }

      """
    html += "</style>\n</head>\n<body>\n"
    html +=
      "<div id=\"catalog-caption\">\(SVGRenderer.escape(title))\(root == nil ? " · no view (the body resolves to no views)" : "")</div>\n"
    html +=
      "<div id=\"catalog-root\"\(rootStyle.isEmpty ? "" : " style=\"\(rootStyle.trimmingTrailingSpace)\"")>\n\(body)</div>\n"
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
    var layoutDirection: LayoutDirection = .leftToRight
    var next = 0
    var reasons: [String] = []
    var strings: [String] = []

    /// One element per node, numbered in document order.
    ///
    /// Sizes: every box gets its frame's width and height (border-box), since SwiftUI
    /// derives them from the proposal by rules flexbox does not have (the stack's
    /// share-by-flexibility and priority, flexible frames, views that take their proposal,
    /// text measured and rounded to the pixel grid). Positions: computed by CSS (flex alignment and gaps for stacks,
    /// padding, grid alignment for `ZStack`, background and overlay, frame alignment), so the
    /// browser test checks every placement rule. Where no CSS rule places the children as
    /// SwiftUI does (baseline alignment, grids, scroll views, ViewThatFits, GeometryReader),
    /// the children are positioned absolutely at their frames, the box is marked (class `x`,
    /// a dashed red outline, `data-inexpressible` saying why) and the reason is returned.
    mutating func element(
      _ node: LayoutNode, depth: Int, style extra: String = "",
      strokeOf border: (color: String, width: Double)? = nil
    ) -> String {
      let index = next
      next += 1
      let pad = String(repeating: " ", count: min(depth, 64))
      let f = node.frame
      var style = extra
      var cls = ""
      var inner = ""
      var inexpressible: String?
      let label = info(node)?.label ?? "\(node.kind)"
      style += "width: \(px(f.width)); height: \(px(f.height)); "
      /// Children placed at their frames, for layouts CSS has no rule for.
      func placeAbsolutely(_ why: String) {
        inexpressible = "\(label): \(why); its children are placed at the layout's frames"
        // A containing block for the children (an absolutely placed box already is one).
        if !style.contains("position: absolute") { style += "position: relative; " }
        for child in node.children where child.isPlaced {
          let at =
            "position: absolute; left: \(px(child.frame.minX - f.minX)); top: \(px(child.frame.minY - f.minY)); "
          inner += element(child, depth: depth + 1, style: at)
        }
      }
      /// Text-baseline alignment: CSS baselines come from font metrics, not our layout's,
      /// so a layout aligned by a text baseline places its children at their frames.
      /// Returns whether it did.
      func placedByBaseline(_ vertical: VerticalAlignment) -> Bool {
        guard vertical == .firstTextBaseline || vertical == .lastTextBaseline else { return false }
        placeAbsolutely("text baseline alignment (CSS baselines come from font metrics)")
        return true
      }
      /// Layers (ZStack, background, overlay) share one grid cell, aligned there as SwiftUI
      /// aligns them (reference §3.5); false when they were placed by a text baseline.
      func layeredInOneCell(_ alignment: Alignment) -> Bool {
        cls = "z"
        if placedByBaseline(alignment.vertical) { return false }
        style +=
          "justify-items: \(gridAlign(alignment.horizontal)); align-items: \(gridAlign(alignment.vertical)); "
        return true
      }
      // A child with its own alignment guide is placed by a value CSS cannot compute.
      var guided = node.children.contains {
        if case .alignmentGuide = $0.kind { return true } else { return false }
      }
      switch node.kind {
      case .stack, .zStack, .background, .overlay, .frame: break
      default: guided = false
      }
      // Children that overflow a stack (SwiftUI re-proposes when placing, and aligns the
      // members to one another): CSS aligns them to the box instead.
      var overflows = false
      switch node.kind {
      case .stack, .zStack:
        overflows = node.children.contains { c in
          c.isPlaced
            && (c.frame.minX < f.minX - 0.001 || c.frame.maxX > f.maxX + 0.001
              || c.frame.minY < f.minY - 0.001 || c.frame.maxY > f.maxY + 0.001)
        }
      default: break
      }
      switch node.kind {
      case _ where overflows:
        cls = "m"
        placeAbsolutely(
          "members larger than the stack (SwiftUI aligns them to one another, CSS to the stack's box)"
        )
      case _ where guided:
        cls = "m"
        placeAbsolutely("a child with a custom alignment guide (CSS has no alignment guides)")
      case .stack(let axis, let alignment, let spacing):
        cls = axis == .vertical ? "v" : "h"
        if axis == .horizontal, placedByBaseline(alignment.vertical) { break }
        style +=
          axis == .vertical
          ? "align-items: \(flexAlign(alignment.horizontal)); "
          : "align-items: \(flexAlign(alignment.vertical)); "
        let cssGap = spacing.flatMap { $0 >= 0 ? $0 : nil }
        if let cssGap { style += "gap: \(px(cssGap)); " }
        var previous: LayoutNode?
        for child in node.children where child.isPlaced {
          var m = ""
          if cssGap == nil, let previous {
            // SwiftUI's nil spacing depends on each pair of neighbours (ViewSpacing): the
            // gap is taken from our layout.
            let gap =
              axis == .vertical
              ? child.frame.minY - previous.frame.maxY : child.frame.minX - previous.frame.maxX
            m = (axis == .vertical ? "margin-top: " : "margin-inline-start: ") + px(gap) + "; "
          }
          inner += element(child, depth: depth + 1, style: m)
          previous = child
        }
      case .zStack(let alignment):
        guard layeredInOneCell(alignment) else { break }
        for child in node.children where child.isPlaced {
          inner += element(child, depth: depth + 1)
        }
      case .background(let alignment), .overlay(let alignment):
        // The secondary is aligned to the primary in one grid cell; a background is painted
        // first (`order: -1`), an overlay after (reference §3.5).
        guard layeredInOneCell(alignment) else { break }
        var stroke: (String, Double)?
        if case .border(let color, let width)? = info(node)?.descriptor { stroke = (color, width) }
        let isBackground: Bool
        if case .background = node.kind { isBackground = true } else { isBackground = false }
        for (k, child) in node.children.enumerated() where child.isPlaced {
          inner += element(
            child, depth: depth + 1, style: k == 1 && isBackground ? "order: -1; " : "",
            strokeOf: k == 1 ? stroke : nil)
        }
      case .text(let string, let textStyle):
        cls = "t"
        let metrics = TextStyles.metrics(for: textStyle)
        // The lines our layout broke: one when the box is one line tall, else re-broken at
        // the box's width (plus a pixel of rounding).
        let singleLine = f.height < metrics.lineHeight * 1.5
        let fitted = FixedAdvanceTextMeasurer().measure(
          string, style: textStyle, proposedWidth: singleLine ? nil : f.width + 1)
        if string.unicodeScalars.contains(where: { $0.value >= 0xFFFF })
          || string.count != string.unicodeScalars.count
        {
          inexpressible =
            "\(label): characters outside the fixed-advance font (one glyph per character)"
        }
        strings.append(string)
        style += "font-size: \(px(metrics.size)); line-height: \(px(metrics.lineHeight)); "
        let color = cssColor(info(node)?.attributes["foregroundColor"] ?? "primary")
        let text = escape(fitted.lines.joined(separator: "\n"))
        inner =
          "\(text)<span class=\"g\" aria-hidden=\"true\" style=\"font-size: \(px(metrics.size * 0.83)); color: \(color);\">\(text)</span>"
      case .spacer:
        cls = "s"
      case .divider:
        cls = "c"
        style += "background: #636366; "
      case .color(let name):
        cls = "c"
        if let border {
          // A border: the stroked rectangle its overlay draws, inside the edge.
          style += "box-shadow: inset 0 0 0 \(px(border.width)) \(cssColor(border.color)); "
        } else {
          style += "background: \(cssColor(name)); "
        }
      case .padding(let insets):
        cls = "m"
        if min(insets.top, insets.leading, insets.bottom, insets.trailing) < 0 {
          // CSS padding cannot be negative (CSS Box Model 3 §4.2); SwiftUI's can, and the
          // child overflows the padding's frame.
          placeAbsolutely("negative padding (CSS padding cannot be negative)")
        } else {
          style +=
            "padding-top: \(px(insets.top)); padding-inline-end: \(px(insets.trailing)); padding-bottom: \(px(insets.bottom)); padding-inline-start: \(px(insets.leading)); "
          for child in node.children where child.isPlaced {
            inner += element(child, depth: depth + 1)
          }
        }
      case .frame(let spec):
        cls = "m"
        if placedByBaseline(spec.alignment.vertical) { break }
        style +=
          "justify-content: \(flexAlign(spec.alignment.horizontal)); align-items: \(flexAlign(spec.alignment.vertical)); "
        for child in node.children where child.isPlaced {
          inner += element(child, depth: depth + 1)
        }
      case .fixedSize, .alignmentGuide, .aspectRatio:
        // One child, centred in the node (SwiftUI places a modified view at the centre).
        cls = "m"
        style += "justify-content: center; align-items: center; "
        for child in node.children where child.isPlaced {
          inner += element(child, depth: depth + 1)
        }
      case .offset(let x, let y):
        // SwiftUI's offset moves the drawing after layout: a CSS transform does the same.
        cls = "m"
        let dx = layoutDirection == .rightToLeft ? -x : x
        for child in node.children where child.isPlaced {
          inner += element(
            child, depth: depth + 1, style: "transform: translate(\(px(dx)), \(px(y))); ")
        }
      case .shape(let kind):
        cls = "c"
        style += shapeStyle(kind, width: f.width, height: f.height, info: info(node), label: label)
      case .image:
        cls = "c"
        style += "background: #e5e5ea; "
      case .grid:
        cls = "m"
        placeAbsolutely("a Grid (SwiftUI sizes columns by its own rule)")
      case .scrollView:
        cls = "m"
        placeAbsolutely("a ScrollView (SwiftUI proposes its content an unbounded length)")
        style += "overflow: hidden; "
      case .viewThatFits:
        cls = "m"
        placeAbsolutely("a ViewThatFits (SwiftUI chooses the first child that fits)")
      case .geometryReader:
        cls = "m"
        placeAbsolutely("a GeometryReader (SwiftUI places its content at the top-leading corner)")
      default:
        cls = "m"
        placeAbsolutely("this view is not translated to CSS")
      }
      if let inexpressible {
        reasons.append(inexpressible)
        cls += " x"
      }
      var attributes = "class=\"\(cls)\" data-node=\"\(index)\" title=\"\(escape(label))\""
      if let inexpressible { attributes += " data-inexpressible=\"\(escape(inexpressible))\"" }
      if !style.isEmpty { attributes += " style=\"\(style.trimmingTrailingSpace)\"" }
      if case .text = node.kind { return "\(pad)<div \(attributes)>\(inner)</div>\n" }
      if inner.isEmpty { return "\(pad)<div \(attributes)></div>\n" }
      return "\(pad)<div \(attributes)>\n\(inner)\(pad)</div>\n"
    }

    /// CSS for a shape's outline: corner radius, fill and stroke. A `Circle` in a frame that
    /// is not square cannot be drawn by one box (its circle is centred in the frame).
    mutating func shapeStyle(
      _ kind: ShapeKind, width: Double, height: Double, info: ViewInfo?, label: String
    ) -> String {
      var style = ""
      switch kind {
      case .rectangle: break
      case .roundedRectangle(let r):
        style += "border-radius: \(px(min(r, min(width, height) / 2))); "
      case .capsule: style += "border-radius: \(px(min(width, height) / 2)); "
      case .ellipse: style += "border-radius: 50%; "
      case .circle:
        style += "border-radius: 50%; "
        if abs(width - height) > 0.001 {
          reasons.append("\(label): a Circle in a frame that is not square (CSS draws an ellipse)")
        }
      }
      var fillName = "gray"
      if case .shape(let d)? = info?.descriptor {
        fillName = d.fill ?? (d.lineWidth == nil ? "gray" : "clear")
        if let w = d.lineWidth {
          let color = cssColor(d.strokeColor ?? "primary")
          // strokeBorder is inside the edge; stroke is centred on it. A border token's style
          // is CSS's own keyword (DTCG §9.2 names CSS's): an outline draws it.
          if !d.isStrokeBorder || d.strokeStyle != nil {
            let keyword = d.strokeStyle?.keyword ?? "solid"
            let offset = d.isStrokeBorder ? -w : -w / 2
            style += "outline: \(px(w)) \(keyword) \(color); outline-offset: \(px(offset)); "
          }
        }
        // A solid strokeBorder is an inset box-shadow, listed first so it draws over a shadow
        // token's.
        var shadows: [String] = []
        if let w = d.lineWidth, d.isStrokeBorder, d.strokeStyle == nil {
          shadows.append("inset 0 0 0 \(px(w)) \(cssColor(d.strokeColor ?? "primary"))")
        }
        // Every layer of a shadow token, first on top, `inset` for an inner one (§9.6).
        for s in d.shadows {
          shadows.append(
            "\(s.inset ? "inset " : "")\(px(s.x)) \(px(s.y)) \(px(s.blur)) \(px(s.spread)) \(s.color.hasPrefix("#") ? s.color : cssColor(s.color))"
          )
        }
        if !shadows.isEmpty { style += "box-shadow: \(shadows.joined(separator: ", ")); " }
      } else if case .toggleSwitch(let isOn)? = info?.descriptor {
        fillName = isOn ? "green" : "gray"
      }
      return style + "background: \(cssColor(fillName)); "
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

    /// Grid alignment for a vertical alignment (baselines never reach here: they are placed
    /// at their frames).
    func gridAlign(_ a: VerticalAlignment) -> String {
      switch a {
      case .top, .firstTextBaseline, .lastTextBaseline: return "start"
      case .center: return "center"
      case .bottom: return "end"
      }
    }

    /// Flex alignment for a vertical alignment (baselines: see ``gridAlign(_:)``).
    func flexAlign(_ a: VerticalAlignment) -> String {
      switch a {
      case .top, .firstTextBaseline, .lastTextBaseline: return "flex-start"
      case .center: return "center"
      case .bottom: return "flex-end"
      }
    }

    func px(_ v: Double) -> String { "\(formatPoints(v))px" }

    func cssColor(_ name: String) -> String {
      let table = [
        "primary": "#1c1c1e", "secondary": "#6e6e73", "gray": "#c7c7cc", "red": "#ff3b30",
        "green": "#34c759",
        "blue": "#007aff", "yellow": "#ffcc00", "orange": "#ff9500", "black": "#000000",
        "white": "#ffffff",
        "accent": "#007aff", "clear": "transparent",
      ]
      if let known = table[name] { return known }
      // A hex colour by the one hex rule (`#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`, CSS Color 4
      // §5.2, which CSS reads as written): `#RGBA` was drawn grey (review 21).
      if ColorName.isHex(name) { return name }
      return "#d1d1d6"
    }

    func escape(_ s: String) -> String { SVGRenderer.escape(s) }
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
