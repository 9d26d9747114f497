/// Where each value of a parsed document starts, in parse order (a pre-order walk: an
/// object, then its members' values, then its next sibling), and how many values its
/// subtree holds, so a JSON path finds its value's entry by skipping whole siblings.
///
/// 8 bytes a value, against a dictionary keyed by path strings (a string and a hash
/// entry per value) before.
struct JSONNodeTable: Sendable {
  /// Byte offset of each value's first character.
  private(set) var offsets: [UInt32] = []
  /// Values in each value's subtree, itself included (1 for a scalar).
  private(set) var sizes: [UInt32] = []

  /// The number of values.
  var count: Int { offsets.count }

  mutating func reserve(_ capacity: Int) {
    offsets.reserveCapacity(capacity)
    sizes.reserveCapacity(capacity)
  }

  /// Records a value starting at `offset`; returns its entry.
  mutating func append(offset: Int) -> Int {
    offsets.append(UInt32(truncatingIfNeeded: offset))
    sizes.append(1)
    return offsets.count - 1
  }

  /// Ends the container at entry `node`: its subtree is every value recorded since.
  mutating func close(_ node: Int) {
    sizes[node] = UInt32(truncatingIfNeeded: offsets.count - node)
  }

  /// The entry of the `childIndex`th child of the container at entry `node`.
  func child(_ childIndex: Int, of node: Int) -> Int {
    var entry = node + 1
    for _ in 0..<childIndex { entry += Int(sizes[entry]) }
    return entry
  }
}
