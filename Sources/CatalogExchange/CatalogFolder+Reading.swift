import CatalogModel
import CatalogStore
import CatalogSystem
import CatalogTokens

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension CatalogFolder {
  /// The largest file read from a folder (64 MiB), as for `catalog add`.
  public static let maximumFileSize = 64 * 1024 * 1024
  /// The most files read from one folder.
  public static let maximumFileCount = 100_000

  /// Why a path given as a catalog folder is not one: missing, or a file (a JSON file is
  /// added with `catalog add`; a catalog file is opened with `--db`).
  ///
  /// - Parameter path: The path given.
  /// - Returns: The sentence.
  static func notAFolderMessage(_ path: URL) -> String {
    guard FileManager.default.fileExists(atPath: path.path) else {
      return "no such folder; a catalog folder is one written by `catalog export DIR`"
    }
    let name = path.lastPathComponent.lowercased()
    if name.hasSuffix(".json") || name.hasSuffix(".json5") || name.hasSuffix(".yaml")
      || name.hasSuffix(".yml")
    {
      return
        "this is a file, not a folder: import reads a catalog folder written by `catalog export DIR`; to add a component definition or a token file, use `catalog add \(path.relativePath)`"
    }
    return
      "this is a file, not a folder: import reads a catalog folder written by `catalog export DIR` (a catalog file is opened with --db FILE, and copied with `catalog backup PATH`)"
  }

  /// Reads a catalog folder from disk.
  ///
  /// A file that leads outside the folder through a symbolic link is refused before it is
  /// read (``FolderBoundary``, the rule of resolver `$ref`s), unless `allowOutside`.
  ///
  /// - Parameters:
  ///   - directory: The folder `catalog export` wrote (or a checkout of it).
  ///   - allowOutside: Read files that lead outside the folder (`--allow-outside-refs`).
  ///   - outsideOption: The option of the running command that reads such a file anyway
  ///     (`import`'s `--allow-outside-refs`), named in the refusal; nil (`check`, `compare`,
  ///     which take none) advises only to copy the file into the folder.
  /// - Returns: The snapshot and the warnings of lenient token parsing.
  /// - Throws: ``ExchangeError`` listing every file that does not parse, or naming a file
  ///   that leads outside the folder (where it leads, never its content).
  public static func read(
    directory: URL, allowOutside: Bool = false, outsideOption: String? = nil
  ) throws(ExchangeError) -> (folder: CatalogFolder, warnings: [String]) {
    func refuseOutside(_ path: String, _ name: String) throws(ExchangeError) {
      guard !allowOutside,
        let problem = FolderBoundary.outsideProblem(of: path, folder: directory.path)
      else { return }
      throw ExchangeError(
        file: name, message: problem + (outsideOption.map { ", or pass \($0) to read it" } ?? ""))
    }
    guard FileStatus.isDirectory(atPath: directory.path) == true else {
      throw ExchangeError(file: directory.relativePath, message: notAFolderMessage(directory))
    }
    var files: [String: [UInt8]] = [:]
    for name in [manifestFile, "platforms.json"] {
      let path = directory.appendingPathComponent(name).path
      guard FileManager.default.fileExists(atPath: path) else { continue }
      try refuseOutside(path, name)
      do { files[name] = try FileReading.contents(atPath: path, limit: maximumFileSize) } catch {
        throw ExchangeError(file: name, message: "cannot read the file: \(error.reason)")
      }
    }
    var unreadable: [String] = []
    for folder in ["components", "tokens", "resolvers"] {
      // A set named with `/` (Tokens Studio's `themes/dark`) is a file in a folder below
      // tokens/ (`tokens/themes/dark.tokens.json`).
      for relative in jsonFiles(in: directory, folder: folder, nested: folder == "tokens") {
        guard files.count < maximumFileCount else {
          throw ExchangeError(file: directory.path, message: "more than \(maximumFileCount) files")
        }
        let path = directory.appendingPathComponent(relative).path
        try refuseOutside(path, relative)
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
          size > maximumFileSize
        {
          throw ExchangeError(
            file: relative,
            message:
              "the file is \(size / 1_048_576) MiB; the most catalog reads is \(maximumFileSize / 1_048_576) MiB"
          )
        }
        do {
          files[relative] = try FileReading.contents(atPath: path, limit: maximumFileSize)
        } catch {
          // Every unreadable file is named (two FIFOs: both), not only the first.
          unreadable.append("\(relative): cannot read the file: \(error.reason)")
        }
      }
    }
    if !unreadable.isEmpty {
      throw ExchangeError(problems: BoundedList.lines(unreadable, noun: "unreadable file"))
    }
    return try read(files: files, origin: directory.path)
  }

  /// Reads a catalog folder from its files.
  ///
  /// The manifest (`catalog.json`) gives the format version and the sets' precedence; a
  /// folder without one (a plain folder of definitions, like the repository's `examples/`)
  /// is read with its sets in name order and a warning. `formatVersion` must not be newer than
  /// ``formatVersion``. Token sets follow the manifest's order (lowest precedence first);
  /// a `tokens/` file the manifest does not list is refused, as is a listed set without a
  /// file. A component file must be named after its component. Token aliases may name a
  /// token of any set in the folder (DTCG Format §7.4); one that names no token is read
  /// here (the manifest's `danglingAliases` lists those its catalog kept), and
  /// `catalog import` applies `catalog add`'s rule to it.
  ///
  /// - Parameters:
  ///   - files: Relative path → bytes.
  ///   - origin: The folder or reference, for messages.
  /// - Returns: The snapshot and the warnings.
  /// - Throws: ``ExchangeError`` listing every problem.
  public static func read(files: [String: [UInt8]], origin: String) throws(ExchangeError) -> (
    folder: CatalogFolder, warnings: [String]
  ) {
    var problems: [String] = []
    var warnings: [String] = []
    // catalog.json
    var setOrder: [String] = []
    var danglingAliases: [String] = []
    var keptValues: [String] = []
    var lint = defaultLint
    if files[manifestFile] == nil {
      // A plain folder of definitions (like the repository's examples/): sets by name.
      let hasContent = files.keys.contains {
        $0.hasPrefix("components/") || $0.hasPrefix("tokens/") || $0.hasPrefix("resolvers/")
      }
      guard hasContent else {
        throw ExchangeError(
          file: origin,
          message:
            "not a catalog folder: there is no \(manifestFile), components/, tokens/ or resolvers/ (write one with 'catalog export DIR')"
        )
      }
      setOrder = files.keys.filter { $0.hasPrefix("tokens/") && $0.hasSuffix(".tokens.json") }
        .sorted()
        .map { String($0.dropFirst("tokens/".count).dropLast(".tokens.json".count)) }
      warnings.append(
        "\(origin): no \(manifestFile); token sets are read in name order (\(setOrder.joined(separator: " < ")))"
      )
    }
    if let manifestBytes = files[manifestFile] {
      let manifest = try readManifest(manifestBytes)
      setOrder = manifest.setOrder
      danglingAliases = manifest.danglingAliases
      keptValues = manifest.keptValues
      lint = manifest.lint
    }
    // platforms.json
    var platforms: [Platform] = []
    if let bytes = files["platforms.json"] {
      do {
        let root = try JSONParser.parse(bytes: bytes, file: "platforms.json").root
        for (i, p) in (root.arrayValue ?? []).enumerated() {
          guard let o = p.objectValue, let name = o["name"]?.stringValue,
            let spacing = o["defaultSpacing"]?.numberValue,
            let padding = o["defaultPadding"]?.numberValue,
            let scale = o["displayScale"]?.numberValue
          else {
            problems.append(
              "platforms.json: [\(i)]: expected {\"name\", \"defaultSpacing\", \"defaultPadding\", \"displayScale\"}"
            )
            continue
          }
          if let problem = Platform.nameProblem(name) {
            problems.append("platforms.json: [\(i)].name: \(problem)")
            continue
          }
          platforms.append(
            Platform(
              name: name, defaultSpacing: spacing, defaultPadding: padding, displayScale: scale))
        }
        if root.arrayValue == nil {
          problems.append("platforms.json: expected an array of platforms")
        }
      } catch {
        problems.append("\(error)")
      }
    }
    // components/NAME.json
    var components: [ComponentDefinition] = []
    for path in files.keys.sorted() where path.hasPrefix("components/") {
      let stem = String(path.dropFirst("components/".count).dropLast(".json".count))
      do {
        let definition = try DefinitionParser.parse(
          document: try JSONParser.parse(bytes: files[path] ?? [], file: path))
        if definition.name != stem {
          problems.append(
            "\(path): the component is named '\(definition.name)'; its file must be components/\(definition.name).json"
          )
        }
        components.append(definition)
      } catch {
        problems.append("\(error)")
      }
    }
    // tokens/SET.tokens.json, in two passes so aliases may cross sets.
    // A resolver document may sit beside its token files (tokens/NAME.resolver.json).
    let tokenFiles = files.keys.filter {
      $0.hasPrefix("tokens/") && !$0.hasSuffix(".resolver.json")
    }.sorted()
    var sources: [String: TokenSource] = [:]
    for path in tokenFiles {
      guard path.hasSuffix(".tokens.json") else {
        problems.append("\(path): a token file is named SET.tokens.json")
        continue
      }
      let name = String(path.dropFirst("tokens/".count).dropLast(".tokens.json".count))
      if !setOrder.contains(name) {
        problems.append(
          "\(path): the set '\(name)' is not listed in \(manifestFile) tokenSets (which gives its precedence)"
        )
      }
      do { sources[name] = try TokenSource.read(bytes: files[path] ?? [], file: path) } catch {
        problems.append(contentsOf: error.diagnostics.map(\.summary))
      }
    }
    // In the manifest's order, so a path two sets define has the type of the set that
    // wins it (the catalog's view, which `keptValues` was judged in).
    var known: [String: String] = [:]
    for source in setOrder.compactMap({ sources[$0] }) {
      var options = TokenFileParser.Options(unresolvedReferences: .warning)
      options.keptValues = Set(keptValues)
      if let r = try? TokenFileParser.parse(source: source, options: options) {
        for t in r.tokens { known[t.path] = t.type ?? "" }
      }
    }
    var sets: [TokenSet] = []
    for name in setOrder {
      guard let source = sources[name] else {
        if !tokenFiles.contains("tokens/\(name).tokens.json") {
          problems.append(
            "\(manifestFile): tokenSets lists '\(name)' but there is no tokens/\(name).tokens.json")
        }
        continue
      }
      do {
        // Lenient here (compare reads any folder); `catalog import` checks the token files
        // again through `catalog add`'s path, which applies the dangling-alias rule and
        // prints their warnings once.
        var options = TokenFileParser.Options(knownTokens: known, unresolvedReferences: .warning)
        options.keptValues = Set(keptValues)
        let result = try TokenFileParser.parse(source: source, options: options)
        sets.append(TokenSet(name: name, tokens: result.tokens))
      } catch {
        problems.append(contentsOf: error.diagnostics.map(\.summary))
      }
    }
    // resolvers/NAME.resolver.json
    var resolvers: [ResolverFile] = []
    for path in files.keys.sorted()
    where path.hasPrefix("resolvers/")
      || (path.hasPrefix("tokens/") && path.hasSuffix(".resolver.json"))
    {
      guard path.hasSuffix(".resolver.json") else {
        problems.append("\(path): a resolver document is named NAME.resolver.json")
        continue
      }
      let name = String(path.split(separator: "/").last?.dropLast(".resolver.json".count) ?? "")
      if resolvers.contains(where: { $0.name == name }) {
        problems.append("\(path): a second resolver document named '\(name)'")
        continue
      }
      do {
        resolvers.append(
          ResolverFile(
            name: name, document: try JSONParser.parse(bytes: files[path] ?? [], file: path).root))
      } catch {
        problems.append("\(error)")
      }
    }
    // danglingAliases lists tokens of this folder whose alias names no token; a path no
    // token file defines is a mistake, not something to ignore.
    for (i, path) in danglingAliases.enumerated() where known[path] == nil {
      problems.append(
        "\(manifestFile): danglingAliases[\(i)]: no token file of this folder defines a token {\(path)}"
      )
    }
    if !problems.isEmpty { throw ExchangeError(problems: problems) }
    var folder = CatalogFolder(
      components: components, tokenSets: sets, resolvers: resolvers, platforms: platforms,
      lint: lint)
    folder.danglingAliases = danglingAliases
    folder.keptValues = keptValues
    return (folder, warnings)
  }

  /// The lint settings of a folder `catalog export` is about to rewrite: those of its own
  /// `catalog.json`, which the catalog file does not store, or ``defaultLint`` when there is
  /// none. Only the manifest is read (``readManifest(_:)``): a component, token or resolver
  /// file of the folder that is missing or does not parse does not stop the export, which
  /// writes every catalog file anew. A manifest that leads outside the folder through a
  /// symbolic link is not read (``FolderBoundary``); one that is not a catalog folder's
  /// manifest, or does not parse, is refused, since an export removes the `*.json` files of
  /// `components/`, `tokens/` and `resolvers/` the catalog lacks only in a folder whose
  /// `catalog.json` says it wrote it.
  ///
  /// - Parameter directory: The folder `export` writes.
  /// - Returns: The lint settings to keep.
  /// - Throws: ``ExchangeError`` naming `catalog.json`, what is wrong and what `export`
  ///   can do instead.
  public static func exportedLint(in directory: URL) throws(ExchangeError) -> JSONObject {
    let path = directory.appendingPathComponent(manifestFile).path
    guard FileStatus.isDirectory(atPath: path) != nil else { return defaultLint }
    let remedy =
      "export keeps the lint settings of a folder's own catalog.json; replace it with a regular file, remove it (export then writes the default lint settings and removes no file), or export to another folder"
    if let target = FolderBoundary.outsideTarget(of: path, folder: directory.path) {
      throw ExchangeError(
        file: manifestFile,
        message:
          "it leads outside the folder (a symbolic link to \(target)), so it is not read; \(remedy)"
      )
    }
    let bytes: [UInt8]
    do { bytes = try FileReading.contents(atPath: path, limit: maximumFileSize) } catch {
      throw ExchangeError(
        file: manifestFile, message: "cannot read the file: \(error.reason); \(remedy)")
    }
    do { return try readManifest(bytes).lint } catch {
      throw ExchangeError(
        problems: error.problems.map {
          "\($0) (export rewrites only a folder whose catalog.json it recognises; fix that file, remove it, or export to another folder)"
        })
    }
  }

  /// What a manifest (`catalog.json`) says: the one reader of its members, for
  /// ``read(files:origin:)`` and ``exportedLint(in:)``.
  ///
  /// Every member must be one this version reads (`format`, `formatVersion`, `tokenSets`,
  /// `lint`, `danglingAliases`); `format` is `"catalog-folder"`; `formatVersion` is a number
  /// not newer than ``formatVersion``.
  ///
  /// - Parameter bytes: The file's bytes.
  /// - Returns: The token sets by precedence (lowest first), the kept dangling aliases and
  ///   the lint settings (``defaultLint`` when there are none).
  /// - Throws: ``ExchangeError`` naming `catalog.json`, the member and what was expected.
  /// A manifest member that lists token paths (`danglingAliases`, `keptValues`): absent is
  /// empty; anything but an array of strings is an error naming the member (and the index).
  /// - Parameters:
  ///   - object: The manifest.
  ///   - key: The member's name.
  ///   - file: The manifest's name, for the error.
  /// - Returns: The token paths, in file order.
  /// - Throws: ``ExchangeError`` naming `key` and what was expected.
  static func tokenPaths(_ object: JSONObject, _ key: String, file: String) throws(ExchangeError)
    -> [String]
  {
    var paths: [String] = []
    for (i, d) in (object[key]?.arrayValue ?? []).enumerated() {
      guard let path = d.stringValue else {
        throw ExchangeError(file: file, message: "\(key)[\(i)]: expected a token path (string)")
      }
      paths.append(path)
    }
    if object[key] != nil, object[key]?.arrayValue == nil {
      throw ExchangeError(file: file, message: "\(key): expected an array of token paths")
    }
    return paths
  }

  static func readManifest(_ bytes: [UInt8]) throws(ExchangeError) -> (
    setOrder: [String], danglingAliases: [String], keptValues: [String], lint: JSONObject
  ) {
    var setOrder: [String] = []
    var danglingAliases: [String] = []
    var keptValues: [String] = []
    var lint = defaultLint
    do {
      let manifest = try JSONParser.parse(bytes: bytes, file: manifestFile).root
      guard let object = manifest.objectValue else {
        throw ExchangeError(file: manifestFile, message: "expected a JSON object")
      }
      // Every member is one this version reads: a misspelt or unknown one is an error,
      // not silently ignored.
      let members = [
        "format", "formatVersion", "tokenSets", "lint", "danglingAliases", "keptValues",
      ]
      for (key, _) in object.members where !members.contains(key) {
        throw ExchangeError(
          file: manifestFile,
          message:
            "unknown member '\(key)' (a manifest has \(members.joined(separator: ", ")))")
      }
      if let format = object["format"], format.stringValue != "catalog-folder" {
        throw ExchangeError(
          file: manifestFile,
          message:
            "format: expected \"catalog-folder\", got \(JSONWriter.compact(format)) (this is not a catalog folder's manifest)"
        )
      }
      guard let version = object["formatVersion"]?.numberValue else {
        throw ExchangeError(file: manifestFile, message: "formatVersion: expected a number")
      }
      if version > Double(formatVersion) {
        throw ExchangeError(
          file: manifestFile,
          message:
            "formatVersion \(JSONWriter.number(version)) is newer than this catalog reads (\(formatVersion)); update catalog"
        )
      }
      for (i, s) in (object["tokenSets"]?.arrayValue ?? []).enumerated() {
        guard let name = s.stringValue else {
          throw ExchangeError(
            file: manifestFile, message: "tokenSets[\(i)]: expected a set name (string)")
        }
        if setOrder.contains(name) {
          throw ExchangeError(
            file: manifestFile, message: "tokenSets[\(i)]: the set '\(name)' is listed twice")
        }
        setOrder.append(name)
      }
      danglingAliases = try Self.tokenPaths(object, "danglingAliases", file: manifestFile)
      keptValues = try Self.tokenPaths(object, "keptValues", file: manifestFile)
      if let l = object["lint"] {
        guard let o = l.objectValue else {
          throw ExchangeError(file: manifestFile, message: "lint: expected an object")
        }
        lint = o
      }
    } catch let error as ExchangeError {
      throw error
    } catch {
      throw ExchangeError(problems: ["\(error)"])
    }
    return (setOrder, danglingAliases, keptValues, lint)
  }
}
