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

/// `catalog tokens …`: the design tokens in the catalog: list, get, set, remove, rename,
/// usage, history, sets (precedence), export, import, import-resolver, resolvers, diff.
enum TokensCommand: Subcommand {
  /// The `--type` option.
  static let tokenType = CommandSpec.Option(
    name: "type", valueName: "type",
    help: "The DTCG $type (default: the token's current type, or dimension).",
    type: .choice([
      "dimension", "number", "color", "fontFamily", "fontWeight", "duration", "cubicBezier",
      "strokeStyle", "border", "transition", "shadow", "gradient", "typography",
    ]))
  /// The `--move` option.
  static let moveSet = CommandSpec.Option(
    name: "move", valueName: "set", help: "The set to move.", type: .tokenSet)
  /// The `--rename` option.
  static let renameSet = CommandSpec.Option(
    name: "rename", valueName: "set", help: "The set to rename.", type: .tokenSet)
  /// The `--remove` option.
  static let removeSet = CommandSpec.Option(
    name: "remove", valueName: "set", help: "The set to remove, with its tokens.",
    type: .tokenSet)
  /// The `--to` option.
  static let to = CommandSpec.Option(
    name: "to", valueName: "position|name",
    help: "With --move, its new place: 0 (lowest) … last (highest); with --rename, its new name.")
  /// The `--format` option.
  static let exportFormat = CommandSpec.Option(
    name: "format", valueName: "format",
    help:
      "The file format: DTCG, a Swift enum, CSS custom properties, Android dimens.xml, flat or nested JSON.",
    type: .choice(TokenExporter.Format.allCases.map(\.rawValue)), defaultValue: "dtcg")
  /// The `--name` option.
  static let swiftEnumName = CommandSpec.Option(
    name: "name", valueName: "type", help: "The Swift enum's name (--format swift only).",
    defaultValue: "DesignTokens")
  // Same shape as RenderCommand's --explain and --matrix (two flags declared one after the
  // other), kept because each is one command's own flag with its own help text; flags several
  // commands take are declared once in CommandSpec+Shared.swift.
  /// The `--references` flag.
  static let references = CommandSpec.Flag(
    name: "references",
    help: "Keep references (var(--space-md), @dimen/…, other constants) instead of values.")
  /// The `--all-contexts` flag.
  static let allContexts = CommandSpec.Flag(
    name: "all-contexts",
    help:
      "Every resolver context too: CSS blocks under [data-MODIFIER=\"CONTEXT\"], or (other formats, with --output) one file per context."
  )
  /// The `--name` option.
  static let resolverName = CommandSpec.Option(
    name: "name", valueName: "name",
    help: "Its name in the catalog (default: its name, else the file's).")
  /// The `--export` option.
  static let exportName = CommandSpec.Option(
    name: "export", valueName: "name", help: "Print the stored document as JSON.")
  /// The `--remove` option of `tokens resolvers`.
  static let removeResolver = CommandSpec.Option(
    name: "remove", valueName: "name",
    help: "Remove the stored document with its modifiers and contexts (its history is kept).")
  /// The `--history` option of `tokens resolvers`.
  static let resolverHistory = CommandSpec.Option(
    name: "history", valueName: "name",
    help: "List the document's saved revisions, removals included.")
  /// The `--revert` option of `tokens resolvers`.
  static let revertResolver = CommandSpec.Option(
    name: "revert", valueName: "name",
    help: "Save revision --revision N of the document again (brings back a removed one).")
  /// The `--revision` option of `tokens resolvers`.
  static let resolverRevision = CommandSpec.Option(
    name: "revision", valueName: "n",
    help: "The revision --export prints or --revert saves again (see --history).")

  /// The `PATH` argument: a stored token's path.
  static let tokenPath = CommandSpec.Argument(name: "path", help: "The token path.", type: .token)
  /// The optional `PATH` argument of `tokens usage`.
  static let usagePath = CommandSpec.Argument(
    name: "path", help: "A token path (default: every token).", isOptional: true, type: .token)
  /// The `VALUE` argument of `tokens set`.
  static let tokenValue = CommandSpec.Argument(name: "value", help: "The new $value.")
  /// The `OLD` argument of `tokens rename`.
  static let oldPath = CommandSpec.Argument(name: "old", help: "The current path.", type: .token)
  /// The `NEW` argument of `tokens rename`.
  static let newPath = CommandSpec.Argument(name: "new", help: "The new path.")
  /// The `FILE` argument of `tokens import-resolver`.
  static let resolverFile = CommandSpec.Argument(
    name: "file", help: "A .resolver.json file.", type: .file)
  /// The `A` argument of `tokens diff`.
  static let diffA = CommandSpec.Argument(name: "a", help: "A set name or a token file.")
  /// The `B` argument of `tokens diff`.
  static let diffB = CommandSpec.Argument(name: "b", help: "A set name or a token file.")

