import CatalogJSON
import Testing

@testable import CatalogTokens

/// Issue 12, point 2: `$extends` is expanded targets first and memoised, so a chain gets
/// the same answer whichever way the file orders it (before: a chain of 600 written
/// g_i → g_{i-1} was accepted and the same chain written g_i → g_{i+1} refused, and a
/// forward chain of 50,000 took 131 s); each chain too long is one error naming its start;
/// members copied by `$extends` are counted before they are copied.
@Suite struct ExtendsOrderTests {
  /// A chain of `n` groups: forward, g_i extends g_{i-1} (g0 holds the token); reversed,
  /// g_i extends g_{i+1} (g_{n-1} holds it). `prefix` names the groups.
  static func chain(_ n: Int, reversed: Bool, prefix: String = "g") -> [String] {
    (0..<n).map { i in
      let end = reversed ? i == n - 1 : i == 0
      if end {
        return
          #""\#(prefix)\#(i)": {"$type": "dimension", "t": {"$value": {"value": 1, "unit": "px"}}}"#
      }
      return #""\#(prefix)\#(i)": {"$extends": "{\#(prefix)\#(reversed ? i + 1 : i - 1)}"}"#
    }
  }

  static func parse(_ members: [String]) -> Result<TokenFileParser.Result, TokenFileError> {
    Result { () throws(TokenFileError) in
      try TokenFileParser.parse("{" + members.joined(separator: ", ") + "}", file: "x.tokens.json")
    }
  }

  @Test(arguments: [(500, true), (512, true), (513, false), (600, false), (5_000, false)])
  func bothOrdersOfAChainGetTheSameAnswer(length: Int, accepted: Bool) {
    for reversed in [false, true] {
      switch Self.parse(Self.chain(length, reversed: reversed)) {
      case .success(let result):
        #expect(accepted, "a chain of \(length) (reversed: \(reversed)) was accepted")
        #expect(result.tokens.count == length)
      case .failure(let error):
        #expect(!accepted, "\(length), reversed: \(reversed): \(error.diagnostics.prefix(2))")
        #expect(error.diagnostics.count == 1, "\(error.diagnostics.prefix(3))")
        let start = reversed ? "g0" : "g\(length - 1)"
        let diagnostic = error.diagnostics.first
        #expect(
          diagnostic?.message.contains("$extends from {\(start)} goes more than 512 groups deep")
            == true, "\(diagnostic?.message ?? "")")
        #expect(diagnostic?.path == start)
        // file:line:column of the start's `$extends`.
        #expect(diagnostic?.location?.hasPrefix("x.tokens.json:1:") == true)
      }
    }
  }

  @Test func eachChainTooLongIsOneErrorAtItsStart() throws {
    let members =
      Self.chain(600, reversed: false, prefix: "a") + Self.chain(700, reversed: true, prefix: "b")
      + Self.chain(10, reversed: false, prefix: "c")
    guard case .failure(let error) = Self.parse(members) else {
      Issue.record("two chains of more than 512 were accepted")
      return
    }
    #expect(error.diagnostics.map(\.path).sorted() == ["a599", "b0"])
  }

  /// More chains too long than are listed: the count of the others comes after the listed
  /// chains (it came first, located at the file's 1:1, before the chains it counts).
  @Test func theCountOfChainsNotListedComesLast() throws {
    // g512 is 513 groups deep; 21 groups extend it, each the start of a chain too long.
    let members =
      Self.chain(513, reversed: false)
      + (0..<21).map { #""x\#($0)": {"$extends": "{g512}"}"# }
    guard case .failure(let error) = Self.parse(members) else {
      Issue.record("21 chains of more than 512 were accepted")
      return
    }
    #expect(error.diagnostics.count == 21, "\(error.diagnostics.map(\.message))")
    #expect(
      error.diagnostics.dropLast().allSatisfy { $0.message.hasPrefix("$extends from {x") },
      "\(error.diagnostics.map(\.message))")
    let last = try #require(error.diagnostics.last)
    #expect(last.message.hasPrefix("1 more chains of $extends go more than 512 groups deep"))
    #expect(last.location == "x.tokens.json")
  }

  @Test func membersAreMergedAsBeforeWhateverTheOrder() throws {
    // g2 extends g1 extends g0, written targets last; g2 overrides one token and adds one.
    let text = #"""
      {"g2": {"$extends": "{g1}", "b": {"$value": 9}, "d": {"$value": 4}},
       "g1": {"$extends": "{g0}", "c": {"$value": 3}},
       "g0": {"$type": "number", "a": {"$value": 1}, "b": {"$value": 2}}}
      """#
    let result = try TokenFileParser.parse(text, file: "m.tokens.json")
    let values = Dictionary(
      result.tokens.map { ($0.path, $0.value.numberValue ?? -1) },
      uniquingKeysWith: { a, _ in a })
    #expect(values["g2.a"] == 1)
    #expect(values["g2.b"] == 9)
    #expect(values["g2.c"] == 3)
    #expect(values["g2.d"] == 4)
    #expect(values["g1.b"] == 2)
    #expect(
      result.tokens.filter { $0.path.hasPrefix("g2.") }.map(\.path) == [
        "g2.a", "g2.b", "g2.c", "g2.d",
      ])
  }

  @Test func copiesDoublingAtEveryLevelAreRefusedBeforeTheyAreMade() {
    // g_i holds two groups that each extend g_{i-1}: 2^20 copies of g0's token.
    var members = [#""g0": {"$type": "number", "t": {"$value": 1}}"#]
    for i in 1...20 {
      members.append(
        #""g\#(i)": {"a": {"$extends": "{g\#(i - 1)}"}, "b": {"$extends": "{g\#(i - 1)}"}}"#)
    }
    guard case .failure(let error) = Self.parse(members) else {
      Issue.record("2^20 copies were accepted")
      return
    }
    #expect(error.diagnostics.count == 1)
    #expect(error.diagnostics.first?.message.contains("copies more than 100,000") == true)
  }

  @Test func aCycleIsOneErrorInEitherOrder() {
    for text in [
      #"{"a": {"$extends": "{b}"}, "b": {"$extends": "{c}"}, "c": {"$extends": "{a}"}}"#,
      #"{"b": {"$extends": "{a.inner}"}, "a": {"inner": {"$extends": "{a}"}}}"#,
    ] {
      guard case .failure(let error) = Self.parse([String(text.dropFirst().dropLast())]) else {
        Issue.record("a cycle was accepted: \(text)")
        continue
      }
      #expect(error.diagnostics.count == 1, "\(error.diagnostics)")
      #expect(error.diagnostics.first?.message.contains("circular $extends") == true)
    }
  }
}
