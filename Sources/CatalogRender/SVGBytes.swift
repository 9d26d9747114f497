import CatalogResolver
import CatalogSystem

/// SVG text built as UTF-8 bytes and made a `String` once: for the many short pieces of a
/// drawing's labels and dimension lines (issue 17, point 5). Appending each piece to a
/// `String`, or building it with string interpolation first, cost about 380 instructions a
/// piece (callgrind, `catalog site` over 50 × 4 components: 221,000 appends, 13 % of the
/// command); appending bytes to an array costs a copy.
struct SVGBytes {
  /// The bytes so far.
  private(set) var bytes: [UInt8] = []

  /// Makes room for `count` more bytes.
  ///
  /// - Parameter count: How many bytes are expected, about.
  mutating func reserve(_ count: Int) { bytes.reserveCapacity(bytes.count + count) }

  /// Appends a literal's bytes.
  ///
  /// - Parameter text: The literal.
  mutating func add(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Appends a string's UTF-8 bytes as they are.
  ///
  /// - Parameter text: The text (already escaped where it needs to be).
  mutating func add(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  /// Appends a length in points as `formatPoints` writes it (`8`, `12.5`).
  ///
  /// - Parameter value: The length, in points.
  mutating func point(_ value: Double) { add(formatPoints(value)) }

  /// Appends an integer in decimal.
  ///
  /// - Parameter value: The integer.
  mutating func integer(_ value: Int) { add(String(value)) }

  /// The text: the bytes decoded as UTF-8 (they were UTF-8 when added).
  var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// A `String` hashed and compared by its UTF-8 bytes, for sets of keys made of NFC text (the
/// JSON parser normalises every string; identifiers and numbers are ASCII), where bytes and
/// canonical equivalence agree. A `Set<String>` hashes non-ASCII text (a label's `·`)
/// through Unicode normalisation: about 6,700 instructions an insert in `catalog site`
/// (issue 17, point 5).
struct ExactText: Hashable {
  /// The text.
  var text: String

  /// Hashes the text's UTF-8 bytes.
  ///
  /// - Parameter hasher: The hasher.
  func hash(into hasher: inout Hasher) {
    var text = text
    text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }

  /// Whether two texts have the same UTF-8 bytes.
  static func == (a: ExactText, b: ExactText) -> Bool {
    var a = a.text
    var b = b.text
    return a.withUTF8 { x in
      b.withUTF8 { y in
        guard x.count == y.count else { return false }
        // No address: both are empty.
        guard let p = x.baseAddress, let q = y.baseAddress else { return true }
        return memcmp(p, q, x.count) == 0
      }
    }
  }
}