  static let listSpec = CommandSpec(
    name: "list", abstract: "List tokens with their values and resolved points.",
    options: [
      .set.withHelp("Only the tokens of this set.")
    ],
    flags: [.jsonTable])
  static let getSpec = CommandSpec(
    name: "get", abstract: "Show one token: value, type, alias chain, points, set, description.",
    arguments: [tokenPath.withHelp("The token path, e.g. space.md.")],
    options: [.set],
    flags: [.json])
  /// `tokens set --new-set`: the set named by `--set` may be a new one.
  static let newSet = CommandSpec.Flag(
    name: "new-set",
    help:
      "Create the set named by --set when it does not exist (it gets the highest precedence); without it an unknown set is refused."
  )
  static let setSpec = CommandSpec(
    name: "set", abstract: "Set a token's value (a new revision), creating it when needed.",
    discussion: """
      VALUE is a DTCG $value as JSON ({"value": 8, "unit": "px"}), an alias {space.sm}, a legacy \
      dimension 8px / 1.5rem (converted), or for a dimension a bare number of px. The type is \
      kept, or given with --type.
      """,
    arguments: [tokenPath, tokenValue],
    options: [
      .set.withHelp(
        "The set (default: the set that wins the path; for a new path, the catalog's only set)."),
      tokenType,
    ],
    flags: [
      .dryRun.withHelp(
        "List every component, variant and view whose frames the change would move, and save nothing."
      ),
      .force.withHelp(
        "Save even when the new value breaks a component's length or another token's alias."),
      newSet,
    ] + WarningPrinter.flags)
  static let removeSpec = CommandSpec(
    name: "remove", abstract: "Remove a token; refused while components use it unless --force.",
    arguments: [tokenPath], options: [.set],
    flags: [.force.withHelp("Remove it even though components use it.")] + WarningPrinter.flags)
  static let renameSpec = CommandSpec(
    name: "rename",
    abstract:
      "Rename a token and update every reference to it in tokens and components, in one transaction.",
    arguments: [oldPath, newPath])
  static let usageSpec = CommandSpec(
    name: "usage",
    abstract:
      "Which components use a token (a length, a border, a shadow, a colour), directly or through aliases and math, and where (JSON path).",
    arguments: [usagePath],
    flags: [.json])
  static let historySpec = CommandSpec(
    name: "history", abstract: "Every saved value of a token.",
    arguments: [tokenPath])
  static let setsSpec = CommandSpec(
    name: "sets",
    abstract: "List token sets by precedence (the last wins), or move, rename or remove one.",
    discussion: """
      catalog tokens sets --move core --to 0 makes 'core' the lowest precedence; --to last makes \
      it win over every other set. catalog tokens sets --rename core --to base renames 'core' (a \
      set name becomes a file path: '/' only between folder names, as in 'themes/dark'; no '\\', \
      ':', '..', leading '.', device names, control or invisible characters). catalog tokens \
      sets --remove legacy removes the set 'legacy' and its tokens (their history is kept), \
      refused while a component or token uses one of them that no other set defines.
      """,
    options: [
      moveSet,
      renameSet,
      removeSet,
      to,
    ],
    flags: [
      .json,
      .force.withHelp(
        "Move or remove it even when that breaks a component's length or a token's alias."),
    ] + WarningPrinter.flags)
  static let exportSpec = CommandSpec(
    name: "export",
    abstract:
      "Export tokens: DTCG, Swift, CSS, SCSS, JS/TS, Android dimens.xml, flat or nested JSON.",
    options: [
      exportFormat,
      .set,
      .output,
      .input.withHelp("Export the tokens of a resolver context (repeatable)."),
      swiftEnumName,
    ],
    flags: [
      references,
      allContexts,
    ])
  static let importSpec = CommandSpec(
    name: "import",
    abstract:
      "Import token files (DTCG, JSON5, YAML, Style Dictionary, Tokens Studio, Spectrum, Fluent) into a set.",
    arguments: [AddCommand.files.withHelp("A token file.")],
    options: [
      .set.withHelp("The set (default: the file's name)."),
      AddCommand.resolverName,
    ],
    flags: [
      .strict.withHelp("Refuse non-standard constructs."),
      .allowOutsideReferences,
      .allowDangling,
      .prune.withHelp(
        "Make the set equal to the file: remove its tokens the file no longer has (refused while a component uses one, unless --force)."
      ),
      .force.withHelp("Save even when the change breaks components that use a token."),
      .dryRun,
    ] + WarningPrinter.flags)
  static let importResolverSpec = CommandSpec(
    name: "import-resolver", abstract: "Import a DTCG Resolver module document (modes and themes).",
    arguments: [resolverFile],
    options: [resolverName],
    flags: [
      .strict.withHelp("Refuse non-standard token constructs in its sources."),
      .allowOutsideReferences.withHelp(
        "Let $ref name files outside the document's folder (absolute paths, .., symbolic links)."),
    ] + WarningPrinter.flags)
  static let resolversSpec = CommandSpec(
    name: "resolvers",
    abstract:
      "List resolver documents with their modifiers, contexts and sources, or export, remove, list the history of or revert one.",
    options: [exportName, removeResolver, resolverHistory, revertResolver, resolverRevision],
    flags: [
      .force.withHelp("--revert: save even when a source names a token set the catalog lacks.")
    ])
  static let diffSpec = CommandSpec(
    name: "diff",
    abstract: "Compare two token sets or files: added, removed, changed, probably renamed.",
    arguments: [diffA, diffB])

