import CatalogJSON
import Testing

@testable import CatalogTokens

/// Issue 12, point 2: a `$ref` chain costs one walk per pointer in either order, and a
/// position in a long one-line file is found without scanning the file again.
@Suite struct PointerChainCostTests {
  /// `r_i.$value` is `{"$ref": "#/r_{i±1}/$value"}`; the end of the chain is a literal.
  static func chain(_ n: Int, reversed: Bool) -> (root: JSONValue, tokens: [DesignToken]) {
    var tokens: [DesignToken] = []
    for i in 0..<n {
      let end = reversed ? i == n - 1 : i == 0
      let value: JSONValue =
        end
        ? .object(JSONObject([("value", .number(1)), ("unit", .string("px"))]))
        : .object(JSONObject([("$ref", .string("#/r\(reversed ? i + 1 : i - 1)/$value"))]))
      tokens.append(DesignToken(path: "r\(i)", type: "dimension", value: value))
    }
    let root = JSONValue.object(
      JSONObject(
        tokens.map {
          ($0.path, .object(JSONObject([("$type", .string("dimension")), ("$value", $0.value)])))
        }))
    return (root, tokens)
  }

  @Test(arguments: [false, true])
  func aChainIsWalkedOncePerPointerInEitherOrder(reversed: Bool) {
    let n = 2_000
    let (root, tokens) = Self.chain(n, reversed: reversed)
    let index = Dictionary(uniqueKeysWithValues: tokens.enumerated().map { ($1.path, $0) })
    let resolver = TokenPointerResolver(root: root, tokens: tokens, index: index)
    resolver.resolveTargetsFirst()
    var refused = 0
    for token in tokens where token.value.objectValue?["$ref"] != nil {
      var stack: [String] = []
      do { _ = try resolver.resolvePointer(token.value, stack: &stack) } catch {
        #expect(error == TokenPointerResolver.chainTooLong)
        refused += 1
      }
    }
    // Every pointer past the 64th link is too long, in either order.
    #expect(refused == n - 1 - TokenPointerResolver.maximumChain)
    // Before: the reversed chain was walked 64 deep again from every token (~125,000 walks).
    #expect(resolver.memo.walks <= 2 * n, "\(resolver.memo.walks) walks")
  }

  @Test func positionsOnOneLongLineAreCountedOnFromTheLast() throws {
    let text = "{" + (0..<300).map { #""é\#($0)": \#($0)"# }.joined(separator: ", ") + "}"
    let document = try JSONParser.parse(text, file: "one.json")
    // Out of order and repeated: each answer is the same as counting from the line start.
    for i in [5, 200, 17, 299, 299, 0] {
      let offset = try #require(document.offset(of: "[\"é\(i)\"]"))
      let prefix = String(decoding: Array(text.utf8)[..<offset], as: UTF8.self)
      #expect(
        document.position(of: "[\"é\(i)\"]") == SourcePosition(line: 1, column: prefix.count + 1))
    }
  }

  @Test func anExtendsChainWrittenTargetsLastIsRefusedOnceAtTheLimit() {
    // g_i extends g_{i+1}: expanding g0 went 5,000 calls deep (before: a stack overflow).
    let n = 5_000
    var members = (0..<(n - 1)).map { #""g\#($0)": {"$extends": "{g\#($0 + 1)}"}"# }
    members.append(
      #""g\#(n - 1)": {"$type": "dimension", "t": {"$value": {"value": 1, "unit": "px"}}}"#)
    let text = "{" + members.joined(separator: ", ") + "}"
    do {
      _ = try TokenFileParser.parse(text, file: "extends.tokens.json")
      Issue.record("a 5,000-long $extends chain was accepted")
    } catch {
      #expect(error.diagnostics.count == 1, "\(error.diagnostics.prefix(3))")
      #expect(error.diagnostics.first?.message.contains("more than 512 groups deep") == true)
    }
  }

  @Test(arguments: [false, true])
  func aTooLongChainIsOneErrorWhereItPassesTheLimit(reversed: Bool) {
    let n = 2_000
    let members = (0..<n).map { i in
      let end = reversed ? i == n - 1 : i == 0
      let value =
        end
        ? #"{"value": 1, "unit": "px"}"# : ##"{"$ref": "#/r\##(reversed ? i + 1 : i - 1)/$value"}"##
      return #""r\#(i)": {"$type": "dimension", "$value": \#(value)}"#
    }
    do {
      _ = try TokenFileParser.parse("{" + members.joined(separator: ", ") + "}", file: "r.json")
      Issue.record("a 2,000-long $ref chain was accepted")
    } catch {
      // Before: 1,935 errors, one per token past the limit.
      #expect(error.diagnostics.count == 1, "\(error.diagnostics.count) errors")
      let message = error.diagnostics.first?.message ?? ""
      #expect(message.contains("the $ref chain is longer than 64 (§7.3)"), "\(message)")
      #expect(message.contains("1934 more tokens reach this chain"), "\(message)")
      #expect(error.diagnostics.first?.path == (reversed ? "r0" : "r65"))
    }
  }
}
