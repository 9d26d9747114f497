import CatalogModel
import CatalogService
import CatalogSystem
import CatalogTokens

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `catalog edit NAME` and `catalog edit --tokens SET`: edit a component's definition or a
/// token set in a text editor, validated before anything is saved.
///
/// The text is pretty JSON in a temporary file (a component's definition as `show` prints
/// it; a token set as a DTCG file, as `tokens export --set SET` writes it). After the
/// editor exits:
/// - an empty file, or one whose JSON is unchanged, saves nothing (exit 0);
/// - an invalid text (malformed JSON, an invalid definition, a renamed component, an
///   unknown token or component) is written back with the error at the top as `//`
///   lines and the editor opens again; if it comes back unchanged, the edit stops with
///   exit 1 and the text is kept in a file it names;
/// - a valid text is saved as a new revision made from the revision the edit started
///   from: when someone else saved in between, nothing is saved, the text is kept in a
///   file next to the catalog and the message names it (exit 1).
enum EditCommand: ParsedCommand {
  /// The `NAME` argument (leave out with `--tokens`).
  static let component = CommandSpec.Argument(
    name: "name", help: "The component's name (leave out with --tokens).", isOptional: true,
    type: .component)
  /// The `--tokens` option.
  static let tokens = CommandSpec.Option(
    name: "tokens", valueName: "set",
    help: "Edit the token set SET as a DTCG file instead of a component.", type: .tokenSet)

  static let spec = CommandSpec(
    name: "edit",
    abstract: "Edit a component (or a token set) in $VISUAL or $EDITOR and save a new revision.",
    discussion: """
      The editor is $VISUAL, else $EDITOR, else vi. An invalid text is re-opened with the error at \
      the top; an empty or unchanged file saves nothing. If someone else saved the component while \
      you edited, nothing is saved and your text is kept in a file the message names.
      """,
    arguments: [component],
    options: [tokens],
    flags: [
      .force.withHelp(
        "Save even when the change breaks components that use this one or the set's tokens.")
    ] + WarningPrinter.flags)

  static func run(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    switch (parsed.optionalArgument(Self.component), parsed.option(Self.tokens)) {
    case (let name?, nil):
      try editComponent(name, parsed, context)
    case (nil, let set?):
      try editTokens(set, parsed, context)
    case (nil, nil):
      throw .usage("Missing expected argument '<name>' (or --tokens <set>)", command: ["edit"])
    case (.some, .some):
      throw .usage("Give a component name or --tokens <set>, not both", command: ["edit"])
    }
  }

  /// The `SET` argument of `catalog tokens edit`.
  static let tokenSet = CommandSpec.Argument(name: "set", help: "The token set.", type: .tokenSet)
  /// The declaration of `catalog tokens edit SET`, for `TokensCommand`'s subcommand list.
  static let tokensSpec = CommandSpec(
    name: "edit",
    abstract:
      "Edit a token set as a DTCG file in $VISUAL or $EDITOR (a new revision of each changed token).",
    discussion: """
      The same as 'catalog edit --tokens SET'. Tokens deleted from the file are removed from the \
      set; if someone else changed the set while you edited, nothing is saved and your text is \
      kept in a file the message names.
      """,
    arguments: [tokenSet],
    flags: [
      .force.withHelp(
        "Save even when the change breaks components' lengths or other tokens' aliases.")
    ] + WarningPrinter.flags)

  /// `catalog tokens edit SET`: the same as `catalog edit --tokens SET`.
  ///
  /// - Parameters:
  ///   - args: The arguments after `tokens edit`.
  ///   - context: The command's context.
  /// - Throws: ``CommandError`` as ``run(_:_:)``.
  static func runTokens(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    try editTokens(parsed.argument(tokenSet), parsed, context)
  }

  // MARK: - Components

