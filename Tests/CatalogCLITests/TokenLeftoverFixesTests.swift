import Testing

/// The last review's leftovers on tokens (issue 14), each with the value it must give.
@Suite struct TokenLeftoverFixesTests {
  /// A catalog with a rooted group `brand` (`brand.$root` and `brand.dark`) and spacing.
  static func catalog() throws -> Sandbox {
    let s = try Sandbox()
    let file = try s.write(
      "base.tokens.json",
      #"{"brand": {"$type": "color", "$root": {"$value": {"colorSpace": "srgb", "components": [1, 0, 0]}}, "dark": {"$value": {"colorSpace": "srgb", "components": [0, 0, 0]}}}, "space": {"$type": "dimension", "base": {"$value": {"value": 4, "unit": "px"}}, "gap": {"$value": {"value": 8, "unit": "px"}}}}"#
    )
    let r = s.run(["add", file])
    #expect(r.status == 0, "\(r.err)")
    return s
  }

  @Test("tokens set: a {group} inside a composite is named at its member, as import does")
  func groupReferenceNoteNamesTheMember() throws {
    let s = try Self.catalog()
    let r = s.run([
      "tokens", "set", "line",
      #"{"color": "{brand}", "width": {"value": 1, "unit": "px"}, "style": "solid"}"#,
      "--type", "border",
    ])
    #expect(r.status == 0, "\(r.err)")
    #expect(
      r.err.contains(
        "warning: line.$value.color: the reference {brand} names a group; rewritten to its root token {brand.$root}"
      ), "\(r.err)")
    // A whole-value alias is the token itself.
    let alias = s.run(["tokens", "set", "accent", "{brand}"])
    #expect(alias.status == 0, "\(alias.err)")
    #expect(
      alias.err.contains("warning: accent: the reference {brand} names a group"), "\(alias.err)")
  }

  @Test("tokens set: a new alias without --type has its target's type (DTCG §5.2.2)")
  func newAliasTakesTheTargetsType() throws {
    let s = try Self.catalog()
    // Was: "{accent} is a dimension token but its alias now resolves to a color token".
    let r = s.run(["tokens", "set", "accent", "{brand.dark}"])
    #expect(r.status == 0, "\(r.err)")
    let get = s.run(["tokens", "get", "accent"])
    #expect(get.out.contains(#"{accent}  color  "{brand.dark}""#), "\(get.out)")
  }

  @Test("tokens set: an alias naming a misspelt group suggests the group's tokens")
  func misspeltGroupIsSuggested() throws {
    let s = try Self.catalog()
    let r = s.run(["tokens", "set", "gap", "{spcae}"])
    #expect(r.status == 1)
    #expect(
      r.err.contains("; did you mean a token of space: {space.base}, {space.gap}?"), "\(r.err)")
    // A near token path is still named as before.
    let near = s.run(["tokens", "set", "gap", "{space.bse}"])
    #expect(near.err.contains("; did you mean {space.base}?"), "\(near.err)")
  }

  @Test("one add of a multi-set file and a file named after one of its sets is refused")
  func multiSetFileAndSameNamedFile() throws {
    let s = try Sandbox()
    let multi = try s.write(
      "studio.json",
      ##"{"global": {"spacing": {"sm": {"type": "spacing", "value": "4"}}}, "dark": {"c": {"type": "color", "value": "#000000"}}, "$metadata": {"tokenSetOrder": ["global", "dark"]}}"##
    )
    let single = try s.write("global.tokens.json", #"{"x": {"$type": "number", "$value": 1}}"#)
    let r = s.run(["add", multi, single])
    #expect(r.status == 1)
    #expect(r.err.contains("would both go into the set 'global'"), "\(r.err)")
  }
}
