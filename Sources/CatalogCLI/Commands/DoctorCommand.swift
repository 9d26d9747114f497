import CatalogModel
import CatalogService

/// `catalog doctor`: checks a catalog file without changing it: SQLite's integrity and
/// foreign-key checks, the schema version, references to tokens and components that are
/// not there, and stored definitions that no longer parse. Exits 1 when anything is wrong.
enum DoctorCommand: ParsedCommand {
  static let spec = CommandSpec(
    name: "doctor", abstract: "Check the catalog file for damage and broken references.",
    discussion: """
      Runs PRAGMA integrity_check and foreign_key_check, compares the schema version with this \
      program's, lists lengths using tokens no set defines, instances of components that are not \
      stored, token aliases to missing tokens, definitions that no longer parse or render \
      (defaults and each variant), definitions whose name differs from their row's, revision \
      numbers that disagree with the history, and stored resolved token values and derived length \
      rows that differ from a recomputation. Changes nothing; exits 1 when it finds a problem. An \
      alias, math operand or composite member that names no token yet (kept by --allow-dangling, \
      or left when its token was removed or renamed with --force; the warning says which from the \
      token's history) is a warning (listed, exit 0). The text lists the first 20 problems of \
      each check, then how many more (--verbose or --json lists them all).
      """,
    flags: [
      .json.withHelp(
        "Print JSON: {path, schemaVersion, supportedSchemaVersion, ok, problems: [{check, location, message, severity}]} (ok: no error; warnings allowed; every problem)."
      ),
      .verbose.withHelp(
        "List every problem (by default the first 20 of each check, then how many more)."),
    ])

  static func run(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    let path = context.databasePath(parsed)
    let report: CatalogCheckReport
    do {
      report = try ProgressReporter.step("doctor", "checking the catalog", output: context.output) {
        () throws(CatalogError) -> CatalogCheckReport in try CatalogService.check(path: path)
      }
    } catch { throw CommandError(error) }
    let problems = report.problems
    // Warnings (aliases kept by --allow-dangling that name no token yet) are listed but do
    // not fail the check; errors do.
    let errors = problems.filter { !$0.isWarning }
    let warnings = problems.filter(\.isWarning)
    let version = report.schemaVersion
    let counts = (components: report.componentCount, tokens: report.tokenCount)

    if parsed.flag(.json) {
      context.output.out(
        JSONWriter.pretty(
          .object(
            JSONObject([
              ("path", .string(path)),
              ("schemaVersion", version.map { .number(Double($0)) } ?? .null),
              ("supportedSchemaVersion", .number(Double(CatalogService.latestSchemaVersion))),
              ("ok", .bool(errors.isEmpty)),
              (
                "problems",
                .array(
                  problems.map { p in
                    .object(
                      JSONObject([
                        ("check", .string(p.check)), ("location", .string(p.location)),
                        ("message", .string(p.message)),
                        ("severity", .string(p.isWarning ? "warning" : "error")),
                      ]))
                  })
              ),
            ]))))
    } else {
      // Each check's problems bounded (BoundedList): 20,000 dangling aliases are 20 lines
      // and a count, and never push another check's problems out of sight.
      var byCheck: [(check: String, lines: [String])] = []
      var index: [String: Int] = [:]
      for p in problems {
        let key = p.check + (p.isWarning ? " warning" : "")
        if index[key] == nil {
          index[key] = byCheck.count
          byCheck.append((key, []))
        }
        byCheck[index[key] ?? 0].lines.append("\(p.isWarning ? "warning: " : "")\(p)")
      }
      let limit = parsed.flag(.verbose) ? nil : BoundedList.limit
      for (check, lines) in byCheck {
        let noun = check.hasSuffix(" warning") ? "\(check)s" : "\(check) problems"
        let shown = BoundedList.lines(
          lines, limit: limit, noun: noun, plural: noun, hint: "--verbose or --json lists all")
        for line in shown { context.output.out(line + "\n") }
      }
      if errors.isEmpty {
        context.output.out(
          "No problems found in \(path): integrity ok, foreign keys ok, schema version \(version.map(String.init) ?? "?"), \(Plural.count(counts.components, "component")), \(Plural.count(counts.tokens, "token")), every reference and definition valid\(warnings.isEmpty ? "" : " except \(Plural.count(warnings.count, "warning")) above (references that name no token yet: aliases and resolver context overrides, each saying why)").\n"
        )
      }
    }
    if !errors.isEmpty {
      context.output.err(
        "Error: \(Plural.count(errors.count, "problem")) found in \(path)\(warnings.isEmpty ? "" : " (and \(Plural.count(warnings.count, "warning")))")\n"
      )
      throw .silentFailure
    }
  }
}
