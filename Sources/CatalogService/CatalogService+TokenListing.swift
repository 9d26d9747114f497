import CatalogStore
import CatalogTokens

/// One row of `tokens list`: a token as one set holds it, with the points that value
/// resolves to and which set wins its path.
public struct ListedToken: Sendable {
  /// The row as stored (its set, path, type and own `$value`).
  public var record: StoredToken
  /// The points the row's own value resolves to, aliases followed in its set's view
  /// (``CatalogService/tokenResolver(viewOf:inputs:)``: the set's own tokens, then the
  /// winning tokens of the other paths; nil when it is no length or does not resolve).
  public var points: Double?
  /// The set whose token wins the path (Resolver §6: the last set by precedence).
  public var winningSet: String
  /// The sets below this row's set that hold the path, whose tokens this row's overrides
  /// (Resolver §6), lowest precedence first; never the row's own set.
  public var overriddenSets: [String]
}

extension CatalogService {
  /// The rows `tokens list` shows: without a set, one row per path, the winning set's
  /// (its value and its points, naming the sets it overrides); with a set, that set's
  /// rows, each with the points of its own value resolved within the set's view
  /// (``tokenResolver(viewOf:inputs:)``: an alias to a path the set holds takes the set's
  /// token) and the set that wins the path. The value and the points of a row always come
  /// from the same token.
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
    if let set {
      let rows = try tokens(inSet: set)
      // The set's own values, its aliases resolved within the set's view (the one rule of
      // tokenResolver(viewOf:)); when the catalog holds this set only, the view is the
      // catalog and the stored resolved values answer.
      var view: TokenResolver?
      var result: [ListedToken] = []
      for r in rows {
        let win = winner[r.path].map { all[$0].set } ?? r.set
        let points: Double?
        if all.count == rows.count {
          points = r.resolvedPoints
        } else {
          if view == nil { view = try tokenResolver(viewOf: set) }
          points = try? view?.resolve(r.path).points
        }
        result.append(
          ListedToken(
            record: r, points: points, winningSet: win,
            overriddenSets: Array((holders[r.path] ?? []).prefix { $0 != r.set })))
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
