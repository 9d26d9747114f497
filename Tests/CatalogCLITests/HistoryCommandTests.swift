import CatalogModel
import Foundation
import Testing

/// `history`, `show --revision`, `diff` and `revert` (issue 7, point 2).
@Suite struct HistoryCommandTests {
  /// A catalog with TrackRow at revision 3: created, padding token changed, alignment changed.
  func catalogWithHistory() throws -> Sandbox {
    let s = try Sandbox.withExamples()
    let original = s.run(["show", "TrackRow"]).out
    let second = try s.write(
      "TrackRow2.json", original.replacingOccurrences(of: "{space.sm}", with: "{space.lg}"))
    #expect(s.run(["add", second]).status == 0)
    let third = try s.write(
      "TrackRow3.json",
      original.replacingOccurrences(of: "{space.sm}", with: "{space.lg}").replacingOccurrences(
        of: "\"leading\"", with: "\"trailing\""))
    #expect(s.run(["add", third]).status == 0)
    return s
  }

  @Test func historyListsEveryRevision() throws {
    let s = try catalogWithHistory()
    let r = s.run(["history", "TrackRow"])
    #expect(r.status == 0, "\(r.err)")
    let lines = r.out.split(separator: "\n")
    #expect(lines.count == 4)
    #expect(lines[0].hasPrefix("revision  change"))
    #expect(lines[1].hasPrefix("1         create"))
    #expect(lines[2].hasPrefix("2         update") && lines[2].hasSuffix("1 path"))
    #expect(lines[3].hasPrefix("3         update") && lines[3].hasSuffix("1 path  (current)"))
    let j = try json(s.run(["history", "TrackRow", "--json"]).out)
    #expect(j.objectValue?["revisions"]?.arrayValue?.count == 3)
    #expect(j.objectValue?["revisions"]?.arrayValue?.last?.objectValue?["current"] == .bool(true))
  }

