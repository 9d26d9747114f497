/// One length written in a definition (a row of `component_length`).
///
/// Exactly one of ``literalPoints``, ``tokenPath`` and ``parameter`` is set, matching
/// ``source``; all three are `nil` for ``LengthSource/default``. The schema checks this, and
/// the factories (``literal(jsonPath:property:points:)``, ``token(jsonPath:property:path:)``,
/// ``parameter(jsonPath:property:name:)``, ``platformDefault(jsonPath:property:)``) are the
/// public way to make one.
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

  // The memberwise initialiser is Swift's internal one: outside the store, a record is made
  // with the factories below, which keep the fields consistent (the schema refuses the rest).

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
