import CatalogResolver

/// How the drawn outputs (`svg`, the site) name a resolved length in a redline label.
///
/// Rule: the token a length came from wins (`space.sm · 8`, the first alias in its
/// provenance, which is the one the definition wrote); else the parameter (`$gap · 8`); else
/// the platform default (`default · 16`); else the bare number of points (`8`, a
/// hard-coded literal). Points are formatted by `formatPoints` (up to three decimals).
public enum LengthLabel {
  /// The label for a length whose value is `points`.
  ///
  /// - Parameters:
  ///   - length: The resolved length with its provenance, or nil when unknown.
  ///   - points: The value to show, in points (for stack spacing left to the platform,
  ///     the gap actually laid out).
  /// - Returns: `space.sm · 8`, `$gap · 8`, `default · 16` or `8`.
  public static func text(_ length: ResolvedLength?, points: Double) -> String {
    let value = formatPoints(points)
    guard let length else { return value }
    if let token = length.provenance.first(where: { $0.hasPrefix("{") && $0.hasSuffix("}") }) {
      return "\(token.dropFirst().dropLast()) · \(value)"
    }
    if let parameter = length.provenance.first(where: { $0.hasPrefix("$") && !$0.contains(" ") }) {
      if length.provenance.contains(where: { $0.hasPrefix("platform default") }) {
        return "\(parameter) default · \(value)"
      }
      return "\(parameter) · \(value)"
    }
    if length.provenance.contains(where: { $0.hasPrefix("platform default") }) {
      return "default · \(value)"
    }
    return value
  }
}
