/// The one reader of numbers typed by a user (command-line options, `catalog serve` query
/// values): decimal only, through `DecimalText`.
///
/// Swift's `Double("0x1p3")` reads hexadecimal, `inf`, `nan` and `infinity` in any case;
/// a command line should not (issue 12 point 10): `8`, `-2.5`, `1e3` and `.5` are
/// numbers, `0x10`, `nan`, `Inf` and `1_000` are not, and infinity is spelled `infinity`
/// only, where a value allows it.
package enum StrictNumber {
  /// Reads `text` as a decimal number.
  /// - Parameters:
  ///   - allowingInfinity: Accept the word `infinity`.
  ///   - text: The text.
  /// - Returns: The number, or `nil` when the text is not a decimal number.
  package static func parse(allowingInfinity: Bool) -> (String) -> Double? {
    { text in
      if text == "infinity" { return allowingInfinity ? .infinity : nil }
      return decimal(text)
    }
  }

  /// Reads `-?digits[.digits][e[+-]digits]` (at least one digit before or after the point).
  /// - Parameter text: The text.
  /// - Returns: The finite number, or `nil`.
  package static func decimal(_ text: String) -> Double? {
    DecimalText.value(text)
  }

  /// Whether `text` is written as a decimal number (`1e400`) whose value is too large for a
  /// Double, so a message can say "out of range" rather than "not a number".
  /// - Parameter text: The text.
  /// - Returns: `true` for a well-formed decimal number that is not finite.
  package static func isOutOfRange(_ text: String) -> Bool {
    DecimalText.isOutOfRange(text)
  }

  /// What a number option or query value takes, as its error message says it:
  /// `a decimal number from 0 to 1000000 or 'infinity'`, `a decimal number more than 0`.
  /// - Parameters:
  ///   - min: The least value.
  ///   - max: The greatest (`.greatestFiniteMagnitude` for none).
  ///   - allowsInfinity: Whether the word `infinity` is accepted.
  /// - Returns: The phrase.
  package static func expectation(min: Double, max: Double, allowsInfinity: Bool) -> String {
    let range =
      max == .greatestFiniteMagnitude
      ? "\(min > 0 ? "more than" : "at least") \(format(min))"
      : "from \(format(min)) to \(format(max))"
    return "a decimal number \(range)\(allowsInfinity ? " or 'infinity'" : "")"
  }

  /// Reads `text` as a number in `min...max` (or `infinity` where allowed): the one check
  /// both the command line's number options and `catalog serve`'s query values use.
  /// - Parameters:
  ///   - text: The text.
  ///   - min: The least value.
  ///   - max: The greatest.
  ///   - allowsInfinity: Whether the word `infinity` is accepted.
  /// - Returns: The number, or nil when the text is not one or is out of range.
  package static func parse(_ text: String, min: Double, max: Double, allowsInfinity: Bool)
    -> Double?
  {
    guard let n = parse(allowingInfinity: allowsInfinity)(text),
      n.isInfinite || (n >= min && n <= max)
    else { return nil }
    return n
  }

  /// The number as the help prints it (`0.1`, `10`).
  package static func format(_ n: Double) -> String {
    n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
  }
}
