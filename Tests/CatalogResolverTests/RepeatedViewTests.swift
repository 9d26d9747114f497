import CatalogLayout
import CatalogModel
import CatalogResolver
import CatalogTokens
import Foundation
import Testing

/// A view or modifier expanded again in the same component scope (the rows of a list of
/// plain instances) copies the node made the first time; these tests check that the copies
/// are what resolving each row afresh gives, and that views whose values change from row to
/// row are not copied.
@Suite struct RepeatedViewTests {
  static let row = try! define(
    #"""
    {"name": "RepeatRow", "parameters": {"title": {"type": "string", "default": "Row"}},
     "body": {"type": "HStack", "spacing": "{space.sm}", "children": [
       {"type": "Text", "text": "$title", "font": "headline"},
       {"type": "Text", "text": "Fixed", "modifiers": [{"frame": {"width": 40}}]}],
      "modifiers": [{"padding": {"edges": ["all"], "length": "{space.xs}"}},
        {"offset": {"x": 2, "y": "{space.xs}"}}, {"fixedSize": {}}]}}
    """#)

  /// `count` rows of `RepeatRow`, each row `instance` (a JSON view).
  static func list(_ name: String, count: Int, instance: String) -> ComponentDefinition {
    try! define(
      #"""
      {"name": "\#(name)", "body": {"type": "VStack", "children": [
        {"type": "ForEach", "count": \#(count), "children": [\#(instance)]}]}}
      """#)
  }

  /// The kind and info of every node, in tree order (children first).
  static func summary(_ resolved: ResolvedComponent) -> [(LayoutKind, ViewInfo)] {
    (0..<resolved.tree.count).map { i in
      (resolved.tree.kind(of: i), resolved.infos[resolved.tree.tags[i]])
    }
  }

  @Test("rows of plain instances resolve as rows given their arguments do")
  func copiesMatchFreshResolution() throws {
    let plain = Self.list("PlainRows", count: 4, instance: #"{"type": "RepeatRow"}"#)
    // Arguments make every row's scope new: nothing is copied.
    let explicit = Self.list(
      "ExplicitRows", count: 4,
      instance: #"{"type": "RepeatRow", "arguments": {"title": "Row"}}"#)
    let a = Self.summary(try resolve("PlainRows", extra: [Self.row, plain]))
    let b = Self.summary(try resolve("ExplicitRows", extra: [Self.row, explicit]))
    #expect(a.count == b.count)
    #expect(a.count == 4 * 7 + 1)
    for (x, y) in zip(a, b) {
      #expect(x.0 == y.0)
      var yInfo = y.1
      // Only the list's component name differs.
      if yInfo.component == "ExplicitRows" { yInfo.component = "PlainRows" }
      yInfo.instances = yInfo.instances.map { $0 == "ExplicitRows" ? "PlainRows" : $0 }
      #expect(x.1.kind == yInfo.kind)
      #expect(x.1.path == yInfo.path)
      #expect(x.1.component == yInfo.component)
      #expect(x.1.instances == yInfo.instances)
      #expect(x.1.descriptor == yInfo.descriptor)
      #expect(x.1.lengths.map(\.points) == yInfo.lengths.map(\.points))
      #expect(x.1.lengths.map(\.provenance) == yInfo.lengths.map(\.provenance))
      #expect(
        x.1.lengths.map(\.source)
          == yInfo.lengths.map {
            $0.source.replacingOccurrences(of: "ExplicitRows", with: "PlainRows")
          })
    }
  }

  @Test("copied rows lay out like fresh ones")
  func copiesLayOutTheSame() throws {
    let plain = Self.list("PlainRows", count: 3, instance: #"{"type": "RepeatRow"}"#)
    let explicit = Self.list(
      "ExplicitRows", count: 3,
      instance: #"{"type": "RepeatRow", "arguments": {"title": "Row"}}"#)
    let a = try layOut("PlainRows", extra: [Self.row, plain])
    let b = try layOut("ExplicitRows", extra: [Self.row, explicit])
    #expect(a.size == b.size)
    #expect(nodes(a).map(\.node.frame) == nodes(b).map(\.node.frame))
  }

  @Test("a ForEach element's text is resolved for each element")
  func elementTextsAreNotCopied() throws {
    let list = try define(
      #"""
      {"name": "ElementTexts", "parameters": {"items": {"type": "list", "default": ["a", "bb", "ccc"]}},
       "body": {"type": "VStack", "children": [
         {"type": "ForEach", "in": "$items", "children": [
           {"type": "Text", "text": "$item", "modifiers": [{"padding": {"edges": ["all"], "length": 1}}]}]}]}}
      """#)
    let resolved = try resolve("ElementTexts", extra: [list])
    let texts = Self.summary(resolved).compactMap { kind, _ -> String? in
      if case .text(let s, _) = kind { return s }
      return nil
    }
    #expect(texts == ["a", "bb", "ccc"])
  }

  @Test("rows given different arguments keep their own texts")
  func argumentTextsAreNotShared() throws {
    let list = try define(
      #"""
      {"name": "ArgumentRows", "parameters": {"items": {"type": "list", "default": ["one", "two", "one"]}},
       "body": {"type": "VStack", "children": [
         {"type": "ForEach", "in": "$items", "children": [
           {"type": "RepeatRow", "arguments": {"title": "$item"}}]}]}}
      """#)
    let resolved = try resolve("ArgumentRows", extra: [Self.row, list])
    let texts = Self.summary(resolved).compactMap { kind, _ -> String? in
      if case .text(let s, _) = kind { return s }
      return nil
    }
    #expect(texts == ["one", "Fixed", "two", "Fixed", "one", "Fixed"])
  }

  /// Compares two resolutions node by node: kind, info (with the list component's name
  /// `from` read as `to`), traits and layout priority.
  static func expectSameNodes(
    _ a: ResolvedComponent, _ b: ResolvedComponent, reading from: String, as to: String
  ) {
    #expect(a.tree.count == b.tree.count)
    for i in 0..<min(a.tree.count, b.tree.count) {
      let x = a.infos[a.tree.tags[i]]
      var y = b.infos[b.tree.tags[i]]
      if y.component == from { y.component = to }
      y.instances = y.instances.map { $0 == from ? to : $0 }
      #expect(a.tree.kind(of: i) == b.tree.kind(of: i))
      #expect(a.tree.layoutPriority(of: i) == b.tree.layoutPriority(of: i))
      #expect(a.tree.childCount(of: i) == b.tree.childCount(of: i))
      #expect(x.kind == y.kind && x.path == y.path && x.component == y.component)
      #expect(x.instances == y.instances)
      #expect(x.descriptor == y.descriptor)
      #expect(x.opacity == y.opacity && x.isHidden == y.isHidden)
      #expect(x.layoutPriority == y.layoutPriority)
    }
  }

  @Test("modifiers on copied instances apply once to each row")
  func modifiersOnCopiedRowsApplyOnce() throws {
    // The opacity multiplies into the member's extras and the priority is set on the member
    // after the body expands: a copy starts from the body's own state, not the changed one.
    let modifiers =
      #"[{"opacity": 0.5}, {"layoutPriority": 2}, {"opacity": 0.5}, {"hidden": true}]"#
    let plain = Self.list(
      "PlainRows", count: 4, instance: #"{"type": "RepeatRow", "modifiers": \#(modifiers)}"#)
    let explicit = Self.list(
      "ExplicitRows", count: 4,
      instance:
        #"{"type": "RepeatRow", "arguments": {"title": "Row"}, "modifiers": \#(modifiers)}"#)
    let a = try resolve("PlainRows", extra: [Self.row, plain])
    let b = try resolve("ExplicitRows", extra: [Self.row, explicit])
    Self.expectSameNodes(a, b, reading: "ExplicitRows", as: "PlainRows")
    let opacities = a.memberNodes.flatMap { root in
      (0..<a.tree.childCount(of: root)).map { a.infos[a.tree.tags[a.tree.child($0, of: root)]] }
    }.map(\.opacity)
    #expect(opacities == [0.25, 0.25, 0.25, 0.25])
  }

  @Test("nested plain instances copied whole lay out like fresh ones")
  func nestedCopiesMatchFreshResolution() throws {
    // Lists inside lists of plain instances: each inner list is copied whole after its first
    // expansion (the shape of catalog-bench's nested trees).
    let inner = Self.list("InnerRows", count: 3, instance: #"{"type": "RepeatRow"}"#)
    let outer = Self.list("OuterRows", count: 3, instance: #"{"type": "InnerRows"}"#)
    // Arguments at both levels: every scope is new, nothing is copied.
    let explicitInner = try define(
      #"""
      {"name": "ExplicitInner", "parameters": {"n": {"type": "number", "default": 0}},
       "body": {"type": "VStack", "children": [
        {"type": "ForEach", "count": 3, "children": [
          {"type": "RepeatRow", "arguments": {"title": "Row"}}]}]}}
      """#)
    let explicitOuter = try define(
      #"""
      {"name": "ExplicitOuter", "parameters": {"items": {"type": "list", "default": [1, 2, 3]}},
       "body": {"type": "VStack", "children": [
        {"type": "ForEach", "in": "$items", "children": [
          {"type": "ExplicitInner", "arguments": {"n": "$item"}}]}]}}
      """#)
    let a = try resolve("OuterRows", extra: [Self.row, inner, outer])
    let b = try resolve("ExplicitOuter", extra: [Self.row, explicitInner, explicitOuter])
    #expect(a.tree.count == 3 * (3 * 7 + 1) + 1)
    #expect(a.tree.count == b.tree.count)
    for i in 0..<min(a.tree.count, b.tree.count) {
      #expect(a.tree.kind(of: i) == b.tree.kind(of: i))
      #expect(a.tree.childCount(of: i) == b.tree.childCount(of: i))
      #expect(
        (0..<a.tree.childCount(of: i)).map { a.tree.child($0, of: i) }
          == (0..<b.tree.childCount(of: i)).map { b.tree.child($0, of: i) })
      #expect(a.tree.tags[i] == i)
    }
    let proposal = ProposedSize(width: 320, height: nil)
    let sa = try layOut("OuterRows", extra: [Self.row, inner, outer], proposal: proposal)
    let sb = try layOut(
      "ExplicitOuter", extra: [Self.row, explicitInner, explicitOuter], proposal: proposal)
    #expect(sa.size == sb.size)
    #expect(nodes(sa).map(\.node.frame) == nodes(sb).map(\.node.frame))
  }

  @Test("copied nodes still count toward the node limit")
  func copiesCountTowardTheLimit() throws {
    let plain = Self.list("ManyRows", count: 100, instance: #"{"type": "RepeatRow"}"#)
    var resolver = Resolver(
      source: InMemoryComponentSource(exampleDefinitions + [Self.row, plain]),
      tokens: TokenResolver(tokens: exampleTokens))
    resolver.nodeLimit = 300
    #expect(throws: ResolutionError.self) { try resolver.resolve("ManyRows") }
    resolver.nodeLimit = 701
    #expect(try resolver.resolve("ManyRows").tree.count == 701)
  }

  /// A row whose stacks wrap text, so its members' places depend on the width proposed.
  static let wrappingRow = try! define(
    #"""
    {"name": "WrapRow", "parameters": {"title": {"type": "string", "default": "Wrapping words in a title"}},
     "body": {"type": "VStack", "alignment": "leading", "spacing": 4, "children": [
       {"type": "Text", "text": "$title"},
       {"type": "HStack", "children": [
         {"type": "Text", "text": "one two three"}, {"type": "Spacer"},
         {"type": "Text", "text": "four"}]}]}}
    """#)

  @Test(
    "copies of one stack placed at many proposals keep their own members' places",
    arguments: [
      // Rows side by side: each is asked at several widths while the row is sized.
      #"{"type": "HStack", "children": [ROW, ROW, {"type": "Text", "text": "a longer middle text"}, ROW]}"#,
      // Rows at different widths in one column, one of them in a fixed frame.
      #"{"type": "VStack", "children": [{"type": "HStack", "children": [ROW, ROW]}, ROW, {"type": "HStack", "children": [ROW], "modifiers": [{"frame": {"width": 90}}]}]}"#,
      // A row beside a stack of rows.
      #"{"type": "HStack", "children": [ROW, {"type": "VStack", "children": [ROW, {"type": "HStack", "children": [ROW, ROW]}]}]}"#,
    ])
  func copiesPlacedAtManyProposals(container: String) throws {
    // Shared side-table entries must not share sizing state: a copy placed at a proposal
    // reads the members' places it recorded itself, not those another copy recorded there.
    let plainBody = container.replacingOccurrences(of: "ROW", with: #"{"type": "WrapRow"}"#)
    let explicitBody = container.replacingOccurrences(
      of: "ROW",
      with: #"{"type": "WrapRow", "arguments": {"title": "Wrapping words in a title"}}"#)
    let plain = try define(#"{"name": "PlainSweep", "body": \#(plainBody)}"#)
    let explicit = try define(#"{"name": "ExplicitSweep", "body": \#(explicitBody)}"#)
    let extra = [Self.wrappingRow, plain, explicit]
    for width in stride(from: 20.0, through: 420.0, by: 9.5) {
      let proposal = ProposedSize(width: width, height: nil)
      let a = try layOut("PlainSweep", extra: extra, proposal: proposal)
      let b = try layOut("ExplicitSweep", extra: extra, proposal: proposal)
      #expect(a.size == b.size, "width \(width)")
      #expect(nodes(a).map(\.node.frame) == nodes(b).map(\.node.frame), "width \(width)")
    }
  }
}