  static func editComponent(_ name: String, _ parsed: ParsedArguments, _ context: Context)
    throws(CommandError)
  {
    let session = try context.openCatalog(parsed)
    let record = try session.run { try session.service.component(named: name) }
    guard let record else { throw session.unknownComponent(name) }
    let original: String
    do {
      original = JSONWriter.pretty(
        try JSONParser.parse(record.definition, file: "catalog:\(name)").root)
    } catch {
      original = record.definition
    }
    let outcome = try editLoop(
      fileName: "\(name).json", keptName: name, original: original, context: context,
      catalogPath: session.path,
      label: name
    ) { (text, file) throws(CommandError) -> ComponentDefinition in
      let definition: ComponentDefinition
      do {
        definition = try DefinitionParser.parse(text, file: file, keepingSource: true)
      } catch {
        throw .failure("\(error)")
      }
      guard definition.name == name else {
        throw .failure(
          "\(file): the name must stay \"\(name)\" (got \"\(definition.name)\"); to copy it under another name, use 'catalog show' and 'catalog add'"
        )
      }
      // The same checks as the save, dependents included, without saving.
      do throws(CatalogError) {
        try session.apply(
          [.saveComponent(definition, expectedRevision: record.revision)],
          options: ChangeOptions(force: parsed.flag(.force), dryRun: true, computesImpact: false))
      } catch {
        switch error {
        case .invalid(let problems):
          throw .failure(problems.map(\.description).joined(separator: "\n"))
        case .breaksDependents: throw .failure(error.description)
        default: break  // A conflict or storage error is reported when saving.
        }
      }
      return definition
    }
    guard case .edited(let definition, let text) = outcome else {
      context.output.out(outcome.message(for: name))
      return
    }
    do {
      let result = try session.apply(
        [.saveComponent(definition, expectedRevision: record.revision)],
        options: ChangeOptions(force: parsed.flag(.force)))
      WarningPrinter.print(result.warnings.map(\.description), parsed, context)
      for case .componentSaved(_, let revision, _) in result.events {
        context.output.out("Saved \(name) (revision \(revision))\n")
      }
    } catch {
      throw unsaved(text, name: name, session: session, because: error)
    }
  }

  // MARK: - Token sets

  static func editTokens(_ set: String, _ parsed: ParsedArguments, _ context: Context)
    throws(CommandError)
  {
    let session = try context.openCatalog(parsed)
    let (records, others) = try session.run { () throws -> ([StoredToken], [StoredToken]) in
      (
        try session.service.tokens(inSet: set),
        try session.service.tokens(inSet: nil).filter { $0.set != set }
      )
    }
    let snapshot = Dictionary(
      records.map { ($0.path, $0.revision) }, uniquingKeysWith: { a, _ in a })
    let original = DTCGWriter.write(records.map(CatalogService.token(from:)), header: nil)
    var known: [String: String] = [:]
    for r in others { known[r.path] = r.type ?? "" }
    let outcome = try editLoop(
      // A set named `themes/dark` is edited as one file, `themes-dark.tokens.json`.
      fileName: "\(set.split(separator: "/").joined(separator: "-")).tokens.json",
      keptName: set, original: original, context: context,
      catalogPath: session.path, label: "token set '\(set)'"
    ) { (text, file) throws(CommandError) -> TokenFileParser.Result in
      do throws(TokenFileError) {
        return try TokenFileParser.parse(
          text, file: file, options: .init(knownTokens: known, unresolvedReferences: .error))
      } catch {
        throw .failure(error.diagnostics.map { $0.summary }.joined(separator: "\n"))
      }
    }
    guard case .edited(let result, let text) = outcome else {
      context.output.out(outcome.message(for: "token set '\(set)'"))
      return
    }
    WarningPrinter.print(result.warnings.map { "\($0)" }, prefix: "", parsed, context)
    do {
      let saved = try session.apply(
        [.replaceTokenSet(name: set, tokens: result.tokens, expectedRevisions: snapshot)],
        options: ChangeOptions(force: parsed.flag(.force)))
      WarningPrinter.print(saved.warnings.map(\.description), parsed, context)
      for event in saved.events { context.output.out(ChangeReport.line(event) + "\n") }
    } catch {
      throw unsaved(text, name: set, session: session, because: error)
    }
  }

  // MARK: - The loop

  /// What the editing loop ended with.
  enum Outcome<Value> {
    /// A valid, changed text and what it parsed to.
    case edited(Value, text: String)
    /// The file came back empty.
    case emptied
    /// The file came back with the same JSON.
    case unchanged

    func message(for label: String) -> String {
      switch self {
      case .emptied: return "Edit cancelled: the file was empty; \(label) was not changed.\n"
      case .unchanged: return "No changes; \(label) was not changed.\n"
      case .edited: return ""
      }
    }
  }

  /// How many times the editor is opened for one edit before giving up.
  static let maximumAttempts = 20

