import CatalogRender
import Testing

/// `--format png` refuses an image larger than its stated limit before `rsvg-convert` runs.
@Suite struct PNGLimitTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var width: Double
    var height: Double
    var refused: Bool
    var testDescription: String { "\(width) × \(height)" }
  }

  @Test(arguments: [
    Case(width: 16_384, height: 4_096, refused: false),
    Case(width: 16_385, height: 10, refused: true),
    Case(width: 10, height: 16_385, refused: true),
    Case(width: 10_000, height: 10_000, refused: true),
    Case(width: 8_192, height: 8_192, refused: false),
    Case(width: 1e6, height: 1e6, refused: true),
    // Exactly 64 × 2²⁰ pixels is allowed, one row more is not (the limit the text states).
    Case(width: 4_096, height: 16_384, refused: false),
    Case(width: 8_192, height: 8_193, refused: true),
    Case(width: .infinity, height: 10, refused: true),
  ])
  func theLimit(_ c: Case) {
    var message: String?
    do { try PNGConverter.checkPixelSize(width: c.width, height: c.height) } catch {
      message = error.description
    }
    #expect((message != nil) == c.refused, "\(message ?? "accepted")")
    if let message {
      #expect(
        message.contains(
          "the most --format png makes is 16,384 pixels per side and 67,108,864 pixels (64 × 2²⁰) in all"
        ))
    }
  }

  @Test func theMessageStatesTheSize() {
    var message = ""
    do { try PNGConverter.checkPixelSize(width: 1e6, height: 2e6) } catch {
      message = error.description
    }
    #expect(message.hasPrefix("the PNG would be 1,000,000 × 2,000,000 pixels;"), "\(message)")
  }
}
