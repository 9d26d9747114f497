import CatalogModel
import CatalogStore
import CatalogTokens
import Foundation

/// `catalog doctor`: checks a catalog file without changing it: SQLite's integrity and
/// foreign-key checks, the schema version, references to tokens and components that are
/// not there, and stored definitions that no longer parse. Exits 1 when anything is wrong.
enum DoctorCommand: Subcommand {
  static let spec = CommandSpec(
    name: "doctor", abstract: "Check the catalog file for damage and broken references.",
    discussion: "Runs PRAGMA integrity_check and foreign_key_check, compares the schema version with this program's, lists lengths using tokens no set defines, instances of components that are not stored, token aliases to missing tokens and definitions that no longer parse. Changes nothing; exits 1 when it finds a problem.",
    flags: [.init(name: "json", help: "Print JSON: {path, schemaVersion, supportedSchemaVersion, ok, problems: [{check, location, message}]}.")])

  static func run(_ args: [String], _ context: Context) throws(CommandError) {
    let parsed = try ArgumentParser.parse(args, spec: spec, path: ["doctor"])
    let path = context.databasePath(parsed)
    guard FileManager.default.fileExists(atPath: path) else {
      throw .failure("no catalog at '\(path)'; create one with 'catalog init', or choose another with --db or $CATALOG_DB")
    }
    var problems: [HealthProblem] = []
    var version: Int?
    var counts = (components: 0, tokens: 0)
    do {
      let store = try CatalogStore(path: path, mode: .readOnly)
      version = try store.schemaVersion
      problems = try store.healthProblems()
      problems += try tokenGraphProblems(store)
      let components = try store.components()
      counts = (components.count, try store.tokens(inSet: nil).count)
      for record in components {
        do {
          _ = try DefinitionParser.parse(record.definition, file: "catalog:\(record.name)")
        } catch {
          problems.append(HealthProblem(check: "definition", location: record.name, message: "the stored definition no longer parses: \(error)"))
        }
      }
    } catch StoreError.outdatedSchema(let found, let required) {
      version = found
      problems.append(HealthProblem(check: "schema", location: "", message: "schema version \(found) is older than this catalog's \(required); run `catalog init` to upgrade it (the other checks need the current schema)"))
    } catch StoreError.newerSchema(let found, let supported) {
      version = found
      problems.append(HealthProblem(check: "schema", location: "", message: "schema version \(found) is newer than this catalog's \(supported); upgrade catalog (the other checks need a schema it knows)"))
    } catch {
      if case .notACatalog = error {
        problems.append(HealthProblem(check: "file", location: "", message: "\(error)"))
      } else if case .locked = error {
        throw .failure("\(error)")
      } else if case .readOnly = error {
        // Not damage: SQLite must create `<file>-shm` to read a WAL catalog.
        throw .failure("cannot check '\(path)': the file or its folder is not writable, and SQLite needs to create '\(path)-shm' to read a catalog in WAL mode; run doctor as the file's owner or on a copy")
      } else if case .cannotOpen = error {
        throw .failure("\(error)")
      } else {
        problems.append(HealthProblem(check: "integrity", location: "", message: "\(error)"))
      }
    }

    if parsed.flag("json") {
      context.output.out(JSONWriter.pretty(.object(JSONObject([
        ("path", .string(path)),
        ("schemaVersion", version.map { .number(Double($0)) } ?? .null),
        ("supportedSchemaVersion", .number(Double(CatalogStore.latestSchemaVersion))),
        ("ok", .bool(problems.isEmpty)),
        ("problems", .array(problems.map { p in
          .object(JSONObject([("check", .string(p.check)), ("location", .string(p.location)), ("message", .string(p.message))]))
        })),
      ]))))
    } else if problems.isEmpty {
      context.output.out("No problems found in \(path): integrity ok, foreign keys ok, schema version \(version.map(String.init) ?? "?"), \(counts.components) components, \(counts.tokens) tokens, every reference and definition valid.\n")
    } else {
      for p in problems {
        context.output.out("\(p.check): \(p.location.isEmpty ? "" : "\(p.location): ")\(p.message)\n")
      }
    }
    if !problems.isEmpty {
      context.output.err("Error: \(problems.count) problem\(problems.count == 1 ? "" : "s") found in \(path)\n")
      throw .silentFailure
    }
  }

  /// Tokens whose value cannot be computed through the token graph (a math operand or an
  /// alias further down a chain that names no token, a cycle, units that do not combine):
  /// the same failures `lint --tokens` and an import report. A first-hop alias to a missing
  /// token is `missing-alias` already and is not repeated.
  static func tokenGraphProblems(_ store: CatalogStore) throws(StoreError) -> [HealthProblem] {
    var tokens: [String: DesignToken] = [:]
    for (path, record) in try store.resolvedTokens() { tokens[path] = CatalogSession.token(from: record) }
    let graph = TokenGraph(tokens: tokens)
    return graph.failures().compactMap { path, failure in
      if case .unknown(let missing, let from) = failure, from == path, tokens[path]?.aliasTarget == missing { return nil }
      return HealthProblem(check: "token", location: "token \(path)", message: "its value cannot be computed: \(failure)")
    }
  }
}
