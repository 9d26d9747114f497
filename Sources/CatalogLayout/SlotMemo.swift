/// A memo from (node, proposal) to a value: `slots` inline entries per node in one flat
/// buffer, then a dictionary. A nil proposal axis is stored as a NaN with a payload no
/// arithmetic produces, so keys compare as raw bit patterns.
///
/// Each entry holds its key and its value side by side, and a node's entries are contiguous,
/// so a lookup reads one or two cache lines (the answers of a large tree do not fit in the
/// caches: keys and values in separate buffers cost a second miss per question).
final class SlotMemo<Value> {
  private let slots: Int
  private let nodeCount: Int
  private let entries: UnsafeMutablePointer<Entry>
  private let counts: UnsafeMutablePointer<UInt8>
  private var overflow: [Key: Value] = [:]

  /// One answer: the proposal's key bits and the value.
  private struct Entry {
    var width: UInt64
    var height: UInt64
    var value: Value
  }

  private struct Key: Hashable {
    var node: Int
    var width: UInt64
    var height: UInt64
  }

  /// The bit pattern standing for an unspecified (nil) axis.
  private static var unspecified: UInt64 { 0x7FF8_0000_DEAD_BEEF }

  /// The key bits of one proposal axis (nil as the `unspecified` NaN).
  @inline(__always)
  static func bits(_ value: Double?) -> UInt64 {
    guard let value else { return unspecified }
    // +0 and −0 are the same proposal.
    return value == 0 ? 0 : value.bitPattern
  }

  /// The proposal axis whose key bits are `bits` (the inverse of ``bits(_:)``).
  @inline(__always)
  static func value(_ bits: UInt64) -> Double? {
    bits == unspecified ? nil : Double(bitPattern: bits)
  }

  /// A memo of `slots` inline entries for each of `nodeCount` nodes, its buffers taken from
  /// `workspace` (kept there between layout calls; the counts are zeroed here, the entries
  /// are written before they are read).
  ///
  /// - Parameters:
  ///   - nodeCount: The number of nodes (rows) the memo answers for.
  ///   - slots: Inline entries per node.
  ///   - workspace: Where the buffers live.
  ///   - entries: The workspace's slot for the entries.
  ///   - counts: The workspace's slot for the per-node entry counts.
  init(
    nodeCount: Int, slots: Int, workspace: LayoutWorkspace, entries entrySlot: LayoutWorkspace.Slot,
    counts countSlot: LayoutWorkspace.Slot
  ) {
    self.slots = slots
    self.nodeCount = max(nodeCount, 1)
    let n = self.nodeCount
    entries = workspace.buffer(entrySlot, n * slots, of: Entry.self)
    counts = workspace.buffer(countSlot, n, of: UInt8.self)
    counts.initialize(repeating: 0, count: n)
  }

  deinit {
    // Plain values (sizes, baselines) need no deinitialisation; the buffers are the
    // workspace's.
    if !_isPOD(Value.self) {
      for node in 0..<nodeCount {
        let c = Int(counts[node])
        if c > 0 { (entries + node * slots).deinitialize(count: c) }
      }
    }
  }

  /// The value stored for `node` at `proposal`, if any.
  @inline(__always)
  func get(_ node: Int, _ proposal: ProposedSize) -> Value? {
    let w = Self.bits(proposal.width)
    let h = Self.bits(proposal.height)
    let c = Int(counts[node])
    let base = entries + node * slots
    var k = 0
    while k < c {
      if base[k].width == w && base[k].height == h { return base[k].value }
      k += 1
    }
    if c == slots { return overflow[Key(node: node, width: w, height: h)] }
    return nil
  }

  /// Stores `value` for `node` at `proposal` (the caller stores each key once).
  @inline(__always)
  func set(_ value: Value, _ node: Int, _ proposal: ProposedSize) {
    let w = Self.bits(proposal.width)
    let h = Self.bits(proposal.height)
    let c = Int(counts[node])
    if c < slots {
      (entries + node * slots + c).initialize(to: Entry(width: w, height: h, value: value))
      counts[node] = UInt8(c + 1)
    } else {
      overflow[Key(node: node, width: w, height: h)] = value
    }
  }
}