  static let spec = CommandSpec(
    name: "tokens", abstract: "Work with the catalog's design tokens.",
    subcommands: [
      listSpec.running { (a, c) throws(CommandError) in try list(a, c) },
      getSpec.running { (a, c) throws(CommandError) in try get(a, c) },
      setSpec.running { (a, c) throws(CommandError) in try set(a, c) },
      removeSpec.running { (a, c) throws(CommandError) in try remove(a, c) },
      renameSpec.running { (a, c) throws(CommandError) in try rename(a, c) },
      usageSpec.running { (a, c) throws(CommandError) in try usage(a, c) },
      historySpec.running { (a, c) throws(CommandError) in try history(a, c) },
      setsSpec.running { (a, c) throws(CommandError) in try sets(a, c) },
      exportSpec.running { (a, c) throws(CommandError) in try export(a, c) },
      importSpec.running { (a, c) throws(CommandError) in
        try AddCommand.run(a, c, path: ["tokens", "import"])
      },
      importResolverSpec.running { (a, c) throws(CommandError) in try importResolver(a, c) },
      resolversSpec.running { (a, c) throws(CommandError) in try resolvers(a, c) },
      diffSpec.running { (a, c) throws(CommandError) in try diff(a, c) },
      EditCommand.tokensSpec.running { (a, c) throws(CommandError) in
        try EditCommand.runTokens(a, c)
      },
    ])

  static func run(_ args: [String], _ context: Context) throws(CommandError) {
    try CommandDispatcher.dispatch(args, spec: spec, path: ["tokens"], context: context)
  }

  static func store<T>(_ body: () throws -> T) throws(CommandError) -> T {
    do { return try body() } catch let e as CommandError { throw e } catch {
      throw .failure("\(error)")
    }
  }

  // MARK: - list, get

  static func list(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    let session = try context.openCatalog(parsed, readOnly: true)
    let rows = try store { try session.service.tokenListing(inSet: parsed.option(.set)) }
    context.output.listing(
      rows, json: parsed.flag(.json),
      whenEmpty: "No tokens; import a DTCG file with 'catalog add FILE.tokens.json'.",
      object: { row in
        let r = row.record
        return JSONObject([
          ("set", .string(r.set)), ("path", .string(r.path)),
          ("type", r.type.map { .string($0) } ?? .null),
          ("value", (try? JSONParser.parse(r.value).root) ?? .string(r.value)),
          ("points", row.points.map { .number($0) } ?? .null),
          ("winningSet", .string(row.winningSet)),
          ("overrides", .array(row.overriddenSets.map { .string($0) })),
        ])
      }, table: { rows in listTable(rows, context.output) })
  }

  /// Prints `tokens list` as a table: path, type, value (with points) and set.
  /// - Parameters:
  ///   - rows: The tokens (at least one).
  ///   - output: Where to print.
  static func listTable(_ rows: [ListedToken], _ output: Output) {
    let pathWidth = rows.map(\.record.path.count).max() ?? 4
    let typeWidth = rows.map { ($0.record.type ?? "-").count }.max() ?? 4
    for row in rows {
      let r = row.record
      let token = CatalogService.token(from: r)
      // An alias as stored (`{accent.$root}` stays so: it names the root token, and
      // `{accent}` would name the group).
      var value =
        token.aliasTarget != nil
        ? (token.value.stringValue ?? "") : TokenValue.shortDescription(token.value)
      // A number is unitless (DTCG Format §8.7): no points shown.
      if let p = row.points, r.type != "number" { value += " = \(formatNumber(p))pt" }
      // The set shown is the row's; a row that loses names the winner, a winner the sets
      // it overrides.
      var sets = r.set
      if row.winningSet != r.set {
        sets += ", overridden by \(row.winningSet)"
      } else if !row.overriddenSets.isEmpty {
        sets += ", overrides \(row.overriddenSets.joined(separator: ", "))"
      }
      output.out(
        "\(r.path.padding(pathWidth))  \((r.type ?? "-").padding(typeWidth))  \(value)  [\(sets)]\n"
      )
    }
  }

  static func formatNumber(_ n: Double) -> String { formatPoints(n) }

