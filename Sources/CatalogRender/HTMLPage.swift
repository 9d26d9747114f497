// Same shape as the other two-property public records (InstanceRecord, LintFix, FrameParameter,
// Alignment, …): kept because they are different types and Swift does not synthesise a public
// memberwise initialiser.
/// A page written by ``HTMLRenderer``.
public struct HTMLPage: Sendable, Equatable {
  /// The standalone HTML document (fonts inline, no external resources).
  public var html: String
  /// Why CSS cannot reproduce this layout exactly (empty when it can), one reason per
  /// construct, in document order. The browser test compares only pages without reasons.
  public var inexpressible: [String]

  /// Creates a page.
  /// - Parameters:
  ///   - html: The document.
  ///   - inexpressible: The reasons CSS cannot reproduce the layout exactly.
  public init(html: String, inexpressible: [String]) {
    self.html = html
    self.inexpressible = inexpressible
  }
}
