import CatalogModel
import CatalogResolver
import CatalogService
import CatalogStore
import CatalogSystem
import CatalogTokens

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The whole catalog as a folder of text files, for a git repository: one file per
/// component, one DTCG file per token set, one file per resolver document, the platforms and
/// a manifest.
///
/// ```
/// catalog.json                  manifest: format version, token sets by precedence, lint
///                               settings, tokens kept with a dangling alias (danglingAliases)
/// platforms.json                the platforms' defaults, by name
/// components/NAME.json          each stored definition, as `catalog show NAME` prints it
/// tokens/SET.tokens.json        each token set as a DTCG 2025.10 file, tokens in stored order
/// resolvers/NAME.resolver.json  each DTCG Resolver module document, as stored
/// ```
///
/// The bytes depend only on the catalog's content: keys in a stable order, two-space
/// indentation, one trailing newline, no timestamps and no absolute paths. Every value sits
/// on its own lines, so two git branches that change different components or tokens merge
/// without conflicts.
public struct CatalogFolder: Sendable, Equatable {
  /// The folder format this build writes and reads (`formatVersion` in `catalog.json`).
  public static let formatVersion = 1

  /// One token set and its tokens, in the order they were first stored.
  public struct TokenSet: Sendable, Equatable {
    /// The set's name (`tokens/NAME.tokens.json`).
    public var name: String
    /// Its tokens, in stored order.
    public var tokens: [DesignToken]
  }

  /// One DTCG Resolver module document.
  public struct ResolverFile: Sendable, Equatable {
    /// The document's name in the catalog (`resolvers/NAME.resolver.json`).
    public var name: String
    /// The document as stored.
    public var document: JSONValue
  }

  /// Every component, by name (sorted).
  public var components: [ComponentDefinition]
  /// Every token set, lowest precedence first (the last one wins a path).
  public var tokenSets: [TokenSet]
  /// Every resolver document, by name.
  public var resolvers: [ResolverFile]
  /// Every platform, by name.
  public var platforms: [Platform]
  /// Tokens whose alias or math operand names no token in any set (paths, sorted): the
  /// catalog kept them with `--allow-dangling`. The manifest lists them
  /// (`danglingAliases`), so `catalog import` keeps exactly these and refuses any other
  /// dangling alias, as `catalog add` does (DTCG Format §7.4.5).
  public var danglingAliases: [String] = []
  /// The components whose stored definition does not parse, left out by
  /// ``read(store:lint:skippingDamaged:)``: their `components/NAME.json` in a folder is kept,
  /// not removed as stale.
  public var leftOut: [String] = []
  /// Tokens whose stored value DTCG cannot hold (paths, sorted): the catalog kept them from
  /// a vendor dialect's file (Tokens Studio's `"150%"` letter spacing; issue 14 point 3).
  /// The manifest lists them (`keptValues`), so `catalog import` keeps exactly these, as
  /// the import that read the dialect did, and refuses any other such value.
  public var keptValues: [String] = []
  /// The manifest's `lint` object: settings for `catalog check` (`rules`: opt-in rules to
  /// run; `tokens`: also report unused tokens). Not stored in the catalog file.
  public var lint: JSONObject

  /// Creates a folder snapshot.
  /// - Parameters:
  ///   - components: The components.
  ///   - tokenSets: The token sets, lowest precedence first.
  ///   - resolvers: The resolver documents.
  ///   - platforms: The platforms.
  ///   - lint: The manifest's lint settings.
  public init(
    components: [ComponentDefinition] = [], tokenSets: [TokenSet] = [],
    resolvers: [ResolverFile] = [],
    platforms: [Platform] = [], lint: JSONObject = CatalogFolder.defaultLint
  ) {
    self.components = components.sorted { $0.name < $1.name }
    self.tokenSets = tokenSets
    self.resolvers = resolvers.sorted { $0.name < $1.name }
    self.platforms = platforms.sorted { $0.name < $1.name }
    self.lint = lint
  }

  /// The lint settings written when a folder has none: no opt-in rule, no unused-token report.
  public static let defaultLint = JSONObject([("rules", .array([])), ("tokens", .bool(false))])

  // MARK: - Reading a catalog file

