import Testing

@testable import CatalogModel

/// `ComponentDefinition.tokenUses` lists every token a definition names, of every type
/// (issue 14, point 1): lengths as ``ComponentDefinition/lengthUses`` gives them, then the
/// border, shadow and colour references, each with its JSON path, property and kind.
@Suite struct TokenUseTests {
  @Test func everyKindOfReferenceIsAUse() throws {
    let d = try DefinitionParser.parse(
      #"""
      {"name": "Card", "body": {"type": "ZStack", "children": [
        {"type": "RoundedRectangle", "cornerRadius": "{radius.md}", "fill": "{color.bg}",
         "stroke": {"color": "{color.line}", "lineWidth": "{stroke.hair}"}, "shadow": "{shadow.card}"},
        {"type": "Circle", "strokeBorder": "{border.$root}"},
        {"type": "Text", "text": "a", "foregroundColor": "{color.fg}",
         "modifiers": [{"background": "{color.bg}"}, {"overlay": {"type": "Color", "color": "{color.tint}"}},
                       {"border": "{color.edge}"}, {"padding": "{space.sm}"}]},
        {"type": "Color", "color": "red"}]}}
      """#)
    let uses = d.tokenUses.map { "\($0.path) \($0.property) \($0.token) \($0.kind.rawValue)" }
    #expect(
      uses == [
        "body.children[0].cornerRadius cornerRadius radius.md length",
        "body.children[0].stroke.lineWidth lineWidth stroke.hair length",
        "body.children[2].modifiers[3].padding.length padding.all space.sm length",
        "body.children[0].fill fill color.bg color",
        "body.children[0].stroke.color stroke.color color.line color",
        "body.children[0].shadow shadow shadow.card shadow",
        "body.children[1].strokeBorder strokeBorder border.$root border",
        "body.children[2].foregroundColor foregroundColor color.fg color",
        "body.children[2].modifiers[2].border border.color color.edge color",
        "body.children[2].modifiers[0].background color color.bg color",
        "body.children[2].modifiers[1].overlay.color color color.tint color",
      ], "\(uses)")
    // The stored path of `{border.$root}` is the group's (DTCG Format §6.2).
    #expect(d.tokenUses.first { $0.kind == .border }?.storedToken == "border")
    // Lengths stay lengths: the colour, border and shadow references are not in lengthUses.
    #expect(d.lengthUses.allSatisfy { $0.property != "fill" && $0.property != "shadow" })
  }

  @Test func theTypeRuleOfEachKind() {
    #expect(TokenUseKind.length.accepts(type: "number", points: 2))
    #expect(!TokenUseKind.length.accepts(type: "shadow", points: nil))
    #expect(TokenUseKind.border.accepts(type: "border", points: nil))
    #expect(!TokenUseKind.border.accepts(type: "dimension", points: 1))
    #expect(TokenUseKind.shadow.accepts(type: "shadow", points: nil))
    #expect(TokenUseKind.color.accepts(type: "color", points: nil))
    #expect(!TokenUseKind.color.accepts(type: nil, points: nil))
  }
}
