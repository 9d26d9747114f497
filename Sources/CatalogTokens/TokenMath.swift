import CatalogModel

/// Arithmetic in token values as Tokens Studio writes it: `{space.md} * 2`,
/// `floor({base} / 3)`, `8px + {space.xs}`, `max({a}, 4)`.
///
/// DTCG 2025.10 has no math (Format §1.7 of our notes: issue #81 closed, "Token
/// Operations" #224 open), but real token files exported from Tokens Studio contain it, so
/// the catalog evaluates it when a value is needed. Operators `+ - * /`, parentheses,
/// unary minus and the functions `floor`, `ceil`, `round`, `abs`, `min`, `max`. Units follow
/// Tokens Studio (which strips units, computes, and puts the unit back): a unitless operand
/// of `+`, `-`, `min` or `max` takes the other side's unit (`2 + {offset}` with offset 0px is
/// 2px); `px` and `rem` mixed convert `rem` to `px` with the rem base; `*` takes at most one
/// dimension; `/` by a dimension gives a number.
public enum TokenMath {
  /// A number with an optional unit (`px`, `rem`).
  public struct Quantity: Sendable, Equatable {
    /// The number.
    public var value: Double
    /// The unit; nil for a plain number.
    public var unit: String?
    /// True for a plain number that a dimension divided by a dimension gave (`{r} / {r}`,
    /// a ratio), or that such a ratio gave through other plain numbers: a dimension token
    /// must not hold it (``TokenGraph``'s math type rule). How the number was computed,
    /// not part of its value: two quantities are equal when their values and units are.
    public var isRatio = false
    /// Creates a quantity.
    public init(_ value: Double, unit: String?) {
      self.value = value
      self.unit = unit
    }

    /// Whether two quantities have the same value and unit (``isRatio`` is not compared).
    public static func == (a: Quantity, b: Quantity) -> Bool {
      a.value == b.value && a.unit == b.unit
    }

    /// This quantity, a ratio when it is a plain number and one of `operands` is a ratio.
    func ratio(from operands: Quantity...) -> Quantity { ratio(from: operands) }

    /// This quantity, a ratio when it is a plain number and one of `operands` is a ratio.
    func ratio(from operands: [Quantity]) -> Quantity {
      var q = self
      q.isRatio = unit == nil && operands.contains(where: \.isRatio)
      return q
    }
  }

  /// The most parentheses and function calls one expression may nest, checked before each
  /// level is read (the parser recurses once per level; unary minus signs do not nest).
  public static let maximumNesting = 64