  static func get(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    let session = try context.openCatalog(parsed, readOnly: true)
    // `grp.$root` is already `grp` (Format §6.2): the parser reads every token path so.
    let path = parsed.argument(tokenPath)
    let records = try store {
      try session.service.tokens(inSet: parsed.option(.set)).filter { $0.path == path }
    }
    guard let record = records.last else {
      throw session.unknownToken(path, set: parsed.option(.set))
    }
    // With --set, the set's own value in its view (CatalogService.tokenResolver(viewOf:)).
    let resolver = try store { try session.service.tokenResolver(viewOf: parsed.option(.set)) }
    let resolution = try? resolver.resolve(path)
    // Why it cannot be computed, worded and graded as `doctor` does: after the token is
    // shown, an error exits 1 and a reference that names no token yet is a warning.
    var problem: (message: String, isWarning: Bool)?
    if resolution == nil {
      problem = try store {
        try session.service.tokenComputationProblem(path, set: parsed.option(.set))
      }
    }
    func reportProblem() throws(CommandError) {
      guard let problem else { return }
      if !problem.isWarning { throw .failure("{\(path)}: \(problem.message)") }
      context.output.err("warning: {\(path)}: \(problem.message)\n")
    }
    if parsed.flag(.json) {
      var o = JSONObject([
        ("path", .string(path)), ("set", .string(record.set)),
        ("type", record.type.map { .string($0) } ?? .null),
      ])
      o["value"] = (try? JSONParser.parse(record.value).root) ?? .string(record.value)
      o["resolvedValue"] = resolution?.value ?? .null
      o["points"] = resolution?.points.map { .number($0) } ?? .null
      // A token that cannot be computed still has the aliases it follows (review 16: `[]`).
      o["chain"] = .array(
        (resolution?.chain ?? resolver.graph.aliasChain(from: path)).map { .string($0) })
      if let d = record.description { o["description"] = .string(d) }
      if let d = record.deprecated {
        o["deprecated"] = (try? JSONParser.parse(d).root) ?? .string(d)
      }
      o["revision"] = .number(Double(record.revision))
      if let problem {
        o["problem"] = .object(
          JSONObject([
            ("message", .string(problem.message)),
            ("severity", .string(problem.isWarning ? "warning" : "error")),
          ]))
      }
      context.output.out(JSONWriter.pretty(.object(o)))
      try reportProblem()
      return
    }
    var line = "{\(path)}  \(record.type ?? "-")  \(record.value)"
    if let r = resolution {
      line +=
        "\n  = "
        + (r.steps.dropFirst() + [TokenValue.shortDescription(r.value)]).joined(separator: " ← ")
      if let p = r.points, r.type != "number" { line += " = \(formatNumber(p))pt" }
    }
    line += "\n  set: \(record.set), revision \(record.revision)"
    if let d = record.description { line += "\n  description: \(d)" }
    if let d = record.deprecated { line += "\n  deprecated: \(d)" }
    context.output.out(line + "\n")
    try reportProblem()
  }

  // MARK: - set, remove, rename

  static func set(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    if parsed.flag(.dryRun) {
      // Writes nothing: read-only, on a copy in memory.
      try set(parsed, CatalogSession.dryRun(path: context.databasePath(parsed)), context)
      return
    }
    try CatalogSession.writing(path: context.databasePath(parsed), output: context.output) {
      session throws(CommandError) in
      try set(parsed, session, context)
    }
  }

  static func set(_ parsed: ParsedArguments, _ session: CatalogSession, _ context: Context)
    throws(CommandError)
  {
    let path = parsed.argument(tokenPath)
    let text = parsed.argument(tokenValue)
    if StrictNumber.isOutOfRange(text) {
      throw .failure(
        "{\(path)}: the number \(text) is out of range: expected a finite number (\(NumberOverflow.expectation(text)))"
      )
    }
    let value: JSONValue
    do {
      value = try JSONParser.parse(text, file: "VALUE").root
    } catch {
      // A JSON value with a number too large for a Double is refused, naming its path;
      // other text that is not JSON is the value as a string (an alias, `4px`).
      if let at = NumberOverflow.path(of: error, in: Array(text.utf8)) {
        throw .failure(
          "{\(path)}: \(at.isEmpty ? "" : "\(at): ")\(error.message); expected a finite number (\(NumberOverflow.expectation(NumberOverflow.number(in: error.message))))"
        )
      }
      // A number JSON does not spell (`.5`, `5.`, `-.5`, `+2`) is still a number by the
      // one rule for numbers typed as text (DecimalText), as `0.5` is (review 16: it was
      // a string, then warned about as a dimension without a unit).
      value = DecimalText.value(text).map { .number($0) } ?? .string(text)
    }
    let dryRun = parsed.flag(.dryRun)
    let result: ChangeResult
    do {
      result = try session.apply(
        [
          .setToken(
            path: path, value: value, type: parsed.option(Self.tokenType), set: parsed.option(.set))
        ],
        options: ChangeOptions(
          force: parsed.flag(.force), dryRun: dryRun, createsTokenSet: parsed.flag(Self.newSet)))
    } catch {
      throw CommandError(error)
    }
    WarningPrinter.print(result.notes + result.warnings.map(\.description), parsed, context)
    for case .tokenSaved(_, let set, let saved, let points, _, _) in result.events where dryRun {
      context.output.out(
        "Dry run: {\(path)} would be \(TokenValue.shortDescription(saved))\(points.map { " (\(formatNumber($0))pt)" } ?? "") in set '\(set)'; nothing was saved.\n"
      )
      context.output.out(ImpactAnalyzer.report(result.impact))
      // Who uses the token, through which chain: `tokens usage`'s lines (the token graph).
      var uses: [ChainedTokenUse] = []
      do { uses = try session.service.tokenUses(of: path) } catch {
        if case .notFound = error {} else { throw CommandError(error) }
      }
      if !uses.isEmpty {
        context.output.out("Uses of {\(path)}:\n")
        for c in uses { context.output.out("  \(usageLine(c, points: false))\n") }
      }
      return
    }
    for event in result.events { context.output.out(ChangeReport.line(event) + "\n") }
  }

  static func remove(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    let session = try context.openCatalog(parsed)
    let path = parsed.argument(tokenPath)
    let result: ChangeResult
    do {
      result = try session.apply(
        [.removeToken(path: path, set: parsed.option(.set))],
        options: ChangeOptions(force: parsed.flag(.force)))
    } catch {
      if case .notFound = error {
        throw session.unknownToken(path, set: parsed.option(.set))
      }
      throw CommandError(error)
    }
    WarningPrinter.print(result.warnings.map(\.description), parsed, context)
    for event in result.events { context.output.out(ChangeReport.line(event) + "\n") }
  }

