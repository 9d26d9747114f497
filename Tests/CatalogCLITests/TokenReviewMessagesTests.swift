import CatalogModel
import CatalogTokens
import Foundation
import Testing

/// Issue 14 review, point 5: `tokens set`'s dangling message suggests what it takes,
/// a rename onto a group says so once, a rename to itself is a no-op, references with
/// spaces inside the braces are read as DTCG names them (verbatim) by import, usage and
/// rename alike, and `lint --tokens` reports a composite member of the wrong type as
/// `doctor` does.
@Suite struct TokenReviewMessagesTests {
  static let file = #"""
    {"space": {"$type": "dimension", "sm": {"$value": {"value": 4, "unit": "px"}},
               "md": {"$value": {"value": 8, "unit": "px"}}, "lg": {"$value": {"value": 16, "unit": "px"}}},
     "gap": {"$type": "dimension", "$value": {"value": 2, "unit": "px"}}}
    """#

  @Test(
    "tokens set's dangling-alias message names what tokens set can do, not --allow-dangling (built binary)"
  )
  func setDangling() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    #expect(s.run(["add", try s.write("t.tokens.json", Self.file)]).status == 0)
    let r = try runBinary(binary, ["--db", s.db, "tokens", "set", "space.x", "{nope}"], in: s.url)
    #expect(r.status == 1)
    #expect(!r.err.contains("--allow-dangling to keep it"), "\(r.err)")
    #expect(r.err.contains("create it first (catalog tokens set nope VALUE)"), "\(r.err)")
    let composite = s.run([
      "tokens", "set", "b", #"{"color":"{nope}","width":{"value":1,"unit":"px"},"style":"solid"}"#,
      "--type", "border",
    ])
    #expect(composite.status == 1)
    #expect(!composite.err.contains("--allow-dangling"), "\(composite.err)")
  }

  @Test(
    "a rename onto a group names the group once; a rename to itself is a no-op, exit 0 (built binary)"
  )
  func renameMessages() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    #expect(s.run(["add", try s.write("t.tokens.json", Self.file)]).status == 0)
    let onto = try runBinary(binary, ["--db", s.db, "tokens", "rename", "gap", "space"], in: s.url)
    #expect(onto.status == 1)
    #expect(onto.err.components(separatedBy: "is a group of").count == 2, "\(onto.err)")
    #expect(
      onto.err.contains(
        "{space} is a group of set 't' (it holds {space.lg}, {space.md}, {space.sm})"),
      "\(onto.err)")
    let same = try runBinary(binary, ["--db", s.db, "tokens", "rename", "gap", "gap"], in: s.url)
    #expect(same.status == 0, "\(same.err)")
    #expect(same.err == "Nothing to rename: the token is already named {gap}\n", "\(same.err)")
    #expect(same.out.isEmpty)
    #expect(s.run(["tokens", "history", "gap"]).out.split(separator: "\n").count == 1)
  }

  @Test(
    "{ space.sm } names the token ' space'.'sm ' (DTCG §5.1.1) for import, usage and rename alike")
  func spacesInsideBraces() throws {
    #expect(TokenGraph.references(in: .string("{ space.sm } * 2")) == [" space.sm "])
    #expect(TokenReferenceScanner.references(inJSON: #""{ space.sm } * 2""#) == [" space.sm "])
    let s = try Sandbox()
    #expect(s.run(["add", try s.write("t.tokens.json", Self.file)]).status == 0)
    let file = try s.write(
      "m.tokens.json",
      #"{"m": {"$type": "dimension", "x": {"$value": "{ space.sm } * 2"}, "y": {"$value": "{space.sm} * 2"}}}"#
    )
    let r = s.run(["add", file])
    #expect(r.status == 1)
    #expect(r.err.contains("m.x: the alias { space.sm } names no token"), "\(r.err)")
    #expect(r.err.contains("write {space.sm}"), "\(r.err)")
    // Kept on purpose, it stays a reference to ' space'.'sm ': usage and rename leave it.
    #expect(s.run(["add", file, "--allow-dangling"]).status == 0)
    #expect(s.run(["tokens", "rename", "space.sm", "space.small"]).status == 0)
    let x = try json(s.run(["tokens", "get", "m.x", "--json"]).out).objectValue?["value"]
    let y = try json(s.run(["tokens", "get", "m.y", "--json"]).out).objectValue?["value"]
    #expect(x == .string("{ space.sm } * 2"))
    #expect(y == .string("{space.small} * 2"))
  }

  @Test("lint --tokens reports a composite member alias of the wrong type, as doctor does")
  func lintCompositeMemberType() throws {
    let s = try Sandbox()
    let file = try s.write(
      "l.tokens.json",
      #"{"c": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0, 0]}}, "b": {"$type": "border", "$value": {"color": "{c}", "width": {"value": 1, "unit": "px"}, "style": "solid"}}}"#
    )
    #expect(s.run(["add", file]).status == 0)
    #expect(s.run(["tokens", "set", "c", "8", "--type", "dimension", "--force"]).status == 0)
    let message = "color: the alias {c} names a dimension token; a color is needed here"
    let doctor = s.run(["doctor"])
    #expect(doctor.status == 1 && doctor.out.contains(message), "\(doctor.out)")
    // One cause, one finding: the token graph's (its value cannot be computed), not a
    // second `reference` line for the same member.
    #expect(doctor.out.split(separator: "\n").filter { $0.contains("token b:") }.count == 1)
    let lint = s.run(["lint", "--tokens"])
    #expect(lint.status == 1)
    #expect(lint.out.contains("error[unresolved-token]: b: {b}: "), "\(lint.out)")
    #expect(lint.out.contains(message), "\(lint.out)")
    #expect(
      lint.out.split(separator: "\n").filter { $0.hasPrefix("error[unresolved-token]: b:") }.count
        == 1)
  }
}
