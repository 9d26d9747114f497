import CatalogServer
import Foundation
import Testing

/// Review 16's token findings as commands show them: a refused import's error names where
/// the broken token is, in one line; an alias naming a group says so; bare decimals are
/// numbers; `tokens get` and `serve` read `{grp.$root}` and a group's path alike.
@Suite(.serialized) struct TokenReview16Tests {
  /// `c` 4px; `z` = `{c} / 0` (cannot be computed); `y` → `z`; `grp` with a `$root` and
  /// `grp.x` → `{grp.$root}`.
  static let chainFile = #"""
    {"c":{"$type":"dimension","$value":{"value":4,"unit":"px"}},
     "z":{"$type":"dimension","$value":"{c} / 0"},
     "y":{"$type":"dimension","$value":"{z}"},
     "grp":{"$root":{"$type":"dimension","$value":{"value":2,"unit":"px"}},"x":{"$type":"dimension","$value":"{grp.$root}"}}
    }
    """#

  @Test(
    "add: a token the import breaks is one Error line with file:line:column and the --force hint")
  func brokenTokenErrorIsOneLineWithItsPlace() throws {
    let s = try Sandbox()
    let file = try s.write("chain.tokens.json", Self.chainFile)
    let r = s.run(["add", file])
    #expect(r.status == 1)
    let errors = r.err.split(separator: "\n").filter { $0.hasPrefix("Error:") }
    #expect(
      errors == [
        "Error: \(file):3:6: would break {y}: cannot compute {z}: division by zero (pass --force to save anyway)"
      ], "\(r.err)")
    let forced = s.run(["add", file, "--force"])
    #expect(forced.status == 0, "\(forced.err)")
    #expect(forced.err.contains("warning: \(file):3:6: {y}: cannot compute {z}"), "\(forced.err)")
  }

  @Test(
    "tokens get reads {grp.$root}, writes the root step as its alias named it, and shows a failed chain"
  )
  func getReadsRootPathsAndFailedChains() throws {
    let s = try Sandbox()
    let file = try s.write("chain.tokens.json", Self.chainFile)
    #expect(s.run(["add", file, "--force", "--quiet"]).status == 0)
    let x = s.run(["tokens", "get", "grp.x"])
    #expect(x.out.contains("= {grp.$root} ← 2px = 2pt"), "\(x.out)")
    let root = s.run(["tokens", "get", "grp.$root"])
    #expect(root.status == 0, "\(root.err)")
    #expect(root.out.hasPrefix("{grp}  dimension"), "\(root.out)")
    let y = s.run(["tokens", "get", "y", "--json"])
    let chain = try json(y.out).objectValue?["chain"]
    #expect(chain == .array([.string("y"), .string("z")]), "\(y.out)")
  }

  @Test("tokens set: an alias naming a group says it is a group, not how to create it")
  func aliasToGroupSaysGroup() throws {
    let s = try Sandbox()
    let sm = s.run([
      "tokens", "set", "space.sm", "4px", "--type", "dimension", "--set", "s", "--new-set",
    ])
    #expect(sm.status == 0, "\(sm.err)")
    let r = s.run(["tokens", "set", "space.md", "{space}"])
    #expect(r.status == 1)
    #expect(
      r.err
        == "Error: {space.md}: the reference {space} names a group, not a token (§7.1.1); its one token is {space.sm}: name it\n",
      "\(r.err)")
  }

  @Test(
    "tokens set: .5, 5. and -.5 are numbers, as 0.5 is",
    arguments: [(".5", 0.5), ("5.", 5), ("-.5", -0.5), ("0.5", 0.5)])
  func bareDecimalsAreNumbers(_ text: String, _ number: Double) throws {
    let s = try Sandbox()
    let r = s.run(["tokens", "set", "m", text, "--type", "dimension", "--set", "s", "--new-set"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.err == "", "\(r.err)")
    let n = s.run(["tokens", "set", "n", text, "--type", "number"])
    #expect(n.status == 0 && n.err == "", "\(n.err)")
    let get = s.run(["tokens", "get", "n", "--json"])
    #expect(try json(get.out).objectValue?["value"]?.numberValue == number, "\(get.out)")
  }

  @Test("serve: /api/tokens/PATH reads {grp.$root} and says a group's path is a group")
  func serveUsesTheSameLookup() throws {
    let s = try Sandbox()
    let file = try s.write("chain.tokens.json", Self.chainFile)
    #expect(s.run(["add", file, "--force", "--quiet"]).status == 0)
    let server = try CatalogServer(.init(databasePath: s.db, port: 0)) { _ in }
    try server.start()
    defer { server.stop() }
    let root = server.response(method: "GET", path: "/api/tokens/grp.$root", query: [:])
    #expect(root.status == 200)
    let group = server.response(method: "GET", path: "/api/tokens/grp.nope", query: [:])
    #expect(group.status == 404)
    let space = try s.write(
      "space.tokens.json",
      #"{"space": {"$type": "dimension", "sm": {"$value": {"value": 4, "unit": "px"}}}}"#)
    #expect(s.run(["add", space, "--quiet"]).status == 0)
    let reply = server.response(method: "GET", path: "/api/tokens/space", query: [:])
    #expect(reply.status == 404)
    #expect(
      String(decoding: reply.body, as: UTF8.self).contains(
        "no token {space}; {space} is a group, not a token: its one token is {space.sm}"))
  }

  @Test("add: a DTCG token 64 levels deep is imported, not read as plain key/value")
  func deepTokenImports() throws {
    let s = try Sandbox()
    let text =
      String(repeating: #"{"a":"#, count: 64) + #"{"t":{"$type":"dimension","$value":"1px"}}"#
      + String(repeating: "}", count: 64)
    let file = try s.write("dn64.tokens.json", text)
    let r = s.run(["add", file])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("Imported 1 token"), "\(r.out)")
    #expect(!r.err.contains("plain key/value"), "\(r.err)")
  }
}
