/// One view in a component's body, as written in the definition.
///
/// `type` is a built-in view (see ``BuiltinView``) or the name of another stored component
/// (an instance). Built-in views take their SwiftUI arguments as properties (`spacing`,
/// `alignment`, `text`, `minLength`, `color`); instances take `arguments`, their
/// `children` fill the default slot and `slots` fills named ones.
public struct ViewDefinition: Sendable, Equatable {
  /// The view's type name as written (`VStack`, `Text`, `TrackRow`).
  public var type: String
  /// The built-in view, or nil for an instance of a stored component.
  public var builtin: BuiltinView?
  /// Where the view is in the definition (`body.children[1]`).
  public var path: String
  /// The `when` condition; nil means always present.
  public var when: Condition?
  /// The modifiers, applied in order like chained SwiftUI modifiers.
  public var modifiers: [ModifierDefinition]
  /// Children: a stack's or group's members, or an instance's default slot content.
  public var children: [ViewDefinition]
  /// Named slot contents of an instance, in the order written.
  public var slots: [(name: String, views: [ViewDefinition])]
  /// An instance's arguments, in the order written.
  public var arguments: JSONObject

  // Built-in properties.
  /// Stack spacing (`VStack`/`HStack`); absent means the platform default per pair.
  public var spacing: Length
  /// Stack or frame alignment, a literal name or `$parameter`; nil means `center`.
  public var alignment: ValueExpression?
  /// For a stack: resolve to no view at all when no child remains (SwiftUI's
  /// `Group(subviews:)` with `if !subviews.isEmpty`).
  public var collapsesWhenEmpty: Bool
  /// `Text`'s string, a literal or `$parameter`.
  public var text: ValueExpression?
  /// `Text`'s font: an Apple text style name (`headline`) or `$parameter`.
  public var font: ValueExpression?
  /// `Text`'s foreground colour name, kept for rendering.
  public var foregroundColor: ValueExpression?
  /// `Text`'s line limit.
  public var lineLimit: Int?
  /// `Spacer`'s minimum length; absent means the platform default spacing.
  public var minLength: Length
  /// `Color`'s name (`red`, `accent`, `#FF0000`) or `$parameter`.
  public var color: ValueExpression?
  /// `Slot`'s name; nil is the default slot.
  public var slotName: String?
  /// `ForEach`: iterate over a list argument (`$items`) or a count.
  public var forEach: ForEachSource?
  /// `ForEach`: the name under which each element is visible to children (default `item`;
  /// the index is `$index`).
  public var forEachElement: String
  /// The properties of shapes, images, controls, grids and scroll views (see
  /// ``BuiltinProperties``). Held in a box so a view definition stays small: resolving and
  /// parsing recurse through views, and each level copies one.
  public var properties: BuiltinProperties {
    get { propertiesBox.value }
    set { propertiesBox = PropertiesBox(newValue) }
  }
  private var propertiesBox = PropertiesBox(BuiltinProperties())

  /// Creates a view definition with every property at its default.
  /// - Parameters:
  ///   - type: The type name.
  ///   - path: The JSON path of the view in its definition.
  public init(type: String, path: String) {
    self.type = type
    self.builtin = BuiltinView(rawValue: type)
    self.path = path
    self.when = nil
    self.modifiers = []
    self.children = []
    self.slots = []
    self.arguments = JSONObject()
    self.spacing = .platformDefault
    self.alignment = nil
    self.collapsesWhenEmpty = false
    self.text = nil
    self.font = nil
    self.foregroundColor = nil
    self.lineLimit = nil
    self.minLength = .platformDefault
    self.color = nil
    self.slotName = nil
    self.forEach = nil
    self.forEachElement = "item"
  }

