/// The platform a component is rendered for: the values SwiftUI's `nil` stands for.
///
/// iOS: spacing 8 between ordinary views and as `Spacer`'s minimum, padding 16 on every
/// edge, display scale 3 (`docs/layout-reference.md` §2.2, §3.1, §3.7). Other platforms
/// are rows of the catalog's `platform` table; the one type for a platform, used by the
/// store (a `platform` row), the resolver and the CLI.
public struct Platform: Sendable, Equatable {
  /// The platform's name (`ios`).
  public var name: String
  /// SwiftUI's default spacing, in points.
  public var defaultSpacing: Double
  /// SwiftUI's default padding, in points.
  public var defaultPadding: Double
  /// Pixels per point.
  public var displayScale: Double

  /// Creates a platform.
  /// - Parameters:
  ///   - name: The platform's name.
  ///   - defaultSpacing: Default stack spacing, in points.
  ///   - defaultPadding: Default padding, in points.
  ///   - displayScale: Pixels per point.
  public init(name: String, defaultSpacing: Double, defaultPadding: Double, displayScale: Double) {
    self.name = name
    self.defaultSpacing = defaultSpacing
    self.defaultPadding = defaultPadding
    self.displayScale = displayScale
  }

  /// iOS at the default Dynamic Type size on a 3× screen.
  public static let ios = Platform(
    name: "ios", defaultSpacing: 8, defaultPadding: 16, displayScale: 3)
}
