import CatalogModel
import Foundation
import Testing

/// Every write path runs the same dependents check (issue 12 point 6): `edit`, `revert`
/// and `tokens sets --move` refuse what `add` refuses, and `doctor` checks the invariants.
@Suite struct WritePathDependentsTests {
  static let inner1 =
    #"{"name": "Inner", "body": {"type": "VStack", "children": [{"type": "Spacer"}]}}"#
  static let inner2 =
    #"{"name": "Inner", "parameters": {"gap": {"type": "number", "default": 0}}, "body": {"type": "VStack", "spacing": "$gap", "children": [{"type": "Spacer"}]}}"#
  static let outer = #"{"name": "Outer", "body": {"type": "Inner", "arguments": {"gap": 4}}}"#

  func editor(_ s: Sandbox, _ body: String) throws -> String {
    let path = try s.write("editor.sh", "#!/bin/sh\n\(body)\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    return path
  }

  @Test func editRefusesAChangeThatBreaksAUser() throws {
    let s = try Sandbox.withExamples()
    let before = s.run(["history", "VSStack"]).out
    let script = try editor(
      s, #"sed -i 's/"alignment": {/"align": {/; s/"\$alignment"/"$align"/' "$1""#)
    let r = s.run(
      ["edit", "VSStack"], environment: ["CATALOG_TEXT_METRICS": "fixed", "EDITOR": script])
    #expect(r.status == 1)
    #expect(r.err.contains("the change would break AlbumCard, TrackRow"), "\(r.err)")
    #expect(s.run(["history", "VSStack"]).out == before)
    #expect(s.run(["render", "TrackRow"]).status == 0)
    #expect(s.run(["doctor"]).status == 0)
    // --force saves it, with the breakage as warnings; doctor then reports it.
    let forced = s.run(
      ["edit", "VSStack", "--force"],
      environment: ["CATALOG_TEXT_METRICS": "fixed", "EDITOR": script])
    #expect(forced.status == 0, "\(forced.err)")
    #expect(forced.err.contains("warning: TrackRow"), "\(forced.err)")
    #expect(s.run(["doctor"]).status == 1)
  }

  @Test func revertRefusesARevisionThatBreaksAUser() throws {
    let s = try Sandbox()
    #expect(s.run(["add", try s.write("Inner.json", Self.inner1)]).status == 0)
    #expect(s.run(["add", try s.write("Inner.json", Self.inner2)]).status == 0)
    #expect(s.run(["add", try s.write("Outer.json", Self.outer)]).status == 0)
    let r = s.run(["revert", "Inner", "1"])
    #expect(r.status == 1)
    #expect(r.err.contains("Outer"), "\(r.err)")
    #expect(r.err.contains("Inner has no parameter 'gap'"), "\(r.err)")
    #expect(s.run(["render", "Outer"]).status == 0)
    #expect(s.run(["doctor"]).status == 0)
    // --force saves it; doctor then reports the broken user.
    #expect(s.run(["revert", "Inner", "1", "--force"]).status == 0)
    let doctor = s.run(["doctor"])
    #expect(doctor.status == 1)
    #expect(doctor.out.contains("Outer"), "\(doctor.out)")
  }

  @Test func movingATokenSetRunsTheDependentsCheck() throws {
    let s = try Sandbox()
    let color = try s.write(
      "b.tokens.json",
      #"{"space": {"x": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0, 0]}}}}"#
    )
    let dimension = try s.write(
      "a.tokens.json",
      #"{"space": {"x": {"$type": "dimension", "$value": {"value": 8, "unit": "px"}}}}"#)
    #expect(s.run(["add", color]).status == 0)
    #expect(s.run(["add", dimension]).status == 0)
    let pad = try s.write(
      "Pad.json",
      #"{"name": "Pad", "body": {"type": "VStack", "spacing": "{space.x}", "children": [{"type": "Spacer"}]}}"#
    )
    let added = s.run(["add", pad])
    #expect(added.status == 0, "\(added.err)")
    let r = s.run(["tokens", "sets", "--move", "a", "--to", "0"])
    #expect(r.status == 1)
    #expect(r.err.contains("would break Pad"), "\(r.err)")
    #expect(s.run(["render", "Pad"]).status == 0)
    #expect(s.run(["tokens", "sets", "--move", "a", "--to", "0", "--force"]).status == 0)
  }

  @Test func doctorFindsEditedRowsThatDisagreeWithTheDefinition() throws {
    let s = try Sandbox.withExamples()
    #expect(s.run(["doctor"]).status == 0)
    let edited = try sqlite3(
      s.db,
      "DELETE FROM component_length WHERE component_id = (SELECT id FROM component WHERE name = 'TrackRow'); UPDATE component SET revision = 7 WHERE name = 'AlbumCard'; UPDATE token SET resolved_points = 99 WHERE path = 'space.md';"
    )
    guard let edited else {
      Issue.record("the sqlite3 shell is needed (Debian: sqlite3)")
      return
    }
    #expect(edited.status == 0, "\(edited.err)")
    let doctor = s.run(["doctor"])
    #expect(doctor.status == 1)
    #expect(
      doctor.out.contains("derived: TrackRow: the stored length rows differ"), "\(doctor.out)")
    #expect(doctor.out.contains("revision: AlbumCard: the row says revision 7"), "\(doctor.out)")
    #expect(doctor.out.contains("resolved: {space.md}"), "\(doctor.out)")
  }
}

/// `add --dry-run` matches views by identity (FrameMatcher, shared with `diff`).
@Suite struct DryRunFrameMatchingTests {
  @Test func oneInsertedViewDoesNotMisalignLaterComparisons() throws {
    let s = try Sandbox.withExamples()
    let shown = try JSONParser.parse(s.run(["show", "TrackRow"]).out).root
    var definition = try #require(shown.objectValue)
    var body = try #require(definition["body"]?.objectValue)
    var children = try #require(body["children"]?.arrayValue)
    children.insert(
      .object(JSONObject([("type", .string("Text")), ("text", .string("New"))])), at: 0)
    body["children"] = .array(children)
    definition["body"] = .object(body)
    let file = try s.write("TrackRow.json", JSONWriter.pretty(.object(definition)))
    let r = s.run(["add", file, "--dry-run"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("TrackRow (defaults):\n"), "\(r.out)")
    // The title is compared with itself, 22 pt lower; the new view is one added view.
    #expect(
      r.out.contains(
        "  Text(\"Untitled\").font(.headline)  (0, 0) 68×22 → (0, 22) 68×22  (TrackRow body.children[0])"
      ), "\(r.out)")
    #expect(r.out.contains("  + Text(\"New\")  (0, 0) "), "\(r.out)")
    #expect(!r.out.contains("Text(\"Untitled\").font(.headline)  (0, 0) 68×22 → (0, 0) 25.667×22"))
  }
}

/// Messages that name what there is.
@Suite struct KnownNamesMessageTests {
  @Test func anUnknownPlatformListsTheKnownOnes() throws {
    let s = try Sandbox.withExamples()
    let known = s.run(["platforms", "list", "--json"]).out
    let r = s.run(["render", "TrackRow", "--platform", "macos"])
    #expect(r.status == 1)
    #expect(r.err.hasPrefix("Error: unknown platform 'macos'; the known ones are "), "\(r.err)")
    #expect(r.err.contains("ios"))
    #expect(known.contains("\"ios\""))
  }

  @Test func countsArePluralisedCorrectly() throws {
    let s = try Sandbox()
    let one = try s.write(
      "one.tokens.json",
      #"{"space": {"x": {"$type": "dimension", "$value": {"value": 8, "unit": "px"}}}}"#)
    let r = s.run(["add", one])
    #expect(r.out.contains("Imported 1 token from"), "\(r.out)")
    #expect(
      s.run(["tokens", "sets"]).out.contains("one  1 token"), "\(s.run(["tokens", "sets"]).out)")
    #expect(
      s.run(["tokens", "rename", "space.x", "space.y"]).out.contains(
        "in 1 set; 0 token aliases updated"))
  }
}

/// A dry run of a changed component lists the views that move.
extension DryRunFrameMatchingTests {
  @Test func dryRunOfAComponentChangeListsTheMovedViews() throws {
    let s = try Sandbox.withExamples()
    let shown = s.run(["show", "VSStack"]).out.replacingOccurrences(
      of: "\"spacing\": 0", with: "\"spacing\": 6")
    let file = try s.write("VS6.json", shown)
    let r = s.run(["add", "--dry-run", file])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("Would update VSStack"))
    #expect(r.out.contains("TrackRow (variant full):"), "\(r.out)")
    #expect(s.run(["show", "VSStack"]).out.contains("\"spacing\": 0"))
  }
}

