import Testing

/// Fresh-user review of the issue 14 fixes: the older string form of a dimension obeys the
/// points rule the object form does, and a token inside a group that has a `$root` token
/// can be renamed within its group (the root is a group, not a token with an inside).
@Suite struct TokenReviewFollowUpTests {
  @Test(
    "a string-form dimension out of range is refused at import like the object form",
    arguments: ["1e308rem", "2e307rem"])
  func stringFormRange(value: String) throws {
    let s = try Sandbox()
    let file = try s.write(
      "str.tokens.json", #"{"s": {"$type": "dimension", "$value": "\#(value)"}}"#)
    let r = s.run(["add", file])
    #expect(r.status == 1, "\(r.out)\(r.err)")
    #expect(r.err.contains("is out of range"), "\(r.err)")
  }

  @Test("a member of a group with a $root token is renamed within the group")
  func renameInsideRootGroup() throws {
    let s = try Sandbox()
    let file = try s.write(
      "r.tokens.json",
      #"{"space": {"$type": "dimension", "$root": {"$value": {"value": 8, "unit": "px"}}, "sm": {"$value": {"value": 4, "unit": "px"}}}, "gap": {"$type": "dimension", "$value": "{space.sm}"}}"#
    )
    #expect(s.run(["add", file]).status == 0)
    let r = s.run(["tokens", "rename", "space.sm", "space.small"])
    #expect(r.status == 0, "\(r.err)")
    let list = s.run(["tokens", "list"])
    #expect(list.out.contains("space.small") && list.out.contains("{space.small}"), "\(list.out)")
    // A plain token (no tokens below it) still has no inside.
    let plain = s.run(["tokens", "rename", "space.small", "gap.inner"])
    #expect(plain.status != 0)
    #expect(plain.err.contains("would be inside the token {gap}"), "\(plain.err)")
  }
}

/// `tokens set` refuses a value that makes math depending on it overflow (the points rule
/// through the dependents check), as it refuses a broken alias; `--force` lets it through.
@Suite struct DependentMathRangeTests {
  @Test("tokens set refuses a value under which a dependent's math is out of range")
  func dependentOverflow() throws {
    let s = try Sandbox()
    #expect(s.run(["tokens", "set", "w.a", "1px", "--set", "base"]).status == 0)
    #expect(s.run(["tokens", "set", "w.b", "{w.a} * 1000", "--type", "dimension"]).status == 0)
    let r = s.run(["tokens", "set", "w.a", "1e306px"])
    #expect(r.status == 1, "\(r.out)\(r.err)")
    #expect(r.err.contains("{w.b}") && r.err.contains("out of range"), "\(r.err)")
    #expect(s.run(["doctor"]).status == 0, "the refused change left the catalog valid")
  }
}

/// Math operands are numbers as the one number reader (`DecimalText`) reads them, exponent
/// included: `{m.base} * 1e1` is 20 points, not "unknown unit 'e'".
@Suite struct MathExponentTests {
  @Test(
    "math operands with an exponent compute",
    arguments: [
      ("{m.base} * 1e1", "= 20pt"), ("{m.base} * 2.5E-1", "= 0.5pt"),
      ("{m.base} + 1e+1px", "= 12pt"),
    ])
  func exponent(expression: String, expected: String) throws {
    let s = try Sandbox()
    #expect(s.run(["tokens", "set", "m.base", "2px", "--set", "base"]).status == 0)
    let r = s.run(["tokens", "set", "m.x", expression, "--type", "dimension"])
    #expect(r.status == 0, "\(r.err)")
    let list = s.run(["tokens", "list"])
    #expect(list.out.contains(expected), "\(list.out)")
  }

  @Test("an operand out of range is refused as such")
  func outOfRange() throws {
    let s = try Sandbox()
    #expect(s.run(["tokens", "set", "m.base", "2px", "--set", "base"]).status == 0)
    let r = s.run(["tokens", "set", "m.x", "{m.base} * 1e400", "--type", "dimension"])
    #expect(r.status == 1)
    #expect(r.err.contains("out of range") && !r.err.contains("unknown unit"), "\(r.err)")
  }
}