  /// Writes `original` to a temporary file, runs the editor, and validates what comes
  /// back until it is valid, empty, unchanged, or comes back unchanged after an error.
  static func editLoop<Value>(
    fileName: String, keptName: String, original: String, context: Context,
    catalogPath: String, label: String,
    validate: (String, String) throws(CommandError) -> Value
  ) throws(CommandError) -> Outcome<Value> {
    let folder = try TemporaryFolder.make(
      prefix: "catalog-edit", failure: "cannot create a temporary folder for editing")
    let file = folder.appendingPathComponent(fileName).path
    var keepFolder = false
    defer { if !keepFolder { try? FileManager.default.removeItem(at: folder) } }
    let originalJSON = try? JSONParser.parse(original, file: file).root
    var written = original
    try EditorLauncher.write(written, to: file)
    var attempts = 0
    var previousText: String?
    while true {
      attempts += 1
      do {
        try EditorLauncher.edit(file, environment: context.environment)
      } catch {
        keepFolder = true
        throw error
      }
      let raw = try EditorLauncher.read(file)
      let text = EditorLauncher.strippingHeader(raw)
      if text.trimmed(.whitespacesAndNewlines).isEmpty { return .emptied }
      if let originalJSON, let json = try? JSONParser.parse(text, file: file).root,
        json == originalJSON
      {
        return .unchanged
      }
      // The same invalid text twice in a row (an editor or script that cannot fix it,
      // whatever it does with the header), or too many rounds: stop and keep the text.
      if attempts > 1 && text == previousText || attempts > maximumAttempts {
        let kept = EditorLauncher.keepUnsaved(text, name: keptName, catalogPath: catalogPath)
        throw .failure(
          "\(label) was not changed: the edited text still has errors after \(attempts) tries\(kept.map { "; your text is kept in \($0)" } ?? "")"
        )
      }
      previousText = text
      if raw == written && written != original {
        // Back unchanged after an error: the person gave up, or a script cannot fix it.
        let kept = EditorLauncher.keepUnsaved(text, name: keptName, catalogPath: catalogPath)
        throw .failure(
          "\(label) was not changed: the edited text still has errors (see the top of the file)\(kept.map { "; your text is kept in \($0)" } ?? "")"
        )
      }
      do {
        return .edited(try validate(text, file), text: text)
      } catch {
        guard case .failure(let message) = error else { throw error }
        context.output.err("Error: \(message)\nRe-opening the editor; empty the file to cancel.\n")
        // Keep the positions in later errors true to what the user sees: the header
        // replaces the blank lines the previous one left.
        written = rebased(text, header: EditorLauncher.errorHeader(message))
        // Positions in the message must be those of the re-opened file, whose header may
        // have moved the text down: check the text again as it will be shown.
        let shown = EditorLauncher.strippingHeader(written)
        if shown != text {
          do {
            _ = try validate(shown, file)
          } catch {
            if case .failure(let moved) = error {
              let again = rebased(text, header: EditorLauncher.errorHeader(moved))
              if EditorLauncher.strippingHeader(again) == shown { written = again }
            }
          }
        }
        try EditorLauncher.write(written, to: file)
      }
    }
  }

  /// The header followed by `text`, reusing the text's leading blank lines (left by an
  /// earlier header) so the JSON keeps its line numbers when that is possible.
  static func rebased(_ text: String, header: String) -> String {
    let headerLines = header.split(separator: "\n", omittingEmptySubsequences: true).count
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var blank = 0
    while blank < lines.count, lines[blank].trimmed(.whitespaces).isEmpty {
      blank += 1
    }
    lines.removeFirst(min(blank, headerLines))
    return header + lines.joined(separator: "\n")
  }

  /// The error for a valid text that could not be saved, after keeping the text in a file.
  static func unsaved(
    _ text: String, name: String, session: CatalogSession, because error: any Error
  ) -> CommandError {
    let kept = EditorLauncher.keepUnsaved(text, name: name, catalogPath: session.path)
    let keptNote =
      kept.map { "; your text is kept in \($0)" } ?? "; your text could not be kept in a file"
    var hint = ""
    if case CatalogError.conflict = error {
      hint =
        ": compare it with 'catalog show \(name)', then edit again or add the file with 'catalog add'"
    } else if case CatalogError.tokenSetConflict = error {
      hint = ": compare it with 'catalog tokens export --set \(name)', then edit again"
    }
    return .failure("\(error); nothing was saved\(keptNote)\(hint)")
  }
}
