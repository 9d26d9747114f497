import CatalogModel
import CatalogStore
import CatalogTokens

/// One use of a token by a component, reached through a chain of tokens.
public struct ChainedTokenUse: Sendable {
  /// The component's use of a token, of any type (a length, a border, a shadow, a colour).
  public var use: StoredTokenUse
  /// From the token the component names down to the token asked about:
  /// `["space.gap", "space.base"]`; one element for a direct use.
  public var chain: [String]

  /// `{space.gap} → {space.base}`.
  public var describedChain: String { TokenGraph.describe(chain: chain) }
}

extension CatalogService {
  /// Which components use a token, directly or through any chain of aliases, math and
  /// composite members: the token graph's answer (``TokenGraph/uses(of:direct:)``).
  /// - Parameter path: A token path, or nil for every direct use of every token.
  /// - Returns: The uses, by component and JSON path, each with its chain.
  /// - Throws: ``CatalogError`` when the catalog cannot be read.
  public func tokenUses(of path: String?) throws(CatalogError) -> [ChainedTokenUse] {
    let direct = try tokenUsage(nil)
    guard let path else { return direct.map { ChainedTokenUse(use: $0, chain: [$0.tokenPath]) } }
    var byToken: [String: [StoredTokenUse]] = [:]
    for use in direct { byToken[use.tokenPath, default: []].append(use) }
    let resolver = try tokenResolver()
    // A path that names no token (nor group, nor a use kept dangling) is an error, as
    // every other lookup of a token: the caller names the nearest stored path.
    let stored = TokenGraph.storedPath(path)
    guard
      resolver.tokens[stored] != nil || byToken[path] != nil || byToken[stored] != nil
        || resolver.tokens.keys.contains(where: { $0.hasPrefix(stored + ".") })
    else { throw .notFound(kind: "token", name: path, known: []) }
    return Self.chainedUses(of: path, graph: resolver.graph, byToken: byToken)
  }

  /// The uses of one token through the graph, by component, JSON path and property.
  static func chainedUses(of path: String, graph: TokenGraph, byToken: [String: [StoredTokenUse]])
    -> [ChainedTokenUse]
  {
    graph.uses(of: path) { byToken[$0] ?? [] }
      .map { ChainedTokenUse(use: $0.use, chain: $0.chain) }
      .sorted {
        ($0.use.component, $0.use.jsonPath, $0.use.property) < (
          $1.use.component, $1.use.jsonPath, $1.use.property
        )
      }
  }

  /// Which components use each token under a group (`tokens usage space`: what a
  /// design-system maintainer asks before changing a scale, review 21): for every stored
  /// token whose path lies under `group`, in path order, its uses as ``tokenUses(of:)``
  /// gives them (directly or through any chain).
  /// - Parameter group: A path that names a group and no token (`space`).
  /// - Returns: Each member token with its uses (possibly none), or nil when `group` names a
  ///   token (ask ``tokenUses(of:)``) or no group.
  /// - Throws: ``CatalogError`` when the catalog cannot be read.
  public func groupTokenUses(of group: String) throws(CatalogError) -> [(
    token: String, uses: [ChainedTokenUse]
  )]? {
    let stored = TokenGraph.storedPath(group)
    let resolver = try tokenResolver()
    guard resolver.tokens[stored] == nil else { return nil }
    let members = resolver.tokens.keys.filter { $0.hasPrefix(stored + ".") }.sorted()
    guard !members.isEmpty else { return nil }
    var byToken: [String: [StoredTokenUse]] = [:]
    for use in try tokenUsage(nil) { byToken[use.tokenPath, default: []].append(use) }
    let graph = resolver.graph
    return members.map { ($0, Self.chainedUses(of: $0, graph: graph, byToken: byToken)) }
  }

  /// A resolver holding only the tokens `paths` need (their closure under references, read
  /// by indexed lookups): the same answers for those paths at a cost that follows what is
  /// used, not the size of the catalog.
  /// - Parameter paths: Token paths components use.
  /// - Returns: The resolver.
  /// - Throws: ``CatalogError`` when the catalog cannot be read.
  public func tokenResolver(closureOf paths: [String]) throws(CatalogError) -> TokenResolver {
    var tokens: [String: DesignToken] = [:]
    var visited = Set(paths)
    var frontier = visited
    while !frontier.isEmpty {
      let records = try CatalogError.wrapping { try store.resolvedTokens(paths: frontier) }
      var next = Set<String>()
      for (path, record) in records {
        let token = Self.token(from: record)
        tokens[path] = token
        for reference in TokenGraph.allReferences(of: token)
        where visited.insert(reference).inserted {
          next.insert(reference)
        }
      }
      frontier = next
    }
    return TokenResolver(tokens: tokens)
  }

  /// The tokens for laying out stored components: with resolver inputs, every token and the
  /// document's; without, only the closure of the tokens the stored components use and of
  /// `extra` (the tokens a render's arguments name).
  /// - Parameters:
  ///   - inputs: Modifier → context.
  ///   - extra: More token paths to include (`render -a gap={space.lg}`).
  /// - Returns: The resolver.
  /// - Throws: ``CatalogError`` when the catalog cannot be read.
  public func componentTokenResolver(inputs: [String: String], including extra: [String] = [])
    throws(CatalogError) -> TokenResolver
  {
    guard inputs.isEmpty else { return try tokenResolver(inputs: inputs) }
    // Every `{…}` a stored definition holds, not only its lengths: strokes and other
    // properties name tokens too.
    return try tokenResolver(
      closureOf: readableDefinitions().flatMap { TokenGraph.references(in: $0.json) } + extra)
  }
}
