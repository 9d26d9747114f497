import CatalogLayout
import CatalogLint
import CatalogModel
import CatalogResolver
import CatalogTokens
import Testing

@Suite struct ImpactAnalyzerTests {
  static func resolver(sm: Double) throws -> TokenResolver {
    let file =
      #"{"space":{"$type":"dimension","sm":{"$value":{"value":\#(sm),"unit":"px"}},"lg":{"$value":{"value":16,"unit":"px"}}}}"#
    var byPath: [String: DesignToken] = [:]
    for t in try TokenFileParser.parse(file, file: "t.json").tokens { byPath[t.path] = t }
    return TokenResolver(tokens: byPath)
  }

  @Test func listsTheViewsWhoseFramesChange() throws {
    let uses = try DefinitionParser.parse(
      #"{"name":"Uses","variants":{"v":{}},"body":{"type":"Color","color":"red","modifiers":[{"frame":{"width":10,"height":10}},{"padding":{"length":"{space.sm}"}}]}}"#
    )
    let other = try DefinitionParser.parse(
      #"{"name":"Other","body":{"type":"Color","color":"red","modifiers":[{"frame":{"width":10,"height":10}},{"padding":{"length":"{space.lg}"}}]}}"#
    )
    let entries = ImpactAnalyzer(definitions: [uses, other]).impact(
      from: try Self.resolver(sm: 8), to: try Self.resolver(sm: 20))
    #expect(entries.map(\.component) == ["Uses", "Uses"])
    #expect(entries.map(\.label) == ["defaults", "variant v"])
    let padding = try #require(entries.first?.changes.first)
    #expect(padding.label == "padding(8)", "named as the view is before the change")
    #expect(padding.old == Rect(x: 0, y: 0, width: 26, height: 26))
    #expect(padding.new == Rect(x: 0, y: 0, width: 50, height: 50))
    // The Color moves inside the padding.
    #expect(entries[0].changes.contains { $0.label == "Color(red)" && $0.new.minX == 20 })
  }

  @Test func noChangeMeansNoEntries() throws {
    let other = try DefinitionParser.parse(
      #"{"name":"Other","body":{"type":"Color","color":"red","modifiers":[{"padding":{"length":"{space.lg}"}}]}}"#
    )
    #expect(
      ImpactAnalyzer(definitions: [other]).impact(
        from: try Self.resolver(sm: 8), to: try Self.resolver(sm: 20)
      ).isEmpty)
  }
}
