import CatalogModel
import CatalogResolver
import CatalogStore
import CatalogSystem
import CatalogTokens

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The catalog's application layer: every read and every change of a catalog file goes
/// through here, so each rule (what a change must not break, which rows a definition
/// derives, how a token record maps to a DTCG token) is applied in one place whatever
/// calls it: the `catalog` command line, a test, or another program using `CatalogKit`.
///
/// Reading: ``component(named:)``, ``definition(named:)``, ``definitions()``,
/// ``tokenResolver()``, ``tokenResolver(inputs:)`` and the list functions.
/// Changing: ``apply(_:options:)`` with one or more ``CatalogChange``s, all in one
/// transaction: it validates the input, writes the component's derived rows (parameters,
/// variants, lengths, instances) and the tokens' resolved values, records the revisions,
/// and refuses the change when it breaks what depends on it.
///
/// For example:
///
/// ```swift
/// let catalog = try CatalogService(path: "catalog.db", create: true)
/// let row = try DefinitionParser.parse(#"{"name": "Row", "body": {"type": "HStack"}}"#)
/// let result = try catalog.apply([.saveComponent(row)])
/// ```
///
/// A service is one SQLite connection: use it from one thread at a time.
public final class CatalogService {
  /// The catalog file's path (`:memory:` for a throwaway catalog).
  public let path: String
  /// The store behind the service; only the service touches it.
  let store: CatalogStore
  /// What the last ``apply(_:options:)`` re-resolved and re-checked (the reach of its
  /// change), for tests and diagnostics: a change to one token re-checks that token, the
  /// tokens referring to it and the components using those, nothing else.
  public internal(set) var lastDependentsCheck = DependentsCheckReport()

  /// Opens a catalog file.
  ///
  /// - Parameters:
  ///   - path: The catalog file, or `:memory:`.
  ///   - create: Create the file when it is missing (and migrate an old one); read
  ///     commands pass `false` and get ``CatalogError/noCatalog(path:)`` instead.
  ///   - readOnly: Open without any write (no migration either).
  /// - Throws: ``CatalogError/noCatalog(path:)``, ``CatalogError/notACatalog(path:reason:)``,
  ///   ``CatalogError/newerSchema(found:supported:)``, ``CatalogError/outdatedSchema(found:required:)``
  ///   (read-only), ``CatalogError/locked(path:)``, ``CatalogError/readOnly(path:)`` or
  ///   ``CatalogError/storage(_:)``.
  public init(path: String, create: Bool, readOnly: Bool = false) throws(CatalogError) {
    self.path = path
    try EmptyPath.refuseCatalogPath(path)
    // A folder, a FIFO or a device is refused before anything is opened or created
    // (CatalogStore's rule).
    if let reason = CatalogStore.fileKindProblem(path) {
      throw .notACatalog(path: path, reason: reason)
    }
    let isEmpty = CatalogStore.isEmptyFile(atPath: path)
    if !create && !readOnly && isEmpty {
      // A writer that does not create (edit, remove, tokens set) must not turn an empty
      // file into a catalog: it says what a read does (issue 12, point 1).
      throw .notACatalog(
        path: path,
        reason: "the file is empty, with no catalog schema; create a catalog with `catalog init`")
    }
    if path != ":memory:" && (create && isEmpty || !FileManager.default.fileExists(atPath: path)) {
      guard create else { throw .noCatalog(path: path) }
      // A new catalog appears whole (CatalogStore.create(at:_:)); one made meanwhile by
      // another process is used as it is.
      do { _ = try CatalogStore.create(at: path) { _ in } } catch let error as StoreError {
        if case .alreadyExists = error {} else { throw CatalogError.from(error) }
      } catch {
        throw .storage("\(error)")
      }
    }
    do {
      store = try CatalogStore(path: path, mode: readOnly ? .readOnly : .readWrite)
    } catch {
      throw CatalogError.from(error)
    }
  }

  /// Whether a catalog must be created at `path` before use: nothing is there, or an
  /// empty file (0 bytes) that a new catalog replaces whole
  /// (``CatalogStore/create(at:_:)``), so a failed command leaves it as it was.
  /// - Parameter path: The catalog path (`:memory:` never needs creating).
  /// - Returns: True when `path` holds no catalog file yet.
  public static func needsCreating(at path: String) -> Bool {
    guard path != ":memory:" else { return false }
    return !FileManager.default.fileExists(atPath: path) || CatalogStore.isEmptyFile(atPath: path)
  }

