import CatalogModel

/// What the resolver knows about one layout node: what it is, where it was defined, and
/// its lengths with provenance.
///
/// Labels and attributes are computed when asked for, from ``descriptor``, so resolving a
/// large tree does not format a string per node.
public struct ViewInfo: Sendable, Equatable {
  /// The view or modifier name (`VStack`, `Text`, `padding`).
  public var kind: String
  /// The component whose definition holds the view or modifier.
  public var component: String
  /// Its JSON path in that definition (`body.children[0]`).
  public var path: String
  /// The chain of instances it was expanded through (`Card`, `TrackRow`, `VSStack`),
  /// listed from ``chain`` when read.
  public var instances: [String] {
    get { chain.names }
    set { chain = InstanceChain(newValue) }
  }
  /// The chain of instances, shared with every node expanded in the same instance (one
  /// reference, not one array per node: an instance nested `d` deep costs one link, not a
  /// copy of `d` names; issue 12, point 2).
  public var chain: InstanceChain
  /// True for modifiers (they wrap a view).
  public var isModifier: Bool
  /// The lengths it uses, resolved.
  public var lengths: [ResolvedLength]
  /// The view's or modifier's resolved parameters.
  public var descriptor: ViewDescriptor
  /// The layout priority set by a `layoutPriority` modifier, if any.
  public var layoutPriority: Double?
  /// The opacity set by an `opacity` modifier (0 to 1), if any; no layout effect.
  public var opacity: Double?
  /// True when a `hidden` modifier makes the view invisible (it is still laid out).
  public var isHidden: Bool = false
  /// The shape drawing is cut to by `clipped()` (`Rectangle`) or `clipShape(…)` (`Circle`,
  /// `Capsule`, `Ellipse`, `RoundedRectangle:8` with the radius in points); no layout effect.
  public var clipShape: String?
  /// A `Link`'s destination URL.
  public var destination: String?

  /// Creates an info.
  public init(
    kind: String, component: String, path: String, instances: [String], isModifier: Bool,
    lengths: [ResolvedLength], descriptor: ViewDescriptor, layoutPriority: Double? = nil
  ) {
    self.kind = kind
    self.component = component
    self.path = path
    self.chain = InstanceChain(instances)
    self.isModifier = isModifier
    self.lengths = lengths
    self.descriptor = descriptor
    self.layoutPriority = layoutPriority
  }

  /// Creates an info whose instance chain is already linked (the resolver's path: no
  /// array of names per node).
  init(
    kind: String, component: String, path: String, chain: InstanceChain, isModifier: Bool,
    lengths: [ResolvedLength], descriptor: ViewDescriptor
  ) {
    self.kind = kind
    self.component = component
    self.path = path
    self.chain = chain
    self.isModifier = isModifier
    self.lengths = lengths
    self.descriptor = descriptor
  }

  /// The component and JSON path it comes from (`TrackRow body.children[0]`).
  public var source: String { "\(component) \(path)" }

  /// A short SwiftUI-like label (`Text("Untitled").font(.headline)`, `padding(.bottom, 8)`).
  public var label: String { descriptor.label }

  /// Attributes for renderers: `text`, `font`, `foregroundColor`, `color`, `alignment`,
  /// `edges`, `amount`, `layoutPriority`.
  public var attributes: [String: String] {
    var out = descriptor.attributes
    if let layoutPriority { out["layoutPriority"] = formatPoints(layoutPriority) }
    if let opacity { out["opacity"] = formatPoints(opacity) }
    if isHidden { out["hidden"] = "true" }
    if let clipShape { out["clip"] = clipShape }
    if let destination { out["destination"] = destination }
    return out
  }
}

