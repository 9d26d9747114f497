import CatalogModel
import CatalogSystem
import CatalogTokens

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A file given to `add` or `tokens import`: its path (for messages, set names and
/// relative `$ref`s) and its bytes.
public struct InputFile: Sendable {
  /// The file's path as given.
  public var path: String
  /// Its contents.
  public var bytes: [UInt8]

  /// Creates an input file.
  /// - Parameters:
  ///   - path: The path as given.
  ///   - bytes: The contents.
  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }
}

extension CatalogService {
  /// The one rule for a file given more than once to one command (`add a.json a.json`,
  /// `add a.json ./a.json`): it is read once, at its first place, with a note naming the
  /// other spellings, rather than imported twice or refused. The same file is the same path,
  /// or another spelling of it (``FileIdentity``: `./a.json`, an absolute path, a link), as
  /// for the token sets' sources (``tokenSetNameClashes(_:checkStored:fileSets:)``).
  ///
  /// - Parameter files: The files in command-line order.
  /// - Returns: Each file once, in order, and one note per file given more than once.
  static func distinctFiles(_ files: [InputFile]) -> (files: [InputFile], notes: [String]) {
    var kept: [InputFile] = []
    var firstIndex: [String: Int] = [:]  // path or "device:inode" → index in `kept`
    var others: [Int: [String]] = [:]
    for file in files {
      let identity = FileIdentity.of(file.path).map { "\($0.device):\($0.inode)" }
      if let i = firstIndex[file.path] ?? identity.flatMap({ firstIndex[$0] }) {
        others[i, default: []].append(file.path)
        continue
      }
      firstIndex[file.path] = kept.count
      if let identity { firstIndex[identity] = kept.count }
      kept.append(file)
    }
    let notes = others.keys.sorted().map { i in
      let again = others[i] ?? []
      let spellings =
        again.allSatisfy { $0 == kept[i].path } ? "" : " (as \(again.joined(separator: ", ")))"
      let times = again.count == 1 ? "twice" : "\(again.count + 1) times"
      return "\(kept[i].path): the file is given \(times)\(spellings); it is read once"
    }
    return (kept, notes)
  }
}

/// Files read into changes, with the warnings reading them gave.
public struct PreparedInput {
  /// The changes, token files first, then resolver documents, then components.
  public var changes: [CatalogChange]
  /// Non-standard constructs converted (`file:line:column: warning: …`).
  public var warnings: [String]

  /// The problems of a refused or forced change (``CatalogError/breaksDependents(_:)``),
  /// each one about a token read from one of these files placed at that token
  /// (`file:line:column`), as the files' own errors are (review 16: `add` said "would
  /// break {y}" with no position). The one place such a problem gets its position.
  /// - Parameters:
  ///   - problems: The problems, as ``CatalogService/apply(_:options:)`` reported them.
  ///   - changes: The changes that were applied (their token files' `positions`).
  /// - Returns: The problems, those of a file's token with ``CatalogLocation/file`` set.
  public func placed(_ problems: [CatalogProblem], in changes: [CatalogChange])
    -> [CatalogProblem]
  {
    var wanted = Set<String>()
    for p in problems where p.location.file == nil {
      if let token = p.location.token { wanted.insert(token) }
    }
    guard !wanted.isEmpty else { return problems }
    var places: [String: String] = [:]
    for change in changes {
      switch change {
      case .importTokens(let tokens, _, _, let source?),
        .syncTokenSet(let tokens, _, _, let source?):
        for t in tokens where places[t.path] == nil && wanted.contains(t.path) {
          places[t.path] = source.location(of: t.jsonPath ?? "")
        }
      default: continue
      }
    }
    return problems.map { p in
      guard p.location.file == nil, let token = p.location.token, let place = places[token]
      else { return p }
      var placed = p
      placed.location.file = place
      return placed
    }
  }
}

