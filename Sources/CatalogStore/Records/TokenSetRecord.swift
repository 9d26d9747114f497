/// A stored token set (a row of `token_set`) and how many tokens it holds.
public struct TokenSetRecord: Sendable, Equatable {
  /// The set's name.
  public var name: String
  /// Its description, or `nil`.
  public var description: String?
  /// Its precedence: when two sets define the same path, the higher one wins.
  public var precedence: Int
  /// The file it was last imported from, or `nil`.
  public var source: String?
  /// How many tokens it holds.
  public var tokenCount: Int

  /// Creates a token set record.
  ///
  /// - Parameters:
  ///   - name: The set's name.
  ///   - description: Its description, or `nil`.
  ///   - precedence: Its precedence.
  ///   - source: The file it came from, or `nil`.
  ///   - tokenCount: How many tokens it holds.
  public init(name: String, description: String?, precedence: Int, source: String?, tokenCount: Int)
  {
    self.name = name
    self.description = description
    self.precedence = precedence
    self.source = source
    self.tokenCount = tokenCount
  }
}
