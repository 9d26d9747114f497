@testable import CatalogStore

/// Inputs shared by the tests.
enum Fixtures {
  static let trackRowDefinition = #"""
    {"name": "TrackRow", "body": {"type": "VSStack", "children": [
      {"type": "Text", "text": "$title",
       "modifiers": [{"padding": {"edges": ["bottom"], "length": "{space.sm}"}}]},
      {"type": "Text", "text": "$artist", "when": "$artist",
       "modifiers": [{"padding": {"edges": ["bottom"], "length": 4}}]}]}}
    """#

  static let trackRow = ComponentInput(
    name: "TrackRow",
    description: "A track's title over its artist.",
    definition: trackRowDefinition,
    parameters: [
      ParameterRecord(name: "title", type: "string", defaultValue: #""Untitled""#),
      ParameterRecord(name: "artist", type: "string", isOptional: true),
    ],
    lengths: [
      .token(
        jsonPath: "body.children[0].modifiers[0].padding.length", property: "padding.bottom",
        path: "space.sm"),
      .literal(
        jsonPath: "body.children[1].modifiers[0].padding.length", property: "padding.bottom",
        points: 4),
      .platformDefault(jsonPath: "body.arguments.spacing", property: "spacing"),
    ],
    tokens: [
      TokenUseRecord(
        jsonPath: "body.children[0].modifiers[0].padding.length", property: "padding.bottom",
        tokenPath: "space.sm", kind: .length)
    ]
  ).adding(variant: "no-artist", arguments: #"{"title": "Intro"}"#).adding(instanceOf: "VSStack")

  static let vsStack = ComponentInput(
    name: "VSStack",
    description: "A VStack with zero spacing.",
    definition: #"{"name": "VSStack", "body": {"type": "VStack", "arguments": {"spacing": 0}}}"#,
    parameters: [ParameterRecord(name: "alignment", type: "alignment", defaultValue: #""center""#)],
    lengths: [.literal(jsonPath: "body.arguments.spacing", property: "spacing", points: 0)])

  static let card = ComponentInput(
    name: "Card",
    definition:
      #"{"name": "Card", "body": {"type": "TrackRow", "modifiers": [{"padding": {"length": "{space.md}"}}]}}"#,
    lengths: [
      .token(
        jsonPath: "body.modifiers[0].padding.length", property: "padding.top", path: "space.md"),
      .token(
        jsonPath: "body.modifiers[0].padding.length", property: "padding.bottom", path: "space.md"),
      .parameter(jsonPath: "body.modifiers[1].frame.width", property: "frame.width", name: "width"),
    ],
    tokens: [
      TokenUseRecord(
        jsonPath: "body.modifiers[0].padding.length", property: "padding.top",
        tokenPath: "space.md", kind: .length),
      TokenUseRecord(
        jsonPath: "body.modifiers[0].padding.length", property: "padding.bottom",
        tokenPath: "space.md", kind: .length),
    ]
  ).adding(instanceOf: "TrackRow")

  static let coreTokens = [
    TokenInput(
      path: "base.size.8", type: "dimension", value: #"{"value": 8, "unit": "px"}"#,
      resolvedValue: #"{"value": 8, "unit": "px"}"#, resolvedPoints: 8),
    TokenInput(
      path: "space.sm", type: "dimension", value: #""{base.size.8}""#,
      resolvedValue: #"{"value": 8, "unit": "px"}"#, resolvedPoints: 8, aliasOf: "base.size.8"),
    TokenInput(
      path: "space.md", type: "dimension", value: #"{"value": 1, "unit": "rem"}"#,
      resolvedValue: #"{"value": 1, "unit": "rem"}"#, resolvedPoints: 16,
      description: "Medium gap", deprecated: #""use space.lg""#,
      extensions: #"{"com.example": {"figma": "M"}}"#),
  ]
}

extension ComponentInput {
  /// This input with one more variant (fixtures are constants).
  func adding(variant name: String, arguments: String) -> Self {
    var copy = self
    copy.addVariant(named: name, arguments: arguments)
    return copy
  }
  /// This input with one more instance, at `body`.
  func adding(instanceOf component: String) -> Self {
    var copy = self
    copy.addInstance(at: "body", of: component)
    return copy
  }
}
