/// A modifier as written in a definition, with where it is.
public struct ModifierDefinition: Sendable, Equatable {
  /// The modifier and its arguments.
  public var modifier: Modifier
  /// Its JSON path (`body.children[0].modifiers[1]`).
  public var path: String
  /// A condition on parameters: when false the modifier is skipped (the view stays).
  /// This models "padding that applies only when some child rendered" from the seed.
  public var when: Condition?
  /// Creates a located modifier.
  public init(_ modifier: Modifier, path: String, when: Condition? = nil) {
    self.modifier = modifier
    self.path = path
    self.when = when
  }
}

/// The modifiers a definition can chain, with SwiftUI's parameters.
public enum Modifier: Sendable, Equatable {
  /// `.padding(edges, length)`; a `platformDefault` length is SwiftUI's `nil` (16 on iOS).
  case padding(edges: EdgeSet, length: Length)
  /// `.frame(width:height:alignment:)` or the flexible form.
  case frame(FrameDefinition)
  /// `.fixedSize(horizontal:vertical:)`.
  case fixedSize(horizontal: Bool, vertical: Bool)
  /// `.layoutPriority(value)`.
  case layoutPriority(Double)
  /// `.background(alignment:) { content }`: views drawn behind, proposed the modified
  /// view's size; they never change layout (reference §3.5).
  case background(SecondaryContent)
  /// `.overlay(alignment:) { content }`: views drawn in front; same layout rules.
  case overlay(SecondaryContent)
  /// `.offset(x:y:)`: drawn moved; layout unchanged.
  case offset(x: Length, y: Length)
  /// `.opacity(value)`, 0 to 1; no layout effect.
  case opacity(Double)
  /// `.hidden()`: invisible, still laid out.
  case hidden
  /// `.border(color, width:)`: SwiftUI's overlay of a stroked rectangle; no layout effect.
  case border(color: String, width: Length)
  /// `.aspectRatio(ratio, contentMode:)`; `scaledToFit()`/`scaledToFill()` are a nil ratio.
  /// Ratio is width ÷ height; `scaled` records which spelling was written.
  case aspectRatio(ratio: Double?, contentMode: String, scaled: Bool)
  /// `.clipped()`: drawing is cut to the frame; no layout effect.
  case clipped
  /// `.clipShape(shape)`: drawing is cut to a shape (`Circle`, `Capsule`,
  /// `RoundedRectangle` with `cornerRadius`); no layout effect.
  case clipShape(type: String, cornerRadius: Length?)
  /// `.gridCellColumns(n)`: the cell spans n columns of its `Grid`.
  case gridCellColumns(Int)
  /// `.gridColumnAlignment(alignment)`: every cell of the column aligns so.
  case gridColumnAlignment(String)
  /// `.gridCellUnsizedAxes(axes)`: the cell does not size its column and/or row.
  case gridCellUnsizedAxes(horizontal: Bool, vertical: Bool)

  /// The modifier's name as written (`padding`).
  public var name: String {
    switch self {
    case .padding: return "padding"
    case .frame: return "frame"
    case .fixedSize: return "fixedSize"
    case .layoutPriority: return "layoutPriority"
    case .background: return "background"
    case .overlay: return "overlay"
    case .offset: return "offset"
    case .opacity: return "opacity"
    case .hidden: return "hidden"
    case .border: return "border"
    case .aspectRatio(_, _, let scaled): return scaled ? "scaledTo" : "aspectRatio"
    case .clipped: return "clipped"
    case .clipShape: return "clipShape"
    case .gridCellColumns: return "gridCellColumns"
    case .gridColumnAlignment: return "gridColumnAlignment"
    case .gridCellUnsizedAxes: return "gridCellUnsizedAxes"
    }
  }

  /// Every modifier name a definition may use.
  public static let names = [
    "padding", "frame", "fixedSize", "layoutPriority", "background", "overlay", "offset", "opacity",
    "hidden", "border", "aspectRatio", "scaledToFit", "scaledToFill", "clipped", "clipShape",
    "gridCellColumns", "gridColumnAlignment", "gridCellUnsizedAxes",
  ]
}

