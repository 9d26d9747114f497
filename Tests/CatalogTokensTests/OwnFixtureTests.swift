import CatalogModel
import CatalogTokens
import Foundation
import Testing

/// Our own small token files (`Fixtures/`, see its README), one import rule each: the
/// rules that the shared real files and the DTCG suite show, checked without them.
@Suite struct OwnFixtureTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  static func source(_ name: String) throws -> TokenSource {
    let data = try Data(contentsOf: folder.appendingPathComponent(name))
    return try TokenSource.read(bytes: [UInt8](data), file: name)
  }

  static func parse(_ name: String, strict: Bool = false) throws -> TokenFileParser.Result {
    try TokenFileParser.parse(
      source: try source(name), options: .init(strict: strict, unresolvedReferences: .warning))
  }

  /// Points of every token, resolved through its aliases (nil when it is not a length).
  static func points(_ result: TokenFileParser.Result) -> [String: Double?] {
    let resolver = TokenResolver(
      tokens: Dictionary(uniqueKeysWithValues: result.tokens.map { ($0.path, $0) }))
    var out: [String: Double?] = [:]
    for token in result.tokens { out[token.path] = (try? resolver.resolve(token.path))?.points }
    return out
  }

  /// A converted file: what it is read as, the points of each token, and a warning for
  /// each converted construct that says what it became.
  struct Converted: Sendable, CustomTestStringConvertible {
    var file: String
    var readAs: String
    var points: [String: Double]
    var warningSays: String
    var testDescription: String { file }
  }

  static let converted: [Converted] = [
    // Older string dimensions: px, rem (16 pt), unitless read as px (DTCG 2025.10 §8.2).
    Converted(
      file: "string-dimensions.tokens.json", readAs: "DTCG",
      points: ["space.xs": 4, "space.md": 24, "space.lg": 18], warningSays: "older string form"),
    // Adobe Spectrum: `sets` are modes; desktop is the value, mobile kept in $extensions.
    Converted(
      file: "spectrum-sets.json", readAs: "Adobe Spectrum",
      points: ["row-height": 32, "gap-small": 8], warningSays: "'desktop' is the value"),
    // Microsoft Fluent: `aliasOf` is an alias (§7.1); a `generate` ramp is skipped.
    Converted(
      file: "fluent-alias-of.json", readAs: "Microsoft Fluent",
      points: ["Global.Size.40": 4, "Global.Size.80": 8, "Set.Gap.Small": 4], warningSays: "aliasOf"
    ),
    // Salesforce Theo: `aliases:` and `props:`, `{!NAME}` read as `{NAME}`.
    Converted(
      file: "theo-aliases.yml", readAs: "Salesforce Theo",
      points: ["SPACING_SMALL": 8, "SPACING_MEDIUM": 16, "STACK_GAP": 8],
      warningSays: "{!SPACING_SMALL}"),
    // Style Dictionary 2: `{size.padding.medium.value}` loses `.value`.
    Converted(
      file: "style-dictionary-legacy.json", readAs: "Style Dictionary",
      points: ["size.padding.small": 8, "size.padding.medium": 16, "size.padding.base": 16],
      warningSays: ".value"),
    // Tokens Studio: `spacing` is a dimension; math kept as written and computed on use.
    Converted(
      file: "tokens-studio-math.json", readAs: "Style Dictionary",
      points: ["space.md": 16, "space.xl": 32, "space.third": 5], warningSays: "math"),
  ]

  @Test(arguments: converted)
  func nonStandardFormsAreConvertedWithWarnings(_ c: Converted) throws {
    let result = try Self.parse(c.file)
    #expect(result.format.contains(c.readAs), "read as \(result.format)")
    #expect(Self.points(result) == c.points.mapValues { Optional($0) })
    #expect(!result.warnings.isEmpty)
    #expect(result.warnings.allSatisfy { $0.severity == .warning })
    #expect(
      result.warnings.contains { $0.message.contains(c.warningSays) },
      "\(result.warnings.map(\.message))")
  }

  @Test(arguments: converted)
  func strictRefusesThemSaying(_ c: Converted) throws {
    let error = try #require(throws: TokenFileError.self) { try Self.parse(c.file, strict: true) }
    #expect(!error.diagnostics.isEmpty)
    #expect(
      error.diagnostics.allSatisfy {
        $0.severity == .error && ($0.location ?? "").hasPrefix(c.file)
      })
  }

  @Test func spectrumKeepsTheOtherSetsInExtensions() throws {
    let result = try Self.parse("spectrum-sets.json")
    let row = try #require(result.tokens.first { $0.path == "row-height" })
    #expect(
      row.extensions?.objectValue?["com.adobe.spectrum"]?.objectValue?["sets"]?.objectValue?[
        "mobile"] != nil)
  }

  @Test func fluentGenerateRampsAreSkippedSayingWhy() throws {
    let result = try Self.parse("fluent-alias-of.json")
    #expect(!result.tokens.contains { $0.path.hasPrefix("Global.Color") })
    #expect(
      result.warnings.contains { $0.path == "Global.Color.Grey" && $0.message.contains("generate") }
    )
  }

  @Test func json5HoldingDTCGIsStrictDTCG() throws {
    let result = try Self.parse("primer-like.tokens.json5", strict: true)
    #expect(result.warnings.isEmpty)
    #expect(Self.points(result) == ["space.sm": 8, "space.md": 8])
  }

  @Test func aSelfReferenceIsRefused() throws {
    let error = try #require(throws: TokenFileError.self) {
      try Self.parse("self-reference.tokens.json")
    }
    #expect(error.diagnostics.map(\.path) == ["space.loop"])
    #expect(error.diagnostics.allSatisfy { $0.message.contains("§") })
  }

  @Test func anAliasCycleIsRefusedNamingEveryMember() throws {
    let error = try #require(throws: TokenFileError.self) {
      try Self.parse("alias-cycle.tokens.json")
    }
    let text = error.diagnostics.map(\.message).joined(separator: "\n")
    for member in ["space.a", "space.b", "space.c"] { #expect(text.contains(member), "\(text)") }
  }
}
