import CatalogLayout
import CatalogTestSupport
import Foundation
import Testing

@testable import CatalogFonts

/// Debian's Inter font, on the measurer's default search list.
extension ExternalRequirement {
  static let interFont = file(
    FreeTypeTextMeasurer.regularSearchPaths, name: "the Inter font", package: "fonts-inter")
}

@Suite("FreeTypeTextMeasurer")
struct FreeTypeTextMeasurerTests {
  private func measurer() throws -> FreeTypeTextMeasurer { try FreeTypeTextMeasurer() }
  private let body = TextStyle()

  @Test("a missing font file is a clear error, not a crash")
  func missingFont() {
    #expect(
      throws: FontLoadingError.notFound(font: "Nope.otf", searched: ["/nonexistent/Nope.otf"])
    ) {
      try FreeTypeTextMeasurer(regularPath: "/nonexistent/Nope.otf")
    }
    let message = FontLoadingError.notFound(font: "Inter-Regular", searched: ["/a", "/b"])
      .description
    #expect(message.contains("/a, /b") && message.contains("fonts-inter"))
  }

  @Test("a file that is not a font is reported as unreadable")
  func notAFont() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "catalog-not-a-font-\(getpid()).otf")
    try Data("not a font".utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    #expect {
      try FreeTypeTextMeasurer(regularPath: url.path)
    } throws: { error in
      if case .unreadable(let path, _) = error as? FontLoadingError { return path == url.path }
      return false
    }
  }

  @Test("Inter is found on the documented search list", .requires(.interFont))
  func findsInter() throws {
    let m = try measurer()
    #expect(
      m.regularPath.hasSuffix("Inter-Regular.otf") || m.regularPath.hasSuffix("Inter-Regular.ttf"))
    #expect(m.semiboldPath.contains("Inter-SemiBold"))
  }

  @Test("ideal size: real advances on one line, the style's line height", .requires(.interFont))
  func idealSize() throws {
    let m = try measurer()
    let narrow = m.measure("iiii", style: body, proposedWidth: nil)
    let wide = m.measure("MMMM", style: body, proposedWidth: nil)
    #expect(narrow.size.height == 22 && wide.size.height == 22)
    #expect(narrow.size.width < wide.size.width / 2)
    let hello = m.measure("Hello, world", style: body, proposedWidth: nil)
    // Inter at 17 pt sets "Hello, world" about 95 pt wide (SF Pro: about 93 pt).
    #expect(hello.size.width > 85 && hello.size.width < 105)
    #expect(hello.lines == ["Hello, world"])
    #expect(m.measure("Hello, world", style: body, proposedWidth: .infinity) == hello)
  }

  @Test("advances scale linearly with an explicit size", .requires(.interFont))
  func scalesWithSize() throws {
    let m = try measurer()
    let a = m.measure("Layout", style: TextStyle(size: 10), proposedWidth: nil).size.width
    let b = m.measure("Layout", style: TextStyle(size: 40), proposedWidth: nil).size.width
    #expect(abs(b - 4 * a) < 1e-9)
  }

  @Test("headline uses the semibold face, wider than body", .requires(.interFont))
  func headlineIsSemibold() throws {
    let m = try measurer()
    let regular = m.measure("Headline text", style: body, proposedWidth: nil).size.width
    let semibold = m.measure(
      "Headline text", style: TextStyle(style: "headline"), proposedWidth: nil
    ).size.width
    #expect(semibold > regular)
  }

  @Test("wraps at spaces under a narrower width; lines never exceed it", .requires(.interFont))
  func wraps() throws {
    let m = try measurer()
    let ideal = m.measure("The quick brown fox jumps", style: body, proposedWidth: nil)
    let width = ideal.size.width / 2
    let wrapped = m.measure("The quick brown fox jumps", style: body, proposedWidth: width)
    #expect(wrapped.lines.count >= 2)
    #expect(wrapped.size.width <= width)
    #expect(wrapped.size.height == Double(wrapped.lines.count) * 22)
    #expect(wrapped.lines.joined(separator: " ") == "The quick brown fox jumps")
    #expect(wrapped.lastBaseline == wrapped.firstBaseline + Double(wrapped.lines.count - 1) * 22)
  }

  @Test("a word wider than the proposal breaks between characters", .requires(.interFont))
  func longWord() throws {
    let m = try measurer()
    let r = m.measure("Supercalifragilistic", style: body, proposedWidth: 30)
    #expect(r.lines.count > 2)
    #expect(r.lines.joined() == "Supercalifragilistic")
    let zero = m.measure("abc", style: body, proposedWidth: 0)
    #expect(zero.lines == ["a", "b", "c"])
  }

  @Test("lineLimit truncates the tail with an ellipsis that fits", .requires(.interFont))
  func truncates() throws {
    let m = try measurer()
    let text = "The quick brown fox jumps over the lazy dog"
    let r = m.measure(text, style: TextStyle(lineLimit: 1), proposedWidth: 100)
    #expect(r.lines.count == 1)
    #expect(r.lines[0].hasSuffix("…"))
    #expect(r.size.width <= 100)
    #expect(r.size.height == 22)
    let two = m.measure(text, style: TextStyle(lineLimit: 2), proposedWidth: 100)
    #expect(two.lines.count == 2 && two.lines[1].hasSuffix("…") && !two.lines[0].hasSuffix("…"))
    // Fits on one line: nothing to truncate.
    #expect(
      m.measure("Short", style: TextStyle(lineLimit: 1), proposedWidth: 200).lines == ["Short"])
  }

  @Test("the baseline comes from the font's ascender, centred in the line", .requires(.interFont))
  func baseline() throws {
    let m = try measurer()
    let r = m.measure("Baseline", style: body, proposedWidth: nil)
    // Inter: ascender 0.969 em, descender −0.242 em; at 17 pt in a 22 pt line ≈ 17.17.
    #expect(r.firstBaseline > 16.5 && r.firstBaseline < 18)
    #expect(r.lastBaseline == r.firstBaseline)
  }

  @Test("empty text is 0×0; hard breaks start new lines", .requires(.interFont))
  func emptyAndBreaks() throws {
    let m = try measurer()
    #expect(m.measure("", style: body, proposedWidth: nil).size == .zero)
    let r = m.measure("one\ntwo", style: body, proposedWidth: nil)
    #expect(r.lines == ["one", "two"])
    #expect(r.size.height == 44)
  }

  @Test("measuring from many threads at once gives the same answers", .requires(.interFont))
  func concurrent() async throws {
    let m = try measurer()
    let expected = m.measure("Concurrency is fine", style: body, proposedWidth: 80)
    let results = await withTaskGroup(of: TextMeasurement.self) { group in
      for k in 0..<64 {
        group.addTask {
          // Different characters per task so the caches are written concurrently too.
          _ = m.measure(
            "warm \(k) ÄÖÜ ß \(k * 7)", style: TextStyle(style: k % 2 == 0 ? "headline" : "body"),
            proposedWidth: 50)
          return m.measure("Concurrency is fine", style: TextStyle(), proposedWidth: 80)
        }
      }
      var all: [TextMeasurement] = []
      for await r in group { all.append(r) }
      return all
    }
    #expect(results.count == 64)
    #expect(results.allSatisfy { $0 == expected })
  }

  @Test(
    "an advance is the sum of its scalars' advances, on the ASCII fast path and off it",
    .requires(.interFont))
  func characterAdvances() throws {
    let face = try FontFace(path: try measurer().regularPath)
    // "\r\n" is one character of two ASCII scalars, "e\u{301}" one of an ASCII and a
    // combining scalar: neither may be read as its first byte alone.
    let single = face.advances(of: ["\r", "\n", "e", "\u{301}", "…", " ", "ß"])
    let combined = face.advances(of: ["\r\n", "e\u{301}", "ß"])
    #expect(combined[0] == single[0] + single[1])
    #expect(combined[1] == single[2] + single[3])
    #expect(combined[2] == single[6])
    #expect(single[2] > 0 && single[6] > 0)
    // Read from the caches a second time: the same values.
    #expect(face.advances(of: ["\r\n", "e\u{301}", "ß"]) == combined)
    #expect(face.ellipsisAndSpaceAdvances() == [single[4], single[5]])
    #expect(face.ellipsisAndSpaceAdvances() == face.advances(of: ["…", " "]))
  }

  @Test(
    "a text measured again gives what a fresh measurer gives (the per-text memo)",
    .requires(.interFont))
  func memoMatchesFreshMeasurer() throws {
    let m = try measurer()
    // Canonically equivalent texts are equal Strings but keep their own characters.
    let decomposed = m.measure("Cafe\u{301} au lait", style: body, proposedWidth: nil)
    let precomposed = m.measure("Caf\u{E9} au lait", style: body, proposedWidth: nil)
    #expect(
      decomposed.lines.map { Array($0.unicodeScalars) } == [
        Array("Cafe\u{301} au lait".unicodeScalars)
      ])
    #expect(
      precomposed.lines.map { Array($0.unicodeScalars) } == [
        Array("Caf\u{E9} au lait".unicodeScalars)
      ])
    let styles = [
      body, TextStyle(lineLimit: 1), TextStyle(size: 30), TextStyle(style: "headline"),
      TextStyle(style: "caption"), TextStyle(size: 30, lineLimit: 2),
    ]
    let widths: [Double?] = [nil, .infinity, 0, 40, 120, nil]
    var results: [TextMeasurement] = []
    for style in styles {
      for width in widths {
        results.append(
          m.measure("A line that wraps\nand breaks", style: style, proposedWidth: width))
      }
    }
    var k = 0
    for style in styles {
      for width in widths {
        let fresh = try measurer().measure(
          "A line that wraps\nand breaks", style: style, proposedWidth: width)
        #expect(results[k] == fresh, "style \(style), width \(String(describing: width))")
        k += 1
      }
    }
  }

  @Test("a laid-out HStack uses the measurer's widths", .requires(.interFont))
  func inLayout() throws {
    let m = try measurer()
    let env = LayoutEnvironment(displayScale: 1000, textMeasurer: m)
    let text = LayoutNode(.text("Hello", TextStyle()))
    let stack = LayoutNode(
      .stack(axis: .horizontal, alignment: .center, spacing: 0), children: [text])
    let size = LayoutEngine(environment: env).layout(stack, in: .unspecified)
    let width = m.measure("Hello", style: TextStyle(), proposedWidth: nil).size.width
    #expect(abs(size.width - width) < 0.001)
  }
}

