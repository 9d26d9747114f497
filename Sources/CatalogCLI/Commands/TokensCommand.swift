import CatalogLint
import CatalogModel
import CatalogStore
import CatalogTokens
import Foundation

/// `catalog tokens …`: the design tokens in the catalog: list, get, set, remove, rename,
/// usage, history, sets (precedence), export, import, import-resolver, resolvers, diff.
enum TokensCommand: Subcommand {
  static let setOption = CommandSpec.Option(name: "set", valueName: "name", help: "The token set (default: every set, the highest precedence winning).")

  static let listSpec = CommandSpec(
    name: "list", abstract: "List tokens with their values and resolved points.",
    options: [.init(name: "set", valueName: "name", help: "Only the tokens of this set.")],
    flags: [.init(name: "json", help: "Print JSON instead of a table.")])
  static let getSpec = CommandSpec(
    name: "get", abstract: "Show one token: value, type, alias chain, points, set, description.",
    arguments: [.init(name: "path", help: "The token path, e.g. space.md.")], options: [setOption],
    flags: [.init(name: "json", help: "Print JSON.")])
  static let setSpec = CommandSpec(
    name: "set", abstract: "Set a token's value (a new revision), creating it when needed.",
    discussion: "VALUE is a DTCG $value as JSON ({\"value\": 8, \"unit\": \"px\"}), an alias {space.sm}, a legacy dimension 8px / 1.5rem (converted), or for a dimension a bare number of px. The type is kept, or given with --type.",
    arguments: [.init(name: "path", help: "The token path."), .init(name: "value", help: "The new $value.")],
    options: [
      .init(name: "set", valueName: "name", help: "The set (default: the set that wins the path, else 'default')."),
      .init(name: "type", valueName: "type", help: "The DTCG $type (default: the token's current type, or dimension)."),
    ],
    flags: [
      .init(name: "dry-run", help: "List every component, variant and view whose frames the change would move, and save nothing."),
      .init(name: "force", help: "Save even when the new value breaks a component's length or another token's alias."),
    ])
  static let removeSpec = CommandSpec(
    name: "remove", abstract: "Remove a token; refused while components use it unless --force.",
    arguments: [.init(name: "path", help: "The token path.")], options: [setOption],
    flags: [.init(name: "force", help: "Remove it even though components use it.")])
  static let renameSpec = CommandSpec(
    name: "rename", abstract: "Rename a token and update every reference to it in tokens and components, in one transaction.",
    arguments: [.init(name: "old", help: "The current path."), .init(name: "new", help: "The new path.")])
  static let usageSpec = CommandSpec(
    name: "usage", abstract: "Which components use a token, and where (JSON path).",
    arguments: [.init(name: "path", help: "A token path (default: every token).", isOptional: true)],
    flags: [.init(name: "json", help: "Print JSON.")])
  static let historySpec = CommandSpec(
    name: "history", abstract: "Every saved value of a token.",
    arguments: [.init(name: "path", help: "The token path.")])
  static let setsSpec = CommandSpec(
    name: "sets", abstract: "List token sets by precedence (the last wins), or move one.",
    discussion: "catalog tokens sets --move core --to 0 makes 'core' the lowest precedence; --to last makes it win over every other set.",
    options: [
      .init(name: "move", valueName: "set", help: "The set to move."),
      .init(name: "to", valueName: "position", help: "Its new place: 0 (lowest) … last (highest)."),
    ],
    flags: [.init(name: "json", help: "Print JSON.")])
  static let exportSpec = CommandSpec(
    name: "export", abstract: "Export tokens: DTCG, Swift, CSS, Android dimens.xml, flat or nested JSON.",
    options: [
      .init(name: "format", valueName: "format", help: "dtcg, swift, css, android, json-flat or json-nested (default: dtcg)."),
      setOption,
      .init(name: "output", valueName: "file", help: "Write to a file instead of standard output."),
      .init(name: "input", valueName: "modifier=context", help: "Export the tokens of a resolver context (repeatable).", isRepeating: true),
      .init(name: "name", valueName: "type", help: "The Swift enum's name (default: DesignTokens)."),
    ],
    flags: [.init(name: "references", help: "Keep references (var(--space-md), @dimen/…, other constants) instead of values.")])
  static let importSpec = CommandSpec(
    name: "import", abstract: "Import token files (DTCG, JSON5, YAML, Style Dictionary, Tokens Studio, Spectrum, Fluent) into a set.",
    arguments: [.init(name: "file", help: "A token file.", isRepeating: true)],
    options: [.init(name: "set", valueName: "name", help: "The set (default: the file's name).")],
    flags: [.init(name: "strict", help: "Refuse non-standard constructs.")])
  static let importResolverSpec = CommandSpec(
    name: "import-resolver", abstract: "Import a DTCG Resolver module document (modes and themes).",
    arguments: [.init(name: "file", help: "A .resolver.json file.")],
    options: [.init(name: "name", valueName: "name", help: "Its name in the catalog (default: its name, else the file's).")],
    flags: [.init(name: "strict", help: "Refuse non-standard token constructs in its sources.")])
  static let resolversSpec = CommandSpec(
    name: "resolvers", abstract: "List resolver documents with their modifiers and contexts, or export one.",
    options: [.init(name: "export", valueName: "name", help: "Print the stored document as JSON.")])
  static let diffSpec = CommandSpec(
    name: "diff", abstract: "Compare two token sets or files: added, removed, changed, probably renamed.",
    arguments: [.init(name: "a", help: "A set name or a token file."), .init(name: "b", help: "A set name or a token file.")])

