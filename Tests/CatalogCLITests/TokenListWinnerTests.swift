import Foundation
import Testing

/// `tokens list` shows, for each row, the value and the points of the same token, and
/// names the set that wins the path.
@Suite struct TokenListWinnerTests {
  static func catalog() throws -> Sandbox {
    let s = try Sandbox()
    let a = try s.write(
      "a.tokens.json",
      #"{"space": {"$type": "dimension", "md": {"$value": {"value": 8, "unit": "px"}}, "lg": {"$value": "{space.md}"}}}"#
    )
    let b = try s.write(
      "b.tokens.json",
      #"{"space": {"$type": "dimension", "md": {"$value": {"value": 20, "unit": "px"}}}}"#)
    #expect(s.run(["add", a, b]).status == 0)
    return s
  }

  @Test func listShowsTheWinnersValueAndPoints() throws {
    let s = try Self.catalog()
    let text = s.run(["tokens", "list"])
    #expect(
      text.out == """
        space.md  dimension  20px = 20pt  [b, overrides a]
        space.lg  dimension  {space.md} = 20pt  [a]

        """, "\(text.out)")
    let one = s.run(["tokens", "list", "--set", "a"])
    #expect(one.out.contains("space.md  dimension  8px = 8pt  [a, overridden by b]"), "\(one.out)")
  }

  @Test("tokens list --json via the built binary: one row per path, winningSet and overrides")
  func listJSON() throws {
    let binary = try #require(builtBinary)
    let s = try Self.catalog()
    let r = try runBinary(binary, ["--db", s.db, "tokens", "list", "--json"], in: s.url)
    #expect(r.status == 0)
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [[String: Any]])
    #expect(rows.count == 2)
    let md = try #require(rows.first { $0["path"] as? String == "space.md" })
    #expect(md["set"] as? String == "b")
    #expect(md["winningSet"] as? String == "b")
    #expect(md["points"] as? Double == 20)
    #expect((md["value"] as? [String: Any])?["value"] as? Double == 20)
    #expect(md["overrides"] as? [String] == ["a"])
    let inA = try runBinary(
      binary, ["--db", s.db, "tokens", "list", "--json", "--set", "a"], in: s.url)
    let aRows = try #require(
      try JSONSerialization.jsonObject(with: Data(inA.out.utf8)) as? [[String: Any]])
    let aMd = try #require(aRows.first { $0["path"] as? String == "space.md" })
    #expect(aMd["points"] as? Double == 8)
    #expect(aMd["winningSet"] as? String == "b")
  }
}
