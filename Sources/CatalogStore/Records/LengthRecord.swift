/// One length written in a definition (a row of `component_length`).
///
/// Exactly one of ``literalPoints``, ``tokenPath`` and ``parameter`` is set, matching
/// ``source``; all three are `nil` for ``LengthSource/default``. The schema checks this.
public struct LengthRecord: Sendable, Equatable {
  /// Where the length is written: `body.children[1].modifiers[0].padding.length`.
  public var jsonPath: String
  /// What it sizes: `padding.bottom`, `spacing`, `frame.width`.
  public var property: String
  /// Where its value comes from.
  public var source: LengthSource
  /// The points written, for ``LengthSource/literal``.
  public var literalPoints: Double?
  /// The token's DTCG path without braces (`space.sm`), for ``LengthSource/token``.
  public var tokenPath: String?
  /// The parameter's name without `$` (`gap`), for ``LengthSource/parameter``.
  public var parameter: String?

  // Same shape as TokenInput.init and SwiftBridgeDiagnostic.init (assigning each parameter), kept
  // because Swift synthesises no public initialiser and CatalogService creates these rows.
  /// Creates a length record; prefer the static factories, which keep the fields consistent.
  ///
  /// - Parameters:
  ///   - jsonPath: Where the length is written in the definition.
  ///   - property: What it sizes.
  ///   - source: Where its value comes from.
  ///   - literalPoints: The points, for a literal.
  ///   - tokenPath: The token path, for a token.
  ///   - parameter: The parameter name, for a parameter.
  public init(
    jsonPath: String, property: String, source: LengthSource, literalPoints: Double? = nil,
    tokenPath: String? = nil, parameter: String? = nil
  ) {
    self.jsonPath = jsonPath
    self.property = property
    self.source = source
    self.literalPoints = literalPoints
    self.tokenPath = tokenPath
    self.parameter = parameter
  }

  /// A length written as a number of points.
  ///
  /// - Parameters:
  ///   - jsonPath: Where the length is written.
  ///   - property: What it sizes.
  ///   - points: The number.
  /// - Returns: The record.
  public static func literal(jsonPath: String, property: String, points: Double) -> LengthRecord {
    LengthRecord(jsonPath: jsonPath, property: property, source: .literal, literalPoints: points)
  }

  /// A length written as a token alias.
  ///
  /// - Parameters:
  ///   - jsonPath: Where the length is written.
  ///   - property: What it sizes.
  ///   - path: The token's path without braces (`space.sm`).
  /// - Returns: The record.
  public static func token(jsonPath: String, property: String, path: String) -> LengthRecord {
    LengthRecord(jsonPath: jsonPath, property: property, source: .token, tokenPath: path)
  }

  /// A length written as a parameter reference.
  ///
  /// - Parameters:
  ///   - jsonPath: Where the length is written.
  ///   - property: What it sizes.
  ///   - name: The parameter's name without `$`.
  /// - Returns: The record.
  public static func parameter(jsonPath: String, property: String, name: String) -> LengthRecord {
    LengthRecord(jsonPath: jsonPath, property: property, source: .parameter, parameter: name)
  }

  /// A length left absent or `null`: the platform default.
  ///
  /// - Parameters:
  ///   - jsonPath: Where the length is (or would be) written.
  ///   - property: What it sizes.
  /// - Returns: The record.
  public static func platformDefault(jsonPath: String, property: String) -> LengthRecord {
    LengthRecord(jsonPath: jsonPath, property: property, source: .default)
  }
}
