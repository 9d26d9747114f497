import CatalogLint
import CatalogModel
import CatalogResolver
import CatalogService
import CatalogTokens

/// `catalog lint`: finds hard-coded lengths, padding on stacks that may be empty, token
/// problems, unused parameters and variants that fail; `--fix` rewrites what is mechanical.
enum LintCommand: ParsedCommand {
  /// The `NAME` argument.
  static let names = CommandSpec.Argument(
    name: "name", help: "Components to lint (default: all).", isOptional: true, isRepeating: true,
    type: .component)
  /// The `--rule` option.
  static let rule = CommandSpec.Option(
    name: "rule", valueName: "id",
    help:
      "Also run this opt-in rule (\(LintRule.all.filter(\.isOptIn).map(\.id).joined(separator: ", "))); the other rules always run, so naming one changes nothing. Repeat for several.",
    isRepeating: true, type: .choice(LintRule.all.map(\.id)), choiceNoun: "rule")
  /// The `--max-warnings` option.
  static let maxWarnings = CommandSpec.Option(
    name: "max-warnings", valueName: "n",
    help: "Exit 1 when there are more than N warnings (for CI).",
    type: .wholeNumber(min: 0, max: Int.max))
  /// The `--tokens` flag.
  static let tokens = CommandSpec.Flag(
    name: "tokens", help: "Also report tokens no component uses.")
  /// The `--all-rules` flag.
  static let allRules = CommandSpec.Flag(name: "all-rules", help: "Run the opt-in rules too.")
  /// The `--include-ignored` flag.
  static let includeIgnored = CommandSpec.Flag(
    name: "include-ignored", help: "Show findings that a component's lint.ignore turns off.")
  /// The `--rules` flag.
  static let rules = CommandSpec.Flag(
    name: "rules", help: "List the rules with their rationale and exit.")

  static let spec = CommandSpec(
    name: "lint", abstract: "Check components (and tokens) against the lint rules.",
    discussion:
      "Exit status 1 when an error is found. Linting the whole catalog (no NAME) or --tokens also reports the tokens' own problems as doctor does (aliases that name no token, values that cannot be computed, cycles). The text shows the first 20 findings of each rule, then how many more (--verbose or --format json|sarif lists all). Rules: \(LintRule.all.map { $0.id + ($0.isOptIn ? " (opt-in)" : "") }.joined(separator: ", ")). A component can turn a rule off with \"lint\": {\"ignore\": {\"rule-id\": \"reason\"}}.",
    arguments: [names],
    options: [
      .reportFormat,
      rule,
      maxWarnings,
    ],
    flags: [
      tokens,
      allRules,
      .fix.withHelp(
        "Rewrite literal lengths that equal a token of the right kind (spacing tokens for spacing and padding, size tokens for frames) and deprecated tokens that name a replacement, as new revisions."
      ),
      .dryRun.withHelp("With --fix: show each change and save nothing."),
      includeIgnored,
      rules,
      .verbose.withHelp(
        "List every finding (by default the first 20 of each rule, then how many more)."),
    ])

  /// `variant-fails` for instance cycles: each elementary cycle once
  /// (``CatalogService/instanceCycles(among:)``, the rule `add` and `doctor` use), at the
  /// instance that enters it, instead of one failed resolution per member naming one cycle.
  /// Only the cycles through the linted components (all, when `names` is nil).
  static func cycleFindings(
    _ findings: [LintFinding], definitions: [ComponentDefinition], names: [String]?,
    session: CatalogSession
  ) -> [LintFinding] {
    let found = session.service.instanceCycles(
      among: definitions.filter { names?.contains($0.name) ?? true })
    guard !found.members.isEmpty else { return findings }
    let kept = findings.filter {
      !($0.rule == "variant-fails" && found.members.contains($0.component ?? ""))
    }
    return kept
      + found.problems.map {
        LintFinding.instanceCycle(
          component: $0.location.component, path: $0.location.jsonPath ?? "",
          message: $0.message)
      }
  }

