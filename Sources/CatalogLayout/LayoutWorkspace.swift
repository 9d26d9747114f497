/// The memory a layout call works in, kept from one call to the next: the pass's per-node
/// tables (enclosing stack axis, free axes, memo rows, spacing rows, gaps), the size,
/// baseline and text memos, the stack members' scratch, the placement stack and the output
/// frames' arrays.
///
/// ``LayoutEngine/layout(_:in:reusing:)`` takes its buffers from the workspace instead of
/// allocating them, and gives them back to it when it returns, so a program that lays out
/// many trees (`catalog site` over a catalog, `serve`, a benchmark's repeats) allocates and
/// first touches that memory once, at the size of the largest tree laid out, instead of once
/// per call (each fresh 4 KiB page costs a page fault, 2–3 µs on the machines measured; at
/// 1,000 leaves about 14 per call). Every buffer is set to its starting values at the start
/// of each call, so a layout through a workspace gives the same frames as one without.
///
/// The workspace keeps the frames a call returned: the next call writes into their arrays
/// when the caller has let go of them (else it copies them first, as any shared array is
/// copied before a write). It holds about 100 bytes per node of the largest tree laid out
/// (plus the frames, 33 bytes per node): release it to give that memory back.
///
/// A workspace is not thread-safe: one layout at a time uses it (give each thread its own).
/// A call made while another uses it (a text measurer laying out from inside a layout)
/// works in memory of its own.
public final class LayoutWorkspace {
  /// What each buffer holds (one buffer per role; each keeps its largest size).
  enum Slot: Int, CaseIterable {
    case stackAxes, levels, needsSpacing, freeAxes, spacingRows, uniformGaps, gapList
    case ownedMembers, memberProposals, recordedProposals, arena, placementStack
    case sizeEntries, sizeCounts, baselineEntries, baselineCounts, textEntries, textCounts
  }

  /// Each slot's memory (nil until first needed) and its size in bytes.
  private let bases: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  private let capacities: UnsafeMutablePointer<Int>
  /// The frames the last call returned (their arrays are reused by the next call).
  var frames = LayoutFrames(count: 0)
  /// True while a layout works in this workspace.
  var inUse = false

  /// Creates an empty workspace; it takes memory at the first layout that uses it.
  public init() {
    let n = Slot.allCases.count
    bases = .allocate(capacity: n)
    bases.initialize(repeating: nil, count: n)
    capacities = .allocate(capacity: n)
    capacities.initialize(repeating: 0, count: n)
  }

  deinit {
    for k in 0..<Slot.allCases.count { bases[k]?.deallocate() }
    bases.deallocate()
    capacities.deallocate()
  }

  /// The bytes the workspace holds for the pass (its buffers, not the kept frames).
  public var byteCount: Int {
    (0..<Slot.allCases.count).reduce(0) { $0 + capacities[$1] }
  }

  /// Room for `count` values of a plain type `T` in `slot` (uninitialised, or holding the
  /// last call's values): the slot's memory when it is large enough, else a new buffer of
  /// exactly that size (the old one is freed).
  ///
  /// - Parameters:
  ///   - slot: The buffer's role.
  ///   - count: The number of values (at least one entry is given).
  /// - Returns: The buffer, valid until the slot is asked for more or the workspace is freed.
  func buffer<T>(_ slot: Slot, _ count: Int, of _: T.Type) -> UnsafeMutablePointer<T> {
    let n = max(count, 1)
    let bytes = n * MemoryLayout<T>.stride
    let k = slot.rawValue
    if capacities[k] < bytes {
      bases[k]?.deallocate()
      bases[k] = .allocate(byteCount: bytes, alignment: max(MemoryLayout<T>.alignment, 16))
      capacities[k] = bytes
    }
    // Never nil: allocated above when missing or too small.
    return bases[k].unsafelyUnwrapped.bindMemory(to: T.self, capacity: n)
  }
}