extension CatalogService {
  /// Reads files into changes, as `add` does: a JSON object with `name` and a `body` with
  /// a `type` is a component definition; a DTCG Resolver document (`resolutionOrder`) is
  /// saved as one; anything else (JSON, JSON5, YAML) is a token file for the set `set`,
  /// else the file's name. A Tokens Studio multi-set file (top level set names with
  /// `$themes` / `$metadata.tokenSetOrder`, ``TokensStudioDocument``) becomes one set per
  /// set in `tokenSetOrder` and its `$themes` a resolver document.
  ///
  /// Token aliases may name tokens of the catalog or of the other files given together,
  /// in any order. One rule for an alias that names no token
  /// (``TokenAlias/danglingMessage(_:kept:)``): refused, unless `allowDangling` keeps it
  /// with a warning (never under `strict`).
  ///
  /// - Parameters:
  ///   - files: The files.
  ///   - set: The token set for token files (default: each file's name).
  ///   - strict: Refuse non-standard token constructs instead of converting them.
  ///   - allowDangling: Keep aliases that name no token, with a warning.
  ///   - keptDangling: Tokens that may keep an alias naming no token even without
  ///     `allowDangling` (a catalog folder's `danglingAliases`), with a warning.
  ///   - keptValues: Tokens whose value DTCG cannot hold, kept with a warning (a catalog
  ///     folder's `keptValues`: its catalog kept them from a vendor dialect's file).
  ///   - prune: Make each set equal to its file
  ///     (``CatalogChange/syncTokenSet(_:set:source:)``) instead of only adding to it.
  ///   - allowOutsideReferences: Let a resolver document's `$ref` read files outside its
  ///     folder (`--allow-outside-refs`; ``ResolverFileLoader``).
  ///   - checkSetSources: Refuse a file whose name gives a set that holds another file's
  ///     tokens (``tokenSetNameClashes(_:checkStored:)``; `add`, `tokens import`); two files
  ///     of this call naming one set are refused either way.
  ///   - resolverName: The name of the resolver document a resolver file or a Tokens Studio
  ///     file's `$themes` is saved as (`add --name`; default: the document's `name`, else
  ///     the file's name); refused when the files give more than one document.
  ///   - fileSets: The set of a token file whose set is not its file's name (a catalog
  ///     folder's `tokens/themes/dark.tokens.json` is `themes/dark`), by path: a resolver
  ///     document's `$ref` to the file names that set.
  /// - Returns: The changes for ``apply(_:options:)`` and the warnings.
  /// - Throws: ``CatalogError/invalid(_:)`` with every problem of every file.
  public func changes(
    for files: [InputFile], set: String?, strict: Bool, allowDangling: Bool = false,
    keptDangling: Set<String> = [], keptValues: Set<String> = [], prune: Bool = false,
    allowOutsideReferences: Bool = false,
    checkSetSources: Bool = false, resolverName: String? = nil,
    fileSets: [String: String] = [:]
  ) throws(CatalogError) -> PreparedInput {
    var problems: [String] = []
    var warnings: [String] = []
    var components: [(file: String, definition: ComponentDefinition)] = []
    // `set` is the file's own set name (a Tokens Studio multi-set file's sets).
    var tokenSources: [(file: String, source: TokenSource, set: String?)] = []
    // `namedByFile`: a Tokens Studio file's `$themes`, whose document is named after the
    // file (its `name` member is the file's name, not the author's).
    var resolvers: [(file: String, document: ResolverDocument, namedByFile: Bool)] = []
    var studioSets: [(file: String, set: String)] = []
    var resolverFiles: [(file: InputFile, document: JSONDocument)] = []
    let (files, repeated) = Self.distinctFiles(files)
    warnings += repeated
    for file in files {
      // JSON5 (Primer) and YAML (Salesforce Theo) token files.
      if [".json5", ".yml", ".yaml"].contains(where: { file.path.lowercased().hasSuffix($0) }) {
        do {
          tokenSources.append(
            (file.path, try TokenSource.read(bytes: file.bytes, file: file.path), nil))
        } catch {
          problems.append(contentsOf: error.diagnostics.map(\.summary))
        }
        continue
      }
      let document: JSONDocument
      do {
        document = try JSONParser.parse(bytes: file.bytes, file: file.path)
      } catch {
        problems.append(NumberOverflow.describe(error, in: file.bytes))
        continue
      }
      if Self.isComponentDefinition(document.root) {
        do { components.append((file.path, try DefinitionParser.parse(document: document))) } catch
        {
          problems.append(error.description)
        }
      } else if TokensStudioDocument.isMultiSet(document.root) {
        // Tokens Studio: one catalog set per set, in tokenSetOrder; $themes as a resolver,
        // each theme checked first (TokensStudioDocument.themeProblems).
        // Its set names follow the one set-name rule, reported where the file names them.
        let themeProblems =
          TokensStudioDocument.setNameProblems(
            document.root, document: document, existing: try tokenSets().map(\.name))
          + TokensStudioDocument.setOrderProblems(document.root, document: document)
          + TokensStudioDocument.themeProblems(document.root, document: document, strict: strict)
        warnings += themeProblems.filter { $0.severity == .warning }.map(\.description)
        let themeErrors = themeProblems.filter { $0.severity == .error }
        // The sets' own tokens are still read, so their problems are reported in the same
        // run as the themes' (one pass, every error); only the resolver is not built.
        problems.append(contentsOf: themeErrors.map(\.summary))
        let split = TokensStudioDocument.split(document.root, name: Self.setName(for: file.path))
        for (name, _) in split.sets {
          let label = Self.studioSetSource(file: file.path, set: name)
          // Located in the file (`file:line:column`), as a DTCG file's tokens are.
          tokenSources.append((label, TokenSource(member: name, of: document, file: label), name))
          studioSets.append((file.path, name))
        }
        if themeErrors.isEmpty, let resolver = split.resolver {
          // Each theme names its sets, read live from the catalog once stored
          // (TokenSetFileReference); checked here with the file's own trees.
          let trees = split.treesByReference
          do {
            resolvers.append(
              (
                file.path,
                try ResolverDocument.parse(
                  source: TokenSource(value: resolver, file: "\(file.path) ($themes)"),
                  tokenSetOfReference: TokenSetFileReference.set(named:)
                ) { (ref: String) throws(TokenFileError) -> JSONValue in
                  guard let tree = trees[ref] else {
                    throw TokenFileError(diagnostics: [
                      TokenDiagnostic(
                        .error, location: file.path, path: "$themes",
                        message: "$ref \(ref) names no set of the file")
                    ])
                  }
                  return tree
                },
                true
              ))
          } catch {
            problems.append(contentsOf: error.diagnostics.map(\.summary))
          }
        }
      } else if ResolverDocument.isResolverDocument(document.root) {
        // Read once every file is known: a `$ref` to a token file of this call names its set.
        resolverFiles.append((file, document))
      } else {
        tokenSources.append((file.path, TokenSource(document: document, bytes: file.bytes), nil))
      }
    }
    // Resolver documents: a `$ref` to a token file given in this call names that file's set
    // (TokenSetFileReference: read live once stored, not copied); other files are inlined.
    if !resolverFiles.isEmpty {
      let known = try knownTokenTypes()
      var setOfPath: [String: (set: String, tree: JSONValue)] = [:]
      for (path, source, ownSet) in tokenSources where !path.hasPrefix("/dev/") {
        let target = fileSets[path] ?? ownSet ?? set ?? Self.setName(for: path)
        setOfPath[Self.standardizedPath(path)] = (NameText.normalized(target), source.root)
      }
      for (file, document) in resolverFiles {
        let folder = UserPath.fileURL(file.path).deletingLastPathComponent()
        let sameCall: (String) -> (set: String, tree: JSONValue)? = { ref in
          guard !ref.hasPrefix("#"), !ref.hasPrefix("/") else { return nil }
          return setOfPath[Self.standardizedPath(folder.appendingPathComponent(ref).path)]
        }
        do {
          let (resolver, notes) = try Self.resolverDocument(
            TokenSource(document: document, bytes: file.bytes), file: file.path, strict: strict,
            known: known, allowOutsideReferences: allowOutsideReferences, sameCall: sameCall)
          resolvers.append((file.path, resolver, false))
          warnings += notes
        } catch {
          problems.append(contentsOf: error.diagnostics.map(\.summary))
        }
      }
    }
    // Token files: a first pass collects every file's tokens, so aliases may cross files.
    // The catalog's token types, for aliases from the files (read only when there are
    // token files: adding a component to a large catalog does not read its tokens).
    var known = tokenSources.isEmpty ? [:] : try knownTokenTypes()
    if tokenSources.count > 1 {
      for (_, source, _) in tokenSources {
        if let r = try? TokenFileParser.parse(
          source: source, options: .init(unresolvedReferences: .warning))
        {
          for t in r.tokens { known[t.path] = t.type ?? "" }
        }
      }
    }
    // Files named after one set, or naming one set (Tokens Studio), never merge silently
    // (tokenSetNameClashes).
    let fileSets = studioSets
    if set == nil {
      problems += try tokenSetNameClashes(
        tokenSources.filter { $0.set == nil }.map(\.file), checkStored: checkSetSources,
        fileSets: fileSets)
    } else if !fileSets.isEmpty {
      problems += try tokenSetNameClashes([], checkStored: false, fileSets: fileSets)
    }
    var changes: [CatalogChange] = []
    // The token paths of this call's files, for the `{group}` rule on its components.
    var batchTokens = Set<String>()
    // The one dangling-alias rule: refused unless --allow-dangling (never under --strict).
    let keepDangling = allowDangling && !strict
    // A new set's name is checked here, for every file, with the file and where the name
    // came from (the file's name or --set) and the way out; the store checks it again. The
    // stored sets also keep a file whose every token is left out from creating an empty set.
    var setNames = tokenSources.isEmpty ? [] : try tokenSets().map(\.name)
    let storedSets = Set(setNames)
    for (file, source, ownSet) in tokenSources {
      if ownSet == nil {
        let target = NameText.normalized(set ?? Self.setName(for: file))
        if !storedSets.contains(target), !setNames.contains(target),
          let problem = TokenSetName.problem(in: target, existing: setNames)
        {
          problems.append(
            Self.setNameProblem(target, file: file, givenWithSet: set != nil, problem))
          continue
        }
        setNames.append(target)
      }
      do {
        var options = TokenFileParser.Options(
          strict: strict, knownTokens: known,
          unresolvedReferences: keepDangling ? .warning : .error)
        options.keptDangling = keptDangling
        options.keptValues = keptValues
        let result = try TokenFileParser.parse(source: source, options: options)
        warnings += result.warnings.map { "\($0)" }
        for t in result.tokens { batchTokens.insert(t.path) }
        if ownSet == nil, set == nil, let problem = Self.unnamedFileProblem(file) {
          problems.append(problem)
          continue
        }
        let target = ownSet ?? set ?? Self.setName(for: file)
        if result.tokens.isEmpty, !result.warnings.isEmpty, !prune,
          !storedSets.contains(target)
        {
          // Every token of the file was left out (each warned about above): no empty set.
          // Placed as every other warning of the file is: `file: warning: …`.
          warnings.append(
            DiagnosticText.whereAndWhat(
              [file, "warning"],
              "no token of the file can be stored (each is left out above); the set '\(target)' was not created"
            ))
          continue
        }
        changes.append(
          prune
            ? .syncTokenSet(result.tokens, set: target, source: file, positions: source)
            : .importTokens(result.tokens, set: target, source: file, positions: source))
      } catch {
        problems.append(contentsOf: error.diagnostics.map(\.summary))
      }
    }
    // `{group}` for a group with a `$root` token in a length or token argument: the rule of
    // token files (GroupReference), refused under --strict, else rewritten with a warning.
    for i in components.indices {
      let (definition, found) = try rewritingGroupReferences(
        in: components[i].definition, strict: strict, batchTokens: batchTokens)
      components[i].definition = definition
      // Located as a definition's problems are: `Card.json:9:24: Card: body….length: …`;
      // a warning says so after the place, as a token file's warnings in the same `add` do.
      for problem in found {
        let l = problem.location
        let file = Self.place(of: problem, in: definition.source, file: components[i].file)
        let places = [file] + (strict ? [] : ["warning"]) + [l.component, l.jsonPath]
        let line = DiagnosticText.whereAndWhat(places, problem.message)
        if strict { problems.append(line) } else { warnings.append(line) }
      }
    }
    let names = components.map(\.definition.name)
    for name in Set(names).sorted() where names.filter({ $0 == name }).count > 1 {
      let sources = components.filter { $0.definition.name == name }.map(\.file)
      problems.append(
        "the component \(name) is defined by more than one file: \(sources.joined(separator: ", "))"
      )
    }
    if resolverName != nil, resolvers.count > 1 {
      problems.append(
        "--name names one resolver document, and these files give \(resolvers.count): \(resolvers.map(\.file).joined(separator: ", ")); add them one at a time"
      )
    }
    problems += try resolverNameProblems(resolvers, name: resolverName)
    if !problems.isEmpty { throw .invalid(problems.map { CatalogProblem(CatalogLocation(), $0) }) }
    if prune { changes += try droppedStudioSets(studioSets) }
    changes += try studioSetPlacement(studioSets, after: changes)
    for (file, document, _) in resolvers {
      changes.append(.saveResolverDocument(document, file: file, name: resolverName))
    }
    for (file, definition) in components { changes.append(.saveComponent(definition, file: file)) }
    return PreparedInput(changes: changes, warnings: warnings)
  }