  /// Closes the catalog now (``CatalogStore/closeConnection()``), so that no `-wal` or `-shm`
  /// file is left beside it by a caller that keeps its objects until the process exits. The
  /// service must not be used afterwards.
  public func close() { store.closeConnection() }

  /// A service on a store that is already open (a new catalog being built, or
  /// ``forDryRun(at:)``'s copy in memory).
  init(path: String, store: CatalogStore) {
    self.path = path
    self.store = store
  }

  /// Creates the catalog at `path` atomically and runs `body` on it: the catalog is built
  /// in a temporary file and linked into place only when `body` succeeds and only if
  /// `path` is still absent, or is still the same empty file
  /// (``CatalogStore/create(at:_:)``; issue 12, point 1).
  ///
  /// - Parameters:
  ///   - path: Where the new catalog goes; must not exist, or be an empty file.
  ///   - body: The work, on a service whose store is the temporary file.
  /// - Returns: `body`'s value, or nil when another process created `path` meanwhile
  ///   (nothing of `body`'s work was kept; run it again on the existing catalog).
  /// - Throws: What `body` threw; ``CatalogError`` when the file cannot be created.
  public static func createAtomically<T>(at path: String, _ body: (CatalogService) throws -> T)
    throws -> T?
  {
    try EmptyPath.refuseCatalogPath(path)
    let creation: CatalogStore.Creation<T>
    do {
      creation = try CatalogStore.create(at: path) { store in
        try body(CatalogService(path: path, store: store))
      }
    } catch let error as StoreError {
      throw CatalogError.from(error)
    }
    switch creation {
    case .created(let value): return value
    case .createdMeanwhile: return nil
    }
  }

  /// The newest schema version this build knows.
  public static var latestSchemaVersion: Int { CatalogStore.latestSchemaVersion }

  /// The file's schema version (`PRAGMA user_version`).
  /// - Throws: ``CatalogError`` when SQLite fails.
  public func schemaVersion() throws(CatalogError) -> Int {
    try CatalogError.wrapping { try store.schemaVersion }
  }

  // MARK: - Components

  /// The stored component named `name`, or `nil`.
  /// - Parameter name: The component's name.
  /// - Returns: Its row (definition JSON, revision, timestamps).
  /// - Throws: ``CatalogError`` when SQLite fails.
  public func component(named name: String) throws(CatalogError) -> StoredComponent? {
    try CatalogError.wrapping { try store.component(named: name) }
  }

  /// Every stored component, by name.
  /// - Returns: The rows.
  /// - Throws: ``CatalogError`` when SQLite fails.
  public func components() throws(CatalogError) -> [StoredComponent] {
    try CatalogError.wrapping { try store.components() }
  }

  /// The stored definition of `name`, parsed.
  /// - Parameter name: The component's name.
  /// - Returns: The definition, or `nil` when there is no such component.
  /// - Throws: ``CatalogError/corrupt(_:)`` when the stored JSON no longer parses.
  public func definition(named name: String) throws(CatalogError) -> ComponentDefinition? {
    guard let record = try component(named: name) else { return nil }
    return try Self.parse(record)
  }

  /// The stored definition of `name`: parsed, damaged (``DamagedDefinition``: its JSON no
  /// longer decodes or no longer passes validation) or missing (nil). The one reading of a
  /// single row that tells a damaged row from a missing one (review 21).
  /// - Parameter name: The component's name.
  /// - Returns: The definition or its damage, or nil when no component has that name.
  /// - Throws: ``CatalogError`` when SQLite fails.
  public func storedDefinition(named name: String) throws(CatalogError) -> Result<
    ComponentDefinition, DamagedDefinition
  >? {
    guard let record = try component(named: name) else { return nil }
    return Self.parseOrDamage(record)
  }

  /// The damage of the stored definition of `name`, or nil when it parses or is missing.
  /// - Parameter name: The component's name.
  /// - Returns: The damage.
  public func damage(of name: String) -> DamagedDefinition? {
    if case .failure(let damage)? = try? storedDefinition(named: name) { return damage }
    return nil
  }

  /// Every stored definition, parsed, by name.
  /// - Returns: The definitions.
  /// - Throws: ``CatalogError/corrupt(_:)`` when one no longer parses.
  public func definitions() throws(CatalogError) -> [ComponentDefinition] {
    var out: [ComponentDefinition] = []
    for record in try components() { out.append(try Self.parse(record)) }
    return out
  }

