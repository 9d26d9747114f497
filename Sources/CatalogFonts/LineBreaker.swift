/// Greedy word wrapping, line limits and tail truncation over per-character advances.
///
/// The rules (reference §3.6), all lengths in points:
/// - `"\n"` (also `"\r"` and `"\r\n"`) is a hard line break; each paragraph is wrapped on
///   its own.
/// - With no width (nil or infinite) a paragraph is one line: the text's ideal size.
/// - With a width, words (runs of characters other than spaces) are put on a line while the
///   line's width, spaces between words included, stays within the width (plus 1e-9 for
///   floating-point noise); the spaces at a break are dropped. A word wider than the width
///   on its own line is broken between characters, with at least one character per line.
/// - A line's width is the sum of its characters' advances without trailing spaces.
/// - `lineLimit` keeps at most that many lines (below 1 counts as 1). When lines are
///   dropped, the last kept line becomes the rest of the text from that line on (hard
///   breaks read as spaces), cut at the tail to the longest prefix that fits with "…", trailing
///   spaces removed, then "…" (SwiftUI's default `truncationMode(.tail)`). With no width the
///   last kept line is that line followed by "…".
///
/// The text's units are its `Character`s, or, for ASCII text with no `"\r"`, its bytes
/// (``LineBreakUnit``): one byte is then one character, so both give the same lines and
/// widths, and the byte path splits no string into characters (issue 17, point 4).
struct TextLineBreaker<Unit: LineBreakUnit> {
  /// The characters of the text.
  let characters: [Unit]
  /// The advance of each character, in points.
  let advances: [Double]
  /// The advance of "…", in points.
  let ellipsisAdvance: Double
  /// The text itself, when the caller has it: a line that is the whole text is then that
  /// string instead of one rebuilt character by character.
  var whole: String? = nil

  /// One laid-out line (``TextLine``, the same type for every unit).
  typealias Line = TextLine

  // Same shape as the start of LayoutPass (small structs of stored fields), kept because the
  // likeness is only field declarations of unrelated types.
  private struct Span {
    var start: Int
    var end: Int
    var width: Double
  }

  /// Breaks the text into lines for `width` and `lineLimit` (rules on the type).
  ///
  /// - Parameters:
  ///   - width: The width offered in points; nil or infinite for the ideal size.
  ///   - lineLimit: The most lines to keep; nil for no limit.
  /// - Returns: The lines with their widths; empty for an empty text.
  func lines(width: Double?, lineLimit: Int?) -> [Line] {
    guard !characters.isEmpty else { return [] }
    let limit: Double? = width.flatMap { $0.isFinite ? max($0, 0) : nil }
    var spans: [Span] = []
    forEachSpan(limit) { spans.append($0) }
    if let lineLimit {
      let cap = max(lineLimit, 1)
      if spans.count > cap {
        var kept = spans[0..<(cap - 1)].map { Line(text: text($0), width: $0.width) }
        kept.append(truncatedTail(from: spans[cap - 1], limit: limit))
        return kept
      }
    }
    return spans.map { Line(text: text($0), width: $0.width) }
  }

  /// The number of lines and the width of the widest (0 for no line), as
  /// ``lines(width:lineLimit:)`` sets them, without building their strings or any array:
  /// what layout asks of a text (`TextMeasurer.measureExtent`).
  ///
  /// - Parameters:
  ///   - width: The width offered in points; nil or infinite for the ideal size.
  ///   - lineLimit: The most lines to keep; nil for no limit.
  /// - Returns: The line count and the widest line's width in points.
  func extent(width: Double?, lineLimit: Int?) -> (lineCount: Int, widest: Double) {
    guard !characters.isEmpty else { return (0, 0) }
    let limit: Double? = width.flatMap { $0.isFinite ? max($0, 0) : nil }
    let cap = lineLimit.map { max($0, 1) } ?? Int.max
    var count = 0
    // The widest of the lines before the cap-th, and the cap-th itself, which becomes the
    // truncated tail when more lines follow it.
    var widest = 0.0
    var capped: Span?
    forEachSpan(limit) { span in
      count += 1
      if count < cap {
        widest = max(widest, span.width)
      } else if count == cap {
        capped = span
      }
    }
    guard let capped else { return (count, widest) }
    if count > cap { return (cap, max(widest, tailWidth(from: capped, limit: limit))) }
    return (count, max(widest, capped.width))
  }

  /// Hands every line's span to `body`, in order: each paragraph (the text between hard
  /// breaks) wrapped on its own.
  private func forEachSpan(_ limit: Double?, _ body: (Span) -> Void) {
    var start = 0
    for i in 0...characters.count {
      if i == characters.count || characters[i].isHardBreak {
        wrap(start, i, limit, body)
        start = i + 1
      }
    }
  }

  /// The characters of `span` as a string (the whole text when it is all of it).
  private func text(_ span: Span) -> String {
    if span.start == 0, span.end == characters.count, let whole { return whole }
    return Unit.text(characters[span.start..<span.end], breaksAsSpaces: false)
  }

