/// The shapes SwiftUI draws as views (`Rectangle`, `RoundedRectangle`, `Capsule`, `Circle`,
/// `Ellipse`), with the parameter their outline needs.
///
/// Every shape lays out the same way (``ShapeLayout/sizeThatFits(_:)``); the kind only
/// changes what is drawn inside the frame layout gives it.
public enum ShapeKind: Sendable, Equatable {
  /// `Rectangle()`: fills its frame.
  case rectangle
  /// `RoundedRectangle(cornerRadius:)`: corner radius in points.
  case roundedRectangle(cornerRadius: Double)
  /// `Capsule()`: corners of half the shorter side.
  case capsule
  /// `Circle()`: a circle of half the shorter side, centred in the frame.
  case circle
  /// `Ellipse()`: the ellipse inscribed in the frame.
  case ellipse

  /// SwiftUI's type name (`RoundedRectangle`).
  public var name: String {
    switch self {
    case .rectangle: return "Rectangle"
    case .roundedRectangle: return "RoundedRectangle"
    case .capsule: return "Capsule"
    case .circle: return "Circle"
    case .ellipse: return "Ellipse"
    }
  }

  /// Where the outline is drawn inside a frame: the frame itself, except for `Circle`,
  /// whose square of the frame's shorter side is centred in it (Apple, `Circle`: "A circle
  /// centered on the frame of the view containing it. The circle's radius equals half the
  /// length of the frame rectangle's smallest edge.").
  /// - Parameter frame: The shape's laid-out frame, in points.
  /// - Returns: The rectangle the outline is inscribed in, in the same coordinates.
  public func outlineRect(in frame: Rect) -> Rect {
    guard case .circle = self else { return frame }
    let side = min(frame.width, frame.height)
    return Rect(
      x: frame.minX + (frame.width - side) / 2, y: frame.minY + (frame.height - side) / 2,
      width: side,
      height: side)
  }

  /// The corner radius the outline uses in a frame of `size`, in points: the stated radius
  /// (at most half the shorter side), half the shorter side for a capsule or circle, 0 for a
  /// rectangle; nil for an ellipse (not a rounded rectangle).
  /// - Parameter size: The outline's rectangle size, in points.
  /// - Returns: The radius, or nil for an ellipse.
  public func cornerRadius(in size: Size) -> Double? {
    let half = min(size.width, size.height) / 2
    switch self {
    case .rectangle: return 0
    case .roundedRectangle(let r): return min(max(r, 0), half)
    case .capsule, .circle: return half
    case .ellipse: return nil
    }
  }
}

/// How a shape (and `Color`) sizes itself.
enum ShapeLayout {
  /// The size SwiftUI uses for an unspecified axis (Apple, `Shape.sizeThatFits(_:)`:
  /// "Returns the original proposal, with nil components replaced by a small positive
  /// value"; the value is 10, `ProposedViewSize.replacingUnspecifiedDimensions()`'s default).
  static let unspecifiedLength = 10.0

  /// Apple's `Shape.sizeThatFits(_:)`, step by step:
  /// 1. take the proposal as it is on each specified axis (shapes are flexible: they accept
  ///    any size, `.infinity` included);
  /// 2. replace each unspecified (nil) axis by ``unspecifiedLength``.
  /// `Circle` follows the same rule: its frame is the proposal and the circle is drawn
  /// centred in it (``ShapeKind/outlineRect(in:)``).
  /// - Parameter p: The proposal, in points.
  /// - Returns: The shape's size, in points.
  static func sizeThatFits(_ p: ProposedSize) -> Size {
    p.replacingUnspecified(by: Size(width: unspecifiedLength, height: unspecifiedLength))
  }
}
