import CatalogTokens
import Testing

/// Review 15, item 2: a 48 KB chain of 600 `$extends` groups, each adding one token, copied
/// 180,300 tokens (22 s, a 40 MB catalog, exit 0). What `$extends` copies is limited to
/// 100,000 tokens and groups in one file (`TokenExtends.maximumCopies`), refused with one
/// error.
@Suite struct ExtendsExpansionLimitTests {
  /// g0 holds one token; g_i extends g_(i-1) and adds the token x_i.
  static func chain(_ count: Int) -> String {
    var members = [#""g0": {"$type": "dimension", "a": {"$value": {"value": 1, "unit": "px"}}}"#]
    for i in 1..<count {
      members.append(
        #""g\#(i)": {"$extends": "{g\#(i - 1)}", "x\#(i)": {"$value": {"value": \#(i), "unit": "px"}}}"#
      )
    }
    return "{" + members.joined(separator: ", ") + "}"
  }

  @Test func aQuadraticExtendsChainIsRefusedOnce() throws {
    do {
      _ = try TokenFileParser.parse(Self.chain(500), file: "ext500.tokens.json")
      Issue.record("a 500-group $extends chain copying 125,250 tokens was accepted")
    } catch {
      #expect(error.diagnostics.count == 1, "\(error.diagnostics.prefix(3))")
      let diagnostic = error.diagnostics.first
      let message = diagnostic?.message ?? ""
      #expect(message.contains("$extends copies more than 100,000 tokens and groups"))
      #expect(diagnostic?.location?.hasPrefix("ext500.tokens.json:1:") == true)
      #expect(diagnostic?.path.hasPrefix("g") == true)
    }
  }

  @Test func aChainWithinTheLimitIsExpanded() throws {
    // 400 groups copy 80,200 tokens: under 100,000.
    let result = try TokenFileParser.parse(Self.chain(400), file: "ext400.tokens.json")
    #expect(result.tokens.count == 400 * 401 / 2)
  }
}
