import CatalogModel

/// One token a definition names, of any type (a row of `component_token`, migration 0006).
public struct TokenUseRecord: Sendable, Equatable {
  /// Where the reference is written: `body.strokeBorder`.
  public var jsonPath: String
  /// What it gives a value to: `strokeBorder`, `padding.bottom`.
  public var property: String
  /// The stored path of the token (`{group.$root}` is stored as `group`).
  public var tokenPath: String
  /// The kind of value (`length`, `border`, `shadow`, `color`).
  public var kind: TokenUseKind

  /// Creates a record.
  /// - Parameters:
  ///   - jsonPath: Where the reference is written.
  ///   - property: What it gives a value to.
  ///   - tokenPath: The stored token path.
  ///   - kind: The kind of value.
  public init(jsonPath: String, property: String, tokenPath: String, kind: TokenUseKind) {
    self.jsonPath = jsonPath
    self.property = property
    self.tokenPath = tokenPath
    self.kind = kind
  }

  /// The rows of a definition: one per token it names
  /// (``ComponentDefinition/tokenUses(components:)``), under the token's stored path. The
  /// one mapping every save (`RecordMapping`) and migrations 0006 and 0007 use.
  /// - Parameters:
  ///   - definition: A parsed definition.
  ///   - components: The other components by name (for its instances' arguments).
  /// - Returns: The rows, in ``ComponentDefinition/tokenUses(components:)`` order.
  public static func records(
    of definition: ComponentDefinition, components: (String) -> ComponentDefinition?
  ) -> [TokenUseRecord] {
    definition.tokenUses(components: components).map {
      TokenUseRecord(
        jsonPath: $0.path, property: $0.property, tokenPath: $0.storedToken, kind: $0.kind)
    }
  }
}
