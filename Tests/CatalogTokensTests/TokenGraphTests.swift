import CatalogModel
import CatalogTokens
import Foundation
import Testing

/// The token graph: memoised, iterative resolution; dependents through chains; the cost
/// cases of issue 12 (each runs well under 2 s) with the right values.
@Suite struct TokenGraphTests {
  static let costFolder = packageRoot.appendingPathComponent("bad-inputs/cost/tokens")

  static func costFile(_ name: String) throws -> String {
    try String(contentsOf: costFolder.appendingPathComponent(name), encoding: .utf8)
  }

  @Test("each token adds the previous one twice: 40 tokens resolve once each, t39 = 2^39 px")
  func doublingMathIsMemoised() throws {
    let parsed = try TokenFileParser.parse(
      try Self.costFile("math-doubling.ok.tokens.json"), file: "math-doubling.ok.tokens.json")
    let r = TokenResolver(
      tokens: Dictionary(uniqueKeysWithValues: parsed.tokens.map { ($0.path, $0) }))
    let last = try r.resolve("t39")
    #expect(last.points == 549_755_813_888)  // 2^39
    #expect(last.chain == ["t39", "{t38} + {t38}"])
  }

  @Test(
    "an alias chain of 100,000 finishes: the first 1,000 steps resolve, deeper ones are refused")
  func longAliasChainIsLinear() throws {
    var list = [dimension("t0", 3)]
    for i in 1..<100_000 { list.append(alias("t\(i)", "t\(i - 1)")) }
    let r = resolver(list)
    // The deepest first: the walk stops at the limit instead of following 100,000 steps.
    #expect(throws: TokenResolver.Failure.tooLong(path: "t99999")) { try r.resolveValue("t99999") }
    // Review 16: exactly 1,000 steps is not "longer than 1000 steps".
    #expect(throws: TokenResolver.Failure.tooLong(path: "t1001")) { try r.resolveValue("t1001") }
    #expect(try r.resolveValue("t1000").points == 3)
    #expect(try r.resolve("t999").chain.count == 1_000)
    #expect(try r.resolve("t1000").chain.count == 1_001)
  }

