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

  /// sd-transforms' own expectations for this file (`ts/resolveMath`): 24px, 1.125, 4px, 10px.
  @Test func tokensStudioMathInCompositeMembersComputes() throws {
    let result = try Self.read("tokens-studio-sd-transforms/math-in-complex-values.tokens.json")
    #expect(result.tokens.map(\.path) == ["typo", "border", "shadow.single", "shadow.double"])
    #expect(!result.warnings.contains { $0.message.contains("not imported") })
    func px(_ n: Double) -> JSONValue {
      .object(JSONObject([("value", .number(n)), ("unit", .string("px"))]))
    }
    let byPath = Dictionary(uniqueKeysWithValues: result.tokens.map { ($0.path, $0.value) })
    #expect(byPath["typo"]?.objectValue?["fontSize"] == px(24))
    #expect(byPath["typo"]?.objectValue?["lineHeight"] == .number(1.125))
    #expect(byPath["typo"]?.objectValue?["fontWeight"] == .number(400))
    #expect(byPath["border"]?.objectValue?["width"] == px(24))
    #expect(byPath["shadow.single"]?.objectValue?["offsetY"] == px(4))
    #expect(byPath["shadow.single"]?.objectValue?["blur"] == px(10))
    let layers = byPath["shadow.double"]?.arrayValue ?? []
    #expect(layers.map { $0.objectValue?["offsetY"] } == [px(4), px(4)])
    #expect(layers.map { $0.objectValue?["blur"] } == [px(10), px(10)])
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
