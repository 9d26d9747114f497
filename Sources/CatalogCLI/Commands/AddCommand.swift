import CatalogLint
import CatalogModel
import CatalogStore
import CatalogTokens
import Foundation

/// `catalog add FILE…`: adds component definitions and DTCG token files, all in one
/// transaction: either every file is saved or none is.
///
/// A file whose top-level object has `name` and `body` is a component definition; any
/// other JSON object is a DTCG token file, imported into the set named by `--set` or by
/// the file's name (`spacing.tokens.json` → `spacing`). Components are checked against the
/// catalog and the other files: instances must name stored components with matching
/// arguments, token aliases must name tokens, and components must not instance each other
/// in a cycle.
enum AddCommand: Subcommand {
  static let spec = CommandSpec(
    name: "add", abstract: "Add or update component definitions and DTCG token files.",
    discussion: "Every file is checked first and all are saved in one transaction, so a failure leaves the catalog as it was. A component that already exists gets a new revision.",
    arguments: [.init(name: "file", help: "A component definition (.json) or a DTCG token file (.tokens.json).", isRepeating: true)],
    options: [.init(name: "set", valueName: "name", help: "The token set to import token files into (default: the file's name).")],
    flags: [
      .init(name: "strict", help: "Refuse non-standard token constructs instead of converting them with a warning."),
      .init(name: "force", help: "Save even when the change breaks components that use an updated component or token."),
      .init(name: "dry-run", help: "Check everything and list every component, variant and view whose frames the change would move, then save nothing."),
    ])

  /// The largest file read (64 MiB).
  static let maximumFileSize = 64 * 1024 * 1024

  static func run(_ args: [String], _ context: Context) throws(CommandError) {
    let parsed = try ArgumentParser.parse(args, spec: spec, path: ["add"])
    let path = context.databasePath(parsed)
    if parsed.flag("dry-run") && !FileManager.default.fileExists(atPath: path) {
      // A dry run against a catalog that does not exist yet works on an empty one in memory.
      try add(parsed, session: CatalogSession(path: ":memory:", create: true), context)
      return
    }
    // A new catalog appears only complete; a failure deletes nothing but its own file.
    try CatalogSession.writing(path: path, output: context.output) { session throws(CommandError) in
      try add(parsed, session: session, context)
    }
  }

