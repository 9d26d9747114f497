/// Per-pass memo of every node's answers, keyed by node and proposal.
///
/// Stacks probe each child several times (at 0 and ∞ for flexibility, at its share, again at
/// placement with the final cross size: reference §2.3–2.5), and a nested stack repeats the
/// probes for its own children. Without a memo the cost grows exponentially with nesting
/// depth; with it each node computes its answer once per distinct proposal, and the set of
/// distinct proposals per node stays small, so a pass costs about linear time in the number
/// of nodes. The memo lives for one `LayoutEngine` call only (nodes are mutable classes and
/// may change between calls).
struct LayoutCache {
  private struct Key: Hashable {
    var node: Int
    var proposal: ProposedSize
  }

  private var sizes: [Key: Size] = [:]
  private var baselines: [Key: Baselines] = [:]
  private var texts: [Key: TextMeasurement] = [:]

  /// Number of size questions asked of any node (hits and misses).
  private(set) var sizeQueries = 0
  /// Number of sizes actually computed (misses). Tests check that this stays linear.
  private(set) var sizeComputations = 0

  init(expectedNodes: Int) {
    sizes.reserveCapacity(expectedNodes * 2)
  }

  /// The memoised size of `node` at `proposal`, counting the query.
  mutating func size(_ node: Int, _ proposal: ProposedSize) -> Size? {
    sizeQueries += 1
    return sizes[Key(node: node, proposal: proposal)]
  }

  /// Records a computed size.
  mutating func store(size: Size, _ node: Int, _ proposal: ProposedSize) {
    sizeComputations += 1
    sizes[Key(node: node, proposal: proposal)] = size
  }

  /// The memoised explicit baselines of `node` at `proposal`.
  func baselines(_ node: Int, _ proposal: ProposedSize) -> Baselines? {
    baselines[Key(node: node, proposal: proposal)]
  }

  /// Records explicit baselines.
  mutating func store(baselines value: Baselines, _ node: Int, _ proposal: ProposedSize) {
    baselines[Key(node: node, proposal: proposal)] = value
  }

  /// The memoised text measurement of `node` at a proposed width.
  func text(_ node: Int, width: Double?) -> TextMeasurement? {
    texts[Key(node: node, proposal: ProposedSize(width: width, height: nil))]
  }

  /// Records a text measurement.
  mutating func store(text: TextMeasurement, _ node: Int, width: Double?) {
    texts[Key(node: node, proposal: ProposedSize(width: width, height: nil))] = text
  }
}

/// A view's explicit text baselines, in points from its top; nil when it contains no text
/// (its baseline guides then default to its bottom, reference §2.5).
struct Baselines: Equatable {
  var first: Double?
  var last: Double?
  static let none = Baselines(first: nil, last: nil)
}