  /// The content of a catalog file.
  ///
  /// A stored definition that does not parse is refused, every one named (review 19: the
  /// first stopped the export, hiding the others), since a folder without it would lose the
  /// component; with `skippingDamaged` each is left out instead, named in ``leftOut``, and
  /// its file in a folder an earlier export wrote is kept (``write(to:catalog:)``).
  /// - Parameters:
  ///   - store: The catalog, read only.
  ///   - lint: The lint settings to keep (those of an existing folder).
  ///   - skippingDamaged: Whether damaged stored definitions are left out rather than refused.
  /// - Returns: The snapshot.
  /// - Throws: ``ExchangeError`` naming every stored definition that does not parse (unless
  ///   `skippingDamaged`), or when a value does not parse or the store cannot be read.
  public static func read(
    store: CatalogStore, lint: JSONObject = CatalogFolder.defaultLint,
    skippingDamaged: Bool = false
  ) throws(ExchangeError) -> CatalogFolder {
    do {
      var components: [ComponentDefinition] = []
      var damaged: [String] = []
      var leftOut: [String] = []
      // The one rule of a damaged stored definition (``CatalogService/parseOrDamage(_:)``).
      for record in try store.components() {
        switch CatalogService.parseOrDamage(record) {
        case .success(let definition): components.append(definition)
        case .failure(let damage):
          damaged.append("components/\(record.name).json: \(damage.message)")
          leftOut.append(record.name)
        }
      }
      if !damaged.isEmpty && !skippingDamaged {
        throw ExchangeError(
          problems: damaged + [
            "nothing was exported: a folder without \(damaged.count == 1 ? "this component" : "these \(damaged.count) components") would lose \(damaged.count == 1 ? "it" : "them"); bring back a revision that parses (catalog history NAME, catalog revert NAME) or remove it, or export the rest with --skip-damaged (an existing file of a damaged component is kept)"
          ])
      }
      var sets: [TokenSet] = []
      for set in try store.tokenSets() {
        let tokens = try store.tokens(inSet: set.name).map(CatalogService.token(from:))
        sets.append(TokenSet(name: set.name, tokens: tokens))
      }
      var resolvers: [ResolverFile] = []
      for record in try store.resolverDocuments() {
        let json =
          (try? JSONParser.parse(record.input.document, file: record.input.name).root)
          ?? .string(record.input.document)
        resolvers.append(ResolverFile(name: record.input.name, document: json))
      }
      var folder = CatalogFolder(
        components: components, tokenSets: sets, resolvers: resolvers,
        platforms: try store.platforms(), lint: lint)
      folder.leftOut = leftOut
      folder.danglingAliases = danglingAliases(in: sets)
      folder.keptValues = keptValues(in: sets)
      return folder
    } catch let error as ExchangeError {
      throw error
    } catch {
      throw ExchangeError(file: store.path, message: "\(error)")
    }
  }

  /// The tokens of these sets whose alias or math operand names no token of any of them.
  /// - Parameter sets: Every token set.
  /// - Returns: Their paths, sorted, each once.
  static func danglingAliases(in sets: [TokenSet]) -> [String] {
    var paths = Set<String>()
    for set in sets { for t in set.tokens { paths.insert(t.path) } }
    var dangling = Set<String>()
    for set in sets {
      for t in set.tokens
      where TokenGraph.allReferences(of: t).contains(where: { !paths.contains($0) }) {
        dangling.insert(t.path)
      }
    }
    return dangling.sorted()
  }

  /// The literal tokens of these sets whose stored value DTCG cannot hold
  /// (``TokenGraph/storedValueProblem(_:)``, the check doctor reports as `token-value`),
  /// judged with every set's tokens (the last set wins a path, as in the catalog): a
  /// composite whose member alias names a token of another type (kept by `add --force`)
  /// is such a value as much as a vendor dialect's text is, and so is a whole-value alias
  /// whose declared `$type` differs from the type its chain now ends at (`add --force` of a
  /// set that gave the target another type; DTCG §7.4.5): `import` keeps each only when
  /// the manifest lists it, so export → import round-trips what `doctor` reports.
  /// - Parameter sets: Every token set, by precedence (lowest first).
  /// - Returns: Their paths, sorted, each once.
  static func keptValues(in sets: [TokenSet]) -> [String] {
    var all: [String: DesignToken] = [:]
    for set in sets { for t in set.tokens { all[t.path] = t } }
    let resolver = TokenResolver(tokens: all)
    var kept = Set<String>()
    for set in sets {
      for t in set.tokens {
        if t.aliasTarget == nil {
          if resolver.graph.storedValueProblem(t) != nil { kept.insert(t.path) }
        } else if all[t.path] == t, let type = t.type,
          let resolved = try? resolver.resolveValue(t.path).type, resolved != type
        {
          // The winning alias only: the catalog's view, which the import's check reads.
          kept.insert(t.path)
        }
      }
    }
    return kept.sorted()
  }

