import CatalogExchange
import CatalogLint
import CatalogModel
import CatalogResolver
import CatalogService
import CatalogSystem
import CatalogTokens

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `catalog import DIR`: writes a catalog folder into the catalog through the same write
/// path as `catalog add` (``CatalogService/changes(for:set:strict:)`` turns the folder's
/// files into changes, ``CatalogService/apply(_:options:)`` checks and saves them in one
/// transaction), plus the folder's set order and platforms.
///
/// With `prune`, the catalog afterwards equals the folder: each set's tokens are replaced
/// by the folder's, and components and tokens of sets the folder lacks are removed (each
/// component removal is a revision; history stays). Stored components that would break
/// refuse the import unless `force`.
struct FolderImporter {
  let session: CatalogSession
  let prune: Bool
  let force: Bool
  let dryRun: Bool
  /// Let a resolver document's `$ref` read files outside its folder (`--allow-outside-refs`).
  var allowOutsideReferences = false
  /// Keep every alias that names no token (`--allow-dangling`), not only those the
  /// manifest lists in `danglingAliases`.
  var allowDangling = false
  /// Prints the warnings (at most a screenful unless `--verbose`).
  var warnings: WarningPrinter
  /// The option the running command takes to read a file leading outside the folder
  /// (``Context/outsideOption``), named in the refusal; nil names none.
  var outsideOption: String? = "--allow-outside-refs"

  /// What the import did (or would do).
  struct Report {
    var lines: [String] = []
    var added = 0
    var updated = 0
    var removed = 0
    var unchanged = 0
  }

