import CatalogModel
import CatalogStore
import CatalogTokens

extension CatalogService {
  /// The token graph as one set sees it, the one rule behind `tokens list --set`,
  /// `tokens get --set` and `tokens export --set` in every format: the catalog's tokens
  /// (every set merged by precedence, then the chosen resolver contexts, DTCG Resolver §6),
  /// with the set's own tokens laid over them, as if the set came last in the resolution
  /// order. So every path the set holds has the set's own value, an alias inside the set
  /// resolves to the set's own target (`{space.sm}` in set `a` is `a`'s `space.sm` even when
  /// set `b` wins that path), and an alias to a path the set does not hold resolves to the
  /// catalog's winning token of that path (the same token the DTCG export's `{…}` names
  /// when its file is imported beside the others).
  ///
  /// - Parameters:
  ///   - set: A set's name, or nil for the catalog as it is (the winning token per path).
  ///   - inputs: Modifier → context (each resolver document with a modifier an input names
  ///     applies, ``resolverDocuments(accepting:all:)``); empty for
  ///     the sets alone.
  /// - Returns: The resolver.
  /// - Throws: ``CatalogError/notFound(kind:name:known:)`` for an unknown set;
  ///   ``CatalogError/invalid(_:)`` when the inputs do not resolve.
  public func tokenResolver(viewOf set: String?, inputs: [String: String] = [:])
    throws(CatalogError) -> TokenResolver
  {
    let documents = try resolverDocuments(accepting: inputs, all: false)
    return try tokenResolver(viewOf: set, documents: documents, inputs: inputs)
  }

  /// ``tokenResolver(viewOf:inputs:)`` over the given resolver documents.
  func tokenResolver(
    viewOf set: String?, documents: [StoredResolverDocument], inputs: [String: String]
  ) throws(CatalogError) -> TokenResolver {
    var resolver = try tokenResolver()
    for document in documents {
      resolver = try Self.tokens(of: document, inputs: inputs, over: resolver)
    }
    guard let set else { return resolver }
    var tokens = resolver.tokens
    for record in try self.tokens(inSet: set) {
      tokens[record.path] = RecordMapping.token(from: record)
    }
    return TokenResolver(tokens: tokens, remBase: resolver.remBase)
  }

  /// The stored resolver documents that answer `inputs`: every document when `all` (an
  /// export of every context), else each document with a modifier one input names (DTCG
  /// Resolver §5), by name. An input no document has is an error naming each document's
  /// modifiers.
  /// - Parameters:
  ///   - inputs: Modifier → context.
  ///   - all: Take every document.
  /// - Returns: The documents.
  /// - Throws: ``CatalogError/invalid(_:)`` for inputs without a document, or an input no
  ///   document has.
  func resolverDocuments(accepting inputs: [String: String], all: Bool) throws(CatalogError)
    -> [StoredResolverDocument]
  {
    guard all || !inputs.isEmpty else { return [] }
    let documents = try resolverDocuments().sorted { $0.input.name < $1.input.name }
    guard !documents.isEmpty else {
      throw .invalid([
        CatalogProblem(
          CatalogLocation(),
          all
            ? "--all-contexts needs a resolver document; import one with 'catalog tokens import-resolver FILE'"
            : "--input needs a resolver document (DTCG Resolver module); import one with 'catalog tokens import-resolver FILE'"
        )
      ])
    }
    func modifiers(_ d: StoredResolverDocument) -> Set<String> {
      Set(d.input.modifiers.map { $0.name.lowercased() })
    }
    if let problem = ResolverDocument.unknownModifierProblem(
      inputs, documents: documents.map { ($0.input.name, $0.input.modifiers.map(\.name)) })
    {
      throw .invalid([CatalogProblem(CatalogLocation(), problem)])
    }
    if all { return documents }
    let wanted = Set(inputs.keys.map { $0.lowercased() })
    return documents.filter { !modifiers($0).isDisjoint(with: wanted) }
  }

  /// One stored resolver document's tokens for the inputs that name its modifiers (the
  /// others belong to other documents), over `base` (Resolver §6: later sources win).
  static func tokens(
    of document: StoredResolverDocument, inputs: [String: String], over base: TokenResolver
  ) throws(CatalogError) -> TokenResolver {
    let name = document.input.name
    let own = Set(document.input.modifiers.map { $0.name.lowercased() })
    let mine = inputs.filter { own.contains($0.key.lowercased()) }
    let json: JSONValue
    do { json = try JSONParser.parse(document.input.document, file: name).root } catch {
      throw .corrupt(
        CatalogProblem(
          CatalogLocation(file: "resolver \(name)"),
          "the stored resolver document is invalid: \(error)"))
    }
    do {
      let parsed = try ResolverDocument.parse(
        source: TokenSource(value: json, file: "resolver \(name)"))
      return try parsed.tokens(for: mine, over: base)
    } catch {
      throw .invalid([
        CatalogProblem(
          CatalogLocation(file: "resolver \(name)"),
          error.diagnostics.map(\.message).joined(separator: "; "))
      ])
    }
  }
}
