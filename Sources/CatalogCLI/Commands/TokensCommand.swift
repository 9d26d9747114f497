import CatalogModel
import CatalogStore
import CatalogTokens

/// `catalog tokens …`: the design tokens in the catalog.
enum TokensCommand: Subcommand {
  static let listSpec = CommandSpec(
    name: "list", abstract: "List tokens with their values and resolved points.",
    options: [.init(name: "set", valueName: "name", help: "Only the tokens of this set.")],
    flags: [.init(name: "json", help: "Print JSON instead of a table.")])

  static let spec = CommandSpec(
    name: "tokens", abstract: "Work with the catalog's design tokens.",
    subcommands: [listSpec])

  static func run(_ args: [String], _ context: Context) throws(CommandError) {
    guard let sub = args.first else { throw .help(command: ["tokens"]) }
    if sub == "-h" || sub == "--help" { throw .help(command: ["tokens"]) }
    switch sub {
    case "list": try list(Array(args.dropFirst()), context)
    default: throw .usage("Unknown subcommand '\(sub)'", command: ["tokens"])
    }
  }

  static func list(_ args: [String], _ context: Context) throws(CommandError) {
    let parsed = try ArgumentParser.parse(args, spec: listSpec, path: ["tokens", "list"])
    let session = try CatalogSession(path: context.databasePath(parsed), create: false)
    let records: [TokenRecord]
    do {
      if let set = parsed.option("set"), try !session.store.tokenSets().contains(where: { $0.name == set }) {
        throw CommandError.failure("no token set named '\(set)'")
      }
      records = try session.store.tokens(inSet: parsed.option("set"))
    } catch let e as CommandError {
      throw e
    } catch {
      throw .failure("\(error)")
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
}
