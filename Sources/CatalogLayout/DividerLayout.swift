/// Divider (reference §2.7, OSUI `PlainDividerStyle`): a fill inside
/// `.frame(height: thickness)` (horizontal line) or `.frame(width: thickness)` (vertical).
enum DividerLayout {
  /// A Divider's size for `p`, in points.
  ///
  /// The line runs across the enclosing stack: horizontal in a VStack or outside any stack
  /// (width = proposed width, 10 when unspecified as for any fill, height = `thickness`),
  /// vertical in an HStack (width = `thickness`, height = proposed height or 10).
  ///
  /// - Parameters:
  ///   - p: The proposal.
  ///   - thickness: One pixel, `1 / displayScale`.
  ///   - stackAxis: The enclosing HStack/VStack's axis, or nil.
  static func sizeThatFits(_ p: ProposedSize, thickness: Double, stackAxis: Axis?) -> Size {
    if stackAxis == .horizontal {
      return Size(width: thickness, height: p.height ?? 10)
    }
    return Size(width: p.width ?? 10, height: thickness)
  }
}
