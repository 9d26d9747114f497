import Foundation
import Testing

/// `tokens get` writes a token's chain as people read it: each alias step in braces once,
/// the Tokens Studio math expression that ends a chain as written. The math step was
/// wrapped in braces again (`= {{nn} * 2} ← 6px`), as were the chain lines of `compare`,
/// the Swift export's comments and the resolver's provenance (`TokenResolver.Resolution.steps`).
@Suite struct TokenGetChainTests {
  /// `nn` 3 px; `double` = `{nn} * 2` (math); `alias` → `double`; `outer` → `alias`;
  /// `plain` → `nn` (an alias chain without math).
  static func catalog() throws -> Sandbox {
    let s = try Sandbox()
    let file = try s.write(
      "chain.tokens.json",
      #"""
      {"size": {"$type": "dimension",
        "nn": {"$value": {"value": 3, "unit": "px"}},
        "double": {"$value": "{size.nn} * 2"},
        "alias": {"$value": "{size.double}"},
        "outer": {"$value": "{size.alias}"},
        "plain": {"$value": "{size.nn}"}}}
      """#)
    let add = s.run(["add", file, "--quiet"])
    #expect(add.status == 0, "\(add.err)")
    return s
  }

  @Test func mathTokenShowsItsExpressionOnce() throws {
    let s = try Self.catalog()
    let r = s.run(["tokens", "get", "size.double"])
    #expect(r.status == 0, "\(r.err)")
    #expect(
      r.out == """
        {size.double}  dimension  "{size.nn} * 2"
          = {size.nn} * 2 ← 6px = 6pt
          set: chain, revision 1

        """)
  }

  @Test func aliasChainEndingInMath() throws {
    let s = try Self.catalog()
    let r = s.run(["tokens", "get", "size.outer"])
    #expect(r.status == 0, "\(r.err)")
    #expect(
      r.out == """
        {size.outer}  dimension  "{size.alias}"
          = {size.alias} ← {size.double} ← {size.nn} * 2 ← 6px = 6pt
          set: chain, revision 1

        """)
  }

  @Test func aliasChainWithoutMath() throws {
    let s = try Self.catalog()
    let r = s.run(["tokens", "get", "size.plain"])
    #expect(r.status == 0, "\(r.err)")
    #expect(
      r.out == """
        {size.plain}  dimension  "{size.nn}"
          = {size.nn} ← 3px = 3pt
          set: chain, revision 1

        """)
  }

  @Test func literalShowsItsValue() throws {
    let s = try Self.catalog()
    let r = s.run(["tokens", "get", "size.nn"])
    #expect(r.status == 0, "\(r.err)")
    #expect(
      r.out == """
        {size.nn}  dimension  {"value":3,"unit":"px"}
          = 3px = 3pt
          set: chain, revision 1

        """)
  }
}
