import CatalogLayout
import CatalogLint
import CatalogModel
import CatalogResolver
import CatalogTokens
import Testing

/// Each rule has a case that triggers it and one that must not.
@Suite struct LinterTests {
  static let tokenFile = """
    {
      "base": { "$type": "dimension",
        "8": { "$value": { "value": 8, "unit": "px" } },
        "12": { "$value": { "value": 12, "unit": "px" } },
        "16": { "$value": { "value": 16, "unit": "px" } } },
      "space": { "$type": "dimension",
        "sm": { "$value": "{base.8}" },
        "md": { "$value": "{base.12}" },
        "old": { "$value": "{base.16}", "$deprecated": "Use {space.md} instead." },
        "unused": { "$value": "{base.16}" } },
      "brand": { "$type": "color", "$value": { "colorSpace": "srgb", "components": [0, 0, 1] } }
    }
    """

  static func tokens() throws -> TokenResolver {
    let parsed = try TokenFileParser.parse(tokenFile, file: "t.tokens.json")
    var byPath: [String: DesignToken] = [:]
    for t in parsed.tokens { byPath[t.path] = t }
    return TokenResolver(tokens: byPath)
  }

  static func definition(_ json: String) throws -> ComponentDefinition {
    try DefinitionParser.parse(json, file: "test.json")
  }

  static func lint(_ jsons: [String], enabling: Set<String> = []) throws -> [LintFinding] {
    let definitions = try jsons.map(definition)
    return Linter(definitions: definitions, tokens: try tokens()).lint(
      [definitions[0].name], enabling: enabling)
  }

  @Test func hardCodedLengthSuggestsTheTokenWithThatValue() throws {
    let findings = try Self.lint([
      #"{"name":"A","body":{"type":"Text","text":"x","modifiers":[{"padding":{"edges":["bottom"],"length":8}}]}}"#
    ])
    let f = try #require(findings.first { $0.rule == "hard-coded-length" })
    #expect(f.path == "body.modifiers[0].padding.length")
    #expect(f.message.contains("{space.sm}"))
    #expect(f.fix?.path == "body.modifiers[0].padding.length")
    #expect(f.fix?.value == "{space.sm}")
  }

  @Test func hardCodedLengthOffTheScaleNamesTheNearestTokens() throws {
    let findings = try Self.lint([
      #"{"name":"A","body":{"type":"VStack","spacing":10,"children":[]}}"#
    ])
    let f = try #require(findings.first { $0.rule == "hard-coded-length" })
    #expect(f.message.contains("{space.sm} (8)") && f.message.contains("{space.md} (12)"))
    #expect(f.fix == nil)
  }

