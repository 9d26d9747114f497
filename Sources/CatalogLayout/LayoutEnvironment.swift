/// The platform values layout depends on (SwiftUI's environment and `ViewSpacing` defaults).
///
/// Defaults are iOS's at the default Dynamic Type size on a 3× screen. Every value is in
/// points unless stated.
public struct LayoutEnvironment: Sendable {
  /// Distance between two ordinary views in a stack with `spacing: nil`, in points, and the
  /// default `Spacer.minLength`. 8 on iOS (reference §2.2, OpenSwiftUI `defaultSpacing`).
  public var defaultSpacing: Double
  /// Pixels per point (3 on current iPhones). Frames are rounded to `1 / displayScale`
  /// (reference §3.7) and a `Divider` is `1 / displayScale` thick (§2.7).
  public var displayScale: Double
  /// Left-to-right or right-to-left (reference §2.5).
  public var layoutDirection: LayoutDirection
  /// Measures `Text` (reference §3.6).
  public var textMeasurer: any TextMeasurer
  /// Gap, in points, between an ordinary view (or a padded/framed view) and a `Text` directly
  /// **below** it in a vertical stack with `spacing: nil` (SwiftUI's "edge above text"
  /// spacing, reference §2.2). SwiftUI derives it from font metrics (≈ 6.4 pt for 17 pt SF Pro
  /// on iOS 17 by the reference's estimate, not measured); we cannot reproduce fonts on Linux,
  /// so it is a tunable constant, 8 by default. Used only when the stack's spacing is nil.
  public var spacingAboveText: Double
  /// Gap, in points, between a `Text` and an ordinary view directly **below** it in a vertical
  /// stack with `spacing: nil` (SwiftUI's "edge below text" spacing, reference §2.2; ≈ 10.6 pt
  /// for 17 pt SF Pro by the reference's estimate). Tunable; 8 by default.
  public var spacingBelowText: Double
  /// Gap, in points, between two `Text`s stacked vertically with `spacing: nil` (SwiftUI's
  /// "text to text" spacing, tighter than 8 on device; reference §2.2 and §7 item 5). Tunable;
  /// 8 by default. Side by side in an HStack, Texts are `defaultSpacing` apart (§2.2).
  public var textToTextSpacing: Double

  // Same shape as FrameSpec.init (assigning each parameter), kept because Swift synthesises no
  // public initialiser with defaults and other modules (CatalogRender, tests) create both.
  /// Creates an environment; every argument defaults to the iOS value described on its
  /// property.
  ///
  /// - Parameters:
  ///   - defaultSpacing: Points between ordinary views, and the default Spacer minimum.
  ///   - displayScale: Pixels per point.
  ///   - layoutDirection: Left-to-right or right-to-left.
  ///   - textMeasurer: The text model.
  ///   - spacingAboveText: Points between a view and a Text below it.
  ///   - spacingBelowText: Points between a Text and a view below it.
  ///   - textToTextSpacing: Points between two vertically adjacent Texts.
  public init(
    defaultSpacing: Double = 8,
    displayScale: Double = 3,
    layoutDirection: LayoutDirection = .leftToRight,
    textMeasurer: any TextMeasurer = FixedAdvanceTextMeasurer(),
    spacingAboveText: Double = 8,
    spacingBelowText: Double = 8,
    textToTextSpacing: Double = 8
  ) {
    self.defaultSpacing = defaultSpacing
    self.displayScale = displayScale
    self.layoutDirection = layoutDirection
    self.textMeasurer = textMeasurer
    self.spacingAboveText = spacingAboveText
    self.spacingBelowText = spacingBelowText
    self.textToTextSpacing = textToTextSpacing
  }

  /// One pixel in points (`1 / displayScale`, SwiftUI's `pixelLength`); 1 when the scale is
  /// not a positive finite number.
  public var pixelLength: Double {
    displayScale.isFinite && displayScale > 0 ? 1 / displayScale : 1
  }
}
