import CatalogModel

/// One escaping function per target language and context for token exports (issue 12,
/// point 4: a token's name, `$description` or string value must never end a comment or a
/// string and become code or markup).
///
/// These live in CatalogTokens because CatalogTokens cannot depend on CatalogRender (the
/// renderers depend on tokens through CatalogResolver); CatalogRender has its own functions
/// for the files it generates. Each function names the rule of its target it follows.
public enum TokenExportEscaping {
  /// Characters that end a line for Swift (The Swift Programming Language, Lexical
  /// Structure: line breaks are U+000A, U+000D) or for editors and other tools (U+0085,
  /// U+2028, U+2029), which a one-line comment must not contain.
  static func isLineBreakOrControl(_ s: Unicode.Scalar) -> Bool {
    s.value < 0x20 || s.value == 0x7F || s.value == 0x85 || s.value == 0x2028 || s.value == 0x2029
      || (0x202A...0x202E).contains(s.value) || (0x2066...0x2069).contains(s.value)
  }

  /// Text for a Swift `///` or `//` comment line: line breaks, control characters and
  /// bidirectional controls become spaces, so the comment ends where the line does.
  /// - Parameter text: Any text.
  /// - Returns: One line, safe inside a line comment.
  public static func swiftComment(_ text: String) -> String {
    String(
      String.UnicodeScalarView(text.unicodeScalars.map { isLineBreakOrControl($0) ? " " : $0 }))
  }

  /// A Swift string literal (`"…"`) for any text: `\`, `"` and every control, line break
  /// and bidirectional control escaped (`\n`, `\u{2028}`), so the literal stays on one line
  /// and ends where it should (Swift Lexical Structure, string literals).
  /// - Parameter text: Any text.
  /// - Returns: The literal with its quotes.
  public static func swiftStringLiteral(_ text: String) -> String {
    var out = "\""
    for s in text.unicodeScalars {
      switch s {
      case "\\": out += "\\\\"
      case "\"": out += "\\\""
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if isLineBreakOrControl(s) {
          out += "\\u{\(String(s.value, radix: 16))}"
        } else {
          out.unicodeScalars.append(s)
        }
      }
    }
    return out + "\""
  }

  /// Text for a CSS comment (`/* … */`): `*/` can never appear (`*` followed by `/` gets a
  /// space between), `<` is written as `‹` so a stylesheet inlined in HTML cannot close its
  /// `<style>`, and control characters become spaces (CSS Syntax §4.3.2: a comment ends at
  /// the first `*/`).
  /// - Parameter text: Any text.
  /// - Returns: Safe comment text.
  public static func cssComment(_ text: String) -> String {
    var out = ""
    var previous: Character?
    for c in text {
      var c = c
      if let s = c.unicodeScalars.first, c.unicodeScalars.count == 1, isLineBreakOrControl(s) {
        c = " "
      }
      if c == "<" { c = "‹" }
      if c == "/" && previous == "*" { out += " " }
      out.append(c)
      previous = c
    }
    return out
  }

  /// A CSS string token (`"…"`): `"` and `\` escaped, every control character, line break
  /// and `<` written as a hex escape followed by a space (CSS Syntax §4.3.5 and §2.1
  /// "escaping"), so the string cannot end early, start a new declaration or close a
  /// `<style>` element.
  /// - Parameter text: Any text.
  /// - Returns: The quoted string.
  public static func cssString(_ text: String) -> String {
    var out = "\""
    for s in text.unicodeScalars {
      if s == "\"" || s == "\\" {
        out += "\\"
        out.unicodeScalars.append(s)
      } else if s.value == 0 {
        out += "\\fffd "
      } else if isLineBreakOrControl(s) || s == "<" || s == ">" {
        out += "\\\(String(s.value, radix: 16)) "
      } else {
        out.unicodeScalars.append(s)
      }
    }
    return out + "\""
  }

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
    var out = ""
    for s in text.unicodeScalars {
      switch s {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "-": out += "‐"
      default:
        if isLineBreakOrControl(s) { out += " " } else { out.unicodeScalars.append(s) }
      }
    }
    return out
  }

  /// Text for XML character data or a quoted attribute value (XML 1.0 §2.4, §3.3.3):
  /// `&`, `<`, `>`, `"`, `'` as entities; characters XML 1.0 does not allow removed.
  /// - Parameter text: Any text.
  /// - Returns: Escaped text.
  public static func xmlText(_ text: String) -> String {
    var out = ""
    for s in text.unicodeScalars {
      switch s {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\t", "\n", "\r": out.unicodeScalars.append(s)
      default:
        if s.value < 0x20 || s.value == 0xFFFE || s.value == 0xFFFF { continue }
        out.unicodeScalars.append(s)
      }
    }
    return out
  }

  /// A JavaScript string literal (`"…"`), as JSON writes it with U+2028/2029 and `<`
  /// escaped too (ECMAScript §12.9.4; `</script>` cannot end an inline script).
  /// - Parameter text: Any text.
  /// - Returns: The quoted literal.
  public static func jsString(_ text: String) -> String {
    var out = "\""
    for s in text.unicodeScalars {
      switch s {
      case "\\": out += "\\\\"
      case "\"": out += "\\\""
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "<": out += "\\u003c"
      default:
        if isLineBreakOrControl(s) {
          let hex = String(s.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        } else {
          out.unicodeScalars.append(s)
        }
      }
    }
    return out + "\""
  }
}