/// A resolved view or modifier with the parameters its label and renderers need.
public enum ViewDescriptor: Sendable, Equatable {
  /// `VStack`/`HStack`: alignment name, spacing in points (nil: platform default per pair).
  case stack(type: String, alignment: String, spacing: Double?, collapsesWhenEmpty: Bool)
  /// `ZStack`.
  case zStack(alignment: String, collapsesWhenEmpty: Bool)
  /// `Text` with its string, text style, line limit and foreground colour.
  case text(String, font: String, lineLimit: Int?, foregroundColor: String?)
  /// `Spacer` with its minimum length in points (nil: the default).
  case spacer(minLength: Double?)
  /// `Divider`.
  case divider
  /// `Color` with its name.
  case color(String)
  /// `.padding(edges, amount)`, amount in points.
  case padding(edges: EdgeSet, amount: Double)
  /// `.frame(...)`: the given parameters in SwiftUI's order (points; `.infinity` allowed).
  case frame(parameters: [FrameParameter], alignment: String)
  /// `.fixedSize(horizontal:vertical:)`.
  case fixedSize(horizontal: Bool, vertical: Bool)
  /// The implicit `VStack` around a body of several views.
  case implicitRoot(count: Int)
  /// `.background(alignment:)`: children are the modified view, then the background.
  case background(alignment: String)
  /// `.overlay(alignment:)`: children are the modified view, then the overlay.
  case overlay(alignment: String)
  /// `.offset(x:y:)` in points.
  case offset(x: Double, y: Double)
  /// `.border(color, width:)`: an overlay of a stroked rectangle, width in points.
  case border(color: String, width: Double)
  /// The `ZStack` SwiftUI puts around several background or overlay views.
  case secondaryGroup(count: Int)
  /// A shape with its fill and outline.
  indirect case shape(ShapeDescription)
  /// `Image`: asset or SF Symbol name, intrinsic size in points, `resizable()`.
  case image(name: String, isSystem: Bool, width: Double, height: Double, isResizable: Bool)
  /// A control's outermost node: `Button` (with its style), `Toggle`, `Label` or `Link`, and
  /// its title.
  case control(type: String, title: String, style: String?)
  /// The switch of a `Toggle` (iOS: 51×31 points), on or off.
  case toggleSwitch(isOn: Bool)
  /// `Grid` with its alignment and spacings in points (nil: the platform default).
  case grid(alignment: String, horizontalSpacing: Double?, verticalSpacing: Double?)
  /// `GridRow` with its vertical alignment (nil: the grid's).
  case gridRow(alignment: String?)
  /// `LazyVStack`/`LazyHStack`: the frame that takes the full cross-axis proposal around
  /// its stack.
  case lazyStack(type: String, alignment: String, spacing: Double?)
  /// `ScrollView` with its axis (`vertical`, `horizontal`).
  case scrollView(axis: String)
  /// `ViewThatFits(in:)` with its axes (`horizontal`, `vertical`, `all`).
  case viewThatFits(axes: String)
  /// `GeometryReader`.
  case geometryReader
  /// `.alignmentGuide(guide) { d in d[relativeTo] + offset }` built by a control (a
  /// `Label`'s icon), with the guide's names and the offset in points.
  case alignmentGuide(guide: String, relativeTo: String, offset: Double)
  /// `.padding(EdgeInsets(…))` built by a control (a bordered `Button`), in points.
  case insets(top: Double, leading: Double, bottom: Double, trailing: Double)
  /// `.aspectRatio(ratio, contentMode:)`, or `scaledToFit()`/`scaledToFill()` when `scaled`.
  case aspectRatio(ratio: Double?, contentMode: String, scaled: Bool)