  static func rename(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    let session = try context.openCatalog(parsed)
    let old = parsed.argument(oldPath)
    let new = parsed.argument(newPath)
    let result: ChangeResult
    do { result = try session.apply([.renameToken(from: old, to: new)]) } catch {
      if case .notFound(kind: "token", _, _) = error { throw session.unknownToken(old, set: nil) }
      throw CommandError(error)
    }
    for note in result.notes {
      context.output.err("\(note.prefix(1).uppercased())\(note.dropFirst())\n")
    }
    let report = result.events.map { event -> String in
      if case .resolverDocumentSaved(let name, _, let revision, _, _) = event {
        return "Updated resolver document \(name) (revision \(revision))"
      }
      return ChangeReport.line(event)
    }
    if !report.isEmpty { context.output.out(report.joined(separator: "\n") + "\n") }
  }

  /// The Swift enum name for `export --format swift`, checked by
  /// `TokenExporter.swiftTypeNameProblem`; `--name` with another format is refused (only the
  /// Swift export has a type name).
  static func swiftTypeName(_ name: String?, format: TokenExporter.Format) throws(CommandError)
    -> String
  {
    guard let name else { return "DesignTokens" }
    guard format == .swift else {
      throw .usage(
        "--name names the Swift export's enum; it does not apply to --format \(format.rawValue)",
        command: ["tokens", "export"])
    }
    if let problem = TokenExporter.swiftTypeNameProblem(name) {
      throw .usage(
        "The value '\(name)' is invalid for '--name <type>': \(problem)",
        command: ["tokens", "export"])
    }
    return name
  }

  // MARK: - usage, history, sets

  static func usage(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    let session = try context.openCatalog(parsed, readOnly: true)
    let path = parsed.optionalArgument(usagePath)
    // A group's path: the uses of every token under it, by token (review 21).
    if let path, let members = try session.run({ try session.service.groupTokenUses(of: path) }) {
      try groupUsage(path, members: members, parsed, context)
      return
    }
    let uses = try session.tokenUses(of: path)
    if parsed.flag(.json) {
      context.output.out(usageJSON(uses))
      return
    }
    if uses.isEmpty {
      context.output.out(
        path.map { "No component uses {\($0)}, directly or through another token.\n" }
          ?? "No component uses a token.\n")
      return
    }
    for c in uses { context.output.out(usageLine(c) + "\n") }
  }

  /// `tokens usage GROUP`: each token of the group that a component uses, with its uses
  /// indented below it (``usageLine(_:points:)``), then the tokens no component uses, named
  /// (bounded, ``BoundedList``); exit status 0 either way. `--json`: one array of the uses of
  /// every token of the group, as for a token (each use's `chain` ends with the group's
  /// token).
  static func groupUsage(
    _ group: String, members: [(token: String, uses: [ChainedTokenUse])],
    _ parsed: ParsedArguments, _ context: Context
  ) throws(CommandError) {
    if parsed.flag(.json) {
      context.output.out(usageJSON(members.flatMap(\.uses)))
      return
    }
    let unused = members.filter { $0.uses.isEmpty }.map { "{\($0.token)}" }
    if unused.count == members.count {
      context.output.out(
        "No component uses a token of the group {\(group)}, directly or through another token (its \(Plural.count(members.count, "token")): \(BoundedList.inline(unused))).\n"
      )
      return
    }
    for (token, uses) in members where !uses.isEmpty {
      context.output.out("{\(token)}: \(Plural.count(uses.count, "use"))\n")
      for c in uses { context.output.out("  \(usageLine(c))\n") }
    }
    if !unused.isEmpty {
      context.output.out(
        "No component uses \(unused.count == 1 ? "this token" : "these \(unused.count) tokens") of {\(group)}: \(BoundedList.inline(unused)).\n"
      )
    }
  }

  /// `tokens usage --json`: one object per use.
  static func usageJSON(_ uses: [ChainedTokenUse]) -> String {
    JSONWriter.pretty(
      .array(
        uses.map { c in
          let u = c.use
          return .object(
            JSONObject([
              ("token", .string(u.tokenPath)), ("component", .string(u.component)),
              ("jsonPath", .string(u.jsonPath)),
              ("property", .string(u.property)),
              ("kind", .string(u.kind.rawValue)),
              ("type", u.tokenType.map { .string($0) } ?? .null),
              ("set", u.tokenSet.map { .string($0) } ?? .null),
              ("points", u.resolvedPoints.map { .number($0) } ?? .null),
              ("chain", .array(c.chain.map { .string($0) })),
            ]))
        }))
  }

  /// One line of `tokens usage` (and of `tokens set --dry-run`'s uses): the chain
  /// (``ChainedTokenUse/describedChain``), the component, the JSON path, the property and,
  /// when `points`, the resolved points (a token without points, a border, shadow or
  /// colour, by its type: `(border token)`).
  static func usageLine(_ c: ChainedTokenUse, points: Bool = true) -> String {
    let u = c.use
    var value = ""
    if points {
      if let p = u.resolvedPoints {
        value = " = \(formatNumber(p))pt"
      } else if u.tokenSet != nil {
        value = " (\(u.tokenType ?? "untyped") token)"
      } else {
        value = " (unresolved)"
      }
    }
    return "\(c.describedChain)  \(u.component)  \(u.jsonPath)  \(u.property)\(value)"
  }