  static let spec = CommandSpec(
    name: "tokens", abstract: "Work with the catalog's design tokens.",
    subcommands: [listSpec, getSpec, setSpec, removeSpec, renameSpec, usageSpec, historySpec, setsSpec, exportSpec, importSpec, importResolverSpec, resolversSpec, diffSpec, EditCommand.tokensSpec])

  static func run(_ args: [String], _ context: Context) throws(CommandError) {
    guard let sub = args.first else { throw .help(command: ["tokens"]) }
    if sub == "-h" || sub == "--help" { throw .help(command: ["tokens"]) }
    let rest = Array(args.dropFirst())
    switch sub {
    case "list": try list(rest, context)
    case "get": try get(rest, context)
    case "set": try set(rest, context)
    case "remove": try remove(rest, context)
    case "rename": try rename(rest, context)
    case "usage": try usage(rest, context)
    case "history": try history(rest, context)
    case "sets": try sets(rest, context)
    case "export": try export(rest, context)
    case "import": try AddCommand.run(rest, context)
    case "import-resolver": try importResolver(rest, context)
    case "resolvers": try resolvers(rest, context)
    case "diff": try diff(rest, context)
    case "edit": try EditCommand.runTokens(rest, context)
    default: throw .usage("Unknown subcommand '\(sub)'", command: ["tokens"])
    }
  }

  static func store<T>(_ body: () throws -> T) throws(CommandError) -> T {
    do { return try body() } catch let e as CommandError { throw e } catch { throw .failure("\(error)") }
  }

  // MARK: - list, get

  static func list(_ args: [String], _ context: Context) throws(CommandError) {
    let parsed = try ArgumentParser.parse(args, spec: listSpec, path: ["tokens", "list"])
    let session = try CatalogSession(path: context.databasePath(parsed), create: false)
    let records: [TokenRecord] = try store {
      if let set = parsed.option("set"), try !session.store.tokenSets().contains(where: { $0.name == set }) {
        throw CommandError.failure("no token set named '\(set)'")
      }
      return try session.store.tokens(inSet: parsed.option("set"))
    }
    if parsed.flag("json") {
      let array: [JSONValue] = records.map { r in
        .object(JSONObject([
          ("set", .string(r.set)), ("path", .string(r.path)), ("type", r.type.map { .string($0) } ?? .null),
          ("value", (try? JSONParser.parse(r.value).root) ?? .string(r.value)),
          ("points", r.resolvedPoints.map { .number($0) } ?? .null),
        ]))
      }
      context.output.out(JSONWriter.pretty(.array(array)))
      return
    }
    if records.isEmpty {
      context.output.err("No tokens; import a DTCG file with 'catalog add FILE.tokens.json'.\n")
      return
    }
    let pathWidth = records.map(\.path.count).max() ?? 4
    let typeWidth = records.map { ($0.type ?? "-").count }.max() ?? 4
    for r in records {
      let token = CatalogSession.token(from: r)
      var value = token.aliasTarget.map { "{\($0)}" } ?? TokenValue.shortDescription(token.value)
      if let p = r.resolvedPoints { value += " = \(formatNumber(p))pt" }
      context.output.out("\(r.path.padding(pathWidth))  \((r.type ?? "-").padding(typeWidth))  \(value)  [\(r.set)]\n")
    }
  }

  static func formatNumber(_ n: Double) -> String { JSONWriter.number(n) }

