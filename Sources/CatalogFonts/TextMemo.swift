import CatalogLayout
import CatalogSystem

/// What ``FreeTypeTextMeasurer`` worked out for a text, kept for the next call with the same
/// text: the layout asks for each `Text` at several widths (SwiftUI's stacks probe the ideal
/// size, zero and the offered width), and the characters, their advances and the ideal size
/// do not depend on the width (issue 17, point 4: `render` measures each text about four
/// times).
///
/// An entry is used only for the same face, the same point size and a text with the same
/// UTF-8 bytes (a `String` key matches canonically equivalent texts too, whose lines must
/// keep their own characters). At most ``limit`` texts are kept; then the memo starts over.
/// Thread-safe: every access is under a lock.
final class TextMemo: @unchecked Sendable {
  /// One text's characters and advances at one size, and its ideal measurement.
  struct Entry {
    /// The text, to compare bytes with.
    let text: String
    /// The face it was measured with.
    let face: ObjectIdentifier
    /// The point size.
    let size: Double
    /// The text's characters, or its bytes when it is ASCII with no `"\r"`.
    let units: Units
    /// Each character's advance in points (hard breaks as spaces).
    let advances: [Double]
    /// The advance of "…" in points.
    let ellipsisAdvance: Double
    /// The measurement with no width (nil or infinite), for a line limit and line height.
    var ideal: (lineLimit: Int?, lineHeight: Double, measurement: TextMeasurement)?
  }

  /// A text's units for ``TextLineBreaker``: its bytes when every byte is one character
  /// (ASCII with no `"\r"`), else its `Character`s.
  enum Units {
    /// The bytes of an ASCII text with no `"\r"`.
    case ascii([UInt8])
    /// The characters of any other text.
    case characters([Character])
  }

  /// The most texts kept.
  static let limit = 4096

  private let lock = Lock()
  private var entries: [String: Entry] = [:]

  /// The entry for `text` measured with `face` at `size`, if one is kept.
  func entry(for text: String, face: FontFace, size: Double) -> Entry? {
    lock.lock()
    defer { lock.unlock() }
    guard let entry = entries[text], entry.face == ObjectIdentifier(face), entry.size == size,
      Self.sameBytes(entry.text, text)
    else { return nil }
    return entry
  }

  /// Whether two strings have the same UTF-8 bytes, compared in place (the generic
  /// `utf8.elementsEqual` stepped through both views byte by byte).
  static func sameBytes(_ a: String, _ b: String) -> Bool {
    guard a.utf8.count == b.utf8.count else { return false }
    var a = a
    var b = b
    return a.withUTF8 { x in b.withUTF8 { y in x.elementsEqual(y) } }
  }

  /// Keeps `entry` (replacing the one for the same text).
  func keep(_ entry: Entry) {
    lock.lock()
    defer { lock.unlock() }
    if entries.count >= Self.limit { entries.removeAll() }
    entries[entry.text] = entry
  }
}