  /// The content of the catalog file at a path, opened read-only.
  ///
  /// - Parameters:
  ///   - path: The catalog file.
  ///   - lint: The lint settings to keep.
  ///   - skippingDamaged: Whether a stored definition that does not parse is left out (see
  ///     ``read(store:lint:skippingDamaged:)``) rather than refused.
  /// - Returns: The snapshot.
  /// - Throws: ``ExchangeError`` when the file cannot be opened or read.
  public static func read(
    catalogAt path: String, lint: JSONObject = CatalogFolder.defaultLint,
    skippingDamaged: Bool = false
  ) throws(ExchangeError) -> CatalogFolder {
    let store: CatalogStore
    do { store = try CatalogStore(path: path, mode: .readOnly) } catch {
      throw ExchangeError(file: path, message: "\(error)")
    }
    return try read(store: store, lint: lint, skippingDamaged: skippingDamaged)
  }

  // MARK: - Files

  /// The manifest's file name.
  public static let manifestFile = "catalog.json"

  /// Every file of the folder with its text, by relative path (sorted).
  /// - Returns: `(path, text)` pairs; each text ends with one newline.
  public func files() -> [(path: String, text: String)] {
    var out: [(String, String)] = []
    var manifest = JSONObject([
      ("format", .string("catalog-folder")),
      ("formatVersion", .number(Double(CatalogFolder.formatVersion))),
      ("tokenSets", .array(tokenSets.map { .string($0.name) })),
      ("lint", .object(lint)),
    ])
    if !danglingAliases.isEmpty {
      // Only when there are any: the folders of catalogs without keep their bytes.
      manifest.members.append(("danglingAliases", .array(danglingAliases.map { .string($0) })))
    }
    if !keptValues.isEmpty {
      manifest.members.append(("keptValues", .array(keptValues.map { .string($0) })))
    }
    out.append((CatalogFolder.manifestFile, JSONWriter.pretty(.object(manifest))))
    let platformJSON: [JSONValue] = platforms.map {
      .object(
        JSONObject([
          ("name", .string($0.name)), ("defaultSpacing", .number($0.defaultSpacing)),
          ("defaultPadding", .number($0.defaultPadding)),
          ("displayScale", .number($0.displayScale)),
        ]))
    }
    out.append(("platforms.json", JSONWriter.pretty(.array(platformJSON))))
    for c in components { out.append(("components/\(c.name).json", JSONWriter.pretty(c.json))) }
    for s in tokenSets {
      out.append(("tokens/\(s.name).tokens.json", DTCGWriter.write(s.tokens, header: nil)))
    }
    for r in resolvers {
      out.append(("resolvers/\(r.name).resolver.json", JSONWriter.pretty(r.document)))
    }
    return out.sorted { $0.0 < $1.0 }
  }