  /// The moves that put the sets a Tokens Studio file adds to the catalog where its
  /// `$metadata.tokenSetOrder` puts them (Tokens Studio: a later set wins), not on top, as a
  /// new set of a plain file goes: each new set directly above the set before it in the
  /// file's order, or below the one after it when it is the file's first. The sets the
  /// catalog already holds keep their places (the user may have moved them). Review 23: a
  /// set new to the catalog went on top whatever the file said, so the same file gave other
  /// values than in a fresh catalog.
  /// - Parameters:
  ///   - studioSets: The sets of this command's Tokens Studio files, in each file's order.
  ///   - changes: The changes prepared so far (the sets they create, in order).
  /// - Returns: One ``CatalogChange/moveTokenSet(name:position:)`` per set to move, in order.
  /// - Throws: ``CatalogError`` when the catalog cannot be read.
  func studioSetPlacement(
    _ studioSets: [(file: String, set: String)], after changes: [CatalogChange]
  ) throws(CatalogError) -> [CatalogChange] {
    guard !studioSets.isEmpty else { return [] }
    let stored = try tokenSets().map(\.name)
    // The precedence order once the changes so far are applied: a new set goes on top.
    var order = stored
    for change in changes {
      switch change {
      case .importTokens(_, let set, _, _), .syncTokenSet(_, let set, _, _):
        if !order.contains(set) { order.append(set) }
      case .removeTokenSet(let name):
        order.removeAll { $0 == name }
      default: break
      }
    }
    var wanted = order
    var files: [String] = []
    for entry in studioSets where !files.contains(entry.file) { files.append(entry.file) }
    for file in files {
      let sets = studioSets.filter { $0.file == file }.map(\.set)
      for (i, set) in sets.enumerated() where !stored.contains(set) && wanted.contains(set) {
        wanted.removeAll { $0 == set }
        if let before = sets[..<i].last(where: { wanted.contains($0) }),
          let at = wanted.firstIndex(of: before)
        {
          wanted.insert(set, at: at + 1)
        } else if let after = sets[(i + 1)...].first(where: { wanted.contains($0) }),
          let at = wanted.firstIndex(of: after)
        {
          wanted.insert(set, at: at)
        } else {
          wanted.append(set)
        }
      }
    }
    var moves: [CatalogChange] = []
    for (k, set) in wanted.enumerated() where order[k] != set {
      moves.append(.moveTokenSet(name: set, position: k))
      order.removeAll { $0 == set }
      order.insert(set, at: k)
    }
    return moves
  }

