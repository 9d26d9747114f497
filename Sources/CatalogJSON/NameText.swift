import CatalogEscaping

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The text rules for names (token paths, token set names, component names): one Unicode
/// form, no invisible or direction-changing characters, and a safe form for terminals.
///
/// Names are compared as stored, byte for byte (SQLite's `=`), so two spellings of the
/// same text — `café` precomposed (NFC) and decomposed (NFD) — must become one before they
/// are stored or looked up. Unicode Standard Annex #15 defines the forms; NFC is what
/// editors and the web produce (W3C Character Model: "Content authors SHOULD use Unicode
/// Normalization Form C"). Unicode Technical Standard #39 and #55 describe the invisible
/// and bidirectional characters that make two names look alike or reorder source text.
public enum NameText {
  /// `text` in Unicode Normalization Form C. ASCII text is returned as it is, at once.
  ///
  /// - Parameter text: Any text.
  /// - Returns: Its NFC form (UAX #15).
  public static func normalized(_ text: String) -> String {
    if isASCII(text) { return text }
    // The standard library's own NFC (what String comparison uses; `_nfcCodeUnits` is
    // public), not Foundation's, which `catalog` does not link (issue 17, point 4).
    return String(decoding: text._nfcCodeUnits, as: UTF8.self)
  }

  /// Whether every byte of `text` is ASCII (then NFC is the text itself, UAX #15): a loop
  /// over the string's buffer, eight bytes at a time, where the UTF-8 view's iterator cost
  /// about ten instructions a byte (several calls per token of an import, issue 14 point 9).
  ///
  /// - Parameter text: Any text.
  /// - Returns: True when it holds only ASCII.
  public static func isASCII(_ text: String) -> Bool {
    if let answer = text.utf8.withContiguousStorageIfAvailable({ u -> Bool in
      guard let base = u.baseAddress else { return true }
      var i = 0
      let n = u.count
      while i + 8 <= n {
        if UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
          return false
        }
        i += 8
      }
      while i < n {
        if base[i] >= 0x80 { return false }
        i += 1
      }
      return true
    }) {
      return answer
    }
    return text.utf8.allSatisfy { $0 < 0x80 }
  }

  /// The first character a name must not hold: a control character (C0, DEL, C1), a
  /// zero-width or other invisible format character (U+200B–U+200D, U+2060, U+FEFF,
  /// U+00AD), a bidirectional control (U+061C, U+200E, U+200F, U+202A–U+202E,
  /// U+2066–U+2069) or a line or paragraph separator (U+2028, U+2029).
  ///
  /// - Parameter name: A name.
  /// - Returns: The first such scalar, or nil when there is none.
  public static func forbiddenScalar(in name: String) -> Unicode.Scalar? {
    name.unicodeScalars.first(where: isForbiddenInName)
  }

  /// Whether `scalar` is one of the characters ``forbiddenScalar(in:)`` looks for.
  ///
  /// - Parameter scalar: A Unicode scalar.
  /// - Returns: True when a name must not hold it.
  public static func isForbiddenInName(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: return true  // C0, DEL, C1 controls
    case 0x00AD, 0x200B...0x200D, 0x2060...0x2064, 0xFEFF: return true  // invisible
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true  // bidi
    case 0x2028, 0x2029: return true  // line and paragraph separators
    default: return false
    }
  }

  /// Why `name` is refused, in words, or nil when it is acceptable.
  ///
  /// - Parameter name: A name, already normalised.
  /// - Returns: `"it holds U+202E (a bidirectional control)"` or nil.
  public static func problem(in name: String) -> String? {
    guard let scalar = forbiddenScalar(in: name) else { return nil }
    return
      "it holds \(codePoint(scalar)) (\(kind(of: scalar))); names may not hold control, invisible or bidirectional characters"
  }

  /// `U+202E`.
  static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  private static func kind(of scalar: Unicode.Scalar) -> String {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: return "a control character"
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return "a bidirectional control"
    case 0x2028, 0x2029: return "a line or paragraph separator"
    default: return "an invisible character"
    }
  }

  /// `text` made safe for a terminal, line breaks kept: ``Escaping/terminal(_:keepingLineBreaks:)``
  /// (the one escaping function for terminal text).
  ///
  /// - Parameter text: Text about to be printed to a terminal.
  /// - Returns: The text with control, bidirectional and invisible characters made visible.
  public static func forTerminal(_ text: String) -> String {
    Escaping.terminal(text, keepingLineBreaks: true)
  }

  /// A name or value quoted in a one-line message: ``Escaping/terminal(_:keepingLineBreaks:)``
  /// with line breaks escaped too (`'a\nb'`, `'a\u{200B}b'`).
  ///
  /// - Parameter text: The name as typed or stored.
  /// - Returns: The text, on one line, every hidden character visible.
  public static func quoted(_ text: String) -> String {
    Escaping.terminal(text)
  }
}
