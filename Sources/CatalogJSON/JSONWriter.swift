import CatalogSystem

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes ``JSONValue`` as JSON text, keeping key order.
///
/// A number read from a file is written as it was read when its text is kept
/// (``JSONNumber/lexeme``: `1.50`, `12345678901234567890`); other numbers that are whole
/// and within ±2^53 are written without a fraction (`8`, not `8.0`), the rest in the
/// shortest form that reads back to the same `Double`.
public enum JSONWriter {
  /// Compact JSON on one line, for storage.
  /// - Parameter value: The value to write.
  /// - Returns: JSON text without insignificant whitespace.
  public static func compact(_ value: JSONValue) -> String {
    // UTF-8 bytes into one buffer, then one String: a token import writes a million
    // values, and appending to a String piece by piece cost about 4,800 instructions for
    // `{"value":8,"unit":"px"}` (issue 12 point 3). The text is the one ``write`` gives
    // with no indent, byte for byte (`JSONWriterCompactTests` compares the two).
    switch value {
    case .string(let s) where !needsEscape(s):
      // An alias or a math string: the common string value, one copy.
      var out = ""
      out.reserveCapacity(s.utf8.count + 2)
      out += "\""
      out += s
      out += "\""
      return out
    default:
      var out: [UInt8] = []
      out.reserveCapacity(48)
      writeCompact(value, into: &out)
      return String(decoding: out, as: UTF8.self)
    }
  }

  /// Compact JSON as ``write(_:into:indent:level:)`` writes it with no indent: the
  /// reference ``compact(_:)`` is checked against.
  /// - Parameter value: The value to write.
  /// - Returns: JSON text without insignificant whitespace.
  package static func compactByAppending(_ value: JSONValue) -> String {
    var out = ""
    write(value, into: &out, indent: nil, level: 0)
    return out
  }