  /// `--prune` of Tokens Studio multi-set files: the stored sets each file's sets came from
  /// (their recorded source names the file, ``studioSetSource(_:)``) that the file no
  /// longer has, removed as the file's other removed tokens are (``CatalogChange/removeTokenSet(name:)``,
  /// checked for what still uses them). The file is compared by identity, so another
  /// spelling of its path is the same file.
  /// - Parameter studioSets: The sets of this command's Tokens Studio files, with their file.
  /// - Returns: One change per dropped set, in precedence order.
  /// - Throws: ``CatalogError`` when the stored sets cannot be read.
  func droppedStudioSets(_ studioSets: [(file: String, set: String)]) throws(CatalogError)
    -> [CatalogChange]
  {
    guard !studioSets.isEmpty else { return [] }
    var changes: [CatalogChange] = []
    let files = Set(studioSets.map(\.file))
    for stored in try tokenSets() {
      guard let source = stored.source, let parts = Self.studioSetSource(sourceLocation(source)),
        let identity = FileIdentity.of(parts.file),
        let file = files.first(where: { FileIdentity.of($0) == identity }),
        !studioSets.contains(where: { $0.file == file && $0.set == stored.name })
      else { continue }
      changes.append(.removeTokenSet(name: stored.name))
    }
    return changes
  }

