import CatalogModel
import CatalogResolver
import CatalogTokens

/// How the site shows a token's value to a designer: units and points instead of raw JSON.
///
/// Rules (DTCG Format 2025.10 §8 and §9 for the value shapes):
/// - a dimension (§8.2, `{"value": 4, "unit": "px"}`) reads `4 px = 4 pt` (px are points
///   1:1, rem are `remBase` points, as the layout reads them);
/// - a duration (§8.5) reads `200 ms`; a number reads as itself;
/// - a colour (§8.1) reads its `hex` (or `srgb(0.78, 0.78, 0.8)`), with ` · 12 % opacity`
///   when `alpha` is below 1;
/// - an alias (§7.1.1, `"{base.size.8}"`) reads `→ base.size.8 (8 px = 8 pt)`: the target
///   and what it resolves to;
/// - a composite (§9: shadow, border, typography, transition, gradient, strokeStyle) reads
///   its members in order, `offsetY 2 px = 2 pt · blur 8 px = 8 pt`, each member by the
///   rules above; an array (several shadows, a gradient, a font stack) joins its items.
/// Nesting is followed at most ``maximumDepth`` levels (deeper values are written compactly).
public enum TokenValueText {
  /// How deep composites and arrays are spelled out; deeper values are compact JSON.
  public static let maximumDepth = 6

  /// The readable form of a token's `$value`.
  ///
  /// - Parameters:
  ///   - value: The value as written (aliases allowed).
  ///   - resolver: Follows aliases (for `→ target (value)`) and gives the rem base.
  /// - Returns: One line of plain text (not escaped).
  public static func text(_ value: JSONValue, resolver: TokenResolver) -> String {
    text(value, resolver: resolver, depth: 0)
  }

  private static func text(_ value: JSONValue, resolver: TokenResolver, depth: Int) -> String {
    guard depth < maximumDepth else { return JSONWriter.compact(value) }
    if let target = TokenAlias.target(of: value) {
      guard let resolved = try? resolver.resolve(target) else {
        return "→ \(target) (unresolved)"
      }
      return "→ \(target) (\(text(resolved.value, resolver: resolver, depth: depth + 1)))"
    }
    switch value {
    case .string(let s): return s
    case .number(let n): return formatPoints(n.value)
    case .bool(let b): return b ? "true" : "false"
    case .null: return "null"
    case .array(let items):
      return items.map { text($0, resolver: resolver, depth: depth + 1) }.joined(
        separator: items.contains { $0.objectValue != nil } ? " ; " : ", ")
    case .object(let object):
      if let dimension = dimension(object, remBase: resolver.remBase) { return dimension }
      if let color = color(object) { return color }
      return object.members.map {
        "\($0.key) \(text($0.value, resolver: resolver, depth: depth + 1))"
      }
      .joined(separator: " · ")
    }
  }

  /// `4 px = 4 pt`, `2 rem = 32 pt`, `200 ms` for a `{value, unit}` object, else nil.
  static func dimension(_ object: JSONObject, remBase: Double) -> String? {
    guard object.members.count == 2, let n = object["value"]?.numberValue,
      let unit = object["unit"]?.stringValue
    else { return nil }
    switch unit {
    case "px": return "\(formatPoints(n)) px = \(formatPoints(n)) pt"
    case "rem": return "\(formatPoints(n)) rem = \(formatPoints(n * remBase)) pt"
    default: return "\(formatPoints(n)) \(unit)"
    }
  }

  /// `#c7c7cc`, `srgb(0.78, 0.78, 0.8) · 12 % opacity` for a DTCG colour object, else nil.
  static func color(_ object: JSONObject) -> String? {
    guard let space = object["colorSpace"]?.stringValue,
      let components = object["components"]?.arrayValue
    else { return nil }
    var out =
      object["hex"]?.stringValue
      ?? "\(space)(\(components.map { $0.numberValue.map(formatPoints) ?? JSONWriter.compact($0) }.joined(separator: ", ")))"
    if let alpha = object["alpha"]?.numberValue, alpha < 1 {
      out += " · \(formatPoints((alpha * 1000).rounded() / 10)) % opacity"
    }
    return out
  }

  /// The CSS colour a swatch shows for a colour value (resolved through aliases), or nil
  /// when the value is not a colour. Only `#rrggbb` hex strings and sRGB components are
  /// used, so nothing from the token reaches the page's CSS unchecked.
  ///
  /// - Parameters:
  ///   - value: The value as written.
  ///   - resolver: Follows an alias to its colour.
  /// - Returns: `#rrggbb` or `rgb(…)` with an optional alpha, safe inside a style attribute.
  public static func swatch(_ value: JSONValue, resolver: TokenResolver) -> String? {
    var value = value
    if let target = TokenAlias.target(of: value) {
      guard let resolved = try? resolver.resolve(target) else { return nil }
      value = resolved.value
    }
    guard let object = value.objectValue, object["colorSpace"] != nil else { return nil }
    let alpha = object["alpha"]?.numberValue.map { min(max($0, 0), 1) } ?? 1
    if let hex = object["hex"]?.stringValue, hex.count == 7, hex.first == "#",
      hex.dropFirst().allSatisfy(\.isHexDigit)
    {
      return alpha < 1 ? "\(hex)\(format2(Int((alpha * 255).rounded())))" : hex
    }
    guard object["colorSpace"]?.stringValue == "srgb",
      let c = object["components"]?.arrayValue?.compactMap(\.numberValue), c.count == 3
    else { return nil }
    let bytes = c.map { Int((min(max($0, 0), 1) * 255).rounded()) }
    return "rgb(\(bytes[0]) \(bytes[1]) \(bytes[2]) / \(formatPoints(alpha)))"
  }

  private static func format2(_ n: Int) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[(n / 16) % 16], digits[n % 16]])
  }

  /// Whether `$deprecated` marks a token as deprecated (DTCG Format §5.2.4: `true` or an
  /// explanation string; `false` un-deprecates).
  ///
  /// - Parameter deprecated: The token's `$deprecated`, if any.
  /// - Returns: True for `true` or any string.
  public static func isDeprecated(_ deprecated: JSONValue?) -> Bool {
    switch deprecated {
    case .bool(true)?, .string?: return true
    default: return false
    }
  }
}
