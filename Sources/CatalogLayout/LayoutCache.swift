/// Per-pass memo of every node's answers, keyed by node and proposal.
///
/// Stacks probe each child several times (at 0 and ∞ for flexibility, at its share, again at
/// placement with the final cross size: reference §2.3–2.5), and a nested stack repeats the
/// probes for its own children. Without a memo the cost grows exponentially with nesting
/// depth; with it each node computes its answer once per distinct proposal, and the set of
/// distinct proposals per node stays small, so a pass costs about linear time in the number
/// of nodes. The memo lives for one `LayoutEngine` call only (nodes are mutable classes and
/// may change between calls).
///
/// Storage is a fixed number of inline slots per node (no hashing, one linear scan of a few
/// entries), with a dictionary for the rare node asked more distinct questions.
final class LayoutCache {
  /// Sizes per node and proposal.
  let sizes: SlotMemo<Size>
  /// Explicit text baselines per node and proposal.
  let baselines: SlotMemo<Baselines>
  /// Text extents (size, baselines, line count: no lines) per distinct text (the tree's
  /// interned (string, style) pair) and proposed width (the height is ignored).
  let texts: SlotMemo<TextExtent>
  /// Explicit values of custom alignment guides (only used when the tree has
  /// `alignmentGuide` nodes).
  var guides: [GuideKey: Double?] = [:]

  /// Number of size questions asked of any node (hits and misses).
  var sizeQueries = 0
  /// Number of sizes actually computed (misses). Tests check that this stays linear.
  var sizeComputations = 0
  /// Number of stacks whose placement ran the stack algorithm again because their last
  /// sizing was at another proposal (the positions recorded by sizing are used otherwise).
  var placementReruns = 0

  /// The key of one explicit guide value.
  struct GuideKey: Hashable {
    var node: Int
    var key: AlignmentKey
    var proposal: ProposedSize
  }

  init(nodeCount: Int, sizedCount: Int, textCount: Int, workspace: LayoutWorkspace) {
    // Four inline answers per node (texts excluded): a stack member is asked at 0, ∞ and its
    // share, and a proposal axis a node's size ignores is made nil before asking
    // (`LayoutPass.independent`), so the answers of a nested stack do not multiply with its
    // parents' probes; more go to the dictionary. Each slot is 32 bytes, touched per node.
    sizes = SlotMemo(
      nodeCount: sizedCount, slots: 4, workspace: workspace, entries: .sizeEntries,
      counts: .sizeCounts)
    baselines = SlotMemo(
      nodeCount: nodeCount, slots: 2, workspace: workspace, entries: .baselineEntries,
      counts: .baselineCounts)
    // Eight widths per distinct text inline: a text repeated in many stacks is asked at ∞,
    // 0 and each stack width's share.
    texts = SlotMemo(
      nodeCount: textCount, slots: 8, workspace: workspace, entries: .textEntries,
      counts: .textCounts)
  }
}

/// A view's explicit text baselines, in points from its top; nil when it contains no text
/// (its baseline guides then default to its bottom, reference §2.5).
struct Baselines: Equatable {
  var first: Double?
  var last: Double?
  static let none = Baselines(first: nil, last: nil)
}
