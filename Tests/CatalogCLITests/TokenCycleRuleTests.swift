import Testing

/// One rule for circular references (DTCG Format §7.2.3: MUST be reported as an error,
/// naming every member), through aliases, math operands and composite members alike, at
/// import, `tokens set`, `tokens rename` and `doctor`.
@Suite struct TokenCycleRuleTests {
  @Test(
    "a cycle in a file is refused at import in every mode, naming its path",
    arguments: [
      // Math operands (was: imported with a warning, exit 0, then doctor failed).
      (
        #"{"a": {"$type": "dimension", "$value": "{b} * 2"}, "b": {"$type": "dimension", "$value": "{a} + 1px"}}"#,
        "a: circular reference: {a} → {b} → {a} (§7.2.3)"
      ),
      // Whole-value aliases.
      (
        #"{"a": {"$type": "dimension", "$value": "{b}"}, "b": {"$type": "dimension", "$value": "{a}"}}"#,
        "a: circular reference: {a} → {b} → {a} (§7.2.3)"
      ),
      // A composite member.
      (
        #"{"b": {"$type": "border", "$value": {"color": "{c}", "width": {"value": 1, "unit": "px"}, "style": "solid"}}, "c": {"$type": "color", "$value": "{b}"}}"#,
        "b: circular reference: {b} → {c} → {b} (§7.2.3)"
      ),
    ])
  func importRefusesCycle(file text: String, expected: String) throws {
    for strict in [false, true] {
      let s = try Sandbox()
      let file = try s.write("cycle.tokens.json", text)
      let r = s.run(["add", file] + (strict ? ["--strict"] : []))
      #expect(r.status == 1, "\(r.out)\(r.err)")
      #expect(r.err.contains(expected), "\(r.err)")
      #expect(!r.err.contains("kept, but"), "\(r.err)")
    }
  }

