import Testing

@testable import CatalogCLI

/// `HelpFormatter.wrap` lays ASCII text out over its bytes (issue 17, point 4: `--help`
/// spent most of its time splitting text into substrings): the lines must be the ones the
/// word-by-word rule gives, written out here as it was before.
@Suite struct HelpWrapTests {
  /// The rule by words and characters (the formatter's code before the byte path).
  static func reference(_ text: String, indent: Int) -> String {
    var lines: [String] = []
    var line = ""
    let limit = HelpFormatter.width - indent
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if !line.isEmpty && line.count + 1 + word.count > limit {
        lines.append(line)
        line = ""
      }
      line += line.isEmpty ? String(word) : " " + word
    }
    if !line.isEmpty { lines.append(line) }
    let pad = String(repeating: " ", count: indent)
    return lines.map { pad + $0 }.joined(separator: "\n")
  }

  static let texts = [
    "", " ", "   ", "word", "  two  words  ", "Show help information.",
    String(repeating: "abc ", count: 40), String(repeating: "x", count: 120) + " tail",
    "a\nb c\n\nd", "ends with space ", String(repeating: "word ", count: 11) + "wordy",
    "Prints the component's tree with frames (points) and where each length came from.",
    "café au lait " + String(repeating: "é", count: 60) + " end", "tab\tseparated words",
  ]

  @Test func wrapMatchesTheWordRule() {
    for text in Self.texts {
      for indent in [0, 2, 26, 60, 79] {
        #expect(
          HelpFormatter.wrap(text, indent: indent) == Self.reference(text, indent: indent),
          "\(text.debugDescription) indent \(indent)")
      }
    }
  }
}
