import CatalogModel
import Foundation
import Testing

/// Issue 12 (hardening) with issue 14's overlapping points: every list a command prints
/// about many items is bounded (``BoundedList``); `lint` reports the token problems
/// `doctor` reports, through the same check; set-name messages name the file, where the
/// name came from and the way out; every token-path argument reads `grp.$root`; and the
/// errors of one pass are reported together.
@Suite struct BoundedOutputTests {
  /// A token `base` and `count` aliases of it (`a.t0` … ).
  static func dependents(_ s: Sandbox, count: Int) throws -> String {
    let aliases = (0..<count).map { #""t\#($0)": {"$type": "dimension", "$value": "{base}"}"# }
    return try s.write(
      "big.tokens.json",
      #"{"base": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}, "a": {"#
        + aliases.joined(separator: ", ") + "}}")
  }

  /// The lines of a text that start with `prefix`.
  static func lines(_ text: String, starting prefix: String) -> Int {
    text.split(separator: "\n").filter { $0.hasPrefix(prefix) }.count
  }

  @Test("tokens remove --force of a token with many dependents prints a bounded list (binary)")
  func forcedRemovalIsBounded() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    _ = try Self.dependents(s, count: 60)
    #expect(try runBinary(binary, ["--db", s.db, "add", "big.tokens.json"], in: s.url).status == 0)
    let removed = try runBinary(
      binary, ["--db", s.db, "tokens", "remove", "base", "--force"], in: s.url)
    #expect(removed.status == 0, "\(removed.err)")
    // Before: 60 warning lines, one per dependent.
    #expect(Self.lines(removed.err, starting: "warning: ") == BoundedList.limit, "\(removed.err)")
    #expect(removed.err.contains("… and 40 more warnings"), "\(removed.err)")
    #expect(removed.err.contains("60 warnings in all"), "\(removed.err)")

    // doctor afterwards: 20 of the 60 dangling aliases, then a count; --json lists all.
    let s2 = try Sandbox()
    _ = try Self.dependents(s2, count: 60)
    #expect(
      try runBinary(binary, ["--db", s2.db, "add", "big.tokens.json"], in: s2.url).status == 0)
    _ = try runBinary(binary, ["--db", s2.db, "tokens", "remove", "base", "--force"], in: s2.url)
    let doctor = try runBinary(binary, ["--db", s2.db, "doctor"], in: s2.url)
    #expect(doctor.status == 0, "\(doctor.out)\(doctor.err)")
    #expect(Self.lines(doctor.out, starting: "warning: missing-alias") == 20, "\(doctor.out)")
    #expect(
      doctor.out.contains(
        "… and 40 more missing-alias warnings (--verbose or --json lists all)"),
      "\(doctor.out)")
    let all = try runBinary(binary, ["--db", s2.db, "doctor", "--verbose"], in: s2.url)
    #expect(Self.lines(all.out, starting: "warning: missing-alias") == 60)
    let json = try runBinary(binary, ["--db", s2.db, "doctor", "--json"], in: s2.url)
    #expect(json.out.components(separatedBy: "\"missing-alias\"").count - 1 == 60)
  }

  @Test("lint reports the dangling aliases doctor reports, bounded, without --tokens")
  func lintReportsDoctorsTokenProblems() throws {
    let s = try Sandbox()
    #expect(s.run(["add", try Self.dependents(s, count: 30)]).status == 0)
    #expect(s.run(["tokens", "remove", "base", "--force"]).status == 0)
    let lint = s.run(["lint"])
    // Before: "No problems found." while doctor listed 30 warnings.
    #expect(!lint.out.contains("No problems found."), "\(lint.out)")
    #expect(lint.out.contains("warning[unresolved-token]: a.t0: {a.t0}: the alias {base}"))
    #expect(Self.lines(lint.out, starting: "warning[unresolved-token]") == 20, "\(lint.out)")
    #expect(
      lint.out.contains(
        "… and 10 more unresolved-token findings (--verbose or --format json lists all)"),
      "\(lint.out)")
    #expect(lint.out.hasSuffix("0 errors, 30 warnings.\n"), "\(lint.out)")
    #expect(lint.status == 0)
    let verbose = s.run(["lint", "--verbose"])
    #expect(Self.lines(verbose.out, starting: "warning[unresolved-token]") == 30)
  }

  @Test("lint reports math that names a missing token, as doctor does")
  func lintReportsUncomputableMath() throws {
    let s = try Sandbox()
    let file = try s.write(
      "m.tokens.json",
      #"{"base": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}, "twice": {"$type": "dimension", "$value": "{base} * 2"}}"#
    )
    #expect(s.run(["add", file]).status == 0)
    #expect(s.run(["tokens", "remove", "base", "--force"]).status == 0)
    let doctor = s.run(["doctor"])
    #expect(doctor.out.contains("token twice"), "\(doctor.out)")
    let lint = s.run(["lint"])
    #expect(lint.out.contains("[unresolved-token]: twice: {twice}: "), "\(lint.out)")
  }

  @Test("a plain DTCG file named CON.tokens.json: the message names the file and --set")
  func deviceSetNameFromTheFileName() throws {
    let s = try Sandbox()
    let file = try s.write(
      "CON.tokens.json", #"{"x": {"$type": "dimension", "$value": {"value": 1, "unit": "px"}}}"#)
    let r = s.run(["add", file])
    #expect(r.status == 1)
    #expect(
      r.err.contains(
        "CON.tokens.json: the token set name 'CON' (from the file's name) is refused: "),
      "\(r.err)")
    #expect(r.err.contains("--set NAME"), "\(r.err)")
    #expect(s.run(["add", file, "--set", "console"]).status == 0)
  }

  @Test(
    "a set name that starts or ends with any Unicode White_Space is refused",
    arguments: [
      "\u{A0}dark", "dark\u{A0}", "\u{2003}dark", "\u{3000}dark", "\u{FEFF}dark", "\u{85}",
    ])
  func unicodeWhitespaceEdges(name: String) throws {
    #expect(TokenSetName.problem(in: name) != nil)
    let s = try Sandbox()
    let file = try s.write(
      "t.tokens.json", #"{"x": {"$type": "dimension", "$value": {"value": 1, "unit": "px"}}}"#)
    let r = s.run(["add", file, "--set", name])
    #expect(r.status == 1, "\(r.out)")
    #expect(r.err.contains("(given with --set) is refused"), "\(r.err)")
  }

  @Test("a Tokens Studio file's $themes named after the file says so")
  func tokensStudioNameFromTheFileName() throws {
    let s = try Sandbox()
    let file = try s.write(
      "AUX.json",
      #"{"global": {"x": {"type": "spacing", "value": "4"}}, "$themes": [{"name": "a", "selectedTokenSets": {"global": "enabled"}}, {"name": "b", "selectedTokenSets": {"global": "enabled"}}], "$metadata": {"tokenSetOrder": ["global"]}}"#
    )
    let r = s.run(["add", file])
    #expect(r.status == 1)
    #expect(
      r.err.contains("the resolver document name 'AUX' (from the file's name) is refused"),
      "\(r.err)")
    #expect(!r.err.contains(#"(its "name")"#), "\(r.err)")
  }

  @Test("tokens history and tokens set accept grp.$root, as get and rename do")
  func rootFormEverywhere() throws {
    let s = try Sandbox()
    let file = try s.write(
      "g.tokens.json",
      #"{"grp": {"$type": "dimension", "$root": {"$value": {"value": 4, "unit": "px"}}, "sm": {"$value": {"value": 2, "unit": "px"}}}}"#
    )
    #expect(s.run(["add", file]).status == 0)
    let set = s.run(["tokens", "set", "grp.$root", "6"])
    #expect(set.status == 0, "\(set.err)")
    #expect(s.run(["tokens", "get", "grp.$root"]).out.contains("= 6pt"))
    let history = s.run(["tokens", "history", "grp.$root"])
    #expect(history.status == 0, "\(history.err)")
    #expect(history.out.contains("revision 2"), "\(history.out)")
    #expect(s.run(["tokens", "usage", "grp.$root"]).status == 0)
  }

  @Test("add of two components with device names reports both")
  func everyDeviceNameIsReported() throws {
    let s = try Sandbox()
    let a1 = try s.write("a1.json", #"{"name": "CON", "body": {"type": "Text", "text": "a"}}"#)
    let a2 = try s.write("a2.json", #"{"name": "AUX", "body": {"type": "Text", "text": "b"}}"#)
    let r = s.run(["add", a1, a2])
    #expect(r.status == 1)
    #expect(r.err.contains("a component name may not be 'CON'"), "\(r.err)")
    #expect(r.err.contains("a component name may not be 'AUX'"), "\(r.err)")
  }

  @Test("a Tokens Studio file's $themes errors and its sets' errors come in one run")
  func tokensStudioErrorsTogether() throws {
    let s = try Sandbox()
    let file = try s.write(
      "studio.json",
      #"{"global": {"x": {"type": "spacing", "value": "{nowhere}"}}, "$themes": [{"name": "a", "selectedTokenSets": {"global": "sometimes"}}, {"name": "b", "selectedTokenSets": {"global": "often"}}], "$metadata": {"tokenSetOrder": ["global"]}}"#
    )
    let r = s.run(["add", file])
    #expect(r.status == 1)
    #expect(r.err.contains("theme 'a': the status of set 'global'"), "\(r.err)")
    #expect(r.err.contains("theme 'b': the status of set 'global'"), "\(r.err)")
    #expect(r.err.contains("{nowhere}"), "\(r.err)")
  }

  @Test("the errors of one refused add are bounded")
  func manyErrorsAreBounded() throws {
    let s = try Sandbox()
    let files = try (0..<25).map { i in
      try s.write("c\(i).json", #"{"name": "LPT\#(i % 9 + 1)x\#(i)", "body": 3}"#)
    }
    let r = s.run(["add"] + files)
    #expect(r.status == 1)
    #expect(Self.lines(r.err, starting: "Error: ") == 20, "\(r.err)")
    #expect(r.err.contains("… and 5 more errors (--verbose to show all)"), "\(r.err)")
    #expect(Self.lines(s.run(["add", "--verbose"] + files).err, starting: "Error: ") == 25)
  }

  @Test func boundedListShapes() {
    #expect(BoundedList.inline(["a", "b", "c"], limit: 2) == "a, b and 1 more")
    #expect(BoundedList.grouped(19_980) == "19,980")
    #expect(
      BoundedList.lines((0..<25).map(String.init), noun: "warning").last
        == "… and 5 more warnings")
  }
}
