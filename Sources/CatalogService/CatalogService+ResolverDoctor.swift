import CatalogModel
import CatalogStore
import CatalogTokens

extension CatalogService {
  /// `doctor`'s check of stored resolver documents against the catalog's tokens: every
  /// token a modifier context overrides must exist (in the catalog's sets or the
  /// document's own sets), must not be a group there, and no context may treat a token
  /// as a group; every `{alias}` in the document must name a token of the catalog or of
  /// the document (Resolver §4.1.5: a context's sources override the tokens merged
  /// before it; Format §7.4.5: a reference must resolve).
  ///
  /// An override of a group, or a group over a token, is an error (the merge replaces or
  /// drops what the catalog holds); an override or alias naming nothing is a warning, as
  /// an alias kept by `--allow-dangling` is (`missing-alias`). Two documents with one
  /// modifier name are an error (`resolver-modifier`, ``ResolverDocument/sharedModifiers(_:)``).
  /// - Returns: The findings, by document, then in document order.
  func resolverDocumentProblems() throws(CatalogError) -> [HealthFinding] {
    let documents = try resolverDocuments()
    guard !documents.isEmpty else { return [] }
    var catalogTokens = Set<String>()
    for record in try tokens(inSet: nil) { catalogTokens.insert(record.path) }
    var catalogGroups = Set<String>()
    for path in catalogTokens {
      for a in TokenTreePaths.ancestors(of: path) { catalogGroups.insert(a) }
    }
    var problems: [HealthFinding] = []
    // Two documents with one modifier name: an input reaches both (the import rule).
    for s in ResolverDocument.sharedModifiers(
      documents.map { ($0.input.name, $0.input.modifiers.map(\.name)) })
    {
      problems.append(
        HealthProblem(
          check: "resolver-modifier", location: "resolver \(s.second)", message: s.problem))
    }
    let setNames = Set(try tokenSets().map(\.name))
    for record in documents {
      let name = record.input.name
      guard let json = try? JSONParser.parse(record.input.document).root else { continue }
      // A source naming a token set the catalog no longer holds (a set removed with
      // --force): the contexts that read it cannot be resolved.
      problems += Self.missingSetProblems(in: json, document: name, sets: setNames)
      let trees = Self.tokenTrees(of: json)
      var known = catalogTokens
      var knownGroups = catalogGroups
      for (place, tree) in trees where place.hasPrefix("set ") {
        let paths = TokenTreePaths.of(tree)
        known.formUnion(paths.tokens)
        knownGroups.formUnion(paths.groups)
      }
      var defined = known
      for (place, tree) in trees where !place.hasPrefix("set ") {
        let paths = TokenTreePaths.of(tree)
        defined.formUnion(paths.tokens)
        let location = "resolver \(name) (\(place))"
        for path in paths.tokens where !known.contains(path) {
          if knownGroups.contains(path) {
            problems.append(
              HealthProblem(
                check: "resolver-override", location: location,
                message:
                  "overrides {\(path)} with a token, but {\(path)} is a group of the catalog: the context replaces the whole group"
              ))
          } else {
            problems.append(
              HealthProblem(
                check: "resolver-override", location: location,
                message:
                  "overrides {\(path)}, which is no token of the catalog or of the document's sets; rename it to an existing token or remove it",
                isWarning: true))
          }
        }
        for path in paths.groups where known.contains(path) {
          problems.append(
            HealthProblem(
              check: "resolver-override", location: location,
              message:
                "holds a group {\(path)}, but {\(path)} is a token of the catalog: tokens hold no children (Format §5)"
            ))
        }
      }
      var seen = Set<String>()
      for reference in TokenGraph.references(in: json)
      where !defined.contains(reference) && seen.insert(reference).inserted {
        problems.append(
          HealthProblem(
            check: "missing-alias", location: "resolver \(name)",
            message:
              "the alias {\(reference)} names no token of the catalog or of the document (§7.4.5)",
            isWarning: true))
      }
    }
    return problems
  }

  /// The one rule for a resolver document's source that names a token set the catalog
  /// does not hold (``TokenSetFileReference``): an error of `doctor` (check
  /// `resolver-set`), naming the document, the source's JSON path, the set and the
  /// contexts that read it, since those contexts cannot be resolved until the set is back.
  /// - Parameters:
  ///   - json: The document.
  ///   - document: Its name.
  ///   - sets: The catalog's set names.
  /// - Returns: One finding per such source, in document order.
  static func missingSetProblems(in json: JSONValue, document: String, sets: Set<String>)
    -> [HealthFinding]
  {
    TokenSetFileReference.uses(in: json).filter { !sets.contains($0.set) }.map { use in
      let contexts =
        use.contexts.isEmpty
        ? "" : " (read by \(use.contexts.map { NameText.forTerminal($0) }.joined(separator: ", ")))"
      return HealthProblem(
        check: "resolver-set", location: "resolver \(document) (\(use.jsonPath))",
        message:
          "the source names the token set '\(NameText.forTerminal(use.set))'\(contexts), which the catalog does not hold; bring the set back (catalog add FILE --set \(NameText.forTerminal(use.set)), or add the Tokens Studio file again) or remove the document (catalog tokens resolvers --remove \(NameText.forTerminal(document)))"
      )
    }
  }

  /// Why `target` names no token, from its history (``HealthProblem/danglingReason(_:removed:)``,
  /// the one wording of `doctor`'s dangling-reference warnings).
  func danglingReason(_ target: String) throws(CatalogError) -> String {
    HealthProblem.danglingReason(
      target, removed: try tokenHistory(target).contains { $0.change == "remove" })
  }

  /// `doctor`'s check of composite values (a border's `color`, shadow layers, typography
  /// members, gradient stops): each alias inside must name a token, by the same rule as a
  /// whole-value alias (``TokenAlias/danglingMessage(_:kept:)``): an import refuses it
  /// unless `--allow-dangling` kept it, so here it is a `missing-alias` warning (Format §9,
  /// §7.4.5). A member alias naming a token of another type is a `reference` error
  /// (``compositeMemberProblem(path:tokens:)``, import's rule). Whole-value aliases are the
  /// store's check and math the token graph's.
  /// - Returns: One finding per token and missing path (or mismatch), in path order.
  func compositeReferenceProblems() throws(CatalogError) -> [TokenProblem] {
    let tokens = try tokenResolver().tokens
    var problems: [TokenProblem] = []
    for path in tokens.keys.sorted() {
      guard let token = tokens[path], token.aliasTarget == nil else { continue }
      switch token.value {
      case .object, .array: break
      default: continue
      }
      // A member alias naming a token of another type (the rule import and the
      // dependents check run): an error, as `export` then `check` refuses it.
      if let problem = Self.compositeMemberProblem(path: path, tokens: tokens) {
        problems.append(
          TokenProblem(
            path: path,
            finding: HealthProblem(check: "reference", location: "token \(path)", message: problem)
          ))
      }
      for target in TokenGraph.references(in: token.value) where tokens[target] == nil {
        problems.append(
          TokenProblem(
            path: path,
            finding: HealthProblem(
              check: "missing-alias", location: "token \(path)",
              message:
                "the composite value's alias {\(target)} names no token in any set: \(try danglingReason(target)); it resolves once a token {\(target)} exists (§7.4.5)",
              isWarning: true)))
      }
    }
    return problems
  }
}