  /// Views are equal when every property is.
  public static func == (lhs: ViewDefinition, rhs: ViewDefinition) -> Bool {
    lhs.type == rhs.type && lhs.path == rhs.path && lhs.when == rhs.when
      && lhs.modifiers == rhs.modifiers && lhs.children == rhs.children
      && lhs.slots.map(\.name) == rhs.slots.map(\.name)
      && lhs.slots.map(\.views) == rhs.slots.map(\.views) && lhs.arguments == rhs.arguments
      && lhs.spacing == rhs.spacing && lhs.alignment == rhs.alignment
      && lhs.collapsesWhenEmpty == rhs.collapsesWhenEmpty && lhs.text == rhs.text
      && lhs.font == rhs.font && lhs.foregroundColor == rhs.foregroundColor
      && lhs.lineLimit == rhs.lineLimit && lhs.minLength == rhs.minLength
      && lhs.color == rhs.color && lhs.slotName == rhs.slotName && lhs.forEach == rhs.forEach
      && lhs.forEachElement == rhs.forEachElement && lhs.properties == rhs.properties
  }
}

/// The views SwiftUI provides that a definition can use by name (SwiftUI's type names).
public enum BuiltinView: String, Sendable, CaseIterable {
  // swift-format-ignore: AlwaysUseLowerCamelCase
  // (the cases are SwiftUI's own type names, spelled as definitions write them)
  case VStack, HStack, ZStack, Text, Spacer, Divider, Color, EmptyView, Group, ForEach, Slot
  // swift-format-ignore: AlwaysUseLowerCamelCase
  case Rectangle, RoundedRectangle, Capsule, Circle, Ellipse
  // swift-format-ignore: AlwaysUseLowerCamelCase
  case Image, Label, Button, Toggle, Link
  // swift-format-ignore: AlwaysUseLowerCamelCase
  case Grid, GridRow, LazyVStack, LazyHStack
  // swift-format-ignore: AlwaysUseLowerCamelCase
  case ScrollView, ViewThatFits, GeometryReader

  /// The built-in view named exactly `rawValue` (case-sensitive, SwiftUI's spelling), or nil.
  ///
  /// The compiler's own lookup compares the name with every case in turn (about 1,500
  /// instructions a view when parsing a definition; issue 17, point 4); this one picks the one
  /// candidate with the name's UTF-8 length and first byte and compares once.
  ///
  /// - Parameter rawValue: A view type name as written in a definition (`VStack`).
  public init?(rawValue: String) {
    let utf8 = rawValue.utf8
    guard let first = utf8.first else { return nil }
    let candidate: BuiltinView?
    switch (utf8.count, first) {
    case (4, UInt8(ascii: "T")): candidate = .Text
    case (4, UInt8(ascii: "S")): candidate = .Slot
    case (4, UInt8(ascii: "L")): candidate = .Link
    case (4, UInt8(ascii: "G")): candidate = .Grid
    case (5, UInt8(ascii: "C")): candidate = .Color
    case (5, UInt8(ascii: "G")): candidate = .Group
    case (5, UInt8(ascii: "I")): candidate = .Image
    case (5, UInt8(ascii: "L")): candidate = .Label
    case (6, UInt8(ascii: "V")): candidate = .VStack
    case (6, UInt8(ascii: "H")): candidate = .HStack
    case (6, UInt8(ascii: "Z")): candidate = .ZStack
    case (6, UInt8(ascii: "S")): candidate = .Spacer
    case (6, UInt8(ascii: "C")): candidate = .Circle
    case (6, UInt8(ascii: "B")): candidate = .Button
    case (6, UInt8(ascii: "T")): candidate = .Toggle
    case (7, UInt8(ascii: "D")): candidate = .Divider
    case (7, UInt8(ascii: "F")): candidate = .ForEach
    case (7, UInt8(ascii: "C")): candidate = .Capsule
    case (7, UInt8(ascii: "E")): candidate = .Ellipse
    case (7, UInt8(ascii: "G")): candidate = .GridRow
    case (9, UInt8(ascii: "E")): candidate = .EmptyView
    case (9, UInt8(ascii: "R")): candidate = .Rectangle
    case (10, UInt8(ascii: "S")): candidate = .ScrollView
    case (10, UInt8(ascii: "L")):
      // LazyVStack and LazyHStack differ at their fifth byte.
      candidate = utf8.dropFirst(4).first == UInt8(ascii: "V") ? .LazyVStack : .LazyHStack
    case (12, UInt8(ascii: "V")): candidate = .ViewThatFits
    case (14, UInt8(ascii: "G")): candidate = .GeometryReader
    case (16, UInt8(ascii: "R")): candidate = .RoundedRectangle
    default: candidate = nil
    }
    guard let candidate, candidate.rawValue == rawValue else { return nil }
    self = candidate
  }

