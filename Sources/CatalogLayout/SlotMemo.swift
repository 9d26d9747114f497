/// A memo from (node, proposal) to a value: `slots` inline entries per node in flat buffers,
/// then a dictionary. A nil proposal axis is stored as a NaN with a payload no arithmetic
/// produces, so keys compare as raw bit patterns.
final class SlotMemo<Value> {
  private let slots: Int
  private let nodeCount: Int
  private let keys: UnsafeMutablePointer<UInt64>
  private let values: UnsafeMutablePointer<Value>
  private let counts: UnsafeMutablePointer<UInt8>
  private var overflow: [Key: Value] = [:]

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

  init(nodeCount: Int, slots: Int) {
    self.slots = slots
    self.nodeCount = max(nodeCount, 1)
    let n = self.nodeCount
    keys = .allocate(capacity: n * slots * 2)
    values = .allocate(capacity: n * slots)
    counts = .allocate(capacity: n)
    counts.initialize(repeating: 0, count: n)
  }

  deinit {
    for node in 0..<nodeCount {
      let c = Int(counts[node])
      if c > 0 { (values + node * slots).deinitialize(count: c) }
    }
    keys.deallocate()
    values.deallocate()
    counts.deallocate()
  }

  /// The value stored for `node` at `proposal`, if any.
  @inline(__always)
  func get(_ node: Int, _ proposal: ProposedSize) -> Value? {
    let w = Self.bits(proposal.width)
    let h = Self.bits(proposal.height)
    let c = Int(counts[node])
    let base = node * slots
    var k = 0
    while k < c {
      let e = (base + k) * 2
      if keys[e] == w && keys[e + 1] == h { return values[base + k] }
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
      let slot = node * slots + c
      keys[slot * 2] = w
      keys[slot * 2 + 1] = h
      (values + slot).initialize(to: value)
      counts[node] = UInt8(c + 1)
    } else {
      overflow[Key(node: node, width: w, height: h)] = value
    }
  }
}
