/// One saved revision of a resolver document (`resolver_document_revision`).
public struct ResolverRevisionRecord: Sendable, Equatable {
  /// The revision number (1, then one more per save or removal).
  public var revision: Int
  /// The document's JSON text as saved; nil for a removal.
  public var document: String?
  /// The file it was imported from, as recorded.
  public var source: String?
  /// `create`, `update`, `remove` or `revert`.
  public var change: String
  /// When it was saved (UTC, ISO 8601).
  public var savedAt: String
}
