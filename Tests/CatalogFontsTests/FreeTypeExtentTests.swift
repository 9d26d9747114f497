import CatalogLayout
import CatalogTestSupport
import Testing

@testable import CatalogFonts

/// The line-free path layout asks for (`measureExtent`, `TextLineBreaker.extent`): the same
/// line count and widths as the lines themselves, for every width, limit and kind of text.
@Suite struct FreeTypeExtentTests {
  static let texts =
    ASCIILineBreakerTests.texts + [
      "café au lait", "naïve résumé words", "a\r\nb c", "e\u{301}e\u{301} long", "emoji 👍🏽 here",
    ]
  static let widths: [Double?] = [nil, 0, 1, 5, 12.5, 20, 33, 50, 80, 1000, .infinity]
  static let limits: [Int?] = [nil, 0, 1, 2, 3]

  @Test("the breaker's extent is its lines' count and widest width")
  func breakerExtentMatchesLines() {
    for text in Self.texts {
      let characters = Array(text)
      let advances = characters.indices.map { Double($0 % 7) + 3.25 }
      let breaker = LineBreaker(characters: characters, advances: advances, ellipsisAdvance: 9.5)
      for width in Self.widths {
        for limit in Self.limits {
          let lines = breaker.lines(width: width, lineLimit: limit)
          let extent = breaker.extent(width: width, lineLimit: limit)
          let widest = lines.reduce(0.0) { max($0, $1.width) }
          let label = "\(text.debugDescription) width \(width as Any) limit \(limit as Any)"
          #expect(extent.lineCount == lines.count, "\(label)")
          #expect(extent.widest.bitPattern == widest.bitPattern, "\(label)")
        }
      }
    }
  }

  @Test(
    "measureExtent gives measure's size, baselines and line count", .requires(.interFont),
    arguments: ["body", "headline", "caption"])
  func measurerExtentMatchesMeasure(style name: String) throws {
    // Extents asked first in one measurer, after the measurements in another (the memo
    // filled by either path).
    let first = try FreeTypeTextMeasurer()
    let second = try FreeTypeTextMeasurer()
    for limit in Self.limits {
      let style = TextStyle(style: name, lineLimit: limit)
      for text in Self.texts {
        for width in Self.widths {
          let extentFirst = first.measureExtent(text, style: style, proposedWidth: width)
          let measured = first.measure(text, style: style, proposedWidth: width)
          let measuredFirst = second.measure(text, style: style, proposedWidth: width)
          let extentAfter = second.measureExtent(text, style: style, proposedWidth: width)
          let label = "\(text.debugDescription) \(name) width \(width as Any) limit \(limit as Any)"
          #expect(extentFirst == measured.extent, "\(label)")
          #expect(extentAfter == measuredFirst.extent, "\(label)")
        }
      }
    }
  }
}
