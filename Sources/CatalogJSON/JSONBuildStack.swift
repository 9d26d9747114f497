/// The parser's stack of finished members or elements of the containers being parsed.
/// When a container closes, its elements are moved (not copied) into an array of exactly
/// their count, so building a document costs no reference-count traffic per value and no
/// spare array capacity.
final class JSONBuildStack<Element> {
  private var base: UnsafeMutablePointer<Element>
  private var capacity: Int
  /// The number of elements on the stack.
  private(set) var count = 0

  init(capacity: Int = 256) {
    self.capacity = capacity
    self.base = .allocate(capacity: capacity)
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }

  /// Pushes an element.
  func push(_ element: Element) {
    if count == capacity {
      let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
      bigger.moveInitialize(from: base, count: count)
      base.deallocate()
      base = bigger
      capacity *= 2
    }
    (base + count).initialize(to: element)
    count += 1
  }

  /// The element at `index` (below ``count``), for reading in place.
  func element(at index: Int) -> UnsafeMutablePointer<Element> { base + index }

  /// Moves the elements from `mark` to the top into a new array and pops them.
  func popArray(from mark: Int) -> [Element] {
    let n = count - mark
    guard n > 0 else { return [] }
    let source = base + mark
    let array = [Element](unsafeUninitializedCapacity: n) { buffer, initialized in
      if let target = buffer.baseAddress { target.moveInitialize(from: source, count: n) }
      initialized = n
    }
    count = mark
    return array
  }
}