  /// The SwiftUI-like label.
  public var label: String {
    switch self {
    case .stack(let type, let alignment, let spacing, let collapses):
      return "\(type)(alignment: .\(alignment), spacing: \(spacing.map(formatPoints) ?? "nil"))"
        + (collapses ? " collapsesWhenEmpty" : "")
    case .zStack(let alignment, let collapses):
      return "ZStack(alignment: .\(alignment))" + (collapses ? " collapsesWhenEmpty" : "")
    case .text(let text, let font, let lineLimit, _):
      var label = "Text(\(JSONWriter.quoted(text)))"
      if font != "body" { label += ".font(.\(font))" }
      if let lineLimit { label += ".lineLimit(\(lineLimit))" }
      return label
    case .spacer(let minLength):
      return "Spacer(minLength: \(minLength.map(formatPoints) ?? "nil"))"
    case .divider:
      return "Divider()"
    case .color(let name):
      return "Color(\(name))"
    case .padding(let edges, let amount):
      if edges == .all { return "padding(\(formatPoints(amount)))" }
      let names = edges.edgeNames
      let edgeLabel: String
      if names.count == 1 {
        edgeLabel = ".\(names[0])"
      } else if edges == .horizontal || edges == .vertical {
        edgeLabel = ".\(edges)"
      } else {
        edgeLabel = "[\(names.map { ".\($0)" }.joined(separator: ", "))]"
      }
      return "padding(\(edgeLabel), \(formatPoints(amount)))"
    case .frame(let parameters, let alignment):
      var parts = parameters.map {
        "\($0.name): \($0.points == .infinity ? ".infinity" : formatPoints($0.points))"
      }
      if alignment != "center" { parts.append("alignment: .\(alignment)") }
      return "frame(\(parts.joined(separator: ", ")))"
    case .fixedSize(let h, let v):
      return h && v ? "fixedSize()" : "fixedSize(horizontal: \(h), vertical: \(v))"
    case .implicitRoot(let count):
      return "VStack (implicit root of \(count) views)"
    case .background(let alignment):
      return alignment == "center" ? "background" : "background(alignment: .\(alignment))"
    case .overlay(let alignment):
      return alignment == "center" ? "overlay" : "overlay(alignment: .\(alignment))"
    case .offset(let x, let y):
      return "offset(x: \(formatPoints(x)), y: \(formatPoints(y)))"
    case .border(let color, let width):
      return "border(\(color), width: \(formatPoints(width)))"
    case .secondaryGroup(let count):
      return "ZStack (implicit, \(count) views)"
    case .shape(let d):
      return d.label
    case .image(let name, let isSystem, let width, let height, let resizable):
      let call =
        isSystem
        ? "Image(systemName: \(JSONWriter.quoted(name)))" : "Image(\(JSONWriter.quoted(name)))"
      return call + (resizable ? ".resizable()" : "")
        + " \(formatPoints(width))×\(formatPoints(height))"
    case .control(let type, let title, let style):
      return "\(type)(\(JSONWriter.quoted(title)))" + (style.map { ".buttonStyle(.\($0))" } ?? "")
    case .toggleSwitch(let isOn):
      return "switch (\(isOn ? "on" : "off"))"
    case .grid(let alignment, let h, let v):
      return
        "Grid(alignment: .\(alignment), horizontalSpacing: \(h.map(formatPoints) ?? "nil"), verticalSpacing: \(v.map(formatPoints) ?? "nil"))"
    case .gridRow(let alignment):
      return alignment.map { "GridRow(alignment: .\($0))" } ?? "GridRow"
    case .lazyStack(let type, let alignment, let spacing):
      return "\(type)(alignment: .\(alignment), spacing: \(spacing.map(formatPoints) ?? "nil"))"
    case .scrollView(let axis):
      return "ScrollView(.\(axis))"
    case .viewThatFits(let axes):
      return axes == "all" ? "ViewThatFits" : "ViewThatFits(in: .\(axes))"
    case .geometryReader:
      return "GeometryReader"
    case .alignmentGuide(let guide, let relativeTo, let offset):
      return
        "alignmentGuide(.\(guide)) { d in d[.\(relativeTo)] \(offset < 0 ? "-" : "+") \(formatPoints(abs(offset))) }"
    case .insets(let t, let l, let b, let r):
      return
        "padding(EdgeInsets(top: \(formatPoints(t)), leading: \(formatPoints(l)), bottom: \(formatPoints(b)), trailing: \(formatPoints(r))))"
    case .aspectRatio(let ratio, let mode, let scaled):
      if scaled { return mode == "fit" ? "scaledToFit()" : "scaledToFill()" }
      return "aspectRatio(\(ratio.map(formatPoints) ?? "nil"), contentMode: .\(mode))"
    }
  }