  @Test("the parser reads a chain of exactly 1,000 alias steps and refuses 1,001 (review 16)")
  func parserChainLimitAgreesWithItsMessage() throws {
    func chain(_ steps: Int) -> String {
      var members = [#""t0": {"$type": "dimension", "$value": {"value": 1, "unit": "px"}}"#]
      for i in 1...steps { members.append(#""t\#(i)": {"$value": "{t\#(i - 1)}"}"#) }
      return "{" + members.joined(separator: ", ") + "}"
    }
    let ok = try TokenFileParser.parse(chain(1_000), file: "ch1000.tokens.json")
    #expect(ok.tokens.count == 1_001)
    do {
      _ = try TokenFileParser.parse(chain(1_001), file: "ch1001.tokens.json")
      Issue.record("a 1,001-step chain was accepted")
    } catch {
      #expect(error.diagnostics.count == 1)
      #expect(error.diagnostics.first?.path == "t1001")
      #expect(error.diagnostics.first?.message.contains("longer than 1000 steps") == true)
    }
  }

  @Test("a math chain of 100,000 tokens is an error, never a stack overflow")
  func longMathChainIsIterative() throws {
    var list = [dimension("m0", 1)]
    for i in 1..<100_000 {
      list.append(DesignToken(path: "m\(i)", type: "dimension", value: .string("{m\(i - 1)} + 1")))
    }
    let r = resolver(list)
    #expect(try r.resolve("m10").points == 11)
    #expect(throws: TokenResolver.Failure.tooLong(path: "m99999")) { try r.resolve("m99999") }
  }

  @Test("the parser refuses a 3,000-alias chain once, where it gets too long, and accepts 999")
  func parserChainsAreLinear() throws {
    let long = try Self.costFile("alias-chain-3000.refused.tokens.json")
    do {
      _ = try TokenFileParser.parse(long, file: "chain.tokens.json")
      Issue.record("a 3,000-step chain was accepted")
    } catch {
      #expect(error.diagnostics.count == 1)
      #expect(error.diagnostics.first?.path == "t1001")
      #expect(error.diagnostics.first?.message.contains("longer than 1000 steps") == true)
    }
    let ok = try TokenFileParser.parse(
      try Self.costFile("alias-chain-999.ok.tokens.json"), file: "chain.tokens.json")
    #expect(ok.tokens.count == 1_000)
    #expect(ok.tokens.last?.type == "dimension")
  }

  @Test("a 570-byte YAML file of nested anchors is refused by expanded nodes")
  func yamlAnchorsAreBoundedByExpandedNodes() throws {
    let bytes = Array(try Self.costFile("nested-anchors.refused.tokens.yaml").utf8)
    #expect(bytes.count < 600)
    do {
      _ = try YAMLReader.read(bytes: bytes, file: "anchors.yaml")
      Issue.record("the billion-laughs file was accepted")
    } catch {
      #expect(error.diagnostics.first?.message.contains("expand to more than 100000 nodes") == true)
    }
    // Many small aliases are fine: 50,000 aliases of one scalar.
    let many =
      "a: &a 1\nb: [" + Array(repeating: "*a", count: 50_000).joined(separator: ", ") + "]\n"
    let source = try YAMLReader.read(bytes: Array(many.utf8), file: "many.yaml")
    #expect(source.root.objectValue?["b"]?.arrayValue?.count == 50_000)
  }

  @Test("resolver sets that reference each other ten times per level merge each tree once")
  func resolverSetFanOutIsLinear() throws {
    let text = try Self.costFile("set-fanout.ok.resolver.json")
    let document = try ResolverDocument.parse(
      source: try TokenSource.read(bytes: Array(text.utf8), file: "set-fanout.ok.resolver.json"))
    guard case .set(let set)? = document.resolutionOrder.first else {
      Issue.record("no set step")
      return
    }
    #expect(set.sources.count == 1)
    let result = try document.resolve(inputs: [:], options: .init())
    #expect(result.tokens.map(\.path) == ["t"])
  }

  @Test("later sources still win after duplicates are merged once")
  func duplicateSourcesKeepTheirLastPlace() throws {
    let text = """
      {"version": "2025.10", "sets": {
        "a": {"sources": [{"x": {"$type": "number", "$value": 1}}]},
        "b": {"sources": [{"x": {"$type": "number", "$value": 2}}]},
        "both": {"sources": [{"$ref": "#/sets/a"}, {"$ref": "#/sets/b"}, {"$ref": "#/sets/a"}]}},
       "resolutionOrder": [{"$ref": "#/sets/both"}]}
      """
    let document = try ResolverDocument.parse(
      source: try TokenSource.read(bytes: Array(text.utf8), file: "r.resolver.json"))
    let result = try document.resolve(inputs: [:], options: .init())
    #expect(result.tokens.first { $0.path == "x" }?.value == .number(1))
  }

  @Test(
    "dependents: every token that reaches a token through aliases, math and composites, with the chain"
  )
  func dependentsCarryTheirChain() throws {
    let r = resolver([
      dimension("space.base", 10),
      alias("space.gap", "space.base"),
      DesignToken(path: "space.double", type: "dimension", value: .string("{space.gap} * 2")),
      DesignToken(path: "unrelated", type: "number", value: .number(1)),
    ])
    let dependents = r.graph.dependents(of: "space.base")
    #expect(dependents.map(\.path) == ["space.gap", "space.double"])
    #expect(
      dependents.map(\.chain) == [
        ["space.gap", "space.base"], ["space.double", "space.gap", "space.base"],
      ])
    let uses = r.graph.uses(of: "space.base") { $0 == "space.gap" ? ["Gap"] : [] }
    #expect(uses.map(\.use) == ["Gap"])
    #expect(uses.map(\.chain) == [["space.gap", "space.base"]])
    #expect(
      r.graph.required(from: ["space.double"]) == ["space.double", "space.gap", "space.base"])
    #expect(try r.resolve("space.double").points == 20)
  }

  @Test(
    "math as Tokens Studio computes it",
    arguments: [
      ("2 + {offset}", 2.0, "px"),
      ("{offset} + 2", 2.0, "px"),
      ("{offset} * 2", 0.0, "px"),
      ("{base} + 4", 12.0, "px"),
      ("1rem + {base}", 24.0, "px"),
      ("{base} - 0.25rem", 4.0, "px"),
      ("max({base}, 2rem)", 32.0, "px"),
      ("{base} / 2", 4.0, "px"),
      ("{base} / 4px", 2.0, ""),
    ])
  func tokensStudioMath(_ expression: String, _ value: Double, _ unit: String) throws {
    let r = resolver([
      DesignToken(path: "offset", type: "dimension", value: .string("0")),
      dimension("base", 8),
      DesignToken(
        path: "x", type: unit.isEmpty ? "number" : "dimension", value: .string(expression)),
    ])
    let result = try r.resolve("x")
    if unit.isEmpty {
      #expect(result.value == .number(value))
    } else {
      #expect(
        result.value == .object(JSONObject([("value", .number(value)), ("unit", .string(unit))])))
    }
  }

