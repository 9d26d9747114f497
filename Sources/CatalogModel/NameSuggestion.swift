/// "Did you mean": the one function every look-up that misses a name uses to suggest the
/// nearest known one: commands, options and option values on the command line, component
/// names, variants, platforms, token paths and argument names, and the view types,
/// properties, modifiers and enumerated values of a definition.
///
/// A candidate is near when its edit distance to the name is at most a third of the name's
/// length (at least 1, at most 3 edits), comparing without case; the distance is the
/// optimal string alignment distance (Levenshtein's insertions, deletions and substitutions,
/// plus the transposition of two neighbouring characters, so `widht` is one edit from
/// `width`). Failing that, a candidate that starts with a name of two or more characters
/// is suggested (`rend` → `render`).
public enum NameSuggestion {
  /// The message suffix `; did you mean 'render'?`, or an empty string when no candidate
  /// is near.
  /// - Parameters:
  ///   - name: What was typed.
  ///   - candidates: The known names.
  ///   - prefix: Put before the suggested name (`--` for options, `$` for parameters).
  /// - Returns: The suffix for the error message.
  public static func didYouMean(
    _ name: String, among candidates: some Sequence<String>, prefix: String = ""
  ) -> String {
    guard let best = nearest(name, among: candidates) else { return "" }
    return "; did you mean '\(prefix)\(best)'?"
  }

  /// The message suffix `; did you mean {space.md}?` for a token path (written as DTCG
  /// writes an alias, Format §7.4.5), or an empty string when no stored path is near.
  /// - Parameters:
  ///   - path: The token path that names no token.
  ///   - paths: The known token paths.
  /// - Returns: The suffix for the error message.
  public static func didYouMean(token path: String, among paths: some Sequence<String>) -> String {
    guard let best = nearest(path, among: paths) else { return "" }
    return "; did you mean {\(best)}?"
  }

  /// The nearest candidate within the threshold, or the first one `name` is a prefix of.
  /// Ties go to the earlier candidate; a candidate equal to `name` is never suggested.
  /// - Parameters:
  ///   - name: What was typed.
  ///   - candidates: The known names.
  /// - Returns: The suggestion, or `nil`.
  public static func nearest(_ name: String, among candidates: some Sequence<String>) -> String? {
    let typed = Array(name.lowercased())
    let limit = threshold(forLength: typed.count)
    var best: (name: String, distance: Int)?
    var prefixMatch: String?
    for candidate in candidates where candidate != name {
      let other = Array(candidate.lowercased())
      // Cheap bound first: the distance is at least the difference in length.
      if abs(other.count - typed.count) <= limit {
        let d = distance(typed, other)
        if d <= limit, best.map({ d < $0.distance }) ?? true { best = (candidate, d) }
      }
      if prefixMatch == nil, typed.count >= 2, candidate.hasPrefix(name) {
        prefixMatch = candidate
      }
    }
    return best?.name ?? prefixMatch
  }

  /// How many edits a typo of a name this long may have: a third of it, at least 1, at
  /// most 3.
  /// - Parameter length: The typed name's length in characters.
  /// - Returns: The largest distance suggested.
  public static func threshold(forLength length: Int) -> Int {
    max(1, min(3, length / 3))
  }

  /// The optimal string alignment distance between two strings: insertions, deletions,
  /// substitutions and transpositions of neighbours, each one edit (Damerau's extension of
  /// Levenshtein, restricted so that no substring is edited twice). Computed with three
  /// rows, in time `a.count × b.count`.
  /// - Parameters:
  ///   - a: One string, as characters.
  ///   - b: The other.
  /// - Returns: The number of edits.
  public static func distance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          d = min(d, beforePrevious[j - 2] + 1)
        }
        current[j] = d
      }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
  }

  /// The distance between two strings (see ``distance(_:_:)-(Character,Character)``).
  /// - Parameters:
  ///   - a: One string.
  ///   - b: The other.
  /// - Returns: The number of edits.
  public static func distance(_ a: String, _ b: String) -> Int {
    distance(Array(a), Array(b))
  }
}
