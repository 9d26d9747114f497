/// One use of a token by a component's length (a row of the `token_usage` view).
public struct TokenUsageRecord: Sendable, Equatable {
  /// The component.
  public var component: String
  /// The token path (`space.sm`).
  public var tokenPath: String
  /// Where in the definition (`body.children[0].modifiers[0].padding.length`).
  public var jsonPath: String
  /// What the length sizes (`padding.bottom`).
  public var property: String
  /// The winning token's set, nil when no set defines the token.
  public var tokenSet: String?
  /// The resolved points, nil when unknown.
  public var resolvedPoints: Double?

  /// Creates a record.
  /// - Parameters:
  ///   - component: The component.
  ///   - tokenPath: The token.
  ///   - jsonPath: The JSON path.
  ///   - property: The property.
  ///   - tokenSet: The set.
  ///   - resolvedPoints: Points.
  public init(
    component: String, tokenPath: String, jsonPath: String, property: String, tokenSet: String?,
    resolvedPoints: Double?
  ) {
    self.component = component
    self.tokenPath = tokenPath
    self.jsonPath = jsonPath
    self.property = property
    self.tokenSet = tokenSet
    self.resolvedPoints = resolvedPoints
  }
}
