import CatalogModel
import Testing

/// A condition, the arguments it is evaluated with, and whether the view is kept.
struct ConditionCase: CustomTestStringConvertible, Sendable {
  var expression: String
  var arguments: [String: JSONValue]
  var expected: Bool
  init(_ expression: String, _ arguments: [String: JSONValue], _ expected: Bool) {
    self.expression = expression
    self.arguments = arguments
    self.expected = expected
  }
  var testDescription: String {
    "\(expression) with \(arguments.sorted { $0.key < $1.key }.map { "\($0.key)=\(JSONWriter.compact($0.value))" }.joined(separator: ",")) → \(expected)"
  }
}

@Suite struct ConditionTests {
  static let table: [ConditionCase] = [
    // Truthiness of a parameter.
    ConditionCase("$a", [:], false),
    ConditionCase("$a", ["a": .null], false),
    ConditionCase("$a", ["a": .bool(false)], false),
    ConditionCase("$a", ["a": .string("")], false),
    ConditionCase("$a", ["a": .number(0)], false),
    ConditionCase("$a", ["a": .array([])], false),
    ConditionCase("$a", ["a": .bool(true)], true),
    ConditionCase("$a", ["a": .string("Miles")], true),
    ConditionCase("$a", ["a": .string("false")], true),
    ConditionCase("$a", ["a": .number(-1)], true),
    ConditionCase("$a", ["a": .array([.string("x")])], true),
    ConditionCase("$a", ["a": .object(JSONObject())], true),
    // Not.
    ConditionCase("!$a", [:], true),
    ConditionCase("!$a", ["a": .string("x")], false),
    ConditionCase("!!$a", ["a": .string("x")], true),
    ConditionCase("! $compact", ["compact": .bool(false)], true),
    // Equality with string, number, Boolean and null literals.
    ConditionCase("$style == 'dense'", ["style": .string("dense")], true),
    ConditionCase("$style == 'dense'", ["style": .string("plain")], false),
    ConditionCase("$style == 'dense'", [:], false),
    ConditionCase("$style == \"dense\"", ["style": .string("dense")], true),
    ConditionCase("'dense' == $style", ["style": .string("dense")], true),
    ConditionCase("$style != 'dense'", [:], true),
    ConditionCase("$style != 'dense'", ["style": .string("dense")], false),
    ConditionCase("$s == 'it\\'s'", ["s": .string("it's")], true),
    ConditionCase("$s == 'a b'", ["s": .string("a b")], true),
    ConditionCase("$n == 3", ["n": .number(3)], true),
    ConditionCase("$n == 3.0", ["n": .number(3)], true),
    ConditionCase("$n == -1.5", ["n": .number(-1.5)], true),
    ConditionCase("$n != 0", ["n": .number(0)], false),
    ConditionCase("$n == 1", ["n": .string("1")], false),
    ConditionCase("$b == true", ["b": .bool(true)], true),
    ConditionCase("$b == false", [:], false),
    ConditionCase("$b == null", [:], true),
    ConditionCase("$b != null", ["b": .string("")], true),
    ConditionCase("$a == $b", ["a": .string("x"), "b": .string("x")], true),
    ConditionCase("$a == $b", ["a": .string("x")], false),
    // And, or, precedence and parentheses.
    ConditionCase("$a && $b", ["a": .bool(true), "b": .bool(true)], true),
    ConditionCase("$a && $b", ["a": .bool(true)], false),
    ConditionCase("$a || $b", ["b": .string("y")], true),
    ConditionCase("$a || $b", [:], false),
    ConditionCase("$a || $b && $c", ["a": .bool(true)], true),
    ConditionCase("($a || $b) && $c", ["a": .bool(true)], false),
    ConditionCase("!$a && $b", ["b": .bool(true)], true),
    ConditionCase("!($a && $b)", ["a": .bool(true), "b": .bool(true)], false),
    ConditionCase("$n != 0 && ($a || !$b)", ["n": .number(2), "b": .bool(true)], false),
    ConditionCase("$n != 0 && ($a || !$b)", ["n": .number(2)], true),
    ConditionCase("$style == 'dense' || $style == 'tight'", ["style": .string("tight")], true),
    ConditionCase("(($a))", ["a": .bool(true)], true),
    // Literals alone.
    ConditionCase("true", [:], true),
    ConditionCase("false", [:], false),
    ConditionCase("null", [:], false),
    ConditionCase("0", [:], false),
    ConditionCase("1", [:], true),
    ConditionCase("''", [:], false),
    ConditionCase("'x'", [:], true),
  ]

  @Test(arguments: table)
  func evaluate(_ c: ConditionCase) throws {
    let condition = try Condition.parse(c.expression)
    #expect(condition.evaluate { c.arguments[$0] } == c.expected)
  }