  /// Every stored definition that parses, and a problem naming each one that does not
  /// (review 19: `lint`, `site` and `export` stopped at the first damaged row; `doctor` lists
  /// them all). The one rule of what a damaged stored definition is, and its message.
  /// - Returns: The definitions in name order, and one problem per damaged definition.
  /// - Throws: ``CatalogError`` when the catalog cannot be read.
  public func definitionsAndDamaged() throws(CatalogError) -> (
    definitions: [ComponentDefinition], damaged: [CatalogProblem]
  ) {
    var definitions: [ComponentDefinition] = []
    var damaged: [CatalogProblem] = []
    for record in try components() {
      switch Self.parseOrDamage(record) {
      case .success(let definition): definitions.append(definition)
      case .failure(let damage): damaged.append(Self.damagedProblem(damage))
      }
    }
    return (definitions, damaged)
  }

  /// The advice after a damaged stored definition's problem (``definitionsAndDamaged()``).
  /// - Parameter name: The component.
  /// - Returns: The advice, starting with `; `.
  public static func damagedDefinitionAdvice(_ name: String) -> String {
    DamagedDefinition.advice(name)
  }

  /// Parses a stored row's definition: the one rule of what a damaged stored definition is
  /// (``DamagedDefinition``: it does not parse, or it names another component than its row),
  /// for ``parse(_:)``, ``definitionsAndDamaged()`` and the resolver's source.
  /// - Parameter record: The row.
  /// - Returns: The definition, or its damage with the JSON path and reason.
  public static func parseOrDamage(_ record: StoredComponent) -> Result<
    ComponentDefinition, DamagedDefinition
  > {
    let definition: ComponentDefinition
    do {
      definition = try DefinitionParser.parse(record.definition, file: "catalog:\(record.name)")
    } catch {
      return .failure(DamagedDefinition.from(component: record.name, error: error))
    }
    // A row whose definition names another component (the name changed at the `sqlite3`
    // prompt) is damaged too: read as its own name, it would stand in for that component,
    // so `export`, `site` and `serve` wrote one of the two and lost the other (review 22).
    guard definition.name == record.name else {
      return .failure(
        DamagedDefinition(
          component: record.name, path: "name",
          reason:
            "the stored definition is named '\(definition.name)', but its row is '\(record.name)' (a component's name is its row's)"
        ))
    }
    return .success(definition)
  }

  /// The problem of a damaged stored definition: the component at the JSON path where it
  /// fails, what is wrong and what to do (``DamagedDefinition``).
  /// - Parameter damage: The damage.
  /// - Returns: The problem.
  public static func damagedProblem(_ damage: DamagedDefinition) -> CatalogProblem {
    CatalogProblem(
      CatalogLocation(component: damage.component, jsonPath: damage.path), damage.description)
  }

  /// Parses a stored row's definition.
  static func parse(_ record: StoredComponent) throws(CatalogError) -> ComponentDefinition {
    switch parseOrDamage(record) {
    case .success(let definition): return definition
    case .failure(let damage): throw .corrupt(damagedProblem(damage))
    }
  }

  /// Every revision of `name`, oldest first (removals included).
  /// - Parameter name: The component's name.
  /// - Returns: The revisions.
  /// - Throws: ``CatalogError/notFound(kind:name:known:)`` when it was never saved.
  public func history(ofComponent name: String) throws(CatalogError) -> [StoredRevision] {
    do {
      return try store.componentHistory(named: name)
    } catch StoreError.notFound {
      throw .notFound(kind: "component", name: name, known: [])
    } catch {
      throw CatalogError.from(error)
    }
  }

  /// The resolver's view of the catalog's components (for rendering).
  public var componentSource: any ComponentSource { StoreComponentSource(service: self) }

  // MARK: - Tokens

  /// The tokens of one set, or of every set (`nil`) by precedence.
  /// - Parameter set: The set's name, or `nil`.
  /// - Returns: The rows.
  /// - Throws: ``CatalogError/notFound(kind:name:known:)`` for an unknown set.
  public func tokens(inSet set: String?) throws(CatalogError) -> [StoredToken] {
    if let set { try requireTokenSet(set) }
    return try CatalogError.wrapping { try store.tokens(inSet: set) }
  }

