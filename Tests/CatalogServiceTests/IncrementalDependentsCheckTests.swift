import CatalogModel
import CatalogStore
import CatalogTokens
import Testing

@testable import CatalogService

/// The dependents check of ``CatalogService/apply(_:options:)`` looks only at what a change
/// reaches (issue 11; issue 12, point 3): the touched tokens, the tokens referring to them
/// through any chain, and the components using those. Observed through
/// ``CatalogService/lastDependentsCheck``, never through timing.
@Suite struct IncrementalDependentsCheckTests {
  /// `base` ← `step1` ← `step2` (math) ← `gap`: Card pads with `{space.gap}`, three
  /// references away from `space.base`; Badge pads with the unrelated `{other.inset}`.
  static let tokens = #"""
    {
      "space": {
        "$type": "dimension",
        "base": {"$value": {"value": 4, "unit": "px"}},
        "step1": {"$value": "{space.base}"},
        "step2": {"$value": "{space.step1} * 2"},
        "gap": {"$value": "{space.step2}"}
      },
      "other": {"$type": "dimension", "inset": {"$value": {"value": 6, "unit": "px"}}},
      "brand": {"$type": "color", "ink": {"$value": {"colorSpace": "srgb", "components": [0, 0, 0]}}}
    }
    """#
  static let card =
    #"{"name": "Card", "body": {"type": "Text", "text": "A", "modifiers": [{"padding": {"edges": "all", "length": "{space.gap}"}}]}}"#
  static let badge =
    #"{"name": "Badge", "body": {"type": "Text", "text": "B", "modifiers": [{"padding": {"edges": "all", "length": "{other.inset}"}}]}}"#
  static let shelf =
    #"{"name": "Shelf", "body": {"type": "VStack", "children": [{"type": "Card"}]}}"#

  static func catalog() throws -> CatalogService {
    let service = try CatalogService(path: ":memory:", create: true)
    let tokens = try TokenFileParser.parse(Self.tokens, file: "t.tokens.json").tokens
    try service.apply([
      .importTokens(tokens, set: "base", source: "t.tokens.json"),
      .saveComponent(try DefinitionParser.parse(Self.card, file: "Card.json")),
      .saveComponent(try DefinitionParser.parse(Self.badge, file: "Badge.json")),
      .saveComponent(try DefinitionParser.parse(Self.shelf, file: "Shelf.json")),
    ])
    return service
  }

  @Test("a change that breaks a component three references away is refused")
  func breakingChangeFarAwayIsRefused() throws {
    let service = try Self.catalog()
    // space.base becomes a colour: space.step2's math fails, so Card's padding breaks.
    let change = CatalogChange.setToken(
      path: "space.base", value: .string("{brand.ink}"), type: "color", set: "base")
    #expect(throws: CatalogError.self) { try service.apply([change]) }
    let check = service.lastDependentsCheck
    #expect(check.tokens == ["space.base", "space.step1", "space.step2", "space.gap"])
    #expect(check.components.contains("Card"))
    #expect(!check.components.contains("Badge"))
    // Nothing was saved.
    #expect(try service.tokens(inSet: "base").first { $0.path == "space.base" }?.aliasOf == nil)
  }

  @Test("a change of one token re-resolves its dependents only, and stores their new values")
  func unrelatedTokensAndComponentsAreNotRechecked() throws {
    let service = try Self.catalog()
    let result = try service.apply([
      .setToken(path: "space.base", value: .number(5), type: nil, set: nil)
    ])
    #expect(result.saved)
    let check = service.lastDependentsCheck
    #expect(check.tokens == ["space.base", "space.step1", "space.step2", "space.gap"])
    #expect(check.components == ["Card"])
    #expect(!check.tokens.contains("other.inset"))
    // The dependents' stored resolved values follow (doctor's invariant).
    let gap = try service.tokens(inSet: "base").first { $0.path == "space.gap" }
    #expect(gap?.resolvedPoints == 10)
    var report = CatalogCheckReport()
    #expect(try service.invariantProblems(&report).isEmpty)
  }

  @Test("adding a component checks it and the components instancing it, not the others")
  func addingAComponentChecksItsDependentsOnly() throws {
    let service = try Self.catalog()
    let edited = Self.card.replacingOccurrences(of: #""text": "A""#, with: #""text": "C""#)
    try service.apply([.saveComponent(try DefinitionParser.parse(edited, file: "Card.json"))])
    let check = service.lastDependentsCheck
    #expect(check.tokens.isEmpty)
    #expect(check.components == ["Card", "Shelf"])
  }

  @Test("an import re-checks the components using its tokens, even through other sets' aliases")
  func importReachesAliasesInOtherSets() throws {
    let service = try Self.catalog()
    // A second set on top redefines space.base as a string: Card breaks three steps away.
    let bad = try TokenFileParser.parse(
      #"{"space": {"base": {"$type": "number", "$value": 100000000}}}"#, file: "b.tokens.json"
    ).tokens
    #expect(throws: CatalogError.self) {
      try service.apply([.importTokens(bad, set: "top", source: "b.tokens.json")])
    }
    #expect(service.lastDependentsCheck.components == ["Card"])
    #expect(try service.tokenSets().map(\.name) == ["base"])
  }
}
