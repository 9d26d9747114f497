import CatalogLayout
import CatalogModel
import CatalogRender
import CatalogResolver
import CatalogTokens
import Testing

@Suite struct PaddingOnEmptyStackTests {
  static let padded = #"""
    {"name": "Padded", "parameters": {"show": {"type": "boolean", "default": false}},
     "body": {"type": "VStack", "collapsesWhenEmpty": COLLAPSES,
       "children": [{"type": "Text", "text": "Hi", "when": "$show"}],
       "modifiers": [{"padding": {"edges": ["horizontal"], "length": 20}}, {"padding": {"edges": "vertical", "length": 24}}]}}
    """#

  @Test func emptyVStackKeepsItsPadding() throws {
    let d = try define(Self.padded.replacingOccurrences(of: "COLLAPSES", with: "false"))
    let laidOut = try layOut("Padded", extra: [d])
    #expect(laidOut.size == Size(width: 40, height: 48))
    let kinds = nodes(laidOut).map(\.info.kind)
    #expect(kinds == ["padding", "padding", "VStack"])
    let stack = try #require(nodes(laidOut).last)
    #expect(stack.node.frame == Rect(x: 20, y: 24, width: 0, height: 0))
  }

  @Test func collapsingEmptyVStackIsNoViewAtAll() throws {
    let d = try define(Self.padded.replacingOccurrences(of: "COLLAPSES", with: "true"))
    let laidOut = try layOut("Padded", extra: [d])
    #expect(laidOut.root == nil)
    #expect(laidOut.size == .zero)
    #expect(laidOut.component.members.isEmpty)
    #expect(
      TreeRenderer.render(laidOut)
        == "Padded on ios, proposed nil×nil: no view (the body resolves to no views)\n")
  }

  @Test func collapsingVStackWithAChildIsPadded() throws {
    let open = try define(Self.padded.replacingOccurrences(of: "COLLAPSES", with: "false"))
    let collapsing = try define(
      Self.padded.replacingOccurrences(of: "COLLAPSES", with: "true").replacingOccurrences(
        of: "\"Padded\"", with: "\"Collapsing\""))
    let shown = JSONObject([("show", .bool(true))])
    let a = try layOut("Padded", arguments: shown, extra: [open])
    let b = try layOut("Collapsing", arguments: shown, extra: [collapsing])
    #expect(a.size == b.size)
    #expect(a.size.width > 40)
    #expect(a.size.height > 48)
  }

  @Test func examplesOfTheSeedProblem() throws {
    #expect(try layOut("OptionalStack").size == Size(width: 40, height: 48))
    #expect(try layOut("CollapsingOptionalStack").root == nil)
    let one = JSONObject([("second", .string("Hello There"))])
    #expect(
      try layOut("OptionalStack", arguments: one).size
        == layOut("CollapsingOptionalStack", arguments: one).size)
  }
}

@Suite struct ViewListTests {
  /// A VStack (spacing 10) of Text a, a conditional Text b with large padding, Text c.
  static let conditional = try! define(
    #"""
    {"name": "Cond", "parameters": {"show": {"type": "boolean", "default": false}},
     "body": {"type": "VStack", "spacing": 10, "children": [
       {"type": "Text", "text": "a"},
       {"type": "Text", "text": "b", "when": "$show", "modifiers": [{"padding": 100}, {"frame": {"width": 300}}]},
       {"type": "Text", "text": "c"}]}}
    """#)
  static let twoTexts = try! define(
    #"""
    {"name": "Two", "body": {"type": "VStack", "spacing": 10, "children": [{"type": "Text", "text": "a"}, {"type": "Text", "text": "c"}]}}
    """#)

  @Test func falseWhenRemovesTheViewItsModifiersAndItsSpacing() throws {
    let hidden = try layOut("Cond", extra: [Self.conditional])
    let reference = try layOut("Two", extra: [Self.twoTexts])
    #expect(hidden.size == reference.size)
    let kinds = nodes(hidden).map(\.info.kind)
    #expect(kinds == ["VStack", "Text", "Text"])
    #expect(!nodes(hidden).contains { $0.info.kind == "padding" || $0.info.kind == "frame" })
    let texts = nodes(hidden).filter { $0.info.kind == "Text" }
    // One gap of 10 between a and c, none for the absent b.
    #expect(abs(texts[1].node.frame.minY - texts[0].node.frame.maxY - 10) < 0.001)
  }

  @Test func trueWhenKeepsTheViewAndItsModifiers() throws {
    let shown = try layOut(
      "Cond", arguments: JSONObject([("show", .bool(true))]), extra: [Self.conditional])
    #expect(
      nodes(shown).map(\.info.kind) == ["VStack", "Text", "frame", "padding", "Text", "Text"])
    #expect(shown.size.width == 300)
  }

  @Test func groupMembersAreFlattenedIntoTheStack() throws {
    let d = try define(
      #"""
      {"name": "G", "body": {"type": "VStack", "spacing": 10, "children": [
        {"type": "Group", "children": [{"type": "Text", "text": "one"}, {"type": "Text", "text": "two"}]}]}}
      """#)
    let laidOut = try layOut("G", extra: [d])
    let root = try #require(laidOut.root)
    #expect(root.children.count == 2)
    #expect(nodes(laidOut).map(\.info.kind) == ["VStack", "Text", "Text"])
    let one = root.children[0].frame
    let two = root.children[1].frame
    #expect(abs(two.minY - one.maxY - 10) < 0.001)
    #expect(abs(laidOut.size.height - (one.height + 10 + two.height)) < 0.001)
  }

  @Test func modifiersOnAGroupApplyToEachMember() throws {
    let d = try define(
      #"""
      {"name": "G", "body": {"type": "VStack", "spacing": 10, "children": [
        {"type": "Group", "children": [{"type": "Text", "text": "one"}, {"type": "Text", "text": "two"}],
         "modifiers": [{"padding": {"edges": ["leading"], "length": 5}}, {"frame": {"width": 100}}]}]}}
      """#)
    let laidOut = try layOut("G", extra: [d])
    let root = try #require(laidOut.root)
    #expect(root.children.count == 2)
    #expect(
      nodes(laidOut).map(\.info.kind) == [
        "VStack", "frame", "padding", "Text", "frame", "padding", "Text",
      ])
    for member in root.children {
      #expect(member.frame.width == 100)
      #expect(laidOut.info(member)?.source == "G body.children[0].modifiers[1]")
    }
  }

  @Test func modifiersOnAnEmptyGroupProduceNothing() throws {
    let d = try define(
      #"""
      {"name": "G", "body": {"type": "HStack", "spacing": 4, "children": [
        {"type": "Color", "color": "red", "modifiers": [{"frame": {"width": 10, "height": 10}}]},
        {"type": "Group", "children": [], "modifiers": [{"padding": 50}]},
        {"type": "EmptyView", "modifiers": [{"padding": 50}]},
        {"type": "Color", "color": "blue", "modifiers": [{"frame": {"width": 10, "height": 10}}]}]}}
      """#)
    let laidOut = try layOut("G", extra: [d])
    #expect(laidOut.size == Size(width: 24, height: 10))
  }

  @Test func forEachGivesOneMemberPerElement() throws {
    let d = try define(
      #"""
      {"name": "L", "parameters": {"items": {"type": "list", "default": ["x", "y", "z"]}},
       "body": {"type": "VStack", "spacing": 2, "children": [{"type": "ForEach", "in": "$items", "children": [{"type": "Text", "text": "$item"}]}]}}
      """#)
    let laidOut = try layOut("L", extra: [d])
    #expect(
      nodes(laidOut).filter { $0.info.kind == "Text" }.map { $0.info.attributes["text"] } == [
        "x", "y", "z",
      ])
    let empty = try layOut("L", arguments: JSONObject([("items", .array([]))]), extra: [d])
    #expect(try #require(empty.root).children.isEmpty)
  }

  @Test func severalTopLevelMembersGetAnImplicitVStack() throws {
    let d = try define(
      #"{"name": "G", "body": {"type": "Group", "children": [{"type": "Text", "text": "a"}, {"type": "Text", "text": "b"}]}}"#
    )
    let laidOut = try layOut("G", extra: [d])
    let root = try #require(laidOut.root)
    #expect(laidOut.info(root)?.label == "VStack (implicit root of 2 views)")
    #expect(root.children.count == 2)
  }
}

@Suite struct ResolutionErrorTests {
  @Test func instanceCycleListsTheWholeCycle() throws {
    let a = try define(#"{"name": "A", "body": {"type": "VStack", "children": [{"type": "B"}]}}"#)
    let b = try define(
      #"{"name": "B", "body": {"type": "HStack", "children": [{"type": "Text", "text": "b"}, {"type": "C"}]}}"#
    )
    let c = try define(#"{"name": "C", "body": {"type": "A"}}"#)
    let error = try #require(throws: ResolutionError.self) { try resolve("A", extra: [a, b, c]) }
    #expect(error.message.contains("A → B → C → A"), "\(error)")
    #expect(error.component == "C")
    #expect(error.path == "body")
    #expect(
      error.description == "C: body: components instance each other in a cycle: A → B → C → A")
  }

  @Test func selfInstanceIsACycle() throws {
    let a = try define(
      #"{"name": "Loop", "body": {"type": "Group", "children": [{"type": "Loop"}]}}"#)
    let error = try #require(throws: ResolutionError.self) { try resolve("Loop", extra: [a]) }
    #expect(error.message == "components instance each other in a cycle: Loop → Loop")
  }

  @Test func unknownTokenNamesComponentAndPath() throws {
    let d = try define(
      #"""
      {"name": "Bad", "body": {"type": "VStack", "children": [
        {"type": "Text", "text": "a"},
        {"type": "Text", "text": "b", "modifiers": [{"padding": {"edges": ["top"], "length": 2}}, {"padding": {"edges": ["bottom"], "length": "{space.xxl}"}}]}]}}
      """#)
    let error = try #require(throws: ResolutionError.self) { try resolve("Bad", extra: [d]) }
    #expect(error.component == "Bad")
    #expect(error.path == "body.children[1].modifiers[1].padding.length")
    #expect(error.message == "unknown token {space.xxl}")
    #expect(
      error.description
        == "Bad: body.children[1].modifiers[1].padding.length: unknown token {space.xxl}")
  }

  @Test func unknownTokenInsideAWrapperNamesTheWrapper() throws {
    let wrapper = try define(
      #"{"name": "Inset", "body": {"type": "Slot", "modifiers": [{"padding": "{space.huge}"}]}}"#)
    let user = try define(
      #"{"name": "User", "body": {"type": "Inset", "children": [{"type": "Text", "text": "x"}]}}"#)
    let error = try #require(throws: ResolutionError.self) {
      try resolve("User", extra: [wrapper, user])
    }
    #expect(error.component == "Inset")
    #expect(error.path == "body.modifiers[0].padding.length")
    #expect(error.message == "unknown token {space.huge}")
  }

  @Test func tokenCycleIsReportedWithEveryMember() throws {
    var tokens = exampleTokens
    tokens["loop.a"] = DesignToken(path: "loop.a", type: "dimension", value: .string("{loop.b}"))
    tokens["loop.b"] = DesignToken(path: "loop.b", type: "dimension", value: .string("{loop.a}"))
    let d = try define(#"{"name": "T", "body": {"type": "VStack", "spacing": "{loop.a}"}}"#)
    let error = try #require(throws: ResolutionError.self) {
      try resolve("T", extra: [d], tokens: tokens)
    }
    #expect(error.path == "body.spacing")
    #expect(error.message == "circular reference: {loop.a} → {loop.b} → {loop.a} (§7.2.3)")
  }

  @Test func unknownComponent() throws {
    let error = try #require(throws: ResolutionError.self) { try resolve("Nope") }
    #expect(error.message == "no component named 'Nope' in the catalog")
    let d = try define(
      #"{"name": "U", "body": {"type": "VStack", "children": [{"type": "Missing"}]}}"#)
    let inner = try #require(throws: ResolutionError.self) { try resolve("U", extra: [d]) }
    #expect(inner.component == "U")
    #expect(inner.path == "body.children[0].type")
  }

  @Test func argumentErrors() throws {
    let unknown = try #require(throws: ResolutionError.self) {
      try resolve("TrackRow", arguments: JSONObject([("titel", .string("x"))]))
    }
    #expect(
      unknown.message
        == "TrackRow has no parameter 'titel'; its parameters: title, artist; did you mean 'title'?"
    )
    let wrongType = try #require(throws: ResolutionError.self) {
      try resolve("TrackRow", arguments: JSONObject([("title", .number(3))]))
    }
    #expect(wrongType.message == "argument 'title' of TrackRow must be a string; got number")
    let required = try define(
      #"{"name": "R", "parameters": {"x": {"type": "string"}}, "body": {"type": "Text", "text": "$x"}}"#
    )
    let missing = try #require(throws: ResolutionError.self) { try resolve("R", extra: [required]) }
    #expect(missing.message == "missing argument 'x' (a required string parameter of R)")
  }

  @Test func deepNestingIsAnErrorNotACrash() throws {
    // 300 VStacks, each the only child of the one before: built in memory, as the JSON text
    // would exceed the parser's 512 levels of nesting.
    var view = JSONValue.object(JSONObject([("type", .string("Text")), ("text", .string("deep"))]))
    for _ in 0..<300 {
      view = .object(JSONObject([("type", .string("VStack")), ("children", .array([view]))]))
    }
    let d = try DefinitionParser.parse(
      json: .object(JSONObject([("name", .string("Deep")), ("body", view)])))
    let error = try #require(throws: ResolutionError.self) { try resolve("Deep", extra: [d]) }
    #expect(error.component == "Deep")
    #expect(
      error.message
        == "views, modifiers and instances are nested more than 256 deep (each modifier is one level)"
    )
    #expect(error.path.hasPrefix("body.children[0].children[0]"))
  }

  @Test func deepInstanceChainIsAnErrorNotACrash() throws {
    var definitions: [ComponentDefinition] = [
      try define(#"{"name": "N0", "body": {"type": "Text", "text": "end"}}"#)
    ]
    for i in 1...300 {
      definitions.append(try define(#"{"name": "N\#(i)", "body": {"type": "N\#(i - 1)"}}"#))
    }
    let error = try #require(throws: ResolutionError.self) {
      try resolve("N300", extra: definitions)
    }
    #expect(
      error.message
        == "views, modifiers and instances are nested more than 256 deep (each modifier is one level)"
    )
  }

  @Test func nestingWithinTheLimitResolves() throws {
    var view = JSONValue.object(JSONObject([("type", .string("Text")), ("text", .string("deep"))]))
    for _ in 0..<200 {
      view = .object(JSONObject([("type", .string("VStack")), ("children", .array([view]))]))
    }
    let d = try DefinitionParser.parse(
      json: .object(JSONObject([("name", .string("Deep")), ("body", view)])))
    let laidOut = try layOut("Deep", extra: [d])
    #expect(laidOut.nodes().count == 201)
  }
}

@Suite struct ProvenanceTests {
  @Test func tokenAliasChain() throws {
    let laidOut = try layOut("TrackRow")
    let padding = try #require(nodes(laidOut).first { $0.info.kind == "padding" })
    let length = try #require(padding.info.lengths.first)
    #expect(length.property == "padding.bottom")
    #expect(length.points == 8)
    #expect(length.provenance == ["{space.sm}", "{base.size.8}", "8px"])
    #expect(length.description == "padding.bottom = 8pt ← {space.sm} ← {base.size.8} ← 8px")
    #expect(length.source == "TrackRow body.children[0].modifiers[0].padding.length")
    #expect(padding.info.instances == ["TrackRow"])
  }

  @Test func remTokenIsSixteenPointsPerRem() throws {
    let d = try define(
      #"{"name": "R", "body": {"type": "Color", "color": "red", "modifiers": [{"frame": {"width": "{size.rating}", "height": 1}}]}}"#
    )
    let laidOut = try layOut("R", extra: [d])
    #expect(laidOut.size == Size(width: 32, height: 1))
    let frame = try #require(nodes(laidOut).first)
    #expect(frame.info.lengths.first?.description == "frame.width = 32pt ← {size.rating} ← 2rem")
  }

  @Test func literalParameterAndPlatformDefault() throws {
    let d = try define(
      #"""
      {"name": "P", "parameters": {"gap": {"type": "length", "default": "{space.md}"}},
       "body": {"type": "VStack", "spacing": "$gap", "children": [{"type": "Text", "text": "a", "modifiers": [{"padding": null}, {"padding": 3}]}]}}
      """#)
    let laidOut = try layOut("P", extra: [d])
    let all = nodes(laidOut)
    #expect(
      all[0].info.lengths.map(\.description) == [
        "spacing = 12pt ← $gap ← default of $gap in P ← {space.md} ← {base.size.12} ← 12px"
      ])
    #expect(all[1].info.lengths.map(\.description) == ["padding.all = 3pt ← literal 3"])
    #expect(
      all[2].info.lengths.map(\.description) == ["padding.all = 16pt ← platform default (ios)"])
  }

  @Test func defaultStackSpacingStaysNilForTheLayoutEngine() throws {
    let d = try define(
      #"{"name": "S", "body": {"type": "HStack", "children": [{"type": "Text", "text": "a"}, {"type": "Spacer"}]}}"#
    )
    let laidOut = try layOut("S", extra: [d])
    let stack = try #require(laidOut.root)
    #expect(stack.kind == .stack(axis: .horizontal, alignment: .center, spacing: nil))
    #expect(laidOut.info(stack)?.lengths.first?.points == nil)
    #expect(
      laidOut.info(stack)?.lengths.first?.description
        == "spacing = default ← platform default (ios: 8 between ordinary views, 0 next to a Spacer)"
    )
  }

  @Test func argumentsPassedThroughAWrapperKeepTheirOrigin() throws {
    let laidOut = try layOut("AlbumCard", arguments: JSONObject([("title", .string("So What"))]))
    let title = try #require(nodes(laidOut).first { $0.info.kind == "Text" })
    #expect(title.info.attributes["text"] == "So What")
    #expect(title.info.instances == ["AlbumCard", "TrackRow"])
    #expect(title.info.source == "TrackRow body.children[0]")
  }
}

@Suite struct SlotScopeTests {
  @Test func slotContentIsResolvedInTheCallersScope() throws {
    let wrapper = try define(
      #"""
      {"name": "Wrapper", "parameters": {"title": {"type": "string", "default": "inner"}},
       "body": {"type": "VStack", "spacing": 0, "children": [{"type": "Text", "text": "$title"}, {"type": "Slot"}]}}
      """#)
    let caller = try define(
      #"""
      {"name": "Caller", "parameters": {"title": {"type": "string", "default": "outer"}},
       "body": {"type": "Wrapper", "children": [{"type": "Text", "text": "$title", "when": "$title == 'outer'"}]}}
      """#)
    let laidOut = try layOut("Caller", extra: [wrapper, caller])
    let texts = nodes(laidOut).filter { $0.info.kind == "Text" }
    #expect(texts.map { $0.info.attributes["text"] } == ["inner", "outer"])
    #expect(texts.map(\.info.source) == ["Wrapper body.children[0]", "Caller body.children[0]"])
  }

  @Test func namedSlotsAndArguments() throws {
    let panel = try define(
      #"""
      {"name": "Panel", "parameters": {"title": {"type": "string", "default": "inner"}},
       "body": {"type": "VStack", "spacing": 0, "children": [{"type": "Slot", "name": "header"}, {"type": "Text", "text": "$title"}, {"type": "Slot"}]}}
      """#)
    let caller = try define(
      #"""
      {"name": "Caller", "parameters": {"title": {"type": "string", "default": "outer"}},
       "body": {"type": "Panel", "arguments": {"title": "$title"},
                "slots": {"header": [{"type": "Text", "text": "head"}]}, "children": [{"type": "Text", "text": "$title"}]}}
      """#)
    let laidOut = try layOut(
      "Caller", arguments: JSONObject([("title", .string("given"))]), extra: [panel, caller])
    let texts = nodes(laidOut).filter { $0.info.kind == "Text" }.map { $0.info.attributes["text"] }
    #expect(texts == ["head", "given", "given"])
  }

  @Test func emptySlotGivesNoMember() throws {
    let laidOut = try layOut("VSStack")
    let root = try #require(laidOut.root)
    #expect(root.children.isEmpty)
    #expect(laidOut.size == .zero)
  }
}
