import CatalogModel
import Testing

/// Issue 12, point 2: a `when` with 100,000 terms (600 KB) crashed with SIGSEGV in the
/// recursive deallocation of a left-deep `&&` tree; every walk of a condition must stay
/// shallow however many terms a chain has.
struct ConditionCostTests {
  static func chain(_ terms: Int, _ op: String) -> String {
    Array(repeating: "$a", count: terms).joined(separator: " \(op) ")
  }

  @Test(arguments: ["&&", "||"])
  func aHundredThousandTermChainParsesEvaluatesAndIsFreed(_ op: String) throws {
    do {
      let condition = try Condition.parse(Self.chain(100_000, op))
      #expect(condition.parameters.count == 100_000)
      #expect(condition.evaluate { _ in .bool(true) })
      #expect(condition.description.count == Self.chain(100_000, op).count)
      #expect(try Condition.parse(condition.description) == condition)
    }  // The condition is freed here: a recursive destructor overflowed the stack.
  }

  @Test func aMixedChainKeepsPrecedence() throws {
    let text = (0..<50_000).map { $0.isMultiple(of: 2) ? "$a && !$b" : "$c == 'x'" }.joined(
      separator: " || ")
    let condition = try Condition.parse(text)
    #expect(condition.evaluate { $0 == "a" ? .bool(true) : nil })
    #expect(!condition.evaluate { _ in nil })
  }

  @Test func aDefinitionWithAHundredThousandTermWhenParses() throws {
    let json =
      #"{"name": "Deep", "parameters": {"a": {"type": "boolean", "default": true}}, "body": {"type": "VStack", "children": [{"type": "Text", "text": "x", "when": ""#
      + Self.chain(100_000, "&&") + #""}]}}"#
    let definition = try DefinitionParser.parse(json, file: "deep.json")
    #expect(definition.name == "Deep")
  }
}
