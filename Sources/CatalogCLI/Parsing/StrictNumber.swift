import CatalogModel

/// The one reader of numbers typed on the command line: decimal only.
///
/// Swift's `Double("0x1p3")` reads hexadecimal, `inf`, `nan` and `infinity` in any case;
/// a command line should not (issue 12 point 10): `8`, `-2.5`, `1e3` and `.5` are
/// numbers, `0x10`, `nan`, `Inf` and `1_000` are not, and infinity is spelled `infinity`
/// only, where a value allows it.
enum StrictNumber {
  /// Reads `text` as a decimal number.
  /// - Parameters:
  ///   - allowingInfinity: Accept the word `infinity`.
  ///   - text: The text.
  /// - Returns: The number, or `nil` when the text is not a decimal number.
  static func parse(allowingInfinity: Bool) -> (String) -> Double? {
    { text in
      if text == "infinity" { return allowingInfinity ? .infinity : nil }
      return decimal(text)
    }
  }

  /// Reads `-?digits[.digits][e[+-]digits]` (at least one digit before or after the point).
  /// - Parameter text: The text.
  /// - Returns: The finite number, or `nil`.
  static func decimal(_ text: String) -> Double? {
    var chars = Substring(text)
    if chars.first == "-" || chars.first == "+" { chars = chars.dropFirst() }
    let integer = chars.prefix { $0.isASCII && $0.isNumber }
    chars = chars.dropFirst(integer.count)
    var fraction: Substring = ""
    if chars.first == "." {
      chars = chars.dropFirst()
      fraction = chars.prefix { $0.isASCII && $0.isNumber }
      chars = chars.dropFirst(fraction.count)
    }
    guard !integer.isEmpty || !fraction.isEmpty else { return nil }
    if chars.first == "e" || chars.first == "E" {
      chars = chars.dropFirst()
      if chars.first == "-" || chars.first == "+" { chars = chars.dropFirst() }
      let exponent = chars.prefix { $0.isASCII && $0.isNumber }
      guard !exponent.isEmpty else { return nil }
      chars = chars.dropFirst(exponent.count)
    }
    guard chars.isEmpty else { return nil }
    return DecimalText.value(text)
  }

  /// Whether `text` is written as a decimal number (`1e400`) whose value is too large for a
  /// Double, so a message can say "out of range" rather than "not a number".
  /// - Parameter text: The text.
  /// - Returns: `true` for a well-formed decimal number that is not finite.
  static func isOutOfRange(_ text: String) -> Bool {
    decimal(text) == nil && text.allSatisfy({ "0123456789+-.eE".contains($0) })
      && Double(text)?.isInfinite == true
  }

  /// The number as the help prints it (`0.1`, `10`).
  static func format(_ n: Double) -> String {
    n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
  }
}
