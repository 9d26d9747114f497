import CatalogModel

extension TokenGraph {
  /// The one rule that a composite token's member aliases name tokens of the members'
  /// types (DTCG Format §9, §7.4.5), as import checks it
  /// (``TokenValue/compositeMemberProblem(_:type:aliasType:)``): `tokens set`, the
  /// dependents check of every change, `doctor` and `lint --tokens` all ask it.
  /// - Parameters:
  ///   - path: A token path.
  ///   - tokens: The tokens by path (the members' targets among them).
  /// - Returns: `{path} (border): color: the alias {…} names a … token; …`, or nil.
  public static func compositeMemberProblem(path: String, tokens: [String: DesignToken])
    -> String?
  {
    guard let token = tokens[path], token.aliasTarget == nil, let type = token.type,
      let problem = TokenValue.compositeMemberProblem(
        token.value, type: type,
        aliasType: { tokens[TokenGraph.storedPath($0)]?.type })
    else { return nil }
    return "{\(path)} (\(type)): \(problem)"
  }

  /// Every composite token of the graph whose member aliases name tokens of other types
  /// (``compositeMemberProblem(path:tokens:)``), in path order.
  /// - Returns: Path and problem for each.
  public func compositeMemberProblems() -> [(path: String, problem: String)] {
    tokens.keys.sorted().compactMap { path in
      guard let type = tokens[path]?.type, TokenValue.compositeTypes.contains(type),
        let problem = Self.compositeMemberProblem(path: path, tokens: tokens)
      else { return nil }
      return (path, problem)
    }
  }
}
