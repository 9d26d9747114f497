/// Where a length written in a definition gets its value (`component_length.source`).
public enum LengthSource: String, Sendable, Equatable, CaseIterable {
  /// A number of points written in the definition (`"length": 4`).
  case literal
  /// A token alias (`"{space.sm}"`).
  case token
  /// A parameter of the component (`"$gap"`).
  case parameter
  /// Absent or `null`: SwiftUI's `nil`, the platform default.
  case `default`
}
