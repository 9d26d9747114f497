import CatalogModel

extension TokenGraph {
  /// Why a math result does not fit its token's `$type`, or nil when it does: the type a
  /// math expression computes must be the token's type (DTCG Format §8: a value that does
  /// not fit an explicit `$type` makes the token invalid). A `number` token (§8.7, a
  /// unitless value) cannot hold a result with a unit (`{space.sm} * 2` is a dimension);
  /// a `dimension` token's unitless result is px, as Tokens Studio writes it, unless it is
  /// a ratio (a dimension divided by a dimension, `{r} / {r}`,
  /// ``TokenMath/Quantity/isRatio``), which is no length in any unit: refused, not made
  /// `1px` or `1rem`. Tokens Studio has no rule of its own to follow here: its docs ("Using
  /// Math in Token Values", docs.tokens.studio/manage-tokens/token-values/math, known
  /// limitations) warn that math on tokens whose values carry units can give unexpected
  /// results and advise unitless tokens, and sd-transforms' `checkAndEvaluateMath`
  /// (`parseAndReduce`, tokens-studio/sd-transforms src/checkAndEvaluateMath.ts) removes
  /// the units, computes and appends the unit again, so `8px / 8px` comes out `1px` there —
  /// the same unit-dropping that makes `4px * 2px` `8px`, which ``TokenMath`` refuses too.
  /// An untyped token takes whatever the expression computes.
  ///
  /// The one rule behind the import's math check, `doctor` and `lint --tokens` (they all
  /// ask the graph), and the exports (a token that does not compute is reported, never
  /// written with the wrong type).
  /// - Parameters:
  ///   - result: The computed quantity.
  ///   - type: The token's `$type`.
  ///   - expression: The expression as written, for the message.
  /// - Returns: The problem, or nil.
  static func mathTypeMismatch(
    _ result: TokenMath.Quantity, type: String?, expression: String
  ) -> String? {
    if type == "dimension", result.unit == nil, result.isRatio {
      return
        "\"\(DiagnosticText.excerpt(expression))\" divides a dimension by a dimension, which computes the plain number \(TokenValue.format(result.value)) (a ratio, no length), but the token's $type is dimension, which needs a unit (DTCG Format §8.2; the computed type must match $type): make it a number token, or multiply the ratio by a dimension"
    }
    guard type == "number", let unit = result.unit else { return nil }
    return
      "the expression computes the dimension \(TokenValue.format(result.value))\(unit), but the token's $type is number, which has no unit (DTCG Format §8.7; the computed type must match $type)"
  }
}
