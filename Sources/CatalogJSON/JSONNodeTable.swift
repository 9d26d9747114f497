/// Where each value of a parsed document starts, in parse order (a pre-order walk: an
/// object, then its members' values, then its next sibling), so a JSON path finds its
/// value's entry by skipping whole siblings.
///
/// 4 bytes a value, against a dictionary keyed by path strings (a string and a hash entry
/// per value) before. A sibling is skipped by its subtree's number of values: kept in a
/// small table for containers of more than ``countedSize`` values, counted from the value
/// itself for smaller ones (at most that many steps).
struct JSONNodeTable: Sendable {
  /// Byte offset of each value's first character.
  private(set) var offsets: [UInt32] = []
  /// Values in the subtree of each container that has more than ``countedSize``.
  private var largeSizes: [Int: Int] = [:]
  /// Subtrees up to this many values are counted when needed rather than stored.
  static let countedSize = 32

  /// The number of values.
  var count: Int { offsets.count }

  mutating func reserve(_ capacity: Int) {
    offsets.reserveCapacity(capacity)
  }

  /// Records a value starting at `offset`; returns its entry.
  mutating func append(offset: Int) -> Int {
    offsets.append(UInt32(truncatingIfNeeded: offset))
    return offsets.count - 1
  }

  /// Ends the container at entry `node`: its subtree is every value recorded since.
  mutating func close(_ node: Int) {
    let size = offsets.count - node
    if size > Self.countedSize { largeSizes[node] = size }
  }

  /// The entry of the `childIndex`th child of the container at entry `node`, given the
  /// container's children in order.
  func child(_ childIndex: Int, of node: Int, children: some Sequence<JSONValue>) -> Int {
    var entry = node + 1
    for (i, sibling) in children.enumerated() where i < childIndex {
      entry += largeSizes[entry] ?? Self.valueCount(sibling)
    }
    return entry
  }

  /// The entries of every child of the container at entry `node`, in one pass.
  func childEntries(of node: Int, children: some Sequence<JSONValue>) -> [Int] {
    var entries: [Int] = []
    var entry = node + 1
    for sibling in children {
      entries.append(entry)
      entry += largeSizes[entry] ?? Self.valueCount(sibling)
    }
    return entries
  }

  /// The number of values in a small subtree (at most ``countedSize``, so the recursion is
  /// at most that deep).
  private static func valueCount(_ value: JSONValue) -> Int {
    switch value {
    case .array(let elements): return elements.reduce(1) { $0 + valueCount($1) }
    case .object(let object): return object.members.reduce(1) { $0 + valueCount($1.value) }
    default: return 1
    }
  }
}
