import CatalogModel
import CatalogTokens
import Testing

/// Tokens Studio math and string forms inside composite members and font weights, computed
/// as Tokens Studio / sd-transforms compute them; never dropped from an import that exits 0
/// (issue 14 point 3).
@Suite struct TokensStudioMembersTests {
  static func dimension(_ n: Double, _ unit: String = "px") -> JSONValue {
    .object(JSONObject([("value", .number(n)), ("unit", .string(unit))]))
  }

  static func token(_ result: TokenFileParser.Result, _ path: String) throws -> DesignToken {
    try #require(result.tokens.first { $0.path == path }, "\(path) was not imported")
  }

  static func member(_ token: DesignToken, _ name: String, layer: Int? = nil) -> JSONValue? {
    let object: JSONObject?
    if let layer {
      object = token.value.arrayValue?[layer].objectValue
    } else {
      object = token.value.objectValue
    }
    return object?[name]
  }

  @Test func mathInTypographyMembersIsComputed() throws {
    let result = try parse(
      """
      {"typo": {"type": "typography", "value": {"fontFamily": "Arial Black",
        "fontSize": "16 * 1.5", "fontWeight": "regular", "lineHeight": "0.75 * 1.5",
        "letterSpacing": "2 - 3"}}}
      """)
    let typo = try Self.token(result, "typo")
    #expect(Self.member(typo, "fontSize") == Self.dimension(24))
    #expect(Self.member(typo, "lineHeight") == .number(1.125))
    #expect(Self.member(typo, "fontWeight") == .number(400))
    #expect(Self.member(typo, "letterSpacing") == Self.dimension(-1))
  }

