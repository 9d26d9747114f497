import CatalogModel
import Foundation
import Testing

/// One rule for token set names (`TokenSetName`), at every entry point, and
/// `tokens sets --rename OLD --to NEW`.
@Suite struct TokenSetNameTests {
  static let file =
    #"{"space": {"$type": "dimension", "md": {"$value": {"value": 8, "unit": "px"}}}}"#

  @Test(
    "names that cannot be one file name are refused",
    arguments: [
      "../../x", "/a", "a/", "a//b", "a/../b", "a/.x", "a/CON", #"a\b"#, "..", ".", "", "   ",
      "a\u{202E}b", "a\u{200B}", ".hidden", "a:b",
      "CON", "con.tokens", "Lpt1", "NUL ",
    ])
  func refusedNames(name: String) throws {
    #expect(TokenSetName.problem(in: name) != nil)
    let s = try Sandbox()
    let path = try s.write("t.tokens.json", Self.file)
    let imported = s.run(["tokens", "import", "--set", name, path])
    #expect(imported.status == 1, "\(imported.out)")
    #expect(imported.err.contains("is refused"), "\(imported.err)")
    #expect(s.run(["add", path]).status == 0)
    let set = s.run(["tokens", "set", "space.lg", "12", "--set", name, "--new-set"])
    #expect(set.status == 1)
    let renamed = s.run(["tokens", "sets", "--rename", "t", "--to", name])
    #expect(renamed.status == 1)
    // The source is recorded relative to the catalog's folder.
    #expect(s.run(["tokens", "sets"]).out == "0  t  1 token  from t.tokens.json\n")
  }

  @Test("a resolver document's set named with a path separator is refused")
  func resolverSetName() throws {
    let s = try Sandbox()
    let doc = try s.write(
      "r.resolver.json",
      ##"{"version": "2025.10", "sets": {"../x": {"sources": []}}, "resolutionOrder": [{"$ref": "#/sets/..~1x"}]}"##
    )
    let r = s.run(["add", doc])
    #expect(r.status == 1)
    #expect(r.err.contains("the set name '../x' is refused"), "\(r.err)")
  }

  @Test(
    "ordinary names pass",
    arguments: [
      "core", "dark mode", "brand.v2", "café", "a-b_c", "console", "com10", "a.con", "themes/dark",
    ])
  func acceptedNames(name: String) {
    #expect(TokenSetName.problem(in: name) == nil)
  }

  @Test("tokens sets --rename keeps precedence, tokens and history (built binary)")
  func renameSet() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    let a = try s.write("a.tokens.json", Self.file)
    let b = try s.write(
      "b.tokens.json",
      #"{"space": {"$type": "dimension", "md": {"$value": {"value": 20, "unit": "px"}}}}"#)
    #expect(s.run(["add", a, b]).status == 0)
    let r = try runBinary(
      binary, ["--db", s.db, "tokens", "sets", "--rename", "a", "--to", "base"], in: s.url)
    #expect(r.status == 0, "\(r.err)")
    #expect(r.err.contains("Renamed token set 'a' to 'base'"))
    #expect(r.out.hasPrefix("0  base  1 token"), "\(r.out)")
    #expect(s.run(["tokens", "history", "space.md"]).out.contains("base  revision 1"))
    let taken = try runBinary(
      binary, ["--db", s.db, "tokens", "sets", "--rename", "base", "--to", "b"], in: s.url)
    #expect(taken.status == 1)
    #expect(taken.err.contains("'b' already exists"))
    let missing = s.run(["tokens", "sets", "--rename", "nope", "--to", "x"])
    #expect(missing.status == 1)
    #expect(s.run(["tokens", "sets", "--rename", "base"]).status == 64)
    #expect(s.run(["export", s.path("out")]).status == 0)
    #expect(FileManager.default.fileExists(atPath: s.path("out/tokens/base.tokens.json")))
  }
}
