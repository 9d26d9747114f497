import Testing

@testable import CatalogLayout

/// The line-free text path (issue 17, point 1): `FixedAdvanceTextMeasurer` works its lines
/// out once, by character ranges, for both `measure` (which builds the strings) and
/// `measureExtent` (which only counts). Checked against the implementation it replaced (kept
/// below as it was, strings and arrays per line) on generated texts, widths and line limits.
@Suite("Text extents")
struct TextExtentTests {
  let measurer = FixedAdvanceTextMeasurer()

  /// Texts with runs of spaces, hard breaks, long words, empty paragraphs and non-ASCII
  /// characters; widths from 0 past the ideal; no limit and limits 0 to 3.
  @Test("measure and measureExtent give what the string-building implementation gave")
  func sameAsBefore() {
    let pieces = ["a", "bb", "ccc", "dddddddd", " ", "  ", "\n", "é", "🇫🇷", "x y", "\n\n"]
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ n: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(n))
    }
    var texts = ["", "Cell", "one two three four five", "a\n\nb", " lead", "trail  "]
    for _ in 0..<300 {
      var text = ""
      for _ in 0..<(1 + next(8)) { text += pieces[next(pieces.count)] }
      texts.append(text)
    }
    let reference = ReferenceFixedAdvanceTextMeasurer()
    var checked = 0
    for text in texts {
      for limit in [nil, 0, 1, 2, 3] as [Int?] {
        let style = TextStyle(style: limit == 2 ? "caption" : "body", lineLimit: limit)
        for width in [nil, 0, 4, 8.5, 17, 25.5, 30, 42.5, 60, 1e6, .infinity] as [Double?] {
          let expected = reference.measure(text, style: style, proposedWidth: width)
          let m = measurer.measure(text, style: style, proposedWidth: width)
          #expect(
            m == expected,
            "\(text.debugDescription) \(String(describing: limit)) \(String(describing: width))")
          #expect(
            measurer.measureExtent(text, style: style, proposedWidth: width) == expected.extent,
            "\(text.debugDescription) \(String(describing: limit)) \(String(describing: width))")
          checked += 1
        }
      }
    }
    #expect(checked == texts.count * 55)
  }

  /// A measurer with no line-free path of its own gets the default: its measurement without
  /// the lines.
  @Test("the default measureExtent drops the lines of measure")
  func defaultExtent() {
    struct Lines: TextMeasurer {
      func measure(_ text: String, style: TextStyle, proposedWidth: Double?) -> TextMeasurement {
        TextMeasurement(
          size: Size(width: 3, height: 4), firstBaseline: 1, lastBaseline: 2, lines: [text, text])
      }
    }
    #expect(
      Lines().measureExtent("x", style: TextStyle(), proposedWidth: nil)
        == TextExtent(
          size: Size(width: 3, height: 4), firstBaseline: 1, lastBaseline: 2, lineCount: 2))
  }
}

/// `FixedAdvanceTextMeasurer.measure` as it was before the line-free path (a string per
/// line, arrays of characters and lines), the oracle of ``TextExtentTests``.
private struct ReferenceFixedAdvanceTextMeasurer {
  let advanceRatio = 0.5
  let ascentRatio = 0.8

  func measure(_ text: String, style: TextStyle, proposedWidth: Double?) -> TextMeasurement {
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
