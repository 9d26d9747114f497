/// SwiftUI's named alignments (`Alignment.topLeading`, …), each a horizontal and a vertical
/// guide (reference §2.5).
extension Alignment {
  /// Top edge, leading edge.
  public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
  /// Top edge, horizontal centre.
  public static let top = Alignment(horizontal: .center, vertical: .top)
  /// Top edge, trailing edge.
  public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
  /// Leading edge, vertical centre.
  public static let leading = Alignment(horizontal: .leading, vertical: .center)
  /// Trailing edge, vertical centre.
  public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
  /// Bottom edge, leading edge.
  public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
  /// Bottom edge, horizontal centre.
  public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
  /// Bottom edge, trailing edge.
  public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}
