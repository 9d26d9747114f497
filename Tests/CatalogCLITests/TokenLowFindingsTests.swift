import Testing

/// The low findings of the issue 14 review: YAML range errors name the JSON path, `{group}`
/// warnings in a composite point at the member, `tokens set` suggests the nearest token,
/// `tokens rename GROUP.$root` renames the root token, a number has no points, a set's own
/// row does not list itself as overridden, and a negative value needs no `--`.
@Suite struct TokenLowFindingsTests {
  @Test("a YAML number out of range names its JSON path, as a JSON file's does")
  func yamlRangePath() throws {
    let s = try Sandbox()
    let file = try s.write(
      "y.tokens.yaml",
      "space:\n  $type: dimension\n  big:\n    $value:\n      value: 1e400\n      unit: px\n")
    let r = s.run(["add", file])
    #expect(r.status == 1)
    #expect(
      r.err.contains(
        "y.tokens.yaml:5:14: space.big.$value.value: the number 1e400 is out of range"),
      "\(r.err)")
  }

  @Test("a {group} warning inside a composite points at the member")
  func groupWarningAtMember() throws {
    let s = try Sandbox()
    let file = try s.write(
      "g.tokens.json",
      """
      {"accent": {"$type": "dimension", "$root": {"$value": {"value": 8, "unit": "px"}}},
       "b": {"$type": "border", "$value": {"style": "solid",
        "width": "{accent}", "color": {"colorSpace": "srgb", "components": [1, 0, 0]}}}}
      """)
    let r = s.run(["add", file])
    #expect(r.status == 0, "\(r.err)")
    // Line 3, column 12: the width member's value, not the token (line 2).
    #expect(
      r.err.contains("g.tokens.json:3:12: warning: b: the reference {accent} names a group"),
      "\(r.err)")
  }

  @Test("tokens set suggests the nearest token path for an alias naming none")
  func didYouMean() throws {
    let s = try Sandbox()
    #expect(s.run(["tokens", "set", "space", "8px", "--set", "a"]).status == 0)
    let r = s.run(["tokens", "set", "gap", "{spcae}"])
    #expect(r.status == 1)
    #expect(r.err.contains("did you mean {space}?"), "\(r.err)")
  }

  @Test("tokens rename GROUP.$root renames the group's root token")
  func renameRoot() throws {
    let s = try Sandbox()
    let file = try s.write(
      "g.tokens.json",
      #"{"accent": {"$type": "dimension", "$root": {"$value": {"value": 8, "unit": "px"}}, "light": {"$value": {"value": 4, "unit": "px"}}}, "use": {"$type": "dimension", "$value": "{accent.$root}"}}"#
    )
    #expect(s.run(["add", file]).status == 0)
    let r = s.run(["tokens", "rename", "accent.$root", "hue"])
    #expect(r.status == 0, "\(r.err)")
    let list = s.run(["tokens", "list"]).out
    #expect(
      list.contains("hue ") && list.contains("{hue} = 8pt") && list.contains("accent.light"),
      "\(list)")
  }

  @Test("a number token shows no points (numbers are unitless)")
  func numberHasNoPoints() throws {
    let s = try Sandbox()
    let set = s.run(["tokens", "set", "ratio", "1.5", "--type", "number", "--set", "a"])
    #expect(set.out == "Added {ratio} = 1.5 in set 'a' (revision 1)\n", "\(set.out)")
    let list = s.run(["tokens", "list"]).out
    #expect(list.contains("1.5  [a]") && !list.contains("pt"), "\(list)")
    #expect(!s.run(["tokens", "get", "ratio"]).out.contains("pt"))
  }

  @Test("tokens list --set shows the sets a row overrides, never its own")
  func overridesNotOwnSet() throws {
    let s = try Sandbox()
    #expect(s.run(["tokens", "set", "gap", "4px", "--set", "a"]).status == 0)
    #expect(s.run(["tokens", "set", "gap", "6px", "--set", "b", "--new-set"]).status == 0)
    #expect(s.run(["tokens", "set", "gap", "8px", "--set", "c", "--new-set"]).status == 0)
    let a = try json(s.run(["tokens", "list", "--set", "a", "--json"]).out)
    #expect(a.arrayValue?.first?.objectValue?["overrides"] == .array([]))
    let b = try json(s.run(["tokens", "list", "--set", "b", "--json"]).out)
    #expect(b.arrayValue?.first?.objectValue?["overrides"] == .array([.string("a")]))
    #expect(b.arrayValue?.first?.objectValue?["winningSet"] == .string("c"))
  }

  @Test("a negative value after the path is the value", arguments: ["-0px", "-4", "-.5rem"])
  func negativeValue(value: String) throws {
    let s = try Sandbox()
    let r = s.run(["tokens", "set", "m.base", value, "--set", "a"])
    #expect(r.status == 0, "\(r.err)")
    #expect(s.run(["tokens", "set", "m.base", "--bogus"]).status == 64)
  }
}