  @Test("math naming a missing token is a failure the graph lists")
  func missingMathOperandIsListed() throws {
    let r = resolver([DesignToken(path: "x", type: "dimension", value: .string("{nope} * 2"))])
    let failures = r.graph.failures()
    #expect(failures.map(\.path) == ["x"])
    #expect(failures.first?.failure == .unknown(path: "nope", referencedFrom: "x"))
  }

  @Test("{group} naming a group with $root: strict refuses, lenient rewrites to {group.$root}")
  func groupReferenceToRootToken() throws {
    let text = """
      {"space": {"$type": "dimension", "inset": {"$root": {"$value": {"value": 8, "unit": "px"}}, "wide": {"$value": {"value": 16, "unit": "px"}}}},
       "button": {"$type": "dimension", "fill": {"$value": "{space.inset}"}, "ok": {"$value": "{space.inset.$root}"}}}
      """
    let lenient = try TokenFileParser.parse(text, file: "root.tokens.json")
    #expect(
      lenient.tokens.first { $0.path == "button.fill" }?.value == .string("{space.inset.$root}"))
    #expect(
      lenient.warnings.contains {
        $0.path == "button.fill" && $0.message.contains("{space.inset.$root}")
      })
    #expect(!lenient.warnings.contains { $0.path == "button.ok" })
    #expect(DTCGWriter.write(lenient.tokens, header: nil).contains("\"{space.inset.$root}\""))
    do {
      _ = try TokenFileParser.parse(text, file: "root.tokens.json", options: .init(strict: true))
      Issue.record("strict accepted {space.inset}")
    } catch {
      #expect(error.diagnostics.map(\.path) == ["button.fill"])
    }
  }

  @Test(
    "Tokens Studio: Offset = \"0\", Spacing = \"2 + {Offset}\" imports and is 2 px; nothing is dropped"
  )
  func tokensStudioUnitlessMath() throws {
    let text = """
      {"Offset": {"value": "0", "type": "spacing"}, "Spacing": {"value": "2 + {Offset}", "type": "spacing"},
       "Twice": {"value": "{Offset} * 2", "type": "spacing"}, "Rem": {"value": "1rem + {Spacing}", "type": "spacing"}}
      """
    let parsed = try TokenFileParser.parse(text, file: "studio.json")
    #expect(parsed.tokens.map(\.path).sorted() == ["Offset", "Rem", "Spacing", "Twice"])
    let r = TokenResolver(
      tokens: Dictionary(uniqueKeysWithValues: parsed.tokens.map { ($0.path, $0) }))
    #expect(try r.resolve("Spacing").points == 2)
    #expect(try r.resolve("Twice").points == 0)
    #expect(try r.resolve("Rem").points == 18)
  }

  @Test("a JSON Pointer $ref to a group says it points at a group")
  func pointerToAGroup() throws {
    let text =
      ##"{"space": {"$type": "dimension", "sm": {"$value": {"value": 4, "unit": "px"}}}, "x": {"$type": "dimension", "$ref": "#/space"}}"##
    do {
      _ = try TokenFileParser.parse(text, file: "p.tokens.json")
      Issue.record("accepted a $ref to a group")
    } catch {
      #expect(
        error.diagnostics.contains { $0.message.contains("points at a group") },
        "\(error.diagnostics)")
    }
  }
}
