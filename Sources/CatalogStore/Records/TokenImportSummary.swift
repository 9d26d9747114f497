/// What one ``CatalogStore/importTokens(_:intoSet:source:description:)`` did.
public struct TokenImportSummary: Sendable, Equatable {
  /// The token set imported into.
  public var set: String
  /// Tokens that were new to the set.
  public var added: Int
  /// Tokens whose stored fields changed (each got a new revision).
  public var changed: Int
  /// Tokens that were already stored exactly so.
  public var unchanged: Int
}
