import CatalogModel
import CatalogStore
import CatalogTokens

/// One use of a token by a component, reached through a chain of tokens.
struct ChainedTokenUse {
  /// The component's length that names a token.
  var use: TokenUsageRecord
  /// From the token the component names down to the token asked about:
  /// `["space.gap", "space.base"]`; one element for a direct use.
  var chain: [String]

  /// `{space.gap} → {space.base}`.
  var describedChain: String { chain.map { "{\($0)}" }.joined(separator: " → ") }
}

extension CatalogSession {
  /// Which components use a token, directly or through any chain of aliases, math and
  /// composite members: the token graph's answer (``TokenGraph/uses(of:direct:)``), shared
  /// by `tokens usage`, `tokens remove` and lint.
  ///
  /// - Parameter path: A token path, or nil for every direct use of every token.
  /// - Returns: The uses, by component and JSON path, each with its chain.
  /// - Throws: ``CommandError`` when the catalog cannot be read.
  func tokenUses(of path: String?) throws(CommandError) -> [ChainedTokenUse] {
    let direct: [TokenUsageRecord]
    do { direct = try store.tokenUsage(nil) } catch { throw .failure("\(error)") }
    guard let path else { return direct.map { ChainedTokenUse(use: $0, chain: [$0.tokenPath]) } }
    var byToken: [String: [TokenUsageRecord]] = [:]
    for use in direct { byToken[use.tokenPath, default: []].append(use) }
    let graph = try tokenResolver().graph
    return graph.uses(of: path) { byToken[$0] ?? [] }
      .map { ChainedTokenUse(use: $0.use, chain: $0.chain) }
      .sorted { ($0.use.component, $0.use.jsonPath, $0.use.property) < ($1.use.component, $1.use.jsonPath, $1.use.property) }
  }
}

extension CatalogSession {
  /// A resolver holding only the tokens that `paths` need: the paths and, round by round,
  /// every token they reference (aliases, math, composite members). Resolving any of
  /// `paths` gives the same answer as with every token, at a cost that follows what is
  /// used, not the size of the catalog (a million tokens).
  /// - Parameter paths: Token paths components use.
  /// - Returns: The resolver.
  /// - Throws: ``CommandError`` when the catalog cannot be read.
  func tokenResolver(closureOf paths: [String]) throws(CommandError) -> TokenResolver {
    var tokens: [String: DesignToken] = [:]
    var visited = Set(paths)
    var frontier = visited
    while !frontier.isEmpty {
      let records: [String: TokenRecord]
      do { records = try store.resolvedTokens(paths: frontier) } catch { throw .failure("\(error)") }
      var next = Set<String>()
      for (path, record) in records {
        let token = CatalogSession.token(from: record)
        tokens[path] = token
        for reference in TokenGraph.allReferences(of: token) where visited.insert(reference).inserted {
          next.insert(reference)
        }
      }
      frontier = next
    }
    return TokenResolver(tokens: tokens)
  }

  /// The tokens for laying out stored components: with resolver inputs, the catalog's and
  /// the document's (``tokenResolver(inputs:)``); without, only the closure of the tokens
  /// the stored components use (``tokenResolver(closureOf:)``).
  func componentTokenResolver(inputs: [String: String]) throws(CommandError) -> TokenResolver {
    guard inputs.isEmpty else { return try tokenResolver(inputs: inputs) }
    return try tokenResolver(closureOf: definitions().flatMap { $0.tokenUses.map(\.token) })
  }
}
