import CatalogModel
import Foundation
import Testing

/// `catalog doctor` (issue 7, point 5).
@Suite struct DoctorCommandTests {
  @Test func aHealthyCatalog() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["doctor"])
    #expect(r.status == 0, "\(r.out)\(r.err)")
    #expect(
      r.out.hasPrefix("No problems found in \(s.db): integrity ok, foreign keys ok, schema version")
    )
    let j = try json(s.run(["doctor", "--json"]).out)
    #expect(j.objectValue?["ok"] == .bool(true))
    #expect(j.objectValue?["problems"] == .array([]))
  }

  @Test func missingTokensAndComponentsAreProblems() throws {
    let s = try Sandbox.withExamples()
    #expect(s.run(["tokens", "remove", "space.sm", "--force"]).status == 0)
    #expect(s.run(["remove", "VSStack", "--force"]).status == 0)
    let r = s.run(["doctor"])
    #expect(r.status == 1)
    #expect(
      r.out.contains(
        "missing-token: TrackRow body.children[0].modifiers[0].padding.length: padding.bottom uses the token {space.sm}, which no token set defines"
      ))
    #expect(
      r.out.contains(
        "missing-component: TrackRow body: an instance of VSStack, which is not in the catalog"))
    #expect(r.err.hasPrefix("Error: ") && r.err.contains("problems found"))
    let j = try json(s.run(["doctor", "--json"]).out)
    #expect(j.objectValue?["ok"] == .bool(false))
    let checks = Set(
      j.objectValue?["problems"]?.arrayValue?.compactMap { $0.objectValue?["check"]?.stringValue }
        ?? [])
    #expect(checks.isSuperset(of: ["missing-token", "missing-component"]))
  }

  @Test func definitionsThatNoLongerParseAndForeignKeys() throws {
    let s = try Sandbox.withExamples()
    guard try sqlite3(s.db, "select 1") != nil else {
      Issue.record("the sqlite3 shell is needed (Debian: sqlite3)")
      return
    }
    // Edits made by hand in the shell, with foreign keys off (the shell's default).
    try sqlite3(
      s.db,
      #"UPDATE component SET definition = '{"name": "TrackRow", "body": {"type": "Text", "padding": 3}}' WHERE name = 'TrackRow'"#
    )
    try sqlite3(
      s.db,
      "INSERT INTO component_variant (component_id, position, name, arguments) VALUES (9999, 0, 'x', '{}')"
    )
    let r = s.run(["doctor"])
    #expect(r.status == 1)
    #expect(
      r.out.contains(
        "definition: TrackRow: body.padding: TrackRow is stored but damaged: the stored definition no longer parses at body.padding:"
      ), "\(r.out)")
    #expect(r.out.contains("foreign-keys: table component_variant"))
  }

  @Test func newerAndOlderSchemasAndNotACatalog() throws {
    let s = try Sandbox.withExamples()
    guard try sqlite3(s.db, "PRAGMA user_version = 99") != nil else {
      Issue.record("the sqlite3 shell is needed (Debian: sqlite3)")
      return
    }
    let newer = s.run(["doctor"])
    #expect(newer.status == 1)
    #expect(newer.out.contains("schema: schema version 99 is newer"))
    try sqlite3(s.db, "PRAGMA user_version = 1")
    let older = s.run(["doctor", "--json"])
    #expect(older.status == 1)
    #expect(older.out.contains("schema version 1 is older"))
    let junk = try s.write("junk.db", String(repeating: "not a database ", count: 300))
    let notCatalog = s.run(["doctor"], db: junk)
    #expect(notCatalog.status == 1)
    #expect(notCatalog.out.contains("is not a catalog"))
    #expect(s.run(["doctor"], db: s.path("missing.db")).status == 1)
  }

  @Test func aDamagedFileIsReportedNotCrashedOn() throws {
    let s = try Sandbox.withExamples()
    // Check the WAL into the main file, then overwrite pages in the middle.
    _ = try sqlite3(s.db, "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE")
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: s.db)))
    let pageSize = 4096
    guard bytes.count > pageSize * 6 else { return }
    for i in (pageSize * 3)..<(pageSize * 5) { bytes[i] = UInt8(truncatingIfNeeded: i &* 31) }
    try Data(bytes).write(to: URL(fileURLWithPath: s.db))
    let r = s.run(["doctor"])
    #expect(r.status == 1, "\(r.out)")
    #expect(!r.out.isEmpty)
  }
}

/// Review 22: a stored value an import refuses (an `srgb` component of 2, written by hand in
/// the shell) passed `doctor` and `lint`, rendered as `#ff0000` and exported, and the
/// export's import then failed. Every stored value is checked by the rule import runs.
@Suite struct StoredValueDoctorTests {
  @Test(arguments: [
    (
      #"{"colorSpace": "srgb", "components": [2, 0, 0]}"#, "color",
      "component 1 of a srgb color must be in [0, 1]; got 2"
    ),
    (#"{"value": 4}"#, "dimension", "unit"),
    (#"{"value": 4, "unit": "pt"}"#, "dimension", "unit"),
    (#"{"value": 4, "unit": "px"}"#, "number", "number"),
  ])
  func aStoredValueImportWouldRefuseIsAnError(value: String, type: String, expected: String)
    throws
  {
    let s = try Sandbox()
    let add = s.run([
      "add",
      try s.write(
        "t.tokens.json",
        #"{"x": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0, 0]}}}"#),
    ])
    #expect(add.status == 0, "\(add.err)")
    guard
      try sqlite3(
        s.db,
        "UPDATE token SET type = '\(type)', value = '\(value)', resolved_value = '\(value)' WHERE path = 'x'"
      ) != nil
    else {
      Issue.record("the sqlite3 shell is needed (Debian: sqlite3)")
      return
    }
    let doctor = s.run(["doctor"])
    #expect(doctor.status == 1, "\(doctor.out)")
    #expect(
      doctor.out.contains("value: token x: its stored value is not a valid \(type): "),
      "\(doctor.out)")
    #expect(doctor.out.contains(expected), "\(doctor.out)")
    let lint = s.run(["lint"])
    #expect(lint.status == 1, "\(lint.out)")
    #expect(lint.out.contains("its stored value is not a valid \(type)"), "\(lint.out)")
  }
}

/// Review 23: a hand-edited value in a set another set overrides was never checked (only
/// the winning tokens were), though `export` writes that set's file and its import refuses it.
@Suite struct OverriddenStoredValueTests {
  @Test func everySetsRowIsChecked() throws {
    let s = try Sandbox()
    for (set, value) in [("a", 4), ("b", 8)] {
      let r = s.run([
        "tokens", "set", "x", "\(value)px", "--set", set, "--new-set",
      ])
      #expect(r.status == 0, "\(r.err)")
    }
    guard
      try sqlite3(
        s.db,
        #"UPDATE token SET value = '{"value": "abc", "unit": "px"}' WHERE path = 'x' AND token_set_id = (SELECT id FROM token_set WHERE name = 'a')"#
      ) != nil
    else {
      Issue.record("the sqlite3 shell is needed (Debian: sqlite3)")
      return
    }
    let doctor = s.run(["doctor"])
    #expect(doctor.status == 1, "\(doctor.out)")
    #expect(
      doctor.out.contains("value: token x (set 'a'): its stored value is not a valid dimension"),
      "\(doctor.out)")
    #expect(doctor.out.contains("--set a`"), "\(doctor.out)")
  }
}
