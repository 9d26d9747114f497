import CatalogModel
import CatalogStore
import CatalogTokens

extension CatalogService {
  /// The sources of stored resolver documents that name a token set the catalog does not
  /// hold (``TokenSetFileReference``), each as a problem naming the document, the contexts
  /// that read the set and the way out: the rule by which ``apply(_:options:)`` refuses a
  /// change that leaves such a source (`tokens sets --remove compact` while a theme selects
  /// it; `--force` removes the set anyway, and `doctor` reports the document until the set
  /// is back, ``missingSetProblems(in:document:sets:)``).
  /// - Returns: One problem per source, keyed by document and JSON path so only new ones
  ///   count.
  /// - Throws: ``StoreError`` when the catalog cannot be read.
  func resolverSetProblems() throws -> [String: CatalogProblem] {
    let documents = try store.resolverDocuments()
    guard !documents.isEmpty else { return [:] }
    let sets = Set(try store.tokenSets().map(\.name))
    var out: [String: CatalogProblem] = [:]
    for record in documents {
      guard let json = try? JSONParser.parse(record.input.document).root else { continue }
      let name = record.input.name
      for use in TokenSetFileReference.uses(in: json) where !sets.contains(use.set) {
        let set = NameText.forTerminal(use.set)
        let contexts =
          use.contexts.isEmpty
          ? "its resolution order"
          : "the \(use.contexts.count == 1 ? "context" : "contexts") \(use.contexts.map { NameText.forTerminal($0) }.joined(separator: ", "))"
        out["\(name)\u{0}\(use.jsonPath)"] = CatalogProblem(
          CatalogLocation(jsonPath: use.jsonPath, file: "resolver \(name)"),
          "the resolver document '\(NameText.forTerminal(name))' names the token set '\(set)' in \(contexts), so it would no longer resolve; remove or change the document first (catalog tokens resolvers --remove \(NameText.forTerminal(name))), or pass --force (doctor reports the document until a set '\(set)' exists again)"
        )
      }
    }
    return out
  }

  /// Whether a change can leave a resolver document naming a missing token set: it
  /// removes a set or saves a document.
  static func touchesResolverSets(_ changes: [CatalogChange]) -> Bool {
    changes.contains {
      switch $0 {
      case .removeTokenSet, .saveResolverDocument: return true
      default: return false
      }
    }
  }

  /// Rewrites every stored resolver document that names the token set `old` to name `new`
  /// (`tokens sets --rename`), each a new revision, so a theme keeps selecting the set.
  /// - Parameters:
  ///   - old: The set's old name.
  ///   - new: Its new name (already renamed in the store).
  ///   - result: Gets one ``ChangeEvent/resolverDocumentSaved(name:source:revision:steps:modifiers:)``
  ///     per rewritten document.
  /// - Throws: ``CatalogError`` or ``StoreError`` when a document cannot be read or saved.
  func renameResolverSetReferences(from old: String, to new: String, result: inout ChangeResult)
    throws
  {
    for record in try store.resolverDocuments() {
      let name = record.input.name
      guard let json = try? JSONParser.parse(record.input.document).root else { continue }
      let updated = TokenSetFileReference.renaming(json, set: old, to: new)
      guard updated != json else { continue }
      let document = try Self.storedDocument(updated, name: name, tokenSets: liveTokenSets())
      var input = Self.resolverInput(document, file: record.input.source ?? name, name: name)
      input.source = record.input.source
      let revision = try store.saveResolverDocument(input)
      result.events.append(
        .resolverDocumentSaved(
          name: name, source: record.input.source, revision: revision,
          steps: document.resolutionOrder.count, modifiers: []))
    }
  }
}