  /// A malformed or ill-typed expression.
  public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// True when the expression is well formed but its result is not a finite number
    /// (overflow, `0 * infinity`): refused wherever the value is accepted.
    public var isOutOfRange = false
    /// The message.
    public var description: String { message }
  }

  /// True when `text` looks like an expression rather than a plain value: it has an
  /// operator, a function call or a reference next to other text.
  /// - Parameter text: A string `$value`.
  /// - Returns: Whether to evaluate it.
  public static func isExpression(_ text: String) -> Bool {
    if TokenAlias.isAlias(text) { return false }
    // ASCII text (nearly every value) takes the same rule on bytes: there a Character is
    // one byte (CR LF, the one two-byte ASCII Character, is whitespace, trimmed either way),
    // and the whitespace `trimmingSpaces` removes is tab to carriage return and space. It
    // runs several times per token of an import (issue 12 point 3).
    let u = text.utf8
    if NameText.isASCII(text) {
      func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (0x09...0x0D).contains(b) }
      var start = u.startIndex
      var end = u.endIndex
      while start < end, isSpace(u[start]) { u.formIndex(after: &start) }
      while end > start, isSpace(u[u.index(before: end)]) { u.formIndex(before: &end) }
      let body = u[start..<end]
      let hasOperator = body.dropFirst().contains {
        $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "*")
          || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "(")
      }
      guard
        hasOperator
          || (body.contains(UInt8(ascii: "{")) && body.contains(UInt8(ascii: "}")))
      else { return false }
      return TokenValue.legacyDimension(String(text[start..<end])) == nil
    }
    return isExpressionByCharacters(text)
  }

  /// ``isExpression(_:)`` by Characters, for any text (the ASCII path is checked against it).
  /// - Parameter text: A string `$value`.
  /// - Returns: Whether to evaluate it.
  package static func isExpressionByCharacters(_ text: String) -> Bool {
    if TokenAlias.isAlias(text) { return false }
    let trimmed = text.trimmingSpaces
    if TokenValue.legacyDimension(trimmed) != nil { return false }
    let hasOperator = trimmed.dropFirst().contains { "+-*/(".contains($0) }
    return hasOperator || (trimmed.contains("{") && trimmed.contains("}"))
  }

  /// Evaluates an expression.
  ///
  /// - Parameters:
  ///   - text: The expression.
  ///   - remBase: Pixels per rem, for `px` and `rem` mixed.
  ///   - reference: Resolves `{path}` to a quantity (throws on unknown tokens or cycles).
  /// - Returns: The result with its unit.
  /// - Throws: ``Failure`` for syntax and unit errors; whatever `reference` throws.
  public static func evaluate(
    _ text: String, remBase: Double = TokenValue.defaultRemBase,
    reference: (String) throws -> Quantity
  ) throws -> Quantity {
    let result = try withoutActuallyEscaping(reference) { reference in
      var parser = Parser(text, reference: reference)
      parser.remBase = remBase
      let result = try parser.expression(depth: 0)
      parser.skipSpaces()
      guard parser.atEnd else {
        throw Failure(
          message:
            "unexpected '\(DiagnosticText.excerpt(parser.rest))' in \"\(DiagnosticText.excerpt(text))\""
        )
      }
      return result
    }
    guard result.value.isFinite else {
      throw Failure(
        message:
          "\"\(DiagnosticText.excerpt(text))\" does not give a finite number (\(NumberOverflow.limit)): out of range",
        isOutOfRange: true)
    }
    return result
  }

  private struct Parser {
    let s: [Unicode.Scalar]
    /// The text's UTF-8 bytes when it is ASCII (nearly every expression): then scalar `i`
    /// is byte `i`, and a name or number is made from the bytes in one copy, where
    /// appending scalars cost about 3,500 instructions a name (issue 14 point 9).
    let ascii: [UInt8]?
    var i = 0
    let reference: (String) throws -> Quantity
    var remBase = TokenValue.defaultRemBase

    init(_ text: String, reference: @escaping (String) throws -> Quantity) {
      self.s = Array(text.unicodeScalars)
      let bytes = Array(text.utf8)
      self.ascii = bytes.count == s.count ? bytes : nil
      self.reference = reference
    }

    var atEnd: Bool { i >= s.count }
    var rest: String { text(min(i, s.count)..<s.count) }

    /// The scalars in `range` as a string.
    func text(_ range: Range<Int>) -> String {
      if let ascii { return String(decoding: ascii[range], as: UTF8.self) }
      return String(String.UnicodeScalarView(s[range]))
    }

    /// `isAlphabetic`, answered at once for ASCII (the Unicode property lookup otherwise).
    func isLetter(_ c: Unicode.Scalar) -> Bool {
      if c.isASCII { return (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") }
      return c.properties.isAlphabetic
    }

    mutating func skipSpaces() { while !atEnd, s[i] == " " || s[i] == "\t" { i += 1 } }

    mutating func eat(_ c: Unicode.Scalar) -> Bool {
      skipSpaces()
      if !atEnd, s[i] == c {
        i += 1
        return true
      }
      return false
    }

    mutating func expression(depth: Int) throws -> Quantity {
      guard depth < TokenMath.maximumNesting else {
        throw Failure(
          message:
            "the expression is nested more than \(TokenMath.maximumNesting) deep (parentheses and function calls)"
        )
      }
      var left = try term(depth: depth)
      while true {
        if eat("+") {
          left = try add(left, try term(depth: depth), sign: 1)
        } else if eat("-") {
          left = try add(left, try term(depth: depth), sign: -1)
        } else {
          return left
        }
      }
    }

    mutating func term(depth: Int) throws -> Quantity {
      var left = try factor(depth: depth)
      while true {
        if eat("*") {
          let right = try factor(depth: depth)
          if left.unit != nil && right.unit != nil {
            throw Failure(
              message:
                "cannot multiply \(describe(left)) by \(describe(right)): at most one side may have a unit"
            )
          }
          left = Quantity(left.value * right.value, unit: left.unit ?? right.unit).ratio(
            from: left, right)
        } else if eat("/") {
          let right = try factor(depth: depth)
          guard right.value != 0 else { throw Failure(message: "division by zero") }
          if right.unit != nil {
            // A dimension over a dimension: a plain number, a ratio.
            let (l, r) = try common(left, right, "divide")
            left = Quantity(l.value / r.value, unit: nil)
            left.isRatio = true
          } else {
            left = Quantity(left.value / right.value, unit: left.unit).ratio(from: left, right)
          }
        } else {
          return left
        }
      }
    }

    mutating func factor(depth: Int) throws -> Quantity {
      skipSpaces()
      guard !atEnd else { throw Failure(message: "the expression ends where a value was expected") }
      // A run of unary minus signs is counted, not recursed into: its length is the
      // input's, and a recursion per sign overflowed the stack at 50,000 signs.
      var negations = 0
      while eat("-") { negations += 1 }
      if negations > 0 {
        let q = try factor(depth: depth)
        return Quantity(negations % 2 == 0 ? q.value : -q.value, unit: q.unit).ratio(from: q)
      }
      if eat("(") {
        let q = try expression(depth: depth + 1)
        guard eat(")") else { throw Failure(message: "expected ')'") }
        return q
      }
      if s[i] == "{" {
        let start = i + 1
        while !atEnd, s[i] != "}" { i += 1 }
        guard !atEnd else { throw Failure(message: "unterminated reference '{'") }
        let path = text(start..<i)
        i += 1
        return try reference(path)
      }
      if isLetter(s[i]) {
        let start = i
        while !atEnd, isLetter(s[i]) { i += 1 }
        let name = text(start..<i)
        guard eat("(") else { throw Failure(message: "unknown word '\(name)'") }
        var args = [try expression(depth: depth + 1)]
        while eat(",") { args.append(try expression(depth: depth + 1)) }
        guard eat(")") else {
          throw Failure(message: "expected ')' after the arguments of \(name)")
        }
        return try call(name, args)
      }
      // A number with an optional unit.
      let start = i
      while !atEnd, ("0"..."9").contains(s[i]) || s[i] == "." { i += 1 }
      // An exponent (`1e10`, `2.5E-3`) belongs to the number when a digit follows it: the
      // one number reader (`DecimalText`) decides, as for every number the catalog reads.
      var hasExponent = false
      if !atEnd, s[i] == "e" || s[i] == "E" {
        hasExponent = true
        var j = i + 1
        if j < s.endIndex, s[j] == "+" || s[j] == "-" { j += 1 }
        if j < s.endIndex, ("0"..."9").contains(s[j]) {
          i = j
          while !atEnd, ("0"..."9").contains(s[i]) { i += 1 }
        }
      }
      let lexeme = text(start..<i)
      // Without an exponent, fewer than 300 digits are always in a Double's range (it
      // reaches 1.8e308, and 0 only past 323 zeros): the check is for the rest.
      if hasExponent || lexeme.utf8.count >= 300, DecimalText.isOutOfRange(lexeme) {
        throw Failure(
          message: "the number \(lexeme) is out of range; expected a finite number",
          isOutOfRange: true)
      }
      guard let value = DecimalText.value(lexeme) else {
        throw Failure(
          message:
            "expected a number, a {reference}, '(' or a function at '\(DiagnosticText.excerpt(rest))'"
        )
      }
      let unitStart = i
      while !atEnd, isLetter(s[i]) || s[i] == "%" { i += 1 }
      let unit = text(unitStart..<i)
      if unit.isEmpty { return Quantity(value, unit: nil) }
      guard unit == "px" || unit == "rem" else {
        throw Failure(message: "unknown unit '\(unit)'; expected px or rem")
      }
      return Quantity(value, unit: unit)
    }

    func add(_ a: Quantity, _ b: Quantity, sign: Double) throws -> Quantity {
      let (a, b) = try common(a, b, sign > 0 ? "add" : "subtract")
      return Quantity(a.value + sign * b.value, unit: a.unit).ratio(from: a, b)
    }

    /// Two operands in one unit, as Tokens Studio computes: a unitless number takes the
    /// other's unit; `rem` next to `px` becomes px (× the rem base).
    func common(_ a: Quantity, _ b: Quantity, _ verb: String) throws -> (Quantity, Quantity) {
      switch (a.unit, b.unit) {
      case (let x, let y) where x == y: return (a, b)
      case (nil, let u): return (Quantity(a.value, unit: u), b)
      case (let u, nil): return (a, Quantity(b.value, unit: u))
      case ("rem"?, "px"?): return (Quantity(a.value * remBase, unit: "px"), b)
      case ("px"?, "rem"?): return (a, Quantity(b.value * remBase, unit: "px"))
      default:
        throw Failure(message: "cannot \(verb) \(describe(a)) and \(describe(b)): the units differ")
      }
    }

    func call(_ name: String, _ args: [Quantity]) throws -> Quantity {
      switch (name, args.count) {
      case ("floor", 1):
        return Quantity(args[0].value.rounded(.down), unit: args[0].unit).ratio(from: args[0])
      case ("ceil", 1):
        return Quantity(args[0].value.rounded(.up), unit: args[0].unit).ratio(from: args[0])
      case ("round", 1):
        return Quantity(args[0].value.rounded(), unit: args[0].unit).ratio(from: args[0])
      case ("abs", 1): return Quantity(abs(args[0].value), unit: args[0].unit).ratio(from: args[0])
      case ("min", _) where args.count >= 1, ("max", _) where args.count >= 1:
        var unified = args
        for i in unified.indices.dropFirst() {
          (unified[0], unified[i]) = try common(unified[0], unified[i], name)
        }
        for i in unified.indices.dropFirst() {
          (unified[0], unified[i]) = try common(unified[0], unified[i], name)
        }
        let unit = unified[0].unit
        let values = unified.map(\.value)
        return Quantity(name == "min" ? (values.min() ?? 0) : (values.max() ?? 0), unit: unit)
          .ratio(from: args)
      default:
        throw Failure(
          message:
            "unknown function \(name) with \(args.count) argument(s); expected floor, ceil, round, abs, min or max"
        )
      }
    }

    func describe(_ q: Quantity) -> String { "\(JSONWriter.number(q.value))\(q.unit ?? "")" }
  }
}