  @Test func mathInBorderAndShadowLayersIsComputed() throws {
    let result = try parse(
      """
      {"border": {"type": "border", "value": {"color": "rgba(#FFFF00, 0.5)", "width": "16 * 1.5",
        "style": "dashed"}},
       "double": {"type": "boxShadow", "value": [
        {"x": "0", "y": "3 + 1", "blur": "100 / 10", "spread": "0", "color": "rgba(#000000,0.4)",
         "type": "innerShadow"},
        {"x": "0", "y": "5 - 1", "blur": "1 * 10", "spread": "0", "color": "rgba(255, 255, 255, 20%)",
         "type": "dropShadow"}]}}
      """)
    let border = try Self.token(result, "border")
    #expect(Self.member(border, "width") == Self.dimension(24))
    #expect(
      Self.member(border, "color")?.objectValue?["components"]
        == .array([.number(1), .number(1), .number(0)]))
    #expect(Self.member(border, "color")?.objectValue?["alpha"] == .number(0.5))
    let shadow = try Self.token(result, "double")
    #expect(Self.member(shadow, "offsetX", layer: 0) == Self.dimension(0))
    #expect(Self.member(shadow, "offsetY", layer: 0) == Self.dimension(4))
    #expect(Self.member(shadow, "blur", layer: 0) == Self.dimension(10))
    #expect(Self.member(shadow, "inset", layer: 0) == .bool(true))
    #expect(Self.member(shadow, "offsetY", layer: 1) == Self.dimension(4))
    #expect(Self.member(shadow, "blur", layer: 1) == Self.dimension(10))
    #expect(Self.member(shadow, "inset", layer: 1) == nil)
    #expect(Self.member(shadow, "color", layer: 1)?.objectValue?["alpha"] == .number(0.2))
  }

  @Test func referencesInsideMemberMathAreResolvedFirst() throws {
    let result = try parse(
      """
      {"size": {"base": {"type": "fontSizes", "value": "8"},
                "double": {"type": "fontSizes", "value": "{size.base} * 2"}},
       "lh": {"type": "lineHeights", "value": "1.2"},
       "rem": {"type": "dimension", "value": "1rem"},
       "heading": {"type": "typography", "value": {"fontFamily": "Inter",
         "fontSize": "{size.double} + 2", "fontWeight": "{weight}", "lineHeight": "{lh} * 1.5",
         "letterSpacing": "{rem} / 8"}},
       "weight": {"type": "fontWeights", "value": "Bold"}}
      """)
    // Member math that names tokens is kept as written (the links survive, issue 14) and
    // computed by the token graph.
    let heading = try Self.token(result, "heading")
    #expect(Self.member(heading, "fontSize") == .string("{size.double} + 2"))
    #expect(Self.member(heading, "fontWeight") == .string("{weight}"))
    let resolver = TokenResolver(
      tokens: Dictionary(uniqueKeysWithValues: result.tokens.map { ($0.path, $0) }))
    let computed = try resolver.resolve("heading").value.objectValue
    #expect(computed?["fontSize"] == Self.dimension(18))
    #expect(computed?["lineHeight"] == .number(1.2 * 1.5))
    #expect(computed?["letterSpacing"] == Self.dimension(0.125, "rem"))
    #expect(try Self.token(result, "weight").value == .number(700))
  }

  @Test func fontWeightStringsAreRead() throws {
    let result = try parse(
      """
      {"fontWeights": {"a": {"type": "fontWeights", "value": "600"},
        "b": {"type": "fontWeights", "value": "Regular"},
        "c": {"type": "fontWeights", "value": "SemiBold"}}}
      """)
    #expect(try Self.token(result, "fontWeights.a").value == .number(600))
    #expect(try Self.token(result, "fontWeights.b").value == .number(400))
    #expect(try Self.token(result, "fontWeights.c").value == .number(600))
    #expect(TokensStudioMembers.fontWeight("extra bold") == 800)
    #expect(TokensStudioMembers.fontWeight("Extra-Black") == 950)
    #expect(TokensStudioMembers.fontWeight("1001") == nil)
    #expect(TokensStudioMembers.fontWeight("Heavyish") == nil)
  }

  @Test func memberMathThatCannotBeComputedIsKeptAndReported() throws {
    let text = """
      {"typo": {"type": "typography", "value": {"fontFamily": "Inter",
        "fontSize": "16 * ", "fontWeight": 400, "lineHeight": 1.5, "letterSpacing": "0"}}}
      """
    let result = try parse(text)
    let typo = try Self.token(result, "typo")
    #expect(Self.member(typo, "fontSize") == .string("16 * "))
    let warning = try #require(result.warnings.first { $0.message.contains("cannot be computed") })
    #expect(warning.message.contains("fontSize"))
    #expect(warning.message.contains("doctor and lint report it"))
    // What doctor and lint ask: the token graph's failures.
    let resolver = TokenResolver(tokens: ["typo": typo])
    let failures = resolver.graph.failures()
    #expect(failures.map(\.path) == ["typo"])
    let failure = failures.first.map { "\($0.failure)" } ?? ""
    #expect(failure.contains("fontSize"))
  }

  @Test func strictRefusesMemberMathNamingWhere() throws {
    let found = try errors(
      """
      {"typo": {"$type": "typography", "$value": {"fontFamily": "Inter",
        "fontSize": "16 * 1.5", "fontWeight": 400, "lineHeight": 1.5,
        "letterSpacing": {"value": 0, "unit": "px"}}}}
      """, strict: true)
    let error = try #require(found.first)
    #expect(error.path == "typo")
    let location = error.location ?? ""
    #expect(location.hasPrefix("test.tokens.json"))
    #expect(error.message.contains("fontSize"))
  }
}

/// What a lenient import of a vendor dialect keeps instead of dropping (issue 14 point 3):
/// a value DTCG cannot hold is kept with the warning and the token graph's failure doctor
/// and lint report; a typography's missing members are filled in; an untyped alias to a
/// token in no file is kept; a Tokens Studio size type is px, not Style Dictionary's rem.
@Suite struct KeptDialectTokensTests {
  static func lenient(_ text: String) throws -> TokenFileParser.Result {
    try TokenFileParser.parse(
      text, file: "test.tokens.json", options: .init(strict: false, unresolvedReferences: .warning))
  }

