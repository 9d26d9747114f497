/// The colours a definition may name: SwiftUI's named colours, hex values, DTCG aliases
/// of colour tokens, or a parameter.
///
/// A colour reaches generated Swift (`Color.red`), SVG (`fill`) and CSS, so anything else
/// is refused when the definition is parsed rather than escaped later (issue 12, point 4).
public enum ColorName {
  /// SwiftUI's `Color` static members (Apple: "Getting standard colors": black, blue,
  /// brown, clear, cyan, gray, green, indigo, mint, orange, pink, purple, red, teal,
  /// white, yellow; the semantic primary, secondary and accentColor), plus `accent`, the
  /// catalog's short name for the accent colour.
  public static let named: [String] = [
    "black", "blue", "brown", "clear", "cyan", "gray", "green", "indigo", "mint", "orange", "pink",
    "purple", "red", "teal", "white", "yellow", "primary", "secondary", "accentColor", "accent",
  ]

  /// Why `text` is not a colour, or nil when it is one: a name from ``named``, a hex value
  /// (`#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`, as CSS Color 4 §5.2 spells them), a DTCG
  /// alias `{color.accent}` (Format §7.4), or `$parameter`.
  ///
  /// - Parameter text: The colour as written.
  /// - Returns: A message naming what is accepted, or nil.
  public static func problem(in text: String) -> String? {
    if named.contains(text) || isHex(text) { return nil }
    if text.hasPrefix("$"), Identifier.isValid(String(text.dropFirst())) { return nil }
    if text.hasPrefix("{"), text.hasSuffix("}"),
      TokenPath.isValid(String(text.dropFirst().dropLast()))
    {
      return nil
    }
    return
      "a colour: one of \(named.joined(separator: ", ")), a hex value like #FF3B30, a token alias like {color.accent} or a $parameter"
  }

  /// Whether `text` is `#` and 3, 4, 6 or 8 hexadecimal digits.
  ///
  /// - Parameter text: The candidate.
  /// - Returns: True for a hex colour.
  public static func isHex(_ text: String) -> Bool {
    guard text.hasPrefix("#") else { return false }
    let digits = text.utf8.dropFirst()
    return [3, 4, 6, 8].contains(digits.count)
      && digits.allSatisfy {
        ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 70) || ($0 >= 97 && $0 <= 102)
      }
  }
}