  /// The view's SwiftUI type name, as definitions write it (written out beside
  /// ``init(rawValue:)``, which replaces the compiler's lookup).
  public var rawValue: String {
    switch self {
    case .VStack: "VStack"
    case .HStack: "HStack"
    case .ZStack: "ZStack"
    case .Text: "Text"
    case .Spacer: "Spacer"
    case .Divider: "Divider"
    case .Color: "Color"
    case .EmptyView: "EmptyView"
    case .Group: "Group"
    case .ForEach: "ForEach"
    case .Slot: "Slot"
    case .Rectangle: "Rectangle"
    case .RoundedRectangle: "RoundedRectangle"
    case .Capsule: "Capsule"
    case .Circle: "Circle"
    case .Ellipse: "Ellipse"
    case .Image: "Image"
    case .Label: "Label"
    case .Button: "Button"
    case .Toggle: "Toggle"
    case .Link: "Link"
    case .Grid: "Grid"
    case .GridRow: "GridRow"
    case .LazyVStack: "LazyVStack"
    case .LazyHStack: "LazyHStack"
    case .ScrollView: "ScrollView"
    case .ViewThatFits: "ViewThatFits"
    case .GeometryReader: "GeometryReader"
    }
  }

  /// True for the views that take `children`.
  public var takesChildren: Bool {
    switch self {
    case .VStack, .HStack, .ZStack, .Group, .ForEach, .Button, .Grid, .GridRow, .LazyVStack,
      .LazyHStack,
      .ScrollView, .ViewThatFits, .GeometryReader:
      return true
    default: return false
    }
  }

  /// True for the shapes (`Rectangle`, `RoundedRectangle`, `Capsule`, `Circle`, `Ellipse`).
  public var isShape: Bool {
    switch self {
    case .Rectangle, .RoundedRectangle, .Capsule, .Circle, .Ellipse: return true
    default: return false
    }
  }

  /// True for the stacks whose `alignment` and `spacing` are a `VStack`'s or `HStack`'s.
  public var isStack: Bool {
    switch self {
    case .VStack, .HStack, .LazyVStack, .LazyHStack: return true
    default: return false
    }
  }
}