  /// The message for a token set name the set-name rule refuses, for a file imported with
  /// no set of its own: the file, the name, where it came from (the file's name, or
  /// `--set`), why, and the way out (`--set NAME`).
  /// - Parameters:
  ///   - name: The set's name.
  ///   - file: The token file.
  ///   - givenWithSet: Whether the name was given with `--set`.
  ///   - reason: Why the rule refuses it (``TokenSetName/problem(in:existing:)``).
  /// - Returns: The message, `file: the token set name …`.
  static func setNameProblem(_ name: String, file: String, givenWithSet: Bool, _ reason: String)
    -> String
  {
    let origin = givenWithSet ? "given with --set" : "from the file's name"
    let shown = NameText.forTerminal(name)
    return
      "\(file): the token set name '\(shown)' (\(origin)) is refused: \(reason); \(givenWithSet ? "give another name with --set NAME" : "import the file into a set of another name with --set NAME, or rename the file")"
  }

  /// The resolver documents of one `add` whose new names the file-name rule refuses
  /// (``TokenSetName/fileNameProblem(in:kind:)``, the store's rule), every one of them,
  /// each naming its file, the name, and where the name came from: `--name`, the
  /// document's `name`, or the file's name (a Tokens Studio file's `$themes`, or a
  /// resolver file with no `name`).
  /// - Parameters:
  ///   - resolvers: The documents read, with their files.
  ///   - name: The name given with `--name`, if any.
  /// - Returns: One message per refused name.
  /// - Throws: ``CatalogError`` when the stored documents cannot be read.
  func resolverNameProblems(
    _ resolvers: [(file: String, document: ResolverDocument, namedByFile: Bool)], name: String?
  ) throws(CatalogError) -> [String] {
    guard !resolvers.isEmpty else { return [] }
    let stored = Set(try resolverDocuments().map(\.input.name))
    var problems: [String] = []
    for (file, document, namedByFile) in resolvers {
      let input = Self.resolverInput(document, file: file, name: name)
      let chosen = NameText.normalized(input.name)
      guard !stored.contains(chosen),
        let reason = TokenSetName.fileNameProblem(in: chosen, kind: "a resolver document")
      else { continue }
      let origin =
        name != nil
        ? "given with --name"
        : document.name != nil && !namedByFile ? "its \"name\"" : "from the file's name"
      problems.append(
        "\(file): the resolver document name '\(NameText.forTerminal(chosen))' (\(origin)) is refused: \(reason); give it another with --name NAME"
      )
    }
    return problems
  }

