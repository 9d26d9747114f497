/// The one reading of a number written as text outside a JSON document: a command-line
/// argument (`--scale 2`, `tokens set space.md 16`) or a string token value (`"4px"`,
/// `"18"`, a math operand).
///
/// Only decimal notation is accepted, `[+-]digits[.digits][e[+-]digits]` with at least one
/// digit before or after the point (JSON's number grammar, RFC 8259 §6, plus a leading
/// `+` and a leading or trailing point): no hexadecimal (`0x10`), no `inf`/`nan` spellings,
/// no `_` separators, no surrounding spaces. Swift's `Double(String)` accepts all of those,
/// so nothing that reads user text calls it directly.
public enum DecimalText {
  /// Reads `text` as a finite decimal number.
  /// - Parameter text: The text.
  /// - Returns: The number, or nil when the text is not a decimal number or is out of
  ///   range for a `Double`.
  public static func value<S: StringProtocol>(_ text: S) -> Double? {
    guard isDecimal(text), let value = Double(String(text)), value.isFinite,
      !(value == 0 && underflows(text))
    else { return nil }
    return value
  }

  /// Whether decimal `text` names a number other than 0 that a `Double` reads as 0
  /// (`1e-400`: IEEE 754 underflow, below about 4.9e-324), so reading it would silently
  /// store 0. Every reader of numbers refuses such text as out of range, as it refuses
  /// `1e400`.
  /// - Parameter text: Decimal text (``isDecimal(_:)``).
  /// - Returns: True when a digit before the exponent is not 0 and the value reads as 0.
  public static func underflows<S: StringProtocol>(_ text: S) -> Bool {
    let mantissa = text.prefix { $0 != "e" && $0 != "E" }
    guard mantissa.contains(where: { $0 >= "1" && $0 <= "9" }) else { return false }
    return Double(String(text)) == 0
  }

  /// Whether `text` is decimal and out of a `Double`'s range: too large (`1e400`, which
  /// would be infinite) or too close to 0 (`1e-400`, which would be 0).
  /// - Parameter text: The text.
  /// - Returns: True for a well-formed decimal number that cannot be held.
  public static func isOutOfRange<S: StringProtocol>(_ text: S) -> Bool {
    guard isDecimal(text) else { return false }
    return Double(String(text))?.isFinite == false || underflows(text)
  }

  /// Whether `text` is written in decimal notation (whatever its magnitude).
  /// - Parameter text: The text.
  /// - Returns: True for `12`, `-1.5`, `.5`, `2.`, `1e3`; false for `0x10`, `inf`, `1_0`.
  public static func isDecimal<S: StringProtocol>(_ text: S) -> Bool {
    var bytes = Substring(text).utf8[...]
    if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") {
      bytes = bytes.dropFirst()
    }
    func digits() -> Int {
      let n = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
      bytes = bytes.dropFirst(n)
      return n
    }
    var count = digits()
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      count += digits()
    }
    guard count > 0 else { return false }
    if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") {
        bytes = bytes.dropFirst()
      }
      guard digits() > 0 else { return false }
    }
    return bytes.isEmpty
  }
}