  static func add(_ parsed: ParsedArguments, session: CatalogSession, _ context: Context) throws(CommandError) {
    var problems: [String] = []
    var components: [(file: String, definition: ComponentDefinition)] = []
    var tokenFiles: [(file: String, set: String, result: TokenFileParser.Result)] = []
    var tokenSources: [(file: String, source: TokenSource)] = []
    var resolverDocuments: [(file: String, document: ResolverDocument)] = []

    for file in parsed.positionals {
      let bytes: [UInt8]
      do {
        bytes = try readFile(file)
      } catch {
        problems.append(error.description)
        continue
      }
      // JSON5 (Primer) and YAML (Salesforce Theo) token files.
      if [".json5", ".yml", ".yaml"].contains(where: { file.lowercased().hasSuffix($0) }) {
        do { tokenSources.append((file, try TokenSource.read(bytes: bytes, file: file))) } catch { problems.append(contentsOf: error.diagnostics.map(\.summary)) }
        continue
      }
      let document: JSONDocument
      do {
        document = try JSONParser.parse(bytes: bytes, file: file)
      } catch {
        problems.append(error.description)
        continue
      }
      if isComponentDefinition(document.root) {
        do {
          components.append((file, try DefinitionParser.parse(document: document)))
        } catch {
          problems.append(error.description)
        }
      } else if ResolverDocument.isResolverDocument(document.root) {
        let known = try session.knownTokenTypes()
        do {
          let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
          resolverDocuments.append((file, try TokensCommand.resolverDocument(source: TokenSource(document: document, bytes: bytes), folder: folder, strict: parsed.flag("strict"), known: known, context)))
        } catch {
          problems.append(contentsOf: error.diagnostics.map(\.summary))
        }
      } else {
        tokenSources.append((file, TokenSource(document: document, bytes: bytes)))
      }
    }
    tokenFiles = try parseTokenFiles(tokenSources, set: parsed.option("set"), strict: parsed.flag("strict"), session: session, problems: &problems)
    let names = components.map(\.definition.name)
    for name in Set(names) where names.filter({ $0 == name }).count > 1 {
      problems.append("the component \(name) is defined by more than one file: \(components.filter { $0.definition.name == name }.map(\.file).joined(separator: ", "))")
    }
    if !problems.isEmpty { throw reportProblems(problems, context) }

    var report: [String] = []
    let dryRun = parsed.flag("dry-run")
    let tokensBefore = dryRun ? try session.tokenResolver() : nil
    let definitionsBefore = dryRun ? try session.definitions() : []
    let baseline = Set(try session.tokenProblems())
    do {
      try session.store.inTransaction {
        for (file, set, result) in tokenFiles {
          for warning in result.warnings { context.output.err("\(warning)\n") }
          let summary = try session.store.importTokens(tokenInputs(result.tokens, catalog: try session.tokenResolver().tokens), intoSet: set, source: file)
          report.append("Imported \(result.tokens.count) token\(result.tokens.count == 1 ? "" : "s") from \(file) into set '\(set)' (\(summary.added) added, \(summary.changed) changed, \(summary.unchanged) unchanged)")
        }
        for (file, document) in resolverDocuments {
          let revision = try session.store.saveResolverDocument(TokensCommand.resolverInput(document, file: file, name: nil))
          report.append(TokensCommand.resolverSummary(document, file: file, name: nil, revision: revision))
        }
        let checker = try DefinitionChecker(session: session, batch: components.map(\.definition))
        var checkProblems: [String] = []
        for (file, definition) in components {
          checkProblems.append(contentsOf: checker.problems(in: definition).map { "\(file): \($0)" })
        }
        if !checkProblems.isEmpty { throw AddFailure(problems: checkProblems) }
        for (_, definition) in components {
          let existing = try session.store.component(named: definition.name)
          if let existing, existing.definition == JSONWriter.compact(definition.json) {
            report.append("Unchanged \(definition.name) (revision \(existing.revision))")
            continue
          }
          let revision = try session.store.saveComponent(CatalogSession.input(for: definition), expectedRevision: existing?.revision ?? 0)
          report.append("\(existing == nil ? "Added" : "Updated") \(definition.name) (revision \(revision))")
        }
        // Stored components that use an updated one must still fit it (parameters, slots).
        let batchNames = Set(components.map(\.definition.name))
        var broken: [String] = []
        let after = try DefinitionChecker(session: session, batch: [])
        for dependent in try session.definitions() where !batchNames.contains(dependent.name) {
          guard dependent.instanceUses.contains(where: { batchNames.contains($0.component) }) else { continue }
          broken.append(contentsOf: after.problems(in: dependent).map { "would break \($0)" })
        }
        if !broken.isEmpty && !parsed.flag("force") {
          throw AddFailure(problems: broken + ["(pass --force to save anyway)"])
        }
        // Token changes must not break component lengths or other tokens' aliases.
        for problem in try session.checkTokensAfterChange(force: parsed.flag("force"), baseline: baseline) {
          context.output.err("warning: \(problem)\n")
        }
        if let tokensBefore {
          // Lay every stored component out before and after, then undo everything.
          let entries = ImpactAnalyzer(before: definitionsBefore, after: try session.definitions())
            .impact(from: tokensBefore, to: try session.tokenResolver())
          report = report.map { line in
            for (done, would) in [("Imported", "Would import"), ("Added", "Would add"), ("Updated", "Would update"), ("Unchanged", "Would leave unchanged")] where line.hasPrefix(done) {
              return would + line.dropFirst(done.count)
            }
            return line
          }
          report.append("Dry run: nothing was saved.")
          report.append(ImpactAnalyzer.report(entries).trimmingCharacters(in: .newlines))
          throw DryRunFinished()
        }
      }
    } catch is DryRunFinished {
      // Rolled back on purpose.
    } catch let failure as AddFailure {
      throw reportProblems(failure.problems, context)
    } catch let error as CommandError {
      throw error
    } catch {
      throw .failure("\(error)")
    }
    for line in report { context.output.out(line + "\n") }
  }

