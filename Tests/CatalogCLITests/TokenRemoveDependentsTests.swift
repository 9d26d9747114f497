import Testing

/// `tokens remove` lists every token it breaks — whole-value aliases, math operands and
/// composite members naming the removed token — with or without `--force`, and `doctor`
/// says what left a reference naming no token, from the token's history, in words true in
/// every case.
@Suite struct TokenRemoveDependentsTests {
  static func catalog() throws -> Sandbox {
    let s = try Sandbox()
    let file = try s.write(
      "t.tokens.json",
      #"{"b": {"$type": "dimension", "$value": {"value": 2, "unit": "px"}}, "a": {"$type": "dimension", "$value": "{b}"}, "m": {"$type": "dimension", "$value": "{b} * 2"}, "br": {"$type": "border", "$value": {"color": {"colorSpace": "srgb", "components": [1, 0, 0]}, "width": "{b}", "style": "solid"}}}"#
    )
    #expect(s.run(["add", file]).status == 0)
    return s
  }

  @Test("tokens remove refuses, listing the alias, the math and the composite it breaks")
  func refusedListingDependents() throws {
    let s = try Self.catalog()
    #expect(s.run(["tokens", "rename", "b", "c"]).status == 0)
    let r = s.run(["tokens", "remove", "c"])
    #expect(r.status == 1, "\(r.out)")
    for line in [
      "{a}: unknown token {c} (referenced by {a})", "{m}: unknown token {c} (referenced by {m})",
      "{br}: unknown token {c} (referenced by {br})",
    ] {
      #expect(r.err.contains(line), "\(r.err)")
    }
    #expect(s.run(["tokens", "get", "c"]).status == 0, "nothing was removed")
  }

  @Test("tokens remove --force removes it and lists what it broke")
  func forcedListsDependents() throws {
    let s = try Self.catalog()
    let r = s.run(["tokens", "remove", "b", "--force"])
    #expect(r.status == 0, "\(r.err)")
    for token in ["a", "m", "br"] {
      #expect(r.err.contains("warning: {\(token)}: unknown token {b}"), "\(r.err)")
    }
  }

  @Test("doctor says the token existed and was removed, after a rename then a forced removal")
  func doctorAfterRenameAndRemove() throws {
    let s = try Self.catalog()
    #expect(s.run(["tokens", "rename", "b", "c"]).status == 0)
    #expect(s.run(["tokens", "remove", "c", "--force"]).status == 0)
    let doctor = s.run(["doctor"])
    #expect(doctor.status == 0, "dangling references are warnings: \(doctor.out)")
    let removed = "a token {c} existed and was removed (`catalog tokens history c` shows when)"
    for location in ["missing-alias: token a", "token-value: token m", "missing-alias: token br"] {
      #expect(
        doctor.out.split(separator: "\n").contains {
          $0.contains(location) && $0.contains(removed)
        }, "\(location): \(doctor.out)")
    }
    #expect(!doctor.out.contains("--allow-dangling"), "\(doctor.out)")
  }

  @Test("doctor says no such token was ever saved for a reference an import kept")
  func doctorAfterAllowDangling() throws {
    let s = try Sandbox()
    let file = try s.write(
      "t.tokens.json",
      #"{"m": {"$type": "dimension", "$value": "{nope} * 2"}, "br": {"$type": "border", "$value": {"color": {"colorSpace": "srgb", "components": [1, 0, 0]}, "width": "{nope}", "style": "solid"}}}"#
    )
    #expect(s.run(["add", file, "--allow-dangling"]).status == 0)
    let doctor = s.run(["doctor"])
    #expect(doctor.status == 0)
    let never =
      "no token {nope} has ever been saved in this catalog (an import kept the reference with --allow-dangling, or a change was forced)"
    #expect(doctor.out.contains("token-value: token m: ") && doctor.out.contains(never))
    #expect(
      doctor.out.split(separator: "\n").filter { $0.contains(never) }.count == 2, "\(doctor.out)")
  }
}
