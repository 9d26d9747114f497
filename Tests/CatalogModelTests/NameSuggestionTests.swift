import CatalogModel
import Testing

/// The one "did you mean" function: distance, threshold and the choice among candidates.
@Suite struct NameSuggestionTests {
  @Test(
    arguments: [
      ("width", "width", 0), ("widht", "width", 1), ("dbb", "db", 1), ("kitten", "sitting", 3),
      ("", "abc", 3), ("ab", "ba", 1), ("ca", "abc", 3),
    ] as [(String, String, Int)])
  func distance(_ a: String, _ b: String, _ expected: Int) {
    #expect(NameSuggestion.distance(a, b) == expected)
    #expect(NameSuggestion.distance(b, a) == expected)
  }

  @Test(
    arguments: [
      ("widht", ["height", "width", "format"], "width"),
      ("VStak", ["HStack", "VStack", "ZStack"], "VStack"),
      ("vstack", ["HStack", "VStack"], "VStack"),
      ("space.mdd", ["space.md", "space.lg"], "space.md"),
      ("rend", ["render", "remove"], "render"),
      ("xyzzy", ["render", "remove"], nil),
      ("a", ["b", "render"], "b"),
      ("width", ["width"], nil),
    ] as [(String, [String], String?)])
  func nearest(_ typed: String, _ candidates: [String], _ expected: String?) {
    #expect(NameSuggestion.nearest(typed, among: candidates) == expected)
  }

  @Test func thresholdGrowsWithTheNameUpToThree() {
    #expect(NameSuggestion.threshold(forLength: 2) == 1)
    #expect(NameSuggestion.threshold(forLength: 6) == 2)
    #expect(NameSuggestion.threshold(forLength: 40) == 3)
    // Four edits away from a long name is not a typo.
    #expect(NameSuggestion.nearest("abcdefghijkl", among: ["abcdefghwxyz"]) == nil)
  }

  @Test func suffixNamesTheSuggestionWithItsPrefix() {
    #expect(
      NameSuggestion.didYouMean("widht", among: ["width"], prefix: "--")
        == "; did you mean '--width'?")
    #expect(NameSuggestion.didYouMean("zzz", among: ["width"]).isEmpty)
  }
}