/// The properties of the views beyond stacks and text: shapes, images, controls, grids and
/// scroll views. Each is nil or default when not written.
public struct BuiltinProperties: Sendable, Equatable {
  /// `RoundedRectangle(cornerRadius:)`, in points, a token or `$parameter`.
  public var cornerRadius: Length?
  /// A shape's `.fill(color)`: a colour name or `$parameter`.
  public var fill: ValueExpression?
  /// A shape's `.stroke(color, lineWidth:)` or `.strokeBorder(color, lineWidth:)`.
  public var stroke: StrokeDefinition?
  /// A shape's `.shadow(…)` from a DTCG `shadow` token (`{shadow.card}`); drawing only.
  public var shadowToken: String?
  /// `Image("name")`: an asset name or `$parameter`.
  public var image: ValueExpression?
  /// `Image(systemName:)` / `Label(_:systemImage:)`: an SF Symbol name or `$parameter`.
  public var systemImage: ValueExpression?
  /// An asset image's intrinsic size, `[width, height]` in points (tokens allowed).
  public var size: [Length]?
  /// `Image(…).resizable()`.
  public var isResizable = false
  /// The title of a `Label`, `Button`, `Toggle` or `Link`: a string or `$parameter`.
  public var title: ValueExpression?
  /// `Button`'s `.buttonStyle(…)`: `automatic`, `plain`, `borderless`, `bordered`,
  /// `borderedProminent`.
  public var buttonStyle: String?
  /// `Toggle(isOn:)`: a boolean or `$parameter` (drawing only).
  public var isOn: ValueExpression?
  /// `Link(destination:)`: a URL string or `$parameter`.
  public var destination: ValueExpression?
  /// `Grid(horizontalSpacing:)`: absent is the platform default.
  public var horizontalSpacing: Length = .platformDefault
  /// `Grid(verticalSpacing:)`: absent is the platform default.
  public var verticalSpacing: Length = .platformDefault
  /// `ScrollView`'s axis (`vertical`, the default, or `horizontal`); `ViewThatFits(in:)`'s
  /// axes (`horizontal`, `vertical` or `all`, the default).
  public var axes: String?
  /// Creates empty properties.
  public init() {}
}

/// An immutable box for ``BuiltinProperties`` (replaced, never mutated, on a change).
private final class PropertiesBox: Sendable {
  let value: BuiltinProperties
  init(_ value: BuiltinProperties) { self.value = value }
}

/// A shape's outline: `.stroke(color, lineWidth:)` (centred on the edge) or
/// `.strokeBorder(color, lineWidth:)` (inside the edge), or a DTCG `border` token.
public struct StrokeDefinition: Sendable, Equatable {
  /// The colour name or `$parameter`; nil when a border token gives it.
  public var color: ValueExpression?
  /// The line width in points, a token or `$parameter`.
  public var lineWidth: Length
  /// True for `strokeBorder` (drawn inside the shape), false for `stroke`.
  public var isBorder: Bool
  /// A DTCG `border` token (`{border.card}`) giving colour and width, when written so.
  public var borderToken: String?
  /// Creates a stroke.
  public init(
    color: ValueExpression?, lineWidth: Length, isBorder: Bool, borderToken: String? = nil
  ) {
    self.color = color
    self.lineWidth = lineWidth
    self.isBorder = isBorder
    self.borderToken = borderToken
  }
}

/// A value that is either written literally or taken from a parameter (`"$name"`).
public enum ValueExpression: Sendable, Equatable, CustomStringConvertible {
  case literal(JSONValue)
  case parameter(String)

  /// Reads a string property: `"$name"` is a parameter (`"$row.title"` a member of a
  /// `ForEach` record), `"$$x"` the literal `$x`, anything else a literal.
  /// - Parameter string: The string as written.
  /// - Returns: The expression.
  public static func parse(string: String) -> ValueExpression {
    if string.hasPrefix("$$") { return .literal(.string(String(string.dropFirst()))) }
    if string.hasPrefix("$"), ReferencePath.isValid(String(string.dropFirst())) {
      return .parameter(String(string.dropFirst()))
    }
    return .literal(.string(string))
  }

  /// As written in a definition.
  public var description: String {
    switch self {
    case .literal(.string(let s)): return s.hasPrefix("$") ? "$\(s)" : s
    case .literal(let v): return JSONWriter.compact(v)
    case .parameter(let name): return "$\(name)"
    }
  }

  /// The JSON form.
  public var json: JSONValue {
    switch self {
    case .literal(.string(let s)) where s.hasPrefix("$"): return .string("$\(s)")
    case .literal(let v): return v
    case .parameter(let name): return .string("$\(name)")
    }
  }
}

/// What a `ForEach` iterates over.
public enum ForEachSource: Sendable, Equatable {
  /// A list parameter, `"in": "$items"`.
  case list(String)
  /// A count, literal or `$parameter`: elements are the indices 0..<count.
  case count(ValueExpression)
}
