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
  /// The chain of instances it was expanded through (`Card`, `TrackRow`, `VSStack`).
  public var instances: [String]
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

  /// Creates an info.
  public init(
    kind: String, component: String, path: String, instances: [String], isModifier: Bool,
    lengths: [ResolvedLength], descriptor: ViewDescriptor, layoutPriority: Double? = nil
  ) {
    self.kind = kind
    self.component = component
    self.path = path
    self.instances = instances
    self.isModifier = isModifier
    self.lengths = lengths
    self.descriptor = descriptor
    self.layoutPriority = layoutPriority
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
      var parts = parameters.map { "\($0.name): \($0.points == .infinity ? ".infinity" : formatPoints($0.points))" }
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
    case .spacer, .divider, .fixedSize:
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
  /// Creates a parameter.
  public init(name: String, points: Double) {
    self.name = name
    self.points = points
  }
}
