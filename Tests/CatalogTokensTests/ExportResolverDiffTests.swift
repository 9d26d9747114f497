import CatalogModel
import CatalogTokens
import Foundation
import Testing

let exportSample = """
  {"base": {"$type": "dimension", "size": {"4": {"$value": {"value": 4, "unit": "px"}}, "16": {"$value": {"value": 1, "unit": "rem"}}}},
   "space": {"$type": "dimension", "md": {"$value": "{base.size.16}", "$description": "Medium gap."},
             "old": {"$value": {"value": 3, "unit": "px"}, "$deprecated": "use {space.md}"},
             "default": {"$value": "{base.size.4}"}},
   "ratio": {"$type": "number", "$value": 1.5},
   "ink": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0, 0], "hex": "#000000"}}}
  """

func sampleTokens() throws -> ([DesignToken], TokenResolver) {
  let tokens = try TokenFileParser.parse(exportSample, file: "s.json", options: .init(strict: true))
    .tokens
  return (
    tokens, TokenResolver(tokens: Dictionary(uniqueKeysWithValues: tokens.map { ($0.path, $0) }))
  )
}

@Suite struct ExportTests {
  @Test func cssCustomPropertiesWithAndWithoutReferences() throws {
    let (tokens, resolver) = try sampleTokens()
    let css = TokenExporter.export(tokens, format: .css, resolver: resolver)
    #expect(css.contains("  --space-md: 1rem;\n"))
    #expect(css.contains("  --base-size-4: 4px;\n"))
    #expect(css.contains("  --ink: #000000;\n"))
    let refs = TokenExporter.export(
      tokens, format: .css, resolver: resolver, options: .init(references: true))
    #expect(refs.contains("  --space-md: var(--base-size-16);\n"))
  }

  @Test func androidDimensAreDp() throws {
    let (tokens, resolver) = try sampleTokens()
    let xml = TokenExporter.export(tokens, format: .android, resolver: resolver)
    #expect(xml.contains("<dimen name=\"space_md\">16dp</dimen>"))
    #expect(xml.contains("<dimen name=\"base_size_4\">4dp</dimen>"))
    #expect(xml.contains("<item name=\"ratio\" type=\"dimen\" format=\"float\">1.5</item>"))
    let refs = TokenExporter.export(
      tokens, format: .android, resolver: resolver, options: .init(references: true))
    #expect(refs.contains("<dimen name=\"space_md\">@dimen/base_size_16</dimen>"))
  }

  @Test func flatAndNestedJSON() throws {
    let (tokens, resolver) = try sampleTokens()
    let flat = try JSONParser.parse(
      TokenExporter.export(tokens, format: .jsonFlat, resolver: resolver)
    ).root
    #expect(
      flat.objectValue?["space.md"]
        == .object(JSONObject([("value", .number(1)), ("unit", .string("rem"))])))
    let nested = try JSONParser.parse(
      TokenExporter.export(
        tokens, format: .jsonNested, resolver: resolver, options: .init(references: true))
    ).root
    #expect(nested.objectValue?["space"]?.objectValue?["md"] == .string("{base.size.16}"))
  }

  @Test(arguments: [
    ("space.md", "spaceMd"), ("base.size.16", "baseSize16"), ("8", "_8"),
    ("space.default", "spaceDefault"), ("default", "`default`"),
    ("brand colors.primary-500", "brandColorsPrimary500"),
  ])
  func swiftNames(_ path: String, _ name: String) {
    #expect(TokenNaming.swift(path) == name)
  }

  /// The Swift output compiles: `swiftc -typecheck` with Foundation's CGFloat.
  @Test func swiftOutputTypechecks() throws {
    let (tokens, resolver) = try sampleTokens()
    for references in [false, true] {
      let swift = TokenExporter.export(
        tokens, format: .swift, resolver: resolver, options: .init(references: references))
      #expect(
        swift.contains("public static let spaceMd: CGFloat = \(references ? "baseSize16" : "16")"))
      #expect(swift.contains("@available(*, deprecated, message: \"use {space.md}\")"))
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "catalog-swift-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let tokensFile = folder.appendingPathComponent("DesignTokens.swift")
      try swift.write(to: tokensFile, atomically: true, encoding: .utf8)
      let use = folder.appendingPathComponent("Use.swift")
      try
        "import Foundation\nlet gap: CGFloat = DesignTokens.spaceMd + DesignTokens.baseSize4 * CGFloat(DesignTokens.ratio)\nlet r: Double = DesignTokens.ratio\n"
        .write(to: use, atomically: true, encoding: .utf8)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["swiftc", "-typecheck", tokensFile.path, use.path]
      let pipe = Pipe()
      process.standardError = pipe
      try process.run()
      process.waitUntilExit()
      let stderr = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      #expect(process.terminationStatus == 0, "swiftc -typecheck failed:\n\(stderr)\n\(swift)")
    }
  }
}

