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
    var lines: [String] = []
    let extent = set(text, style: style, proposedWidth: proposedWidth) { line in
      switch line {
      case .characters(let range, _):
        lines.append(
          range == text.startIndex..<text.endIndex ? text : String(text[range]))
      case .truncated(let start, let kept, let capacity):
        lines.append(
          Self.truncatedLine(text, from: start, kept: kept, capacity: capacity) + "…")
      }
    }
    return TextMeasurement(
      size: extent.size, firstBaseline: extent.firstBaseline, lastBaseline: extent.lastBaseline,
      lines: lines)
  }

  /// The size and baselines ``measure(_:style:proposedWidth:)`` gives, worked out from the
  /// lines' lengths alone: no string or array is built (the layout passes ask this).
  ///
  /// - Parameters:
  ///   - text: The string.
  ///   - style: Style, explicit size and line limit.
  ///   - proposedWidth: Points offered; nil or `.infinity` for the ideal single-line size.
  /// - Returns: Size (points), baselines (points from the top) and the number of lines.
  public func measureExtent(_ text: String, style: TextStyle, proposedWidth: Double?)
    -> TextExtent
  {
    set(text, style: style, proposedWidth: proposedWidth) { _ in }
  }

  /// One line as set: a range of the text's characters (and how many there are), or the
  /// truncated last line: the first `kept` characters of the text's remaining lines (wrapped
  /// at `capacity`) joined by single spaces from `start` (the first dropped line's start),
  /// before its "…".
  enum SetLine {
    case characters(Range<String.Index>, count: Int)
    case truncated(start: String.Index, kept: Int, capacity: Int?)
  }

  /// The rules on the type: hands each line of `text` to `line`, in order, and returns the
  /// size and baselines they make. The one place the lines are worked out, for both
  /// ``measure(_:style:proposedWidth:)`` and ``measureExtent(_:style:proposedWidth:)``.
  private func set(
    _ text: String, style: TextStyle, proposedWidth: Double?, line: (SetLine) -> Void
  ) -> TextExtent {
    let metrics = TextStyles.metrics(for: style)
    let advance = advanceRatio * metrics.size
    if text.isEmpty {
      return TextExtent(size: .zero, firstBaseline: 0, lastBaseline: 0, lineCount: 0)
    }
    let lineHeight = metrics.lineHeight
    let ascent = ascentRatio * lineHeight
    let width: Double? = proposedWidth.flatMap { $0.isFinite ? max($0, 0) : nil }
    // Fast path: one line that fits (no hard break, no wrapping, nothing to truncate).
    if !text.utf8.contains(10) {
      let count = text.count
      if width.map({ Double(count) * advance <= $0 + 1e-9 }) ?? true {
        line(.characters(text.startIndex..<text.endIndex, count: count))
        return TextExtent(
          size: Size(width: Double(count) * advance, height: lineHeight),
          firstBaseline: ascent, lastBaseline: ascent, lineCount: 1)
      }
    }
    // A line of n characters fits when n × advance ≤ width (with a tolerance for rounding).
    let capacity = width.map { w in
      advance > 0 ? max(Self.characters(fitting: w, advance: advance), 1) : Int.max
    }
    let cap = style.lineLimit.map { max($0, 1) } ?? Int.max
    var widest = 0
    var count = 0
    // The line at index cap − 1 is held until a further line shows it must be truncated.
    var held: (range: Range<String.Index>, count: Int)?
    var tail = TailPrefix(
      limit: width.map { w in
        advance > 0 ? max(Self.characters(fitting: w, advance: advance) - 1, 0) : Int.max
      })
    var truncatedStart: String.Index?
    Self.wrap(text[...], capacity: capacity) { range, n in
      if count < cap - 1 {
        line(.characters(range, count: n))
        widest = max(widest, n)
        count += 1
      } else if let first = held {
        if truncatedStart == nil {
          truncatedStart = first.range.lowerBound
          tail.add(text[first.range], count: first.count)
        }
        tail.add(text[range], count: n)
      } else {
        held = (range, n)
      }
    }
    if let start = truncatedStart, let first = held {
      let kept = tail.limit == nil ? first.count : tail.kept
      line(.truncated(start: start, kept: kept, capacity: capacity))
      widest = max(widest, kept + 1)
      count += 1
    } else if let last = held {
      line(.characters(last.range, count: last.count))
      widest = max(widest, last.count)
      count += 1
    }
    let lines = Double(count)
    return TextExtent(
      size: Size(width: Double(widest) * advance, height: lines * lineHeight),
      firstBaseline: ascent, lastBaseline: (lines - 1) * lineHeight + ascent, lineCount: count)
  }

  /// How many advances fit in `width` (rounded down, with a tolerance for rounding).
  private static func characters(fitting width: Double, advance: Double) -> Int {
    let n = ((width + 1e-9) / advance).rounded(.down)
    return n < Double(Int.max / 2) ? Int(n) : Int.max / 2
  }

  /// The kept part of a truncated line: the longest prefix of the dropped lines joined by
  /// single spaces that is at most `limit` characters (nil: no width, the first dropped
  /// line whole), trailing spaces removed; counted as the lines are added.
  private struct TailPrefix {
    let limit: Int?
    /// Characters of the joined text taken so far (at most `limit`).
    private var taken = 0
    /// The length of the taken prefix up to its last character that is not a space.
    private(set) var kept = 0
    private var started = false

    init(limit: Int?) { self.limit = limit }

    /// Adds the next dropped line (its characters and their number).
    mutating func add(_ characters: Substring, count: Int) {
      guard let limit else { return }
      if started, taken < limit { taken += 1 }
      started = true
      for c in characters {
        if taken >= limit { return }
        taken += 1
        if c != " " { kept = taken }
      }
    }
  }

  /// The kept characters of a truncated line (``SetLine/truncated(start:kept:capacity:)``)
  /// as a string: the lines from `start` (wrapped at `capacity` again) joined by single
  /// spaces, cut after `kept` characters.
  private static func truncatedLine(
    _ text: String, from start: String.Index, kept: Int, capacity: Int?
  ) -> String {
    var result = ""
    var n = 0
    var first = true
    wrap(text[start...], capacity: capacity) { range, _ in
      if n >= kept { return }
      if !first {
        result.append(" ")
        n += 1
      }
      first = false
      for c in text[range] {
        if n >= kept { break }
        result.append(c)
        n += 1
      }
    }
    return result
  }

  /// Greedy word wrap (with `capacity`; one line per paragraph when nil), paragraph by
  /// paragraph (`"\n"` is a hard break): hands each line's range of characters and their
  /// number to `line`.
  ///
  /// Words are the pieces between single spaces (so runs of spaces make empty words). A
  /// word joins the current line, with one space, while the line stays within `capacity`
  /// characters; otherwise the line ends (the space at the break is dropped). A word longer
  /// than a line is cut into `capacity`-character pieces. Since words joined by single
  /// spaces are exactly the original text, every line is a contiguous range of the
  /// paragraph's characters. Every paragraph has at least one line (an empty one for an
  /// empty paragraph).
  static func wrap(
    _ text: Substring, capacity: Int?, _ line: (Range<String.Index>, Int) -> Void
  ) {
    // Positions are kept as index and character offset, so lengths need no counting.
    var i = text.startIndex
    var offset = 0
    var paragraphStart = (index: i, offset: 0)
    var lineStart = paragraphStart
    var lineEnd = paragraphStart
    var wordStart = paragraphStart
    var started = false
    while true {
      let atEnd = i == text.endIndex
      let c: Character = atEnd ? "\n" : text[i]
      if c == "\n" || (c == " " && capacity != nil) {
        if let capacity {
          var cs = wordStart
          var n = offset - wordStart.offset
          let here = (index: i, offset: offset)
          var joins = false
          if started {
            if (lineEnd.offset - lineStart.offset) + 1 + n <= capacity {
              lineEnd = here
              joins = true
            } else {
              line(lineStart.index..<lineEnd.index, lineEnd.offset - lineStart.offset)
            }
          }
          if !joins {
            started = true
            // Break a word longer than a line between characters.
            while n > capacity {
              let end = text.index(cs.index, offsetBy: capacity)
              line(cs.index..<end, capacity)
              cs = (end, cs.offset + capacity)
              n -= capacity
            }
            lineStart = cs
            lineEnd = here
          }
        }
        if c == "\n" {
          if capacity == nil {
            line(paragraphStart.index..<i, offset - paragraphStart.offset)
          } else {
            line(lineStart.index..<lineEnd.index, lineEnd.offset - lineStart.offset)
          }
          if atEnd { return }
          started = false
          paragraphStart = (text.index(after: i), offset + 1)
          lineStart = paragraphStart
          lineEnd = paragraphStart
        }
        if !atEnd { wordStart = (text.index(after: i), offset + 1) }
      }
      i = text.index(after: i)
      offset += 1
    }
  }
}