  @Test("a token whose math needs a cycle's member is refused naming the cycle")
  func runsIntoCycle() throws {
    let s = try Sandbox()
    let file = try s.write(
      "cycle.tokens.json",
      #"{"a": {"$type": "dimension", "$value": "{b} * 2"}, "b": {"$type": "dimension", "$value": "{a} + 1px"}, "x": {"$type": "dimension", "$value": "{a} - 1px"}}"#
    )
    let r = s.run(["add", file])
    #expect(r.status == 1)
    #expect(
      r.err.contains(
        "x: its references run into the circular reference {a} → {b} → {a}, so its value is unknown (§7.2.3)"
      ), "\(r.err)")
  }

  @Test("a cycle closed across files and the catalog is refused, even with --force")
  func acrossCatalog() throws {
    let s = try Sandbox()
    let first = try s.write(
      "one.tokens.json", #"{"a": {"$type": "dimension", "$value": "{b} * 2"}}"#)
    #expect(s.run(["add", first, "--allow-dangling"]).status == 0)
    let second = try s.write(
      "two.tokens.json", #"{"b": {"$type": "dimension", "$value": "{a} + 1px"}}"#)
    for force in [false, true] {
      let r = s.run(["add", second] + (force ? ["--force"] : []))
      #expect(r.status == 1, "\(r.out)\(r.err)")
      #expect(r.err.contains("{a}: circular reference: {a} → {b} → {a} (§7.2.3)"), "\(r.err)")
    }
    #expect(s.run(["doctor"]).status == 0, "the refused import left the catalog valid")
  }

  @Test("tokens set refuses a value that closes a cycle through math")
  func setRefusesCycle() throws {
    let s = try Sandbox()
    #expect(s.run(["tokens", "set", "c", "4px", "--set", "base"]).status == 0)
    #expect(s.run(["tokens", "set", "b", "{c} + 1px"]).status == 0)
    #expect(s.run(["tokens", "set", "a", "{b} * 2"]).status == 0)
    let r = s.run(["tokens", "set", "c", "{a}"])
    #expect(r.status == 1)
    #expect(r.err.contains("circular reference: {c} → {a} → {b} → {c} (§7.2.3)"), "\(r.err)")
  }

  @Test("tokens rename refuses a rename that closes a cycle through math")
  func renameRefusesCycle() throws {
    let s = try Sandbox()
    let file = try s.write(
      "r.tokens.json",
      #"{"a": {"$type": "dimension", "$value": "{y} * 2"}, "x": {"$type": "dimension", "$value": "{a} + 1px"}}"#
    )
    #expect(s.run(["add", file, "--allow-dangling"]).status == 0)
    let r = s.run(["tokens", "rename", "x", "y"])
    #expect(r.status == 1, "\(r.out)\(r.err)")
    #expect(r.err.contains("{a}: circular reference: {a} → {y} → {a} (§7.2.3)"), "\(r.err)")
    #expect(s.run(["tokens", "get", "x"]).status == 0, "nothing was renamed")
  }

  @Test("doctor reports a stored cycle once, naming every member")
  func doctorReportsCycle() throws {
    let s = try Sandbox()
    #expect(s.run(["tokens", "set", "b", "2px", "--set", "base"]).status == 0)
    #expect(s.run(["tokens", "set", "a", "{b} * 2"]).status == 0)
    guard try sqlite3(s.db, #"UPDATE token SET value = '"{a} + 1px"' WHERE path = 'b'"#) != nil
    else {
      Issue.record("the sqlite3 shell is needed (Debian: sqlite3)")
      return
    }
    let r = s.run(["doctor"])
    #expect(r.status == 1)
    #expect(
      r.out.contains("token-cycle: token a: circular reference: {a} → {b} → {a} (§7.2.3)"),
      "\(r.out)")
    #expect(!r.out.contains("token-value"), "one finding per cycle, not one per member: \(r.out)")
  }

  @Test("a stored cycle through a composite member: doctor and lint --tokens both report it")
  func compositeCycleStored() throws {
    let s = try Sandbox()
    let file = try s.write(
      "k.tokens.json",
      #"{"c": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0, 0]}}, "br": {"$type": "border", "$value": {"color": "{c}", "width": {"value": 1, "unit": "px"}, "style": "solid"}}}"#
    )
    #expect(s.run(["add", file]).status == 0)
    guard
      try sqlite3(s.db, #"UPDATE token SET value = '"{br}"', alias_of = 'br' WHERE path = 'c'"#)
        != nil
    else {
      Issue.record("the sqlite3 shell is needed (Debian: sqlite3)")
      return
    }
    let message = "circular reference: {br} → {c} → {br} (§7.2.3)"
    let doctor = s.run(["doctor"])
    #expect(doctor.status == 1)
    #expect(doctor.out.contains("token-cycle: token br: \(message)"), "\(doctor.out)")
    let lint = s.run(["lint", "--tokens"])
    #expect(lint.status == 1)
    #expect(lint.out.contains("error[unresolved-token]: br: {br}: \(message)"), "\(lint.out)")
  }

  @Test("lint --tokens reports a stored cycle once, as doctor does, and a token needing it")
  func lintReportsCycleOnce() throws {
    let s = try Sandbox()
    #expect(s.run(["tokens", "set", "b", "2px", "--set", "base"]).status == 0)
    #expect(s.run(["tokens", "set", "a", "{b}"]).status == 0)
    #expect(s.run(["tokens", "set", "x", "{a}"]).status == 0)
    guard
      try sqlite3(s.db, #"UPDATE token SET value = '"{a}"', alias_of = 'a' WHERE path = 'b'"#)
        != nil
    else {
      Issue.record("the sqlite3 shell is needed (Debian: sqlite3)")
      return
    }
    let lint = s.run(["lint", "--tokens"])
    #expect(lint.status == 1)
    #expect(
      lint.out.contains(
        "error[unresolved-token]: a: {a}: circular reference: {a} → {b} → {a} (§7.2.3)"),
      "\(lint.out)")
    #expect(!lint.out.contains("error[unresolved-token]: b:"), "one finding per cycle: \(lint.out)")
    #expect(
      lint.out.split(separator: "\n").filter {
        $0.contains("circular reference: {a} → {b} → {a} (§7.2.3)")
      }.count == 1,
      "\(lint.out)")
    #expect(
      lint.out.contains(
        "error[unresolved-token]: x: {x}: its references run into the circular reference {a} → {b} → {a}, so its value is unknown (§7.2.3)"
      ), "\(lint.out)")
  }
}
