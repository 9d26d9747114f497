import Foundation
import Testing

/// Review 23: a set a Tokens Studio file adds to a catalog went on top of the precedence
/// order whatever the file's `tokenSetOrder` said, so re-adding a file that gained a set gave
/// other values than the same file in a fresh catalog. A new set is placed where the file's
/// order puts it; the sets already stored keep their places.
@Suite struct StudioSetOrderTests {
  static func studio(_ sets: [String]) -> String {
    let values = ["global": 8, "compact": 4, "roomy": 16]
    let body = sets.map {
      #""\#($0)": {"space": {"sm": {"$type": "dimension", "$value": "\#(values[$0] ?? 0)px"}}}"#
    }
    let order = sets.map { "\"\($0)\"" }.joined(separator: ", ")
    return "{" + body.joined(separator: ", ") + #", "$metadata": {"tokenSetOrder": [\#(order)]}}"#
  }

  static func sets(_ s: Sandbox, db: String? = nil) -> [String] {
    s.run(["tokens", "sets"], db: db).out.split(separator: "\n").map {
      String($0.split(separator: " ", omittingEmptySubsequences: true)[1])
    }
  }

  @Test func aNewSetGoesWhereTheFilesOrderPutsIt() throws {
    let s = try Sandbox()
    let file = try s.write("studio.json", Self.studio(["global", "roomy"]))
    #expect(s.run(["add", file]).status == 0)
    try Self.studio(["global", "compact", "roomy"]).write(
      toFile: file, atomically: true, encoding: .utf8)
    let again = s.run(["add", file])
    #expect(again.status == 0, "\(again.err)")
    #expect(again.out.contains("Moved token set 'compact' to position 1"), "\(again.out)")
    #expect(Self.sets(s) == ["global", "compact", "roomy"])
    // The same values as the file gives a fresh catalog: roomy wins.
    let fresh = s.path("fresh.db")
    #expect(s.run(["add", file], db: fresh).status == 0)
    #expect(Self.sets(s, db: fresh) == Self.sets(s))
    #expect(s.run(["tokens", "get", "space.sm"]).out.contains(#"{"value":16,"unit":"px"}"#))
  }

  @Test func aMovedSetKeepsItsPlace() throws {
    let s = try Sandbox()
    let file = try s.write("studio.json", Self.studio(["global", "roomy"]))
    #expect(s.run(["add", file]).status == 0)
    #expect(s.run(["tokens", "sets", "--move", "roomy", "--to", "0"]).status == 0)
    try Self.studio(["global", "compact", "roomy"]).write(
      toFile: file, atomically: true, encoding: .utf8)
    #expect(s.run(["add", file]).status == 0)
    // compact goes above global, its predecessor in the file; roomy stays where it was moved.
    #expect(Self.sets(s) == ["roomy", "global", "compact"], "\(Self.sets(s))")
  }
}