  @Test func valuesDTCGCannotHoldAreKeptAndReportedByTheGraph() throws {
    let result = try parse(
      """
      {"color": {"type": "color", "value": "#FF00FF"},
       "gradient": {"type": "color", "value": "linear-gradient(180deg, {color} 0%, {color} 45%)"},
       "ls": {"type": "letterSpacing", "value": "150%"}}
      """)
    #expect(result.tokens.map(\.path) == ["color", "gradient", "ls"])
    #expect(try TokensStudioMembersTests.token(result, "ls").value == .string("150%"))
    let kept = result.warnings.filter {
      $0.message.contains("kept, but its value cannot be computed")
    }
    #expect(kept.map(\.path) == ["gradient", "ls"])
    #expect(result.warnings.allSatisfy { !$0.message.contains("not imported") })
    // What doctor, lint and every export ask: the token graph's failures.
    let resolver = TokenResolver(
      tokens: Dictionary(uniqueKeysWithValues: result.tokens.map { ($0.path, $0) }))
    let failures = resolver.graph.failures()
    #expect(failures.map(\.path) == ["gradient", "ls"])
    for (path, failure) in failures {
      guard case .invalid(let at, let message) = failure else {
        Issue.record("\(path): \(failure)")
        continue
      }
      #expect(at == path)
      #expect(message.contains("§8."))
    }
    #expect(TokenExporter.omissions(result.tokens, format: .dtcg, resolver: resolver).count == 2)
  }

  @Test func missingTypographyMembersAreFilledInTheTokensStudioDialectOnly() throws {
    let result = try parse(
      """
      {"t": {"type": "typography", "value": {"fontFamily": "Inter", "fontSize": "20"}}}
      """)
    let t = try TokensStudioMembersTests.token(result, "t")
    #expect(
      JSONWriter.compact(t.value)
        == #"{"fontFamily":"Inter","fontSize":{"value":20,"unit":"px"},"fontWeight":400,"letterSpacing":{"value":0,"unit":"px"},"lineHeight":1}"#
    )
    let note = try #require(result.warnings.first { $0.path == "t" })
    #expect(
      note.message.contains(
        "letterSpacing is missing (optional in Tokens Studio, required by §9.7); read as 0px"))
    #expect(note.message.contains("lineHeight is missing"))
    // A DTCG file has all five members (§9.7), lenient or not.
    let found = try errors(
      #"{"t": {"$type": "typography", "$value": {"fontFamily": "Inter", "fontSize": {"value": 20, "unit": "px"}, "fontWeight": 400, "lineHeight": 1}}}"#
    )
    #expect(found.map(\.message) == [#"a typography needs "letterSpacing", a dimension (§9.7)"#])
  }

  @Test func untypedAliasesToTokensInNoFileAreKept() throws {
    let result = try Self.lenient(
      """
      {"card": {"background": {"value": "{gray-100}"}, "gap": {"value": "4px", "type": "spacing"}}}
      """)
    #expect(result.tokens.map(\.path) == ["card.background", "card.gap"])
    let background = try TokensStudioMembersTests.token(result, "card.background")
    #expect(background.aliasTarget == "gray-100")
    #expect(background.type == nil)
    #expect(result.warnings.allSatisfy { !$0.message.contains("not imported") })
  }

  @Test func tokensStudioSizeTypesArePxWhereStyleDictionaryReadsRem() throws {
    let result = try parse(
      """
      {"size": {"studio": {"type": "fontSizes", "value": "8"},
                "dictionary": {"type": "fontSize", "value": "8"},
                "sum": {"type": "fontSizes", "value": "{size.studio} + 2"}}}
      """)
    let resolver = TokenResolver(
      tokens: Dictionary(uniqueKeysWithValues: result.tokens.map { ($0.path, $0) }))
    #expect(try resolver.resolve("size.studio").value == TokensStudioMembersTests.dimension(8))
    #expect(
      try resolver.resolve("size.dictionary").value == TokensStudioMembersTests.dimension(8, "rem"))
    #expect(try resolver.resolve("size.sum").value == TokensStudioMembersTests.dimension(10))
  }
}
