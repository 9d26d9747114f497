/// A length after resolution: its points and where they came from.
///
/// `provenance` lists each step from what the definition wrote to the value, so
/// `render --explain` can print `padding.bottom = 8pt ← {space.sm} ← {base.size.8} ← 8px`.
public struct ResolvedLength: Sendable, Equatable, CustomStringConvertible {
  /// What the length sizes (`padding.bottom`, `spacing`, `frame.width`).
  public var property: String
  /// The points, or nil when the layout engine applies the platform default per pair
  /// (stack spacing and Spacer minimum left to SwiftUI's `nil`).
  public var points: Double?
  /// Where the value came from, first step first.
  public var provenance: [String]
  /// Where the length is written (`TrackRow body.children[0].modifiers[0].padding.length`).
  public var source: String

  /// Creates a resolved length.
  public init(property: String, points: Double?, provenance: [String], source: String) {
    self.property = property
    self.points = points
    self.provenance = provenance
    self.source = source
  }

  /// `padding.bottom = 8pt ← {space.sm} ← 8px`.
  public var description: String {
    let value = points.map { "\(formatPoints($0))pt" } ?? "default"
    return (["\(property) = \(value)"] + provenance).joined(separator: " ← ")
  }
}

/// Points as the outputs write them: whole numbers bare, others with up to three decimals.
/// - Parameter value: Points.
/// - Returns: `8`, `33.333`, `0.5`.
public func formatPoints(_ value: Double) -> String {
  if value == .infinity { return "infinity" }
  let rounded = (value * 1000).rounded() / 1000
  if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
  var s = String(rounded)
  if s.contains("e") { return s }
  while s.hasSuffix("0") { s.removeLast() }
  return s
}
