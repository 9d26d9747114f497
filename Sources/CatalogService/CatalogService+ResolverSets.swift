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
      case .removeTokenSet, .saveResolverDocument, .revertResolverDocument: return true
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
      guard let json = try? JSONParser.parse(record.input.document).root else { continue }
      let updated = TokenSetFileReference.renaming(json, set: old, to: new)
      guard updated != json else { continue }
      try saveRewritten(record, as: updated, result: &result)
    }
  }

  /// Saves a stored resolver document rewritten on the user's behalf (`tokens rename`,
  /// `tokens sets --rename`) as its next revision, keeping its recorded source; a source
  /// naming a token set stays a reference to it (``TokenSetFileReference``).
  /// - Parameters:
  ///   - record: The stored document.
  ///   - updated: Its rewritten JSON.
  ///   - result: Gets its ``ChangeEvent/resolverDocumentSaved(name:source:revision:steps:modifiers:)``.
  /// - Throws: ``CatalogError`` or ``StoreError`` when it cannot be read or saved.
  func saveRewritten(
    _ record: ResolverDocumentRecord, as updated: JSONValue, result: inout ChangeResult
  ) throws {
    let name = record.input.name
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

extension CatalogService {
  /// Every saved revision of a resolver document, oldest first, including removals (kept
  /// after the document is removed, as components' and tokens' are).
  /// - Parameter name: The document's name.
  /// - Returns: The revisions.
  /// - Throws: ``CatalogError/notFound(kind:name:known:)`` when no document of that name was
  ///   ever saved (naming the stored ones).
  public func resolverDocumentHistory(named name: String) throws(CatalogError)
    -> [ResolverRevisionRecord]
  {
    let history = try CatalogError.wrapping { try store.resolverDocumentHistory(named: name) }
    guard !history.isEmpty else {
      throw .notFound(
        kind: "resolver document", name: name, known: try resolverDocuments().map(\.input.name))
    }
    return history
  }

  /// Saves revision `revision` of a resolver document again as a new revision (change
  /// `revert`), bringing a removed document back: the one path of
  /// ``CatalogChange/revertResolverDocument(name:revision:)``. A source naming a token set
  /// the catalog no longer holds is judged by ``apply(_:options:)``'s missing-set rule
  /// (refused unless `--force`).
  /// - Parameters:
  ///   - name: The document's name.
  ///   - revision: The revision to save again.
  ///   - result: Gets the saved event.
  /// - Throws: ``CatalogError/notFound(kind:name:known:)`` for an unknown document or
  ///   revision; ``CatalogError/invalid(_:)`` for a removal's revision or a document that no
  ///   longer reads; storage errors.
  func revertResolverDocument(_ name: String, revision: Int, result: inout ChangeResult) throws {
    let history = try resolverDocumentHistory(named: name)
    guard let record = history.first(where: { $0.revision == revision }) else {
      throw CatalogError.notFound(
        kind: "revision of resolver document '\(NameText.forTerminal(name))'",
        name: String(revision), known: history.map { String($0.revision) })
    }
    guard let text = record.document else {
      throw CatalogError.invalid([
        CatalogProblem(
          CatalogLocation(file: "resolver \(name)"),
          "revision \(revision) is the document's removal; it has no document to save again (catalog tokens resolvers --history \(NameText.forTerminal(name)) lists the others)"
        )
      ])
    }
    let json = try JSONParser.parse(text, file: "resolver \(name)").root
    let document = try Self.storedDocument(
      json, name: name, tokenSets: liveTokenSets(), missingSetsAreEmpty: true)
    var input = Self.resolverInput(document, file: record.source ?? name, name: name)
    input.source = record.source
    try refuseSharedModifiers(input, file: record.source ?? name)
    let saved = try store.saveResolverDocument(input, isRevert: true)
    result.events.append(
      .resolverDocumentSaved(
        name: name, source: record.source, revision: saved,
        steps: document.resolutionOrder.count, modifiers: []))
  }
}

extension CatalogService {
  /// What each context of a stored resolver document reads, for `tokens resolvers`: the
  /// token sets its sources name (``TokenSetFileReference``, read live), directly or
  /// through the document's own sets, and how many tokens its inline sources hold.
  /// - Parameter record: The stored document.
  /// - Returns: `modifier=context` → `sets global, compact` (`+ 3 tokens inline`,
  ///   `2 tokens inline`); empty when the document does not parse.
  public static func resolverSources(of record: StoredResolverDocument) -> [String: String] {
    guard let root = (try? JSONParser.parse(record.input.document).root)?.objectValue else {
      return [:]
    }
    let sets = root["sets"]?.objectValue ?? JSONObject()
    func read(_ sources: [JSONValue], depth: Int, into names: inout [String], inline: inout Int) {
      guard depth < 64 else { return }
      for source in sources {
        guard let o = source.objectValue else { continue }
        if let ref = o["$ref"]?.stringValue {
          if let set = TokenSetFileReference.set(named: ref) {
            if !names.contains(set) { names.append(set) }
          } else if ref.hasPrefix("#/sets/"),
            let inner = sets[String(ref.dropFirst(7))]?.objectValue?["sources"]?.arrayValue
          {
            read(inner, depth: depth + 1, into: &names, inline: &inline)
          }
        } else {
          inline += DTCGCount.tokens(o)
        }
      }
    }
    var out: [String: String] = [:]
    var modifiers = (root["modifiers"]?.objectValue?.members ?? []).map { ($0.key, $0.value) }
    for item in root["resolutionOrder"]?.arrayValue ?? [] {
      if let o = item.objectValue, o["type"]?.stringValue == "modifier",
        let name = o["name"]?.stringValue
      {
        modifiers.append((name, item))
      }
    }
    for (modifier, value) in modifiers {
      for (context, sources) in value.objectValue?["contexts"]?.objectValue?.members ?? [] {
        var names: [String] = []
        var inline = 0
        read(sources.arrayValue ?? [], depth: 0, into: &names, inline: &inline)
        var parts: [String] = []
        if !names.isEmpty {
          parts.append(
            "\(names.count == 1 ? "set" : "sets") \(names.map(NameText.quoted).joined(separator: ", "))"
          )
        }
        if inline > 0 || names.isEmpty {
          parts.append("\(inline == 1 ? "1 token" : "\(inline) tokens") inline")
        }
        out["\(modifier)=\(context)"] = parts.joined(separator: " + ")
      }
    }
    return out
  }
}