  static func get(_ args: [String], _ context: Context) throws(CommandError) {
    let parsed = try ArgumentParser.parse(args, spec: getSpec, path: ["tokens", "get"])
    let session = try CatalogSession(path: context.databasePath(parsed), create: false)
    let path = parsed.positionals[0]
    let records = try store { try session.store.tokens(inSet: parsed.option("set")).filter { $0.path == path } }
    guard let record = records.last else { throw .failure("no token {\(path)}\(parsed.option("set").map { " in set '\($0)'" } ?? "")") }
    let resolver = try session.tokenResolver()
    let resolution = try? resolver.resolve(path)
    if parsed.flag("json") {
      var o = JSONObject([("path", .string(path)), ("set", .string(record.set)), ("type", record.type.map { .string($0) } ?? .null)])
      o["value"] = (try? JSONParser.parse(record.value).root) ?? .string(record.value)
      o["resolvedValue"] = resolution?.value ?? .null
      o["points"] = resolution?.points.map { .number($0) } ?? .null
      o["chain"] = .array((resolution?.chain ?? []).map { .string($0) })
      if let d = record.description { o["description"] = .string(d) }
      if let d = record.deprecated { o["deprecated"] = (try? JSONParser.parse(d).root) ?? .string(d) }
      o["revision"] = .number(Double(record.revision))
      context.output.out(JSONWriter.pretty(.object(o)))
      return
    }
    var line = "{\(path)}  \(record.type ?? "-")  \(record.value)"
    if let r = resolution {
      line += "\n  = " + (r.chain.dropFirst().map { "{\($0)}" } + [TokenValue.shortDescription(r.value)]).joined(separator: " ← ")
      if let p = r.points { line += " = \(formatNumber(p))pt" }
    }
    line += "\n  set: \(record.set), revision \(record.revision)"
    if let d = record.description { line += "\n  description: \(d)" }
    if let d = record.deprecated { line += "\n  deprecated: \(d)" }
    context.output.out(line + "\n")
  }

  // MARK: - set, remove, rename

  static func set(_ args: [String], _ context: Context) throws(CommandError) {
    let parsed = try ArgumentParser.parse(args, spec: setSpec, path: ["tokens", "set"])
    let session = try CatalogSession(path: context.databasePath(parsed), create: true)
    let path = parsed.positionals[0]
    let text = parsed.positionals[1]
    let existing = try store { try session.store.tokens(inSet: nil).filter { $0.path == path } }
    let setName = parsed.option("set") ?? existing.last?.set ?? "default"
    let current = existing.last { $0.set == setName }
    let type = parsed.option("type") ?? current?.type ?? "dimension"
    var value: JSONValue = (try? JSONParser.parse(text, file: "VALUE").root) ?? .string(text)
    // A bare number for a dimension means pixels (1 px = 1 pt), as `tokens set space.md 20`.
    if type == "dimension", case .number(let n) = value {
      value = .object(JSONObject([("value", .number(n)), ("unit", .string("px"))]))
    }
    if TokenAlias.target(of: value) == nil {
      switch TokenValue.check(value, type: type, strict: false) {
      case .valid: break
      case .converted(let v, let note):
        context.output.err("warning: \(path): \(note)\n")
        value = v
      case .invalid(let message):
        throw .failure("{\(path)}: \(message)")
      }
    }
    var token = DesignToken(path: path, type: type, value: value, description: current?.description, deprecated: current?.deprecated.flatMap { try? JSONParser.parse($0).root })
    token.extensionsText = current?.extensions
    // Check the whole catalog with the new value: aliases must resolve, with no cycle.
    var all = try session.tokenResolver().tokens
    all[path] = token
    let resolver = TokenResolver(tokens: all)
    let resolution: TokenResolver.Resolution
    do { resolution = try resolver.resolve(path) } catch { throw .failure("{\(path)}: \(error)") }
    if let own = token.type, let final = resolution.type, own != final, token.aliasTarget != nil {
      throw .failure("{\(path)}: the alias resolves to a \(final) token, but this token is a \(own) (DTCG §7.4.5)")
    }
    if parsed.flag("dry-run") {
      // Lay every stored component out with the catalog's tokens and with the change.
      let definitions = try session.definitions()
      let entries = ImpactAnalyzer(definitions: definitions).impact(from: try session.tokenResolver(), to: resolver)
      context.output.out("Dry run: {\(path)} would be \(TokenValue.shortDescription(value))\(resolution.points.map { " (\(formatNumber($0))pt)" } ?? "") in set '\(setName)'; nothing was saved.\n")
      context.output.out(ImpactAnalyzer.report(entries))
      return
    }
    let input = TokenInput(
      path: path, type: type, value: JSONWriter.compact(value), resolvedValue: JSONWriter.compact(resolution.value),
      resolvedPoints: resolution.points, aliasOf: token.aliasTarget, description: token.description,
      deprecated: current?.deprecated, extensions: current?.extensions)
    let baseline = Set(try session.tokenProblems())
    var summary: TokenImportSummary?
    try store {
      try session.store.inTransaction {
        summary = try session.store.importTokens([input], intoSet: setName, source: nil)
        let broken = try session.checkTokensAfterChange(force: parsed.flag("force"), baseline: baseline)
        for problem in broken { context.output.err("warning: \(problem)\n") }
      }
    }
    guard let summary else { return }
    let revision = try store { try session.store.tokens(inSet: setName).first { $0.path == path }?.revision ?? 1 }
    context.output.out("\(summary.unchanged > 0 ? "Unchanged" : summary.added > 0 ? "Added" : "Updated") {\(path)} = \(TokenValue.shortDescription(value))\(resolution.points.map { " (\(formatNumber($0))pt)" } ?? "") in set '\(setName)' (revision \(revision))\n")
  }