@Suite struct ResolverDocumentTests {
  static let text = """
    {"version": "2025.10", "name": "app",
     "sets": {"core": {"sources": [{"space": {"$type": "dimension", "sm": {"$value": {"value": 8, "unit": "px"}}, "md": {"$value": {"value": 16, "unit": "px"}}, "gap": {"$value": "{space.md}"}}}]}},
     "modifiers": {"density": {"default": "comfortable", "contexts": {
        "comfortable": [],
        "compact": [{"space": {"md": {"$type": "dimension", "$value": {"value": 12, "unit": "px"}}}}]}},
       "theme": {"contexts": {"light": [], "dark": []}}},
     "resolutionOrder": [{"$ref": "#/sets/core"}, {"$ref": "#/modifiers/density"}, {"$ref": "#/modifiers/theme"}]}
    """

  static func document() throws -> ResolverDocument {
    try ResolverDocument.parse(
      source: TokenSource.read(bytes: Array(text.utf8), file: "app.resolver.json"))
  }

  @Test func contextsMergeLastWinsAndAliasesResolveAfterMerging() throws {
    let d = try Self.document()
    let compact = try d.resolve(inputs: ["density": .string("compact"), "theme": .string("light")])
    let resolver = TokenResolver(
      tokens: Dictionary(uniqueKeysWithValues: compact.tokens.map { ($0.path, $0) }))
    let gap = try resolver.resolve("space.gap")
    #expect(gap.points == 12)
    #expect(gap.describedChain == ["{space.gap}", "{space.md} (density=compact)"])
    let comfortable = try d.resolve(inputs: ["THEME": .string("Dark")])
    #expect(comfortable.contexts == ["density": "comfortable", "theme": "dark"])
    let r2 = TokenResolver(
      tokens: Dictionary(uniqueKeysWithValues: comfortable.tokens.map { ($0.path, $0) }))
    #expect(try r2.resolve("space.gap").points == 16)
  }

  @Test(arguments: [
    (["theme": JSONValue.string("light"), "size": .string("big")], "unknown modifier 'size'"),
    (["theme": .string("sepia")], "'sepia' is not a context of 'theme'"),
    (["density": .string("compact")], "no input for the modifier 'theme', which has no default"),
    (["theme": .number(1)], "must be a string naming a context"),
  ])
  func invalidInputsAreRefused(_ inputs: [String: JSONValue], _ fragment: String) throws {
    let d = try Self.document()
    let error = try #require(throws: TokenFileError.self) { try d.resolve(inputs: inputs) }
    #expect(
      error.diagnostics.contains {
        $0.message.contains(fragment) && $0.message.contains("Resolver §")
      }, "\(error)")
  }

  @Test func permutationsAreTheProductOfContexts() throws {
    #expect(try Self.document().permutations().count == 4)
  }
}

