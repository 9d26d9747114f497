/// The one rule for a list a command prints about many items (warnings, dependents,
/// dangling aliases, `doctor` problems, lint findings, the errors of one refused input):
/// the first ``limit`` items, then one line `… and K more NOUNS (HINT)`, so a token with
/// 20,000 dependents prints 21 lines, not 20,000 (issue 12, hardening: bounded output).
/// A machine-readable output (`--json`, `--format json|sarif`) stays complete, and so does
/// `--verbose` where a command offers it.
public enum BoundedList {
  /// The most items a list shows before its `… and K more` line.
  public static let limit = 20

  /// The items shown and how many are left out.
  /// - Parameters:
  ///   - items: Every item, in the order printed.
  ///   - limit: The most items shown (nil: all of them).
  /// - Returns: The first `limit` items and the count of the others.
  public static func split<C: Collection>(_ items: C, limit: Int? = Self.limit) -> (
    shown: C.SubSequence, more: Int
  ) {
    guard let limit else { return (items[...], 0) }
    let shown = items.prefix(max(0, limit))
    return (shown, items.count - shown.count)
  }

  /// A chain or cycle of names joined by arrows (`{a} → {b} → {a}`), bounded as every list
  /// is: up to ``limit`` names whole; a longer one shows its first and last names around
  /// `… (480 more) …`, so a 500-token cycle is one short line, not 5 KB.
  /// - Parameter names: The names in order, already spelled as shown (`{a}`, `#/sets/x`).
  /// - Returns: The chain.
  public static func chain(_ names: [String]) -> String {
    guard names.count > limit else { return names.joined(separator: " → ") }
    let head = names.prefix(limit / 2)
    let tail = names.suffix(2)
    let hidden = names.count - head.count - tail.count
    return (head + ["… (\(grouped(hidden)) more) …"] + tail).joined(separator: " → ")
  }

  /// The line that ends a shortened list: `… and 19,980 more warnings (--verbose to show
  /// all)`.
  /// - Parameters:
  ///   - count: How many items were left out (at least 1).
  ///   - noun: What they are, singular (`warning`).
  ///   - plural: The plural when it is not the noun plus `s`.
  ///   - hint: How to see them all (`--verbose to show all`), or nil.
  /// - Returns: The line, without a newline.
  public static func moreLine(_ count: Int, _ noun: String, plural: String? = nil, hint: String?)
    -> String
  {
    let nouns = count == 1 ? noun : plural ?? noun + "s"
    return "… and \(grouped(count)) more \(nouns)" + (hint.map { " (\($0))" } ?? "")
  }

  /// `lines` bounded: the first ``limit`` of them, then ``moreLine(_:_:plural:hint:)`` when
  /// any were left out.
  /// - Parameters:
  ///   - lines: Every line, in order (no newlines).
  ///   - limit: The most lines shown (nil: all of them, no summary).
  ///   - noun: What each line is, singular (`warning`, `problem`).
  ///   - plural: The plural when it is not the noun plus `s`.
  ///   - hint: How to see them all, or nil.
  /// - Returns: The lines to print.
  public static func lines(
    _ lines: [String], limit: Int? = Self.limit, noun: String, plural: String? = nil,
    hint: String? = nil
  ) -> [String] {
    let (shown, more) = split(lines, limit: limit)
    return more > 0 ? Array(shown) + [moreLine(more, noun, plural: plural, hint: hint)] : lines
  }

  /// Names in a sentence, bounded: `A, B, C and 5 more` (`A, B and C` when all fit).
  /// - Parameters:
  ///   - names: The names, in order.
  ///   - limit: The most names shown.
  /// - Returns: The names joined with `, `; the left-out ones counted.
  public static func inline(_ names: [String], limit: Int = Self.limit) -> String {
    let (shown, more) = split(names, limit: limit)
    let joined = shown.joined(separator: ", ")
    return more > 0 ? "\(joined) and \(grouped(more)) more" : joined
  }

  /// A count with thousands separators (`19,980`).
  /// - Parameter count: A count.
  /// - Returns: Its digits, grouped by three.
  public static func grouped(_ count: Int) -> String {
    let digits = Array(String(count.magnitude))
    var out = count < 0 ? "-" : ""
    for (i, digit) in digits.enumerated() {
      if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return out
  }
}
