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
    let sets = documents.isEmpty ? { _ in nil } : try liveTokenSets()
    for document in documents {
      resolver = try Self.tokens(of: document, inputs: inputs, over: resolver, tokenSets: sets)
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
    return try Self.documents(
      try resolverDocuments(), named: \.input.name,
      modifiers: { $0.input.modifiers.map(\.name) }, accepting: inputs, all: all)
  }

  /// The rule of ``resolverDocuments(accepting:all:)`` over any kind of document (stored
  /// rows, a catalog folder's files): sorted by name; an input no document has is an error
  /// (``ResolverDocument/unknownModifierProblem(_:documents:)``); every one when `all`; else
  /// each with a modifier an input names.
  static func documents<D>(
    _ documents: [D], named name: (D) -> String, modifiers: (D) -> [String],
    accepting inputs: [String: String], all: Bool
  ) throws(CatalogError) -> [D] {
    guard all || !inputs.isEmpty else { return [] }
    let documents = documents.sorted { name($0) < name($1) }
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
    // The one rule for an input no document has (`render`, `tokens export`, `serve`).
    if let problem = ResolverDocument.unknownModifierProblem(
      inputs, documents: documents.map { (name($0), modifiers($0)) })
    {
      throw .invalid([CatalogProblem(CatalogLocation(), problem)])
    }
    func lowered(_ d: D) -> Set<String> { Set(modifiers(d).map { $0.lowercased() }) }
    let wanted = Set(inputs.keys.map { $0.lowercased() })
    // A modifier two documents share cannot be answered: the one rule
    // (`ResolverDocument.sharedModifiers`), which `doctor` reports and imports refuse.
    let shared = ResolverDocument.sharedModifiers(documents.map { (name($0), modifiers($0)) })
      .filter { all || wanted.contains($0.modifier.lowercased()) }
    if !shared.isEmpty {
      throw .invalid(shared.map { CatalogProblem(CatalogLocation(), $0.problem) })
    }
    if all { return documents }
    return documents.filter { !lowered($0).isDisjoint(with: wanted) }
  }

  /// The tokens with resolver inputs over resolver documents held as JSON (a catalog
  /// folder's `resolvers/`, which `catalog serve` renders from): the one rule `render
  /// --input` and `tokens export --input` apply to the stored documents — every document
  /// with a modifier an input names applies, in name order, each with the inputs that
  /// name its own modifiers, on top of `base` (DTCG Resolver §5, §6: later sources win).
  ///
  /// - Parameters:
  ///   - documents: Each document's name and JSON.
  ///   - inputs: Modifier → context; empty for `base` itself.
  ///   - base: The token sets merged by precedence.
  ///   - tokenSets: The token tree of a set a document's source names
  ///     (``TokenSetFileReference``: the folder's `tokens/SET.tokens.json`), by set name.
  /// - Returns: The tokens.
  /// - Throws: ``CatalogError/invalid(_:)`` without a resolver document, for an input no
  ///   document has, a document that is not a valid resolver document, or inputs that do
  ///   not resolve.
  public static func tokens(
    resolverDocuments documents: [(name: String, json: JSONValue)], inputs: [String: String],
    over base: TokenResolver, tokenSets: @escaping (String) -> JSONValue?
  ) throws(CatalogError) -> TokenResolver {
    guard !inputs.isEmpty else { return base }
    var parsed: [(name: String, document: ResolverDocument)] = []
    for (name, json) in documents {
      parsed.append((name, try storedDocument(json, name: name, tokenSets: tokenSets)))
    }
    let chosen = try Self.documents(
      parsed, named: \.name, modifiers: { $0.document.modifiers.map(\.name) },
      accepting: inputs, all: false)
    var resolver = base
    for (name, document) in chosen {
      resolver = try tokens(of: document, name: name, inputs: inputs, over: resolver)
    }
    return resolver
  }

  /// One stored resolver document's tokens for the inputs that name its modifiers (the
  /// others belong to other documents), over `base` (Resolver §6: later sources win).
  static func tokens(
    of document: StoredResolverDocument, inputs: [String: String], over base: TokenResolver,
    tokenSets: @escaping (String) -> JSONValue?
  ) throws(CatalogError) -> TokenResolver {
    let name = document.input.name
    let json: JSONValue
    do { json = try JSONParser.parse(document.input.document, file: name).root } catch {
      throw .corrupt(
        CatalogProblem(
          CatalogLocation(file: "resolver \(name)"),
          "the stored resolver document is invalid: \(error)"))
    }
    return try tokens(
      of: try storedDocument(json, name: name, tokenSets: tokenSets), name: name, inputs: inputs,
      over: base)
  }

  /// A stored resolver document read back (Resolver Module §4): its names were checked
  /// when it was imported, so the name rules of newer versions do not refuse it now. A
  /// source that names a catalog token set (``TokenSetFileReference``,
  /// `{"$ref": "../tokens/compact.tokens.json"}`) is read from the set as it is now, so
  /// editing the set changes every context that names it; a set that no longer exists is
  /// an error naming the document and the set (`doctor` reports it too).
  ///
  /// - Parameters:
  ///   - json: The stored document.
  ///   - name: Its name, for messages (`resolver NAME`).
  ///   - tokenSets: The token tree of a set, by name (nil: no such set).
  ///   - missingSetsAreEmpty: Read a set the catalog lacks as empty instead of refusing the
  ///     document (a revert, which the missing-set rule of ``apply(_:options:)`` judges).
  /// - Returns: The parsed document.
  /// - Throws: ``CatalogError/invalid(_:)`` naming the document when it does not parse.
  static func storedDocument(
    _ json: JSONValue, name: String, tokenSets: @escaping (String) -> JSONValue?,
    missingSetsAreEmpty: Bool = false
  ) throws(CatalogError) -> ResolverDocument {
    do {
      return try ResolverDocument.parse(
        source: TokenSource(value: json, file: "resolver \(name)"), checksNames: false,
        tokenSetOfReference: TokenSetFileReference.set(named:)
      ) { (ref: String) throws(TokenFileError) -> JSONValue in
        guard let set = TokenSetFileReference.set(named: ref), let tree = tokenSets(set) else {
          if missingSetsAreEmpty, TokenSetFileReference.set(named: ref) != nil {
            return .object(JSONObject())
          }
          throw TokenFileError(diagnostics: [
            TokenDiagnostic(
              .error, location: "resolver \(name)", path: "",
              message: Self.missingSetMessage(reference: ref, document: name))
          ])
        }
        return tree
      }
    } catch {
      throw .invalid([
        CatalogProblem(
          CatalogLocation(file: "resolver \(name)"),
          error.diagnostics.map(\.message).joined(separator: "; "))
      ])
    }
  }

  /// One resolver document's tokens for the inputs that name its modifiers (the others
  /// belong to other documents), over `base` (Resolver §6: later sources win).
  static func tokens(
    of document: ResolverDocument, name: String, inputs: [String: String],
    over base: TokenResolver
  ) throws(CatalogError) -> TokenResolver {
    let own = Set(document.modifiers.map { $0.name.lowercased() })
    let mine = inputs.filter { own.contains($0.key.lowercased()) }
    do {
      return try document.tokens(for: mine, over: base)
    } catch {
      throw .invalid([
        CatalogProblem(
          CatalogLocation(file: "resolver \(name)"),
          error.diagnostics.map(\.message).joined(separator: "; "))
      ])
    }
  }
}

