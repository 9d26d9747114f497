/// The fixed numbers of SwiftUI's iOS controls that the catalog builds from stacks, padding
/// and shapes (`Label`, `Button`, `Toggle`, SF Symbol images). Each constant names its source;
/// where Apple publishes no number the value is marked as an estimate to be measured.
public enum ControlMetrics {
  /// `Toggle`'s switch on iOS: 51×31 points (the size `UISwitch` has had since iOS 7;
  /// Apple's `UISwitch` documentation: "the size of the switch is fixed"; the issue's
  /// stated measurement).
  public static let toggleSwitch = Size(width: 51, height: 31)

  /// The insets of `.bordered` and `.borderedProminent` buttons at the regular control size
  /// on iOS, in points: 7 top and bottom, 12 leading and trailing. **Estimate**: Apple
  /// documents no number; UIKit's default button insets its title 6 pt top and bottom (a
  /// published Debug View Hierarchy measurement, stackoverflow answer 70778238), and the
  /// bordered styles add a little more. To be checked against a device.
  public static let borderedButtonInsets = EdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)

  /// The corner radius drawn behind bordered buttons, in points (drawing only; an estimate
  /// like the insets).
  public static let borderedButtonCornerRadius = 8.0

  /// The space between a `Label`'s icon and title: nil, the stack's default spacing (8 on
  /// iOS between an image and a text in this engine). Apple's `TitleAndIconLabelStyle` says
  /// only "a system-standard layout".
  public static let labelSpacing: Double? = nil

  /// The size of an SF Symbol shown with a text style, as a multiple of the style's point
  /// size: a square of 1 × the point size (body 17 → 17×17). Apple (HIG, "SF Symbols"):
  /// symbols "are designed to integrate seamlessly with the San Francisco system font" and
  /// take the text's point size; the exact glyph box varies per symbol, which the catalog
  /// cannot know, so this is the documented approximation.
  public static let symbolScale = 1.0

  /// The size of an SF Symbol image for a text style, in points (``symbolScale`` × the
  /// style's point size, both sides).
  /// - Parameter style: An Apple text style name (`body`); unknown names use `body`.
  /// - Returns: The symbol's intrinsic size in points.
  public static func symbolSize(style: String) -> Size {
    let side = TextStyles.metrics(for: TextStyle(style: style)).size * symbolScale
    return Size(width: side, height: side)
  }

  /// The height of one line of text in a style, in points (the HIG line height the text
  /// model uses): a `Label` centres its icon on the title's first line.
  /// - Parameter style: An Apple text style name.
  /// - Returns: Points.
  public static func lineHeight(style: String) -> Double {
    TextStyles.metrics(for: TextStyle(style: style)).lineHeight
  }
}
