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
  ///
  /// One scan of the bytes decides almost every text without reading it as a `Double`
  /// (token import, math and YAML call this for every number): a text whose first
  /// significant digit lies between 10⁻³⁰⁷ and 10³⁰⁷ is within range (its value is at least
  /// 10⁻³⁰⁷, above the smallest normal `Double`, and below 10³⁰⁸, under the largest), and one
  /// whose digits are all 0 reads as 0; only the rest is read as a `Double` to decide.
  public static func isOutOfRange<S: StringProtocol>(_ text: S) -> Bool {
    let scan =
      text.utf8.withContiguousStorageIfAvailable { scanDecimal($0) }
      ?? Array(text.utf8).withUnsafeBufferPointer { scanDecimal($0) }
    switch scan {
    case .notDecimal, .zero: return false
    case .significant(let exponent) where abs(exponent) <= 307: return false
    case .significant: return Double(String(text))?.isFinite == false || underflows(text)
    }
  }

  /// What one scan of decimal text tells of its magnitude (``isOutOfRange(_:)``).
  enum DecimalScan: Equatable {
    /// Not decimal notation (``isDecimal(_:)`` is false).
    case notDecimal
    /// Decimal, with no digit other than 0 before the exponent: the value is 0.
    case zero
    /// Decimal; `exponent` is the power of ten of the first significant digit
    /// (`123.4` → 2, `0.05` → -2, `5e-3` → -3), saturated near ±10⁹.
    case significant(exponent: Int)
  }

  /// Reads `bytes` by the grammar of ``isDecimal(_:)``, noting where the first digit other
  /// than 0 lies and the exponent (one pass, no allocation).
  /// - Parameter bytes: The text's UTF-8 bytes.
  /// - Returns: Whether it is decimal, and if so its magnitude.
  static func scanDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> DecimalScan {
    let zero = UInt8(ascii: "0")
    let nine = UInt8(ascii: "9")
    let n = bytes.count
    var i = 0
    if i < n, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
    // Digits before the point; the position (among them) of the first significant one.
    var integerDigits = 0
    var firstSignificant = -1
    while i < n, bytes[i] >= zero, bytes[i] <= nine {
      if firstSignificant < 0, bytes[i] != zero { firstSignificant = integerDigits }
      integerDigits += 1
      i += 1
    }
    // The power of ten of the first significant digit, before the exponent.
    var power = 0
    if firstSignificant >= 0 { power = integerDigits - 1 - firstSignificant }
    var fractionDigits = 0
    if i < n, bytes[i] == UInt8(ascii: ".") {
      i += 1
      while i < n, bytes[i] >= zero, bytes[i] <= nine {
        fractionDigits += 1
        if firstSignificant < 0, bytes[i] != zero {
          firstSignificant = integerDigits + fractionDigits - 1
          power = -fractionDigits
        }
        i += 1
      }
    }
    guard integerDigits + fractionDigits > 0 else { return .notDecimal }
    var exponent = 0
    if i < n, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
      i += 1
      var negative = false
      if i < n, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
        negative = bytes[i] == UInt8(ascii: "-")
        i += 1
      }
      let start = i
      while i < n, bytes[i] >= zero, bytes[i] <= nine {
        // Saturated: any exponent this large is far out of range either way.
        if exponent < 1_000_000_000 { exponent = exponent * 10 + Int(bytes[i] - zero) }
        i += 1
      }
      guard i > start else { return .notDecimal }
      if negative { exponent = -exponent }
    }
    guard i == n else { return .notDecimal }
    guard firstSignificant >= 0 else { return .zero }
    return .significant(exponent: power + exponent)
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
