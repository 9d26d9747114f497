#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A `when` condition on parameters: `$artist`, `!$compact`, `$style == 'dense'`,
/// `$count != 0 && ($a || !$b)`.
///
/// Grammar (precedence from low to high, as in Swift):
/// ```
/// or         := and ( "||" and )*
/// and        := not ( "&&" not )*
/// not        := "!" not | comparison
/// comparison := operand ( ( "==" | "!=" ) operand )?
/// operand    := "(" or ")" | "$" identifier ["." identifier] | 'string' | "string" | number
///             | true | false | null
/// ```
/// A parameter is truthy when it is present and not `false`, `null`, `""`, `0` or an empty
/// list, so `"when": "$artist"` keeps a view exactly when an artist was given.
///
/// `&&` and `||` chains are stored flat (`and([a, b, c])`), so a condition's depth is
/// bounded by its parentheses and `!`s, each limited to
/// ``ConditionParser/maximumDepth``: every recursive walk below (evaluation, description,
/// destruction) stays shallow however many terms a chain has, and each is linear in the
/// number of terms.
public indirect enum Condition: Sendable, Equatable, CustomStringConvertible {
  case parameter(String)
  case literal(JSONValue)
  case not(Condition)
  /// All of the terms (two or more), left to right.
  case and([Condition])
  /// Any of the terms (two or more), left to right.
  case or([Condition])
  case equal(Condition, Condition)
  case notEqual(Condition, Condition)

  /// `a && b`, joined into one flat chain when `a` or `b` is already one.
  ///
  /// - Parameters:
  ///   - a: The left term.
  ///   - b: The right term.
  /// - Returns: ``and(_:)-enum.case`` with the terms of both.
  public static func and(_ a: Condition, _ b: Condition) -> Condition {
    var terms: [Condition] = []
    if case .and(let t) = a { terms = t } else { terms = [a] }
    if case .and(let t) = b { terms += t } else { terms.append(b) }
    return .and(terms)
  }

  /// `a || b`, joined into one flat chain when `a` or `b` is already one.
  ///
  /// - Parameters:
  ///   - a: The left term.
  ///   - b: The right term.
  /// - Returns: ``or(_:)-enum.case`` with the terms of both.
  public static func or(_ a: Condition, _ b: Condition) -> Condition {
    var terms: [Condition] = []
    if case .or(let t) = a { terms = t } else { terms = [a] }
    if case .or(let t) = b { terms += t } else { terms.append(b) }
    return .or(terms)
  }

  /// The expression written back in canonical form.
  public var description: String {
    switch self {
    case .parameter(let name): return "$\(name)"
    case .literal(.string(let s)): return Condition.quoted(s)
    case .literal(let v): return JSONWriter.compact(v)
    case .not(let c): return "!\(c.parenthesized)"
    case .and(let terms): return terms.map(\.parenthesized).joined(separator: " && ")
    case .or(let terms): return terms.map(\.parenthesized).joined(separator: " || ")
    case .equal(let a, let b): return "\(a.comparisonOperand) == \(b.comparisonOperand)"
    case .notEqual(let a, let b): return "\(a.comparisonOperand) != \(b.comparisonOperand)"
    }
  }

  /// An operand of `==`/`!=`: the grammar's `operand` is a parameter, a literal or a
  /// parenthesised expression, so anything else gets parentheses (fuzz findings:
  /// `(!$a) != 0` and `$a != ($b && $c)` were written without them).
  private var comparisonOperand: String {
    switch self {
    case .parameter, .literal: return description
    default: return "(\(description))"
    }
  }

  /// A string literal in single quotes, `\\` before every backslash and quote. Escaped
  /// scalar by scalar, as the parser reads it: a quote followed by a combining mark is one
  /// `Character`, which `String.replacingOccurrences` would miss (fuzz findings).
  static func quoted(_ s: String) -> String {
    var out = String.UnicodeScalarView()
    out.append("'")
    for scalar in s.unicodeScalars {
      if scalar == "\\" || scalar == "'" { out.append("\\") }
      out.append(scalar)
    }
    out.append("'")
    return String(out)
  }

  private var parenthesized: String {
    switch self {
    case .parameter, .literal, .not: return description
    default: return "(\(description))"
    }
  }

  /// Every parameter the condition reads, in order of appearance.
  public var parameters: [String] {
    var out: [String] = []
    collectParameters(into: &out)
    return out
  }

  private func collectParameters(into out: inout [String]) {
    switch self {
    case .parameter(let name): out.append(name)
    case .literal: break
    case .not(let c): c.collectParameters(into: &out)
    case .and(let terms), .or(let terms): for t in terms { t.collectParameters(into: &out) }
    case .equal(let a, let b), .notEqual(let a, let b):
      a.collectParameters(into: &out)
      b.collectParameters(into: &out)
    }
  }

  /// Evaluates the condition.
  ///
  /// - Parameter lookup: The value of a parameter, or nil when it is absent.
  /// - Returns: Whether the view is kept.
  public func evaluate(_ lookup: (String) -> JSONValue?) -> Bool {
    Condition.truthy(value(lookup))
  }

  private func value(_ lookup: (String) -> JSONValue?) -> JSONValue? {
    switch self {
    case .parameter(let name): return lookup(name)
    case .literal(let v): return v
    case .not(let c): return .bool(!c.evaluate(lookup))
    case .and(let terms): return .bool(terms.allSatisfy { $0.evaluate(lookup) })
    case .or(let terms): return .bool(terms.contains { $0.evaluate(lookup) })
    case .equal(let a, let b): return .bool(Condition.same(a.value(lookup), b.value(lookup)))
    case .notEqual(let a, let b): return .bool(!Condition.same(a.value(lookup), b.value(lookup)))
    }
  }

  private static func same(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
    (a ?? .null) == (b ?? .null)
  }

  /// Truthiness of an argument: absent, `null`, `false`, `""`, `0` and `[]` are false.
  /// - Parameter value: An argument's value, nil when absent.
  /// - Returns: Whether it counts as true in a condition.
  public static func truthy(_ value: JSONValue?) -> Bool {
    switch value {
    case nil, .null?: return false
    case .bool(let b)?: return b
    case .string(let s)?: return !s.isEmpty
    case .number(let n)?: return n.value != 0
    case .array(let a)?: return !a.isEmpty
    case .object?: return true
    }
  }

  /// Parses a condition.
  ///
  /// - Parameter text: The expression.
  /// - Returns: The parsed condition.
  /// - Throws: ``ConditionSyntaxError`` with the column (from 1) where it went wrong.
  public static func parse(_ text: String) throws(ConditionSyntaxError) -> Condition {
    var parser = ConditionParser(Array(text.unicodeScalars))
    let condition = try parser.parseOr(depth: 0)
    parser.skipSpaces()
    if !parser.atEnd {
      throw parser.error("unexpected '\(parser.current)'; expected '&&', '||' or the end")
    }
    return condition
  }
}