  static func remove(_ args: [String], _ context: Context) throws(CommandError) {
    let parsed = try ArgumentParser.parse(args, spec: removeSpec, path: ["tokens", "remove"])
    let session = try CatalogSession(path: context.databasePath(parsed), create: false)
    let path = parsed.positionals[0]
    let uses = try store { try session.store.tokenUsage(path) }
    let sets = try store { try session.store.tokens(inSet: nil).filter { $0.path == path }.map(\.set) }
    let removingLast = parsed.option("set") == nil || sets.filter { $0 != parsed.option("set") }.isEmpty
    if !uses.isEmpty && removingLast && !parsed.flag("force") {
      let components = Array(Set(uses.map(\.component))).sorted()
      throw .failure("{\(path)} is used by \(components.joined(separator: ", ")) (\(uses.count) lengths; see 'catalog tokens usage \(path)'); remove those uses first or pass --force")
    }
    let baseline = Set(try session.tokenProblems())
    var removed: [String] = []
    try store {
      try session.store.inTransaction {
        removed = try session.store.removeToken(path, inSet: parsed.option("set"))
        // A token other tokens alias is in use too: the check refuses what would break.
        let broken = try session.checkTokensAfterChange(force: parsed.flag("force"), baseline: baseline)
        for problem in broken { context.output.err("warning: \(problem)\n") }
      }
    }
    context.output.out("Removed {\(path)} from \(removed.map { "'\($0)'" }.joined(separator: ", "))\(uses.isEmpty ? "" : "; \(uses.count) uses in components no longer resolve")\n")
  }

  static func rename(_ args: [String], _ context: Context) throws(CommandError) {
    let parsed = try ArgumentParser.parse(args, spec: renameSpec, path: ["tokens", "rename"])
    let session = try CatalogSession(path: context.databasePath(parsed), create: false)
    let old = parsed.positionals[0]
    let new = parsed.positionals[1]
    guard !new.isEmpty, !new.contains("{"), !new.contains("}"), !new.split(separator: ".", omittingEmptySubsequences: false).contains(where: { $0.isEmpty || $0.hasPrefix("$") }) else {
      throw .failure("'\(new)' is not a token path: names are separated by '.', never empty, never start with '$' and never contain '{' or '}' (DTCG §5.1.1)")
    }
    var report: [String] = []
    try store {
      try session.store.inTransaction {
        let (renamed, rewritten) = try session.store.renameToken(old, to: new)
        report.append("Renamed {\(old)} to {\(new)} in \(renamed) set\(renamed == 1 ? "" : "s"); \(rewritten) token alias\(rewritten == 1 ? "" : "es") updated")
        let users = Set(try session.store.tokenUsage(old).map(\.component))
        for record in try session.store.components() where users.contains(record.name) {
          let document = try JSONParser.parse(record.definition, file: "catalog:\(record.name)")
          let updated = replaceAlias(document.root, old: old, new: new, depth: 0)
          let definition = try DefinitionParser.parse(JSONWriter.compact(updated), file: "catalog:\(record.name)")
          let revision = try session.store.saveComponent(CatalogSession.input(for: definition), expectedRevision: record.revision)
          report.append("Updated \(record.name) (revision \(revision))")
        }
        // Resolver documents (modes) define and alias tokens too: move the token and
        // rewrite its aliases there, so a mode keeps applying after the rename.
        let oldPath = old.split(separator: ".").map(String.init)
        let newPath = new.split(separator: ".").map(String.init)
        for record in try session.store.resolverDocuments() {
          let json = try JSONParser.parse(record.input.document, file: "resolver \(record.input.name)").root
          let updated = moveToken(replaceAlias(json, old: old, new: new, depth: 0), from: oldPath, to: newPath, depth: 0)
          guard updated != json else { continue }
          let document = try ResolverDocument.parse(source: TokenSource(value: updated, file: "resolver \(record.input.name)"))
          var input = resolverInput(document, file: record.input.source ?? record.input.name, name: record.input.name)
          input.source = record.input.source
          let revision = try session.store.saveResolverDocument(input)
          report.append("Updated resolver document \(record.input.name) (revision \(revision))")
        }
        try session.checkTokensAfterChange(force: true, baseline: [])
      }
    }
    context.output.out(report.joined(separator: "\n") + "\n")
  }