  /// Attributes for renderers, by name.
  public var attributes: [String: String] {
    switch self {
    case .stack(_, let alignment, _, _), .zStack(let alignment, _):
      return ["alignment": alignment]
    case .text(let text, let font, _, let color):
      var out = ["text": text, "font": font]
      if let color { out["foregroundColor"] = color }
      return out
    case .color(let name):
      return ["color": name]
    case .padding(let edges, let amount):
      return ["edges": edges.edgeNames.joined(separator: ","), "amount": formatPoints(amount)]
    case .frame(_, let alignment):
      return ["alignment": alignment]
    case .implicitRoot, .secondaryGroup:
      return ["alignment": "center"]
    case .background(let alignment), .overlay(let alignment):
      return ["alignment": alignment]
    case .offset(let x, let y):
      return ["x": formatPoints(x), "y": formatPoints(y)]
    case .border(let color, let width):
      return ["color": color, "width": formatPoints(width)]
    case .shape(let d):
      var out = ["shape": d.name]
      if let r = d.cornerRadius { out["cornerRadius"] = formatPoints(r) }
      if let f = d.fill { out["fill"] = f }
      if let c = d.strokeColor { out["strokeColor"] = c }
      if let w = d.lineWidth { out["lineWidth"] = formatPoints(w) }
      if d.lineWidth != nil { out["strokeBorder"] = d.isStrokeBorder ? "true" : "false" }
      if let style = d.strokeStyle { out["strokeStyle"] = style.keyword }
      return out
    case .image(let name, let isSystem, _, _, let resizable):
      var out = [isSystem ? "systemName" : "image": name]
      if resizable { out["resizable"] = "true" }
      return out
    case .control(let type, let title, let style):
      var out = ["control": type, "title": title]
      if let style { out["buttonStyle"] = style }
      return out
    case .toggleSwitch(let isOn):
      return ["isOn": isOn ? "true" : "false"]
    case .grid(let alignment, _, _), .lazyStack(_, let alignment, _):
      return ["alignment": alignment]
    case .gridRow(let alignment):
      return alignment.map { ["alignment": $0] } ?? [:]
    case .scrollView(let axis):
      return ["axes": axis]
    case .viewThatFits(let axes):
      return ["in": axes]
    case .aspectRatio(let ratio, let mode, _):
      var out = ["contentMode": mode]
      if let ratio { out["ratio"] = formatPoints(ratio) }
      return out
    case .insets(let t, let l, let b, let r):
      return [
        "top": formatPoints(t), "leading": formatPoints(l), "bottom": formatPoints(b),
        "trailing": formatPoints(r),
      ]
    case .spacer, .divider, .fixedSize, .geometryReader, .alignmentGuide:
      return [:]
    }
  }
}

/// One parameter of a `.frame` modifier after resolution.
public struct FrameParameter: Sendable, Equatable {
  /// `width`, `minWidth`, `maxHeight`, …
  public var name: String
  /// Points; `.infinity` for SwiftUI's `.infinity`.
  public var points: Double
}

/// A resolved shape: what is drawn inside its frame.
public struct ShapeDescription: Sendable, Equatable {
  /// SwiftUI's type name (`RoundedRectangle`).
  public var name: String
  /// The corner radius in points (`RoundedRectangle` only).
  public var cornerRadius: Double?
  /// The fill colour name, or nil (SwiftUI's default foreground).
  public var fill: String?
  /// The outline colour, when stroked.
  public var strokeColor: String?
  /// The outline width in points, when stroked.
  public var lineWidth: Double?
  /// True for `strokeBorder` (inside the edge), false for `stroke` (centred on it).
  public var isStrokeBorder: Bool = false
  /// How the outline is drawn when a border token's `style` is not `solid`; nil for solid.
  public var strokeStyle: StrokeStyleDescription?
  /// The shadow layers from a DTCG `shadow` token, first on top (Format §9.6: a shadow
  /// token's value is one layer or an array of layers, drawn as CSS `box-shadow` lists them);
  /// empty when the shape has none.
  public var shadows: [ShadowDescription] = []