  @Test func historyOfAnUnknownComponentFails() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["history", "Nope"])
    #expect(r.status == 1)
    #expect(r.err == "Error: no component named 'Nope' was ever saved in \(s.db)\n")
  }

  @Test func showPrintsAnOldRevision() throws {
    let s = try catalogWithHistory()
    let r1 = s.run(["show", "TrackRow", "--revision", "1"])
    #expect(r1.status == 0)
    #expect(r1.out.contains("{space.sm}") && r1.out.contains("\"leading\""))
    #expect(s.run(["show", "TrackRow", "--revision", "2"]).out.contains("{space.lg}"))
    let missing = s.run(["show", "TrackRow", "--revision", "9"])
    #expect(missing.status == 1)
    #expect(missing.err.contains("TrackRow has no revision 9; its revisions are 1 to 3"))
    #expect(s.run(["show", "TrackRow", "--revision", "x"]).status == 64)
    #expect(s.run(["show", "TrackRow", "--revision", "0"]).status == 64)
  }

  @Test func diffShowsDefinitionChangesAndFrames() throws {
    let s = try catalogWithHistory()
    let r = s.run(["diff", "TrackRow", "1", "2"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("TrackRow: revision 1 → revision 2\n"))
    #expect(
      r.out.contains(
        #"~ body.children[0].modifiers[0].padding.length: "{space.sm}" → "{space.lg}""#))
    // space.sm = 8, space.lg = 16: the padding grows by 8 points, so the stack does too.
    #expect(
      r.out.contains("Frames (ios, proposed nil×nil, fixed text metrics): size 68×30 → 68×38"),
      "\(r.out)")
    #expect(
      r.out.contains("~ padding(.bottom, 8) → padding(.bottom, 16)  (0, 0) 68×30 → (0, 0) 68×38"),
      "\(r.out)")
  }

  @Test func diffDefaultsToTheLastTwoRevisions() throws {
    let s = try catalogWithHistory()
    let r = s.run(["diff", "TrackRow"])
    #expect(r.status == 0)
    #expect(r.out.hasPrefix("TrackRow: revision 2 → revision 3\n"))
    #expect(r.out.contains(#"~ body.arguments.alignment: "leading" → "trailing""#))
    let one = s.run(["diff", "TrackRow", "1"])
    #expect(one.out.hasPrefix("TrackRow: revision 1 → revision 3\n"))
    #expect(one.out.contains("Definition: 2 changes"))
  }

  @Test func diffAsJSON() throws {
    let s = try catalogWithHistory()
    let j = try json(s.run(["diff", "TrackRow", "1", "2", "--json"]).out)
    let o = try #require(j.objectValue)
    #expect(o["from"] == .number(1) && o["to"] == .number(2))
    let change = try #require(o["changes"]?.arrayValue?.first?.objectValue)
    #expect(change["path"] == .string("body.children[0].modifiers[0].padding.length"))
    #expect(change["old"] == .string("{space.sm}") && change["new"] == .string("{space.lg}"))
    #expect(o["frames"]?.objectValue?["sizeAfter"] == .string("68×38"))
  }

  @Test func diffOfOneRevisionOnlyAndAnUnknownRevision() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["diff", "TrackRow"])
    #expect(r.status == 1)
    #expect(r.err.contains("only one saved definition"))
    #expect(s.run(["diff", "TrackRow", "1", "7"]).err.contains("TrackRow has no revision 7"))
  }

  @Test func revertSavesANewRevisionAndKeepsHistory() throws {
    let s = try catalogWithHistory()
    let r = s.run(["revert", "TrackRow", "1"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out == "Reverted TrackRow to revision 1 (saved as revision 4)\n")
    #expect(s.run(["show", "TrackRow"]).out == s.run(["show", "TrackRow", "--revision", "1"]).out)
    #expect(
      try count(
        "SELECT count(*) FROM component_revision WHERE component_name = 'TrackRow'", in: s.db) == 4)
    #expect(
      try count(
        "SELECT count(*) FROM component_revision WHERE component_name = 'TrackRow' AND change = 'revert'",
        in: s.db) == 1)
    #expect(s.run(["history", "TrackRow"]).out.contains("4         revert"))
    // The rows derived from the definition follow it: the length uses space.sm again.
    #expect(
      try count(
        "SELECT count(*) FROM component_length AS l JOIN component AS c ON c.id = l.component_id WHERE c.name = 'TrackRow' AND l.token_path = 'space.sm'",
        in: s.db) == 1)
    // Reverting to what is already there saves nothing.
    let again = s.run(["revert", "TrackRow", "1"])
    #expect(again.status == 0)
    #expect(again.out.contains("nothing was saved"))
    #expect(
      try count(
        "SELECT count(*) FROM component_revision WHERE component_name = 'TrackRow'", in: s.db) == 4)
  }

  @Test func revertBringsBackARemovedComponent() throws {
    let s = try Sandbox.withExamples()
    #expect(s.run(["remove", "TrackRow", "--force"]).status == 0)
    #expect(
      s.run(["revert", "TrackRow", "2"]).err.contains("revision 2 of TrackRow is its removal"))
    let r = s.run(["revert", "TrackRow", "1"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out == "Reverted TrackRow to revision 1 (saved as revision 3)\n")
    #expect(s.run(["render", "TrackRow"]).status == 0)
  }

  @Test func revertRefusesADefinitionThatNoLongerResolves() throws {
    let s = try Sandbox.withExamples()
    let changed = try s.write(
      "T.json",
      s.run(["show", "TrackRow"]).out.replacingOccurrences(of: "{space.sm}", with: "{space.md}"))
    #expect(s.run(["add", changed]).status == 0)
    #expect(s.run(["tokens", "remove", "space.sm", "--force"]).status == 0)
    let before = try catalogDump(s.db)
    let r = s.run(["revert", "TrackRow", "1"])
    #expect(r.status == 1)
    #expect(r.err.contains("space.sm"))
    #expect(try catalogDump(s.db) == before)
    #expect(s.run(["revert", "TrackRow", "two"]).status == 64)
  }
}
