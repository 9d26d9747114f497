import CatalogJSON
import Foundation
import Testing

/// A token set and a resolver document can be removed (`tokens sets --remove`, `tokens
/// resolvers --remove`), and `--prune` removes the sets a folder or a Tokens Studio file no
/// longer has. Before, there was no way to delete a set: `import --prune` left it empty and
/// `add studio.json --prune` left a set the file had dropped, which still won (review 20).
@Suite struct TokenSetRemovalTests {
  static let studio = #"""
    {
      "global": {"spacing": {"sm": {"value": "8", "type": "spacing"}}},
      "compact": {"spacing": {"sm": {"value": "4", "type": "spacing"}}},
      "roomy": {"spacing": {"sm": {"value": "12", "type": "spacing"}}},
      "$themes": [
        {"id": "1", "name": "Compact", "group": "density",
         "selectedTokenSets": {"global": "source", "compact": "enabled"}},
        {"id": "2", "name": "Roomy", "group": "density",
         "selectedTokenSets": {"global": "source", "roomy": "enabled"}}
      ],
      "$metadata": {"tokenSetOrder": ["global", "compact", "roomy"]}
    }
    """#

  static func sets(_ s: Sandbox) -> [String] {
    s.run(["tokens", "sets"]).out.split(separator: "\n").map {
      String($0.split(separator: " ", omittingEmptySubsequences: true)[1])
    }
  }

  @Test func aSetIsRemovedWithItsTokensKeepingTheirHistory() throws {
    let s = try Sandbox()
    #expect(s.run(["init", "--example"]).status == 0)
    #expect(
      s.run(["tokens", "set", "legacy.gap", "3px", "--set", "legacy", "--new-set"]).status == 0)
    #expect(s.run(["tokens", "set", "space.sm", "9px", "--set", "legacy"]).status == 0)
    let r = s.run(["tokens", "sets", "--remove", "legacy"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.err.contains("Removed token set 'legacy' and its 2 tokens"), "\(r.err)")
    #expect(Self.sets(s) == ["spacing"])
    // The overridden token is the spacing set's again; the removed one is gone, with history.
    #expect(
      s.run(["tokens", "get", "space.sm"]).out.contains("8"),
      "\(s.run(["tokens", "get", "space.sm"]).out)")
    #expect(s.run(["tokens", "get", "legacy.gap"]).status == 1)
    let history = s.run(["tokens", "history", "legacy.gap"]).out
    #expect(history.contains("revision 2  remove"), "\(history)")
    // Precedence stays 1…count: a new set goes last and a move to the end works.
    #expect(s.run(["tokens", "set", "x", "1px", "--set", "more", "--new-set"]).status == 0)
    #expect(s.run(["tokens", "sets", "--move", "spacing", "--to", "last"]).status == 0)
    #expect(Self.sets(s) == ["more", "spacing"])
    #expect(s.run(["doctor"]).status == 0, "\(s.run(["doctor"]).out)")
  }

  @Test func removingASetThatComponentsUseIsRefusedUnlessForced() throws {
    let s = try Sandbox()
    #expect(s.run(["init", "--example"]).status == 0)
    let before = s.run(["tokens", "list"]).out
    let r = s.run(["tokens", "sets", "--remove", "spacing"])
    #expect(r.status == 1)
    #expect(r.err.contains("unknown token {space.sm}"), "\(r.err)")
    #expect(s.run(["tokens", "list"]).out == before)
    let forced = s.run(["tokens", "sets", "--remove", "spacing", "--force"])
    #expect(forced.status == 0, "\(forced.err)")
    #expect(Self.sets(s).isEmpty)
    // Unknown sets and combined actions.
    let unknown = s.run(["tokens", "sets", "--remove", "nope"])
    #expect(unknown.status == 1)
    #expect(unknown.err.contains("no token set named 'nope'"), "\(unknown.err)")
    let both = s.run(["tokens", "sets", "--remove", "a", "--move", "b", "--to", "0"])
    #expect(both.status == 64)
    #expect(both.err.contains("not several"), "\(both.err)")
  }

  @Test func aResolverDocumentIsRemoved() throws {
    let s = try Sandbox()
    let file = try s.write("studio.json", Self.studio)
    #expect(s.run(["add", file]).status == 0)
    #expect(s.run(["tokens", "resolvers"]).out.contains("studio"))
    let r = s.run(["tokens", "resolvers", "--remove", "studio"])
    #expect(r.status == 0, "\(r.err)")
    // Recoverable as every removal is (its revisions are kept), and the output says how.
    #expect(
      r.out
        == "Removed resolver document 'studio'\nIts revisions are kept: 'catalog tokens resolvers --history studio' lists them, '--revert studio --revision N' brings it back\n"
    )
    #expect(!s.run(["tokens", "resolvers"]).out.contains("studio"))
    let again = s.run(["tokens", "resolvers", "--remove", "studio"])
    #expect(again.status == 1)
    #expect(again.err.contains("no resolver document named 'studio'"), "\(again.err)")
    #expect(s.run(["render", "Card", "--input", "density=Roomy"]).status != 0)
  }

  @Test func pruningAStudioFileRemovesTheSetsItDropped() throws {
    let s = try Sandbox()
    let file = try s.write("studio.json", Self.studio)
    #expect(s.run(["add", file]).status == 0)
    #expect(Self.sets(s) == ["global", "compact", "roomy"])
    var dropped = try #require(
      try JSONSerialization.jsonObject(with: Data(Self.studio.utf8)) as? [String: Any])
    dropped["roomy"] = nil
    dropped["$themes"] = [(dropped["$themes"] as? [Any])?.first as Any]
    dropped["$metadata"] = ["tokenSetOrder": ["global", "compact"]]
    try JSONSerialization.data(withJSONObject: dropped).write(to: URL(fileURLWithPath: file))
    let dry = s.run(["add", file, "--prune", "--dry-run"])
    #expect(dry.status == 0, "\(dry.err)")
    #expect(dry.out.contains("Would remove token set 'roomy' and its 1 token"), "\(dry.out)")
    #expect(Self.sets(s) == ["global", "compact", "roomy"])
    let r = s.run(["add", file, "--prune"])
    #expect(r.status == 0, "\(r.err)")
    #expect(Self.sets(s) == ["global", "compact"])
    #expect(s.run(["tokens", "get", "spacing.sm"]).out.contains("4"))
    // Without --prune a dropped set is kept, as a dropped token is.
    try s.write("studio.json", Self.studio)
    #expect(s.run(["add", file]).status == 0)
    try JSONSerialization.data(withJSONObject: dropped).write(to: URL(fileURLWithPath: file))
    #expect(s.run(["add", file]).status == 0)
    #expect(Self.sets(s) == ["global", "compact", "roomy"])
  }

  @Test func importPruneRemovesSetsAndResolverDocumentsTheFolderLacks() throws {
    let s = try Sandbox()
    #expect(s.run(["init", "--example"]).status == 0)
    let folder = s.path("folder")
    #expect(s.run(["export", folder]).status == 0)
    #expect(s.run(["tokens", "set", "extra.x", "3px", "--set", "extra", "--new-set"]).status == 0)
    let studio = try s.write("studio.json", Self.studio)
    #expect(s.run(["add", studio]).status == 0)
    let r = s.run(["import", folder, "--prune"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("Removed token set 'extra' and its 1 token"), "\(r.out)")
    #expect(r.out.contains("Removed token set 'roomy' and its 1 token"), "\(r.out)")
    #expect(r.out.contains("Removed resolver document 'studio'"), "\(r.out)")
    #expect(Self.sets(s) == ["spacing"])
    #expect(!s.run(["tokens", "resolvers"]).out.contains("studio"))
  }

  @Test("a Tokens Studio set's file is recorded as a plain file's is, and compared the same way")
  func studioSourcesAreRecordedAndCompared() throws {
    let binary = try #require(builtBinary, "build with 'swift build --build-tests'")
    let s = try Sandbox()
    for folder in ["in", "other", "work"] {
      try FileManager.default.createDirectory(
        at: s.url.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    try s.write("in/studio.json", Self.studio)
    try s.write(
      "other/global.json", #"{"spacing": {"lg": {"$type": "dimension", "$value": "20px"}}}"#)
    let work = s.url.appendingPathComponent("work")
    let add = try runBinary(
      binary, ["--db", "../catalog.db", "add", "../in/studio.json"], in: work)
    #expect(add.status == 0, "\(add.err)")
    // Relative to the catalog's folder, not to the folder add ran in.
    let sets = try runBinary(binary, ["--db", s.db, "tokens", "sets", "--json"], in: s.url)
    #expect(sets.out.contains(#""source": "in/studio.json (set global)""#), "\(sets.out)")
    // A plain file named after a Tokens Studio file's set does not merge into it silently.
    let other = try runBinary(binary, ["--db", s.db, "add", "other/global.json"], in: s.url)
    #expect(other.status == 1, "\(other.err)")
    #expect(
      other.err.contains(
        "the set 'global' holds the tokens of \(s.path("in/studio.json")), a different file from other/global.json"
      ), "\(other.err)")
    // The Tokens Studio file again, from another folder, is the same file.
    let again = try runBinary(binary, ["--db", s.db, "add", "in/studio.json"], in: s.url)
    #expect(again.status == 0, "\(again.err)")
  }

  /// A Tokens Studio file naming a set another file's tokens are in merged into it, and a
  /// later `--prune` of the Tokens Studio file removed the other file's tokens (review 21).
  @Test func aStudioSetDoesNotMergeIntoAnotherFilesSet() throws {
    let s = try Sandbox()
    let extra = try s.write(
      "roomy.json", #"{"pad": {"y": {"$type": "dimension", "$value": "3px"}}}"#)
    #expect(s.run(["add", extra]).status == 0)
    let before = s.run(["tokens", "list"]).out
    let r = s.run(["add", try s.write("studio.json", Self.studio)])
    #expect(r.status == 1)
    #expect(
      r.err.contains(
        "the set 'roomy' holds the tokens of \(extra), a different file from \(s.path("studio.json")), which names a set 'roomy' too"
      ), "\(r.err)")
    #expect(s.run(["tokens", "list"]).out == before)
    // Removing the stored set first is the way through.
    #expect(s.run(["tokens", "sets", "--remove", "roomy"]).status == 0)
    #expect(s.run(["add", s.path("studio.json")]).status == 0)
  }
}

/// Review 22: `tokens sets --move` said nothing (`--remove` and `--rename` confirm on
/// stderr, stdout being the listing), and `--json` gave only `precedence`, not the position
/// the listing prints and `--to` takes.
@Suite struct TokenSetMoveReportTests {
  @Test func aMoveIsConfirmedAndJSONGivesThePosition() throws {
    let s = try Sandbox()
    #expect(s.run(["init", "--example"]).status == 0)
    #expect(
      s.run(["tokens", "set", "legacy.gap", "3px", "--set", "legacy", "--new-set"]).status == 0)
    let move = s.run(["tokens", "sets", "--move", "legacy", "--to", "0"])
    #expect(move.status == 0, "\(move.err)")
    #expect(move.err.contains("Moved token set 'legacy' to position 0"), "\(move.err)")
    #expect(move.out.hasPrefix("0  legacy"), "\(move.out)")
    let json = try JSONParser.parse(s.run(["tokens", "sets", "--json"]).out).root
    let positions = json.arrayValue?.compactMap { set -> String? in
      guard let name = set.objectValue?["name"]?.stringValue,
        let position = set.objectValue?["position"]?.numberValue
      else { return nil }
      return "\(Int(position)) \(name)"
    }
    #expect(positions == ["0 legacy", "1 spacing"], "\(json)")
  }
}