/// SwiftUI's `Edge.Set`: which edges a padding applies to.
public struct EdgeSet: OptionSet, Sendable, Equatable, CustomStringConvertible {
  /// The edges as bits: top 1, leading 2, bottom 4, trailing 8.
  public let rawValue: Int
  /// Creates an edge set from bits.
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// SwiftUI's `.top`.
  public static let top = EdgeSet(rawValue: 1)
  /// SwiftUI's `.leading` (left in left-to-right layout).
  public static let leading = EdgeSet(rawValue: 2)
  /// SwiftUI's `.bottom`.
  public static let bottom = EdgeSet(rawValue: 4)
  /// SwiftUI's `.trailing` (right in left-to-right layout).
  public static let trailing = EdgeSet(rawValue: 8)
  /// SwiftUI's `.horizontal`: leading and trailing.
  public static let horizontal: EdgeSet = [.leading, .trailing]
  /// SwiftUI's `.vertical`: top and bottom.
  public static let vertical: EdgeSet = [.top, .bottom]
  /// SwiftUI's `.all`.
  public static let all: EdgeSet = [.top, .leading, .bottom, .trailing]

  /// The names accepted in `edges`.
  public static let names: [(String, EdgeSet)] = [
    ("all", .all), ("horizontal", .horizontal), ("vertical", .vertical), ("top", .top),
    ("leading", .leading), ("bottom", .bottom), ("trailing", .trailing),
  ]

  /// The edges in SwiftUI's order, by name.
  public var edgeNames: [String] {
    var out: [String] = []
    if contains(.top) { out.append("top") }
    if contains(.leading) { out.append("leading") }
    if contains(.bottom) { out.append("bottom") }
    if contains(.trailing) { out.append("trailing") }
    return out
  }

  /// The edge names in SwiftUI's order joined by `separator` (`leading+trailing`), built by
  /// appending: the standard library's unspecialised `joined(separator:)` looks its
  /// element type up by mangled name on first use, a scan of every protocol conformance
  /// record (about 0.17 M instructions, 2.4 % of `catalog render`; issue 17, point 4).
  /// - Parameter separator: The text between two names.
  /// - Returns: The joined names; empty for no edge.
  public func joinedNames(separator: String) -> String {
    var out = ""
    for name in edgeNames {
      if !out.isEmpty { out += separator }
      out += name
    }
    return out
  }

  /// The shortest name list: `all`, `horizontal`, `vertical` or single edges.
  public var description: String {
    if self == .all { return "all" }
    if self == .horizontal { return "horizontal" }
    if self == .vertical { return "vertical" }
    return edgeNames.joined(separator: ", ")
  }
}

/// The lengths of a `.frame` modifier; nil means the parameter is not given.
public struct FrameDefinition: Sendable, Equatable {
  /// The fixed width (`frame(width:)`).
  public var width: Length?
  /// The fixed height (`frame(height:)`).
  public var height: Length?
  /// The flexible frame's minimum width.
  public var minWidth: Length?
  /// The flexible frame's ideal width (used for an unspecified proposal).
  public var idealWidth: Length?
  /// The flexible frame's maximum width (`infinity` allowed).
  public var maxWidth: Length?
  /// The flexible frame's minimum height.
  public var minHeight: Length?
  /// The flexible frame's ideal height (used for an unspecified proposal).
  public var idealHeight: Length?
  /// The flexible frame's maximum height (`infinity` allowed).
  public var maxHeight: Length?
  /// The alignment of the child in the frame, a literal name or `$parameter`.
  public var alignment: ValueExpression?
  /// Creates an empty frame definition.
  public init() {}

  /// The frame's parameters in SwiftUI's order, with their values when given.
  public var lengths: [(name: String, length: Length)] {
    let all: [(String, Length?)] = [
      ("width", width), ("height", height), ("minWidth", minWidth), ("idealWidth", idealWidth),
      ("maxWidth", maxWidth), ("minHeight", minHeight), ("idealHeight", idealHeight),
      ("maxHeight", maxHeight),
    ]
    return all.compactMap { name, length in length.map { (name, $0) } }
  }

  /// The parameter names `.frame` accepts.
  public static let lengthNames = [
    "width", "height", "minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight",
    "maxHeight",
  ]
}

/// The content of a `background` or `overlay` modifier: views and their alignment.
public struct SecondaryContent: Sendable, Equatable {
  /// The views, resolved in the modified view's scope (several are stacked in a ZStack).
  public var views: [ViewDefinition]
  /// How the content is aligned with the modified view (`center` by default), a literal
  /// name or `$parameter`.
  public var alignment: ValueExpression?
  /// Creates content.
  public init(views: [ViewDefinition], alignment: ValueExpression?) {
    self.views = views
    self.alignment = alignment
  }
}