  @Test(arguments: [
    (#"{"type":"RoundedRectangle","cornerRadius":12}"#, "body.cornerRadius"),
    (
      #"{"type":"Circle","strokeBorder":{"color":"red","lineWidth":8}}"#,
      "body.strokeBorder.lineWidth"
    ),
    (#"{"type":"Image","image":"a","size":[12,"{space.sm}"]}"#, "body.size[0]"),
    (#"{"type":"Grid","horizontalSpacing":12,"children":[]}"#, "body.horizontalSpacing"),
  ])
  func hardCodedShapeImageAndGridLengthsSuggestTokens(_ body: String, _ path: String) throws {
    let findings = try Self.lint([#"{"name":"A","body":\#(body)}"#])
    let f = try #require(findings.first { $0.rule == "hard-coded-length" })
    #expect(f.path == path)
    #expect(findings.filter { $0.rule == "hard-coded-length" }.count == 1)
  }

  @Test func zeroTokensAndPlatformDefaultAreNotHardCoded() throws {
    let findings = try Self.lint([
      #"{"name":"A","body":{"type":"VStack","spacing":0,"children":[{"type":"Text","text":"x","modifiers":[{"padding":{"length":"{space.sm}"}},{"padding":{}}]}]}}"#
    ])
    #expect(!findings.contains { $0.rule == "hard-coded-length" })
  }

  @Test func paddingOnAStackThatMayBeEmptyNamesTheArguments() throws {
    let findings = try Self.lint([
      #"{"name":"A","parameters":{"a":{"type":"string","optional":true},"unrelated":{"type":"boolean","default":false}},"body":{"type":"VStack","spacing":"{space.sm}","children":[{"type":"Text","text":"$a","when":"$a"},{"type":"Text","text":"x","when":"$unrelated && false"}],"modifiers":[{"padding":{"length":"{space.md}"}}]}}"#
    ])
    let f = try #require(findings.first { $0.rule == "padding-on-empty-stack" })
    #expect(f.path == "body.modifiers[0]")
    #expect(f.message.contains("a absent"))
    #expect(!f.message.contains("unrelated"))
  }

  @Test func aCollapsingStackOrConditionalPaddingIsFine() throws {
    let collapsing = try Self.lint([
      #"{"name":"A","parameters":{"a":{"type":"string","optional":true}},"body":{"type":"VStack","collapsesWhenEmpty":true,"spacing":"{space.sm}","children":[{"type":"Text","text":"$a","when":"$a"}],"modifiers":[{"padding":{"length":"{space.md}"}}]}}"#
    ])
    #expect(!collapsing.contains { $0.rule == "padding-on-empty-stack" })
    let conditional = try Self.lint([
      #"{"name":"A","parameters":{"a":{"type":"string","optional":true}},"body":{"type":"VStack","spacing":"{space.sm}","children":[{"type":"Text","text":"$a","when":"$a"}],"modifiers":[{"padding":{"length":"{space.md}"},"when":"$a"}]}}"#
    ])
    #expect(!conditional.contains { $0.rule == "padding-on-empty-stack" })
  }

  @Test func aWrapperStackWithAnOptionalSlotChildIsFound() throws {
    let wrapper = #"{"name":"W","body":{"type":"VStack","spacing":0,"children":[{"type":"Slot"}]}}"#
    let user =
      #"{"name":"U","parameters":{"a":{"type":"string","optional":true}},"body":{"type":"W","children":[{"type":"Text","text":"$a","when":"$a"}],"modifiers":[{"padding":{"length":"{space.md}"}}]}}"#
    let findings = try Self.lint([user, wrapper])
    #expect(findings.contains { $0.rule == "padding-on-empty-stack" && $0.component == "U" })
  }

  @Test func platformDefaultSpacingIsOptIn() throws {
    let json = #"{"name":"A","body":{"type":"VStack","children":[]}}"#
    #expect(!(try Self.lint([json])).contains { $0.rule == "platform-default-spacing" })
    #expect(
      try Self.lint([json], enabling: ["platform-default-spacing"]).contains {
        $0.rule == "platform-default-spacing" && $0.path == "body.spacing"
      })
  }

  @Test func deprecatedTokenNamesItsReplacement() throws {
    let findings = try Self.lint([
      #"{"name":"A","body":{"type":"VStack","spacing":"{space.old}","children":[]}}"#
    ])
    let f = try #require(findings.first { $0.rule == "deprecated-token" })
    #expect(f.message.contains("Use {space.md} instead."))
    #expect(f.fix?.value == "{space.md}")
    #expect(
      !(try Self.lint([
        #"{"name":"A","body":{"type":"VStack","spacing":"{space.md}","children":[]}}"#
      ])).contains { $0.rule == "deprecated-token" })
  }

  @Test func unresolvedTokenIsAnError() throws {
    let missing = try Self.lint([
      #"{"name":"A","body":{"type":"VStack","spacing":"{space.gone}","children":[]}}"#
    ])
    #expect(
      missing.contains {
        $0.rule == "unresolved-token" && $0.level == .error
          && $0.message.contains("unknown token {space.gone}")
      })
    let color = try Self.lint([
      #"{"name":"A","body":{"type":"VStack","spacing":"{brand}","children":[]}}"#
    ])
    #expect(color.contains { $0.rule == "unresolved-token" && $0.message.contains("color") })
  }

  @Test func unusedParameter() throws {
    let findings = try Self.lint([
      #"{"name":"A","parameters":{"used":{"type":"string","default":"x"},"idle":{"type":"string","default":"y"}},"body":{"type":"Text","text":"$used"}}"#
    ])
    #expect(findings.filter { $0.rule == "unused-parameter" }.map(\.path) == ["parameters.idle"])
  }

  @Test func aParameterUsedOnlyInAConditionCounts() throws {
    let findings = try Self.lint([
      #"{"name":"A","parameters":{"flag":{"type":"boolean","default":true}},"body":{"type":"Text","text":"x","when":"!$flag || $flag"}}"#
    ])
    #expect(!findings.contains { $0.rule == "unused-parameter" })
  }

  @Test func aVariantThatFailsToResolve() throws {
    let findings = try Self.lint([
      #"{"name":"A","parameters":{"gap":{"type":"length","default":"{space.sm}"}},"variants":{"ok":{"gap":8},"broken":{"gap":"{space.none}"}},"body":{"type":"VStack","spacing":"$gap","children":[]}}"#
    ])
    let failing = findings.filter { $0.rule == "variant-fails" }
    #expect(failing.map(\.path) == ["variants.broken"])
  }

  @Test func unusedTokensCountAliasesOfUsedTokens() throws {
    let definitions = [
      try Self.definition(
        #"{"name":"A","body":{"type":"VStack","spacing":"{space.sm}","children":[]}}"#)
    ]
    let findings = Linter(definitions: definitions, tokens: try Self.tokens()).lintTokens()
    let unused = Set(findings.map(\.path))
    #expect(!unused.contains("space.sm"))
    #expect(!unused.contains("base.8"))  // used through space.sm's alias
    #expect(unused.contains("space.unused"))
  }

  @Test func lintIgnoreSuppressesWithAReason() throws {
    let findings = try Self.lint([
      #"{"name":"A","lint":{"ignore":{"hard-coded-length":"Matches the system's 10 pt gap."}},"body":{"type":"VStack","spacing":10,"children":[]}}"#
    ])
    let f = try #require(findings.first { $0.rule == "hard-coded-length" })
    #expect(f.isIgnored)
    #expect(LintReport.text(findings).contains("No problems found."))
  }

  @Test func sarifHasRulesAndResults() throws {
    let findings = try Self.lint([
      #"{"name":"A","body":{"type":"VStack","spacing":10,"children":[]}}"#
    ])
    let sarif = try JSONParser.parse(LintReport.sarif(findings)).root
    #expect(JSONPath.value(at: "version", in: sarif) == .string("2.1.0"))
    #expect(
      JSONPath.value(at: "runs[0].results[0].ruleId", in: sarif) == .string("hard-coded-length"))
    #expect(
      JSONPath.value(
        at: "runs[0].results[0].locations[0].logicalLocations[0].fullyQualifiedName", in: sarif)
        == .string("A/body.spacing"))
  }
}
