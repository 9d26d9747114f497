/// Spacer (reference §2.6, OSUI `SpacerLayoutComputer`).
enum SpacerLayout {
  /// A Spacer's size for `p`, in points.
  ///
  /// - Along the enclosing stack's axis: `max(proposal, minLength)`, where a nil proposal
  ///   counts as −∞, so the ideal length is `minLength`.
  /// - Across the stack's axis: 0.
  /// - Outside any stack (or directly in a ZStack): `max(proposal, minLength)` on both axes.
  ///
  /// - Parameters:
  ///   - p: The proposal.
  ///   - minLength: The minimum length; the caller substitutes the default spacing (8) for nil.
  ///   - stackAxis: The enclosing HStack/VStack's axis, or nil outside any stack.
  static func sizeThatFits(_ p: ProposedSize, minLength: Double, stackAxis: Axis?) -> Size {
    func along(_ proposed: Double?) -> Double { max(proposed ?? -.infinity, minLength) }
    switch stackAxis {
    case .horizontal?: return Size(width: along(p.width), height: 0)
    case .vertical?: return Size(width: 0, height: along(p.height))
    case nil: return Size(width: along(p.width), height: along(p.height))
    }
  }
}
