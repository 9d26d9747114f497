import CatalogExchange
import CatalogLint
import CatalogModel
import CatalogStore
import CatalogTokens
import Foundation

/// `catalog import DIR`: writes a catalog folder into the catalog through the same write
/// path as `catalog add` and `catalog tokens import` (token inputs, resolver inputs,
/// definition checks, token checks after the change), all in one transaction.
///
/// Without `prune`, what the folder has is added or updated and nothing else changes.
/// With `prune`, the catalog afterwards equals the folder: components, tokens, token sets
/// and resolver documents the folder lacks are removed (each component removal is a
/// revision; history stays). Stored components that would no longer resolve refuse the
/// import unless `force`.
struct FolderImporter {
  let session: CatalogSession
  let prune: Bool
  let force: Bool
  let dryRun: Bool

  /// What the import did (or would do), one line each.
  struct Report {
    var lines: [String] = []
    var added = 0
    var updated = 0
    var removed = 0
    var unchanged = 0
  }

  struct Failure: Error { var problems: [String] }
  struct DryRunFinished: Error {}

  /// Imports the folder.
  /// - Parameters:
  ///   - folder: The folder's content.
  ///   - resolverFolder: Where resolver documents' `$ref`s are looked for.
  ///   - context: For warnings.
  /// - Returns: The report.
  /// - Throws: ``CommandError`` listing the problems; nothing is saved then.
  func run(_ folder: CatalogFolder, resolverFolder: URL, _ context: Context) throws(CommandError) -> Report {
    var report = Report()
    let tokensBefore = try session.tokenResolver()
    let definitionsBefore = try session.definitions()
    let baseline = Set(try session.tokenProblems())
    do {
      try session.store.inTransaction {
        try importTokens(folder, &report)
        try importResolvers(folder, resolverFolder: resolverFolder, &report, context)
        try importPlatforms(folder, &report)
        try importComponents(folder, &report)
        for problem in try session.checkTokensAfterChange(force: force, baseline: baseline) {
          context.output.err("warning: \(problem)\n")
        }
        if dryRun {
          let entries = ImpactAnalyzer(before: definitionsBefore, after: try session.definitions())
            .impact(from: tokensBefore, to: try session.tokenResolver())
          report.lines.append("Dry run: nothing was saved.")
          report.lines.append(ImpactAnalyzer.report(entries).trimmingCharacters(in: .newlines))
          throw DryRunFinished()
        }
      }
    } catch is DryRunFinished {
      // Rolled back on purpose.
    } catch let failure as Failure {
      for p in failure.problems { context.output.err("Error: \(p)\n") }
      context.output.err("Nothing was saved: fix the problems above and import the folder again.\n")
      throw .silentFailure
    } catch let error as CommandError {
      throw error
    } catch {
      throw .failure("\(error)")
    }
    return report
  }

  /// Token sets: each set's tokens added or updated (a revision each), in the manifest's
  /// precedence; with `prune`, tokens and sets the folder lacks removed.
  func importTokens(_ folder: CatalogFolder, _ report: inout Report) throws {
    let storedSets = try session.store.tokenSets().map(\.name)
    let folderSets = folder.tokenSets.map(\.name)
    if prune {
      for name in storedSets where !folderSets.contains(name) {
        let count = try session.store.removeTokenSet(named: name)
        report.lines.append("Removed token set '\(name)' (\(count) token\(count == 1 ? "" : "s"))")
      }
    }
    for set in folder.tokenSets {
      let catalog = try session.tokenResolver().tokens
      let summary = try session.store.importTokens(AddCommand.tokenInputs(set.tokens, catalog: catalog), intoSet: set.name, source: "tokens/\(set.name).tokens.json")
      var removed = 0
      if prune {
        let keep = Set(set.tokens.map(\.path))
        for record in try session.store.tokens(inSet: set.name) where !keep.contains(record.path) {
          try session.store.removeToken(record.path, inSet: set.name)
          removed += 1
        }
      }
      if summary.added + summary.changed + removed > 0 {
        report.lines.append("tokens/\(set.name).tokens.json: \(summary.added) added, \(summary.changed) changed, \(removed) removed, \(summary.unchanged) unchanged")
      }
    }
    // The manifest's order is the precedence (the last set wins).
    let current = try session.store.tokenSets().map(\.name)
    let wanted = folderSets + current.filter { !folderSets.contains($0) }
    if current != wanted {
      for (i, name) in folderSets.enumerated() { try session.store.moveTokenSet(name, to: i) }
      report.lines.append("Token set precedence: \(try session.store.tokenSets().map(\.name).joined(separator: " < "))")
    }
  }

