import Foundation
import Testing

/// Two token files whose names give one set never merge silently (issue 14 review, point 4).
@Suite struct TokenSetNameClashTests {
  static func files(_ s: Sandbox) throws -> (a: String, b: String) {
    try FileManager.default.createDirectory(
      at: s.url.appendingPathComponent("a"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: s.url.appendingPathComponent("b"), withIntermediateDirectories: true)
    let a = try s.write(
      "a/colors.json",
      #"{"c": {"$type": "dimension", "x": {"$value": {"value": 1, "unit": "px"}}}}"#)
    let b = try s.write(
      "b/colors.json",
      #"{"c": {"$type": "dimension", "y": {"$value": {"value": 2, "unit": "px"}}}}"#)
    return (a, b)
  }

  @Test func twoFilesOfOneAddAreRefusedNamingBoth() throws {
    let s = try Sandbox()
    let (a, b) = try Self.files(s)
    let r = s.run(["add", a, b])
    #expect(r.status == 1)
    #expect(
      r.err.contains(
        "the token files \(a) and \(b) would both go into the set 'colors' (a set is named after its file)"
      ), "\(r.err)")
    #expect(r.err.contains("--set a-colors and --set b-colors"), "\(r.err)")
    // Merging on purpose is one --set away.
    let merged = s.run(["add", a, b, "--set", "colors"])
    #expect(merged.status == 0, "\(merged.err)")
    #expect(s.run(["tokens", "list", "--set", "colors"]).out.contains("c.y"))
  }

  @Test func aSecondFileIsRefusedNotPruningTheFirst() throws {
    let s = try Sandbox()
    let (a, b) = try Self.files(s)
    #expect(s.run(["add", a]).status == 0)
    let pruned = s.run(["add", b, "--prune"])
    #expect(pruned.status == 1)
    #expect(
      pruned.err.contains(
        "the set 'colors' holds the tokens of \(a), a different file from \(b)"), "\(pruned.err)")
    #expect(s.run(["tokens", "get", "c.x"]).status == 0, "a's token is still there")
    // The same file by another spelling is the same file.
    let again = s.run(["add", s.url.appendingPathComponent("a/../a/colors.json").path, "--prune"])
    #expect(again.status == 0, "\(again.err)")
    #expect(s.run(["add", b, "--set", "b-colors"]).status == 0)
  }

  @Test("refused via the built binary: exit 1, both paths on stderr, nothing saved")
  func binary() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    _ = try Self.files(s)
    let r = try runBinary(
      binary, ["--db", s.db, "add", "a/colors.json", "b/colors.json"], in: s.url)
    #expect(r.status == 1)
    #expect(r.out.isEmpty)
    #expect(r.err.contains("a/colors.json and b/colors.json"), "\(r.err)")
    let second = try runBinary(binary, ["--db", s.db, "add", "a/colors.json"], in: s.url)
    #expect(second.status == 0, "\(second.err)")
    let third = try runBinary(
      binary, ["--db", s.db, "tokens", "import", "b/colors.json", "--prune"], in: s.url)
    #expect(third.status == 1)
    #expect(
      third.err.contains("holds the tokens of \(s.path("a/colors.json"))"), "\(third.err)")
  }
}

/// A `number` token whose math computes a dimension is a type mismatch (DTCG §8.7), and no
/// export drops a token silently (issue 14 review, point 5).
@Suite struct NumberMathTypeTests {
  static let file =
    #"{"space": {"sm": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}, "ratio": {"$type": "number", "$value": "{space.sm} * 2"}, "ok": {"$type": "number", "$value": "{scale} * 2"}}, "scale": {"$type": "number", "$value": 1.5}}"#