  @Test(arguments: table)
  func canonicalFormParsesToTheSameCondition(_ c: ConditionCase) throws {
    let condition = try Condition.parse(c.expression)
    #expect(try Condition.parse(condition.description) == condition)
  }

  @Test func structureAndPrecedence() throws {
    #expect(
      try Condition.parse("$a || $b && !$c")
        == .or(.parameter("a"), .and(.parameter("b"), .not(.parameter("c")))))
    #expect(
      try Condition.parse("$a == 'x' && $b != 2")
        == .and(
          .equal(.parameter("a"), .literal(.string("x"))),
          .notEqual(.parameter("b"), .literal(.number(2)))))
    #expect(
      try Condition.parse("$a && $b && $c")
        == .and(.and(.parameter("a"), .parameter("b")), .parameter("c")))
  }

  @Test func descriptionIsCanonical() throws {
    #expect(try Condition.parse("  $a||$b&&!$c ").description == "$a || ($b && !$c)")
    #expect(try Condition.parse("$s == \"it's\"").description == "$s == 'it\\'s'")
    #expect(try Condition.parse("!($a || $b)").description == "!($a || $b)")
  }

  @Test func parametersInOrderOfAppearance() throws {
    #expect(
      try Condition.parse("$b == 'x' || !$a && ($c != $b)").parameters == ["b", "a", "c", "b"])
    #expect(try Condition.parse("true").parameters == [])
  }

  static let syntaxErrors: [(String, Int, String)] = [
    ("", 1, "unexpected end; expected a parameter like $name, a literal or '('"),
    ("$", 2, "expected a parameter name after '$'"),
    ("$1a", 4, "expected a parameter name after '$'"),
    ("$a &&", 6, "unexpected end; expected a parameter like $name, a literal or '('"),
    ("$a & $b", 4, "unexpected '&'; expected '&&', '||' or the end"),
    ("$a $b", 4, "unexpected '$'; expected '&&', '||' or the end"),
    ("$a = 'x'", 4, "'=' is not an operator; use '==' to compare"),
    ("$a == ", 7, "unexpected end; expected a parameter like $name, a literal or '('"),
    ("'abc", 5, "unterminated string literal"),
    ("()", 2, "unexpected ')'; expected a parameter like $name, a literal or '('"),
    ("($a", 4, "expected ')'"),
    ("$a == dense", 7, "unknown word 'dense'; parameters start with '$' and strings are quoted"),
    ("$a)", 3, "unexpected ')'; expected '&&', '||' or the end"),
  ]

  @Test(arguments: syntaxErrors)
  func syntaxErrorsGiveTheColumn(_ expression: String, _ column: Int, _ message: String) throws {
    let error = try #require(throws: ConditionSyntaxError.self) { try Condition.parse(expression) }
    #expect(error.column == column)
    #expect(error.message == message)
    #expect(error.description == "at column \(column): \(message)")
  }

  @Test func deepNestingIsAnErrorNotACrash() throws {
    let parens =
      String(repeating: "(", count: 10_000) + "$a" + String(repeating: ")", count: 10_000)
    let e1 = try #require(throws: ConditionSyntaxError.self) { try Condition.parse(parens) }
    #expect(e1.message == "the expression is nested too deeply")
    let nots = String(repeating: "!", count: 10_000) + "$a"
    let e2 = try #require(throws: ConditionSyntaxError.self) { try Condition.parse(nots) }
    #expect(e2.message == "the expression is nested too deeply")
  }

  @Test("parentheses and ! nest at most 64 deep, as README says: 64 parse, 65 do not")
  func nestingLimitIsSixtyFour() throws {
    func parens(_ n: Int) -> String {
      String(repeating: "(", count: n) + "$a" + String(repeating: ")", count: n)
    }
    #expect(throws: Never.self) { try Condition.parse(parens(64)) }
    #expect(throws: ConditionSyntaxError.self) { try Condition.parse(parens(65)) }
    #expect(throws: Never.self) { try Condition.parse(String(repeating: "!", count: 64) + "$a") }
    #expect(throws: ConditionSyntaxError.self) {
      try Condition.parse(String(repeating: "!", count: 65) + "$a")
    }
  }

  @Test func truthyMatchesTheDocumentedTable() {
    #expect(!Condition.truthy(nil))
    #expect(!Condition.truthy(.null))
    #expect(!Condition.truthy(.bool(false)))
    #expect(!Condition.truthy(.string("")))
    #expect(!Condition.truthy(.number(0)))
    #expect(!Condition.truthy(.array([])))
    #expect(Condition.truthy(.number(0.5)))
    #expect(Condition.truthy(.string(" ")))
  }
}