  /// Resolver documents: checked like `tokens import-resolver`, saved when they differ.
  func importResolvers(_ folder: CatalogFolder, resolverFolder: URL, _ report: inout Report, _ context: Context) throws {
    let stored = try session.store.resolverDocuments()
    if prune {
      for record in stored where !folder.resolvers.contains(where: { $0.name == record.input.name }) {
        try session.store.removeResolverDocument(named: record.input.name)
        report.lines.append("Removed resolver document '\(record.input.name)'")
      }
    }
    let known = try session.knownTokenTypes()
    for file in folder.resolvers {
      let text = JSONWriter.compact(file.document)
      if stored.first(where: { $0.input.name == file.name })?.input.document == text { continue }
      let path = "resolvers/\(file.name).resolver.json"
      let document: ResolverDocument
      do {
        document = try TokensCommand.resolverDocument(source: TokenSource(value: file.document, file: path), folder: resolverFolder, strict: false, known: known, context)
      } catch {
        throw Failure(problems: error.diagnostics.map(\.summary))
      }
      let revision = try session.store.saveResolverDocument(TokensCommand.resolverInput(document, file: path, name: file.name))
      report.lines.append("Saved resolver document '\(file.name)' (revision \(revision))")
    }
  }

  /// Platforms: added or changed to the folder's values (built-in ones are never removed).
  func importPlatforms(_ folder: CatalogFolder, _ report: inout Report) throws {
    for platform in folder.platforms where try session.store.platform(named: platform.name) != platform {
      try session.store.savePlatform(platform)
      report.lines.append("Saved platform \(platform.name)")
    }
  }

  /// Components: checked together against the tokens just written (instances, arguments,
  /// aliases, cycles), then saved (a revision per changed one); with `prune`, those the
  /// folder lacks removed. Stored components outside the folder must still resolve.
  func importComponents(_ folder: CatalogFolder, _ report: inout Report) throws {
    let checker = try DefinitionChecker(session: session, batch: folder.components)
    var problems: [String] = []
    for definition in folder.components {
      problems.append(contentsOf: checker.problems(in: definition).map { "components/\(definition.name).json: \($0)" })
    }
    if !problems.isEmpty { throw Failure(problems: problems) }
    for definition in folder.components {
      let existing = try session.store.component(named: definition.name)
      if let existing, existing.definition == JSONWriter.compact(definition.json) {
        report.unchanged += 1
        continue
      }
      let revision = try session.store.saveComponent(CatalogSession.input(for: definition), expectedRevision: existing?.revision ?? 0)
      report.lines.append("\(existing == nil ? "Added" : "Updated") \(definition.name) (revision \(revision))")
      if existing == nil { report.added += 1 } else { report.updated += 1 }
    }
    let names = Set(folder.components.map(\.name))
    if prune {
      for record in try session.store.components() where !names.contains(record.name) {
        // Users of it are checked below, once every removal is done.
        try session.store.removeComponent(named: record.name, force: true)
        let revision = try session.store.componentHistory(named: record.name).last?.revision ?? 0
        report.lines.append("Removed \(record.name) (revision \(revision))")
        report.removed += 1
      }
    }
    // Every stored component must still resolve: those outside the folder may use a
    // changed component, and anything may use a removed one.
    let after = try DefinitionChecker(session: session, batch: [])
    var broken: [String] = []
    for dependent in try session.definitions() where prune || !names.contains(dependent.name) {
      broken.append(contentsOf: after.problems(in: dependent).map { "would break \($0)" })
    }
    if !broken.isEmpty && !force {
      throw Failure(problems: broken + ["(pass --force to import anyway)"])
    }
  }
}
