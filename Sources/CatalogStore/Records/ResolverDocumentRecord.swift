/// A stored resolver document.
public struct ResolverDocumentRecord: Sendable, Equatable {
  /// The saved input.
  public var input: ResolverDocumentInput
  /// Its revision (1, then one more per change).
  public var revision: Int

  /// Creates a record.
  /// - Parameters:
  ///   - input: The document and its modifiers.
  ///   - revision: Its revision.
  public init(input: ResolverDocumentInput, revision: Int) {
    self.input = input
    self.revision = revision
  }
}