  static func run(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    if parsed.flag(Self.rules) {
      for r in LintRule.all {
        context.output.out(
          "\(r.id) (\(r.level.rawValue)\(r.isOptIn ? ", opt-in" : ""))\n  \(r.summary)\n  \(r.rationale)\n\n"
        )
      }
      return
    }
    let format = parsed.option(.reportFormat) ?? "text"
    // The parser checked each --rule against the declared choice (LintRule.all).
    var enabled = Set(parsed.values(Self.rule))
    if parsed.flag(Self.allRules) { enabled.formUnion(LintRule.all.filter(\.isOptIn).map(\.id)) }
    // The parser checked --max-warnings against its declared range.
    let maxWarnings = parsed.wholeNumber(Self.maxWarnings)
    if parsed.flag(.dryRun) && !parsed.flag(.fix) {
      throw .usage("--dry-run goes with --fix", command: ["lint"])
    }
    // `--fix --dry-run` only reads.
    let session = try context.openCatalog(
      parsed, readOnly: !parsed.flag(.fix) || parsed.flag(.dryRun))
    // A damaged stored definition is an error of its own; the others are linted (review 19:
    // one damaged row stopped the whole lint).
    let read = try session.definitionsAndDamaged()
    var definitions = read.definitions
    let damaged = read.damaged
    // A name given twice is linted once (`lint A A` counted A's findings twice).
    var given = Set<String>()
    let unique = parsed.values(Self.names).filter { given.insert($0).inserted }
    let damagedNames = Set(damaged.compactMap(\.location.component))
    for name in unique
    where !damagedNames.contains(name) && !definitions.contains(where: { $0.name == name }) {
      throw session.unknownComponent(name)
    }
    let shownDamaged = damaged.filter {
      unique.isEmpty || unique.contains($0.location.component ?? "")
    }
    let damagedFindings = shownDamaged.map { problem in
      LintFinding.damagedDefinition(
        component: problem.location.component ?? "", path: problem.location.jsonPath ?? "",
        message: problem.message)
    }
    let lintedNames = unique.filter { !damagedNames.contains($0) }
    let names = unique.isEmpty ? nil : lintedNames
    let tokens = try session.tokenResolver()
    var findings =
      damagedFindings + lint(definitions, tokens: tokens, names: names, enabling: enabled, context)
    if parsed.flag(.fix) && parsed.flag(.dryRun) {
      for f in findings where !f.isIgnored {
        guard let fix = f.fix, let component = f.component else { continue }
        let before = definitions.first { $0.name == component }.flatMap {
          JSONPath.value(at: fix.path, in: $0.json)
        }
        context.output.out(
          "Would fix \(component) \(fix.path): \(before.map(JSONWriter.compact) ?? "?") → \(fix.value) (\(f.rule))\n"
        )
      }
      context.output.out("Dry run: nothing was saved.\n")
    } else if parsed.flag(.fix) {
      let fixed = try applyFixes(findings, definitions: definitions, session: session)
      for line in fixed { context.output.err(line + "\n") }
      definitions = try session.definitionsAndDamaged().definitions
      findings =
        damagedFindings
        + Linter(definitions: definitions, tokens: tokens).lint(names, enabling: enabled)
    }
    // Instance cycles by the one cycle rule (every elementary cycle once, review 21), in
    // place of one failed resolution per member naming one cycle each.
    findings = cycleFindings(findings, definitions: definitions, names: names, session: session)
    // The tokens' own problems: doctor's token check, the same function (not a copy).
    if names == nil || parsed.flag(Self.tokens) {
      findings += try session.run { try session.service.tokenLintFindings() }
    }
    if parsed.flag(Self.tokens) {
      findings += Linter(definitions: definitions, tokens: tokens).lintTokens()
    }
    let shown = parsed.flag(Self.includeIgnored) ? findings : findings.filter { !$0.isIgnored }
    switch format {
    case "json": context.output.out(LintReport.json(shown))
    case "sarif": context.output.out(LintReport.sarif(shown))
    default:
      context.output.out(
        LintReport.text(
          findings, includeIgnored: parsed.flag(Self.includeIgnored),
          limit: parsed.flag(.verbose) ? nil : BoundedList.limit))
    }
    if findings.contains(where: { $0.level == .error && !$0.isIgnored }) { throw .silentFailure }
    let warnings = findings.filter { $0.level == .warning && !$0.isIgnored }.count
    if let maxWarnings, warnings > maxWarnings {
      context.output.err(
        "Error: \(Plural.count(warnings, "warning")), more than --max-warnings \(maxWarnings)\n"
      )
      throw .silentFailure
    }
  }

  /// Lints the named components (all when nil) one by one, in name order as
  /// ``Linter/lint(_:enabling:)`` does, with a progress bar on a terminal
  /// (``ProgressReporter``).
  static func lint(
    _ definitions: [ComponentDefinition], tokens: TokenResolver, names: [String]?,
    enabling enabled: Set<String>, _ context: Context
  ) -> [LintFinding] {
    let linter = Linter(definitions: definitions, tokens: tokens)
    let selected = names ?? Set(definitions.map(\.name)).sorted()
    let progress = ProgressReporter("lint", total: selected.count, output: context.output)
    var findings: [LintFinding] = []
    for (k, name) in selected.enumerated() {
      findings += linter.lint([name], enabling: enabled)
      progress.advance(to: k + 1)
    }
    progress.finish()
    return findings
  }

  /// Applies every mechanical fix, one new revision per component, all in one transaction.
  static func applyFixes(
    _ findings: [LintFinding], definitions: [ComponentDefinition], session: CatalogSession
  ) throws(CommandError) -> [String] {
    var changes: [CatalogChange] = []
    var counts: [String: Int] = [:]
    for definition in definitions {
      let fixes = findings.filter { $0.component == definition.name && !$0.isIgnored }.compactMap(
        \.fix)
      guard !fixes.isEmpty else { continue }
      var json = definition.json
      for fix in fixes {
        // `{"padding": 8}` is the shorthand whose length path has no `.length` member.
        if !JSONPath.set(fix.path, in: &json, to: .string(fix.value)), fix.path.hasSuffix(".length")
        {
          JSONPath.set(
            String(fix.path.dropLast(".length".count)), in: &json, to: .string(fix.value))
        }
      }
      let fixed: ComponentDefinition
      do { fixed = try DefinitionParser.parse(json: json) } catch { throw .failure("\(error)") }
      guard let record = try session.run({ try session.service.component(named: definition.name) })
      else { continue }
      counts[definition.name] = fixes.count
      changes.append(.saveComponent(fixed, expectedRevision: record.revision))
    }
    guard !changes.isEmpty else { return [] }
    do {
      return try session.apply(changes).events.compactMap { event in
        guard case .componentSaved(let name, let revision, _) = event else { return nil }
        return
          "Fixed \(Plural.count(counts[name] ?? 0, "finding")) in \(name) (revision \(revision))"
      }
    } catch {
      throw CommandError(error)
    }
  }
}