/// A malformed `when` expression: where (a column from 1) and what was expected.
public struct ConditionSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The column in the expression, from 1.
  public var column: Int
  /// What is wrong.
  public var message: String
  /// `column N: message`.
  public var description: String { "at column \(column): \(message)" }
}

/// The recursive-descent parser of ``Condition``; recursion grows only with parentheses
/// and `!`, each checked against ``maximumDepth`` first.
struct ConditionParser {
  let scalars: [Unicode.Scalar]
  var index = 0
  /// How deeply parentheses and `!` may nest.
  static let maximumDepth = 64

  init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

  var atEnd: Bool { index >= scalars.count }
  var current: Character { atEnd ? " " : Character(scalars[index]) }

  mutating func skipSpaces() {
    while index < scalars.count, Self.isSpace(scalars[index]) { index += 1 }
  }

  /// White space (Unicode White_Space), with an ASCII fast path: the Unicode property
  /// lookup is the parser's hot spot on long conditions.
  static func isSpace(_ s: Unicode.Scalar) -> Bool {
    if s.isASCII {
      return s == " " || s == "\t" || s == "\n" || s == "\r" || s == "\u{0B}" || s == "\u{0C}"
    }
    return s.properties.isWhitespace
  }

  /// A character of a parameter name after `$`: `_`, a letter (Unicode Alphabetic) or
  /// an ASCII digit, ASCII checked first.
  static func isNameScalar(_ s: Unicode.Scalar) -> Bool {
    if s.isASCII {
      return s == "_" || ("a"..."z").contains(s) || ("A"..."Z").contains(s)
        || ("0"..."9").contains(s)
    }
    return s.properties.isAlphabetic
  }

