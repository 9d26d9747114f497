// Geometry value types used by the layout engine. All lengths are in points.

/// A width and a height, in points (SwiftUI's `CGSize`).
public struct Size: Sendable, Equatable, Hashable, CustomStringConvertible, AxisPair {
  /// The horizontal extent, in points.
  public var width: Double
  /// The vertical extent, in points.
  public var height: Double

  /// Creates a size.
  ///
  /// - Parameters:
  ///   - width: The width in points.
  ///   - height: The height in points.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The size 0×0.
  public static let zero = Size(width: 0, height: 0)

  /// A readable form, `W×H`.
  public var description: String { "\(formatLength(width))×\(formatLength(height))" }
}

// Same shape as Size above (two Doubles, public init, zero, description), kept because SwiftUI's
// CGSize and CGPoint are distinct types and mixing them up should not compile.
/// A position, in points, in a coordinate space whose origin is the top-left corner and
/// whose y axis points down (SwiftUI's `CGPoint`).
public struct Point: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// The horizontal coordinate, in points.
  public var x: Double
  /// The vertical coordinate, in points.
  public var y: Double

  /// Creates a point.
  ///
  /// - Parameters:
  ///   - x: The horizontal coordinate in points.
  ///   - y: The vertical coordinate in points.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin, (0, 0).
  public static let zero = Point(x: 0, y: 0)

  /// A readable form, `(x, y)`.
  public var description: String { "(\(formatLength(x)), \(formatLength(y)))" }
}

/// A rectangle: an origin (top-left corner) and a size, in points (SwiftUI's `CGRect`).
public struct Rect: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// The top-left corner, in points.
  public var origin: Point
  /// The width and height, in points.
  public var size: Size

  /// Creates a rectangle from its origin and size.
  ///
  /// - Parameters:
  ///   - origin: The top-left corner in points.
  ///   - size: The extent in points.
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Creates a rectangle from its coordinates, in points.
  ///
  /// - Parameters:
  ///   - x: The left edge.
  ///   - y: The top edge.
  ///   - width: The width.
  ///   - height: The height.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// The empty rectangle at the origin.
  public static let zero = Rect(origin: .zero, size: .zero)

  /// The left edge, in points.
  public var minX: Double { origin.x }
  /// The top edge, in points.
  public var minY: Double { origin.y }
  /// The right edge (`minX + width`), in points.
  public var maxX: Double { origin.x + size.width }
  /// The bottom edge (`minY + height`), in points.
  public var maxY: Double { origin.y + size.height }
  /// The width, in points.
  public var width: Double { size.width }
  /// The height, in points.
  public var height: Double { size.height }

  /// A readable form, `(x, y, w×h)`.
  public var description: String {
    "(\(formatLength(origin.x)), \(formatLength(origin.y)), \(size.description))"
  }
}

/// A size proposed by a parent to a child (SwiftUI's `ProposedViewSize`, reference §1).
///
/// Each axis is `nil` (unspecified: "give me your ideal size"), `0` (your minimum),
/// `.infinity` (your maximum) or a concrete number of points.
public struct ProposedSize: Sendable, Equatable, Hashable, CustomStringConvertible, AxisPair {
  /// The proposed width in points, or nil for the ideal width.
  public var width: Double?
  /// The proposed height in points, or nil for the ideal height.
  public var height: Double?

  /// Creates a proposal.
  ///
  /// - Parameters:
  ///   - width: Points, `.infinity`, or nil (unspecified).
  ///   - height: Points, `.infinity`, or nil (unspecified).
  public init(width: Double?, height: Double?) {
    self.width = width
    self.height = height
  }

  /// Creates a proposal of exactly `size`.
  public init(_ size: Size) {
    self.init(width: size.width, height: size.height)
  }

  /// Both axes unspecified: asks for the ideal size (SwiftUI's `.unspecified`).
  public static let unspecified = ProposedSize(width: nil, height: nil)
  /// 0×0: asks for the minimum size (SwiftUI's `.zero`).
  public static let zero = ProposedSize(width: 0, height: 0)
  /// ∞×∞: asks for the maximum size (SwiftUI's `.infinity`).
  public static let infinity = ProposedSize(width: .infinity, height: .infinity)

  /// A readable form, `W×H` with `nil` for an unspecified axis.
  public var description: String {
    "\(width.map(formatLength) ?? "nil")×\(height.map(formatLength) ?? "nil")"
  }

  /// SwiftUI's `replacingUnspecifiedDimensions(by:)`: nil axes become `size`'s values.
  func replacingUnspecified(by size: Size) -> Size {
    Size(width: width ?? size.width, height: height ?? size.height)
  }
}

/// A width and a height addressed by axis (``Size`` in points, ``ProposedSize`` with nil for
/// an unspecified axis): the main axis of a stack is its `axis`, the cross axis the other.
protocol AxisPair {
  /// What one axis holds.
  associatedtype Length
  /// The horizontal value.
  var width: Length { get }
  /// The vertical value.
  var height: Length { get }
  /// Creates a pair from its two values.
  init(width: Length, height: Length)
}

extension AxisPair {
  /// The value along `axis`.
  func value(_ axis: Axis) -> Length { axis == .horizontal ? width : height }

  /// Builds a pair from a main-axis and a cross-axis value.
  init(main: Length, cross: Length, axis: Axis) {
    if axis == .horizontal {
      self.init(width: main, height: cross)
    } else {
      self.init(width: cross, height: main)
    }
  }
}

extension Axis {
  /// The perpendicular axis.
  var other: Axis { self == .horizontal ? .vertical : .horizontal }
}

/// Formats a length compactly: integers without a fraction, others with up to 4 decimals.
func formatLength(_ value: Double) -> String {
  if value.isInfinite { return value > 0 ? "inf" : "-inf" }
  if value.isNaN { return "nan" }
  if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
  let scaled = (value * 10_000).rounded() / 10_000
  return String(scaled)
}