  /// Reads a DTCG Resolver document file (`tokens import-resolver`): its `$ref`s are read
  /// relative to its folder, and every permutation of its inputs (up to 64) is resolved
  /// once to find problems before anything is saved (Resolver §4.2, §5).
  ///
  /// - Parameters:
  ///   - file: The document.
  ///   - strict: Refuse non-standard token constructs in its sources.
  ///   - allowOutsideReferences: Let `$ref` read files outside the document's folder.
  /// - Returns: The document and the warnings.
  /// - Throws: ``CatalogError/invalid(_:)`` with each problem.
  public func resolverDocument(
    _ file: InputFile, strict: Bool, allowOutsideReferences: Bool = false
  ) throws(CatalogError) -> (ResolverDocument, warnings: [String]) {
    let known = try knownTokenTypes()
    do {
      let source = try TokenSource.read(bytes: file.bytes, file: file.path)
      return try Self.resolverDocument(
        source, file: file.path, strict: strict, known: known,
        allowOutsideReferences: allowOutsideReferences)
    } catch {
      throw .invalid(error.diagnostics.map { CatalogProblem(CatalogLocation(), $0.summary) })
    }
  }

  /// Whether a JSON value is a component definition rather than a token file: an object
  /// whose `name` is a string, and that has a `body`, or is no resolver document
  /// (``ResolverDocument/isResolverDocument(_:)``) and holds no token value (`$value`, or
  /// the `value` of the older formats) anywhere.
  ///
  /// In a DTCG file every member of a group that does not start with `$` is a token or a
  /// group, both objects (Format §5, §6), so a string `name` is no token file's; a file
  /// that still holds token values is read as tokens, whose reader reports the `name`.
  /// So `{"name": "Foo"}` is a component with no body, and is told so.
  /// - Parameter root: The file's top-level value.
  /// - Returns: True when `add` reads it as a component definition.
  static func isComponentDefinition(_ root: JSONValue) -> Bool {
    guard let object = root.objectValue, object["name"]?.stringValue != nil else { return false }
    if object["body"] != nil { return true }
    // A resolver document has a `name` too (Resolver §4.1): its shape (`resolutionOrder`,
    // or `version` with `sets`/`modifiers`) tells it from a component without a body.
    if ResolverDocument.isResolverDocument(root) { return false }
    return !holdsTokenValue(root)
  }