  func error(_ message: String) -> ConditionSyntaxError {
    ConditionSyntaxError(column: index + 1, message: message)
  }

  mutating func consume(_ token: StaticString) -> Bool {
    skipSpaces()
    let count = token.utf8CodeUnitCount
    guard index + count <= scalars.count else { return false }
    for offset in 0..<count where scalars[index + offset].value != UInt32(token.utf8Start[offset]) {
      return false
    }
    index += count
    return true
  }

  mutating func parseOr(depth: Int) throws(ConditionSyntaxError) -> Condition {
    // `depth` counts the parentheses and `!`s around this expression: at most
    // ``maximumDepth`` of them, as README says (review 20: 64 parentheses were refused).
    guard depth <= Self.maximumDepth else {
      throw error("the expression is nested too deeply")
    }
    var terms = [try parseAnd(depth: depth)]
    while consume("||") { terms.append(try parseAnd(depth: depth)) }
    return terms.count == 1 ? terms[0] : .or(terms)
  }

  mutating func parseAnd(depth: Int) throws(ConditionSyntaxError) -> Condition {
    var terms = [try parseNot(depth: depth)]
    while consume("&&") { terms.append(try parseNot(depth: depth)) }
    return terms.count == 1 ? terms[0] : .and(terms)
  }

  mutating func parseNot(depth: Int) throws(ConditionSyntaxError) -> Condition {
    skipSpaces()
    if !atEnd, scalars[index] == "!", index + 1 >= scalars.count || scalars[index + 1] != "=" {
      index += 1
      guard depth < Self.maximumDepth else { throw error("the expression is nested too deeply") }
      return .not(try parseNot(depth: depth + 1))
    }
    return try parseComparison(depth: depth)
  }

  mutating func parseComparison(depth: Int) throws(ConditionSyntaxError) -> Condition {
    let left = try parseOperand(depth: depth)
    if consume("==") { return .equal(left, try parseOperand(depth: depth)) }
    if consume("!=") { return .notEqual(left, try parseOperand(depth: depth)) }
    skipSpaces()
    if !atEnd, scalars[index] == "=" {
      throw error("'=' is not an operator; use '==' to compare")
    }
    return left
  }

  mutating func parseOperand(depth: Int) throws(ConditionSyntaxError) -> Condition {
    skipSpaces()
    guard !atEnd else {
      throw error("unexpected end; expected a parameter like $name, a literal or '('")
    }
    let c = scalars[index]
    switch c {
    case "(":
      index += 1
      let inner = try parseOr(depth: depth + 1)
      guard consume(")") else { throw error("expected ')'") }
      return inner
    case "$":
      index += 1
      let start = index
      // A parameter or a record member (`$row.subtitle`, `ReferencePath`).
      while !atEnd, scalars[index] == "." || Self.isNameScalar(scalars[index]) { index += 1 }
      let name = String(String.UnicodeScalarView(scalars[start..<index]))
      guard ReferencePath.isValid(name) else { throw error("expected a parameter name after '$'") }
      return .parameter(name)
    case "'", "\"":
      let quote = c
      index += 1
      var text = String.UnicodeScalarView()
      while true {
        guard !atEnd else { throw error("unterminated string literal") }
        let s = scalars[index]
        index += 1
        if s == "\\", !atEnd {
          text.append(scalars[index])
          index += 1
        } else if s == quote {
          break
        } else {
          text.append(s)
        }
      }
      return .literal(.string(String(text)))
    default:
      let start = index
      while !atEnd, !Self.isSpace(scalars[index]), !"()=!&|".unicodeScalars.contains(scalars[index])
      {
        index += 1
      }
      let word = String(String.UnicodeScalarView(scalars[start..<index]))
      switch word {
      case "true": return .literal(.bool(true))
      case "false": return .literal(.bool(false))
      case "null": return .literal(.null)
      default:
        if let n = Double(word), n.isFinite { return .literal(.number(n)) }
        index = start
        throw error(
          word.isEmpty
            ? "unexpected '\(current)'; expected a parameter like $name, a literal or '('"
            : "unknown word '\(word)'; parameters start with '$' and strings are quoted")
      }
    }
  }
}