  /// `RoundedRectangle(cornerRadius: 8).fill(.blue).strokeBorder(.gray, lineWidth: 1)`.
  public var label: String {
    var s = name + (cornerRadius.map { "(cornerRadius: \(formatPoints($0)))" } ?? "()")
    if let fill { s += ".fill(\(fill))" }
    if let lineWidth {
      let call = isStrokeBorder ? "strokeBorder" : "stroke"
      if let style = strokeStyle, !style.dash.isEmpty {
        // SwiftUI's dashed outline: `.stroke(c, style: StrokeStyle(lineWidth:lineCap:dash:))`.
        s +=
          ".\(call)(\(strokeColor ?? "primary"), style: StrokeStyle(lineWidth: \(formatPoints(lineWidth)), lineCap: .\(style.lineCap), dash: [\(style.dash.map(formatPoints).joined(separator: ", "))]))"
      } else {
        s += ".\(call)(\(strokeColor ?? "primary"), lineWidth: \(formatPoints(lineWidth)))"
      }
    }
    for shadow in shadows { s += shadow.label }
    return s
  }
}

/// How a border token's outline is drawn: its `style` member (DTCG Format §9.3), a
/// `strokeStyle` (§9.2) keyword or a custom dash array, as lengths in points.
public struct StrokeStyleDescription: Sendable, Equatable {
  /// The CSS `border-style` keyword of the style (`dashed`, `dotted`, `double`, …; DTCG's
  /// keywords are CSS's), `dashed` for a custom dash array.
  public var keyword: String
  /// Dash and gap lengths in points, as SwiftUI's `StrokeStyle.dash` and SVG's
  /// `stroke-dasharray` take them; empty for a style drawn solid (`double`, `groove`,
  /// `ridge`, `outset`, `inset`, which a SwiftUI stroke has no way to draw).
  public var dash: [Double]
  /// `butt`, `round` or `square` (SwiftUI's `CGLineCap`, SVG's `stroke-linecap`).
  public var lineCap: String

  /// Creates a stroke style.
  /// - Parameters:
  ///   - keyword: The CSS keyword.
  ///   - dash: Dash and gap lengths, points.
  ///   - lineCap: `butt`, `round` or `square`.
  public init(keyword: String, dash: [Double], lineCap: String) {
    self.keyword = keyword
    self.dash = dash
    self.lineCap = lineCap
  }

  /// The style of a `strokeStyle` keyword for a line of `width` points: `dashed` is dashes
  /// and gaps of three widths each, `dotted` round dots one width across, two widths apart
  /// (CSS leaves both to the browser, CSS Backgrounds 3 §4.2; these are Chromium's
  /// proportions); `solid` is nil; the others keep their keyword with no dash.
  /// - Parameters:
  ///   - keyword: A DTCG `strokeStyle` keyword (§9.2).
  ///   - width: The line width, points.
  /// - Returns: The style, or nil for `solid` or an unknown keyword.
  public static func keyword(_ keyword: String, width: Double) -> StrokeStyleDescription? {
    switch keyword {
    case "dashed":
      return StrokeStyleDescription(
        keyword: keyword, dash: [3 * width, 3 * width], lineCap: "butt")
    case "dotted":
      return StrokeStyleDescription(keyword: keyword, dash: [0, 2 * width], lineCap: "round")
    case "double", "groove", "ridge", "outset", "inset":
      return StrokeStyleDescription(keyword: keyword, dash: [], lineCap: "butt")
    default: return nil
    }
  }
}

