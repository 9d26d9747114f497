import CatalogModel
import CatalogTokens
import Testing

/// Issue 14 leftovers: Tokens Studio font family lists, a ratio in a dimension token, and a
/// missing token reached through math named with its chain.
@Suite struct TokenLeftovers14Tests {
  static func parse(_ json: String, dangling: Bool = true) throws(TokenFileError)
    -> TokenFileParser.Result
  {
    try TokenFileParser.parse(
      json, file: "t.tokens.json",
      options: .init(unresolvedReferences: dangling ? .warning : .error))
  }

  static func resolver(_ tokens: [DesignToken]) -> TokenResolver {
    TokenResolver(tokens: Dictionary(uniqueKeysWithValues: tokens.map { ($0.path, $0) }))
  }

  // MARK: - Font family lists (DTCG §8.3)

  @Test(
    "a CSS font family list split by CSS Fonts 4's grammar",
    arguments: [
      ("Inter, sans-serif", ["Inter", "sans-serif"]),
      ("'Exo 2', serif", ["Exo 2", "serif"]),
      (#""Exo 2" , Open   Sans,monospace"#, ["Exo 2", "Open Sans", "monospace"]),
      (#"'It\'s', \"x\""#, nil),
      (#"'It\'s', "x""#, ["It's", "x"]),
      (#"'\41 b'"#, ["Ab"]),
      ("Inter,", nil), (", Inter", nil), ("'Exo 2", nil), ("'Exo 2' x, serif", nil),
      ("Inter", ["Inter"]),
    ] as [(String, [String]?)])
  func fontFamilyList(text: String, families: [String]?) {
    #expect(TokensStudioMembers.fontFamilyList(text) == families)
  }

  static let studio = #"""
    {"font": {"body": {"value": "'Exo 2', serif", "type": "fontFamilies"},
      "ui": {"value": "Inter, sans-serif", "type": "fontFamilies"},
      "plain": {"value": "Inter", "type": "fontFamilies"}},
     "type": {"h1": {"value": {"fontFamily": "Inter, sans-serif", "fontWeight": "700",
       "fontSize": "24", "lineHeight": "1.2", "letterSpacing": "0"}, "type": "typography"}}}
    """#

  /// Before, `"'Exo 2', serif"` stayed one family, exported as `"'Exo 2', serif"`.
  @Test func tokensStudioFontFamiliesBecomeArrays() throws {
    let parsed = try Self.parse(Self.studio)
    let byPath = Dictionary(uniqueKeysWithValues: parsed.tokens.map { ($0.path, $0) })
    #expect(byPath["font.body"]?.value == .array([.string("Exo 2"), .string("serif")]))
    #expect(byPath["font.ui"]?.value == .array([.string("Inter"), .string("sans-serif")]))
    #expect(byPath["font.plain"]?.value == .string("Inter"))
    #expect(
      byPath["type.h1"]?.value.objectValue?["fontFamily"]
        == .array([.string("Inter"), .string("sans-serif")]))
    #expect(
      parsed.warnings.contains {
        $0.message.contains(
          #""'Exo 2', serif" is a CSS font family list; read as ["Exo 2","serif"] (DTCG §8.3"#)
      }, "\(parsed.warnings)")
    let css = TokenExporter.export(
      parsed.tokens, format: .css, resolver: Self.resolver(parsed.tokens))
    #expect(css.contains(#"--font-body: "Exo 2", serif;"#), "\(css)")
    #expect(css.contains("--font-ui: Inter, sans-serif;"), "\(css)")
    #expect(css.contains("--type-h1: 700 24px/1.2 Inter, sans-serif;"), "\(css)")
  }

  /// A DTCG file's string is one family name (§8.3), whatever it holds: not split.
  @Test func aDTCGFileKeepsItsFamilyString() throws {
    let parsed = try Self.parse(
      #"{"f": {"$type": "fontFamily", "$value": "Inter, sans-serif"}}"#)
    #expect(parsed.tokens.first?.value == .string("Inter, sans-serif"))
  }

  // MARK: - A ratio is no dimension

  static let ratios = ##"""
    {"r": {"$type": "dimension", "$value": {"value": 2, "unit": "rem"}},
     "p": {"$type": "dimension", "$value": {"value": 8, "unit": "px"}},
     "k": {"$type": "number", "$value": 3},
     "remRatio": {"$type": "dimension", "$value": "{r} / {r}"},
     "pxRatio": {"$type": "dimension", "$value": "{p} / {p}"},
     "mixed": {"$type": "dimension", "$value": "floor({p} / {r} * 3)"},
     "number": {"$type": "number", "$value": "{p} / {p}"},
     "scaled": {"$type": "dimension", "$value": "{p} / {p} * {p}"},
     "plain": {"$type": "dimension", "$value": "2 * {k}"}}
    """##

  /// Before, `{r} / {r}` was `1px` and `{p} / {p}` `1px`: a ratio dressed as a length.
  @Test(
    "a dimension token's math that computes a ratio does not compute",
    arguments: [
      ("remRatio", "{r} / {r}", "1"), ("pxRatio", "{p} / {p}", "1"),
      ("mixed", "floor({p} / {r} * 3)", "0"),
    ])
  func ratioInADimension(path: String, expression: String, value: String) throws {
    let parsed = try Self.parse(Self.ratios)
    let r = Self.resolver(parsed.tokens)
    #expect(
      throws: TokenResolver.Failure.math(
        path: path,
        message:
          "\"\(expression)\" divides a dimension by a dimension, which computes the plain number \(value) (a ratio, no length), but the token's $type is dimension, which needs a unit (DTCG Format §8.2; the computed type must match $type): make it a number token, or multiply the ratio by a dimension"
      )
    ) { try r.resolve(path) }
    // The import keeps it with a warning naming the token and the expression.
    #expect(
      parsed.warnings.contains {
        $0.path == path && $0.message.contains("\"\(expression)\" divides a dimension")
      }, "\(parsed.warnings)")
  }

  @Test func ratiosWhereTheyFit() throws {
    let r = Self.resolver(try Self.parse(Self.ratios).tokens)
    #expect(try r.resolve("number").value == .number(1))
    #expect(try r.resolve("scaled").points == 8)
    #expect(try r.resolve("plain").points == 6)
  }

  // MARK: - A missing token reached through math

  static let chain = #"""
    {"t": {"$type": "dimension", "$value": "{missing} * 2"},
     "u": {"$type": "dimension", "$value": "{t}"},
     "v": {"$type": "dimension", "$value": "{u} + 1"}}
    """#

  /// Before, `v` (`{u} + 1`) was refused as "the alias {missing} names no token", though
  /// only `t` names it.
  @Test func theTokenThatNamesTheMissingOneIsBlamed() throws {
    do {
      _ = try Self.parse(Self.chain, dangling: false)
      Issue.record("expected the file to be refused")
    } catch {
      #expect(error.diagnostics.map(\.path) == ["t"], "\(error.diagnostics)")
      #expect(
        error.diagnostics.first?.message.hasPrefix("the alias {missing} names no token") == true)
    }
    let kept = try Self.parse(Self.chain)
    let v = kept.warnings.filter { $0.path == "v" && $0.message.hasPrefix("kept") }.map(\.message)
    #expect(
      v == [
        "kept, but its value cannot be computed: unknown token {missing} (through {v} → {u} → {t} → {missing}); it resolves once a token {missing} exists, and doctor warns about it until then"
      ], "\(kept.warnings)")
    #expect(
      !kept.warnings.contains { $0.path == "v" && $0.message.contains("the alias {missing}") })
    // Exports name the chain too.
    let omissions = TokenExporter.omissions(
      kept.tokens, format: .css, resolver: Self.resolver(kept.tokens))
    #expect(
      omissions.map(\.description).contains(
        "{v} (dimension): not exported: its value cannot be computed: unknown token {missing} (through {v} → {u} → {t} → {missing})"
      ), "\(omissions)")
  }
}
