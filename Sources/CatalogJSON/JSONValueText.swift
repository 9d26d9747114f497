/// The text of one value of a JSON file, kept as a range of the file's bytes (shared, not
/// copied): ``JSONDocument/compactText(atEntry:)`` gives one only when the bytes are the
/// value's compact JSON, so ``string`` is what ``JSONWriter/compact(_:)`` writes for the
/// value the parser read there, without writing it again (issue 14 point 9).
package struct JSONValueText: Sendable {
  private let bytes: [UInt8]
  private let start: UInt32
  private let end: UInt32

  init(bytes: [UInt8], start: Int, end: Int) {
    self.bytes = bytes
    self.start = UInt32(truncatingIfNeeded: start)
    self.end = UInt32(truncatingIfNeeded: end)
  }

  /// The text (UTF-8 bytes checked to be ASCII when it was made).
  package var string: String {
    bytes.withUnsafeBufferPointer {
      String(decoding: UnsafeBufferPointer(rebasing: $0[Int(start)..<Int(end)]), as: UTF8.self)
    }
  }
}