/// One layer of a DTCG `shadow` token (Format §9.6), in points: a drop shadow, or an inner
/// shadow when the token's `inset` is true (SwiftUI's `ShadowStyle.inner`).
public struct ShadowDescription: Sendable, Equatable {
  /// The colour (a hex string when the token gives one).
  public var color: String
  /// Horizontal offset, points.
  public var x: Double
  /// Vertical offset, points.
  public var y: Double
  /// Blur radius, points (CSS's blur radius: twice the Gaussian's standard deviation).
  public var blur: Double
  /// Spread, points: how far the shadow's shape grows (shrinks, for an inner shadow) before
  /// it is blurred, as CSS `box-shadow`'s spread distance.
  public var spread: Double
  /// True for an inner shadow (the token's `inset`), drawn inside the shape's edge.
  public var inset: Bool
  /// Creates a shadow layer.
  /// - Parameters:
  ///   - color: The colour (hex text when the token gives one).
  ///   - x: Horizontal offset, points.
  ///   - y: Vertical offset, points.
  ///   - blur: Blur radius, points.
  ///   - spread: Spread, points.
  ///   - inset: True for an inner shadow.
  public init(
    color: String, x: Double, y: Double, blur: Double, spread: Double, inset: Bool = false
  ) {
    self.color = color
    self.x = x
    self.y = y
    self.blur = blur
    self.spread = spread
    self.inset = inset
  }

  /// The layer as the view's label writes it: `.shadow(#0000001f, blur: 8, x: 0, y: 2)`,
  /// with `inner:` for an inner shadow and `spread:` when it is not zero.
  public var label: String {
    var s = ".shadow(\(inset ? "inner: " : "")\(color), blur: \(formatPoints(blur))"
    s += ", x: \(formatPoints(x)), y: \(formatPoints(y))"
    if spread != 0 { s += ", spread: \(formatPoints(spread))" }
    return s + ")"
  }
}

/// A chain of instances (`Screen`, `Card`, `TrackRow`), outermost first, as a persistent
/// linked list: appending a name links one new node to the shared rest, so the chains of
/// nested instances cost one node each, not a copy of every name above them (a chain `d`
/// deep cost `d²/2` names before; issue 12, point 2). The names are listed only when read.
public struct InstanceChain: Sendable, Equatable, CustomStringConvertible {
  /// One link: the innermost name and the chain it extends. Immutable, so shared freely.
  final class Node: Sendable {
    let name: String
    let parent: Node?
    /// How many names the chain ending here holds.
    let count: Int
    init(name: String, parent: Node?) {
      self.name = name
      self.parent = parent
      self.count = (parent?.count ?? 0) + 1
    }
  }

  /// The innermost link; nil for the empty chain.
  let last: Node?

  private init(last: Node?) { self.last = last }

  /// A chain of `names`, outermost first.
  /// - Parameter names: The component names.
  public init(_ names: [String]) {
    var node: Node?
    for name in names { node = Node(name: name, parent: node) }
    self.last = node
  }

  /// The chain with `name` added innermost: one new link, sharing this chain.
  /// - Parameter name: A component name.
  /// - Returns: The longer chain.
  public func appending(_ name: String) -> InstanceChain {
    InstanceChain(last: Node(name: name, parent: last))
  }

  /// How many names the chain holds.
  public var count: Int { last?.count ?? 0 }

  /// The names, outermost first (a walk of the links).
  public var names: [String] {
    var out = [String](repeating: "", count: count)
    var node = last
    var i = out.count
    while let n = node {
      i -= 1
      out[i] = n.name
      node = n.parent
    }
    return out
  }

  /// The names joined by `, `.
  public var description: String { names.joined(separator: ", ") }

  /// Equal when the names are, in order (shared links compare at once).
  public static func == (a: InstanceChain, b: InstanceChain) -> Bool {
    var x = a.last
    var y = b.last
    while true {
      if x === y { return true }
      guard let p = x, let q = y, p.count == q.count, p.name == q.name else { return false }
      x = p.parent
      y = q.parent
    }
  }
}
