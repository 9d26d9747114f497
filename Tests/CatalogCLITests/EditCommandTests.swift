import CatalogStore
import Foundation
import Testing

/// `catalog edit NAME` and `catalog edit --tokens SET`, driven by editor scripts set as
/// `$EDITOR` (issue 7, point 1).
@Suite struct EditCommandTests {
  @Test func aValidEditSavesANewRevision() throws {
    let s = try Sandbox.withExamples()
    let editor = try s.script("ed.sh", #"sed -i 's/"leading"/"trailing"/' "$1""#)
    let r = s.runEditing(["edit", "TrackRow"], editor: editor)
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out == "Saved TrackRow (revision 2)\n")
    #expect(s.run(["show", "TrackRow"]).out.contains(#""alignment": "trailing""#))
    #expect(
      try count(
        "SELECT count(*) FROM component_revision WHERE component_name = 'TrackRow' AND change = 'update'",
        in: s.db) == 1)
  }

  @Test func theFileIsPrettyJSONOfTheDefinition() throws {
    let s = try Sandbox.withExamples()
    let copy = s.path("seen.json")
    let editor = try s.script("ed.sh", "cp \"$1\" '\(copy)'")
    let r = s.runEditing(["edit", "TrackRow"], editor: editor)
    #expect(r.status == 0)
    #expect(r.out == "No changes; TrackRow was not changed.\n")
    #expect(try String(contentsOfFile: copy, encoding: .utf8) == s.run(["show", "TrackRow"]).out)
  }

  @Test func anEmptiedOrUnchangedFileSavesNothing() throws {
    let s = try Sandbox.withExamples()
    let before = try catalogDump(s.db)
    let empty = s.runEditing(["edit", "TrackRow"], editor: try s.script("empty.sh", ": > \"$1\""))
    #expect(empty.status == 0)
    #expect(empty.out == "Edit cancelled: the file was empty; TrackRow was not changed.\n")
    // Reformatting is not a change: the JSON is the same.
    let reformat = s.runEditing(
      ["edit", "TrackRow"],
      editor: try s.script("fmt.sh", "tr -d '\\n' < \"$1\" > \"$1.x\" && mv \"$1.x\" \"$1\""))
    #expect(reformat.status == 0, "\(reformat.err)")
    #expect(reformat.out == "No changes; TrackRow was not changed.\n")
    #expect(try catalogDump(s.db) == before)
  }

  @Test func anInvalidTextIsReopenedWithTheErrorOnTop() throws {
    let s = try Sandbox.withExamples()
    let good = try s.write(
      "good.json",
      s.run(["show", "TrackRow"]).out.replacingOccurrences(of: "\"leading\"", with: "\"center\""))
    let seen = s.path("second-open.txt")
    let editor = try s.script(
      "ed.sh",
      """
      n=$(cat '\(s.path("count"))' 2>/dev/null || echo 0); n=$((n+1)); echo $n > '\(s.path("count"))'
      if [ $n = 1 ]; then printf '{"name": "TrackRow", "body": ' > "$1"; exit 0; fi
      cp "$1" '\(seen)'
      # Keep the error header, put a valid definition under it.
      { grep '^//' "$1"; cat '\(good)'; } > "$1.x" && mv "$1.x" "$1"
      """)
    let r = s.runEditing(["edit", "TrackRow"], editor: editor)
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out == "Saved TrackRow (revision 2)\n")
    #expect(r.err.contains("unexpected end of file"))
    #expect(r.err.contains("Re-opening the editor"))
    let second = try String(contentsOfFile: seen, encoding: .utf8)
    #expect(second.hasPrefix("// catalog edit: this text was NOT saved because it has an error:\n"))
    // The position is the one in the re-opened file, under the 4 header lines.
    #expect(second.contains("TrackRow.json:5:30: unexpected end of file"), "\(second)")
    #expect(second.contains(#"{"name": "TrackRow", "body": "#))
    #expect(s.run(["show", "TrackRow"]).out.contains(#""alignment": "center""#))
  }

  @Test func errorsNameLinesOfTheFileAsShown() throws {
    // The header is replaced by blank lines before parsing, so a second error's line
    // number is the line in the file the person sees.
    let s = try Sandbox.withExamples()
    let seen = s.path("third-open.txt")
    let editor = try s.script(
      "ed.sh",
      """
      n=$(cat '\(s.path("count"))' 2>/dev/null || echo 0); n=$((n+1)); echo $n > '\(s.path("count"))'
      if [ $n = 1 ]; then sed -i 's/"leading"/"sideways"/' "$1"; exit 0; fi
      if [ $n = 2 ]; then sed -i 's/"title": {/"title" {/' "$1"; exit 0; fi
      cp "$1" '\(seen)'; : > "$1"
      """)
    let r = s.runEditing(["edit", "TrackRow"], editor: editor)
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out == "Edit cancelled: the file was empty; TrackRow was not changed.\n")
    let third = try String(contentsOfFile: seen, encoding: .utf8)
    let lines = third.split(separator: "\n", omittingEmptySubsequences: false)
    // Find the error's line number and check that line holds the broken member.
    let message = try #require(
      lines.first { $0.contains("TrackRow.json:") && $0.contains("expected ':'") })
    let number = try #require(Int(message.split(separator: ":")[1]))
    #expect(lines[number - 1].contains(#""title" {"#), "line \(number) of:\n\(third)")
  }

  @Test func anInvalidTextBackUnchangedStopsAndKeepsTheText() throws {
    let s = try Sandbox.withExamples()
    let before = try catalogDump(s.db)
    // Renames the component every time: the name must stay.
    let editor = try s.script("ed.sh", #"sed -i 's/"name": "TrackRow"/"name": "TrackRow2"/' "$1""#)
    let r = s.runEditing(["edit", "TrackRow"], editor: editor)
    #expect(r.status == 1)
    #expect(r.err.contains(#"the name must stay "TrackRow""#))
    #expect(r.err.contains("the edited text still has errors"))
    let kept = try #require(
      r.err.components(separatedBy: "your text is kept in ").last?.trimmingCharacters(
        in: .whitespacesAndNewlines))
    #expect(try String(contentsOfFile: kept, encoding: .utf8).contains(#""TrackRow2""#))
    // Named for the component, as the README says (not for the edited file's name).
    #expect(URL(fileURLWithPath: kept).lastPathComponent.hasPrefix("TrackRow.unsaved-"))
    #expect(try catalogDump(s.db) == before)
  }

  @Test func unknownTokensAreCaughtBeforeSaving() throws {
    let s = try Sandbox.withExamples()
    let before = try catalogDump(s.db)
    let editor = try s.script("ed.sh", "sed -i 's/{space.sm}/{space.nope}/' \"$1\"")
    let r = s.runEditing(["edit", "TrackRow"], editor: editor)
    #expect(r.status == 1)
    #expect(r.err.contains("space.nope"))
    #expect(try catalogDump(s.db) == before)
  }

  @Test func aConcurrentSaveIsAConflictAndTheTextIsKept() throws {
    let binary = try #require(builtBinary, "the built catalog executable is needed")
    let s = try Sandbox.withExamples()
    let other = try s.write(
      "other.json",
      s.run(["show", "TrackRow"]).out.replacingOccurrences(
        of: "A track's title", with: "Someone else's title"))
    // While "the person" edits, someone else saves TrackRow.
    let editor = try s.script(
      "ed.sh",
      """
      '\(binary.path)' --db '\(s.db)' add '\(other)' > /dev/null || exit 9
      sed -i 's/"leading"/"trailing"/' "$1"
      """)
    let r = s.runEditing(["edit", "TrackRow"], editor: editor)
    #expect(r.status == 1)
    #expect(
      r.err.contains(
        "component 'TrackRow' was changed by someone else (you edited revision 1, it is now at 2); nothing was saved; your text is kept in "
      ))
    let kept = try #require(
      r.err.components(separatedBy: "your text is kept in ").last?.components(separatedBy: ":")
        .first)
    #expect(try String(contentsOfFile: kept, encoding: .utf8).contains(#""alignment": "trailing""#))
    #expect(kept.hasPrefix(s.url.path), "kept next to the catalog")
    // The other writer's change stands; nothing was overwritten.
    #expect(s.run(["show", "TrackRow"]).out.contains("Someone else's title"))
    #expect(
      try count(
        "SELECT count(*) FROM component_revision WHERE component_name = 'TrackRow'", in: s.db) == 2)
  }

  @Test func visualWinsOverEditorAndAFailingEditorSavesNothing() throws {
    let s = try Sandbox.withExamples()
    let before = try catalogDump(s.db)
    let failing = try s.script("fail.sh", "sed -i 's/leading/trailing/' \"$1\"; exit 3")
    let good = try s.script("good.sh", "sed -i 's/leading/trailing/' \"$1\"")
    let r = s.runEditing(["edit", "TrackRow"], editor: good, extra: ["VISUAL": failing])
    #expect(r.status == 1)
    #expect(r.err.contains("exited with status 3; nothing was saved"))
    #expect(try catalogDump(s.db) == before)
    // An empty $VISUAL is skipped.
    let ok = s.runEditing(["edit", "TrackRow"], editor: good, extra: ["VISUAL": ""])
    #expect(ok.status == 0, "\(ok.err)")
  }

  @Test func usageErrors() throws {
    let s = try Sandbox.withExamples()
    #expect(s.run(["edit"]).status == 64)
    #expect(s.run(["edit", "TrackRow", "--tokens", "spacing"]).status == 64)
    let missing = s.runEditing(["edit", "Nope"], editor: "true")
    #expect(missing.status == 1)
    #expect(missing.err.contains("no component named 'Nope'"))
  }

  @Test func aTokenSetIsEditedAsADTCGFile() throws {
    let s = try Sandbox.withExamples()
    // Change space.sm to 6px and remove space.stack (no component uses it? then fine either way).
    let editor = try s.script(
      "ed.sh", #"sed -i 's/"{base.size.8}"/{ "value": 6, "unit": "px" }/' "$1""#)
    let r = s.runEditing(["edit", "--tokens", "spacing"], editor: editor)
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out == "Saved token set 'spacing': 0 added, 1 changed, 0 removed\n")
    #expect(s.run(["tokens", "get", "space.sm"]).out.contains("6"))
    #expect(try count("SELECT count(*) FROM token_revision WHERE path = 'space.sm'", in: s.db) == 2)
  }

  @Test func aTokenEditWithABrokenAliasIsReopened() throws {
    let s = try Sandbox.withExamples()
    let before = try catalogDump(s.db)
    let editor = try s.script("ed.sh", "sed -i 's/{base.size.8}/{base.size.9}/' \"$1\"")
    let r = s.runEditing(["edit", "--tokens", "spacing"], editor: editor)
    #expect(r.status == 1)
    #expect(r.err.contains("base.size.9"))
    #expect(try catalogDump(s.db) == before)
  }

  @Test func removingATokenInTheEditorRemovesIt() throws {
    let s = try Sandbox.withExamples()
    let editor = try s.script("ed.sh", #"sed -i '/"32": {/,/^ *}/d' "$1""#)
    let r = s.runEditing(["edit", "--tokens", "spacing"], editor: editor)
    #expect(r.status == 0, "\(r.err)")
    #expect(try count("SELECT count(*) FROM token WHERE path = 'base.size.32'", in: s.db) == 0)
    #expect(
      try count(
        "SELECT count(*) FROM token_revision WHERE path = 'base.size.32' AND change = 'remove'",
        in: s.db) == 1)
  }

  @Test func aTokenSetChangedDuringTheEditIsAConflict() throws {
    let binary = try #require(builtBinary, "the built catalog executable is needed")
    let s = try Sandbox.withExamples()
    let editor = try s.script(
      "ed.sh",
      """
      '\(binary.path)' --db '\(s.db)' tokens set space.xs 6px --set spacing > /dev/null 2>&1 || exit 9
      sed -i 's/"{base.size.8}"/{ "value": 7, "unit": "px" }/' "$1"
      """)
    let r = s.runEditing(["edit", "--tokens", "spacing"], editor: editor)
    #expect(r.status == 1)
    #expect(
      r.err.contains(
        "token set 'spacing' was changed by someone else while you edited it ({space.xs}); nothing was saved; your text is kept in "
      ), "\(r.err)")
    let kept = try #require(
      r.err.components(separatedBy: "your text is kept in ").last?.components(separatedBy: ":")
        .first)
    #expect(try String(contentsOfFile: kept, encoding: .utf8).contains(#""value": 7"#))
    // The other change stands; the edit's did not overwrite it.
    #expect(try count("SELECT count(*) FROM token_revision WHERE path = 'space.sm'", in: s.db) == 1)
    #expect(try count("SELECT count(*) FROM token_revision WHERE path = 'space.xs'", in: s.db) == 2)
  }
}

/// Edits that would lose a token in use, and an editor that keeps failing.
extension EditCommandTests {
  @Test func editingATokenSetCannotDeleteATokenInUse() throws {
    let s = try Sandbox.withExamples()
    let script = try s.script("drop.sh", #"sed -i '/"sm"/d' "$1""#)
    let r = s.run(
      ["edit", "--tokens", "spacing"],
      environment: ["EDITOR": script, "CATALOG_TEXT_METRICS": "fixed"])
    #expect(r.status == 1)
    #expect(s.run(["render", "TrackRow"]).status == 0)
  }

  @Test func anEditorThatKeepsWritingTheSameErrorStops() throws {
    let s = try Sandbox.withExamples()
    let script = try s.script("broken.sh", #"echo "{" > "$1""#)
    let r = s.run(
      ["edit", "TrackRow"], environment: ["EDITOR": script, "CATALOG_TEXT_METRICS": "fixed"])
    #expect(r.status == 1)
    #expect(r.err.contains("still has errors"), "\(r.err.suffix(300))")
  }
}
