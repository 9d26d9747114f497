import CatalogModel
import CatalogTokens
import Testing

/// Tokens by path from a token file's text.
func tokens(_ text: String) throws -> [String: DesignToken] {
  let result = try TokenFileParser.parse(text, file: "t.tokens.json")
  return Dictionary(uniqueKeysWithValues: result.tokens.map { ($0.path, $0) })
}

func dimension(_ path: String, _ value: Double, _ unit: String = "px") -> DesignToken {
  DesignToken(
    path: path, type: "dimension",
    value: .object(JSONObject([("value", .number(value)), ("unit", .string(unit))])))
}

func alias(_ path: String, _ target: String, type: String? = "dimension") -> DesignToken {
  DesignToken(path: path, type: type, value: .string("{\(target)}"))
}

func resolver(_ list: [DesignToken], remBase: Double = TokenValue.defaultRemBase) -> TokenResolver {
  TokenResolver(
    tokens: Dictionary(uniqueKeysWithValues: list.map { ($0.path, $0) }), remBase: remBase)
}

@Suite struct TokenResolverTests {
  static let examples = try! tokens(
    String(
      contentsOf: packageRoot.appendingPathComponent("examples/tokens/spacing.tokens.json"),
      encoding: .utf8))

  @Test(arguments: [
    ("space.none", ["space.none", "base.size.0"], 0.0),
    ("space.xs", ["space.xs", "base.size.4"], 4),
    ("space.sm", ["space.sm", "base.size.8"], 8),
    ("space.md", ["space.md", "base.size.12"], 12),
    ("space.inset.horizontal", ["space.inset.horizontal", "base.size.20"], 20),
    ("space.inset.vertical", ["space.inset.vertical", "base.size.24"], 24),
    ("size.artwork", ["size.artwork", "base.size.44"], 44),
    ("size.rating", ["size.rating"], 32),
    ("base.size.16", ["base.size.16"], 16),
  ])
  func exampleTokens(_ path: String, _ chain: [String], _ points: Double) throws {
    let r = try TokenResolver(tokens: Self.examples).resolve(path)
    #expect(r.chain == chain)
    #expect(r.points == points)
    #expect(r.type == "dimension")
  }

  @Test func valueIsTheOneAtTheEndOfTheChain() throws {
    let r = try TokenResolver(tokens: Self.examples).resolve("space.sm")
    #expect(r.value == .object(JSONObject([("value", .number(8)), ("unit", .string("px"))])))
    #expect(TokenValue.shortDescription(r.value) == "8px")
  }

  @Test func pxIsOnePointAndRemIsSixteen() throws {
    let r = resolver([dimension("a", 12), dimension("b", 1.5, "rem"), dimension("c", 0.25, "rem")])
    #expect(try r.resolve("a").points == 12)
    #expect(try r.resolve("b").points == 24)
    #expect(try r.resolve("c").points == 4)
  }

  @Test func remBaseIsConfigurable() throws {
    let r = resolver([dimension("b", 2, "rem")], remBase: 10)
    #expect(try r.resolve("b").points == 20)
  }

  @Test func numberTokensArePointsAndOthersAreNot() throws {
    let r = resolver([
      DesignToken(path: "n", type: "number", value: .number(3)),
      DesignToken(
        path: "c", type: "color",
        value: .object(
          JSONObject([
            ("colorSpace", .string("srgb")),
            ("components", .array([.number(0), .number(0), .number(0)])),
          ]))),
      alias("gap", "n", type: nil),
    ])
    #expect(try r.resolve("n").points == 3)
    #expect(try r.resolve("gap").points == 3)
    #expect(try r.resolve("gap").type == "number")
    #expect(try r.resolve("c").points == nil)
  }

  @Test func longChain() throws {
    var list = [dimension("t0", 7)]
    for i in 1...50 { list.append(alias("t\(i)", "t\(i - 1)")) }
    let r = try resolver(list).resolve("t50")
    #expect(r.chain.count == 51)
    #expect(r.chain.first == "t50")
    #expect(r.chain.last == "t0")
    #expect(r.points == 7)
  }