  /// Moves a token (an object with `$value` at the path `old` below any object of the
  /// document) to the path `new`, creating groups as needed; every other member stays where
  /// it is, in order.
  static func moveToken(_ value: JSONValue, from old: [String], to new: [String], depth: Int) -> JSONValue {
    guard depth < 512 else { return value }
    switch value {
    case .array(let a):
      return .array(a.map { moveToken($0, from: old, to: new, depth: depth + 1) })
    case .object(let o):
      var object = JSONObject(o.members.map { ($0.key, moveToken($0.value, from: old, to: new, depth: depth + 1)) })
      if let token = take(&object, old[...]) {
        put(&object, new[...], token)
      }
      return .object(object)
    default:
      return value
    }
  }

  private static func take(_ object: inout JSONObject, _ path: ArraySlice<String>) -> JSONValue? {
    guard let key = path.first, let child = object[key] else { return nil }
    if path.count == 1 {
      guard child.objectValue?["$value"] != nil else { return nil }
      object[key] = nil
      return child
    }
    guard var inner = child.objectValue, let token = take(&inner, path.dropFirst()) else { return nil }
    object[key] = .object(inner)
    return token
  }

  private static func put(_ object: inout JSONObject, _ path: ArraySlice<String>, _ token: JSONValue) {
    guard let key = path.first else { return }
    if path.count == 1 {
      object[key] = token
      return
    }
    var inner = object[key]?.objectValue ?? JSONObject()
    put(&inner, path.dropFirst(), token)
    object[key] = .object(inner)
  }

  /// The Swift enum name for `export --format swift`: an identifier that is not a keyword.
  static func swiftTypeName(_ name: String?) throws(CommandError) -> String {
    guard let name else { return "DesignTokens" }
    let keywords: Set<String> = [
      "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
      "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static", "struct",
      "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else", "fallthrough",
      "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as", "Any", "catch", "false", "is",
      "nil", "super", "self", "Self", "throw", "throws", "true", "try", "Type",
    ]
    guard Identifier.isValid(name), !keywords.contains(name) else {
      throw .usage("The value '\(name)' is invalid for '--name <type>': expected a Swift type name (letters, digits and _, not a keyword)", command: ["tokens", "export"])
    }
    return name
  }

  /// Every string that is exactly `{old}` becomes `{new}`.
  static func replaceAlias(_ value: JSONValue, old: String, new: String, depth: Int) -> JSONValue {
    guard depth < 512 else { return value }
    switch value {
    case .string(let s) where s == "{\(old)}": return .string("{\(new)}")
    case .object(let o): return .object(JSONObject(o.members.map { ($0.key, replaceAlias($0.value, old: old, new: new, depth: depth + 1)) }))
    case .array(let a): return .array(a.map { replaceAlias($0, old: old, new: new, depth: depth + 1) })
    default: return value
    }
  }

  // MARK: - usage, history, sets

  static func usage(_ args: [String], _ context: Context) throws(CommandError) {
    let parsed = try ArgumentParser.parse(args, spec: usageSpec, path: ["tokens", "usage"])
    let session = try CatalogSession(path: context.databasePath(parsed), create: false)
    let path = parsed.positionals.first
    let uses = try store { try session.store.tokenUsage(path) }
    if parsed.flag("json") {
      context.output.out(JSONWriter.pretty(.array(uses.map { u in
        .object(JSONObject([
          ("token", .string(u.tokenPath)), ("component", .string(u.component)), ("jsonPath", .string(u.jsonPath)),
          ("property", .string(u.property)), ("set", u.tokenSet.map { .string($0) } ?? .null), ("points", u.resolvedPoints.map { .number($0) } ?? .null),
        ]))
      })))
      return
    }
    if uses.isEmpty {
      context.output.out(path.map { "No component uses {\($0)}.\n" } ?? "No component uses a token.\n")
      return
    }
    for u in uses {
      context.output.out("{\(u.tokenPath)}  \(u.component)  \(u.jsonPath)  \(u.property)\(u.resolvedPoints.map { " = \(formatNumber($0))pt" } ?? " (unresolved)")\n")
    }
  }

  static func history(_ args: [String], _ context: Context) throws(CommandError) {
    let parsed = try ArgumentParser.parse(args, spec: historySpec, path: ["tokens", "history"])
    let session = try CatalogSession(path: context.databasePath(parsed), create: false)
    let rows = try store { try session.store.tokenHistory(parsed.positionals[0]) }
    if rows.isEmpty { throw .failure("no history for {\(parsed.positionals[0])}") }
    for r in rows { context.output.out("\(r.set)  revision \(r.revision)  \(r.change)  \(r.value ?? "-")  \(r.savedAt)\n") }
  }

