import CatalogModel
import CatalogStore
import CatalogTokens
import Testing

@testable import CatalogService

/// ``CatalogService/reverseClosure(of:)`` (the reverse token graph of every write, issue 12
/// point 3): level by level over the referencing rows, then by a map past a few levels; the
/// same closure either way, through aliases and math.
@Suite struct ReverseClosureTests {
  /// `t0` literal, `t1` … `tN` each aliasing the one before; `m` math over `t3`; `x`
  /// unrelated.
  static func catalog(chain: Int) throws -> CatalogService {
    var members = [#""t0": {"$value": {"value": 1, "unit": "px"}}"#]
    for i in 1...chain { members.append(#""t\#(i)": {"$value": "{g.t\#(i - 1)}"}"#) }
    members.append(#""m": {"$value": "{g.t3} * 2"}"#)
    members.append(#""x": {"$value": {"value": 5, "unit": "px"}}"#)
    let text = #"{"g": {"$type": "dimension", "# + members.joined(separator: ", ") + "}}"
    let service = try CatalogService(path: ":memory:", create: true)
    let tokens = try TokenFileParser.parse(text, file: "g.tokens.json").tokens
    try service.apply([.importTokens(tokens, set: "g", source: "g.tokens.json")])
    return service
  }

  @Test("a chain longer than the level-by-level passes is followed to its end", arguments: [3, 20])
  func chainIsFollowedToTheEnd(chain: Int) throws {
    let service = try Self.catalog(chain: chain)
    let reach = try service.reverseClosure(of: ["g.t0"])
    let expected = Set((0...chain).map { "g.t\($0)" }).union(["g.m"])
    #expect(reach == expected)
    #expect(try service.reverseClosure(of: ["g.x"]) == ["g.x"])
  }
}
