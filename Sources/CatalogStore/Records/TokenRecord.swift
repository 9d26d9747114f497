/// A stored token (a row of `token`) with the name of its set.
@dynamicMemberLookup
public struct TokenRecord: Sendable, Equatable {
  /// The name of the token set that holds it.
  public var set: String
  /// The token's fields (path, `$type`, `$value`, resolved value and points, alias, description,
  /// deprecation, extensions), as they would be imported; `path`, `type` and the others
  /// read and write through to it (`record.path` is `record.input.path`).
  public var input: TokenInput
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
    self.input = input
    self.revision = revision
  }

  /// A field of the token, read or written in ``input`` (`path`, `type`, `value`,
  /// `resolvedValue`, `resolvedPoints`, `aliasOf`, `description`, `deprecated`, `extensions`).
  /// - Parameter field: The field's key path in ``TokenInput``.
  /// - Returns: The field's value.
  public subscript<Field>(dynamicMember field: WritableKeyPath<TokenInput, Field>) -> Field {
    get { input[keyPath: field] }
    set { input[keyPath: field] = newValue }
  }
}
