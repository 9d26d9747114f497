import CatalogServer
import Testing

/// Token paths `tokens set` accepted that every importer
/// refuses, a mistyped `--set` creating a set that wins, unknown `--input` modifiers
/// ignored with one resolver document, `tokens usage` of a missing token exiting 0, and
/// `$ref` chains followed again from every token.
@Suite struct TokenEntryRulesTests {
  static let spacing =
    #"{"space": {"$type": "dimension", "sm": {"$value": {"value": 4, "unit": "px"}}}}"#

  static func catalog() throws -> Sandbox {
    let s = try Sandbox()
    let file = try s.write("spacing.tokens.json", Self.spacing)
    #expect(s.run(["add", file]).status == 0)
    return s
  }

  @Test(
    "tokens set and tokens rename refuse a path every importer refuses, before SQLite",
    arguments: ["a\u{01}b", "a\u{200B}b", "a\u{202E}b", "a..b", "a.$x", "a.{b}"])
  func pathRule(path: String) throws {
    let s = try Self.catalog()
    let set = s.run(["tokens", "set", path, "4px", "--set", "spacing"])
    #expect(set.status == 1, "\(set.out)")
    #expect(set.err.contains("is not a token path"), "\(set.err)")
    #expect(!set.err.contains("CHECK constraint"), "\(set.err)")
    let renamed = s.run(["tokens", "rename", "space.sm", path])
    #expect(renamed.status == 1)
    #expect(renamed.err.contains("is not a token path"), "\(renamed.err)")
    #expect(s.run(["tokens", "list", "--json"]).out.contains("space.sm"))
  }

  @Test("a --set naming no set is refused with the sets and the nearest, unless --new-set")
  func unknownSet() throws {
    let s = try Self.catalog()
    let typo = s.run(["tokens", "set", "space.sm", "5px", "--set", "spacin"])
    #expect(typo.status == 1)
    #expect(typo.err.contains("no token set named 'spacin' (there are: spacing)"), "\(typo.err)")
    #expect(typo.err.contains("did you mean 'spacing'?"), "\(typo.err)")
    #expect(typo.err.contains("--new-set"), "\(typo.err)")
    #expect(s.run(["tokens", "sets"]).out == "0  spacing  1 token  from spacing.tokens.json\n")
    let created = s.run(["tokens", "set", "space.sm", "5px", "--set", "nope", "--new-set"])
    #expect(created.status == 0, "\(created.err)")
    #expect(s.run(["tokens", "sets"]).out.contains("1  nope  1 token  (wins)"))
  }

  @Test("tokens set of a dimension as 8px gives no older-string-form warning (README form)")
  func typedDimensionIsQuiet() throws {
    let s = try Self.catalog()
    let r = s.run(["tokens", "set", "space.sm", "8px"])
    #expect(r.status == 0, "\(r.err)")
    #expect(!r.err.contains("older string form"), "\(r.err)")
  }

  @Test("an unknown --input modifier is refused by render, tokens export and serve")
  func unknownModifier() throws {
    let s = try Self.catalog()
    let density = try s.write(
      "density.resolver.json",
      ##"{"version": "2025.10", "modifiers": {"density": {"default": "regular", "contexts": {"regular": [{}], "compact": [{"space": {"$type": "dimension", "sm": {"$value": {"value": 2, "unit": "px"}}}}]}}}, "resolutionOrder": [{"$ref": "#/modifiers/density"}]}"##
    )
    #expect(s.run(["add", density]).status == 0)
    let component = try s.write(
      "Row.json",
      #"{"name": "Row", "body": {"type": "Text", "text": "x", "modifiers": [{"padding": {"edges": ["bottom"], "length": "{space.sm}"}}]}}"#
    )
    #expect(s.run(["add", component]).status == 0)
    let render = s.run(["render", "Row", "--input", "densty=compact"])
    #expect(render.status == 1, "\(render.out)")
    #expect(render.err.contains("unknown modifier 'densty'"), "\(render.err)")
    #expect(render.err.contains("did you mean 'density'?"), "\(render.err)")
    let export = s.run(["tokens", "export", "--format", "css", "--input", "x=y"])
    #expect(export.status == 1)
    #expect(export.err.contains("unknown modifier 'x'"), "\(export.err)")
    let context = s.run(["render", "Row", "--input", "density=compat"])
    #expect(context.status == 1)
    #expect(context.err.contains("did you mean 'compact'?"), "\(context.err)")
    let server = try CatalogServer(.init(databasePath: s.db, port: 0)) { _ in }
    let css = server.response(method: "GET", path: "/tokens.css", query: ["input": "x=y"])
    #expect(css.status == 400)
    let api = server.response(
      method: "GET", path: "/api/components/Row", query: ["input": "densty=compact"])
    #expect(api.status == 400)
    #expect(
      String(decoding: api.body, as: UTF8.self).contains("did you mean 'density'?"),
      "\(String(decoding: api.body, as: UTF8.self))")
  }

  @Test("tokens usage of a token that does not exist fails, naming the nearest")
  func usageOfMissingToken() throws {
    let s = try Self.catalog()
    let r = s.run(["tokens", "usage", "space.sn"])
    #expect(r.status == 1)
    #expect(r.err.contains("no token {space.sn}; did you mean {space.sm}?"), "\(r.err)")
    #expect(s.run(["tokens", "usage", "space.sm"]).status == 0)
    #expect(s.run(["tokens", "usage", "space"]).status == 0, "a group is not missing")
  }

  @Test("a $ref chain: each pointer is resolved once; past the limit one rule names it")
  func referenceChain() throws {
    func chain(_ n: Int) -> String {
      var members = [#""r0": {"$type": "dimension", "$value": {"value": 1, "unit": "px"}}"#]
      for i in 1..<n {
        members.append(
          ##""r\##(i)": {"$type": "dimension", "$value": {"$ref": "#/r\##(i - 1)/$value"}}"##)
      }
      return "{" + members.joined(separator: ", ") + "}"
    }
    let s = try Sandbox()
    let fits = try s.write("fits.tokens.json", chain(64))
    let ok = s.run(["add", fits])
    #expect(ok.status == 0, "\(ok.err.prefix(400))")
    let long = try s.write("long.tokens.json", chain(200))
    let refused = s.run(["add", long])
    #expect(refused.status == 1)
    #expect(
      refused.err.contains("the $ref chain is longer than 64 (§7.3)"), "\(refused.err.prefix(400))")
  }
}