  static func sets(_ args: [String], _ context: Context) throws(CommandError) {
    let parsed = try ArgumentParser.parse(args, spec: setsSpec, path: ["tokens", "sets"])
    let session = try CatalogSession(path: context.databasePath(parsed), create: parsed.option("move") != nil)
    if let name = parsed.option("move") {
      guard let to = parsed.option("to") else { throw .usage("--move needs --to <position>", command: ["tokens", "sets"]) }
      let count = try store { try session.store.tokenSets().count }
      let position: Int
      if to == "last" { position = count - 1 } else if to == "first" { position = 0 } else if let n = Int(to), n >= 0, n < count { position = n } else {
        throw .usage("The value '\(to)' is invalid for '--to <position>': expected 0 … \(max(0, count - 1)), first or last", command: ["tokens", "sets"])
      }
      _ = try store { try session.store.moveTokenSet(name, to: position) }
    }
    let sets = try store { try session.store.tokenSets() }
    if parsed.flag("json") {
      context.output.out(JSONWriter.pretty(.array(sets.map { s in
        .object(JSONObject([("name", .string(s.name)), ("precedence", .number(Double(s.precedence))), ("tokens", .number(Double(s.tokenCount))), ("source", s.source.map { .string($0) } ?? .null)]))
      })))
      return
    }
    if sets.isEmpty { context.output.err("No token sets.\n") }
    for (i, s) in sets.enumerated() {
      context.output.out("\(i)  \(s.name)  \(s.tokenCount) tokens\(s.source.map { "  from \($0)" } ?? "")\(i == sets.count - 1 && sets.count > 1 ? "  (wins)" : "")\n")
    }
  }

  // MARK: - export, diff

