import Testing

/// The token commands' rules: `tokens set` and `tokens rename` follow one
/// path rule (a token has no inside, a group is no token), resolver documents with a
/// `name` are read as resolver documents, Tokens Studio sets obey the dangling-alias rule
/// with locations, `tokenSetOrder` is checked, and the set commands say what they ignore.
@Suite struct TokenCommandRulesTests {
  static let spacing =
    #"{"space": {"$type": "dimension", "sm": {"$value": {"value": 4, "unit": "px"}}, "md": {"$value": {"value": 8, "unit": "px"}}}}"#

  @Test("tokens set refuses a path inside a token, as tokens rename does")
  func setInsideToken() throws {
    let s = try Sandbox()
    let file = try s.write("spacing.tokens.json", Self.spacing)
    #expect(s.run(["add", file]).status == 0)
    let set = s.run(["tokens", "set", "space.md.y", "4px", "--set", "spacing"])
    #expect(set.status != 0, "\(set.out)\(set.err)")
    #expect(set.err.contains("would be inside the token {space.md}"), "\(set.err)")
    let rename = s.run(["tokens", "rename", "space.sm", "space.md.z"])
    #expect(rename.status != 0)
    #expect(rename.err.contains("would be inside the token {space.md}"), "\(rename.err)")
    // A new token may not be a group's path either (rename's rule).
    let group = s.run(["tokens", "set", "space", "4px", "--set", "spacing"])
    #expect(group.status != 0, "\(group.out)\(group.err)")
    #expect(group.err.contains("{space} is a group of set 'spacing'"), "\(group.err)")
    // A path beside them is fine.
    #expect(s.run(["tokens", "set", "space.lg", "16px", "--set", "spacing"]).status == 0)
  }

  @Test("tokens set refuses a group of a resolver document's context, allows an override")
  func setAgainstResolverDocuments() throws {
    let s = try Sandbox()
    #expect(s.run(["add", try s.write("spacing.tokens.json", Self.spacing)]).status == 0)
    let doc = try s.write(
      "rz.resolver.json",
      ##"{"version": "2025.10", "modifiers": {"density": {"default": "regular", "contexts": {"regular": [{}], "compact": [{"space": {"$type": "dimension", "sm": {"$value": {"value": 2, "unit": "px"}}}, "rz": {"g": {"t": {"$type": "dimension", "$value": {"value": 1, "unit": "px"}}}}}]}}}, "resolutionOrder": [{"$ref": "#/modifiers/density"}]}"##
    )
    #expect(s.run(["add", doc]).status == 0)
    // `rz.g` is a group in the compact context: a token there would break the context
    // (`doctor`'s error), so the new token is refused, as `tokens rename` refuses it.
    let group = s.run(["tokens", "set", "rz.g", "4px", "--set", "spacing"])
    #expect(group.status != 0, "\(group.out)\(group.err)")
    #expect(group.err.contains("{rz.g} is a group of resolver document"), "\(group.err)")
    let inside = s.run(["tokens", "set", "rz.g.t.x", "4px", "--set", "spacing"])
    #expect(inside.status != 0, "\(inside.out)\(inside.err)")
    #expect(inside.err.contains("would be inside the token {rz.g.t}"), "\(inside.err)")
    // A token the context overrides may be created in the catalog.
    let override = s.run(["tokens", "set", "rz.g.t", "3px", "--set", "spacing"])
    #expect(override.status == 0, "\(override.out)\(override.err)")
    #expect(s.run(["doctor"]).status == 0)
  }

