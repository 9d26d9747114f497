/// The direction in which horizontal layout runs (SwiftUI's `LayoutDirection`).
///
/// In `.rightToLeft` the engine mirrors every frame horizontally around the root's width, as
/// SwiftUI does by flipping the coordinate space: an HStack places its first member at the
/// right edge, `leading` alignment means the right side, and leading padding is on the right
/// (reference §2.5, "In right-to-left layout an HStack places from the right edge").
public enum LayoutDirection: String, Sendable {
  /// Left to right (English).
  case leftToRight
  /// Right to left (Arabic, Hebrew).
  case rightToLeft
}
