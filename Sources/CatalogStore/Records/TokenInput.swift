/// One DTCG token as ``CatalogStore/importTokens(_:intoSet:source:description:)`` writes it.
///
/// The caller parses and resolves the token file; the store keeps what it is given.
public struct TokenInput: Sendable, Equatable {
  /// The DTCG path: group and token names joined by dots (`space.sm`).
  public var path: String
  /// The `$type`, as resolved (inherited from a group or an alias), or `nil`.
  public var type: String?
  /// The `$value` exactly as written, as JSON text (`8`, `"{base.size.8}"`,
  /// `{"value": 8, "unit": "px"}`).
  public var value: String
  /// The value with aliases followed to the end, as JSON text, or `nil`.
  public var resolvedValue: String?
  /// For a dimension or number: the value in points (px 1:1, rem × 16), or `nil`.
  public var resolvedPoints: Double?
  /// The first alias hop without braces (`base.size.8`), or `nil` for a literal value.
  public var aliasOf: String?
  /// The `$description`, or `nil`.
  public var description: String?
  /// The `$deprecated` value as JSON text (`true` or `"use space.md"`), or `nil`.
  public var deprecated: String?
  /// The `$extensions` object as JSON text, or `nil`.
  public var extensions: String?

  /// Creates a token input.
  ///
  /// - Parameters:
  ///   - path: The DTCG dotted path.
  ///   - type: The resolved `$type`, or `nil`.
  ///   - value: The `$value` as written, JSON text.
  ///   - resolvedValue: The resolved value, JSON text, or `nil`.
  ///   - resolvedPoints: The value in points, or `nil`.
  ///   - aliasOf: The first alias hop, or `nil`.
  ///   - description: The `$description`, or `nil`.
  ///   - deprecated: The `$deprecated` value as JSON text, or `nil`.
  ///   - extensions: The `$extensions` object as JSON text, or `nil`.
  public init(
    path: String, type: String? = nil, value: String, resolvedValue: String? = nil,
    resolvedPoints: Double? = nil, aliasOf: String? = nil, description: String? = nil,
    deprecated: String? = nil, extensions: String? = nil
  ) {
    self.path = path
    self.type = type
    self.value = value
    self.resolvedValue = resolvedValue
    self.resolvedPoints = resolvedPoints
    self.aliasOf = aliasOf
    self.description = description
    self.deprecated = deprecated
    self.extensions = extensions
  }
}

extension TokenInput {
  /// Whether `other` is the same token as written: the same path, `$type`, `$value`, first
  /// alias hop, `$description`, `$deprecated` and `$extensions`. The resolved value and
  /// points are derived from the other tokens (an overridden set's alias resolves to the
  /// winning set's value), so they do not count: the one rule of what "changed" means for
  /// an import, `tokens set` and `edit --tokens`, and of when a revision is written.
  /// - Parameter other: The token to compare with.
  /// - Returns: True when nothing written differs.
  public func isSameAsWritten(_ other: TokenInput) -> Bool {
    path == other.path && type == other.type && value == other.value && aliasOf == other.aliasOf
      && description == other.description && deprecated == other.deprecated
      && extensions == other.extensions
  }
}
