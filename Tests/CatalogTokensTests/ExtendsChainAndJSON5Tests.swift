import CatalogJSON
import CatalogTokens
import Testing

/// Review 14, point 7: a plain chain of `$extends` is expanded once per group (a chain of
/// about 130 was refused as "more than 100,000 groups", one error per group), and JSON5
/// numbers and identifiers follow ECMAScript 5.1 as JSON5 §3 and §6 say.
@Suite struct ExtendsChainAndJSON5Tests {
  @Test func aLinearExtendsChainIsExpandedOncePerGroup() throws {
    var members = [#""g0": {"$type": "dimension", "t0": {"$value": {"value": 1, "unit": "px"}}}"#]
    for i in 1..<500 { members.append(#""g\#(i)": {"$extends": "{g\#(i - 1)}"}"#) }
    let text = "{" + members.joined(separator: ", ") + "}"
    // Before: g_i expanded g_{i-1} again, 125,000 expansions, refused past the budget.
    let result = try TokenFileParser.parse(text, file: "chain.tokens.json")
    #expect(result.tokens.count == 500)
    #expect(result.tokens.contains { $0.path == "g499.t0" })
  }

  @Test func json5RefusesLeadingZeros() throws {
    #expect(throws: JSONParseError.self) {
      try JSONParser.parse("{a: 00012}", dialect: .json5)
    }
    #expect(throws: JSONParseError.self) {
      try JSONParser.parse("{a: -01.5}", dialect: .json5)
    }
    let json5 = try JSONParser.parse("{a: 0.5, b: 0, c: -0, d: 0x1F, e: 10}", dialect: .json5)
    let json = try JSONParser.parse(#"{"a": 0.5, "b": 0, "c": -0, "d": 31, "e": 10}"#)
    #expect(json5.root == json.root)
  }

  @Test func json5TakesUnicodeEscapesInIdentifierKeys() throws {
    let parsed = try JSONParser.parse(#"{\u0061b: 1, c\u00e9: 2}"#, dialect: .json5).root
    let expected = try JSONParser.parse(#"{"ab": 1, "cé": 2}"#).root
    #expect(parsed == expected)
    // An escape must stand for a character an identifier may hold.
    #expect(throws: JSONParseError.self) {
      try JSONParser.parse(#"{a\u002Db: 1}"#, dialect: .json5)
    }
    #expect(throws: JSONParseError.self) {
      try JSONParser.parse(#"{\u0031a: 1}"#, dialect: .json5)
    }
  }
}
