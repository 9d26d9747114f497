import Foundation

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
public indirect enum Condition: Sendable, Equatable, CustomStringConvertible {
  case parameter(String)
  case literal(JSONValue)
  case not(Condition)
  case and(Condition, Condition)
  case or(Condition, Condition)
  case equal(Condition, Condition)
  case notEqual(Condition, Condition)

  /// The expression written back in canonical form.
  public var description: String {
    switch self {
    case .parameter(let name): return "$\(name)"
    case .literal(.string(let s)): return "'\(s.replacingOccurrences(of: "'", with: "\\'"))'"
    case .literal(let v): return JSONWriter.compact(v)
    case .not(let c): return "!\(c.parenthesized)"
    case .and(let a, let b): return "\(a.parenthesized) && \(b.parenthesized)"
    case .or(let a, let b): return "\(a.parenthesized) || \(b.parenthesized)"
    case .equal(let a, let b): return "\(a) == \(b)"
    case .notEqual(let a, let b): return "\(a) != \(b)"
    }
  }

  private var parenthesized: String {
    switch self {
    case .parameter, .literal, .not: return description
    default: return "(\(description))"
    }
  }

  /// Every parameter the condition reads, in order of appearance.
  public var parameters: [String] {
    switch self {
    case .parameter(let name): return [name]
    case .literal: return []
    case .not(let c): return c.parameters
    case .and(let a, let b), .or(let a, let b), .equal(let a, let b), .notEqual(let a, let b):
      return a.parameters + b.parameters
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
    case .and(let a, let b): return .bool(a.evaluate(lookup) && b.evaluate(lookup))
    case .or(let a, let b): return .bool(a.evaluate(lookup) || b.evaluate(lookup))
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
    case .number(let n)?: return n != 0
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

private struct ConditionParser {
  let scalars: [Unicode.Scalar]
  var index = 0
  static let maximumDepth = 64

  init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

  var atEnd: Bool { index >= scalars.count }
  var current: Character { atEnd ? " " : Character(scalars[index]) }

  mutating func skipSpaces() {
    while !atEnd, scalars[index].properties.isWhitespace { index += 1 }
  }

  func error(_ message: String) -> ConditionSyntaxError {
    ConditionSyntaxError(column: index + 1, message: message)
  }

  mutating func consume(_ token: String) -> Bool {
    skipSpaces()
    let t = Array(token.unicodeScalars)
    guard index + t.count <= scalars.count, Array(scalars[index..<(index + t.count)]) == t else {
      return false
    }
    index += t.count
    return true
  }

  mutating func parseOr(depth: Int) throws(ConditionSyntaxError) -> Condition {
    guard depth < Self.maximumDepth else { throw error("the expression is nested too deeply") }
    var left = try parseAnd(depth: depth)
    while consume("||") { left = .or(left, try parseAnd(depth: depth)) }
    return left
  }

  mutating func parseAnd(depth: Int) throws(ConditionSyntaxError) -> Condition {
    var left = try parseNot(depth: depth)
    while consume("&&") { left = .and(left, try parseNot(depth: depth)) }
    return left
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
    guard !atEnd else { throw error("unexpected end; expected a parameter like $name, a literal or '('") }
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
      while !atEnd, scalars[index] == "_" || scalars[index] == "." || scalars[index].properties.isAlphabetic
        || ("0"..."9").contains(scalars[index])
      {
        index += 1
      }
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
      while !atEnd, !scalars[index].properties.isWhitespace, !"()=!&|".unicodeScalars.contains(scalars[index]) {
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