  /// The one rule for a token set a command names (`--set`): it must exist; else the
  /// error lists the sets and the nearest name (`did you mean 'spacing'?`).
  /// - Parameter set: The set's name as given.
  /// - Throws: ``CatalogError/notFound(kind:name:known:)`` for an unknown set.
  public func requireTokenSet(_ set: String) throws(CatalogError) {
    let sets = try tokenSets().map(\.name)
    guard sets.contains(set) else { throw .notFound(kind: "token set", name: set, known: sets) }
  }

  /// The error for a reference that names a group of the catalog with no `$root` token
  /// (``GroupReference/namesGroupMessage(_:members:)``, the one wording), for `tokens set`, a
  /// component's lengths and token arguments, and `render -a`; nil when `target` is no
  /// group. The stored paths are read only on this error path.
  /// - Parameter target: The path the reference names.
  /// - Returns: The message, or nil.
  public func groupReferenceMessage(for target: String) -> String? {
    guard !target.isEmpty, (try? store.isTokenGroup(target)) == true else { return nil }
    let members = ((try? tokens(inSet: nil)) ?? []).map(\.path).filter {
      $0.hasPrefix(target + ".")
    }
    return GroupReference.namesGroupMessage(target, members: Set(members).sorted())
  }

  /// `; did you mean {space.md}?` for a token path that names no stored token, when a
  /// stored path is near; `; {space} is a group, not a token: its 5 tokens include …` for
  /// the path of a group (``NameSuggestion/didYouMean(token:among:)``); else an empty
  /// string. The stored paths are read only on this error path.
  /// - Parameters:
  ///   - path: The path given.
  ///   - set: The set it was looked for in (`nil`: every set).
  /// - Returns: The message suffix.
  public func tokenSuggestion(for path: String, inSet set: String? = nil) -> String {
    Self.tokenSuggestion(
      for: path, among: Set(((try? tokens(inSet: set)) ?? []).map(\.path)).sorted())
  }

  /// ``tokenSuggestion(for:inSet:)``'s rule over given paths: the one lookup message of a
  /// token path, for `tokens get` and `catalog serve`'s `/api/tokens/PATH` alike.
  /// - Parameters:
  ///   - path: The path given.
  ///   - paths: The token paths there are, sorted.
  /// - Returns: The message suffix.
  public static func tokenSuggestion(for path: String, among paths: [String]) -> String {
    // The path of a group: said so, with a few of its tokens (a group is no token, DTCG
    // Format §6), rather than a near path elsewhere.
    let members = paths.filter { $0.hasPrefix(path + ".") }
    if !members.isEmpty {
      return "; {\(path)} is a group, not a token: \(GroupReference.membersPhrase(members))"
    }
    let direct = NameSuggestion.didYouMean(token: path, among: paths)
    return direct.isEmpty ? Self.groupSuggestion(for: path, among: paths) : direct
  }

  /// `; did you mean a token of space: {space.base}, {space.gap}?` when `path` is a typo
  /// of a group (`{spcae}`: the nearest name among the groups, ``NameSuggestion/nearest(_:among:)``)
  /// that no token path is near: a group is no alias target (DTCG Format §7.1.1), so its
  /// first tokens are named. Empty when no group is near.
  /// - Parameters:
  ///   - path: The path that names no token.
  ///   - paths: The stored token paths, sorted.
  /// - Returns: The message suffix.
  static func groupSuggestion(for path: String, among paths: [String]) -> String {
    var groups = Set<String>()
    for p in paths {
      var prefix = Substring(p)
      while let dot = prefix.lastIndex(of: ".") {
        prefix = prefix[..<dot]
        if !groups.insert(String(prefix)).inserted { break }
      }
    }
    guard let group = NameSuggestion.nearest(path, among: groups.sorted()) else { return "" }
    let members = paths.filter { $0.hasPrefix(group + ".") }
    let shown = members.prefix(3).map { "{\($0)}" }.joined(separator: ", ")
    return "; did you mean a token of \(group): \(shown)\(members.count > 3 ? ", …" : "")?"
  }

  /// The token sets by precedence (the last wins).
  /// - Returns: The sets.
  /// - Throws: ``CatalogError`` when SQLite fails.
  public func tokenSets() throws(CatalogError) -> [StoredTokenSet] {
    try CatalogError.wrapping { try store.tokenSets() }
  }

