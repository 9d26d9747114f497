/// Apple's iOS text styles at the default Dynamic Type size (Large).
///
/// Sizes and line heights, in points, from the "Dynamic Type sizes" table (iOS, size Large)
/// in Apple's Human Interface Guidelines, Typography
/// (https://developer.apple.com/design/human-interface-guidelines/typography#Specifications):
///
/// | style       | size | line height |
/// |-------------|------|-------------|
/// | largeTitle  | 34   | 41          |
/// | title       | 28   | 34          |
/// | title2      | 22   | 28          |
/// | title3      | 20   | 25          |
/// | headline    | 17   | 22          |
/// | body        | 17   | 22          |
/// | callout     | 16   | 21          |
/// | subheadline | 15   | 20          |
/// | footnote    | 13   | 18          |
/// | caption     | 12   | 16          |
/// | caption2    | 11   | 13          |
public enum TextStyles {
  /// The style names, in the order of the table above (SwiftUI's `Font.TextStyle` cases).
  /// The resolver validates `Text` styles against this list.
  public static let names: [String] = [
    "largeTitle", "title", "title2", "title3", "headline", "body", "callout", "subheadline",
    "footnote", "caption", "caption2",
  ]

  /// Size and line height in points per style name (HIG table, Dynamic Type size Large).
  static let table: [String: (size: Double, lineHeight: Double)] = [
    "largeTitle": (34, 41),
    "title": (28, 34),
    "title2": (22, 28),
    "title3": (20, 25),
    "headline": (17, 22),
    "body": (17, 22),
    "callout": (16, 21),
    "subheadline": (15, 20),
    "footnote": (13, 18),
    "caption": (12, 16),
    "caption2": (11, 13),
  ]

  /// The font size and line height, in points, for `style`.
  ///
  /// Rule: the style's row of the HIG table; an unknown style name falls back to `body`
  /// (the resolver reports unknown names before layout). An explicit `style.size` replaces
  /// the font size and scales the line height proportionally:
  /// `lineHeight = tableLineHeight × size / tableSize` (so `body` at 34 pt gets 44 pt lines).
  /// A negative or non-finite explicit size is ignored.
  ///
  /// - Parameter style: The text attributes.
  /// - Returns: `size` (points) and `lineHeight` (points).
  public static func metrics(for style: TextStyle) -> (size: Double, lineHeight: Double) {
    let row = table[style.style] ?? (17, 22)
    guard let explicit = style.size, explicit.isFinite, explicit >= 0 else { return row }
    return (explicit, row.lineHeight * explicit / row.size)
  }
}
