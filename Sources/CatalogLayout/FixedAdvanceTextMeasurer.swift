/// A deterministic text model: every character has the same advance.
///
/// A stand-in for SF Pro until real font metrics are available (reference §3.6: "Exact glyph
/// metrics are font-dependent… we need a text measurement abstraction (e.g. a fixed-advance
/// font model)"). The rules, all in points:
///
/// - **Advance.** Every character (extended grapheme cluster, Swift's `Character`), spaces
///   included, advances `advanceRatio × fontSize`. The default ratio 0.5 stands in for SF Pro's
///   average advance (about half an em for mixed-case Latin text). Body text (17 pt) is 8.5 pt per
///   character.
/// - **Line height** comes from Apple's text-style table (`TextStyles.metrics(for:)`).
/// - **Ideal size** (proposed width nil or `.infinity`): one unwrapped line per paragraph
///   (`"\n"` is a hard line break).
/// - **Wrapping** under a finite proposed width: greedy at single spaces; the space at a break
///   is dropped. The reported width is the widest line, which may be less than the proposal.
/// - **A word longer than the width** is broken between characters (as SwiftUI does for
///   a word that cannot fit on a line), with at least one character per line, so a proposal of
///   0 gives one character per line and the text is never narrower than one advance.
/// - **`lineLimit`** keeps at most that many lines (a limit below 1 counts as 1). When lines
///   are dropped, the last kept line is truncated at the tail: the longest prefix of the
///   remaining text (trailing spaces removed) that fits the width together with "…" (one
///   advance), then "…". With no finite width, the last kept line gets "…" appended.
///   A too-small proposed *height* does not truncate (the protocol only receives the width).
/// - **Empty string**: 0×0 with no lines and both baselines 0 (SwiftUI gives an empty `Text`
///   a line height; we choose 0×0 so an empty string takes no space).
/// - **Baselines**: the ascent is `ascentRatio × lineHeight` (default 0.8; SF Pro's body
///   baseline sits about 17 pt below the top of a 22 pt line, ≈ 0.78). `firstBaseline` is the
///   ascent; `lastBaseline` is `(lines − 1) × lineHeight + ascent`.
public struct FixedAdvanceTextMeasurer: TextMeasurer {
  /// Advance of every character as a fraction of the font size (default 0.5).
  public var advanceRatio: Double
  /// Baseline position within a line as a fraction of the line height (default 0.8).
  public var ascentRatio: Double

  /// Creates the measurer.
  ///
  /// - Parameters:
  ///   - advanceRatio: Character advance ÷ font size; 0.5 by default.
  ///   - ascentRatio: Baseline offset in a line ÷ line height; 0.8 by default.
  public init(advanceRatio: Double = 0.5, ascentRatio: Double = 0.8) {
    self.advanceRatio = advanceRatio
    self.ascentRatio = ascentRatio
  }

  /// Measures `text` under the fixed-advance rules described on the type.
  ///
  /// - Parameters:
  ///   - text: The string.
  ///   - style: Style, explicit size and line limit.
  ///   - proposedWidth: Points offered; nil or `.infinity` for the ideal single-line size.
  /// - Returns: Size (points), baselines (points from the top) and the lines.
  public func measure(_ text: String, style: TextStyle, proposedWidth: Double?) -> TextMeasurement {
    let metrics = TextStyles.metrics(for: style)
    let advance = advanceRatio * metrics.size
    if text.isEmpty {
      return TextMeasurement(size: .zero, firstBaseline: 0, lastBaseline: 0, lines: [])
    }
    let width: Double? = proposedWidth.flatMap { $0.isFinite ? max($0, 0) : nil }
    // Fast path: one line that fits (no hard break, no wrapping, nothing to truncate).
    if !text.utf8.contains(10) {
      let count = Double(text.count)
      if width.map({ count * advance <= $0 + 1e-9 }) ?? true {
        let lineHeight = metrics.lineHeight
        let ascent = ascentRatio * lineHeight
        return TextMeasurement(
          size: Size(width: count * advance, height: lineHeight),
          firstBaseline: ascent, lastBaseline: ascent, lines: [text])
      }
    }
    var lines: [String] = []
    var consumedAll = true
    let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
    // All remaining text after the kept lines, to build a truncated tail.
    var overflow: [String] = []
    for paragraph in paragraphs {
      let wrapped = wrap(String(paragraph), width: width, advance: advance)
      lines.append(contentsOf: wrapped)
    }
    if let limit = style.lineLimit {
      let cap = max(limit, 1)
      if lines.count > cap {
        consumedAll = false
        overflow = Array(lines[(cap - 1)...])
        lines.removeSubrange((cap - 1)...)
      }
    }
    if !consumedAll {
      let rest = overflow.joined(separator: " ")
      lines.append(
        truncateTail(rest, width: width, advance: advance, firstLine: overflow.first ?? ""))
    }
    var widest = 0.0
    for line in lines { widest = max(widest, Double(line.count) * advance) }
    let lineHeight = metrics.lineHeight
    let ascent = ascentRatio * lineHeight
    let count = Double(lines.count)
    return TextMeasurement(
      size: Size(width: widest, height: count * lineHeight),
      firstBaseline: ascent,
      lastBaseline: (count - 1) * lineHeight + ascent,
      lines: lines)
  }

  /// Greedy word wrap of one paragraph; long words break between characters.
  ///
  /// Words are the pieces between single spaces (so runs of spaces make empty words). A
  /// word joins the current line, with one space, while the line stays within `capacity`
  /// characters; otherwise the line ends. A word longer than a line is cut into
  /// `capacity`-character pieces. Since words joined by single spaces are exactly the
  /// original text, every line is a contiguous range of the paragraph's characters.
  private func wrap(_ paragraph: String, width: Double?, advance: Double) -> [String] {
    guard let width else { return [paragraph] }
    // A line of n characters fits when n × advance ≤ width (with a tolerance for rounding).
    let capacity = advance > 0 ? max(Int(((width + 1e-9) / advance).rounded(.down)), 1) : Int.max
    let chars = Array(paragraph)
    var ranges: [Range<Int>] = []
    var lineStart = 0
    var lineEnd = 0
    var started = false
    var wordStart = 0
    for i in 0...chars.count where i == chars.count || chars[i] == " " {
      var cs = wordStart
      var n = i - wordStart
      wordStart = i + 1
      if started {
        if (lineEnd - lineStart) + 1 + n <= capacity {
          lineEnd = i
          continue
        }
        ranges.append(lineStart..<lineEnd)
      }
      started = true
      // Break a word longer than a line between characters.
      while n > capacity {
        ranges.append(cs..<(cs + capacity))
        cs += capacity
        n -= capacity
      }
      lineStart = cs
      lineEnd = i
    }
    ranges.append(lineStart..<lineEnd)
    return ranges.map { String(chars[$0]) }
  }

  /// The tail-truncated last line: the longest prefix of `rest` that fits with "…".
  private func truncateTail(_ rest: String, width: Double?, advance: Double, firstLine: String)
    -> String
  {
    guard let width else { return firstLine + "…" }
    let capacity = advance > 0 ? Int(((width + 1e-9) / advance).rounded(.down)) : Int.max
    var prefix = Array(rest.prefix(max(capacity - 1, 0)))
    while let last = prefix.last, last == " " { prefix.removeLast() }
    return String(prefix) + "…"
  }
}
