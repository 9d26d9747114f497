import CatalogModel

extension TokenGraph {
  /// Why a math result does not fit its token's `$type`, or nil when it does: the type a
  /// math expression computes must be the token's type (DTCG Format §8: a value that does
  /// not fit an explicit `$type` makes the token invalid). A `number` token (§8.7, a
  /// unitless value) cannot hold a result with a unit (`{space.sm} * 2` is a dimension);
  /// a `dimension` token's unitless result is px, as Tokens Studio writes it, and an
  /// untyped token takes whatever the expression computes.
  ///
  /// The one rule behind the import's math check, `doctor` and `lint --tokens` (they all
  /// ask the graph), and the exports (a token that does not compute is reported, never
  /// written with the wrong type).
  /// - Parameters:
  ///   - result: The computed quantity.
  ///   - type: The token's `$type`.
  /// - Returns: The problem, or nil.
  static func mathTypeMismatch(_ result: TokenMath.Quantity, type: String?) -> String? {
    guard type == "number", let unit = result.unit else { return nil }
    return
      "the expression computes the dimension \(TokenValue.format(result.value))\(unit), but the token's $type is number, which has no unit (DTCG Format §8.7; the computed type must match $type)"
  }
}