/// tokens set, tokens remove and add refuse what breaks their dependents.
extension WritePathDependentsTests {
  @Test func tokensSetRefusesAValueThatBreaksComponentsOrAliases() throws {
    let s = try Sandbox.withExamples()
    let r = s.run([
      "tokens", "set", "space.md", #"{"colorSpace":"srgb","components":[1,0,0]}"#, "--type",
      "color",
    ])
    #expect(r.status == 1)
    #expect(r.err.contains("would break"), "\(r.err)")
    #expect(r.err.contains("AlbumCard"))
    let alias = s.run([
      "tokens", "set", "base.size.8", #"{"colorSpace":"srgb","components":[1,1,1]}"#, "--type",
      "color",
    ])
    #expect(alias.status == 1)
    #expect(
      alias.err.contains(
        "{space.sm} is a dimension token but its alias now resolves to a color token"),
      "\(alias.err)")
    // Nothing changed; --force saves anyway.
    #expect(s.run(["render", "AlbumCard"]).status == 0)
    #expect(
      s.run([
        "tokens", "set", "space.md", #"{"colorSpace":"srgb","components":[1,0,0]}"#, "--type",
        "color", "--force",
      ]).status == 0)
  }

  @Test func removingATokenOthersAliasIsRefused() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["tokens", "remove", "base.size.8"])
    #expect(r.status == 1)
    #expect(r.err.contains("unknown token {base.size.8}"), "\(r.err)")
    #expect(s.run(["render", "TrackRow"]).status == 0)
  }

  @Test func addRefusesAnUpdateThatBreaksItsUsers() throws {
    let s = try Sandbox.withExamples()
    let changed = s.run(["show", "VSStack"]).out
      .replacingOccurrences(of: "\"alignment\": {", with: "\"align\": {")
      .replacingOccurrences(of: "\"$alignment\"", with: "\"$align\"")
    let file = try s.write("VSStack.json", changed)
    let r = s.run(["add", file])
    #expect(r.status == 1)
    #expect(r.err.contains("would break TrackRow"), "\(r.err)")
    #expect(s.run(["render", "TrackRow"]).status == 0)
    #expect(s.run(["add", file, "--force"]).status == 0)
  }
}
