import CatalogModel

/// One use of a token by a component, of any type (a row of the `token_usage` view).
public struct TokenUsageRecord: Sendable, Equatable {
  /// The component.
  public var component: String
  /// The token path (`space.sm`).
  public var tokenPath: String
  /// Where in the definition (`body.children[0].modifiers[0].padding.length`).
  public var jsonPath: String
  /// What the token gives a value to (`padding.bottom`, `strokeBorder`).
  public var property: String
  /// The winning token's set, nil when no set defines the token.
  public var tokenSet: String?
  /// The resolved points, nil when unknown or when the token has none (a border, a
  /// shadow, a colour).
  public var resolvedPoints: Double?
  /// The kind of value the use takes (a length, a border, a shadow, a colour).
  public var kind: TokenUseKind
  /// The winning token's `$type`, nil when no set defines it or it is untyped.
  public var tokenType: String?

  /// Creates a record.
  /// - Parameters:
  ///   - component: The component.
  ///   - tokenPath: The token.
  ///   - jsonPath: The JSON path.
  ///   - property: The property.
  ///   - tokenSet: The set.
  ///   - resolvedPoints: Points.
  ///   - kind: The kind of value the use takes.
  ///   - tokenType: The winning token's type.
  public init(
    component: String, tokenPath: String, jsonPath: String, property: String, tokenSet: String?,
    resolvedPoints: Double?, kind: TokenUseKind = .length, tokenType: String? = nil
  ) {
    self.component = component
    self.tokenPath = tokenPath
    self.jsonPath = jsonPath
    self.property = property
    self.tokenSet = tokenSet
    self.resolvedPoints = resolvedPoints
    self.kind = kind
    self.tokenType = tokenType
  }
}