  struct AddFailure: Error { var problems: [String] }
  struct DryRunFinished: Error {}

  static func reportProblems(_ problems: [String], _ context: Context) -> CommandError {
    for p in problems { context.output.err("Error: \(p)\n") }
    context.output.err("Nothing was saved: fix the problems above and add the files again.\n")
    return .silentFailure
  }

  static func readFile(_ file: String) throws(CommandError) -> [UInt8] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
      throw .failure("\(file): no such file")
    }
    if isDirectory.boolValue { throw .failure("\(file): is a directory; pass the files in it") }
    if let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int, size > maximumFileSize {
      throw .failure("\(file): the file is \(size / 1_048_576) MiB; the most catalog reads is \(maximumFileSize / 1_048_576) MiB")
    }
    guard let data = FileManager.default.contents(atPath: file) else {
      throw .failure("\(file): cannot read the file")
    }
    return [UInt8](data)
  }

  static func isComponentDefinition(_ root: JSONValue) -> Bool {
    guard let object = root.objectValue else { return false }
    return object["body"]?.objectValue?["type"] != nil && object["name"]?.stringValue != nil
  }

  static func setName(for file: String) -> String {
    var name = URL(fileURLWithPath: file).lastPathComponent
    for suffix in [".tokens.json", ".tokens", ".resolver.json", ".json5", ".json", ".yaml", ".yml"] where name.hasSuffix(suffix) {
      name = String(name.dropLast(suffix.count))
      break
    }
    return name.isEmpty ? "default" : name
  }

  /// Parses token files so that aliases may name tokens of the catalog or of the other
  /// files given together: a first pass collects every file's tokens, the second checks.
  /// Lenient mode keeps an alias to a token found nowhere with a warning; --strict refuses it.
  static func parseTokenFiles(
    _ sources: [(file: String, source: TokenSource)], set: String?, strict: Bool, session: CatalogSession, problems: inout [String]
  ) throws(CommandError) -> [(file: String, set: String, result: TokenFileParser.Result)] {
    var known = try session.knownTokenTypes()
    if sources.count > 1 {
      for (_, source) in sources {
        if let r = try? TokenFileParser.parse(source: source, options: .init(unresolvedReferences: .warning)) {
          for t in r.tokens { known[t.path] = t.type ?? "" }
        }
      }
    }
    var out: [(file: String, set: String, result: TokenFileParser.Result)] = []
    for (file, source) in sources {
      do {
        let options = TokenFileParser.Options(strict: strict, knownTokens: known, unresolvedReferences: strict ? .error : .warning)
        out.append((file, set ?? setName(for: file), try TokenFileParser.parse(source: source, options: options)))
      } catch {
        problems.append(contentsOf: error.diagnostics.map(\.summary))
      }
    }
    return out
  }

  static func tokenInputs(_ tokens: [DesignToken], catalog: [String: DesignToken] = [:]) -> [TokenInput] {
    var byPath = catalog
    for t in tokens { byPath[t.path] = t }
    let resolver = TokenResolver(tokens: byPath)
    return tokens.map { token in
      let resolution = try? resolver.resolve(token.path)
      return TokenInput(
        path: token.path, type: token.type, value: JSONWriter.compact(token.value),
        resolvedValue: resolution.map { JSONWriter.compact($0.value) }, resolvedPoints: resolution?.points,
        aliasOf: token.aliasTarget, description: token.description,
        deprecated: token.deprecated.map(JSONWriter.compact), extensions: token.extensionsJSON)
    }
  }
}
