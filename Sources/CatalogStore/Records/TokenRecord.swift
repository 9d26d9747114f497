/// A stored token (a row of `token`) with the name of its set.
public struct TokenRecord: Sendable, Equatable {
  /// The name of the token set that holds it.
  public var set: String
  /// The DTCG dotted path.
  public var path: String
  /// The resolved `$type`, or `nil`.
  public var type: String?
  /// The `$value` as written, JSON text.
  public var value: String
  /// The resolved value, JSON text, or `nil`.
  public var resolvedValue: String?
  /// The value in points, or `nil`.
  public var resolvedPoints: Double?
  /// The first alias hop, or `nil`.
  public var aliasOf: String?
  /// The `$description`, or `nil`.
  public var description: String?
  /// The `$deprecated` value as JSON text, or `nil`.
  public var deprecated: String?
  /// The `$extensions` object as JSON text, or `nil`.
  public var extensions: String?
  /// The token's revision in its set (1 or more).
  public var revision: Int

  /// Creates a token record from its fields.
  ///
  /// - Parameters:
  ///   - set: The token set's name.
  ///   - path: The DTCG dotted path.
  ///   - type: The resolved `$type`, or `nil`.
  ///   - value: The `$value` as written, JSON text.
  ///   - resolvedValue: The resolved value, JSON text, or `nil`.
  ///   - resolvedPoints: The value in points, or `nil`.
  ///   - aliasOf: The first alias hop, or `nil`.
  ///   - description: The `$description`, or `nil`.
  ///   - deprecated: The `$deprecated` value as JSON text, or `nil`.
  ///   - extensions: The `$extensions` object as JSON text, or `nil`.
  ///   - revision: Its revision.
  public init(
    set: String, path: String, type: String? = nil, value: String, resolvedValue: String? = nil,
    resolvedPoints: Double? = nil, aliasOf: String? = nil, description: String? = nil,
    deprecated: String? = nil, extensions: String? = nil, revision: Int
  ) {
    self.init(
      set: set,
      input: TokenInput(
        path: path, type: type, value: value, resolvedValue: resolvedValue,
        resolvedPoints: resolvedPoints, aliasOf: aliasOf, description: description,
        deprecated: deprecated, extensions: extensions),
      revision: revision)
  }

  /// Creates a token record from an input.
  ///
  /// - Parameters:
  ///   - set: The token set's name.
  ///   - input: The token's fields.
  ///   - revision: Its revision.
  public init(set: String, input: TokenInput, revision: Int) {
    self.set = set
    self.path = input.path
    self.type = input.type
    self.value = input.value
    self.resolvedValue = input.resolvedValue
    self.resolvedPoints = input.resolvedPoints
    self.aliasOf = input.aliasOf
    self.description = input.description
    self.deprecated = input.deprecated
    self.extensions = input.extensions
    self.revision = revision
  }

  /// The token's fields without set and revision, as they would be imported.
  public var input: TokenInput {
    TokenInput(
      path: path, type: type, value: value, resolvedValue: resolvedValue,
      resolvedPoints: resolvedPoints, aliasOf: aliasOf, description: description,
      deprecated: deprecated, extensions: extensions)
  }
}
