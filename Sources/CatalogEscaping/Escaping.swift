/// One escaping function per target language and context: every string a generated file
/// carries goes through the one for where it lands (issue 12, point 4).
///
/// Each function's result can only end where the surrounding syntax ends it: a string
/// literal cannot be closed early, a comment cannot be ended early or run onto a new
/// line, text cannot open a tag. Characters that would confuse a reader rather than a
/// parser (bidirectional controls, "Trojan Source", CVE-2021-42574) are escaped or
/// replaced too. The token exporters use them as well.
///
/// A module of its own, with no dependencies, so that the renderers (CatalogRender) and the
/// token exporters (CatalogTokens) share one function per context.
public enum Escaping {
  /// Swift's reserved words (The Swift Programming Language, Lexical Structure, Keywords and
  /// Punctuation) and `body`, which a generated member name must not be: such a name is
  /// written in backticks.
  public static let swiftKeywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout",
    "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static",
    "struct",
    "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else",
    "fallthrough",
    "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as", "Any",
    "catch", "false",
    "is", "nil", "super", "self", "Self", "throw", "throws", "true", "try", "body", "some", "any",
  ]

  /// The words Swift needs backticks for as a member name: its reserved keywords (The Swift
  /// Programming Language, Lexical Structure, "Keywords and Punctuation"), without the
  /// contextual ones a declaration accepts bare (`async`, `await`, `open`, `some`, `any`,
  /// `body`…, checked with `swiftc -typecheck`), so no name gets backticks it does not need.
  public static let swiftReservedWords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout", "internal", "let", "operator", "private", "precedencegroup", "protocol",
    "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case",
    "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
    "in", "repeat", "return", "switch", "throw", "where", "while", "Any", "as", "false", "is",
    "nil", "self", "Self", "super", "throws", "true", "try",
  ]

  // MARK: - Swift

  /// A Swift string literal with its quotes: `"a\"b"`.
  ///
  /// Escapes `\` and `"`, writes `\n`, `\r`, `\t` and `\0`, and every other control
  /// character, line or paragraph separator and bidirectional control as `\u{…}`
  /// (The Swift Programming Language, "Special Characters in String Literals").
  ///
  /// - Parameter text: Any text.
  /// - Returns: A literal whose value is `text`.
  public static func swiftStringLiteral(_ text: String) -> String {
    let body = replacingScalars(text) { scalar in
      switch scalar {
      case "\\": return "\\\\"
      case "\"": return "\\\""
      case "\n": return "\\n"
      case "\r": return "\\r"
      case "\t": return "\\t"
      case "\0": return "\\0"
      default:
        return isControlOrInvisible(scalar)
          ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : nil
      }
    }
    return "\"" + body + "\""
  }

  /// The walk every escaper here shares: each scalar of `text` becomes what `replacement`
  /// returns for it, or stays itself when it returns nil. Each escaper's own cases are the
  /// rule of its language; this is only the loop.
  /// - Parameters:
  ///   - text: Any text.
  ///   - replacement: The text for a scalar, or nil to keep it.
  /// - Returns: The escaped text.
  static func replacingScalars(_ text: String, _ replacement: (Unicode.Scalar) -> String?)
    -> String
  {
    var out = ""
    for scalar in text.unicodeScalars {
      if let r = replacement(scalar) { out += r } else { out.unicodeScalars.append(scalar) }
    }
    return out
  }

  /// Text for a Swift line or documentation comment (`// …`, `/// …`), on one line.
  ///
  /// Line breaks (`\n`, `\r`, U+0085, U+2028, U+2029) become spaces, so the text cannot
  /// end the comment and become code; other control characters and bidirectional
  /// controls are dropped; `/*` and `*/` get a space between their characters, so the
  /// text can also sit inside a `/* … */` block comment (Swift block comments nest, so
  /// `/*` matters as much as `*/`).
  ///
  /// - Parameter text: Any text.
  /// - Returns: The text, safe inside `//`, `///` and `/* */`.
  public static func swiftComment(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x0A, 0x0D, 0x85, 0x2028, 0x2029, 0x0B, 0x0C: out.append(" ")
      default:
        if isControlOrInvisible(scalar) && scalar != "\t" { continue }
        if scalar == "/", out.last == "*" { out.append(" ") }
        if scalar == "*", out.last == "/" { out.append(" ") }
        out.append(scalar)
      }
    }
    return String(out)
  }

  /// A Swift identifier for a name: the name itself when it is one, in backticks when it
  /// is a keyword, otherwise with every character that may not appear in an identifier
  /// replaced by `_` (and `_` in front of a leading digit).
  ///
  /// - Parameter name: A component, parameter, slot or token member name.
  /// - Returns: A valid identifier.
  public static func swiftIdentifier(_ name: String) -> String {
    var out = ""
    for (i, scalar) in name.unicodeScalars.enumerated() {
      let ascii = scalar.isASCII
      let letter =
        scalar == "_" || (ascii && scalar.properties.isAlphabetic)
        || (!ascii && scalar.properties.isXIDContinue && !isControlOrInvisible(scalar))
      let digit = ascii && ("0"..."9").contains(scalar)
      // The first character must be able to start an identifier (Unicode XID_Start).
      if i == 0 && (digit || (letter && !ascii && !scalar.properties.isXIDStart)) { out += "_" }
      out.unicodeScalars.append(letter || digit ? scalar : "_")
    }
    if out.isEmpty { return "_" }
    return swiftKeywords.contains(out) ? "`\(out)`" : out
  }

  // MARK: - CSS

  /// A CSS string with its double quotes: `"Inter"`.
  ///
  /// `"` and `\` are escaped with a backslash; control characters, `<`, `>` and `&`
  /// (which could end a `<style>` element: `</style>`) are written as hex escapes with a
  /// trailing space (CSS Syntax Level 3 §4.3.7).
  ///
  /// - Parameter text: Any text.
  /// - Returns: A CSS string token whose value is `text`.
  public static func cssString(_ text: String) -> String {
    let body = replacingScalars(text) { scalar in
      switch scalar {
      case "\"": return "\\\""
      case "\\": return "\\\\"
      case "<", ">", "&": return "\\\(String(scalar.value, radix: 16)) "
      default:
        if scalar.value == 0 { return "\\FFFD " }
        return isControlOrInvisible(scalar) ? "\\\(String(scalar.value, radix: 16)) " : nil
      }
    }
    return "\"" + body + "\""
  }

  /// Text for a CSS comment (`/* … */`): `*/` cannot end it and `<` cannot start
  /// `</style>` (each gets a space after it); control characters become spaces.
  ///
  /// - Parameter text: Any text.
  /// - Returns: The text, safe between `/*` and `*/`.
  public static func cssComment(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if isControlOrInvisible(scalar) {
        out.append(" ")
        continue
      }
      if scalar == "/", out.last == "*" { out.append(" ") }
      out.append(scalar)
      if scalar == "<" { out.append(" ") }
    }
    return String(out)
  }

  // MARK: - XML and HTML

  /// Text content of an XML (SVG) or HTML element: `&`, `<` and `>` as entities, and the
  /// characters XML 1.0 does not allow at all (C0 controls other than tab, newline and
  /// carriage return; U+FFFE, U+FFFF) replaced by U+FFFD (XML 1.0 §2.2 "Char"); C1
  /// controls, bidirectional controls and zero-width characters too, except the zero width
  /// joiner and non-joiner, which are part of the text (emoji sequences, joined letters).
  ///
  /// - Parameter text: Any text.
  /// - Returns: Well-formed character data.
  public static func xmlText(_ text: String) -> String {
    xml(text, attribute: false)
  }

  /// An XML or HTML attribute value, for double or single quotes: as ``xmlText(_:)``, and
  /// `"`, `'`, tab, newline and carriage return as character references (which survive
  /// attribute-value normalisation, XML 1.0 §3.3.3).
  ///
  /// - Parameter text: Any text.
  /// - Returns: The value without its quotes.
  public static func xmlAttribute(_ text: String) -> String {
    xml(text, attribute: true)
  }

  private static func xml(_ text: String, attribute: Bool) -> String {
    // Most text (labels, names, numbers) needs no escape: returned as it is after one pass
    // over its scalars, instead of being rebuilt scalar by scalar (about a tenth of `catalog
    // site`'s instructions went to rebuilding unchanged labels; issue 17, point 5).
    if isPlainXMLText(text) { return text }
    return replacingScalars(text) { scalar in
      switch scalar {
      case "&": return "&amp;"
      case "<": return "&lt;"
      case ">": return "&gt;"
      case "\"" where attribute: return "&quot;"
      case "'" where attribute: return "&#39;"
      case "\t" where attribute: return "&#9;"
      case "\n" where attribute: return "&#10;"
      case "\r" where attribute: return "&#13;"
      case "\t", "\n", "\r": return nil
      default:
        return isReplacedInXML(scalar) ? "\u{FFFD}" : nil
      }
    }
  }

  /// Whether neither XML escape changes any scalar of `text`: no `&`, `<`, `>`, `"`, `'`,
  /// no scalar XML text replaces (``isReplacedInXML(_:)``).
  private static func isPlainXMLText(_ text: String) -> Bool {
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value < 0x80 {
        if value < 0x20 || value == 0x7F || value == 0x26 || value == 0x3C || value == 0x3E
          || value == 0x22 || value == 0x27
        {
          return false
        }
      } else if isReplacedInXML(scalar) {
        return false
      }
    }
    return true
  }

  /// Whether XML text replaces `scalar` by U+FFFD: a control or invisible character
  /// (``isControlOrInvisible(_:)``) or U+FFFE/U+FFFF, except the two join controls. The zero
  /// width joiner (U+200D) and non-joiner (U+200C) are part of the text itself: they join
  /// an emoji sequence (`👩‍👩‍👧`, Unicode TR #51 §2.3) or choose a letter's joined form
  /// in Arabic and Indic scripts (Unicode §23.2), and are allowed in XML 1.0 §2.2.
  private static func isReplacedInXML(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.properties.isJoinControl { return false }
    return isControlOrInvisible(scalar) || scalar.value == 0xFFFE || scalar.value == 0xFFFF
  }

  // MARK: - JavaScript

  /// A JavaScript string literal with its double quotes, safe inside an HTML `<script>`:
  /// `\`, `"` and `'` escaped, control characters, U+2028, U+2029 and bidirectional
  /// controls as `\uXXXX`, and `<`, `>`, `&` as `\u003C`… so `</script>` cannot appear
  /// (ECMA-262 §12.9.4; HTML §4.12.1.3).
  ///
  /// - Parameter text: Any text.
  /// - Returns: A string literal whose value is `text`.
  public static func jsString(_ text: String) -> String {
    let body = replacingScalars(text) { scalar in
      switch scalar.value {
      case 0x5C: return "\\\\"
      case 0x22: return "\\\""
      case 0x27: return "\\'"
      case 0x0A: return "\\n"
      case 0x0D: return "\\r"
      case 0x09: return "\\t"
      case 0x3C, 0x3E, 0x26, 0x2028, 0x2029, 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F,
        0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default:
        return nil
      }
    }
    return "\"" + body + "\""
  }

  // MARK: - Terminal

  /// Text for a terminal (standard output or error), the one escaping function for
  /// everything the CLI prints: control characters (C0, DEL, C1: ESC would start an escape
  /// sequence), line and paragraph separators, bidirectional controls and invisible
  /// characters (U+200B…, U+00AD, U+FEFF) become visible as `\u{200B}`, so a name shows as
  /// what it holds and cannot rewrite the screen or look like another (Unicode TR #36 §2,
  /// UTS #55). Tab is kept. A line feed is kept only with `keepingLineBreaks` (for
  /// multi-line output); otherwise it and a carriage return are written `\n` and `\r`, so a
  /// name quoted in a one-line message stays on that line.
  ///
  /// - Parameters:
  ///   - text: Any text.
  ///   - keepingLineBreaks: Keep line feeds as they are (whole output) rather than escape
  ///     them (a name or value quoted in a message).
  /// - Returns: The text, safe to print.
  public static func terminal(_ text: String, keepingLineBreaks: Bool = false) -> String {
    func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
      switch scalar {
      case "\t": return false
      case "\n": return !keepingLineBreaks
      default: return isControlOrInvisible(scalar) || scalar.value == 0x00AD
      }
    }
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    return replacingScalars(text) { scalar in
      guard needsEscape(scalar) else { return nil }
      switch scalar {
      case "\n": return "\\n"
      case "\r": return "\\r"
      default: return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      }
    }
  }

  // MARK: - Request targets

  /// The bytes of an HTTP request's path, query or name as `catalog serve` shows them in a
  /// log line or an error message: printable ASCII other than `%` stays; every other byte
  /// (control characters, space, DEL, `%` itself, every byte of a non-ASCII character and
  /// bytes that are not UTF-8) is written `%XX` (RFC 3986 §2.1). So a request cannot write a
  /// line break or a terminal escape into the log, and what is shown decodes back to
  /// exactly the bytes the server saw.
  ///
  /// - Parameter bytes: The decoded bytes.
  /// - Returns: Printable ASCII text.
  public static func requestText(_ bytes: some Sequence<UInt8>) -> String {
    var out = ""
    for byte in bytes {
      if byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "%") {
        out.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
      }
    }
    return out
  }

  // MARK: - Shell

  /// `text` as one POSIX shell word, for a command a message suggests (`catalog --db
  /// 'my catalog.db' doctor`): letters, marks, numbers and `/._-+=:@,` stay bare; anything
  /// else is single-quoted, with `'` written `'\''` (POSIX Shell Command Language §2.2.2).
  ///
  /// - Parameter text: A path or other argument.
  /// - Returns: The word.
  public static func shellWord(_ text: String) -> String {
    let safe = text.unicodeScalars.allSatisfy { scalar in
      switch scalar.properties.generalCategory {
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
        .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
        return true
      default: return "/._-+=:@,".unicodeScalars.contains(scalar)
      }
    }
    return safe && !text.isEmpty ? text : "'" + text.replacing("'", with: "'\\''") + "'"
  }

  // MARK: - Shared

  /// Control characters (C0, DEL, C1), line and paragraph separators, bidirectional
  /// controls and zero-width characters: what must never reach a generated file raw.
  static func isControlOrInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x2028, 0x2029: return true
    case 0x061C, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF:
      return true
    default: return false
    }
  }
}
