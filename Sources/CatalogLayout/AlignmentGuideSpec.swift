/// One alignment guide: a horizontal one (`leading`, `center`, `trailing`) or a vertical one
/// (`top`, `center`, `bottom`, `firstTextBaseline`, `lastTextBaseline`), the keys of
/// SwiftUI's `ViewDimensions` subscript.
public enum AlignmentKey: Sendable, Hashable {
  /// A guide along the horizontal axis (an x position).
  case horizontal(HorizontalAlignment)
  /// A guide along the vertical axis (a y position).
  case vertical(VerticalAlignment)
}

/// The parameters of `.alignmentGuide(_:computeValue:)`, restricted to the closures a stored
/// definition can express: `{ d in d[relativeTo] + offset }` or `{ _ in offset }`.
///
/// Units are points, measured from the view's top-left corner (leading edge in
/// right-to-left layout, which mirrors the frames). SwiftUI's rule (Apple, "Aligning views
/// across stacks"; reference §2.5): the value replaces the view's guide wherever a parent
/// aligns by that guide (stacks, ZStack, frames, overlays); `d[key]` is the view's own value
/// for `key`, its explicit value when it has one, otherwise the default (leading/top 0,
/// centre half, trailing/bottom the full size, baselines the text's or the bottom).
public struct AlignmentGuideSpec: Sendable, Equatable {
  /// The guide whose value is replaced.
  public var guide: AlignmentKey
  /// The guide of the view's own dimensions the value starts from; nil starts from 0.
  public var relativeTo: AlignmentKey?
  /// Points added to the starting value.
  public var offset: Double

  /// Creates a guide override computing `d[relativeTo] + offset` (or `offset` alone).
  ///
  /// - Parameters:
  ///   - guide: The guide to replace.
  ///   - relativeTo: The view's own guide to start from, or nil for 0.
  ///   - offset: Points to add.
  public init(guide: AlignmentKey, relativeTo: AlignmentKey? = nil, offset: Double = 0) {
    self.guide = guide
    self.relativeTo = relativeTo
    self.offset = offset
  }
}
