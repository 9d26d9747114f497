import CatalogModel

/// The differences between two lists of tokens (two sets, two files): added, removed,
/// changed, and probably renamed — a removed and an added token with the same type and
/// value, paired by the most similar path.
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
    var renamed: [(old: String, new: String)] = []
    for r in removed {
      let candidates = added.filter { $0.type == r.type && $0.value == r.value }
      guard
        let best = candidates.max(by: { similarity(r.path, $0.path) < similarity(r.path, $1.path) })
      else { continue }
      renamed.append((r.path, best.path))
      added.removeAll { $0.path == best.path }
    }
    removed.removeAll { r in renamed.contains { $0.old == r.path } }
    return TokenDiff(
      added: added.map(\.path), removed: removed.map(\.path), changed: changed, renamed: renamed)
  }

  /// Shared path segments and a shared last segment score higher.
  static func similarity(_ a: String, _ b: String) -> Int {
    let x = a.split(separator: ".")
    let y = b.split(separator: ".")
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
