/// One saved value of a token (a row of `token_revision`).
public struct TokenRevisionRecord: Sendable, Equatable {
  /// The set the token is in.
  public var set: String
  /// The token path.
  public var path: String
  /// The revision number.
  public var revision: Int
  /// The `$value` as JSON text; nil for a removal.
  public var value: String?
  /// `create`, `update`, `remove` or `revert`.
  public var change: String
  /// When it was saved (ISO-8601 UTC).
  public var savedAt: String

  /// Creates a record.
  /// - Parameters:
  ///   - set: The set.
  ///   - path: The token path.
  ///   - revision: The revision.
  ///   - value: The value as JSON text, nil for a removal.
  ///   - change: The kind of change.
  ///   - savedAt: The timestamp.
  public init(
    set: String, path: String, revision: Int, value: String?, change: String, savedAt: String
  ) {
    self.set = set
    self.path = path
    self.revision = revision
    self.value = value
    self.change = change
    self.savedAt = savedAt
  }
}
