import CatalogService
import CatalogTokens

extension CatalogSession {
  /// Uses of a token through any chain (``CatalogService/tokenUses(of:)``).
  func tokenUses(of path: String?) throws(CommandError) -> [ChainedTokenUse] {
    try run { try service.tokenUses(of: path) }
  }

  /// The tokens for laying out stored components (``CatalogService/componentTokenResolver(inputs:)``).
  func componentTokenResolver(inputs: [String: String], including extra: [String] = [])
    throws(CommandError) -> TokenResolver
  {
    try run { try service.componentTokenResolver(inputs: inputs, including: extra) }
  }
}
