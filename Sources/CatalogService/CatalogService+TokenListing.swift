import CatalogStore
import CatalogTokens

/// One row of `tokens list`: a token as one set holds it, with the points that value
/// resolves to and which set wins its path.
public struct ListedToken: Sendable {
  /// The row as stored (its set, path, type and own `$value`).
  public var record: StoredToken
  /// The points the row's own value resolves to, aliases followed through the winning
  /// tokens of the other paths (nil when it is no length or does not resolve).
  public var points: Double?
  /// The set whose token wins the path (Resolver §6: the last set by precedence).
  public var winningSet: String
  /// The other sets that hold the path, lowest precedence first.
  public var overriddenSets: [String]
}

extension CatalogService {
  /// The rows `tokens list` shows: without a set, one row per path, the winning set's
  /// (its value and its points, naming the sets it overrides); with a set, that set's
  /// rows, each with the points of its own value and the set that wins the path. The
  /// value and the points of a row always come from the same token.
  /// - Parameter set: A set's name, or nil for every path.
  /// - Returns: The rows, in the store's order (by precedence, then path order).
  /// - Throws: ``CatalogError/notFound(kind:name:known:)`` for an unknown set.
  public func tokenListing(inSet set: String?) throws(CatalogError) -> [ListedToken] {
    let all = try tokens(inSet: nil)
    var winner: [String: Int] = [:]
    var holders: [String: [String]] = [:]
    for (i, r) in all.enumerated() {
      winner[r.path] = i
      holders[r.path, default: []].append(r.set)
    }
    var resolver: TokenResolver?
    func points(_ r: StoredToken, wins: Bool) throws(CatalogError) -> Double? {
      if wins { return r.resolvedPoints }
      // A row that does not win: its own value over the winning tokens of other paths.
      if resolver == nil { resolver = try tokenResolver() }
      var tokens = resolver?.tokens ?? [:]
      tokens[r.path] = RecordMapping.token(from: r)
      return try? TokenResolver(tokens: tokens).resolve(r.path).points
    }
    if let set {
      let rows = try tokens(inSet: set)
      var result: [ListedToken] = []
      for r in rows {
        let win = winner[r.path].map { all[$0].set } ?? r.set
        result.append(
          ListedToken(
            record: r, points: try points(r, wins: win == r.set), winningSet: win,
            overriddenSets: (holders[r.path] ?? []).filter { $0 != win }))
      }
      return result
    }
    var seen = Set<String>()
    var result: [ListedToken] = []
    for r in all where seen.insert(r.path).inserted {
      guard let w = winner[r.path] else { continue }
      let row = all[w]
      result.append(
        ListedToken(
          record: row, points: row.resolvedPoints, winningSet: row.set,
          overriddenSets: (holders[r.path] ?? []).filter { $0 != row.set }))
    }
    return result
  }
}
