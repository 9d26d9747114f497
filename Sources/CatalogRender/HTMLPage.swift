/// A page written by ``HTMLRenderer``.
public struct HTMLPage: Sendable, Equatable {
  /// The standalone HTML document (fonts inline, no external resources).
  public var html: String
  /// Why CSS cannot reproduce this layout exactly (empty when it can), one reason per
  /// construct, in document order. The browser test compares only pages without reasons.
  public var inexpressible: [String]
}
