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
    guard chars.isEmpty, let value = Double(text), value.isFinite else { return nil }
    return value
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

/// "Did you mean" for mistyped commands, subcommands and options: the nearest known name
/// by edit distance (Levenshtein), when it is close enough to be a typo.
enum Suggestion {
  /// `; did you mean 'render'?`, or an empty string when nothing is close.
  /// - Parameters:
  ///   - name: What was typed.
  ///   - candidates: The known names.
  ///   - prefix: Put before each name (`--` for options).
  /// - Returns: The suffix for the error message.
  static func didYouMean(_ name: String, among candidates: [String], prefix: String = "") -> String
  {
    guard let best = nearest(name, among: candidates) else { return "" }
    return "; did you mean '\(prefix)\(best)'?"
  }

  /// The nearest candidate within a third of the name's length (at least 1, at most 3 edits),
  /// or one the name is a prefix of.
  static func nearest(_ name: String, among candidates: [String]) -> String? {
    let limit = max(1, min(3, name.count / 3))
    var best: (String, Int)?
    for candidate in candidates {
      let d = distance(name.lowercased(), candidate.lowercased())
      if d <= limit, best.map({ d < $0.1 }) ?? true { best = (candidate, d) }
    }
    if let best { return best.0 }
    if name.count >= 2 { return candidates.first { $0.hasPrefix(name) } }
    return nil
  }

  /// Levenshtein distance (insertions, deletions, substitutions), with two rows.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