  @Test func overlongChainIsAnError() throws {
    var list = [dimension("t0", 7)]
    for i in 1...1_500 { list.append(alias("t\(i)", "t\(i - 1)")) }
    #expect(throws: TokenResolver.Failure.tooLong(path: "t1500")) {
      try resolver(list).resolve("t1500")
    }
  }

  @Test func cycleListsEveryMember() throws {
    let r = resolver([alias("a", "b"), alias("b", "c"), alias("c", "a"), alias("entry", "b")])
    #expect(throws: TokenResolver.Failure.cycle(["a", "b", "c"])) { try r.resolve("a") }
    #expect(throws: TokenResolver.Failure.cycle(["b", "c", "a"])) { try r.resolve("b") }
    // Entering the cycle from outside lists the cycle's members only.
    #expect(throws: TokenResolver.Failure.cycle(["b", "c", "a"])) { try r.resolve("entry") }
    #expect(
      TokenResolver.Failure.cycle(["a", "b", "c"]).description
        == "circular reference: {a} → {b} → {c} → {a} (§7.2.3)")
  }

  @Test func selfCycle() throws {
    let r = resolver([alias("a", "a")])
    #expect(throws: TokenResolver.Failure.cycle(["a"])) { try r.resolve("a") }
  }

  @Test func unknownTokens() throws {
    let r = resolver([alias("a", "missing")])
    #expect(throws: TokenResolver.Failure.unknown(path: "nope", referencedFrom: nil)) {
      try r.resolve("nope")
    }
    #expect(throws: TokenResolver.Failure.unknown(path: "missing", referencedFrom: "a")) {
      try r.resolve("a")
    }
    #expect(
      TokenResolver.Failure.unknown(path: "space.xxl", referencedFrom: nil).description
        == "unknown token {space.xxl}")
    #expect(
      TokenResolver.Failure.unknown(path: "missing", referencedFrom: "a").description
        == "unknown token {missing} (referenced by {a})")
  }

  @Test func deprecationOfTheFirstTokenIsReported() throws {
    var old = alias("old", "new")
    old.deprecated = .string("use new")
    let r = resolver([old, dimension("new", 4)])
    #expect(try r.resolve("old").deprecated == .string("use new"))
    #expect(try r.resolve("new").deprecated == nil)
  }

  @Test(arguments: [
    ("4px", 4.0, "px"), ("1.5rem", 1.5, "rem"), (" 8px ", 8, "px"), ("0", 0, "px"),
    ("-2px", -2, "px"),
  ])
  func legacyDimensions(_ text: String, _ value: Double, _ unit: String) throws {
    let parsed = try #require(TokenValue.legacyDimension(text))
    #expect(parsed.0 == value)
    #expect(parsed.1 == unit)
  }

  @Test(arguments: ["4", "px", "4pt", "four px", ""])
  func notLegacyDimensions(_ text: String) {
    #expect(TokenValue.legacyDimension(text) == nil)
  }

  @Test func aliasTargets() {
    #expect(TokenAlias.target(of: .string("{space.sm}")) == "space.sm")
    #expect(TokenAlias.target(of: .string("{}")) == nil)
    #expect(TokenAlias.target(of: .string("{a}{b}")) == nil)
    #expect(TokenAlias.target(of: .string("space.sm")) == nil)
    #expect(TokenAlias.target(of: .number(1)) == nil)
  }

  /// A chain's steps: paths in braces, a closing math expression as written, never wrapped
  /// in braces again (it was `{{a} * 2}` in `tokens get` and the resolver's provenance).
  @Test func mathStepIsWrittenAsItIs() throws {
    let r = resolver([
      dimension("a", 3), DesignToken(path: "b", type: "dimension", value: .string("{a} * 2")),
      alias("c", "b"), alias("d", "a"),
    ])
    let math = try r.resolve("c")
    #expect(math.chain == ["c", "b", "{a} * 2"])
    #expect(math.math == "{a} * 2")
    #expect(math.steps == ["{c}", "{b}", "{a} * 2"])
    #expect(math.describedChain == ["{c}", "{b}", "{a} * 2"])
    let plain = try r.resolve("d")
    #expect(plain.math == nil)
    #expect(plain.steps == ["{d}", "{a}"])
  }
}