@Suite("LineBreaker")
struct LineBreakerTests {
  private func breaker(_ text: String, advance: Double = 10) -> LineBreaker {
    let chars = Array(text)
    return LineBreaker(
      characters: chars, advances: chars.map { _ in advance }, ellipsisAdvance: advance)
  }

  @Test("greedy wrapping drops the spaces at breaks")
  func greedy() {
    let lines = breaker("aa bb cc").lines(width: 50, lineLimit: nil)
    #expect(lines.map(\.text) == ["aa bb", "cc"])
    #expect(lines.map(\.width) == [50, 20])
  }

  @Test("tail truncation keeps the longest prefix that fits with the ellipsis")
  func tail() {
    let lines = breaker("aa bb cc dd").lines(width: 50, lineLimit: 1)
    // 4 characters + "…" = 50.
    #expect(lines.map(\.text) == ["aa b…"])
    let trimmed = breaker("aa bb cc").lines(width: 40, lineLimit: 1)
    // "aa " would fit with "…" but trailing spaces are removed.
    #expect(trimmed.map(\.text) == ["aa…"])
    #expect(trimmed[0].width == 30)
  }

  @Test("no width: one line per paragraph; a limit appends the ellipsis")
  func ideal() {
    #expect(breaker("a b\nc").lines(width: nil, lineLimit: nil).map(\.text) == ["a b", "c"])
    #expect(breaker("a b\nc").lines(width: nil, lineLimit: 1).map(\.text) == ["a b…"])
  }
}