  static func history(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    let session = try context.openCatalog(parsed, readOnly: true)
    let rows = try store { try session.service.tokenHistory(parsed.argument(tokenPath)) }
    if rows.isEmpty {
      let path = parsed.argument(tokenPath)
      throw .failure("no history for {\(path)}\(session.service.tokenSuggestion(for: path))")
    }
    for r in rows {
      context.output.out(
        "\(r.set)  revision \(r.revision)  \(r.change)  \(r.value ?? "-")  \(r.savedAt)\n")
    }
  }

  static func sets(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    // Listing the sets only reads: the catalog is opened read-only, as every reading command
    // opens it (a catalog in a folder the user cannot write can be listed).
    let actions = [Self.moveSet, Self.renameSet, Self.removeSet].filter {
      parsed.option($0) != nil
    }
    let changes = !actions.isEmpty
    // `--to` alone would list the sets and change nothing: a usage error, not a silent no-op.
    if parsed.option(Self.to) != nil, parsed.option(Self.moveSet) == nil,
      parsed.option(Self.renameSet) == nil
    {
      throw .usage("--to needs --move <set> or --rename <set>", command: ["tokens", "sets"])
    }
    if actions.count > 1 {
      throw .usage(
        "give one of \(actions.map { "--\($0.name)" }.joined(separator: ", ")), not several",
        command: ["tokens", "sets"])
    }
    let session = try CatalogSession(
      path: context.databasePath(parsed), create: changes, readOnly: !changes)
    if let name = parsed.option(Self.removeSet) {
      // The same dependents check as `tokens remove`: a use of one of its tokens that no
      // other set defines is refused unless --force.
      do {
        let result = try session.apply(
          [.removeTokenSet(name: name)], options: ChangeOptions(force: parsed.flag(.force)))
        WarningPrinter.print(result.warnings.map(\.description), parsed, context)
        for event in result.events { context.output.err(ChangeReport.line(event) + "\n") }
      } catch {
        throw CommandError(error)
      }
    }
    if let name = parsed.option(Self.renameSet) {
      guard let to = parsed.option(Self.to) else {
        throw .usage("--rename needs --to <name>", command: ["tokens", "sets"])
      }
      do {
        let result = try session.apply([.renameTokenSet(name: name, to: to)])
        for note in result.notes {
          context.output.err("\(note.prefix(1).uppercased())\(note.dropFirst())\n")
        }
        for event in result.events { context.output.err(ChangeReport.line(event) + "\n") }
      } catch {
        throw CommandError(error)
      }
    }
    if let name = parsed.option(Self.moveSet) {
      guard let to = parsed.option(Self.to) else {
        throw .usage("--move needs --to <position>", command: ["tokens", "sets"])
      }
      let count = try store { try session.service.tokenSets().count }
      let position: Int
      if to == "last" {
        position = count - 1
      } else if to == "first" {
        position = 0
      } else if to.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(to), n >= 0, n < count {
        position = n
      } else {
        throw .usage(
          "The value '\(to)' is invalid for '--to <position>': expected 0 … \(max(0, count - 1)), first or last",
          command: ["tokens", "sets"])
      }
      // The same dependents check as every other write: a move changes which token wins.
      do {
        let result = try session.apply(
          [.moveTokenSet(name: name, position: position)],
          options: ChangeOptions(force: parsed.flag(.force)))
        WarningPrinter.print(result.warnings.map(\.description), parsed, context)
        // On stderr, as --remove and --rename say theirs: stdout is the listing that follows.
        for event in result.events { context.output.err(ChangeReport.line(event) + "\n") }
      } catch {
        throw CommandError(error)
      }
    }
    let sets = try store { try session.service.tokenSets() }
    if parsed.flag(.json) {
      context.output.out(
        JSONWriter.pretty(
          .array(
            sets.enumerated().map { i, s in
              // `position` is what the text listing prints and `--move … --to` takes (0 is
              // lowest); `precedence` the stored order.
              .object(
                JSONObject([
                  ("name", .string(s.name)), ("position", .number(Double(i))),
                  ("precedence", .number(Double(s.precedence))),
                  ("tokens", .number(Double(s.tokenCount))),
                  ("source", s.source.map { .string($0) } ?? .null),
                ]))
            })))
      return
    }
    if sets.isEmpty { context.output.err("No token sets.\n") }
    for (i, s) in sets.enumerated() {
      context.output.out(
        "\(i)  \(s.name)  \(Plural.count(s.tokenCount, "token"))\(s.source.map { "  from \($0)" } ?? "")\(i == sets.count - 1 && sets.count > 1 ? "  (wins)" : "")\n"
      )
    }
  }

  // MARK: - export, diff

