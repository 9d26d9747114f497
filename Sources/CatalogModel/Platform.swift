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

  /// The longest platform name (characters).
  public static let maximumNameLength = 64

  /// Why `name` cannot name a platform, or nil when it can: the one rule for platform
  /// names, checked before anything is stored (`platforms set`, a folder's
  /// `platforms.json`). A name is a lower-case ASCII letter followed by lower-case letters,
  /// digits and `_`, at most ``maximumNameLength`` characters: the catalog file's
  /// `platform_name_is_lowercase_identifier` CHECK constraint, said in words.
  ///
  /// - Parameter name: The name given.
  /// - Returns: What is wrong and what is expected, quoting the name; nil when it is valid.
  public static func nameProblem(_ name: String) -> String? {
    let scalars = Array(name.unicodeScalars)
    let isLower = { (c: Unicode.Scalar) in c >= "a" && c <= "z" }
    let valid =
      !scalars.isEmpty && scalars.count <= maximumNameLength && isLower(scalars[0])
      && scalars.allSatisfy { isLower($0) || ($0 >= "0" && $0 <= "9") || $0 == "_" }
    guard !valid else { return nil }
    let shown = String(String.UnicodeScalarView(scalars.prefix(maximumNameLength + 1)))
      .debugDescription.dropFirst().dropLast()
    let why =
      scalars.count > maximumNameLength
      ? "it is \(scalars.count) characters long" : "it is not a lower-case identifier"
    return
      "the platform name '\(shown)\(scalars.count > maximumNameLength ? "…" : "")' is refused: \(why); a platform name is a lower-case letter followed by lower-case letters, digits and _ (at most \(maximumNameLength) characters), such as 'macos' or 'watch_os'"
  }

  /// iOS at the default Dynamic Type size on a 3× screen.
  public static let ios = Platform(
    name: "ios", defaultSpacing: 8, defaultPadding: 16, displayScale: 3)
}