  /// Writes the folder: every file of ``files()``, and, in a folder an earlier export wrote
  /// (it holds `catalog.json`), removes the catalog files (`*.json` in `components/`,
  /// `tokens/`, `resolvers/`) that the catalog no longer has. Other files are left alone,
  /// and so is a symbolic link (export writes regular files, so a link is never its own).
  /// A folder `catalog site` wrote is refused (``SiteFolder/sharingProblem(_:writer:)``),
  /// and so is a folder below `directory` that leads outside it through a symbolic link
  /// (``outsideFolderProblems(_:in:)``).
  ///
  /// - Parameters:
  ///   - directory: The folder (created if needed).
  ///   - catalog: The catalog file the folder is exported from (`--db`): no file written or
  ///     removed may be it or one of its SQLite files (``OutputPathRule``), checked before
  ///     anything is written. Nil protects nothing (a folder built in memory).
  /// - Returns: How many files were written, unchanged and removed.
  /// - Throws: ``ExchangeError`` when the folder or a file is refused or cannot be written
  ///   or removed.
  @discardableResult
  public func write(to directory: URL, catalog: String? = nil) throws(ExchangeError) -> (
    written: Int, unchanged: Int, removed: Int, oversized: [String]
  ) {
    try Self.checkFolderTarget(directory)
    // A folder `catalog site` wrote is not a catalog folder (the one rule for both).
    if let reason = SiteFolder.sharingProblem(directory.relativePath, writer: .export) {
      throw ExchangeError(
        problems: [
          CatalogError.refusedOutput(path: directory.relativePath, reason: reason).description
        ])
    }
    let fm = FileManager.default
    var written = 0
    var unchanged = 0
    var removed = 0
    // A set or resolver name becomes a file name: it must stay inside its folder.
    // Sets follow the one set-name rule (TokenSetName), so a set the catalog accepted is
    // refused here only when it was stored before that rule.
    let unsafeSets = tokenSets.compactMap { set in
      // (Names differing only in case are the file check's below, said once per pair.)
      TokenSetName.problem(in: set.name).map {
        "token set '\(set.name)': \($0); rename it first (catalog tokens sets --rename)"
      }
    }
    let unsafeResolvers = resolvers.filter { !CatalogFolder.isSafeFileName($0.name) }.map {
      "resolver document '\($0.name)': the name cannot be a file name (no '/', '\\', control characters, leading '.'); rename it first"
    }
    if !(unsafeSets + unsafeResolvers).isEmpty {
      throw ExchangeError(problems: unsafeSets + unsafeResolvers)
    }
    let files = files()
    if let clashes = Self.caseClashes(files.map(\.path)) { throw ExchangeError(problems: clashes) }
    let wanted = Set(files.map(\.path))
    // A component left out as damaged keeps the file an earlier export wrote.
    let keptFiles = Set(leftOut.map { "components/\($0).json" })
    // tokens/ holds a folder per `/` of a set's name (`tokens/themes/dark.tokens.json`).
    // Only a folder an export wrote (it holds the manifest) has stale catalog files: in any
    // other folder the `*.json` files there are someone else's and are left alone.
    let exported = fm.fileExists(atPath: directory.appendingPathComponent(Self.manifestFile).path)
    let stale = ["components", "tokens", "resolvers"].flatMap {
      exported ? Self.jsonFiles(in: directory, folder: $0, nested: $0 == "tokens") : []
    }.filter {
      // A symbolic link is never a file export wrote (it writes regular files).
      !wanted.contains($0) && !keptFiles.contains($0)
        && (try? fm.destinationOfSymbolicLink(atPath: directory.appendingPathComponent($0).path))
          == nil
    }
    let outside = Self.outsideFolderProblems(files.map(\.path) + stale, in: directory)
    if !outside.isEmpty { throw ExchangeError(problems: outside) }
    try Self.checkOutputFiles(files.map(\.path) + stale, in: directory, catalog: catalog)
    do {
      (written, unchanged) = try Self.writeChangedFiles(files, into: directory)
      for name in stale {
        try fm.removeItem(at: directory.appendingPathComponent(name))
        removed += 1
      }
      Self.removeEmptyTokenFolders(in: directory)
    } catch {
      throw ExchangeError(
        file: directory.path, message: "cannot write the folder: \(SystemText.describe(error))")
    }
    return (written, unchanged, removed, Self.oversizedFileWarnings(files))
  }

  /// A warning for each file larger than a folder's reader takes (``maximumFileSize``, 64 MiB,
  /// as `add` reads): `import` and `check` would refuse the folder (review 19: two `add --set
  /// big` files made a set file `import` then refused). Named with its token set or component.
  /// - Parameters:
  ///   - files: The folder's files, as ``files()`` gives them.
  ///   - limit: The most bytes a file may have (``maximumFileSize``; tests give a small one).
  /// - Returns: One warning per file over the limit, in path order.
  public static func oversizedFileWarnings(
    _ files: [(path: String, text: String)], limit: Int = maximumFileSize
  ) -> [String] {
    files.compactMap { file in
      let bytes = file.text.utf8.count
      guard bytes > limit else { return nil }
      var what = ""
      if file.path.hasPrefix("tokens/"), file.path.hasSuffix(".tokens.json") {
        let set = file.path.dropFirst("tokens/".count).dropLast(".tokens.json".count)
        what =
          " (token set '\(set)'): split it into smaller sets (add its tokens from several files, each with its own --set NAME), so that each file is at most \(limit / 1_048_576) MiB"
      } else if file.path.hasPrefix("components/") {
        what = " (component \(file.path.dropFirst("components/".count).dropLast(".json".count)))"
      }
      return
        "\(file.path) is \(TextFormat.fixed(Double(bytes) / 1_048_576, digits: 1)) MiB, more than the \(limit / 1_048_576) MiB that catalog import and catalog check read: the folder cannot be imported as it is\(what)"
    }
  }

