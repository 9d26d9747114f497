import CatalogModel
import CatalogService
import CatalogTokens

extension CatalogSession {
  /// Uses of a token through any chain (``CatalogService/tokenUses(of:)``).
  func tokenUses(of path: String?) throws(CommandError) -> [ChainedTokenUse] {
    do { return try service.tokenUses(of: path) } catch {
      // No such token: the nearest stored path, as `tokens get` and `remove` say.
      if let path, case .notFound(kind: "token", _, _) = error {
        throw unknownToken(path, set: nil)
      }
      throw CommandError(error)
    }
  }

  /// The tokens for laying out `component` and what it instantiates
  /// (``CatalogService/componentTokenResolver(for:inputs:including:)``).
  func componentTokenResolver(
    for component: ComponentDefinition, inputs: [String: String], including extra: [String] = []
  ) throws(CommandError) -> TokenResolver {
    try run { try service.componentTokenResolver(for: component, inputs: inputs, including: extra) }
  }
}
