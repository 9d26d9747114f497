/// One saved version of a component (a row of `component_revision`).
public struct RevisionRecord: Sendable, Equatable {
  /// The revision number, counted from 1 and going on across removals.
  public var revision: Int
  /// The definition saved, or `nil` for a removal.
  public var definition: String?
  /// `create`, `update`, `remove` or `revert`.
  public var change: String
  /// When it was saved: ISO-8601 UTC.
  public var savedAt: String

  /// Creates a revision record.
  ///
  /// - Parameters:
  ///   - revision: The revision number.
  ///   - definition: The definition saved, or `nil` for a removal.
  ///   - change: `create`, `update`, `remove` or `revert`.
  ///   - savedAt: When it was saved, ISO-8601 UTC.
  public init(revision: Int, definition: String?, change: String, savedAt: String) {
    self.revision = revision
    self.definition = definition
    self.change = change
    self.savedAt = savedAt
  }
}
