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
}