@Suite struct DiffTests {
  @Test func addedRemovedChangedAndRenamed() throws {
    let a = try parse(
      #"{"$type": "dimension", "sm": {"$value": {"value": 8, "unit": "px"}}, "md": {"$value": {"value": 16, "unit": "px"}}, "xs": {"$value": {"value": 4, "unit": "px"}}}"#
    ).tokens
    let b = try parse(
      #"{"$type": "dimension", "sm": {"$value": {"value": 6, "unit": "px"}}, "medium": {"$value": {"value": 16, "unit": "px"}}, "lg": {"$value": {"value": 24, "unit": "px"}}}"#
    ).tokens
    let diff = TokenDiff.compare(a, b)
    #expect(diff.added == ["lg"])
    #expect(diff.removed == ["xs"])
    #expect(diff.changed.map(\.path) == ["sm"])
    #expect(diff.renamed.map { "\($0.old)>\($0.new)" } == ["md>medium"])
    #expect(TokenDiff.compare(a, a).isEmpty)
  }

  /// Review 19: when many tokens share a value, the guess paired unrelated paths (the first
  /// removed with whichever added came first). Now several of one value pair only by a path
  /// strictly more similar than the others; a group renamed whole still pairs each token.
  @Test func manyTokensOfOneValuePairOnlyBySimilarPaths() throws {
    func tokens(_ group: String, _ names: [String]) throws -> [DesignToken] {
      let members = names.map { #""\#($0)": {"$value": 0}"# }.joined(separator: ", ")
      return try parse(#"{"\#(group)": {"$type": "number", \#(members)}}"#).tokens
    }
    let unrelated = TokenDiff.compare(
      try tokens("legacy", (0..<200).map { "a\($0)" }),
      try tokens("opacity", (0..<200).map { "b\($0)" }))
    #expect(unrelated.renamed.isEmpty, "\(unrelated.renamed.prefix(3))")
    #expect(unrelated.removed.count == 200 && unrelated.added.count == 200)
    let group = TokenDiff.compare(
      try tokens("old", (0..<200).map { "k\($0)" }), try tokens("new", (0..<200).map { "k\($0)" }))
    #expect(group.renamed.count == 200)
    #expect(group.renamed.allSatisfy { $0.old.dropFirst(4) == $0.new.dropFirst(4) })
  }
}

@Suite struct JSON5AndYAMLTests {
  @Test func json5Syntax() throws {
    let text = """
      // comment
      { space: { $type: 'dimension', /* block */ sm: { $value: { value: .5, unit: 'rem', }, }, md: {"$value": {value: +0x10, unit: "px"}}, }, }
      """
    let source = try TokenSource.read(bytes: Array(text.utf8), file: "t.json5")
    let result = try TokenFileParser.parse(source: source, options: .init(strict: true))
    #expect(result.tokens.map { TokenValue.points($0.value, type: $0.type) } == [8, 16])
    #expect(source.location(of: "space") == "t.json5:2:10")
    #expect(source.location(of: "space.md") == "t.json5:2:94")
  }

  @Test(arguments: [
    ("{a: 1,, }", "t.json5:1:7"), ("{'a': NaN}", "t.json5:1:7"), ("{a: 'x\n'}", "t.json5:1:7"),
  ])
  func json5ErrorsHavePositions(_ text: String, _ location: String) throws {
    let error = try #require(throws: TokenFileError.self) {
      try TokenSource.read(bytes: Array(text.utf8), file: "t.json5")
    }
    #expect(error.diagnostics.first?.location == location)
  }

  @Test func yamlScalarsAndPositions() throws {
    let text =
      "space:\n  $type: dimension\n  sm:\n    $value: {value: 8, unit: px}\n  md:\n    $value: '{space.sm}'\n"
    let source = try YAMLReader.read(bytes: Array(text.utf8), file: "t.yml")
    let result = try TokenFileParser.parse(source: source, options: .init(strict: true))
    #expect(result.tokens.map(\.path) == ["space.sm", "space.md"])
    #expect(source.location(of: "space.md") == "t.yml:6:5")
    let bad = try #require(throws: TokenFileError.self) {
      try YAMLReader.read(bytes: Array("a: [1,\n".utf8), file: "b.yml")
    }
    #expect(bad.diagnostics.first?.location?.hasPrefix("b.yml:") == true)
  }
}
