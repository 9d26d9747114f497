import CatalogModel
import Testing

@testable import CatalogService

/// `componentSummaries()` (what `catalog list` shows) reads the derived rows instead of
/// parsing definitions; it must say what parsing the definitions says.
@Suite("Component summaries")
struct ComponentSummaryTests {
  static let definitions = [
    #"{"name": "Plain", "body": {"type": "Spacer"}}"#,
    #"""
    {"name": "Badge", "description": "A label",
     "parameters": {
       "title": {"type": "string", "default": "New \"one\"\n"},
       "count": {"type": "number", "default": 0.25},
       "shown": {"type": "boolean", "optional": true},
       "tone": {"type": "string", "values": ["info", "warn"], "default": "info"}},
     "variants": {"Warn": {"tone": "warn"}, "Empty": {"count": 0}},
     "body": {"type": "Text", "text": "$title"}}
    """#,
    #"{"name": "Alpha", "parameters": {"gap": {"type": "number"}}, "body": {"type": "Spacer"}}"#,
  ]

  @Test("parameters and variants match the parsed definitions, in name order")
  func matchesDefinitions() throws {
    let catalog = try CatalogService(path: ":memory:", create: true)
    let parsed = try Self.definitions.map { try DefinitionParser.parse($0) }
    try catalog.apply(parsed.map { .saveComponent($0) })
    let summaries = try catalog.componentSummaries()
    #expect(summaries.map(\.name) == ["Alpha", "Badge", "Plain"])
    for summary in summaries {
      let definition = try #require(parsed.first { $0.name == summary.name })
      #expect(summary.parameters?.map(\.summary) == definition.parameters.map(\.summary))
      #expect(summary.parameters?.map(\.path) == definition.parameters.map(\.path))
      #expect(summary.variantNames == definition.variants.map(\.name))
      #expect(summary.description == definition.description)
      #expect(summary.revision == 1)
    }
    #expect(summaries[1].variantNames == ["Warn", "Empty"])
    #expect(summaries[1].parameters?.count == 4)
  }
}
