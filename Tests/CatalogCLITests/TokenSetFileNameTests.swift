import CatalogModel
import Foundation
import Testing

@testable import CatalogStore

/// Issue 14 review, points 1 and 4: a set name becomes a file (or, with Tokens Studio's
/// `/`, a folder) in a catalog folder, so names that differ only in case are refused
/// (they would be one file on macOS and Windows), and `themes/dark` is kept and exported
/// as `tokens/themes/dark.tokens.json`.
@Suite struct TokenSetFileNameTests {
  static let file =
    #"{"space": {"$type": "dimension", "md": {"$value": {"value": 8, "unit": "px"}}}}"#

  @Test("a set name differing from an existing one only in case is refused, naming it")
  func caseClashRefused() throws {
    #expect(TokenSetName.caseClash(of: "B", with: ["b"]) != nil)
    #expect(TokenSetName.caseClash(of: "Themes/light", with: ["themes/dark"]) != nil)
    #expect(TokenSetName.caseClash(of: "themes", with: ["Themes/dark"]) == nil)
    #expect(TokenSetName.caseClash(of: "b", with: ["b"]) == nil)
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    let path = try s.write("t.tokens.json", Self.file)
    #expect(s.run(["add", path, "--set", "b"]).status == 0)
    for args in [
      ["tokens", "set", "space.lg", "12", "--set", "B", "--new-set"],
      ["tokens", "import", path, "--set", "B"],
    ] {
      let r = try runBinary(binary, ["--db", s.db] + args, in: s.url)
      #expect(r.status == 1, "\(args): \(r.out)")
      #expect(
        r.err.contains("a token set 'b' exists, and 'B' differs from it only in case"), "\(r.err)")
    }
    #expect(s.run(["tokens", "sets"]).out == "0  b  1 token  from t.tokens.json\n")
    // Another set may not be renamed onto it; the set itself may change its case.
    #expect(s.run(["tokens", "set", "space.lg", "12", "--set", "c", "--new-set"]).status == 0)
    let onto = s.run(["tokens", "sets", "--rename", "c", "--to", "B"])
    #expect(onto.status == 1 && onto.err.contains("a token set 'b' exists"), "\(onto.err)")
    #expect(s.run(["tokens", "sets", "--rename", "b", "--to", "B"]).status == 0)
  }

  @Test("a Tokens Studio file with sets differing in case is refused at file:line:col")
  func studioCaseClash() throws {
    let s = try Sandbox()
    let path = try s.write(
      "studio.json",
      #"{"dark": {"a": {"value": "4", "type": "spacing"}}, "Dark": {"b": {"value": "8", "type": "spacing"}}, "$metadata": {"tokenSetOrder": ["dark", "Dark"]}}"#
    )
    let r = s.run(["add", path])
    #expect(r.status == 1)
    #expect(
      r.err.contains(
        "studio.json:1:60: Dark: the token set 'Dark' is refused: a token set 'dark' exists"),
      "\(r.err)")
    #expect(s.run(["tokens", "sets"]).out.isEmpty)
  }

  @Test(
    "a component or resolver document differing from another only in case is refused (built binary)"
  )
  func otherFileNames() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    let card = try s.write("a.json", #"{"name": "Card", "body": {"type": "Spacer"}}"#)
    let lower = try s.write("b.json", #"{"name": "card", "body": {"type": "Spacer"}}"#)
    #expect(s.run(["add", card]).status == 0)
    let r = try runBinary(binary, ["--db", s.db, "add", lower], in: s.url)
    #expect(r.status == 1)
    #expect(
      r.err.contains("a component Card exists, and card differs from it only in case"), "\(r.err)")
    let doc =
      ##"{"version": "2025.10", "sets": {"base": {"sources": [{"x": {"$type": "number", "$value": 1}}]}}, "resolutionOrder": [{"$ref": "#/sets/base"}]}"##
    #expect(s.run(["add", try s.write("Modes.resolver.json", doc)]).status == 0)
    let modes = s.run(["add", try s.write("modes.resolver.json", doc)])
    #expect(modes.status == 1)
    #expect(modes.err.contains("a resolver document 'Modes' exists"), "\(modes.err)")
  }

  @Test("an export refuses sets stored before the rule whose files differ only in case")
  func exportCaseClash() throws {
    let s = try Sandbox()
    let path = try s.write("t.tokens.json", Self.file)
    #expect(s.run(["add", path, "--set", "b"]).status == 0)
    #expect(s.run(["add", path, "--set", "c"]).status == 0)
    do {
      let store = try CatalogStore(path: s.db)
      try store.execute("UPDATE token_set SET name = 'B' WHERE name = 'c'")
    }
    let r = s.run(["export", s.path("out")])
    #expect(r.status == 1)
    #expect(
      r.err.contains("tokens/B.tokens.json and tokens/b.tokens.json differ only in case"),
      "\(r.err)")
    #expect(!FileManager.default.fileExists(atPath: s.path("out/tokens")))
  }

  @Test(
    "Tokens Studio's themes/dark is a set, exported as a folder and imported back (built binary)")
  func slashSetRoundTrip() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    let path = try s.write(
      "studio.json",
      #"{"global": {"spacing": {"sm": {"value": "4", "type": "spacing"}}}, "themes/dark": {"spacing": {"md": {"value": "{spacing.sm} * 2", "type": "spacing"}}}, "$metadata": {"tokenSetOrder": ["global", "themes/dark"]}}"#
    )
    let added = try runBinary(binary, ["--db", s.db, "add", path], in: s.url)
    #expect(added.status == 0, "\(added.err)")
    #expect(added.out.contains("into set 'themes/dark'"), "\(added.out)")
    let exported = try runBinary(binary, ["--db", s.db, "export", s.path("out")], in: s.url)
    #expect(exported.status == 0, "\(exported.err)")
    #expect(FileManager.default.fileExists(atPath: s.path("out/tokens/themes/dark.tokens.json")))
    let other = s.path("other.db")
    let imported = try runBinary(binary, ["--db", other, "import", s.path("out")], in: s.url)
    #expect(imported.status == 0, "\(imported.err)")
    let sets = s.run(["tokens", "sets", "--json"], db: other).out
    #expect(sets.contains("\"themes/dark\""), "\(sets)")
    #expect(
      s.run(["tokens", "get", "spacing.md", "--json"], db: other).out.contains("\"points\": 8"))
    // The set's file is removed from its folder when the set is renamed away.
    #expect(s.run(["tokens", "sets", "--rename", "themes/dark", "--to", "dark"]).status == 0)
    #expect(s.run(["export", s.path("out")]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: s.path("out/tokens/themes/dark.tokens.json")))
    #expect(FileManager.default.fileExists(atPath: s.path("out/tokens/dark.tokens.json")))
    #expect(!FileManager.default.fileExists(atPath: s.path("out/tokens/themes")))
  }
}