  /// Where components use the token `path` (every token when `nil`), of every type (the
  /// `token_usage` view).
  /// - Parameter path: The token path.
  /// - Returns: The uses.
  /// - Throws: ``CatalogError`` when SQLite fails.
  public func tokenUsage(_ path: String?) throws(CatalogError) -> [StoredTokenUse] {
    try CatalogError.wrapping { try store.tokenUsage(path) }
  }

  /// Every saved value of the token `path`.
  /// - Parameter path: The token path.
  /// - Returns: The revisions, oldest first.
  /// - Throws: ``CatalogError`` when SQLite fails.
  public func tokenHistory(_ path: String) throws(CatalogError) -> [StoredTokenRevision] {
    try CatalogError.wrapping { try store.tokenHistory(path) }
  }

  /// The stored resolver documents.
  /// - Returns: The documents with their modifiers.
  /// - Throws: ``CatalogError`` when SQLite fails.
  public func resolverDocuments() throws(CatalogError) -> [StoredResolverDocument] {
    try CatalogError.wrapping { try store.resolverDocuments() }
  }

  /// Every token, the winning one per path when several sets define it (DTCG §9: the
  /// later set wins).
  /// - Returns: A resolver over the catalog's tokens.
  /// - Throws: ``CatalogError`` when SQLite fails.
  public func tokenResolver() throws(CatalogError) -> TokenResolver {
    let records = try CatalogError.wrapping { try store.resolvedTokens() }
    var tokens: [String: DesignToken] = [:]
    for (path, record) in records { tokens[path] = RecordMapping.token(from: record) }
    return TokenResolver(tokens: tokens)
  }

  /// Path → type of every stored token, for aliases from files being imported.
  /// - Returns: The types (`""` for an untyped token).
  /// - Throws: ``CatalogError`` when SQLite fails.
  public func knownTokenTypes() throws(CatalogError) -> [String: String] {
    var known: [String: String] = [:]
    for r in try tokens(inSet: nil) { known[r.path] = r.type ?? "" }
    return known
  }

  /// The tokens for a render with resolver inputs: the token sets merged by precedence,
  /// then, for each stored resolver document that has a modifier an input names (by name),
  /// its tokens for the chosen contexts on top (Resolver §6); the same rule as
  /// `tokens export` (``tokenResolver(viewOf:inputs:)``). Without inputs, the sets alone.
  ///
  /// - Parameter inputs: Modifier → context.
  /// - Returns: The tokens.
  /// - Throws: ``CatalogError/invalid(_:)`` without a resolver document, or when the
  ///   inputs do not resolve.
  public func tokenResolver(inputs: [String: String]) throws(CatalogError) -> TokenResolver {
    try tokenResolver(viewOf: nil, inputs: inputs)
  }

  /// The mode contexts a render can choose (`render --matrix`): each modifier of the first
  /// stored resolver document (by name) with its contexts (DTCG Resolver module §5).
  /// - Returns: Modifier and context names, in document order; empty without a document.
  /// - Throws: ``CatalogError`` when SQLite fails.
  public func modes() throws(CatalogError) -> [(modifier: String, contexts: [String])] {
    (try resolverDocuments().first?.input.modifiers ?? []).map { m in
      (modifier: m.name, contexts: m.contexts.map(\.name))
    }
  }

  // MARK: - Platforms

  /// The platform named `name` (`ios`, `macos`, …) with its stored defaults, or `nil`.
  /// - Parameter name: The platform's name.
  /// - Returns: The platform (spacing, padding and display scale, in points).
  /// - Throws: ``CatalogError`` when SQLite fails.
  public func platform(named name: String) throws(CatalogError) -> Platform? {
    try CatalogError.wrapping { try store.platform(named: name) }
  }

  /// Every stored platform, by name.
  /// - Returns: The platforms.
  /// - Throws: ``CatalogError`` when SQLite fails.
  public func platforms() throws(CatalogError) -> [Platform] {
    try CatalogError.wrapping { try store.platforms() }
  }
}

/// Components from the catalog file, for the resolver.
struct StoreComponentSource: ComponentSource {
  let service: CatalogService
  func definition(named name: String) throws -> ComponentDefinition? {
    switch try service.storedDefinition(named: name) {
    case .success(let definition)?: return definition
    case .failure(let damage)?: throw damage
    case nil: return nil
    }
  }
}
