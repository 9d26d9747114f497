import CatalogModel
import CatalogResolver
import CatalogTokens
import Testing

/// The instance chain as shared links and the cycle check as a count per component (issue
/// 12, point 2): the same chains and the same cycles as when each scope held a copy of its
/// chain, slots included (a slot's views belong to the caller's chain).
@Suite struct InstanceChainTests {
  @Test func chainsListTheirNamesAndCompareByName() {
    let a = InstanceChain(["Screen", "Card"])
    let b = InstanceChain(["Screen"]).appending("Card")
    #expect(a.names == ["Screen", "Card"])
    #expect(a == b)
    #expect(a.count == 2)
    #expect(a != InstanceChain(["Screen", "Row"]))
    #expect(a != InstanceChain(["Card"]))
    #expect(InstanceChain([]).names.isEmpty)
    var info = ViewInfo(
      kind: "Text", component: "Card", path: "body", instances: ["Screen", "Card"],
      isModifier: false, lengths: [], descriptor: .divider)
    #expect(info.chain == a)
    info.instances = ["Other"]
    #expect(info.chain == InstanceChain(["Other"]))
  }

  /// Views given to a component's slot that instance that same component are not a cycle:
  /// they belong to the caller (`Card { Card { Text } }`), at every level.
  @Test func aSlotsViewsMayInstanceTheComponentWhoseSlotTheyFill() throws {
    let card = try define(
      #"{"name": "Card", "body": {"type": "VStack", "children": [{"type": "Slot"}]}}"#)
    let screen = try define(
      #"{"name": "Screen", "body": {"type": "Card", "children": [{"type": "Card", "children": [{"type": "Card", "children": [{"type": "Text", "text": "x"}]}]}]}}"#
    )
    let resolved = try resolve("Screen", extra: [card, screen])
    let text = try #require(resolved.infos.first { $0.kind == "Text" })
    #expect(text.instances == ["Screen"])
    let stacks = resolved.infos.filter { $0.kind == "VStack" }
    #expect(
      stacks.map(\.instances) == [["Screen", "Card"], ["Screen", "Card"], ["Screen", "Card"]])
  }

  /// A slot forwarded through another component (`Frame`'s slot placed in `Card`'s) keeps
  /// each view's own chain.
  @Test func aForwardedSlotKeepsEachChain() throws {
    let card = try define(
      #"{"name": "Card", "body": {"type": "VStack", "children": [{"type": "Slot"}]}}"#)
    let frame = try define(
      #"{"name": "Frame", "body": {"type": "Card", "children": [{"type": "Slot"}]}}"#)
    let screen = try define(
      #"{"name": "Screen", "body": {"type": "Frame", "children": [{"type": "Frame", "children": [{"type": "Text", "text": "x"}]}]}}"#
    )
    let resolved = try resolve("Screen", extra: [card, frame, screen])
    let text = try #require(resolved.infos.first { $0.kind == "Text" })
    #expect(text.instances == ["Screen"])
    #expect(
      resolved.infos.filter { $0.kind == "VStack" }.map(\.instances)
        == [["Screen", "Frame", "Card"], ["Screen", "Frame", "Card"]])
  }

  /// A cycle through a slot's views is still a cycle: `Loop` gives `Card` a slot that
  /// instances `Loop`, whose chain holds `Loop`.
  @Test func aCycleThroughASlotIsFound() throws {
    let card = try define(
      #"{"name": "Card", "body": {"type": "VStack", "children": [{"type": "Slot"}]}}"#)
    let loop = try define(
      #"{"name": "Loop", "body": {"type": "Card", "children": [{"type": "Loop"}]}}"#)
    let error = try #require(throws: ResolutionError.self) {
      try resolve("Loop", extra: [card, loop])
    }
    #expect(error.message == "components instance each other in a cycle: Loop → Loop")
    #expect(error.component == "Loop")
  }

  /// After a slot's views expand, the callee's chain counts again: a cycle met after the
  /// slot inside the callee is found.
  @Test func aCycleAfterASlotIsFound() throws {
    let card = try define(
      #"{"name": "Card", "body": {"type": "VStack", "children": [{"type": "Slot"}, {"type": "Inner"}]}}"#
    )
    let inner = try define(#"{"name": "Inner", "body": {"type": "Card"}}"#)
    let screen = try define(
      #"{"name": "Screen", "body": {"type": "Card", "children": [{"type": "Text", "text": "x"}]}}"#
    )
    let error = try #require(throws: ResolutionError.self) {
      try resolve("Screen", extra: [card, inner, screen])
    }
    #expect(
      error.message == "components instance each other in a cycle: Card → Inner → Card",
      "\(error)")
  }

  /// A chain 250 deep: each node records the whole chain above it (shared links).
  @Test func aDeepChainRecordsEveryLevel() throws {
    var definitions = [try define(#"{"name": "C0", "body": {"type": "Text", "text": "x"}}"#)]
    for i in 1..<250 {
      definitions.append(try define(#"{"name": "C\#(i)", "body": {"type": "C\#(i - 1)"}}"#))
    }
    let resolved = try resolve("C249", extra: definitions)
    let text = try #require(resolved.infos.first { $0.kind == "Text" })
    #expect(text.instances == (0..<250).reversed().map { "C\($0)" })
    // The same components resolved again by the same resolver: the counts start afresh.
    var resolver = Resolver(
      source: InMemoryComponentSource(definitions), tokens: TokenResolver(tokens: [:]))
    for _ in 0..<3 { _ = try resolver.resolve("C249") }
  }
}