  /// Imports the folder.
  /// - Parameters:
  ///   - folder: The folder's content (read and checked by `CatalogFolder`).
  ///   - directory: The folder on disk.
  ///   - context: For warnings.
  /// - Returns: The report.
  /// - Throws: ``CommandError`` listing the problems; nothing is saved then.
  func run(_ folder: CatalogFolder, directory: URL, _ context: Context) throws(CommandError)
    -> Report
  {
    // The folder's files, in the manifest's set order, through add's write path.
    var files: [InputFile] = []
    // A file's set is its path below tokens/ (`tokens/themes/dark.tokens.json` is the set
    // `themes/dark`), not only its file name as `add` reads it.
    var setOfFile: [String: String] = [:]
    for set in folder.tokenSets {
      let file = try input(directory, "tokens/\(set.name).tokens.json")
      setOfFile[file.path] = set.name
      files.append(file)
    }
    let storedResolvers = try session.run { try session.service.resolverDocuments() }
    for r in folder.resolvers {
      // An unchanged document is not saved again (no new revision).
      if storedResolvers.contains(where: {
        $0.input.name == r.name && $0.input.document == JSONWriter.compact(r.document)
      }) {
        continue
      }
      let path =
        FileManager.default.fileExists(
          atPath: directory.appendingPathComponent("resolvers/\(r.name).resolver.json").path)
        ? "resolvers/\(r.name).resolver.json" : "tokens/\(r.name).resolver.json"
      files.append(try input(directory, path))
    }
    for c in folder.components { files.append(try input(directory, "components/\(c.name).json")) }
    var changes: [CatalogChange]
    var read: PreparedInput?
    // A big folder takes seconds to check and save: a progress line on a terminal.
    let progress = ProgressReporter("import", total: 0, output: context.output)
    defer { progress.finish() }
    progress.phase("reading and checking \(Plural.count(files.count, "file"))")
    do {
      // The dangling-alias rule of `catalog add`: an alias that names no token is refused,
      // unless the manifest lists its token in danglingAliases (its catalog kept it with
      // --allow-dangling) or --allow-dangling is given.
      let prepared = try session.service.changes(
        for: files, set: nil, strict: false, allowDangling: allowDangling,
        keptDangling: Set(folder.danglingAliases), keptValues: Set(folder.keptValues),
        allowOutsideReferences: allowOutsideReferences, fileSets: setOfFile)
      read = prepared
      progress.finish()
      for warning in prepared.warnings { warnings.warn("\(warning)") }
      changes = prepared.changes.map { change in
        if case .importTokens(let tokens, _, let source, let positions) = change, let source,
          let set = setOfFile[source]
        {
          return .importTokens(tokens, set: set, source: source, positions: positions)
        }
        return change
      }
    } catch {
      progress.finish()
      throw AddCommand.reportProblems(
        error, context, command: "import", verbose: warnings.verbose)
    }
    let storedSets = try session.run { try session.service.tokenSets().map(\.name) }
    let folderSets = folder.tokenSets.map(\.name)
    if prune {
      // Each set becomes exactly the folder's; sets the folder lacks are removed.
      // Each set is replaced as of the revisions stored now (the service refuses the
      // change if another writer saves in between).
      var replaced: [CatalogChange] = []
      for change in changes {
        if case .importTokens(let tokens, let set, _, _) = change, storedSets.contains(set) {
          var revisions: [String: Int] = [:]
          for t in try session.run({ try session.service.tokens(inSet: set) }) {
            revisions[t.path] = t.revision
          }
          replaced.append(.replaceTokenSet(name: set, tokens: tokens, expectedRevisions: revisions))
        } else {
          replaced.append(change)
        }
      }
      changes = replaced
      for set in storedSets where !folderSets.contains(set) {
        changes.append(.removeTokenSet(name: set))
      }
      for document in storedResolvers
      where !folder.resolvers.contains(where: { $0.name == document.input.name }) {
        changes.append(.removeResolverDocument(name: document.input.name))
      }
      let names = Set(folder.components.map(\.name))
      for record in try session.run({ try session.service.components() })
      where !names.contains(record.name) {
        changes.append(.removeComponent(name: record.name))
      }
    }
    // The manifest's order is the precedence (the last set wins).
    for (i, name) in folderSets.enumerated() {
      changes.append(.moveTokenSet(name: name, position: i))
    }
    for p in folder.platforms {
      let platform = Platform(
        name: p.name, defaultSpacing: p.defaultSpacing, defaultPadding: p.defaultPadding,
        displayScale: p.displayScale)
      if try session.run({ try session.service.platform(named: p.name) }) != platform {
        changes.append(.savePlatform(platform))
      }
    }
    var options = ChangeOptions(
      force: force, dryRun: dryRun,
      allowsDangling: allowDangling || !folder.danglingAliases.isEmpty)
    // A folder exported from a catalog `remove --force` left an instance of a removed
    // component in imports back with --force (review 17).
    options.keepsMissingComponents = force
    options.keptValues = Set(folder.keptValues)
    let result = try session.saveImport(
      changes, placing: read, options: options,
      progress: progress, warnings: warnings, context, command: "import")
    var report = Report()
    for event in result.events {
      switch event {
      case .componentSaved(_, _, let created):
        if created { report.added += 1 } else { report.updated += 1 }
      case .componentRemoved: report.removed += 1
      case .componentUnchanged:
        report.unchanged += 1
        continue
      case .tokenSetMoved, .tokenSetRenamed: continue
      default: break
      }
      let line = ChangeReport.line(event)
      report.lines.append(dryRun ? ChangeReport.conditional(line) : line)
    }
    if dryRun {
      report.lines.append("Dry run: nothing was saved.")
      report.lines.append(ImpactAnalyzer.report(result.impact).trimmed(.newlines))
    }
    return report
  }

  /// A folder file as the service reads files, named relative to the folder.
  func input(_ directory: URL, _ path: String) throws(CommandError) -> InputFile {
    let bytes: [UInt8]
    let full = directory.appendingPathComponent(path).path
    // Read only inside the folder (`CatalogFolder.read(directory:allowOutside:outsideOption:)`'s rule).
    if !allowOutsideReferences,
      let problem = FolderBoundary.outsideProblem(of: full, folder: directory.path)
    {
      throw .failure(
        "\(path): \(problem)\(outsideOption.map { ", or pass \($0) to read it" } ?? "")")
    }
    do {
      bytes = try FileReading.contents(atPath: full, limit: AddCommand.maximumFileSize)
    } catch {
      throw .failure("\(path): cannot read the file: \(error.reason)")
    }
    // Named as the user gave the folder (relative stays relative), as `add` names files.
    return InputFile(path: directory.appendingPathComponent(path).relativePath, bytes: bytes)
  }
}
