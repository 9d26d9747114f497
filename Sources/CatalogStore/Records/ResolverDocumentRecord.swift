/// A stored resolver document.
public struct ResolverDocumentRecord: Sendable, Equatable {
  /// The saved input.
  public var input: ResolverDocumentInput
  /// Its revision (1, then one more per change).
  public var revision: Int
}