  /// The folders below `directory` that an export would write or remove files in but that
  /// lead outside it through a symbolic link (`components` → `/elsewhere`): an export writes
  /// and removes files only inside its folder (``FolderBoundary``, the rule `import` reads
  /// by), and no option changes that. Only the outermost such folder is named.
  ///
  /// - Parameters:
  ///   - paths: The files written or removed, relative to `directory`.
  ///   - directory: The export's folder.
  /// - Returns: One problem per folder, naming where it leads and what to do; empty when
  ///   every folder stays inside.
  static func outsideFolderProblems(_ paths: [String], in directory: URL) -> [String] {
    var folders = Set<String>()
    for path in paths {
      var parts = path.split(separator: "/").dropLast()
      while !parts.isEmpty {
        folders.insert(parts.joined(separator: "/"))
        parts.removeLast()
      }
    }
    var named: [String] = []
    var problems: [String] = []
    for folder in folders.sorted() where !named.contains(where: { folder.hasPrefix($0 + "/") }) {
      guard
        let target = FolderBoundary.outsideTarget(
          of: directory.appendingPathComponent(folder).path, folder: directory.path)
      else { continue }
      named.append(folder)
      problems.append(
        "\(folder): it leads outside the folder (a symbolic link to \(target)); export writes and removes files only inside the folder it is given, so it does not follow the link: replace the link with a folder, or export to another folder"
      )
    }
    return problems
  }

  /// Refuses the export when a file it would write or remove in `directory` is the catalog
  /// or one of its SQLite files (``OutputPathRule``, the one rule for output paths).
  ///
  /// - Parameters:
  ///   - paths: The files, relative to `directory`.
  ///   - directory: The export's folder.
  ///   - catalog: The catalog file; nil checks nothing.
  /// - Throws: ``ExchangeError`` with the rule's reason.
  static func checkOutputFiles(_ paths: [String], in directory: URL, catalog: String?)
    throws(ExchangeError)
  {
    guard let catalog else { return }
    for path in paths {
      do {
        try OutputPathRule.check(directory.appendingPathComponent(path).path, catalog: catalog)
      } catch {
        throw ExchangeError(problems: [error.description])
      }
    }
  }

  /// Refuses an export target that exists and is not a folder (a file, such as a catalog
  /// file given by mistake), before anything is written: an export writes a folder.
  ///
  /// - Parameters:
  ///   - directory: The export's target.
  ///   - swiftPackage: True for `--format swiftui` (a Swift package folder), false for the
  ///     catalog folder; the message names what that format writes.
  /// - Throws: ``ExchangeError`` saying it is a file and what to do.
  static func checkFolderTarget(_ directory: URL, swiftPackage: Bool = false) throws(ExchangeError)
  {
    guard FileStatus.isDirectory(atPath: directory.path) == false else { return }
    let what =
      swiftPackage
      ? "export --format swiftui writes a Swift package folder (Package.swift, Sources/CatalogComponents/, …)"
      : "export writes a folder (catalog.json, components/, tokens/, …)"
    let alternative =
      swiftPackage
      ? "for the tokens as one Swift file, use `catalog tokens export --format swift --output FILE`"
      : "to copy the catalog file itself, use `catalog backup PATH`"
    throw ExchangeError(
      file: directory.relativePath,
      message:
        "a file exists there, and \(what); give a folder name that is new or an existing folder, or remove the file first (\(alternative))"
    )
  }

  /// Writes each file whose bytes differ from what is on disk (atomically, creating its
  /// folder), so that an unchanged export leaves files and their dates alone.
  ///
  /// - Parameters:
  ///   - files: Paths relative to `directory`, with their text (UTF-8).
  ///   - directory: The folder.
  /// - Returns: How many files were written and how many were already equal.
  /// - Throws: Foundation's file errors.
  static func writeChangedFiles(
    _ files: [(path: String, text: String)], into directory: URL
  ) throws -> (written: Int, unchanged: Int) {
    let fm = FileManager.default
    var written = 0
    var unchanged = 0
    for (path, text) in files {
      let url = directory.appendingPathComponent(path)
      try fm.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      let data = Data(text.utf8)
      if fm.contents(atPath: url.path) == data {
        unchanged += 1
        continue
      }
      try data.write(to: url, options: .atomic)
      written += 1
    }
    return (written, unchanged)
  }

  /// Whether a set or resolver name can be used as a file name inside its folder.
  /// - Parameter name: The name.
  /// - Returns: False for names with `/`, `\`, control characters or a leading `.`.
  public static func isSafeFileName(_ name: String) -> Bool {
    !name.isEmpty && !name.hasPrefix(".")
      && !name.unicodeScalars.contains {
        $0 == "/" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F
      }
  }
}
