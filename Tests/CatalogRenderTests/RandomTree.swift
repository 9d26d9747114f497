import CatalogLayout
import CatalogResolver

/// The reproducible generator (SplitMix64) of the escaping tests.
typealias SeededGenerator = EscapingPropertyTests.Generator

/// Random stack trees for the browser comparison: stacks (every alignment, nil or explicit
/// spacing), `ZStack`, `Text`, `Spacer`, `Color`, padding, fixed and flexible frames
/// (`maxWidth: .infinity`), and layout priorities.
enum RandomTree {
  static let words = [
    "Wi-Fi", "On", "Title", "Subtitle here", "A", "Settings", "Done", "Long label text", "42",
  ]

  static func pick<T>(_ options: [T], _ rng: inout SeededGenerator) -> T {
    options[Int(rng.next() % UInt64(options.count))]
  }

  static func make(_ rng: inout SeededGenerator, depth: Int) -> LayoutNode {
    let leaf = depth >= 3 || rng.next() % 3 == 0
    var node: LayoutNode
    if leaf {
      switch rng.next() % 4 {
      case 0:
        node = LayoutNode(
          .text(pick(words, &rng), TextStyle(style: pick(["body", "headline", "caption"], &rng))))
      case 1: node = LayoutNode(.spacer(minLength: pick([nil, 0, 12], &rng)))
      case 2: node = LayoutNode(.color(pick(["red", "green", "blue"], &rng)))
      default: node = LayoutNode(.text(pick(words, &rng), TextStyle()))
      }
    } else {
      let count = 1 + Int(rng.next() % 4)
      let children = (0..<count).map { _ in make(&rng, depth: depth + 1) }
      switch rng.next() % 5 {
      case 0:
        node = LayoutNode(
          .zStack(
            alignment: Alignment(
              horizontal: pick([.leading, .center, .trailing], &rng),
              vertical: pick([.top, .center, .bottom], &rng))), children: children)
      case 1, 2:
        node = LayoutNode(
          .stack(
            axis: .vertical,
            alignment: Alignment(
              horizontal: pick([.leading, .center, .trailing], &rng), vertical: .center),
            spacing: pick([nil, 0, 4, 10], &rng)), children: children)
      default:
        node = LayoutNode(
          .stack(
            axis: .horizontal,
            alignment: Alignment(
              horizontal: .center, vertical: pick([.top, .center, .bottom], &rng)),
            spacing: pick([nil, 0, 6, 16], &rng)), children: children)
      }
    }
    // Modifiers around the view.
    for _ in 0..<Int(rng.next() % 3) {
      switch rng.next() % 5 {
      case 0:
        let v = pick([4.0, 8, 16], &rng)
        node = LayoutNode(
          .padding(EdgeInsets(top: v, leading: pick([0, v], &rng), bottom: v, trailing: v)),
          children: [node])
      case 1:
        node = LayoutNode(
          .frame(
            FrameSpec(
              width: pick([nil, 40, 120], &rng), height: pick([nil, 20, 44], &rng),
              alignment: pick([.center, .topLeading, .bottomTrailing], &rng))), children: [node])
      case 2:
        node = LayoutNode(
          .frame(
            FrameSpec(
              minWidth: pick([nil, 30], &rng), maxWidth: .infinity,
              alignment: pick([.leading, .center, .trailing], &rng))), children: [node])
      case 3:
        node = LayoutNode(
          .frame(
            FrameSpec(
              maxWidth: pick([60, .infinity], &rng), minHeight: pick([nil, 10], &rng),
              maxHeight: pick([nil, 50, .infinity], &rng))), children: [node])
      default:
        node.layoutPriority = pick([0, 1, -1], &rng)
      }
    }
    return node
  }

  static func describe(_ p: ProposedSize) -> String {
    "(\(p.width.map { formatPoints($0) } ?? "nil") × \(p.height.map { formatPoints($0) } ?? "nil"))"
  }
}