  static func export(_ args: [String], _ context: Context) throws(CommandError) {
    let parsed = try ArgumentParser.parse(args, spec: exportSpec, path: ["tokens", "export"])
    let formatName = parsed.option("format") ?? "dtcg"
    guard let format = TokenExporter.Format(rawValue: formatName) else {
      throw .usage("The value '\(formatName)' is invalid for '--format <format>'. Please provide one of \(TokenExporter.Format.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")).", command: ["tokens", "export"])
    }
    let session = try CatalogSession(path: context.databasePath(parsed), create: false)
    let inputs = try RenderInputs.parse(parsed.values("input"), command: ["tokens", "export"])
    let resolver = try session.tokenResolver(inputs: inputs)
    var tokens: [DesignToken]
    if let set = parsed.option("set") {
      tokens = try store { try session.store.tokens(inSet: set).map(CatalogSession.token(from:)) }
    } else {
      // Every path once, the winning token, in first-import order.
      let records = try store { try session.store.tokens(inSet: nil) }
      var order: [String] = []
      var seen = Set<String>()
      for r in records where !seen.contains(r.path) {
        seen.insert(r.path)
        order.append(r.path)
      }
      for t in resolver.tokens.values where !seen.contains(t.path) { order.append(t.path); seen.insert(t.path) }
      tokens = order.compactMap { resolver.tokens[$0] }
    }
    let header = "Design tokens from \(URL(fileURLWithPath: session.path).lastPathComponent)\(parsed.option("set").map { ", set \($0)" } ?? "")."
    let text = TokenExporter.export(
      tokens, format: format, resolver: resolver,
      options: .init(references: parsed.flag("references"), swiftTypeName: try swiftTypeName(parsed.option("name")), header: header))
    if let output = parsed.option("output") {
      guard FileManager.default.createFile(atPath: output, contents: Data(text.utf8)) else { throw .failure("\(output): cannot write the file") }
      context.output.out("Wrote \(tokens.count) tokens to \(output) (\(format.rawValue))\n")
    } else {
      context.output.out(text)
    }
  }

  static func diff(_ args: [String], _ context: Context) throws(CommandError) {
    let parsed = try ArgumentParser.parse(args, spec: diffSpec, path: ["tokens", "diff"])
    let a = try tokens(named: parsed.positionals[0], parsed, context)
    let b = try tokens(named: parsed.positionals[1], parsed, context)
    let diff = TokenDiff.compare(a, b)
    if diff.isEmpty {
      context.output.out("No differences: \(a.count) tokens each.\n")
      return
    }
    for line in diff.lines { context.output.out(line + "\n") }
    context.output.out("\(diff.added.count) added, \(diff.removed.count) removed, \(diff.changed.count) changed, \(diff.renamed.count) probably renamed\n")
  }

  /// The tokens of a file (when the name is a file) or of a stored set.
  static func tokens(named name: String, _ parsed: ParsedArguments, _ context: Context) throws(CommandError) -> [DesignToken] {
    if FileManager.default.fileExists(atPath: name) {
      let bytes = try AddCommand.readFile(name)
      do {
        let source = try TokenSource.read(bytes: bytes, file: name)
        return try TokenFileParser.parse(source: source, options: .init(unresolvedReferences: .warning)).tokens
      } catch {
        throw .failure(error.diagnostics.map(\.summary).joined(separator: "\n"))
      }
    }
    let session = try CatalogSession(path: context.databasePath(parsed), create: false)
    let sets = try store { try session.store.tokenSets().map(\.name) }
    guard sets.contains(name) else { throw .failure("'\(name)' is neither a file nor a token set (sets: \(sets.joined(separator: ", ")))") }
    return try store { try session.store.tokens(inSet: name).map(CatalogSession.token(from:)) }
  }

  // MARK: - Resolver documents

  static func importResolver(_ args: [String], _ context: Context) throws(CommandError) {
    let parsed = try ArgumentParser.parse(args, spec: importResolverSpec, path: ["tokens", "import-resolver"])
    let session = try CatalogSession(path: context.databasePath(parsed), create: true)
    let file = parsed.positionals[0]
    let document = try readResolverDocument(file, strict: parsed.flag("strict"), session: session, context)
    let revision = try store { try session.store.saveResolverDocument(resolverInput(document, file: file, name: parsed.option("name"))) }
    context.output.out(resolverSummary(document, file: file, name: parsed.option("name"), revision: revision) + "\n")
  }

  static func resolverSummary(_ document: ResolverDocument, file: String, name: String?, revision: Int) -> String {
    let modifiers = document.modifiers.map { m in "\(m.name) (\(m.contexts.map { $0.name == m.defaultContext ? "\($0.name)*" : $0.name }.joined(separator: ", ")))" }
    return "Imported resolver '\(name ?? document.name ?? AddCommand.setName(for: file))' from \(file) (revision \(revision)): \(document.resolutionOrder.count) steps\(modifiers.isEmpty ? "" : "; modifiers: \(modifiers.joined(separator: "; ")); * = default")"
  }

  /// Reads, checks and test-resolves a resolver document (every permutation up to 64).
  static func readResolverDocument(_ file: String, strict: Bool, session: CatalogSession, _ context: Context) throws(CommandError) -> ResolverDocument {
    let bytes = try AddCommand.readFile(file)
    let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
    let known = try session.knownTokenTypes()
    do {
      let source = try TokenSource.read(bytes: bytes, file: file)
      return try resolverDocument(source: source, folder: folder, strict: strict, known: known, context)
    } catch {
      for d in error.diagnostics { context.output.err("Error: \(d.summary)\n") }
      context.output.err("Nothing was saved.\n")
      throw .silentFailure
    }
  }

  static func resolverDocument(source: TokenSource, folder: URL, strict: Bool, known: [String: String], _ context: Context) throws(TokenFileError) -> ResolverDocument {
    let document = try ResolverDocument.parse(source: source) { (ref: String) throws(TokenFileError) -> JSONValue in
      let path = ref.hasPrefix("/") ? ref : folder.appendingPathComponent(ref).path
      guard let data = FileManager.default.contents(atPath: path) else {
        throw TokenFileError(diagnostics: [TokenDiagnostic(.error, location: source.file, path: "", message: "$ref \(ref): no such file \(path) (Resolver §4.2)")])
      }
      return try TokenSource.read(bytes: [UInt8](data), file: ref).root
    }
    var warned = Set<String>()
    for inputs in document.permutations(limit: 64) {
      let result = try document.resolve(inputs: inputs, options: TokenFileParser.Options(strict: strict, knownTokens: known, unresolvedReferences: strict ? .error : .warning))
      for w in result.warnings where !warned.contains(w.description) {
        warned.insert(w.description)
        context.output.err("\(w)\n")
      }
    }
    return document
  }

  static func resolverInput(_ document: ResolverDocument, file: String, name: String?) -> ResolverDocumentInput {
    let modifiers = document.modifiers.map { m in
      ResolverModifierRecord(
        name: m.name, description: m.description, defaultContext: m.defaultContext,
        contexts: m.contexts.map { c in
          var count = 0
          for s in c.sources { if let o = s.objectValue { count += DTCGCount.tokens(o) } }
          return ResolverContextRecord(name: c.name, tokenCount: count)
        })
    }
    return ResolverDocumentInput(
      name: name ?? document.name ?? AddCommand.setName(for: file).replacingOccurrences(of: ".resolver", with: ""), version: document.version,
      description: document.description, document: JSONWriter.compact(document.json), source: file, modifiers: modifiers)
  }

  static func resolvers(_ args: [String], _ context: Context) throws(CommandError) {
    let parsed = try ArgumentParser.parse(args, spec: resolversSpec, path: ["tokens", "resolvers"])
    let session = try CatalogSession(path: context.databasePath(parsed), create: false)
    let documents = try store { try session.store.resolverDocuments() }
    if let name = parsed.option("export") {
      guard let d = documents.first(where: { $0.input.name == name }) else { throw .failure("no resolver document named '\(name)'") }
      let json = (try? JSONParser.parse(d.input.document).root) ?? .string(d.input.document)
      context.output.out(JSONWriter.pretty(json))
      return
    }
    if documents.isEmpty { context.output.err("No resolver documents; import one with 'catalog tokens import-resolver FILE'.\n") }
    for d in documents {
      context.output.out("\(d.input.name)  (revision \(d.revision)\(d.input.source.map { ", from \($0)" } ?? ""))\n")
      for m in d.input.modifiers {
        context.output.out("  --input \(m.name)=\(m.contexts.map(\.name).joined(separator: "|"))\(m.defaultContext.map { "  (default \($0))" } ?? "  (required)")\n")
      }
    }
  }
}

