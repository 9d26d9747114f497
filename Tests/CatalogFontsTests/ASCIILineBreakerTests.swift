import CatalogLayout
import CatalogTestSupport
import Testing

@testable import CatalogFonts

/// ASCII text with no `"\r"` is broken into lines over its bytes (issue 17, point 4): the
/// lines and widths must be the ones the `Character` path gives, for every width and limit.
@Suite struct ASCIILineBreakerTests {
  static let texts = [
    "a", "Title 1", "aa bb cc dd", "  leading spaces", "trailing   ", "a\nb", "\n", "a\n\nb c",
    "averyveryverylongwordthatbreaks here", "x y z w v u t s r q p o n m", "   ",
    "one\ntwo three\n",
    "tab\tstop", "a  b   c    d",
  ]

  /// A different advance per byte, so that a mismatched index shows in the widths.
  static func advances(_ bytes: [UInt8]) -> [Double] {
    bytes.map { Double($0 % 7) + 3.25 }
  }

  @Test func bytesBreakLikeCharacters() throws {
    for text in Self.texts {
      let bytes = try #require(FreeTypeTextMeasurer.asciiBytes(text))
      let characters = Array(text)
      #expect(bytes.count == characters.count)
      let advances = Self.advances(bytes)
      let byByte = TextLineBreaker(
        characters: bytes, advances: advances, ellipsisAdvance: 9.5, whole: text)
      let byCharacter = LineBreaker(
        characters: characters, advances: advances, ellipsisAdvance: 9.5, whole: text)
      for width in [nil, 0, 5, 12.5, 20, 33, 50, 80, 1000, Double.infinity] as [Double?] {
        for limit in [nil, 0, 1, 2, 3] as [Int?] {
          let expected = byCharacter.lines(width: width, lineLimit: limit)
          let lines = byByte.lines(width: width, lineLimit: limit)
          #expect(
            lines == expected,
            "\(text.debugDescription) width \(width as Any) limit \(limit as Any)")
        }
      }
    }
  }

  @Test func onlyASCIIWithoutCarriageReturnsTakesTheBytePath() {
    #expect(FreeTypeTextMeasurer.asciiBytes("Hello, world\n") == Array("Hello, world\n".utf8))
    #expect(FreeTypeTextMeasurer.asciiBytes("") == [])
    #expect(FreeTypeTextMeasurer.asciiBytes("a\r\nb") == nil)
    #expect(FreeTypeTextMeasurer.asciiBytes("a\rb") == nil)
    #expect(FreeTypeTextMeasurer.asciiBytes("café") == nil)
    #expect(FreeTypeTextMeasurer.asciiBytes("e\u{301}") == nil)
    #expect(FreeTypeTextMeasurer.asciiBytes("…") == nil)
  }

  /// A face gives the same advances for ASCII bytes as for their characters, from the
  /// recorded metrics and from FreeType.
  @Test(.requires(.interFont))
  func asciiAdvancesMatchCharacterAdvances() throws {
    let path = try FreeTypeTextMeasurer().regularPath
    for useKnownMetrics in [true, false] {
      for text in Self.texts {
        let face = try FontFace(path: path, useKnownMetrics: useKnownMetrics)
        let bytes = try #require(FreeTypeTextMeasurer.asciiBytes(text))
        #expect(
          face.advances(ofASCII: bytes) == face.advances(of: Array(text)),
          "\(text.debugDescription)")
      }
    }
  }
}
