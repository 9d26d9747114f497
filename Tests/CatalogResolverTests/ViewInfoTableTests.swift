import CatalogModel
import CatalogResolver
import CatalogTokens
import Testing

/// The compact per-node records give back exactly the infos the resolver recorded.
@Suite struct ViewInfoTableTests {
  /// Infos with every field set, stored and read back through the table.
  @Test func aTableGivesBackTheInfosItWasGiven() {
    var text = ViewInfo(
      kind: "Text", component: "Row", path: "body.children[0]", instances: ["List", "Row"],
      isModifier: false, lengths: [],
      descriptor: .text("Title", font: "headline", lineLimit: 2, foregroundColor: "accent"))
    text.opacity = 0.5
    text.clipShape = "Capsule"
    let padding = ViewInfo(
      kind: "padding", component: "Row", path: "body.modifiers[0]", instances: ["List", "Row"],
      isModifier: true,
      lengths: [
        ResolvedLength(
          property: "padding.all", points: 8, provenance: ["{space.sm}", "8px"],
          source: "Row body.modifiers[0].padding.length")
      ], descriptor: .padding(edges: .all, amount: 8))
    var repeated = text
    repeated.opacity = nil
    repeated.clipShape = nil
    let infos = [text, padding, repeated, repeated]
    let table = ViewInfoTable(infos)
    #expect(table.count == 4)
    #expect(Array(table) == infos)
  }

  /// Setting a node's info replaces only that node's.
  @Test func settingAnInfoChangesThatNodeOnly() {
    let first = ViewInfo(
      kind: "Divider", component: "A", path: "body", instances: ["A"], isModifier: false,
      lengths: [], descriptor: .divider)
    let second = ViewInfo(
      kind: "Color", component: "A", path: "body.children[1]", instances: ["A"],
      isModifier: false, lengths: [], descriptor: .color("red"))
    var table = ViewInfoTable([first, second])
    table[0].kind = "Link"
    table[0].destination = "https://example.com"
    #expect(table[0].kind == "Link")
    #expect(table[0].attributes["destination"] == "https://example.com")
    #expect(table[1] == second)
  }

  /// A resolved list: each row's info names its own path, chain and text, though the rows
  /// share one record of descriptor.
  @Test func resolvedRowsKeepTheirOwnInfo() throws {
    let row = try DefinitionParser.parse(
      #"{ "name": "Row", "parameters": { "title": { "type": "string" } }, "body": { "type": "Text", "text": "$title" } }"#,
      file: "Row.json")
    let list = try DefinitionParser.parse(
      #"{ "name": "List", "body": { "type": "VStack", "children": [ { "type": "Row", "arguments": { "title": "a" } }, { "type": "Row", "arguments": { "title": "a" } }, { "type": "Row", "arguments": { "title": "b" } } ] } }"#,
      file: "List.json")
    var resolver = Resolver(
      source: InMemoryComponentSource([row, list]), tokens: TokenResolver(tokens: [:]))
    let resolved = try resolver.resolve("List")
    let texts = resolved.infos.filter { $0.kind == "Text" }
    #expect(texts.map(\.component) == ["Row", "Row", "Row"])
    #expect(texts.map(\.instances) == [["List", "Row"], ["List", "Row"], ["List", "Row"]])
    #expect(texts.map { $0.attributes["text"] } == ["a", "a", "b"])
    #expect(texts.map(\.path) == ["body", "body", "body"])
    let stack = try #require(resolved.infos.first { $0.kind == "VStack" })
    #expect(stack.path == "body")
    #expect(stack.instances == ["List"])
  }
}
