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
    /// The text's characters.
    let characters: [Character]
    /// Each character's advance in points (hard breaks as spaces).
    let advances: [Double]
    /// The advance of "…" in points.
    let ellipsisAdvance: Double
    /// The measurement with no width (nil or infinite), for a line limit and line height.
    var ideal: (lineLimit: Int?, lineHeight: Double, measurement: TextMeasurement)?
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
      entry.text.utf8.elementsEqual(text.utf8)
    else { return nil }
    return entry
  }

  /// Keeps `entry` (replacing the one for the same text).
  func keep(_ entry: Entry) {
    lock.lock()
    defer { lock.unlock() }
    if entries.count >= Self.limit { entries.removeAll() }
    entries[entry.text] = entry
  }
}