  static func export(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    // The parser checked --format against the declared choice (TokenExporter.Format).
    let format = parsed.option(Self.exportFormat).flatMap(TokenExporter.Format.init) ?? .dtcg
    if parsed.flag(Self.allContexts), format != .css, parsed.option(.output) == nil {
      throw .usage(
        "--all-contexts with --format \(format.rawValue) writes one file per context: give --output FILE",
        command: ["tokens", "export"])
    }
    let session = try context.openCatalog(parsed, readOnly: true)
    let inputs = try RenderInputs.parse(parsed.values(.input), command: ["tokens", "export"])
    let header =
      "Design tokens from \(UserPath.fileURL(session.path).lastPathComponent)\(parsed.option(.set).map { ", set \($0)" } ?? "")."
    var request = TokenExportRequest(format: format)
    request.set = parsed.option(.set)
    request.inputs = inputs
    request.allContexts = parsed.flag(Self.allContexts)
    request.options = .init(
      references: parsed.flag(Self.references),
      swiftTypeName: try swiftTypeName(parsed.values(Self.swiftEnumName).last, format: format),
      header: header)
    request.output = parsed.option(.output)
    let export: TokenExport
    do { export = try session.service.tokenExport(request) } catch { throw CommandError(error) }
    // No token is dropped silently: each one the format leaves out is named.
    for line in TokenExportWarnings.lines(export.omissions, format: format) {
      context.output.err("warning: \(line)\n")
    }
    guard request.output != nil else {
      context.output.out(export.files.first?.text ?? "")
      return
    }
    do {
      // The service checked every path (OutputPathRule) before the first is written.
      for case (let path?, let contents) in export.files {
        try OutputFile.write(Array(contents.utf8), to: path, catalog: session.path)
      }
    } catch {
      throw CommandError(error)
    }
    context.output.out(
      "Wrote \(Plural.count(export.tokenCount, "token")) to \(export.files.compactMap(\.path).joined(separator: ", ")) (\(format.rawValue))\n"
    )
  }

  static func diff(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    let a = try tokens(named: parsed.argument(diffA), parsed, context)
    let b = try tokens(named: parsed.argument(diffB), parsed, context)
    let diff = TokenDiff.compare(a, b)
    if diff.isEmpty {
      context.output.out("No differences: \(Plural.count(a.count, "token")) each.\n")
      return
    }
    for line in diff.lines { context.output.out(line + "\n") }
    context.output.out(
      "\(diff.added.count) added, \(diff.removed.count) removed, \(diff.changed.count) changed, \(diff.renamed.count) probably renamed\n"
    )
  }

  /// The tokens of a file (when the name is a file) or of a stored set.
  static func tokens(named name: String, _ parsed: ParsedArguments, _ context: Context)
    throws(CommandError) -> [DesignToken]
  {
    if FileManager.default.fileExists(atPath: name) {
      let bytes = try AddCommand.readFile(name)
      do {
        let source = try TokenSource.read(bytes: bytes, file: name)
        return try TokenFileParser.parse(
          source: source, options: .init(unresolvedReferences: .warning)
        ).tokens
      } catch {
        throw .failure(error.diagnostics.map(\.summary).joined(separator: "\n"))
      }
    }
    let session = try context.openCatalog(parsed, readOnly: true)
    let sets = try store { try session.service.tokenSets().map(\.name) }
    guard sets.contains(name) else {
      throw .failure(
        "'\(name)' is neither a file nor a token set (sets: \(sets.joined(separator: ", ")))")
    }
    return try store { try session.service.tokens(inSet: name).map(CatalogService.token(from:)) }
  }

  // MARK: - Resolver documents

  static func importResolver(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    try CatalogSession.writing(path: context.databasePath(parsed), output: context.output) {
      session throws(CommandError) in
      try importResolver(parsed, session, context)
    }
  }

  static func importResolver(
    _ parsed: ParsedArguments, _ session: CatalogSession, _ context: Context
  ) throws(CommandError) {
    let file = parsed.argument(resolverFile)
    let document = try readResolverDocument(
      file, strict: parsed.flag(.strict),
      allowOutsideReferences: parsed.flag(.allowOutsideReferences), session: session, parsed,
      context)
    do {
      let result = try session.apply([
        .saveResolverDocument(document, file: file, name: parsed.option(Self.resolverName))
      ])
      for event in result.events { context.output.out(ChangeReport.line(event) + "\n") }
    } catch {
      guard case .invalid(let problems) = error else { throw CommandError(error) }
      let lines = BoundedList.lines(problems.map { "Error: \($0)" }, noun: "error")
      for line in lines { context.output.err(line + "\n") }
      context.output.err("Nothing was saved.\n")
      throw .silentFailure
    }
  }

  /// Reads, checks and test-resolves a resolver document (every permutation up to 64).
  static func readResolverDocument(
    _ file: String, strict: Bool, allowOutsideReferences: Bool = false, session: CatalogSession,
    _ parsed: ParsedArguments, _ context: Context
  ) throws(CommandError) -> ResolverDocument {
    let bytes = try AddCommand.readFile(file)
    do {
      let (document, warnings) = try session.service.resolverDocument(
        InputFile(path: file, bytes: bytes), strict: strict,
        allowOutsideReferences: allowOutsideReferences)
      WarningPrinter.print(warnings, prefix: "", parsed, context)
      return document
    } catch {
      guard case .invalid(let problems) = error else { throw CommandError(error) }
      let lines = BoundedList.lines(problems.map { "Error: \($0)" }, noun: "error")
      for line in lines { context.output.err(line + "\n") }
      context.output.err("Nothing was saved.\n")
      throw .silentFailure
    }
  }

