/// The escaping functions only token exports need (font families in CSS, XML comments in
/// Android resources); the rest are shared with the renderers in `Escaping.swift`.
extension Escaping {
  /// The CSS generic font families (CSS Fonts 4 §4.2.1), written bare.
  public static let cssGenericFamilies: Set<String> = [
    "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-serif",
    "ui-sans-serif",
    "ui-monospace", "ui-rounded", "math", "emoji", "fangsong",
  ]

  /// One font family name for CSS `font-family` (CSS Fonts 4 §4.2): a generic family
  /// stays bare; a name that is a sequence of CSS identifiers (`Helvetica Neue`) may be
  /// bare but is quoted too unless it is one identifier, since a bare sequence must not
  /// start with a digit or hold CSS-wide keywords; anything else (`72`, `Exo 2`,
  /// `Inter;}body{…}`) is a CSS string.
  /// - Parameter family: A family name.
  /// - Returns: CSS text.
  public static func cssFontFamily(_ family: String) -> String {
    if cssGenericFamilies.contains(family) { return family }
    if isCSSIdentifier(family),
      !["inherit", "initial", "unset", "revert", "revert-layer", "default"].contains(
        family.lowercased()),
      !cssGenericFamilies.contains(family.lowercased())
    {
      return family
    }
    return cssString(family)
  }

  /// Whether a name is one plain CSS identifier (ASCII letters, digits, `-`, `_`; not
  /// starting with a digit or `-digit`; CSS Syntax §4.3.10).
  static func isCSSIdentifier(_ s: String) -> Bool {
    let u = Array(s.unicodeScalars)
    guard let first = u.first else { return false }
    func isStart(_ c: Unicode.Scalar) -> Bool {
      ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_"
    }
    func isBody(_ c: Unicode.Scalar) -> Bool { isStart(c) || ("0"..."9").contains(c) || c == "-" }
    if first == "-" {
      guard u.count > 1, isStart(u[1]) || u[1] == "-" else { return false }
    } else if !isStart(first) {
      return false
    }
    return u.allSatisfy(isBody)
  }

  /// Text for an XML comment (`<!-- … -->`): `&`, `<`, `>` escaped, `-` replaced by `‐`
  /// (XML 1.0 §2.5: `--` must not occur in a comment) and characters XML 1.0 does not allow
  /// (§2.2: controls other than tab, line feed, carriage return) removed.
  /// - Parameter text: Any text.
  /// - Returns: Safe comment text.
  public static func xmlComment(_ text: String) -> String {
    replacingScalars(text) { s in
      switch s {
      case "&": return "&amp;"
      case "<": return "&lt;"
      case ">": return "&gt;"
      case "-": return "‐"
      default: return isControlOrInvisible(s) ? " " : nil
      }
    }
  }
}
