import CatalogStore
import Foundation
import Testing

/// The bad-input corpus (`bad-inputs/`, issue 7 point 6): each input gets a clear error,
/// exit status 1 (64 for usage errors), and the catalog is unchanged (its dump is the same
/// before and after).
@Suite struct BadInputTests {
  /// A corpus file and a piece of the message it must give.
  struct Case: CustomTestStringConvertible, Sendable {
    var file: String
    var message: String
    var testDescription: String { file }
  }

  static let definitionCases: [Case] = [
    Case(
      file: "malformed.json",
      message: "malformed.json:1:44: unexpected ','; expected a member name in double quotes"),
    Case(file: "truncated.json", message: "truncated.json:8:88: unterminated string"),
    Case(
      file: "invalid-utf8.json", message: "invalid-utf8.json:1:33: the string is not valid UTF-8"),
    Case(file: "nan.json", message: "nan.json:1:97: unexpected 'N'; expected a value"),
    Case(file: "infinity.json", message: "infinity.json:1:97: unexpected 'I'; expected a value"),
    Case(
      file: "huge-number.json",
      message:
        "huge-number.json:1:94: body.modifiers[0].frame.width: the number 1e400 is out of range"),
    Case(
      file: "negative-frame.json",
      message: "frame.width: a frame length cannot be negative; got -10"),
    Case(file: "sql-name.json", message: "a component name must be an identifier"),
    Case(file: "quotes-name.json", message: #"got "Tr\"ack\"Row""#),
    Case(file: "nan.tokens.json", message: "nan.tokens.json:1:62: unexpected 'N'"),
  ]

  @Test(arguments: definitionCases)
  func addRefusesTheFileAndChangesNothing(_ c: Case) throws {
    let s = try Sandbox.withExamples()
    let before = try catalogDump(s.db)
    let r = s.run(["add", badInputs.appendingPathComponent(c.file).path])
    #expect(r.status == 1)
    #expect(r.err.contains(c.message), "\(r.err)")
    #expect(
      r.err.hasSuffix(
        "Nothing was saved (the catalog is unchanged): fix the problems above and run `catalog add` again.\n"
      ))
    #expect(try catalogDump(s.db) == before)
  }

