import Testing

@testable import CatalogLayout

@Suite("FixedAdvanceTextMeasurer and TextStyles")
struct TextMeasurerTests {
  let measurer = FixedAdvanceTextMeasurer()

  @Test("ideal size is one unwrapped line")
  func ideal() {
    let m = measurer.measure("Hello, world", style: TextStyle(), proposedWidth: nil)
    #expect(m.size == Size(width: 102, height: 22))
    #expect(m.lines == ["Hello, world"])
    #expect(m.firstBaseline == 0.8 * 22)
    #expect(measurer.measure("Hello, world", style: TextStyle(), proposedWidth: .infinity) == m)
  }

  @Test("greedy wrapping at spaces reports the widest line")
  func wrapping() {
    let m = measurer.measure("Hello, world", style: TextStyle(), proposedWidth: 61)
    #expect(m.lines == ["Hello,", "world"])
    #expect(m.size == Size(width: 51, height: 44))
    #expect(m.lastBaseline == 22 + 0.8 * 22)
    // Exactly fitting width keeps one line.
    #expect(measurer.measure("ab cd", style: TextStyle(), proposedWidth: 42.5).lines == ["ab cd"])
  }

  @Test("a word longer than the width breaks between characters, at least one per line")
  func longWord() {
    #expect(
      measurer.measure("abcde", style: TextStyle(), proposedWidth: 17).lines == ["ab", "cd", "e"])
    let zero = measurer.measure("abc", style: TextStyle(), proposedWidth: 0)
    #expect(zero.lines == ["a", "b", "c"])
    #expect(zero.size == Size(width: 8.5, height: 66))
  }

  @Test("lineLimit truncates the last kept line with an ellipsis")
  func lineLimit() {
    let two = measurer.measure(
      "one two three four five", style: TextStyle(lineLimit: 2), proposedWidth: 8.5 * 9)
    // Lines without a limit: "one two", "three", "four five"; kept: "one two" and a
    // truncated "three four five": 9 fit, 8 characters + "…".
    #expect(two.lines == ["one two", "three fo…"])
    #expect(two.size.height == 44)
    let one = measurer.measure(
      "Hello brave new world", style: TextStyle(lineLimit: 1), proposedWidth: 60)
    #expect(one.lines == ["Hello…"])
    #expect(one.size == Size(width: 51, height: 22))
    // Fits within the limit: untouched.
    #expect(
      measurer.measure("Hi", style: TextStyle(lineLimit: 1), proposedWidth: 60).lines == ["Hi"])
    // A hard line break beyond the limit at ideal width.
    #expect(
      measurer.measure("a\nb", style: TextStyle(lineLimit: 1), proposedWidth: nil).lines == ["a…"])
  }

  @Test("empty string is 0×0")
  func empty() {
    let m = measurer.measure("", style: TextStyle(), proposedWidth: 100)
    #expect(m.size == .zero)
    #expect(m.lines.isEmpty)
  }

  @Test("text styles follow the HIG table; explicit size scales the line height")
  func styles() {
    #expect(TextStyles.names.count == 11)
    #expect(TextStyles.metrics(for: TextStyle(style: "largeTitle")) == (34, 41))
    #expect(TextStyles.metrics(for: TextStyle(style: "caption2")) == (11, 13))
    #expect(TextStyles.metrics(for: TextStyle(style: "nonsense")) == (17, 22))
    let scaled = TextStyles.metrics(for: TextStyle(style: "footnote", size: 26))
    #expect(scaled.size == 26 && scaled.lineHeight == 36)
    for name in TextStyles.names {
      #expect(TextStyles.table[name] != nil)
    }
  }
}
