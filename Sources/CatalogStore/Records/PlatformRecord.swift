/// What SwiftUI's `nil` lengths mean on one platform (a row of `platform`).
public struct PlatformRecord: Sendable, Equatable {
  /// The platform's name (`ios`).
  public var name: String
  /// A stack's default spacing, in points (8 on iOS).
  public var defaultSpacing: Double
  /// The default padding, in points (16 on iOS).
  public var defaultPadding: Double
  /// Pixels per point, for rounding frames (3 on iOS).
  public var displayScale: Double

  /// Creates a platform record.
  ///
  /// - Parameters:
  ///   - name: The platform's name.
  ///   - defaultSpacing: Default stack spacing, points.
  ///   - defaultPadding: Default padding, points.
  ///   - displayScale: Pixels per point.
  public init(name: String, defaultSpacing: Double, defaultPadding: Double, displayScale: Double) {
    self.name = name
    self.defaultSpacing = defaultSpacing
    self.defaultPadding = defaultPadding
    self.displayScale = displayScale
  }
}