  /// Whether any object inside `root` has a `$value` or `value` member (iterative, so
  /// nesting depth costs no stack).
  static func holdsTokenValue(_ root: JSONValue) -> Bool {
    var stack = [root]
    while let value = stack.popLast() {
      if let object = value.objectValue {
        for (key, member) in object.members {
          if key == "$value" || key == "value" { return true }
          stack.append(member)
        }
      } else if let array = value.arrayValue {
        stack.append(contentsOf: array)
      }
    }
    return false
  }

  /// Parses a resolver document, reading `$ref`d files relative to its folder, and
  /// resolves every permutation once.
  ///
  /// A `$ref` that `sameCall` answers names a token file given in the same command: it
  /// stays a reference to that file's set (``TokenSetFileReference``), read live once
  /// stored, rather than a copy (a catalog folder's `../tokens/compact.tokens.json`).
  static func resolverDocument(
    _ source: TokenSource, file: String, strict: Bool, known: [String: String],
    allowOutsideReferences: Bool = false,
    sameCall: @escaping (String) -> (set: String, tree: JSONValue)? = { _ in nil }
  ) throws(TokenFileError) -> (ResolverDocument, [String]) {
    // Files stay inside the document's folder unless allowed; never echoed (ResolverFileLoader).
    let loader = ResolverFileLoader(document: file, allowOutsideReferences: allowOutsideReferences)
    let setOfReference: (String) -> String? = { sameCall($0)?.set }
    let document = try ResolverDocument.parse(
      source: source, tokenSetOfReference: setOfReference
    ) { (ref: String) throws(TokenFileError) -> JSONValue in
      if let given = sameCall(ref) { return given.tree }
      return try loader.load(ref)
    }
    var warnings: [String] = []
    for inputs in document.permutations(limit: 64) {
      let result = try document.resolve(
        inputs: inputs,
        options: TokenFileParser.Options(
          strict: strict, knownTokens: known, unresolvedReferences: strict ? .error : .warning))
      for w in result.warnings where !warnings.contains(w.description) {
        warnings.append(w.description)
      }
    }
    return (document, warnings)
  }
}

extension CatalogService {
  /// A path with `.` and `..` parts resolved and made absolute, so two spellings of one
  /// file compare equal (`resolvers/../tokens/a.tokens.json`, `tokens/a.tokens.json`).
  /// - Parameter path: A path as given.
  /// - Returns: The absolute, standardized path.
  static func standardizedPath(_ path: String) -> String {
    UserPath.fileURL(path).standardized.path
  }

  /// Why a token file's path cannot name its set (``setName(for:)``): a path under
  /// `/dev/` or `/proc/` is a stream, not a named file (`add <(cmd)` reads `/dev/fd/63`,
  /// `/dev/stdin` names no set), so the set would be named `63` or `stdin` (review 17). The
  /// caller then needs `--set`.
  /// - Parameter file: The path as given.
  /// - Returns: The problem, or nil for an ordinary path.
  static func unnamedFileProblem(_ file: String) -> String? {
    guard file.hasPrefix("/dev/") || file.hasPrefix("/proc/") else { return nil }
    return
      "\(file) is a stream (a pipe, process substitution or /dev/stdin), not a named file, so it cannot name the token set its tokens go into: give the set's name with --set"
  }
}
