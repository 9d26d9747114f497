import CatalogModel

/// The differences between two lists of tokens (two sets, two files): added, removed,
/// changed, and probably renamed — a removed and an added token with the same type and
/// value, the only two of it or paired by a path strictly more similar than the others.
public struct TokenDiff: Sendable, Equatable {
  /// A token whose value or type changed.
  public struct Change: Sendable, Equatable {
    /// The path.
    public var path: String
    /// The old value as JSON text.
    public var old: String
    /// The new value as JSON text.
    public var new: String
  }

  /// Paths only in the second list.
  public var added: [String]
  /// Paths only in the first list.
  public var removed: [String]
  /// Paths in both whose value, type, description or deprecation differ.
  public var changed: [Change]
  /// (old, new) pairs taken out of `removed` and `added`.
  public var renamed: [(old: String, new: String)]

  /// Equal when every part is equal.
  public static func == (a: TokenDiff, b: TokenDiff) -> Bool {
    a.added == b.added && a.removed == b.removed && a.changed == b.changed
      && a.renamed.map { "\($0.old)>\($0.new)" } == b.renamed.map { "\($0.old)>\($0.new)" }
  }

  /// True when the lists hold the same tokens.
  public var isEmpty: Bool {
    added.isEmpty && removed.isEmpty && changed.isEmpty && renamed.isEmpty
  }

  /// Compares two lists.
  /// - Parameters:
  ///   - a: The old tokens.
  ///   - b: The new tokens.
  /// - Returns: The differences, each list in the order of the token lists.
  public static func compare(_ a: [DesignToken], _ b: [DesignToken]) -> TokenDiff {
    let byPathA = Dictionary(a.map { ($0.path, $0) }, uniquingKeysWith: { _, l in l })
    let byPathB = Dictionary(b.map { ($0.path, $0) }, uniquingKeysWith: { _, l in l })
    var added = b.filter { byPathA[$0.path] == nil }
    var removed = a.filter { byPathB[$0.path] == nil }
    var changed: [Change] = []
    for t in a {
      guard let u = byPathB[t.path] else { continue }
      if t.value != u.value || t.type != u.type || t.description != u.description
        || t.deprecated != u.deprecated
      {
        changed.append(
          Change(path: t.path, old: JSONWriter.compact(t.value), new: JSONWriter.compact(u.value)))
      }
    }
    let renamed = renames(removed: removed, added: added)
    let oldNames = Set(renamed.map(\.old))
    let newNames = Set(renamed.map(\.new))
    added.removeAll { newNames.contains($0.path) }
    removed.removeAll { oldNames.contains($0.path) }
    return TokenDiff(
      added: added.map(\.path), removed: removed.map(\.path), changed: changed, renamed: renamed)
  }

  /// The most (removed × added) pairs of one type and value weighed for a rename guess; past
  /// it the tokens of that value are left as removed and added.
  static let renamePairLimit = 1_000_000

  /// The probable renames: a removed and an added token of the same type and value. When
  /// they are the only two of that value, they pair whatever their paths. When several share
  /// the value (review 19: 2,000 tokens of one value paired unrelated paths), a removed token
  /// pairs only with the added one whose path is strictly the most similar (``similarity(_:_:)``
  /// above 0, no tie): otherwise no guess is made and both stay removed and added.
  /// - Parameters:
  ///   - removed: Tokens only in the old list, in its order.
  ///   - added: Tokens only in the new list, in its order.
  /// - Returns: (old, new) pairs, in the removed tokens' order.
  static func renames(removed: [DesignToken], added: [DesignToken]) -> [(old: String, new: String)]
  {
    func key(_ t: DesignToken) -> String { (t.type ?? "") + "\u{0}" + JSONWriter.compact(t.value) }
    var addedByKey: [String: [Int]] = [:]
    for (index, t) in added.enumerated() { addedByKey[key(t), default: []].append(index) }
    var removedCount: [String: Int] = [:]
    for t in removed { removedCount[key(t), default: 0] += 1 }
    let segments = added.map { $0.path.split(separator: ".") }
    var taken = Set<Int>()
    var out: [(old: String, new: String)] = []
    for r in removed {
      let k = key(r)
      let candidates = (addedByKey[k] ?? []).filter { !taken.contains($0) }
      guard !candidates.isEmpty else { continue }
      if candidates.count == 1, removedCount[k] == 1 {
        taken.insert(candidates[0])
        out.append((r.path, added[candidates[0]].path))
        continue
      }
      guard candidates.count * (removedCount[k] ?? 1) <= renamePairLimit else { continue }
      let own = r.path.split(separator: ".")
      var bestIndex = -1
      var bestScore = 0
      var tied = false
      for c in candidates {
        let score = similarity(own, segments[c])
        if score > bestScore {
          bestIndex = c
          bestScore = score
          tied = false
        } else if score == bestScore {
          tied = true
        }
      }
      guard bestIndex >= 0, !tied else { continue }
      taken.insert(bestIndex)
      out.append((r.path, added[bestIndex].path))
    }
    return out
  }

  /// Shared path segments and a shared last segment score higher.
  static func similarity(_ a: String, _ b: String) -> Int {
    similarity(a.split(separator: "."), b.split(separator: "."))
  }

  /// ``similarity(_:_:)`` of paths split at their dots.
  static func similarity(_ x: [Substring], _ y: [Substring]) -> Int {
    var score = Set(x).intersection(Set(y)).count * 2
    if x.last == y.last { score += 3 }
    return score
  }

  /// Lines for people: `+ path`, `- path`, `~ path: old → new`, `> old → new (probably renamed)`.
  public var lines: [String] {
    added.map { "+ \($0)" } + removed.map { "- \($0)" }
      + changed.map { "~ \($0.path): \($0.old) → \($0.new)" }
      + renamed.map { "> \($0.old) → \($0.new) (probably renamed: same type and value)" }
  }
}
