import CatalogModel
import CatalogTestSupport
import CatalogTokens
import Foundation
import Testing

/// Every file in `../shared/real-tokens` imports the way `catalog add` reads it (lenient,
/// aliases to other files kept with a warning); the three negative fixtures are refused.
@Suite(.requires(.realTokens))
struct RealFilesTests {
  static func files() -> [String] {
    guard let e = FileManager.default.enumerator(atPath: realTokens.path) else { return [] }
    return e.compactMap { $0 as? String }.filter {
      [".json", ".json5", ".yml"].contains(where: $0.hasSuffix)
    }.sorted()
  }

  static func read(_ name: String, strict: Bool = false) throws(TokenFileError)
    -> TokenFileParser.Result
  {
    let bytes = [UInt8](
      FileManager.default.contents(atPath: realTokens.appendingPathComponent(name).path) ?? Data())
    let source = try TokenSource.read(bytes: bytes, file: name)
    return try TokenFileParser.parse(
      source: source, options: .init(strict: strict, unresolvedReferences: .warning))
  }

  @Test(arguments: files())
  func everyRealFileImportsOrIsANegativeFixture(_ name: String) throws {
    if name.contains("/negative/") {
      let error = try #require(throws: TokenFileError.self) { try Self.read(name) }
      #expect(error.diagnostics.allSatisfy { $0.message.contains("§") })
      return
    }
    let result = try Self.read(name)
    #expect(result.warnings.allSatisfy { $0.severity == .warning })
    #expect(
      !result.tokens.isEmpty, "\(name) imported no tokens: \(result.warnings.map(\.description))")
    print(
      "\(name): \(result.tokens.count) tokens, \(result.warnings.count) warnings, read as \(result.format)"
    )
  }

  @Test func primerJSON5ResolvesAcrossItsTwoFiles() throws {
    let base = try Self.read("github-primer/base/size.json5")
    #expect(base.tokens.count == 19)
    let functional = try Self.read("github-primer/functional/size.json5")
    var all: [String: DesignToken] = [:]
    for t in base.tokens + functional.tokens { all[t.path] = t }
    let resolver = TokenResolver(tokens: all)
    let aliases = functional.tokens.filter { $0.aliasTarget?.hasPrefix("base.size") == true }
    #expect(aliases.count > 40)
    for t in aliases { #expect(try resolver.resolve(t.path).points != nil) }
  }

  @Test func salesforceYAMLAliasesAreRemTokens() throws {
    let result = try Self.read("salesforce-lightning/aliases/spacing.yml")
    let medium = try #require(result.tokens.first { $0.path == "SPACING_MEDIUM" })
    #expect(TokenValue.points(medium.value, type: medium.type) == 16)
    let props = try Self.read("salesforce-lightning/console-base/spacing.yml")
    #expect(props.tokens.map(\.value) == Array(repeating: .string("{SPACING_SMALL}"), count: 3))
  }

  @Test func tokensStudioMathComputes() throws {
    let result = try Self.read("tokens-studio-sd-transforms/sd-transforms.tokens.json")
    let resolver = TokenResolver(
      tokens: Dictionary(uniqueKeysWithValues: result.tokens.map { ($0.path, $0) }))
    #expect(try resolver.resolve("dimension.xl").points == 64)
    #expect(try resolver.resolve("spacing.xl").points == 64)
  }

  /// Every token of the file, stored with the value worked out by hand from the file as
  /// sd-transforms computes it (`ts/resolveMath`, `ts/size/px`, `ts/typography/fontWeight`,
  /// `ts/color/…`; its own expectations are 24px, 1.125, 4px and 10px): math in members
  /// computed (`16 * 1.5` = 24, `0.75 * 1.5` = 1.125, `3 + 1` = `5 - 1` = 4,
  /// `100 / 10` = `1 * 10` = 10), unitless dimensions in px, `regular` = 400, `x`/`y` as
  /// `offsetX`/`offsetY`, `innerShadow` as `inset: true`, `rgba(#rrggbb, a)` as sRGB with
  /// alpha, and the typography's missing `letterSpacing` as 0px. None dropped, none kept
  /// uncomputed (issue 14 point 3).
  @Test func tokensStudioMathInCompositeMembersComputes() throws {
    let result = try Self.read("tokens-studio-sd-transforms/math-in-complex-values.tokens.json")
    let px0 = #"{"value":0,"unit":"px"}"#
    let px4 = #"{"value":4,"unit":"px"}"#
    let px10 = #"{"value":10,"unit":"px"}"#
    let px24 = #"{"value":24,"unit":"px"}"#
    let black40 = ##"{"colorSpace":"srgb","components":[0,0,0],"hex":"#000000","alpha":0.4}"##
    let white20 = ##"{"colorSpace":"srgb","components":[1,1,1],"hex":"#ffffff","alpha":0.2}"##
    func layer(_ color: String) -> String {
      #"{"offsetX":\#(px0),"offsetY":\#(px4),"blur":\#(px10),"spread":\#(px0),"color":\#(color),"inset":true}"#
    }
    let expected: [(path: String, type: String, value: String)] = [
      (
        "typo", "typography",
        #"{"fontFamily":"Arial Black","fontSize":\#(px24),"fontWeight":400,"lineHeight":1.125,"letterSpacing":\#(px0)}"#
      ),
      (
        "border", "border",
        ##"{"color":{"colorSpace":"srgb","components":[1,1,0],"hex":"#ffff00","alpha":0.5},"width":\##(px24),"style":"dashed"}"##
      ),
      ("shadow.single", "shadow", layer(black40)),
      ("shadow.double", "shadow", "[\(layer(black40)),\(layer(white20))]"),
    ]
    #expect(result.tokens.map(\.path) == expected.map(\.path))
    for (token, want) in zip(result.tokens, expected) {
      #expect(token.type == want.type, "\(want.path)")
      #expect(JSONWriter.compact(token.value) == want.value, "\(want.path)")
    }
    #expect(result.warnings.allSatisfy { !$0.message.contains("not imported") })
    #expect(result.warnings.allSatisfy { !$0.message.contains("cannot be computed") })
    // Every value is DTCG: the token graph computes each one.
    let resolver = TokenResolver(
      tokens: Dictionary(uniqueKeysWithValues: result.tokens.map { ($0.path, $0) }))
    #expect(resolver.graph.failures().isEmpty)
  }

  @Test func tokensStudioFontWeightsAndCompositesAreRead() throws {
    let result = try Self.read("tokens-studio-sd-transforms/sd-transforms.tokens.json")
    let byPath = Dictionary(uniqueKeysWithValues: result.tokens.map { ($0.path, $0.value) })
    #expect(byPath["fontWeights.headingRegular"] == .number(600))
    #expect(byPath["fontWeights.bodyRegular"] == .number(400))
    #expect(byPath["heading-6"]?.objectValue?["fontWeight"] == .number(700))
    #expect(byPath["heading-6"]?.objectValue?["fontSize"] == .string("{fontSizes.h6}"))
    #expect(byPath["shadow"]?.objectValue?["blur"] == .string("{shadow-blur}"))
    #expect(byPath["border"]?.objectValue?["width"] == .string("{border-width}"))
  }

  @Test func spectrumScaleSetsUseDesktopAndKeepTheRest() throws {
    let result = try Self.read("adobe-spectrum/layout.json")
    #expect(result.tokens.count > 300)
    let deprecated = result.tokens.filter { $0.deprecated != nil }
    #expect(deprecated.count > 100)
    let scaled = try #require(result.tokens.first { $0.path == "component-height-100" })
    #expect(TokenValue.points(scaled.value, type: scaled.type) == 32)
    #expect(scaled.extensions?.objectValue?["com.adobe.spectrum"]?.objectValue?["sets"] != nil)
  }

  @Test func strictRefusesEveryNonDTCGFileSayingWhy() throws {
    let error = try #require(throws: TokenFileError.self) {
      try Self.read("adobe-spectrum/layout.json", strict: true)
    }
    #expect(
      error.diagnostics.first?.message.contains("Adobe Spectrum format, not DTCG 2025.10") == true)
  }

  @Test func legacyStyleDictionaryReferencesLoseValue() throws {
    let result = try Self.read("style-dictionary-examples/complete-2021-legacy/padding.json")
    let base = try #require(result.tokens.first { $0.path == "size.padding.base" })
    #expect(base.value == .string("{size.padding.medium}"))
    let resolver = TokenResolver(
      tokens: Dictionary(uniqueKeysWithValues: result.tokens.map { ($0.path, $0) }))
    #expect(try resolver.resolve("size.padding.base").points == 16)
  }
}