extension CatalogService {
  /// The token tree of each stored set, read when a resolver document's source names it
  /// (``TokenSetFileReference``): the set's DTCG file as `export` writes it
  /// (`tokens/SET.tokens.json`), so a theme reads exactly what the folder holds.
  /// - Returns: The set's tree by name; nil for a set the catalog lacks.
  /// - Throws: ``CatalogError`` when the sets cannot be listed.
  func liveTokenSets() throws(CatalogError) -> (String) -> JSONValue? {
    let names = Set(try tokenSets().map(\.name))
    let service = self
    return { name in
      guard names.contains(name), let records = try? service.tokens(inSet: name) else {
        return nil
      }
      return Self.tokenTree(records.map(RecordMapping.token(from:)))
    }
  }

  /// Tokens as the DTCG tree of their set's file (``DTCGWriter``), the one form a
  /// resolver document's set source is read in (the catalog's sets and a folder's files).
  /// - Parameter tokens: The set's tokens, in stored order.
  /// - Returns: The tree.
  public static func tokenTree(_ tokens: [DesignToken]) -> JSONValue {
    (try? JSONParser.parse(DTCGWriter.write(tokens, header: nil), file: "set").root)
      ?? .object(JSONObject())
  }

  /// The message for a resolver document source that names a token set the catalog (or
  /// folder) does not hold: the set, and the ways out.
  /// - Parameters:
  ///   - reference: The `$ref` text.
  ///   - document: The document's name.
  /// - Returns: The message.
  static func missingSetMessage(reference: String, document: String) -> String {
    let set = NameText.forTerminal(TokenSetFileReference.set(named: reference) ?? reference)
    let name = NameText.forTerminal(document)
    return
      "$ref \(reference) names the token set '\(set)', which the catalog does not hold; bring the set back (catalog add FILE --set \(set), or add the Tokens Studio file again) or remove the document (catalog tokens resolvers --remove \(name))"
  }
}
