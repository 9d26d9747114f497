import CatalogModel
import Testing

/// `$` references: parameters and members of ForEach records (`$row.title`).
@Suite struct ReferencePathTests {
  @Test(arguments: [
    ("$title", ValueExpression.parameter("title")),
    ("$row.title", .parameter("row.title")),
    ("$5.99", .literal(.string("$5.99"))),
    ("$row.", .literal(.string("$row."))),
    ("$a.b.c", .literal(.string("$a.b.c"))),
    ("$$row.title", .literal(.string("$row.title"))),
  ])
  func stringsThatAreReferences(_ text: String, _ expected: ValueExpression) {
    #expect(ValueExpression.parse(string: text) == expected)
  }

  /// Issue 17 point 4 checks the parts in one pass over the bytes instead of splitting.
  @Test(
    "a reference is one or two identifiers joined by a dot, each at most 128 bytes",
    arguments: [
      ("title", true), ("row.title", true), ("_a.b9", true), ("a", true),
      (String(repeating: "a", count: 128), true), (String(repeating: "a", count: 129), false),
      ("a." + String(repeating: "b", count: 128), true),
      ("a." + String(repeating: "b", count: 129), false), ("", false), (".", false),
      ("a.", false), (".a", false), ("a..b", false), ("a.b.c", false), ("9a", false),
      ("a.9", false), ("a-b", false), ("é", false), ("a b", false),
    ])
  func validReferences(_ text: String, _ valid: Bool) {
    #expect(ReferencePath.isValid(text) == valid)
  }

  @Test func conditionsReadRecordMembers() throws {
    let c = try Condition.parse("$row.subtitle && !$row.hidden")
    #expect(c.parameters == ["row.subtitle", "row.hidden"])
    #expect(throws: (any Error).self) { try Condition.parse("$row.") }
  }

  @Test func lengthsReadRecordMembers() {
    guard case .success(let l) = Length.parse(.string("$row.gap")) else {
      Issue.record("not a length")
      return
    }
    #expect(l == .parameter("row.gap"))
  }

  @Test func itemsAreChecked() throws {
    let text = #"""
      {"name": "R", "parameters": {"rows": {"type": "list", "items": {"n": "number", "s": {"type": "string", "optional": true}},
        "default": [{"n": 1}, {"n": 2, "s": "x"}]}},
       "variants": {"bad": {"rows": [{"n": "one"}]}},
       "body": {"type": "EmptyView"}}
      """#
    do {
      _ = try DefinitionParser.parse(text)
      Issue.record("accepted a variant whose record has a string for a number")
    } catch {
      #expect(error.path == "variants.bad.rows")
      #expect(error.message.contains("'n'"), "\(error.message)")
    }
  }

  @Test func itemsOnlyOnLists() throws {
    let text =
      #"{"name": "R", "parameters": {"t": {"type": "string", "items": {"a": "string"}}}, "body": {"type": "EmptyView"}}"#
    do {
      _ = try DefinitionParser.parse(text)
      Issue.record("accepted items on a string")
    } catch {
      #expect(error.path == "parameters.t.items")
    }
  }
}
