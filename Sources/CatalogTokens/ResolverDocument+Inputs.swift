import CatalogModel

extension ResolverDocument {
  /// The one rule for resolver inputs (`--input m=c`, `?input=m=c`) that name a modifier
  /// no document has: an error everywhere (`render`, `tokens export`, `serve`), never
  /// ignored, naming every document's modifiers and the nearest name (Resolver §5).
  /// Modifier names compare case-insensitively, as ``accepts(_:)`` does.
  /// - Parameters:
  ///   - inputs: Modifier → context.
  ///   - documents: Each document's name and modifier names.
  /// - Returns: The problem for the first unknown modifier (by name), or nil.
  public static func unknownModifierProblem(
    _ inputs: [String: String], documents: [(name: String, modifiers: [String])]
  ) -> String? {
    let known = Set(documents.flatMap { $0.modifiers.map { $0.lowercased() } })
    guard let key = inputs.keys.sorted().first(where: { !known.contains($0.lowercased()) })
    else { return nil }
    let listed = documents.map { "\($0.name) (\($0.modifiers.joined(separator: ", ")))" }
    return
      "unknown modifier '\(key)': no resolver document has it; the documents and their modifiers: \(listed.joined(separator: "; ")) (Resolver §5)\(NameSuggestion.didYouMean(key, among: documents.flatMap(\.modifiers)))"
  }

  /// Whether this document has a modifier for every input name (compared without case), so
  /// it can answer those inputs (DTCG Resolver module §5).
  /// - Parameter inputs: Modifier → context.
  /// - Returns: True when every input names one of its modifiers.
  public func accepts(_ inputs: [String: String]) -> Bool {
    Set(inputs.keys.map { $0.lowercased() }).isSubset(
      of: Set(modifiers.map { $0.name.lowercased() }))
  }

  /// The tokens a render with resolver inputs uses: `base` (the token sets merged by
  /// precedence) with the tokens of the contexts `inputs` choose on top (Resolver module
  /// §6: later sources win). Aliases to `base`'s tokens resolve; one naming no token is a
  /// warning, not an error. The one rule `render --input` and `catalog serve` share.
  /// - Parameters:
  ///   - inputs: Modifier → context.
  ///   - base: The tokens without a context.
  /// - Returns: The merged tokens, with `base`'s rem base.
  /// - Throws: ``TokenFileError`` when an input names no modifier or context, or a context
  ///   does not resolve.
  public func tokens(for inputs: [String: String], over base: TokenResolver)
    throws(TokenFileError) -> TokenResolver
  {
    var known: [String: String] = [:]
    for (path, t) in base.tokens { known[path] = t.type ?? "" }
    let resolution = try resolve(
      inputs: inputs.mapValues { .string($0) },
      options: .init(knownTokens: known, unresolvedReferences: .warning))
    var tokens = base.tokens
    for t in resolution.tokens { tokens[t.path] = t }
    return TokenResolver(tokens: tokens, remBase: base.remBase)
  }
}
