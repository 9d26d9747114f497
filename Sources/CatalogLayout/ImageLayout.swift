/// An `Image`'s layout parameters: its intrinsic size and whether it is `resizable()`.
public struct ImageSpec: Sendable, Equatable {
  /// The image's intrinsic (natural) width in points.
  public var width: Double
  /// The image's intrinsic height in points.
  public var height: Double
  /// SwiftUI's `resizable()`: the image stretches to its proposal.
  public var isResizable: Bool

  /// Creates an image specification.
  /// - Parameters:
  ///   - width: Intrinsic width in points (negative or non-finite counts as 0).
  ///   - height: Intrinsic height in points (negative or non-finite counts as 0).
  ///   - isResizable: True after `resizable()`.
  public init(width: Double, height: Double, isResizable: Bool = false) {
    self.width = width.isFinite ? max(width, 0) : 0
    self.height = height.isFinite ? max(height, 0) : 0
    self.isResizable = isResizable
  }
}

/// How `Image` sizes itself.
enum ImageLayout {
  /// SwiftUI's `Image` sizing, step by step (Apple, "Fitting images into available space":
  /// "By default, an image view sizes itself to the image's natural dimensions … Use
  /// `resizable(capInsets:resizingMode:)` to let the image scale to fill the space"):
  /// 1. not resizable: the intrinsic size, whatever the proposal;
  /// 2. resizable: the proposal on each specified axis (like a shape), and the intrinsic
  ///    length on an unspecified one (the image's ideal size is its natural size).
  /// - Parameters:
  ///   - p: The proposal, in points.
  ///   - spec: The image.
  /// - Returns: The image's size, in points.
  static func sizeThatFits(_ p: ProposedSize, spec: ImageSpec) -> Size {
    guard spec.isResizable else { return Size(width: spec.width, height: spec.height) }
    return p.replacingUnspecified(by: Size(width: spec.width, height: spec.height))
  }
}
