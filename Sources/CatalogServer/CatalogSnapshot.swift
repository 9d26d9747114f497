import CatalogExchange
import CatalogLayout
import CatalogModel
import CatalogRender
import CatalogResolver
import CatalogService
import CatalogStore
internal import CatalogSystem
import CatalogTokens

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One consistent read of the catalog file, shared by every request until the file
/// changes: the definitions, the winning tokens, the platform, and what is derived from
/// them once (token users, the site's pages).
final class CatalogSnapshot: @unchecked Sendable {
  /// The catalog's content.
  let folder: CatalogFolder
  /// Components by name.
  let definitions: [String: ComponentDefinition]
  /// The winning token per path (sets merged by precedence).
  let tokens: [DesignToken]
  /// Resolves the tokens without resolver inputs.
  let resolver: TokenResolver
  /// The platform frames are computed for (`ios` from the catalog's platform table).
  let platform: Platform
  /// Token path → the components and JSON paths that use it.
  let users: [String: [(component: String, path: String)]]
  /// Token path → the set its winning token comes from (the last set holding the path, as
  /// ``tokens`` merges them), built once: looking each path up in every set made
  /// `/api/tokens` quadratic (293 s for 20,000 tokens in a debug build).
  let winningSet: [String: String]

  /// The catalog file the snapshot was read from (token exports go through the same
  /// `CatalogService.tokenExport` as `tokens export`), or nil for a folder read elsewhere.
  let databasePath: String?

  private let lock = Lock()
  private var sitePages: [String: String]?

  init(folder: CatalogFolder, databasePath: String? = nil) {
    self.folder = folder
    self.databasePath = databasePath
    var definitions: [String: ComponentDefinition] = [:]
    var users: [String: [(component: String, path: String)]] = [:]
    for d in folder.components { definitions[d.name] = d }
    for d in folder.components {
      // Every type of use (lengths, borders, shadows, colours), by stored token path.
      for use in d.tokenUses(components: { definitions[$0] }) {
        users[use.storedToken, default: []].append((d.name, use.path))
      }
    }
    self.definitions = definitions
    self.users = users
    tokens = CatalogComparison.winningTokens(folder)
    var winningSet: [String: String] = [:]
    for set in folder.tokenSets {
      for t in set.tokens { winningSet[t.path] = set.name }
    }
    self.winningSet = winningSet
    resolver = TokenResolver(
      tokens: Dictionary(tokens.map { ($0.path, $0) }, uniquingKeysWith: { _, b in b }))
    if let p = folder.platforms.first(where: { $0.name == "ios" }) {
      platform = Platform(
        name: p.name, defaultSpacing: p.defaultSpacing, defaultPadding: p.defaultPadding,
        displayScale: p.displayScale)
    } else {
      platform = .ios
    }
  }

  /// The tokens for resolver inputs (`density=compact`): the sets, then every resolver
  /// document with a modifier an input names, each with its own inputs — the one rule
  /// `render --input` applies (``CatalogService/tokens(resolverDocuments:inputs:over:)``,
  /// DTCG Resolver module §5, §6). Without inputs, the sets alone.
  /// - Parameter inputs: Modifier → context.
  /// - Returns: The resolver.
  /// - Throws: ``ServerError`` (400) when no document has a modifier, a context is unknown
  ///   or a document does not resolve.
  func resolver(inputs: [String: String]) throws(ServerError) -> TokenResolver {
    guard !inputs.isEmpty else { return resolver }
    // A document's source naming a set reads the folder's set (TokenSetFileReference).
    let sets = Dictionary(
      folder.tokenSets.map { ($0.name, $0.tokens) }, uniquingKeysWith: { a, _ in a })
    let setTree: (String) -> JSONValue? = { name in
      sets[name].map(CatalogService.tokenTree)
    }
    do {
      return try CatalogService.tokens(
        resolverDocuments: folder.resolvers.map { (name: $0.name, json: $0.document) },
        inputs: inputs, over: resolver, tokenSets: setTree)
    } catch {
      throw ServerError(status: 400, message: "\(error)")
    }
  }

  /// The site's pages by path (`index.html`, `components/NAME.html`), rendered on first use.
  func site() -> [String: String] {
    lock.lock()
    defer { lock.unlock() }
    if let sitePages { return sitePages }
    let source = InMemoryComponentSource(folder.components)
    let resolver = self.resolver
    let platform = self.platform
    // One resolver for every preview: each definition is loaded and compiled once.
    var r = Resolver(source: source, tokens: resolver, platform: platform)
    let files = SiteRenderer.render(
      definitions: folder.components, tokens: tokens, resolver: resolver
    ) { definition, variant in
      let resolved = try r.resolve(definition.name, arguments: variant?.arguments ?? JSONObject())
      return SVGRenderer.render(LaidOutComponent(resolved, proposal: .unspecified))
    }
    var pages: [String: String] = [:]
    for (path, contents) in files { pages[path] = contents }
    sitePages = pages
    return pages
  }
}
