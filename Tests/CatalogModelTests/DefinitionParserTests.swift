import CatalogModel
import Foundation
import Testing

/// The package's top folder, found from this file.
let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func exampleComponent(_ name: String) throws -> String {
  try String(
    contentsOf: packageRoot.appendingPathComponent("examples/components/\(name).json"),
    encoding: .utf8)
}

/// One invalid definition and the error it must give.
struct InvalidDefinition: CustomTestStringConvertible, Sendable {
  var name: String
  var json: String
  var component: String?
  var path: String
  var message: String
  var location: String?

  var testDescription: String { name }
}

@Suite struct DefinitionParserErrorTests {
  static func component(body: String, parameters: String = "{}") -> String {
    #"{"name": "Card", "parameters": \#(parameters), "body": \#(body)}"#
  }

  static let cases: [InvalidDefinition] = [
    InvalidDefinition(
      name: "rounded rectangle without radius",
      json: component(body: #"{"type": "RoundedRectangle"}"#), component: "Card",
      path: "body",
      message:
        "a RoundedRectangle needs \"cornerRadius\": points, a token like \"{radius.md}\" or \"$parameter\""
    ),
    InvalidDefinition(
      name: "asset image without size",
      json: component(body: #"{"type": "Image", "image": "avatar"}"#), component: "Card",
      path: "body",
      message:
        "an asset Image needs its intrinsic \"size\": [width, height] in points (the catalog has no image files to measure)"
    ),
    InvalidDefinition(
      name: "unknown button style",
      json: component(body: #"{"type": "Button", "title": "Go", "buttonStyle": "fancy"}"#),
      component: "Card",
      path: "body.buttonStyle",
      message: "one of automatic, plain, borderless, bordered, borderedProminent; got \"fancy\""),
    InvalidDefinition(
      name: "bad content mode",
      json: component(
        body:
          #"{"type": "Color", "color": "red", "modifiers": [{"aspectRatio": {"contentMode": "stretch"}}]}"#
      ), component: "Card",
      path: "body.modifiers[0].aspectRatio.contentMode",
      message: "\"fit\" or \"fill\"; got \"stretch\""),
    InvalidDefinition(
      name: "unknown view type", json: component(body: #"{"type": "V-Stack"}"#), component: "Card",
      path: "body.type",
      message:
        "unknown view type 'V-Stack'; expected a built-in view (VStack, HStack, ZStack, Text, Spacer, Divider, Color, EmptyView, Group, ForEach, Slot, Rectangle, RoundedRectangle, Capsule, Circle, Ellipse, Image, Label, Button, Toggle, Link, Grid, GridRow, LazyVStack, LazyHStack, ScrollView, ViewThatFits, GeometryReader) or a component name; did you mean 'VStack'?"
    ),
    InvalidDefinition(
      name: "view without a type",
      json: component(body: #"{"type": "VStack", "children": [{"text": "a"}]}"#), component: "Card",
      path: "body.children[0]",
      message:
        "missing \"type\": a built-in view (VStack, HStack, ZStack, Text, Spacer, Divider, Color, EmptyView, Group, ForEach, Slot, Rectangle, RoundedRectangle, Capsule, Circle, Ellipse, Image, Label, Button, Toggle, Link, Grid, GridRow, LazyVStack, LazyHStack, ScrollView, ViewThatFits, GeometryReader) or a component name"
    ),
    InvalidDefinition(
      name: "unknown modifier",
      json: component(
        body: #"{"type": "Text", "text": "a", "modifiers": [{"padding": 4}, {"shadow": 2}]}"#),
      component: "Card", path: "body.modifiers[1].shadow",
      message:
        "unknown modifier 'shadow'; expected one of padding, frame, fixedSize, layoutPriority, background, overlay, offset, opacity, hidden, border, aspectRatio, scaledToFit, scaledToFill, clipped, clipShape, gridCellColumns, gridColumnAlignment, gridCellUnsizedAxes"
    ),
    InvalidDefinition(
      name: "modifier with two members",
      json: component(
        body:
          #"{"type": "Text", "text": "a", "modifiers": [{"padding": 4, "frame": {"width": 1}}]}"#),
      component: "Card", path: "body.modifiers[0]",
      message:
        "a modifier is an object with exactly one modifier member (and an optional \"when\"), like {\"padding\": {\"edges\": [\"bottom\"], \"length\": 8}}"
    ),
    InvalidDefinition(
      name: "bad length",
      json: component(
        body: #"{"type": "Text", "text": "a", "modifiers": [{"padding": {"length": "8px"}}]}"#),
      component: "Card", path: "body.modifiers[0].padding.length",
      message:
        "expected a number of points, a token alias like \"{space.md}\", a parameter like \"$gap\" or null; got the string \"8px\""
    ),
    InvalidDefinition(
      name: "bad token alias in a length",
      json: component(body: #"{"type": "VStack", "spacing": "{space..md}"}"#),
      component: "Card", path: "body.spacing",
      message: "expected a token alias like {space.md}; '{space..md}' is not a valid token path"),
    InvalidDefinition(
      name: "boolean length", json: component(body: #"{"type": "Spacer", "minLength": true}"#),
      component: "Card", path: "body.minLength",
      message:
        "expected a number of points, a token alias like \"{space.md}\", a parameter like \"$gap\" or null; got boolean"
    ),
    InvalidDefinition(
      name: "unknown edge",
      json: component(
        body:
          #"{"type": "Text", "text": "a", "modifiers": [{"padding": {"edges": ["bottom", "left"], "length": 4}}]}"#
      ),
      component: "Card", path: "body.modifiers[0].padding.edges[1]",
      message:
        "unknown edge \"left\"; expected one of all, horizontal, vertical, top, leading, bottom, trailing"
    ),
    InvalidDefinition(
      name: "unknown parameter in text, none declared",
      json: component(body: #"{"type": "Text", "text": "$foo"}"#),
      component: "Card", path: "body.text",
      message: "unknown parameter $foo; the component declares no parameters"),
    InvalidDefinition(
      name: "unknown parameter in text, some declared",
      json: component(
        body:
          #"{"type": "VStack", "children": [{"type": "Text", "text": "$title"}, {"type": "Text", "text": "$foo"}]}"#,
        parameters:
          #"{"title": {"type": "string"}, "artist": {"type": "string", "optional": true}}"#),
      component: "Card", path: "body.children[1].text",
      message: "unknown parameter $foo; declared parameters: $artist, $title"),
    InvalidDefinition(
      name: "unknown parameter in when",
      json: component(body: #"{"type": "Text", "text": "a", "when": "$shown"}"#),
      component: "Card", path: "body.when",
      message: "unknown parameter $shown; the component declares no parameters"),
    InvalidDefinition(
      name: "malformed when: single =",
      json: component(
        body: #"{"type": "Text", "text": "a", "when": "$a = 'x'"}"#,
        parameters: #"{"a": {"type": "string"}}"#),
      component: "Card", path: "body.when",
      message:
        "malformed condition \"$a = 'x'\" at column 4: '=' is not an operator; use '==' to compare"),
    InvalidDefinition(
      name: "malformed when: unclosed parenthesis",
      json: component(
        body: #"{"type": "Text", "text": "a", "when": "($a && $b"}"#,
        parameters: #"{"a": {"type": "boolean"}, "b": {"type": "boolean"}}"#),
      component: "Card", path: "body.when",
      message: "malformed condition \"($a && $b\" at column 10: expected ')'"),
    InvalidDefinition(
      name: "malformed when: bare word",
      json: component(
        body: #"{"type": "Text", "text": "a", "when": "$a == dense"}"#,
        parameters: #"{"a": {"type": "string"}}"#),
      component: "Card", path: "body.when",
      message:
        "malformed condition \"$a == dense\" at column 7: unknown word 'dense'; parameters start with '$' and strings are quoted"
    ),
    InvalidDefinition(
      name: "when that is not a string",
      json: component(body: #"{"type": "Text", "text": "a", "when": true}"#),
      component: "Card", path: "body.when",
      message: "a condition string like \"$artist\"; got boolean"),
    InvalidDefinition(
      name: "frame min > max",
      json: component(
        body:
          #"{"type": "Color", "color": "red", "modifiers": [{"frame": {"minWidth": 100, "maxWidth": 50}}]}"#
      ),
      component: "Card", path: "body.modifiers[0].frame.maxWidth",
      message: "maxWidth (50) is less than minWidth (100); SwiftUI requires min ≤ ideal ≤ max"),
    InvalidDefinition(
      name: "frame ideal > max height",
      json: component(
        body:
          #"{"type": "Color", "color": "red", "modifiers": [{"frame": {"idealHeight": 30, "maxHeight": 20}}]}"#
      ),
      component: "Card", path: "body.modifiers[0].frame.maxHeight",
      message: "maxHeight (20) is less than idealHeight (30); SwiftUI requires min ≤ ideal ≤ max"),
    InvalidDefinition(
      name: "fixed and flexible frame together",
      json: component(
        body:
          #"{"type": "Color", "color": "red", "modifiers": [{"frame": {"width": 10, "maxWidth": 50}}]}"#
      ),
      component: "Card", path: "body.modifiers[0].frame",
      message:
        "SwiftUI's frame is either fixed (width, height) or flexible (min…, ideal…, max…), not both in one modifier; chain two frames"
    ),
    InvalidDefinition(
      name: "negative frame width",
      json: component(
        body: #"{"type": "Color", "color": "red", "modifiers": [{"frame": {"width": -1}}]}"#),
      component: "Card", path: "body.modifiers[0].frame.width",
      message: "a frame length cannot be negative; got -1"),
    InvalidDefinition(
      name: "infinity outside a maximum",
      json: component(
        body: #"{"type": "Color", "color": "red", "modifiers": [{"frame": {"width": "infinity"}}]}"#
      ),
      component: "Card", path: "body.modifiers[0].frame.width",
      message:
        "expected a number of points, a token alias like \"{space.md}\", a parameter like \"$gap\" or null; got the string \"infinity\""
    ),
    InvalidDefinition(
      name: "missing body", json: #"{"name": "Card"}"#, component: "Card", path: "",
      message:
        "component 'Card' has no body: add \"body\", its root view, such as {\"type\": \"VStack\", \"children\": []}"
    ),
    InvalidDefinition(
      name: "missing name", json: #"{"body": {"type": "EmptyView"}}"#, component: nil, path: "",
      message: "missing \"name\": a component needs a name"),
    InvalidDefinition(
      name: "bad component name", json: #"{"name": "Track Row", "body": {"type": "EmptyView"}}"#,
      component: nil, path: "name",
      message:
        "a component name must be an identifier (ASCII letters, digits and _, not starting with a digit, at most 128 characters); got \"Track Row\""
    ),
    InvalidDefinition(
      name: "component name with a non-ASCII letter (review 17: the message said 'letters')",
      json: #"{"name": "Café", "body": {"type": "EmptyView"}}"#, component: nil, path: "name",
      message:
        "a component name must be an identifier (ASCII letters, digits and _, not starting with a digit, at most 128 characters); got \"Café\""
    ),
    InvalidDefinition(
      name: "component name starting with a digit",
      json: #"{"name": "1Row", "body": {"type": "EmptyView"}}"#, component: nil, path: "name",
      message:
        "a component name must be an identifier (ASCII letters, digits and _, not starting with a digit, at most 128 characters); got \"1Row\""
    ),
    InvalidDefinition(
      name: "component named like a built-in view",
      json: #"{"name": "VStack", "body": {"type": "EmptyView"}}"#, component: nil,
      path: "name", message: "'VStack' is a built-in view; choose another name"),
    InvalidDefinition(
      name: "unknown property on a view",
      json: component(body: #"{"type": "Text", "text": "a", "spacing": 4}"#), component: "Card",
      path: "body.spacing",
      message:
        "unknown property 'spacing' on Text; expected one of type, when, modifiers, text, font, foregroundColor, lineLimit"
    ),
    InvalidDefinition(
      name: "Text without text", json: component(body: #"{"type": "Text"}"#), component: "Card",
      path: "body", message: "a Text needs \"text\": a string or \"$parameter\""),
    InvalidDefinition(
      name: "VStack alignment from HStack",
      json: component(body: #"{"type": "VStack", "alignment": "top"}"#), component: "Card",
      path: "body.alignment",
      message: "unknown VStack alignment 'top'; expected one of leading, center, trailing"),
    InvalidDefinition(
      name: "unknown font",
      json: component(body: #"{"type": "Text", "text": "a", "font": "huge"}"#), component: "Card",
      path: "body.font",
      message:
        "unknown text style 'huge'; expected one of largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption, caption2"
    ),
    InvalidDefinition(
      name: "bad parameter default",
      json: component(
        body: #"{"type": "EmptyView"}"#,
        parameters: #"{"gap": {"type": "length", "default": "8px"}}"#),
      component: "Card", path: "parameters.gap.default",
      message:
        "the default of a length parameter must be a number of points, a token alias like \"{space.md}\", a parameter like \"$gap\" or null; got the string \"8px\""
    ),
    InvalidDefinition(
      name: "variant naming an unknown parameter",
      json:
        #"{"name": "Card", "parameters": {"title": {"type": "string"}}, "variants": {"v": {"titel": "x"}}, "body": {"type": "Text", "text": "$title"}}"#,
      component: "Card", path: "variants.v.titel",
      message: "unknown parameter 'titel'; declared parameters: $title; did you mean '$title'?"),
    InvalidDefinition(
      name: "variant with a wrong type",
      json:
        #"{"name": "Card", "parameters": {"compact": {"type": "boolean"}}, "variants": {"v": {"compact": "yes"}}, "body": {"type": "EmptyView", "when": "$compact"}}"#,
      component: "Card", path: "variants.v.compact",
      message: "parameter 'compact' is a boolean: expected a boolean; got string"),
    InvalidDefinition(
      name: "not an object", json: "[1]", component: nil, path: "",
      message: "a component definition must be a JSON object; got array"),
    InvalidDefinition(
      name: "malformed JSON", json: "{\"name\": \"Card\",\n \"body\": {,}}", component: nil,
      path: "",
      message: "unexpected ','; expected a member name in double quotes", location: "Card.json:2:11"
    ),
  ]

  @Test(arguments: cases)
  func invalidDefinitionIsRefused(_ input: InvalidDefinition) throws {
    let error = try #require(throws: DefinitionError.self) {
      try DefinitionParser.parse(input.json, file: "Card.json")
    }
    #expect(error.component == input.component)
    #expect(error.path == input.path)
    #expect(error.message == input.message)
    if let location = input.location {
      #expect(error.location == location)
    }
  }

  @Test func errorsCarryTheFileLineAndColumnOfTheOffendingValue() throws {
    let text = """
      {
        "name": "Card",
        "body": {
          "type": "VStack",
          "children": [
            { "type": "Text", "text": "a",
              "modifiers": [ { "padding": { "length": "8px" } } ] }
          ]
        }
      }
      """
    let error = try #require(throws: DefinitionError.self) {
      try DefinitionParser.parse(text, file: "Card.json")
    }
    #expect(error.location == "Card.json:7:49")
    #expect(error.path == "body.children[0].modifiers[0].padding.length")
    #expect(
      error.description
        == "Card.json:7:49: Card: body.children[0].modifiers[0].padding.length: expected a number of points, a token alias like \"{space.md}\", a parameter like \"$gap\" or null; got the string \"8px\""
    )
  }

  @Test func paddingShorthandPointsAtTheValue() throws {
    let text =
      "{\"name\": \"Card\", \"body\": {\"type\": \"Text\", \"text\": \"a\",\n \"modifiers\": [{\"padding\": \"8px\"}]}}"
    let error = try #require(throws: DefinitionError.self) {
      try DefinitionParser.parse(text, file: "Card.json")
    }
    #expect(error.path == "body.modifiers[0].padding.length")
    #expect(error.location == "Card.json:2:28")
  }

  @Test func withoutADocumentThereIsNoLocation() throws {
    let json = try JSONParser.parse(#"{"name": "Card", "body": {"type": "Text", "text": "$x"}}"#)
      .root
    let error = try #require(throws: DefinitionError.self) {
      try DefinitionParser.parse(json: json)
    }
    #expect(error.location == nil)
    #expect(
      error.description
        == "Card: body.text: unknown parameter $x; the component declares no parameters")
  }

  @Test func tooManyViewsIsAnError() throws {
    let children = Array(
      repeating: #"{"type":"EmptyView"}"#, count: DefinitionParser.maximumViewCount
    ).joined(separator: ",")
    let text = #"{"name": "Big", "body": {"type": "VStack", "children": [\#(children)]}}"#
    let error = try #require(throws: DefinitionError.self) { try DefinitionParser.parse(text) }
    #expect(error.message == "the definition has more than 100000 views")
    #expect(error.path == "body.children[99999]")
  }
}

/// A valid definition of one built-in view and what the parser must read from it.
struct BuiltinCase: CustomTestStringConvertible, Sendable {
  var view: BuiltinView
  var body: String
  var parameters: String = "{}"
  var testDescription: String { view.rawValue }
}

@Suite struct DefinitionParserValidTests {
  static let cases: [BuiltinCase] = [
    BuiltinCase(
      view: .VStack,
      body:
        #"{"type": "VStack", "alignment": "leading", "spacing": "{space.sm}", "collapsesWhenEmpty": true, "children": [{"type": "Text", "text": "a"}]}"#
    ),
    BuiltinCase(
      view: .HStack,
      body:
        #"{"type": "HStack", "alignment": "firstTextBaseline", "spacing": null, "children": []}"#),
    BuiltinCase(
      view: .ZStack,
      body:
        #"{"type": "ZStack", "alignment": "bottomTrailing", "children": [{"type": "Color", "color": "red"}]}"#
    ),
    BuiltinCase(
      view: .Text,
      body:
        #"{"type": "Text", "text": "$title", "font": "headline", "foregroundColor": "secondary", "lineLimit": 2}"#,
      parameters: #"{"title": {"type": "string", "default": "Hi"}}"#),
    BuiltinCase(
      view: .Spacer, body: #"{"type": "Spacer", "minLength": "$gap"}"#,
      parameters: #"{"gap": {"type": "length", "default": 4}}"#),
    BuiltinCase(view: .Divider, body: #"{"type": "Divider"}"#),
    BuiltinCase(
      view: .Color,
      body:
        ##"{"type": "Color", "color": "#FF0000", "modifiers": [{"frame": {"width": 44, "height": 44, "alignment": "top"}}]}"##
    ),
    BuiltinCase(view: .EmptyView, body: #"{"type": "EmptyView"}"#),
    BuiltinCase(
      view: .Group,
      body:
        #"{"type": "Group", "children": [{"type": "Text", "text": "a"}, {"type": "Text", "text": "b"}], "modifiers": [{"padding": 4}]}"#
    ),
    BuiltinCase(
      view: .ForEach,
      body:
        #"{"type": "ForEach", "in": "$items", "as": "name", "children": [{"type": "Text", "text": "$name"}, {"type": "Text", "text": "$index"}]}"#,
      parameters: #"{"items": {"type": "list", "default": ["a"]}}"#),
    BuiltinCase(view: .Slot, body: #"{"type": "Slot", "name": "header"}"#),
    BuiltinCase(
      view: .Rectangle,
      body: #"{"type": "Rectangle", "fill": "red", "modifiers": [{"clipped": true}]}"#),
    BuiltinCase(
      view: .RoundedRectangle,
      body:
        #"{"type": "RoundedRectangle", "cornerRadius": "{radius.md}", "strokeBorder": {"color": "gray", "lineWidth": 1}}"#
    ),
    BuiltinCase(
      view: .Capsule,
      body:
        #"{"type": "Capsule", "stroke": "accent", "modifiers": [{"aspectRatio": {"ratio": [3, 1], "contentMode": "fit"}}]}"#
    ),
    BuiltinCase(
      view: .Circle,
      body: #"{"type": "Circle", "fill": "$tint", "modifiers": [{"scaledToFit": true}]}"#,
      parameters: #"{"tint": {"type": "string", "default": "blue"}}"#),
    BuiltinCase(view: .Ellipse, body: #"{"type": "Ellipse", "strokeBorder": "{border.card}"}"#),
    BuiltinCase(
      view: .Image,
      body:
        #"{"type": "Image", "image": "avatar", "size": [40, "{icon.avatar}"], "resizable": true, "modifiers": [{"scaledToFill": true}, {"clipShape": "Circle"}]}"#
    ),
    BuiltinCase(
      view: .Label,
      body: #"{"type": "Label", "title": "$title", "systemImage": "wifi", "font": "subheadline"}"#,
      parameters: #"{"title": {"type": "string", "default": "Wi-Fi"}}"#),
    BuiltinCase(
      view: .Button,
      body: #"{"type": "Button", "title": "Save", "buttonStyle": "borderedProminent"}"#),
    BuiltinCase(
      view: .Toggle, body: #"{"type": "Toggle", "title": "Wi-Fi", "isOn": "$on"}"#,
      parameters: #"{"on": {"type": "boolean", "default": true}}"#),
    BuiltinCase(
      view: .Link, body: #"{"type": "Link", "title": "Help", "destination": "https://example.com"}"#
    ),
    BuiltinCase(
      view: .Grid,
      body:
        #"{"type": "Grid", "alignment": "leading", "horizontalSpacing": 4, "verticalSpacing": "{space.sm}", "children": [{"type": "GridRow", "children": [{"type": "Text", "text": "a", "modifiers": [{"gridCellColumns": 2}, {"gridColumnAlignment": "trailing"}]}]}, {"type": "Divider", "modifiers": [{"gridCellUnsizedAxes": "horizontal"}]}]}"#
    ),
    BuiltinCase(
      view: .GridRow,
      body: #"{"type": "GridRow", "alignment": "firstTextBaseline", "children": []}"#),
    BuiltinCase(
      view: .LazyVStack,
      body: #"{"type": "LazyVStack", "alignment": "leading", "spacing": 4, "children": []}"#),
    BuiltinCase(
      view: .LazyHStack, body: #"{"type": "LazyHStack", "alignment": "top", "children": []}"#),
    BuiltinCase(
      view: .ScrollView,
      body:
        #"{"type": "ScrollView", "axes": "horizontal", "children": [{"type": "Text", "text": "a"}]}"#
    ),
    BuiltinCase(
      view: .ViewThatFits,
      body:
        #"{"type": "ViewThatFits", "in": "horizontal", "children": [{"type": "Text", "text": "long"}, {"type": "Text", "text": "s"}]}"#
    ),
    BuiltinCase(
      view: .GeometryReader,
      body: #"{"type": "GeometryReader", "children": [{"type": "Color", "color": "red"}]}"#),
  ]

  @Test func everyBuiltinViewHasACase() {
    #expect(Set(Self.cases.map(\.view)) == Set(BuiltinView.allCases))
  }

  @Test(arguments: cases)
  func validDefinitionOfABuiltinView(_ input: BuiltinCase) throws {
    let text = #"{"name": "Sample", "parameters": \#(input.parameters), "body": \#(input.body)}"#
    let definition = try DefinitionParser.parse(text, file: "Sample.json")
    #expect(definition.name == "Sample")
    #expect(definition.body.builtin == input.view)
    #expect(definition.body.type == input.view.rawValue)
    #expect(definition.body.path == "body")
    #expect(definition.json == (try JSONParser.parse(text).root))
  }

  @Test func propertiesAreReadIntoTheModel() throws {
    let text = """
      {"name": "Sample", "description": "d",
       "parameters": {"title": {"type": "string", "default": "Hi"}, "gap": {"type": "length", "optional": true},
                      "style": {"type": "string", "values": ["plain", "dense"], "default": "plain"}},
       "variants": {"dense": {"style": "dense", "gap": null}},
       "body": {"type": "VStack", "alignment": "leading", "spacing": "$gap", "children": [
         {"type": "Text", "text": "$title", "font": "headline", "when": "$style == 'dense'",
          "modifiers": [{"padding": {"edges": ["bottom", "leading"], "length": "{space.sm}"}}, {"layoutPriority": 1}, {"fixedSize": {"horizontal": true}}]},
         {"type": "Spacer"},
         {"type": "Text", "text": "$$literal"},
         {"type": "Color", "color": "red", "modifiers": [{"frame": {"maxWidth": "infinity", "minHeight": 2}}, {"padding": null}]}
       ]}}
      """
    let d = try DefinitionParser.parse(text)
    #expect(d.description == "d")
    #expect(d.parameters.map(\.name) == ["title", "gap", "style"])
    #expect(
      d.parameters.map(\.summary) == [
        "title: string = \"Hi\"", "gap: length?", "style: string = \"plain\"",
      ])
    #expect(d.parameter(named: "style")?.allowedValues == ["plain", "dense"])
    #expect(d.parameter(named: "title")?.isRequired == false)
    #expect(d.variants.map(\.name) == ["dense"])
    #expect(d.body.spacing == .parameter("gap"))
    #expect(d.body.alignment == .literal(.string("leading")))
    let text0 = d.body.children[0]
    #expect(text0.text == .parameter("title"))
    #expect(text0.when == .equal(.parameter("style"), .literal(.string("dense"))))
    #expect(
      text0.modifiers.map(\.modifier) == [
        .padding(edges: [.bottom, .leading], length: .token("space.sm")), .layoutPriority(1),
        .fixedSize(horizontal: true, vertical: false),
      ])
    #expect(
      text0.modifiers.map(\.path) == [
        "body.children[0].modifiers[0]", "body.children[0].modifiers[1]",
        "body.children[0].modifiers[2]",
      ])
    #expect(d.body.children[1].minLength == .platformDefault)
    #expect(d.body.children[2].text == .literal(.string("$literal")))
    var frame = FrameDefinition()
    frame.maxWidth = .infinity
    frame.minHeight = .points(2)
    #expect(
      d.body.children[3].modifiers.map(\.modifier) == [
        .frame(frame), .padding(edges: .all, length: .platformDefault),
      ])
  }

  @Test func flexibleFrameWithAMinimumAndAnInfiniteMaximum() throws {
    // SwiftUI's everyday `.frame(minWidth: 0, maxWidth: .infinity)`. Regression: the min ≤ max
    // check once read maxWidth again without allowing "infinity" and refused the definition.
    let d = try DefinitionParser.parse(
      #"{"name": "Wide", "body": {"type": "Color", "color": "red", "modifiers": [{"frame": {"minWidth": 0, "maxWidth": "infinity", "idealHeight": 4, "maxHeight": "infinity"}}]}}"#
    )
    var frame = FrameDefinition()
    frame.minWidth = .points(0)
    frame.maxWidth = .infinity
    frame.idealHeight = .points(4)
    frame.maxHeight = .infinity
    #expect(d.body.modifiers.map(\.modifier) == [.frame(frame)])
  }

  @Test func unknownTypeThatIsAnIdentifierIsAnInstance() throws {
    let d = try DefinitionParser.parse(
      #"{"name": "Card", "body": {"type": "VStack", "children": [{"type": "TrackRow", "arguments": {"title": "x"}}, {"type": "Stak"}]}}"#
    )
    #expect(d.instanceUses.map(\.component) == ["TrackRow", "Stak"])
    #expect(d.instanceUses.map(\.path) == ["body.children[0]", "body.children[1]"])
  }

  @Test func slotsFillNamedAndDefaultSlots() throws {
    let d = try DefinitionParser.parse(
      #"{"name": "Card", "body": {"type": "Panel", "slots": {"header": [{"type": "Text", "text": "h"}], "content": [{"type": "Divider"}]}}}"#
    )
    #expect(d.body.slots.map(\.name) == ["header"])
    #expect(d.body.slots.first?.views.map(\.path) == ["body.slots.header[0]"])
    #expect(d.body.children.map(\.type) == ["Divider"])
  }

  @Test func everyExampleParses() throws {
    let folder = packageRoot.appendingPathComponent("examples/components")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".json")
    }
    #expect(files.count >= 7)
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      let d = try DefinitionParser.parse(text, file: file)
      #expect(d.name + ".json" == file)
    }
  }
}

/// `path property length` for each use, as the tests compare them.
func describe(_ uses: [LengthUse]) -> [String] {
  uses.map { "\($0.path) \($0.property) \($0.length)" }
}

@Suite struct LengthUseTests {
  @Test func trackRowLengthUses() throws {
    let d = try DefinitionParser.parse(try exampleComponent("TrackRow"), file: "TrackRow.json")
    #expect(
      describe(d.lengthUses) == [
        "body.children[0].modifiers[0].padding.length padding.bottom {space.sm}",
        "body.children[1].modifiers[0].padding.length padding.bottom {space.xs}",
      ])
    #expect(d.lengthUses.map(\.length) == [.token("space.sm"), .token("space.xs")])
    #expect(d.tokenUses.map(\.token) == ["space.sm", "space.xs"])
    #expect(d.instanceUses.map(\.component) == ["VSStack"])
  }

  @Test func trackListRowLengthUses() throws {
    let d = try DefinitionParser.parse(
      try exampleComponent("TrackListRow"), file: "TrackListRow.json")
    #expect(
      describe(d.lengthUses) == [
        "body.children[0].modifiers[0].frame.width frame.width {size.artwork}",
        "body.children[0].modifiers[0].frame.height frame.height {size.artwork}",
        "body.children[0].modifiers[1].padding.length padding.leading {space.xs}",
        "body.children[1].modifiers[0].padding.length padding.leading+bottom {space.sm}",
        "body.children[2].minLength minLength null",
        "body.children[3].modifiers[0].padding.length padding.trailing {space.sm}",
        "body.children[3].modifiers[1].padding.length padding.bottom {space.xs}",
      ])
    #expect(d.lengthUses[4].length == .platformDefault)
  }

  @Test func stackSpacingIsAlwaysAUseAndInfinityIsNot() throws {
    let d = try DefinitionParser.parse(
      #"{"name": "S", "body": {"type": "HStack", "children": [{"type": "VStack", "spacing": 0, "modifiers": [{"frame": {"maxWidth": "infinity", "minHeight": 8}}, {"padding": 3}]}]}}"#
    )
    #expect(
      describe(d.lengthUses) == [
        "body.spacing spacing null",
        "body.children[0].spacing spacing 0",
        "body.children[0].modifiers[0].frame.minHeight frame.minHeight 8",
        "body.children[0].modifiers[1].padding.length padding.all 3",
      ])
    #expect(d.lengthUses.map(\.length) == [.platformDefault, .points(0), .points(8), .points(3)])
  }

  @Test func parameterLengthsAreUses() throws {
    let d = try DefinitionParser.parse(
      #"{"name": "S", "parameters": {"gap": {"type": "length", "default": 4}}, "body": {"type": "VStack", "spacing": "$gap"}}"#
    )
    #expect(d.lengthUses.map(\.length) == [.parameter("gap")])
  }

  @Test func tokenArgumentsOfInstancesAreUsesCountedOnce() throws {
    let d = try DefinitionParser.parse(
      #"{"name": "S", "body": {"type": "Gap", "arguments": {"size": "{space.md}", "label": "x"}}}"#)
    #expect(describe(d.lengthUses) == ["body.arguments.size argument.size {space.md}"])
    // One token written once is one token use. Regression: `tokenUses` once listed a token argument of an
    // instance twice (once from `lengthUses`, once from `argumentTokenUses`).
    #expect(d.tokenUses.map(\.path) == ["body.arguments.size"])
  }
}