  @Test func importDoctorAndLintFlagIt() throws {
    let s = try Sandbox()
    let file = try s.write("m.tokens.json", Self.file)
    let add = s.run(["add", file])
    #expect(add.status == 0, "\(add.err)")
    #expect(
      add.err.contains(
        "space.ratio: kept, but its value cannot be computed: cannot compute {space.ratio}: the expression computes the dimension 8px, but the token's $type is number"
      ), "\(add.err)")
    let doctor = s.run(["doctor"])
    #expect(doctor.status == 1)
    #expect(doctor.out.contains("space.ratio") || doctor.err.contains("space.ratio"))
    let lint = s.run(["lint", "--tokens"])
    #expect(lint.status == 1)
    #expect(lint.out.contains("error[unresolved-token]: space.ratio"), "\(lint.out)")
    // A unitless result in a number token is fine: 1.5 × 2.
    #expect(s.run(["tokens", "get", "space.ok", "--json"]).out.contains("\"points\": 3"))
    let strict = s.run(["add", "--strict", file])
    #expect(strict.status == 1)
  }

  @Test(
    "every format writes the token or warns naming it",
    arguments: ["js", "d.ts", "android", "swift", "css", "scss"])
  func exportsNeverDropSilently(format: String) throws {
    let s = try Sandbox()
    #expect(s.run(["add", try s.write("m.tokens.json", Self.file)]).status == 0)
    let r = s.run(["tokens", "export", "--format", format])
    #expect(r.status == 0, "\(r.err)")
    #expect(
      r.err.contains(
        "warning: {space.ratio} (number): not exported: its value cannot be computed"),
      "\(format): \(r.err)")
    #expect(!r.out.contains("space_ratio\">") && !r.out.contains("spaceRatio ="), "\(r.out)")
  }

  @Test func jsonWritesTheStoredValueAndSaysSo() throws {
    let s = try Sandbox()
    #expect(s.run(["add", try s.write("m.tokens.json", Self.file)]).status == 0)
    let r = s.run(["tokens", "export", "--format", "json-flat"])
    #expect(r.status == 0)
    #expect(r.out.contains(#""space.ratio": "{space.sm} * 2""#), "\(r.out)")
    #expect(
      r.err.hasPrefix("warning: {space.ratio} (number): its value cannot be computed: "), "\(r.err)"
    )
    #expect(r.err.hasSuffix("; written as stored\n"), "\(r.err)")
    // The DTCG export writes math it cannot compute as stored too, and says so (issue 14:
    // one it can compute is written computed).
    let dtcg = s.run(["tokens", "export"])
    #expect(dtcg.out.contains(#""$value": "{space.sm} * 2""#), "\(dtcg.out)")
    #expect(
      dtcg.err.hasPrefix("warning: {space.ratio} (number): its value cannot be computed: "),
      "\(dtcg.err)")
    #expect(dtcg.err.contains("; written as stored\n"), "\(dtcg.err)")
    #expect(dtcg.out.contains(#""$value": 3"#), "\(dtcg.out)")
    #expect(
      dtcg.err.contains(
        "warning: {space.ok} (number): written with its computed value: its stored value is a Tokens Studio expression, which DTCG 2025.10 does not define, so its link to {scale} is not in the file"
      ), "\(dtcg.err)")
  }

  @Test func typesAFormatDoesNotHoldAreNamedOnce() throws {
    let s = try Sandbox()
    let file = try s.write(
      "c.tokens.json",
      ##"{"color": {"$type": "color", "a": {"$value": "#ff0000"}, "b": {"$value": "#00ff00"}}, "space": {"$type": "dimension", "sm": {"$value": {"value": 4, "unit": "px"}}}}"##
    )
    #expect(s.run(["add", file]).status == 0)
    let r = s.run(["tokens", "export", "--format", "android"])
    #expect(
      r.err
        == "warning: 2 color tokens are not in the android export (it writes dimension, number and typography tokens): {color.a}, {color.b}\n",
      "\(r.err)")
    #expect(s.run(["tokens", "export", "--format", "css"]).err.isEmpty)
  }

  @Test("via the built binary: the warning on stderr, the file on stdout")
  func binary() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    _ = try s.write("m.tokens.json", Self.file)
    #expect(try runBinary(binary, ["--db", s.db, "add", "m.tokens.json"], in: s.url).status == 0)
    let r = try runBinary(binary, ["--db", s.db, "tokens", "export", "--format", "js"], in: s.url)
    #expect(r.status == 0)
    #expect(r.err.contains("{space.ratio} (number): not exported"), "\(r.err)")
    #expect(r.out.contains("export const spaceOk = 3;"), "\(r.out)")
    let doctor = try runBinary(binary, ["--db", s.db, "doctor"], in: s.url)
    #expect(doctor.status == 1)
  }
}

/// A Tokens Studio token with child tokens (a group's own value) is the group's root token
/// in the catalog's sets and in the themes' contexts alike (issue 14 review, point 2).
@Suite struct TokensStudioRootValueTests {
  static let file = """
    {"global": {"spacing": {"value": "6", "type": "spacing", "sm": {"value": "8", "type": "spacing"}}},
     "compact": {"spacing": {"value": "3", "type": "spacing", "sm": {"value": "4", "type": "spacing"}}},
     "roomy": {"spacing": {"sm": {"value": "12", "type": "spacing"}}},
     "$themes": [
       {"id": "1", "name": "Compact", "group": "density", "selectedTokenSets": {"global": "source", "compact": "enabled"}},
       {"id": "2", "name": "Roomy", "group": "density", "selectedTokenSets": {"global": "source", "roomy": "enabled"}}],
     "$metadata": {"tokenSetOrder": ["global", "compact", "roomy"]}}
    """

