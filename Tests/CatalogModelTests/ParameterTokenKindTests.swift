import Testing

@testable import CatalogModel

/// Issue 14, point 1 (review): a token given to a parameter — its default, a variant's
/// argument, an instance's argument — is a use of the kind the parameter gives a value to
/// (`ComponentDefinition.parameterTokenKinds`). Before, a string parameter's default
/// `{colors.x}` written into `"fill": "$tint"` was no use at all, and every `{…}` variant or
/// instance argument was a length, whatever its parameter.
@Suite struct ParameterTokenKindTests {
  static let tint = #"""
    {"name": "Tint", "parameters": {
       "tint": {"type": "string", "default": "{colors.x}"},
       "ink": {"type": "string", "default": "{colors.ink}"},
       "edge": {"type": "string", "default": "{colors.edge}"},
       "frame": {"type": "string", "default": "{colors.frame}"},
       "swatch": {"type": "string", "default": "{colors.swatch}"},
       "label": {"type": "string", "default": "{not.a.token}"},
       "gap": {"type": "length", "default": "{space.md}"},
       "count": {"type": "number", "default": 1}},
     "variants": {"blue": {"tint": "{colors.blue}", "gap": "{space.lg}", "label": "{x}"}},
     "body": {"type": "VStack", "spacing": "$gap", "children": [
       {"type": "Rectangle", "fill": "$tint", "strokeBorder": {"color": "$edge", "lineWidth": 1}},
       {"type": "Text", "text": "$label", "foregroundColor": "$ink",
        "modifiers": [{"border": {"color": "$frame", "width": 1}}]},
       {"type": "Color", "color": "$swatch"}]}}
    """#

  static func uses(_ d: ComponentDefinition, _ others: [ComponentDefinition] = []) -> [String] {
    var byName: [String: ComponentDefinition] = [:]
    for o in others { byName[o.name] = o }
    return d.tokenUses(components: { byName[$0] }).map {
      "\($0.path) \($0.property) \($0.token) \($0.kind.rawValue)"
    }
  }

  @Test("a string parameter written into a colour passes its token on as a colour")
  func kindsFromTheBody() throws {
    let d = try DefinitionParser.parse(Self.tint)
    let kinds = d.parameterTokenKinds(components: { _ in nil })
    #expect(
      kinds == [
        "tint": .color, "ink": .color, "edge": .color, "frame": .color, "swatch": .color,
        "gap": .length,
      ], "\(kinds)")
    let uses = Self.uses(d)
    // Each colour default and the colour variant argument; the text parameter's `{…}` is
    // text, not a use; the length default and variant argument stay lengths.
    for expected in [
      "parameters.tint.default default.tint colors.x color",
      "parameters.ink.default default.ink colors.ink color",
      "parameters.edge.default default.edge colors.edge color",
      "parameters.frame.default default.frame colors.frame color",
      "parameters.swatch.default default.swatch colors.swatch color",
      "parameters.gap.default default.gap space.md length",
      "variants.blue.tint variant.blue.tint colors.blue color",
      "variants.blue.gap variant.blue.gap space.lg length",
    ] {
      #expect(uses.contains(expected), "\(expected) in \(uses)")
    }
    #expect(!uses.contains { $0.contains("not.a.token") || $0.contains(" x ") }, "\(uses)")
  }

  @Test("an instance's argument takes the kind of the instanced component's parameter")
  func instanceArguments() throws {
    let tint = try DefinitionParser.parse(Self.tint)
    let card = try DefinitionParser.parse(
      #"""
      {"name": "Card", "parameters": {"accent": {"type": "string", "default": "{colors.accent}"}},
       "body": {"type": "VStack", "children": [
         {"type": "Tint", "arguments": {"tint": "{colors.blue}", "gap": "{space.sm}", "label": "{t}"}},
         {"type": "Tint", "arguments": {"tint": "$accent"}}]}}
      """#)
    let uses = Self.uses(card, [tint])
    #expect(
      uses == [
        // Passed on to Tint's colour parameter: a colour, through the chain of components.
        "parameters.accent.default default.accent colors.accent color",
        "body.children[0].arguments.tint argument.tint colors.blue color",
        "body.children[0].arguments.gap argument.gap space.sm length",
      ], "\(uses)")
    // With Tint unknown (missing or damaged), its argument names no use: its kind is Tint's
    // parameter's (review 23: read as a length, a colour blocked `tokens rename`). The paths a
    // definition names, kinds aside (`tokenUses`), still list it.
    #expect(!Self.uses(card).contains { $0.contains("arguments.tint") }, "\(Self.uses(card))")
    #expect(
      card.tokenUses.map { "\($0.path) \($0.token)" }.contains(
        "body.children[0].arguments.tint colors.blue"))
  }

  @Test("components passing a parameter to each other in a cycle end the search")
  func cycleOfPassing() throws {
    let a = try DefinitionParser.parse(
      #"{"name": "A", "parameters": {"c": {"type": "string", "default": "{k}"}}, "body": {"type": "B", "arguments": {"c": "$c"}}}"#
    )
    let b = try DefinitionParser.parse(
      #"{"name": "B", "parameters": {"c": {"type": "string"}}, "body": {"type": "A", "arguments": {"c": "$c"}}}"#
    )
    let byName = ["A": a, "B": b]
    #expect(a.parameterTokenKinds(components: { byName[$0] }).isEmpty)
  }
}