/// Counts tokens in a DTCG tree.
enum DTCGCount {
  static func tokens(_ o: JSONObject, depth: Int = 0) -> Int {
    guard depth < 256 else { return 0 }
    var n = 0
    for (k, v) in o.members where !k.hasPrefix("$") || k == "$root" {
      guard let c = v.objectValue else { continue }
      n += c["$value"] != nil || c["$ref"] != nil ? 1 : tokens(c, depth: depth + 1)
    }
    return n
  }
}

/// `--input modifier=context` values (Resolver §5: inputs are strings).
enum RenderInputs {
  static func parse(_ values: [String], command: [String]) throws(CommandError) -> [String: String] {
    var inputs: [String: String] = [:]
    for raw in values {
      for part in raw.split(separator: ",").map(String.init) {
        guard let eq = part.firstIndex(of: "="), eq != part.startIndex else {
          throw .usage("The value '\(raw)' is invalid for '--input <modifier=context>': expected modifier=context", command: command)
        }
        let key = String(part[..<eq]).trimmingCharacters(in: .whitespaces)
        if inputs[key] != nil { throw .usage("The modifier '\(key)' is given more than once in --input", command: command) }
        inputs[key] = String(part[part.index(after: eq)...]).trimmingCharacters(in: .whitespaces)
      }
    }
    return inputs
  }
}

extension CatalogSession {
  /// Path → type of every stored token, for aliases from files being imported.
  func knownTokenTypes() throws(CommandError) -> [String: String] {
    let records: [TokenRecord]
    do { records = try store.tokens(inSet: nil) } catch { throw .failure("\(error)") }
    var known: [String: String] = [:]
    for r in records { known[r.path] = r.type ?? "" }
    return known
  }

  /// The tokens for a render with resolver inputs: the token sets merged by precedence,
  /// then the resolver document's tokens for the chosen contexts on top (Resolver §6),
  /// each remembering the context that won. Without inputs, the sets alone.
  ///
  /// The document used is the one whose modifiers include every input's modifier (when
  /// several match, the first by name).
  func tokenResolver(inputs: [String: String]) throws(CommandError) -> TokenResolver {
    let base = try tokenResolver()
    guard !inputs.isEmpty else { return base }
    let documents: [ResolverDocumentRecord]
    do { documents = try store.resolverDocuments() } catch { throw .failure("\(error)") }
    guard !documents.isEmpty else {
      throw .failure("--input needs a resolver document (DTCG Resolver module); import one with 'catalog tokens import-resolver FILE'")
    }
    let wanted = Set(inputs.keys.map { $0.lowercased() })
    let chosen = documents.first { d in wanted.isSubset(of: Set(d.input.modifiers.map { $0.name.lowercased() })) } ?? documents[0]
    let json: JSONValue
    do { json = try JSONParser.parse(chosen.input.document, file: chosen.input.name).root } catch { throw .failure("the stored resolver document \(chosen.input.name) is invalid: \(error)") }
    var known: [String: String] = [:]
    for (path, t) in base.tokens { known[path] = t.type ?? "" }
    do {
      let document = try ResolverDocument.parse(source: TokenSource(value: json, file: "resolver \(chosen.input.name)"))
      let resolution = try document.resolve(inputs: inputs.mapValues { .string($0) }, options: .init(knownTokens: known, unresolvedReferences: .warning))
      var tokens = base.tokens
      for t in resolution.tokens { tokens[t.path] = t }
      return TokenResolver(tokens: tokens, remBase: base.remBase)
    } catch {
      throw .failure("resolver \(chosen.input.name): " + error.diagnostics.map(\.message).joined(separator: "; "))
    }
  }
}
