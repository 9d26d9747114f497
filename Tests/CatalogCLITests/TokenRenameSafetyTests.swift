import Foundation
import Testing

/// `tokens rename` never collides with a token or group and updates resolver documents;
/// `doctor` reports context overrides naming no token (issue 12 / 14 review, point 1).
@Suite struct TokenRenameSafetyTests {
  static let tokens = """
    {"space": {"$type": "dimension", "sm": {"$value": {"value": 4, "unit": "px"}}, "md": {"$value": {"value": 8, "unit": "px"}}, "inset": {"$value": {"value": 12, "unit": "px"}}}}
    """
  static let resolver = """
    {"version": "2025.10", "sets": {"base": {"sources": []}},
     "modifiers": {"density": {"default": "comfortable", "contexts": {"comfortable": [], "compact": [{"space": {"$type": "dimension", "sm": {"$value": {"value": 2, "unit": "px"}}}}]}}},
     "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/density"}]}
    """

  static func catalog() throws -> Sandbox {
    let s = try Sandbox()
    let add = s.run([
      "add", try s.write("space.tokens.json", tokens),
      try s.write("density.resolver.json", resolver),
    ])
    #expect(add.status == 0, "\(add.err)")
    return s
  }

  @Test(
    "a rename onto a group, a token or a path inside a token is refused and changes nothing",
    arguments: [
      ("space", "{space} is a group of set 'space'"),
      ("space.md", "{space.md} is already a token of set 'space'"),
      ("space.md.x", "would be inside the token {space.md}"),
    ])
  func collisionsAreRefused(target: String, message: String) throws {
    let s = try Self.catalog()
    let before = s.run(["tokens", "resolvers", "--export", "density"]).out
    let r = s.run(["tokens", "rename", "space.sm", target])
    #expect(r.status == 1)
    #expect(r.err.contains(message), "\(r.err)")
    #expect(s.run(["tokens", "resolvers", "--export", "density"]).out == before)
    #expect(s.run(["tokens", "get", "space.sm"]).status == 0)
  }

  @Test("a rename moves the context override with its inherited $type, and updates aliases")
  func renameMovesTheOverride() throws {
    let s = try Self.catalog()
    #expect(
      s.run(["tokens", "set", "space.gap", "{space.sm}"]).status == 0)
    #expect(
      s.run(["tokens", "set", "space.twice", "{space.sm} * 2", "--type", "dimension"]).status == 0)
    let r = s.run(["tokens", "rename", "space.sm", "size.small"])
    #expect(r.status == 0, "\(r.err)")
    let exported = s.run(["tokens", "resolvers", "--export", "density"]).out
    #expect(exported.contains("\"small\""), "\(exported)")
    #expect(exported.contains("\"$type\": \"dimension\""))
    #expect(!exported.contains("\"sm\""))
    #expect(s.run(["tokens", "get", "space.gap"]).out.contains("{size.small}"))
    #expect(s.run(["tokens", "get", "space.twice"]).out.contains("{size.small} * 2"))
    let compact = s.run([
      "tokens", "export", "--format", "css", "--all-contexts",
    ])
    #expect(compact.out.contains("--size-small: 2px;"), "\(compact.out)")
    let doctor = s.run(["doctor"])
    #expect(doctor.status == 0)
    #expect(!doctor.err.contains("resolver-override"), "\(doctor.err)")
  }

  @Test("doctor warns about a context override naming no token, via the built binary")
  func doctorReportsStaleOverrides() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    let stale = Self.resolver.replacingOccurrences(of: "\"sm\"", with: "\"gone\"")
    let add = try runBinary(
      binary,
      [
        "--db", s.db, "add", try s.write("space.tokens.json", Self.tokens),
        try s.write("density.resolver.json", stale),
      ], in: s.url)
    #expect(add.status == 0, "\(add.err)")
    let doctor = try runBinary(binary, ["--db", s.db, "doctor"], in: s.url)
    #expect(doctor.status == 0)
    #expect(
      (doctor.out + doctor.err).contains(
        "resolver-override: resolver density (density=compact): overrides {space.gone}"),
      "\(doctor.out)\(doctor.err)")
    let refused = try runBinary(
      binary, ["--db", s.db, "tokens", "rename", "space.sm", "space"], in: s.url)
    #expect(refused.status == 1)
    #expect(refused.out == "")
    #expect(refused.err.hasPrefix("Error: cannot rename {space.sm} to {space}"))
  }
}