  /// The width of `start..<end` without trailing spaces, and the end without them.
  private func visible(_ start: Int, _ end: Int) -> (end: Int, width: Double) {
    var e = end
    while e > start, characters[e - 1].isSpace { e -= 1 }
    var w = 0.0
    for k in start..<e { w += advances[k] }
    return (e, w)
  }

  /// Wraps the paragraph `start..<end`, handing each line's span to `emit`.
  private func wrap(_ start: Int, _ end: Int, _ limit: Double?, _ emit: (Span) -> Void) {
    guard let limit else {
      let v = visible(start, end)
      emit(Span(start: start, end: v.end, width: v.width))
      return
    }
    var lineStart = start
    var lineEnd = start  // end of the last word on the line (exclusive)
    var lineWidth = 0.0  // width up to lineEnd
    var empty = true
    var i = start
    while i < end {
      // Skip the spaces before a word, measuring them.
      var spaceWidth = 0.0
      var j = i
      while j < end, characters[j].isSpace {
        spaceWidth += advances[j]
        j += 1
      }
      if j == end { break }
      var k = j
      var wordWidth = 0.0
      while k < end, !characters[k].isSpace {
        wordWidth += advances[k]
        k += 1
      }
      if !empty, lineWidth + spaceWidth + wordWidth <= limit + 1e-9 {
        lineWidth += spaceWidth + wordWidth
        lineEnd = k
        i = k
        continue
      }
      if !empty {
        emit(Span(start: lineStart, end: lineEnd, width: lineWidth))
      } else if j > i && lineStart == i {
        // Leading spaces of a paragraph are kept on its first line.
        wordWidth += spaceWidth
        j = i
      }
      // Start a new line with the word, breaking it between characters if it is too wide.
      var w = j
      var width = 0.0
      var s = w
      while w < k {
        if width > 0, width + advances[w] > limit + 1e-9 {
          emit(Span(start: s, end: w, width: width))
          s = w
          width = 0
        }
        width += advances[w]
        w += 1
      }
      lineStart = s
      lineEnd = k
      lineWidth = width
      empty = false
      i = k
    }
    if empty {
      // An empty or all-space paragraph is one empty line (it still takes a line's height).
      emit(Span(start: start, end: start, width: 0))
    } else {
      emit(Span(start: lineStart, end: lineEnd, width: lineWidth))
    }
  }

  /// The last kept line, cut at the tail with "…".
  private func truncatedTail(from span: Span, limit: Double?) -> Line {
    guard let limit else {
      return Line(text: text(span) + "…", width: span.width + ellipsisAdvance)
    }
    let v = tail(from: span, limit: limit)
    let body = Unit.text(characters[span.start..<v.end], breaksAsSpaces: true)
    return Line(text: body + "…", width: v.width + ellipsisAdvance)
  }

  /// The width of ``truncatedTail(from:limit:)``'s line, without its text.
  private func tailWidth(from span: Span, limit: Double?) -> Double {
    guard let limit else { return span.width + ellipsisAdvance }
    return tail(from: span, limit: limit).width + ellipsisAdvance
  }

  /// Where the truncated tail starting at `span` ends (trailing spaces removed) and its
  /// width before the "…": the rest of the text from the span's start, as many characters
  /// as fit in `limit` with the "…".
  private func tail(from span: Span, limit: Double) -> (end: Int, width: Double) {
    var end = span.start
    var width = 0.0
    while end < characters.count {
      let a = advances[end]
      if width + a + ellipsisAdvance > limit + 1e-9 { break }
      width += a
      end += 1
    }
    return visible(span.start, end)
  }
}

/// One laid-out line: its text and its width in points.
struct TextLine: Equatable {
  var text: String
  var width: Double
}

/// The line breaker over a text's `Character`s (any text).
typealias LineBreaker = TextLineBreaker<Character>

/// One unit of a text for ``TextLineBreaker``: a `Character`, or a byte of ASCII text.
protocol LineBreakUnit {
  /// True for a space (U+0020), where lines break.
  var isSpace: Bool { get }
  /// True for a hard line break: `"\n"`, `"\r"` or `"\r\n"`.
  var isHardBreak: Bool { get }
  /// The units as a string, hard breaks written as spaces when `breaksAsSpaces` is true.
  static func text(_ units: ArraySlice<Self>, breaksAsSpaces: Bool) -> String
}

extension Character: LineBreakUnit {
  var isSpace: Bool { self == " " }
  var isHardBreak: Bool { self == "\n" || self == "\r" || self == "\r\n" }

  /// Appended one by one (`String(characters[range])` takes a slow generic path: issue 17,
  /// point 4).
  static func text(_ units: ArraySlice<Character>, breaksAsSpaces: Bool) -> String {
    var text = ""
    for c in units { text.append(breaksAsSpaces && c.isHardBreak ? " " : c) }
    return text
  }
}

extension UInt8: LineBreakUnit {
  var isSpace: Bool { self == 0x20 }
  var isHardBreak: Bool { self == 0x0A || self == 0x0D }

  static func text(_ units: ArraySlice<UInt8>, breaksAsSpaces: Bool) -> String {
    guard breaksAsSpaces else { return String(decoding: units, as: UTF8.self) }
    return String(decoding: units.lazy.map { $0.isHardBreak ? 0x20 : $0 }, as: UTF8.self)
  }
}