  @Test func setsAndContextsAgreeOnRootValues() throws {
    let s = try Sandbox()
    let add = s.run(["add", try s.write("studio.json", Self.file)])
    #expect(add.status == 0, "\(add.err)")
    #expect(
      add.err.contains("its own value is the group's root token {spacing.$root}"), "\(add.err)")
    // The global set keeps both its root and its child.
    let global = s.run(["tokens", "list", "--set", "global"]).out
    #expect(global.contains("spacing     dimension  6px = 6pt"), "\(global)")
    #expect(global.contains("spacing.sm  dimension  8px = 8pt"), "\(global)")
    // Each context: its own root and child, as `--input` gives them.
    let css = s.run(["tokens", "export", "--format", "css", "--all-contexts"])
    #expect(css.status == 0, "\(css.err)")
    #expect(
      css.out.contains(
        """
        :root {
          --spacing: 3px;
          --spacing-sm: 4px;
        }
        [data-density="Roomy"] {
          --spacing: 6px;
          --spacing-sm: 12px;
        }
        """), "\(css.out)")
    let compact = s.run(["tokens", "export", "--format", "json-flat", "--input", "density=Compact"])
    #expect(compact.out.contains("\"value\": 3") && compact.out.contains("\"value\": 4"))
  }

  @Test func rootKeyInValueTypeFilesIsTheRootToken() throws {
    let s = try Sandbox()
    let file = try s.write(
      "studio.json",
      #"""
      {"global": {"spacing": {"$root": {"value": "6", "type": "spacing"}, "sm": {"value": "{spacing.$root} * 2", "type": "spacing"}}},
       "compact": {"spacing": {"$root": {"value": "3", "type": "spacing"}}},
       "roomy": {"spacing": {"$root": {"value": "9", "type": "spacing"}}},
       "$themes": [
         {"id": "1", "name": "Compact", "group": "density", "selectedTokenSets": {"global": "source", "compact": "enabled"}},
         {"id": "2", "name": "Roomy", "group": "density", "selectedTokenSets": {"global": "source", "roomy": "enabled"}}],
       "$metadata": {"tokenSetOrder": ["global", "compact", "roomy"]}}
      """#)
    let add = s.run(["add", file])
    #expect(add.status == 0, "\(add.err)")
    #expect(!s.run(["tokens", "list"]).out.contains("spacing.root"))
    let css = s.run(["tokens", "export", "--format", "css", "--all-contexts"])
    #expect(
      css.out.contains(
        """
        :root {
          --spacing: 3px;
          --spacing-sm: 6px;
        }
        [data-density="Roomy"] {
          --spacing: 9px;
          --spacing-sm: 18px;
        }
        """), "\(css.out)")
    let list = s.run(["tokens", "list", "--set", "compact"]).out
    #expect(list.contains("spacing  dimension  3px = 3pt"), "\(list)")
  }

  @Test("via the built binary: the compact context's root value")
  func binary() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    _ = try s.write("studio.json", Self.file)
    #expect(try runBinary(binary, ["--db", s.db, "add", "studio.json"], in: s.url).status == 0)
    let r = try runBinary(
      binary, ["--db", s.db, "tokens", "export", "--format", "css", "--input", "density=Roomy"],
      in: s.url)
    #expect(r.out.contains("--spacing: 6px;") && r.out.contains("--spacing-sm: 12px;"), "\(r.out)")
  }
}

/// A warning that a token is not computed is never hidden behind the warnings limit
/// (issue 14 review, point 6).
@Suite struct UncomputedWarningTests {
  static func file(_ s: Sandbox) throws -> String {
    var members = (0..<25).map { #""s\#($0)": {"$value": "\#($0)px"}"# }
    members.append(#""bad": {"$value": "{space.s1} * {space.s2}"}"#)
    return try s.write(
      "w.tokens.json",
      #"{"space": {"$type": "dimension", "# + members.joined(separator: ", ") + "}}")
  }

  @Test func uncomputedWarningIsShownPastTheLimit() throws {
    let s = try Sandbox()
    let r = s.run(["add", try Self.file(s)])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.err.contains("space.bad: kept, but its value cannot be computed"), "\(r.err)")
    #expect(r.err.contains("… and 6 more warnings (--verbose to show all)"), "\(r.err)")
    #expect(r.err.contains("27 warnings in all"), "\(r.err)")
  }

  @Test("via the built binary")
  func binary() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    _ = try Self.file(s)
    let r = try runBinary(binary, ["--db", s.db, "add", "w.tokens.json"], in: s.url)
    #expect(r.status == 0)
    #expect(r.err.contains("space.bad: kept, but its value cannot be computed"), "\(r.err)")
    let quiet = try runBinary(binary, ["--db", s.db, "add", "--quiet", "w.tokens.json"], in: s.url)
    #expect(quiet.err.isEmpty, "\(quiet.err)")
  }
}