  @Test(arguments: definitionCases)
  func theBuiltProgramRefusesItToo(_ c: Case) throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox.withExamples()
    let before = try catalogDump(s.db)
    let r = try runBinary(
      binary, ["--db", s.db, "add", badInputs.appendingPathComponent(c.file).path], in: s.url)
    #expect(r.status == 1)
    #expect(r.err.contains(c.message), "\(r.err)")
    #expect(try catalogDump(s.db) == before)
  }

  @Test func aBadFileAmongGoodOnesSavesNone() throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let before = try catalogDump(s.db)
    let r = s.run(
      ["add"] + exampleFiles + [badInputs.appendingPathComponent("truncated.json").path])
    #expect(r.status == 1)
    #expect(try catalogDump(s.db) == before)
  }

  /// A component whose frame takes a negative token cannot render: `add` refuses it, as
  /// `doctor` would report it (every saved component renders with its defaults); forced in,
  /// `render` refuses it with the same reason.
  @Test func aNegativeTokenAsAFrameIsRefusedByAddAndByRender() throws {
    let s = try Sandbox()
    let files = [
      badInputs.appendingPathComponent("negative.tokens.json").path,
      badInputs.appendingPathComponent("negative-token-frame.json").path,
    ]
    let reason =
      "body.modifiers[0].frame.width: a frame length must be a finite number of points ≥ 0; got -4"
    let add = s.run(["add"] + files)
    #expect(add.status == 1)
    // The place is said once, before the case (not again after "does not render").
    #expect(
      add.err.contains(
        "Card: body.modifiers[0].frame.width: defaults does not render: a frame length must be a finite number of points ≥ 0; got -4"
      ), "\(add.err)")
    #expect(s.run(["add", "--force"] + files).status == 0)
    let r = s.run(["render", "Card"])
    #expect(r.status == 1)
    #expect(r.err == "Error: Card: \(reason)\n")
  }

  @Test func aTokenNameWithSQLIsStoredAsText() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["add", badInputs.appendingPathComponent("sql-name.tokens.json").path])
    #expect(r.status == 0, "\(r.err)")
    #expect(
      try count(
        "SELECT count(*) FROM token WHERE path = 'space.x''; DROP TABLE token; --'", in: s.db) == 1)
    #expect(try count("SELECT count(*) FROM token", in: s.db) == exampleTokenCount + 1)
  }

  @Test func namesWithSQLInCommandsAreJustUnknownNames() throws {
    let s = try Sandbox.withExamples()
    let before = try catalogDump(s.db)
    for command in [["show"], ["render"], ["history"], ["remove"], ["edit"], ["diff"]] {
      let r = s.runEditing(command + ["x'); DROP TABLE component; --"], editor: "true")
      #expect(r.status == 1, "\(command)")
      #expect(r.err.contains("x'); DROP TABLE component; --"), "\(command): \(r.err)")
    }
    #expect(try catalogDump(s.db) == before)
  }

  @Test func aFileOver64MiBIsRefusedBeforeReading() throws {
    let s = try Sandbox.withExamples()
    let before = try catalogDump(s.db)
    let big = s.path("big.json")
    #expect(
      FileManager.default.createFile(
        atPath: big, contents: Data("{\"name\": \"Big\", \"description\": \"".utf8)))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: big))
    try handle.truncate(atOffset: 100_000_000)
    try handle.close()
    let r = s.run(["add", big])
    #expect(r.status == 1)
    #expect(
      r.err.contains("big.json: the file is 95 MiB; the most catalog reads is 64 MiB"), "\(r.err)")
    #expect(try catalogDump(s.db) == before)
  }

  @Test func nesting100000DeepIsAnErrorNotACrash() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox.withExamples()
    let before = try catalogDump(s.db)
    let depth = 100_000
    let deep = try s.write(
      "deep.json",
      #"{"name": "Deep", "body": "# + String(repeating: "[", count: depth)
        + String(repeating: "]", count: depth) + "}")
    let deepView = try s.write(
      "deep-views.json",
      #"{"name": "DeepViews", "body": "#
        + String(repeating: #"{"type": "VStack", "children": ["#, count: depth)
        + String(repeating: "]}", count: depth) + "}")
    for file in [deep, deepView] {
      let r = try runBinary(binary, ["--db", s.db, "add", file], in: s.url)
      #expect(r.status == 1)
      #expect(r.err.contains("nesting deeper than 512 levels"), "\(r.err)")
      let inProcess = s.run(["add", file])
      #expect(inProcess.status == 1)
    }
    #expect(try catalogDump(s.db) == before)
  }

  @Test func aFileThatIsNotSQLite() throws {
    let s = try Sandbox()
    let db = s.path("not-sqlite.db")
    try FileManager.default.copyItem(
      atPath: badInputs.appendingPathComponent("not-sqlite.db").path, toPath: db)
    let before = try Data(contentsOf: URL(fileURLWithPath: db))
    for args in [["add"] + exampleFiles, ["list"], ["init"]] {
      let r = s.run(args, db: db)
      #expect(r.status == 1)
      #expect(
        r.err == "Error: '\(db)' is not a catalog: it is not an SQLite database\n",
        "\(args[0]): \(r.err)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
  }

  @Test func aCatalogFromANewerVersion() throws {
    let s = try Sandbox.withExamples()
    guard try sqlite3(s.db, "PRAGMA user_version = 99") != nil else {
      Issue.record("the sqlite3 shell is needed (Debian: sqlite3)")
      return
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: s.db))
    for args in [["add"] + exampleFiles, ["list"], ["render", "TrackRow"], ["init"]] {
      let r = s.run(args)
      #expect(r.status == 1)
      #expect(
        r.err.contains("this catalog was made by a newer version of catalog (schema version 99"),
        "\(args[0]): \(r.err)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: s.db)) == before)
  }

  @Test func aLockedCatalogWaitsThenSaysSo() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox.withExamples()
    let file = try s.write(
      "T.json",
      s.run(["show", "TrackRow"]).out.replacingOccurrences(of: "\"leading\"", with: "\"center\""))
    let before = try catalogDump(s.db)
    // Another connection holds the write lock for longer than the 5 s busy timeout.
    let holder = try CatalogStore(path: s.db)
    var result: Run?
    do {
      try holder.inTransaction {
        try holder.importTokens(
          [TokenInput(path: "held.lock", type: "number", value: "1")], intoSet: "holder",
          source: nil)
        result = try runBinary(binary, ["--db", s.db, "add", file], in: s.url)
        throw CancellationError()  // Roll the holder's change back too.
      }
    } catch is CancellationError {}
    let r = try #require(result)
    #expect(r.status == 1)
    #expect(r.err.contains("is locked by another process; try again"), "\(r.err)")
    #expect(!r.err.contains("database is locked"))
    #expect(try catalogDump(s.db) == before)
  }

  @Test func aReadOnlyCatalog() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox.withExamples()
    let file = try s.write(
      "T.json",
      s.run(["show", "TrackRow"]).out.replacingOccurrences(of: "\"leading\"", with: "\"center\""))
    _ = try sqlite3(s.db, "PRAGMA wal_checkpoint(TRUNCATE)")
    let before = try catalogDump(s.db)
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: s.db)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: s.db) }
    var command = [binary.path, "--db", s.db, "add", file]
    if geteuid() == 0 {
      // Permissions do not stop root: run as nobody, who can read but not write the file.
      guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
        Issue.record(
          "running as root without setpriv (util-linux): cannot make the catalog read-only")
        return
      }
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: s.url.path)
      command = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + command
    }
    let r = try runBinary(
      URL(fileURLWithPath: command[0]), Array(command.dropFirst()),
      in: FileManager.default.temporaryDirectory)
    #expect(r.status == 1)
    #expect(r.err.hasPrefix("Error: "), "\(r.err)")
    #expect(
      r.err.contains("read-only") || r.err.contains("cannot be changed")
        || r.err.contains("cannot open"), "\(r.err)")
    #expect(!r.err.contains("SQLite error"), "\(r.err)")
    #expect(try catalogDump(s.db) == before)
  }
}