  @Test("a resolver document with a top-level name is read as a resolver document")
  func namedResolverDocument() throws {
    let s = try Sandbox()
    try s.write(
      "base.json",
      #"{"space": {"$type": "dimension", "gap": {"$value": {"value": 4, "unit": "px"}}}}"#)
    try s.write("compact.json", #"{"space": {"gap": {"$value": {"value": 2, "unit": "px"}}}}"#)
    let doc = try s.write(
      "doc.resolver.json",
      ##"{"name": "Density2", "version": "2025.10", "sets": {"base": {"sources": [{"$ref": "base.json"}]}}, "modifiers": {"density": {"contexts": {"roomy": [], "compact": [{"$ref": "compact.json"}]}, "default": "roomy"}}, "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/density"}]}"##
    )
    for command in [["add", doc], ["tokens", "import", doc]] {
      let r = s.run(command)
      #expect(r.status == 0, "\(command): \(r.out)\(r.err)")
      #expect(!r.err.contains("unknown property"), "\(r.err)")
    }
  }

  static let studio = """
    {"global": {"spacing": {"value": "6", "type": "spacing", "sm": {"value": "{spacing} * 2", "type": "spacing"}}},
     "dark": {"spacing": {"md": {"value": "{spacing.sm} + {nope}", "type": "spacing"}}},
     "$metadata": {"tokenSetOrder": ["global", "dark"]}}
    """

  @Test("a Tokens Studio set obeys the dangling-alias rule, located in the file")
  func studioDangling() throws {
    let s = try Sandbox()
    let file = try s.write("studio.json", Self.studio)
    let r = s.run(["add", file])
    #expect(r.status == 1, "\(r.out)\(r.err)")
    #expect(r.err.contains("{nope}"), "\(r.err)")
    #expect(r.err.contains("studio.json:2:"), "\(r.err)")
    #expect(!r.err.contains("--force"), "\(r.err)")
    let kept = s.run(["add", "--allow-dangling", file])
    #expect(kept.status == 0, "\(kept.err)")
    #expect(kept.err.contains("{nope}") && kept.err.contains("studio.json:2:"), "\(kept.err)")
  }

  @Test("tokenSetOrder refuses duplicates, non-strings and unknown sets at their JSON path")
  func setOrderChecked() throws {
    let s = try Sandbox()
    let file = try s.write(
      "order.json",
      #"{"global": {"a": {"$type": "dimension", "$value": "4px"}}, "dark": {"b": {"$type": "dimension", "$value": "2px"}}, "$metadata": {"tokenSetOrder": ["global", "dark", "global", 7, "ghost"]}}"#
    )
    let r = s.run(["add", file])
    #expect(r.status == 1, "\(r.out)\(r.err)")
    for path in [
      "$metadata.tokenSetOrder[2]", "$metadata.tokenSetOrder[3]", "$metadata.tokenSetOrder[4]",
    ] {
      #expect(r.err.contains(path), "\(path): \(r.err)")
    }
    #expect(r.err.contains("'global' is listed twice"), "\(r.err)")
    #expect(r.err.contains("'ghost'"), "\(r.err)")
  }

  @Test("tokens get gives the reason a token cannot be computed, graded as doctor grades it")
  func getUncomputable() throws {
    let s = try Sandbox()
    let file = try s.write(
      "a.tokens.json",
      #"{"a": {"$type": "dimension", "x": {"$value": {"value": 4, "unit": "px"}}, "y": {"$value": "{a.x} / 0"}, "z": {"$value": "{nope}"}}}"#
    )
    let add = s.run(["add", "--allow-dangling", file])
    #expect(add.status == 0, "\(add.err)")
    let math = s.run(["tokens", "get", "a.y"])
    #expect(math.status == 1, "\(math.out)\(math.err)")
    #expect(math.out.contains("{a.y}"), "\(math.out)")
    #expect(math.err.contains("its value cannot be computed"), "\(math.err)")
    let json = s.run(["tokens", "get", "a.y", "--json"])
    #expect(json.status == 1 && json.out.contains("\"problem\""), "\(json.out)")
    let dangling = s.run(["tokens", "get", "a.z"])
    #expect(dangling.status == 0, "\(dangling.err)")
    #expect(
      dangling.err.contains("warning: {a.z}: its value cannot be computed"), "\(dangling.err)")
    let group = s.run(["tokens", "get", "a"])
    #expect(group.status == 1)
    #expect(group.err.contains("{a} is a group, not a token"), "\(group.err)")
    #expect(group.err.contains("{a.x}"), "\(group.err)")
  }

  @Test("--new-set for an existing set says so; tokens sets --to alone is a usage error")
  func setFlagsNotIgnored() throws {
    let s = try Sandbox()
    let file = try s.write("spacing.tokens.json", Self.spacing)
    #expect(s.run(["add", file]).status == 0)
    let r = s.run(["tokens", "set", "a.c", "4px", "--set", "spacing", "--new-set"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.err.contains("--new-set: the token set 'spacing' already exists"), "\(r.err)")
    let to = s.run(["tokens", "sets", "--to", "1"])
    #expect(to.status == 64, "\(to.out)\(to.err)")
    #expect(to.err.contains("--to needs --move"), "\(to.err)")
  }

  @Test("tokens set says when a set of higher precedence overrides the saved value")
  func setOverridden() throws {
    let s = try Sandbox()
    let base = try s.write(
      "base.tokens.json", #"{"g": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}}"#)
    let over = try s.write(
      "over.tokens.json", #"{"g": {"$type": "dimension", "$value": {"value": 12, "unit": "px"}}}"#)
    #expect(s.run(["add", base]).status == 0)
    #expect(s.run(["add", over]).status == 0)
    for dry in [true, false] {
      let r = s.run(["tokens", "set", "g", "5px", "--set", "base"] + (dry ? ["--dry-run"] : []))
      #expect(r.status == 0, "\(r.err)")
      #expect(r.err.contains("is overridden by set 'over'") && r.err.contains("12pt"), "\(r.err)")
    }
    let winner = s.run(["tokens", "set", "g", "6px", "--set", "over"])
    #expect(!winner.err.contains("overridden"), "\(winner.err)")
  }
}
