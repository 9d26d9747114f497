import CatalogLayout
import Testing

/// `LayoutTree`'s builders for repeated nodes: interned text ids and copies of a node's kind.
@Suite struct LayoutTreeRepeatTests {
  @Test("a text appended by id is the text appended by kind")
  func textByID() throws {
    var byKind = LayoutTree()
    var byID = LayoutTree()
    let style = TextStyle(style: "headline", lineLimit: 2)
    var kindLeaves: [Int] = []
    var idLeaves: [Int] = []
    for s in ["Cell", "Other", "Cell"] {
      kindLeaves.append(byKind.append(.text(s, style), tag: kindLeaves.count))
      let id = byID.textID(s, style: style)
      let leaf = byID.appendText(id, tag: idLeaves.count)
      idLeaves.append(try #require(leaf))
    }
    byKind.append(.stack(axis: .vertical, alignment: .center, spacing: 4), children: kindLeaves)
    byID.append(.stack(axis: .vertical, alignment: .center, spacing: 4), children: idLeaves)
    #expect(byID.textID("Cell", style: style) == byID.textID("Cell", style: style))
    #expect(byID.textID("Cell", style: style) != byID.textID("Other", style: style))
    for i in 0..<byKind.count {
      #expect(byKind.kind(of: i) == byID.kind(of: i))
      #expect(byKind.tags[i] == byID.tags[i])
    }
    let a = LayoutEngine().layout(byKind, in: .unspecified)
    let b = LayoutEngine().layout(byID, in: .unspecified)
    #expect((0..<a.count).map { a[$0] } == (0..<b.count).map { b[$0] })
  }

  /// The recent-text caches compare a fingerprint of the bytes (length, first and last four)
  /// before the strings: strings sharing a fingerprint, and equal strings of different bytes,
  /// still get the ids the dictionaries give.
  @Test("text ids through the recent-text caches are the dictionaries' ids")
  func textIDsThroughRecentCaches() {
    var tree = LayoutTree()
    let style = TextStyle()
    // Same length, same first and last four bytes; then "é" precomposed and decomposed
    // (equal Swift strings of different bytes); then the ten `$index` labels of a list.
    let texts = ["abcdXwxyz", "abcdYwxyz", "caf\u{E9}", "cafe\u{301}"] + (0..<10).map(String.init)
    var first: [String: Int32] = [:]
    for round in 0..<3 {
      for s in texts {
        let id = tree.textID(s, style: style)
        if let known = first[s] {
          #expect(id == known, "\(s), round \(round)")
        } else {
          first[s] = id
        }
      }
    }
    #expect(first["abcdXwxyz"] != first["abcdYwxyz"])
    #expect(first["caf\u{E9}"] == first["cafe\u{301}"])
    #expect(Set(first.values).count == texts.count - 1)
    #expect(tree.textID("abcdXwxyz", style: TextStyle(style: "headline")) != first["abcdXwxyz"])
  }

  @Test("an id that is not one of the tree's texts is refused")
  func unknownTextID() {
    var tree = LayoutTree()
    let zero = tree.appendText(0)
    let negative = tree.appendText(-1)
    #expect(zero == nil)
    #expect(negative == nil)
    let id = tree.textID("A", style: TextStyle())
    let past = tree.appendText(id + 1)
    #expect(past == nil)
    #expect(tree.count == 0)
  }

  @Test("a node appended with the same kind as another has its kind, its own children")
  func sameKind() throws {
    var tree = LayoutTree()
    let a = tree.append(.color("red"))
    let b = tree.append(.color("blue"))
    let padded = tree.append(
      .padding(EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)), child: a)
    let copied = tree.append(sameKindAs: padded, child: b, layoutPriority: 2, tag: 7)
    let copy = try #require(copied)
    #expect(tree.kind(of: copy) == tree.kind(of: padded))
    #expect(tree.childCount(of: copy) == 1)
    #expect(tree.child(0, of: copy) == b)
    #expect(tree.layoutPriority(of: copy) == 2)
    #expect(tree.tags[copy] == 7)
    let stack = tree.append(
      .stack(axis: .horizontal, alignment: .center, spacing: nil), children: [padded])
    let c = tree.append(.color("green"))
    let stackCopied = tree.append(sameKindAs: stack, children: [copy, c])
    let stackCopy = try #require(stackCopied)
    #expect(tree.kind(of: stackCopy) == tree.kind(of: stack))
    #expect(tree.childCount(of: stackCopy) == 2)
    // A child that already has a parent is skipped, as in `append(_:children:)`.
    let appended = tree.append(sameKindAs: stack, children: [c])
    let again = try #require(appended)
    #expect(tree.childCount(of: again) == 0)
    let unknown = tree.append(sameKindAs: 99, child: nil)
    let negative = tree.append(sameKindAs: -1, children: [])
    #expect(unknown == nil)
    #expect(negative == nil)
  }
}