  static func resolvers(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    let command = ["tokens", "resolvers"]
    let actions = [Self.exportName, Self.removeResolver, Self.resolverHistory, Self.revertResolver]
      .filter { parsed.option($0) != nil }.map { "--\($0.name)" }
    if actions.count > 1 {
      throw .usage("give one of \(actions.joined(separator: ", ")), not several", command: command)
    }
    let revision = try parsed.option(Self.resolverRevision).map { (text) throws(CommandError) in
      try ComponentRevisions.number(text, command: command)
    }
    if revision != nil, parsed.option(Self.exportName) == nil,
      parsed.option(Self.revertResolver) == nil
    {
      throw .usage("--revision goes with --export or --revert", command: command)
    }
    if let name = parsed.option(Self.removeResolver) {
      let session = try context.openCatalog(parsed)
      do {
        let result = try session.apply([.removeResolverDocument(name: name)])
        for event in result.events { context.output.out(ChangeReport.line(event) + "\n") }
        // Recoverable as every removal is: its revisions are kept.
        context.output.out(
          "Its revisions are kept: 'catalog tokens resolvers --history \(NameText.quoted(name))' lists them, '--revert \(NameText.quoted(name)) --revision N' brings it back\n"
        )
      } catch {
        throw CommandError(error)
      }
      return
    }
    if let name = parsed.option(Self.revertResolver) {
      guard let revision else {
        throw .usage("--revert needs --revision N (see --history \(name))", command: command)
      }
      let session = try context.openCatalog(parsed)
      let result: ChangeResult
      do {
        result = try session.apply(
          [.revertResolverDocument(name: name, revision: revision)],
          options: ChangeOptions(force: parsed.flag(.force)))
      } catch {
        throw CommandError(error)
      }
      WarningPrinter.print(result.warnings.map(\.description), parsed, context)
      for event in result.events {
        if case .resolverDocumentSaved(let saved, _, let new, _, _) = event {
          context.output.out(
            "Saved revision \(revision) of resolver document '\(NameText.quoted(saved))' again as revision \(new)\n"
          )
        }
      }
      return
    }
    let session = try context.openCatalog(parsed, readOnly: true)
    if let name = parsed.option(Self.resolverHistory) {
      let history = try store { try session.service.resolverDocumentHistory(named: name) }
      context.output.out("revision  change  saved at (UTC)            source\n")
      for (i, r) in history.enumerated() {
        let current = i == history.count - 1 && r.change != "remove" ? "  (current)" : ""
        context.output.out(
          "\("\(r.revision)".padding(8))  \(r.change.padding(6))  \(r.savedAt.padding(24))  \(r.source.map(NameText.quoted) ?? "-")\(current)\n"
        )
      }
      return
    }
    let documents = try store { try session.service.resolverDocuments() }
    if let name = parsed.option(Self.exportName) {
      let text: String
      if let revision {
        let history = try store { try session.service.resolverDocumentHistory(named: name) }
        guard let record = history.first(where: { $0.revision == revision }) else {
          throw .failure(
            "resolver document '\(name)' has no revision \(revision) (its revisions: \(history.map { String($0.revision) }.joined(separator: ", ")))"
          )
        }
        guard let document = record.document else {
          throw .failure(
            "revision \(revision) of resolver document '\(name)' is its removal; it has no document"
          )
        }
        text = document
      } else {
        guard let d = documents.first(where: { $0.input.name == name }) else {
          throw .failure("no resolver document named '\(name)'")
        }
        text = d.input.document
      }
      let json = (try? JSONParser.parse(text).root) ?? .string(text)
      context.output.out(JSONWriter.pretty(json))
      return
    }
    if documents.isEmpty {
      context.output.err(
        "No resolver documents; import one with 'catalog tokens import-resolver FILE'.\n")
    }
    // Names are data: each is printed on one line, hidden characters made visible.
    let q = NameText.quoted
    for d in documents {
      context.output.out(
        "\(q(d.input.name))  (revision \(d.revision)\(d.input.source.map { ", from \(q($0))" } ?? ""))\n"
      )
      let sources = CatalogService.resolverSources(of: d)
      for m in d.input.modifiers {
        context.output.out(
          "  --input \(q(m.name))=\(m.contexts.map { q($0.name) }.joined(separator: "|"))\(m.defaultContext.map { "  (default \(q($0)))" } ?? "  (required)")\n"
        )
        // Each context's sources: the token sets it selects (read live), or inline tokens.
        for c in m.contexts {
          context.output.out(
            "    \(q(c.name)): \(sources["\(m.name)=\(c.name)"] ?? "\(Plural.count(c.tokenCount, "token")) inline")\n"
          )
        }
      }
    }
  }
}

/// `--input modifier=context` values (Resolver §5: inputs are strings), read by the one
/// rule `serve`'s `?input=` shares (``ResolverDocument/inputs(from:)``).
enum RenderInputs {
  static func parse(_ values: [String], command: [String]) throws(CommandError) -> [String: String]
  {
    do {
      return try ResolverDocument.inputs(from: values)
    } catch {
      switch error {
      case .notModifierEqualsContext(let part):
        throw .usage(
          "The value '\(NameText.quoted(part))' is invalid for '--input <modifier=context>': expected modifier=context",
          command: command)
      case .repeated(let first, let again):
        throw .usage(
          "The modifier '\(NameText.quoted(again))' is given more than once in --input\(first == again ? "" : " (as '\(NameText.quoted(first))' too; inputs are matched without case)")",
          command: command)
      }
    }
  }
}