  /// Whether a string needs an escape in JSON (RFC 8259 §7: `"`, `\\`, control characters).
  private static func needsEscape(_ string: String) -> Bool {
    if let answer = string.utf8.withContiguousStorageIfAvailable({ u -> Bool in
      for byte in u where byte < 0x20 || byte == 0x22 || byte == 0x5C { return true }
      return false
    }) {
      return answer
    }
    return string.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C })
  }

  /// ``write(_:into:indent:level:)`` with no indent, into UTF-8 bytes. The recursion
  /// follows the value's nesting, which the parser limits (``JSONParser``'s maximum depth),
  /// as ``write(_:into:indent:level:)`` does.
  private static func writeCompact(_ value: JSONValue, into out: inout [UInt8]) {
    switch value {
    case .null: out.append(contentsOf: "null".utf8)
    case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
    case .number(let n):
      if let lexeme = n.lexeme {
        if lexeme.utf8.withContiguousStorageIfAvailable({ out.append(contentsOf: $0) }) == nil {
          out.append(contentsOf: lexeme.utf8)
        }
      } else {
        writeNumber(n.value, into: &out)
      }
    case .string(let s): writeQuoted(s, into: &out)
    case .array(let elements):
      out.append(UInt8(ascii: "["))
      for (i, element) in elements.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        writeCompact(element, into: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let object):
      out.append(UInt8(ascii: "{"))
      for (i, member) in object.members.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        writeQuoted(member.key, into: &out)
        out.append(UInt8(ascii: ":"))
        writeCompact(member.value, into: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  /// ``number(_:)`` into UTF-8 bytes. A whole number within ±2^53 (most numbers of a token
  /// file: `8`, `16`) has its digits written straight into `out`, the text ``number(_:)``
  /// gives (`String(Int64(value))`; `-0` is `0`) without making a string first (about
  /// 450 → 60 instructions; issue 14 point 9).
  private static func writeNumber(_ value: Double, into out: inout [UInt8]) {
    guard value.isFinite, value == value.rounded(), abs(value) < 9_007_199_254_740_992 else {
      out.append(contentsOf: number(value).utf8)
      return
    }
    var magnitude = Int64(value)
    if magnitude < 0 {
      out.append(UInt8(ascii: "-"))
      magnitude = -magnitude
    }
    var digits = 1
    var rest = magnitude
    while rest >= 10 {
      rest /= 10
      digits += 1
    }
    let start = out.count
    out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
    var at = start + digits - 1
    while magnitude > 0 {
      out[at] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
      magnitude /= 10
      at -= 1
    }
  }

  /// ``quoted(_:)`` into UTF-8 bytes (RFC 8259 §7). Escapes are ASCII, so the bytes of
  /// every other character are copied as they are.
  private static func writeQuoted(_ string: String, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    // A native string's bytes in one buffer (a unit, a key, an alias): checked and copied
    // in one pass each, without the UTF-8 view's iterator (issue 14 point 9).
    if let copied = string.utf8.withContiguousStorageIfAvailable({ u -> Bool in
      for byte in u where byte < 0x20 || byte == 0x22 || byte == 0x5C { return false }
      out.append(contentsOf: u)
      return true
    }), copied {
      out.append(UInt8(ascii: "\""))
      return
    }
    guard needsEscape(string) else {
      out.append(contentsOf: string.utf8)
      out.append(UInt8(ascii: "\""))
      return
    }
    for byte in string.utf8 {
      switch byte {
      case 0x22: out.append(contentsOf: "\\\"".utf8)
      case 0x5C: out.append(contentsOf: "\\\\".utf8)
      case 0x0A: out.append(contentsOf: "\\n".utf8)
      case 0x0D: out.append(contentsOf: "\\r".utf8)
      case 0x09: out.append(contentsOf: "\\t".utf8)
      case 0x08: out.append(contentsOf: "\\b".utf8)
      case 0x0C: out.append(contentsOf: "\\f".utf8)
      case 0x00..<0x20: out.append(contentsOf: ("\\u" + TextFormat.hex(byte, width: 4)).utf8)
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }

  /// Pretty JSON with two-space indentation and a trailing newline, for people.
  /// - Parameter value: The value to write.
  /// - Returns: Indented JSON text.
  public static func pretty(_ value: JSONValue) -> String {
    var out = ""
    write(value, into: &out, indent: "  ", level: 0)
    out += "\n"
    return out
  }

  /// A number as JSON writes it.
  ///
  /// JSON has no infinity or NaN (RFC 8259 §6: "Numeric values that cannot be represented
  /// in the grammar below (such as Infinity and NaN) are not permitted"), so a value that
  /// is not finite is written `null`, as ECMAScript's `JSON.stringify` writes it: no JSON
  /// this program prints can hold `inf` or `nan`. Values are checked to be finite where
  /// they are accepted; this is the last guard.
  /// - Parameter number: A number.
  /// - Returns: `8`, `0.5`, `1e+21`, or `null` for infinity and NaN.
  public static func number(_ number: Double) -> String {
    guard number.isFinite else { return "null" }
    if number == number.rounded(), abs(number) < 9_007_199_254_740_992 {
      return String(Int64(number))
    }
    return "\(number)"
  }

  /// A string as a JSON string literal, quotes included.
  /// - Parameter string: Any string.
  /// - Returns: The quoted, escaped literal.
  public static func quoted(_ string: String) -> String {
    // Most strings (names, units, aliases) need no escape: one scan of their bytes, then
    // one copy. Escapes follow RFC 8259 §7: `"` and `\` escaped, control characters as
    // their short escape or `\u00XX`, everything else as it is.
    guard string.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
      return "\"" + string + "\""
    }
    var out = "\""
    for scalar in string.unicodeScalars {
      let short: String? =
        switch scalar.value {
        case 0x22: "\\\""
        case 0x5C: "\\\\"
        case 0x0A: "\\n"
        case 0x0D: "\\r"
        case 0x09: "\\t"
        case 0x08: "\\b"
        case 0x0C: "\\f"
        case 0x00..<0x20: "\\u" + TextFormat.hex(scalar.value, width: 4)
        default: nil
        }
      if let short { out += short } else { out.unicodeScalars.append(scalar) }
    }
    return out + "\""
  }

  private static func write(_ value: JSONValue, into out: inout String, indent: String?, level: Int)
  {
    switch value {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .number(let n): out += n.lexeme ?? number(n.value)
    case .string(let s): out += quoted(s)
    case .array(let elements):
      if elements.isEmpty {
        out += "[]"
        return
      }
      out += "["
      for (i, element) in elements.enumerated() {
        if i > 0 { out += "," }
        newline(&out, indent, level + 1)
        write(element, into: &out, indent: indent, level: level + 1)
      }
      newline(&out, indent, level)
      out += "]"
    case .object(let object):
      if object.isEmpty {
        out += "{}"
        return
      }
      out += "{"
      for (i, member) in object.members.enumerated() {
        if i > 0 { out += "," }
        newline(&out, indent, level + 1)
        out += quoted(member.key)
        out += indent == nil ? ":" : ": "
        write(member.value, into: &out, indent: indent, level: level + 1)
      }
      newline(&out, indent, level)
      out += "}"
    }
  }

  private static func newline(_ out: inout String, _ indent: String?, _ level: Int) {
    guard let indent else { return }
    out += "\n"
    out += String(repeating: indent, count: level)
  }
}
