import CatalogLayout
import CatalogLint
import CatalogModel
import CatalogRender
import CatalogResolver
import CatalogStore
import CatalogTokens

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One problem of a stored token (``CatalogService/tokenProblems()``): the token's path and
/// the finding `doctor` prints; `lint` reports the same finding under `unresolved-token`.
public struct TokenProblem: Sendable {
  /// The token's path.
  public var path: String
  /// The check, place, message and severity.
  public var finding: HealthFinding
}

/// What `catalog doctor` found: the schema version, counts and every problem.
public struct CatalogCheckReport: Sendable {
  /// The file's schema version, when it could be read.
  public var schemaVersion: Int?
  /// How many components and tokens the catalog holds.
  public var componentCount = 0
  /// How many token rows the catalog holds.
  public var tokenCount = 0
  /// Every problem; empty when the catalog is sound.
  public var problems: [HealthFinding] = []
}

extension CatalogService {
  /// Checks a catalog file without changing it: SQLite's integrity and foreign-key checks
  /// and broken references (the store's), then every invariant the service keeps:
  /// - each stored definition parses, and its stored name equals the row's name;
  /// - each renders (resolves and lays out) with its defaults and with each variant;
  /// - its latest revision in the history equals the row's revision and holds the same
  ///   definition;
  /// - its derived length rows equal those recomputed from the definition;
  /// - each token's stored resolved value and points equal a recomputation;
  /// - every token reference resolves to a token of the right type (DTCG §7.4.5);
  /// - every resolver context override names an existing token, and no alias of a resolver
  ///   document names nothing (``resolverDocumentProblems()``).
  ///
  /// - Parameter path: The catalog file.
  /// - Returns: The report; schema problems (older or newer) are problems, not errors.
  /// - Throws: ``CatalogError/noCatalog(path:)``, ``CatalogError/locked(path:)``,
  ///   ``CatalogError/readOnly(path:)`` when the file cannot be checked at all.
  public static func check(path: String) throws(CatalogError) -> CatalogCheckReport {
    var report = CatalogCheckReport()
    guard FileManager.default.fileExists(atPath: path) else { throw .noCatalog(path: path) }
    let service: CatalogService
    do {
      service = try CatalogService(path: path, create: false, readOnly: true)
    } catch {
      switch error {
      case .outdatedSchema(let found, let current), .newerSchema(let found, let current):
        report.schemaVersion = found
        report.problems.append(.schema(found: found, current: current, othersSkipped: true))
        return report
      case .notACatalog:
        report.problems.append(
          HealthProblem(
            check: "file", location: "", message: StoreError.inDoctor("\(error)", path: path)))
        return report
      case .readOnly:
        throw .storage(
          "cannot check '\(path)': the file or its folder is not writable, and SQLite needs to create '\(path)-shm' to read a catalog in WAL mode; run doctor as the file's owner or on a copy"
        )
      case .locked, .noCatalog, .cannotOpen:
        throw error
      default:
        report.problems.append(
          HealthProblem(
            check: "integrity", location: "", message: StoreError.inDoctor("\(error)", path: path)))
        return report
      }
    }
    do {
      report.schemaVersion = try service.schemaVersion()
      report.problems = try CatalogError.wrapping { try service.store.healthProblems() }
      report.problems += try service.tokenProblems().map(\.finding)
      report.problems += try service.invariantProblems(&report)
      report.problems += try service.resolverDocumentProblems()
    } catch {
      report.problems.append(
        HealthProblem(
          check: "integrity", location: "", message: StoreError.inDoctor("\(error)", path: path)))
    }
    return report
  }

  /// Every problem of the stored tokens, in the one wording and severity `doctor` and `lint`
  /// both report (issue 14, point 3: `lint` said "No problems found." where `doctor` listed
  /// 20,000 dangling aliases): aliases whose first hop names no token (the store's
  /// ``CatalogStore/missingAliasProblems()``), values that cannot be computed and cycles
  /// (``tokenGraphProblems(_:)``), composite members that name no token or one of another
  /// type (``compositeReferenceProblems()``), stored values that do not fit their type
  /// (``storedValueProblems(_:)``), and values that name a group with a `$root`
  /// token as `{group}` (``storedGroupReferenceProblems(tokens:definitions:)``). A reference
  /// that names no token yet, or a group as `{group}`, is a warning; every other problem an
  /// error.
  /// - Returns: The problems, each with its token's path.
  /// - Throws: ``CatalogError`` when the catalog cannot be read.
  public func tokenProblems() throws(CatalogError) -> [TokenProblem] {
    var problems = try CatalogError.wrapping { try store.missingAliasProblems() }.map {
      TokenProblem(path: $0.path, finding: $0.problem)
    }
    let resolver = try tokenResolver()
    let graph = try tokenGraphProblems(resolver)
    problems += graph
    // One cause, one finding: a token whose value the graph cannot compute (a member kept
    // as written) is not reported again for the same member's reference.
    let uncomputed = Set(graph.map(\.path))
    problems += try compositeReferenceProblems().filter { !uncomputed.contains($0.path) }
    // A stored value an import would refuse (a row written by hand): review 22.
    problems += try storedValueProblems(resolver).filter {
      !uncomputed.contains($0.path)
    }
    // `{group}` for a group with a `$root` token in a stored value (GroupReference).
    problems += Self.storedGroupReferenceProblems(tokens: resolver.tokens, definitions: []).tokens
    return problems
  }

  /// ``tokenProblems()`` as `lint` reports them: rule `unresolved-token`, a warning when
  /// `doctor` says warning, else an error, the message `{path}: ` and `doctor`'s message.
  /// - Returns: One finding per token problem.
  /// - Throws: ``CatalogError`` when the catalog cannot be read.
  public func tokenLintFindings() throws(CatalogError) -> [LintFinding] {
    try tokenProblems().map {
      LintFinding.tokenProblem(
        path: $0.path, message: $0.finding.message, isWarning: $0.finding.isWarning)
    }
  }

  /// Tokens whose value cannot be computed through the token graph (a math operand or an
  /// alias further down a chain that names no token, a cycle, units that do not combine):
  /// the same failures `lint --tokens` and an import report. A first-hop alias to a missing
  /// token is `missing-alias` already and is not repeated.
  /// A cycle through aliases, math operands or composite members is one `token-cycle`
  /// error naming every member (the one cycle rule, DTCG Format §7.2.3, as import and every
  /// write check it); a token outside it that needs a member is reported as unknown.
  /// - Parameter resolver: The catalog's tokens (``tokenResolver()``).
  func tokenGraphProblems(_ resolver: TokenResolver) throws(CatalogError) -> [TokenProblem] {
    let tokens = resolver.tokens
    let cycles = Self.referenceCycleProblems(paths: tokens.keys, tokens: tokens)
    let cycleFindings: [TokenProblem] = cycles.cycles.map {
      TokenProblem(
        path: $0[0],
        finding: HealthProblem(
          check: "token-cycle", location: "token \($0[0])", message: TokenGraph.cycleMessage($0)))
    }
    return cycleFindings
      + resolver.graph.failures().compactMap { path, failure -> TokenProblem? in
        if case .unknown(let missing, let from) = failure, from == path,
          tokens[path]?.aliasTarget == missing
        {
          return nil
        }
        if case .cycle(let members) = failure {
          if cycles.members.contains(path) { return nil }
          // Named as its cycle's own problem names it (from its least member).
          let cycle = cycles.cycles.first { Set($0) == Set(members) } ?? members
          return TokenProblem(
            path: path,
            finding: HealthProblem(
              check: "token-value", location: "token \(path)",
              message: TokenGraph.runsIntoCycleMessage(cycle)))
        }
        // A token that names no token (kept by --allow-dangling or left by a forced removal):
        // a warning, as `missing-alias` is and as `lint --tokens` says; other failures are
        // errors (one rule: `Failure.isDangling`).
        let problem = computationProblem(failure, resolver: resolver, reachedFrom: path)
        return TokenProblem(
          path: path,
          finding: HealthProblem(
            check: "token-value", location: "token \(path)", message: problem.message,
            isWarning: problem.isWarning))
      }
  }

  /// The one wording and severity of a token whose value cannot be computed, for `doctor`
  /// and `tokens get`: `its value cannot be computed: …`, with why a missing token is
  /// missing (from its history); a reference that names no token is a warning (kept by
  /// `--allow-dangling`, ``TokenResolver/Failure/isDangling``), any other failure (division
  /// by zero, units that do not combine, a cycle) an error.
  /// - Parameters:
  ///   - failure: Why the token's value cannot be computed.
  ///   - resolver: The tokens it was computed with.
  ///   - path: The token's path: reached through other tokens, the whole chain is said
  ///     (``TokenGraph/describe(_:reachedFrom:)``), in every command alike.
  /// - Returns: The message and whether it is only a warning.
  func computationProblem(
    _ failure: TokenResolver.Failure, resolver: TokenResolver, reachedFrom path: String
  ) -> (message: String, isWarning: Bool) {
    var message =
      "its value cannot be computed: \(resolver.graph.describe(failure, reachedFrom: path))"
    if case .unknown(let missing, _) = failure, resolver.tokens[missing] == nil {
      message += "; \((try? danglingReason(missing)) ?? "")"
    }
    return (message, failure.isDangling)
  }

  /// Warnings for an import's tokens that are kept although their value cannot be computed
  /// with the catalog's tokens (math on a catalog token, `{space.md} / 0`; math or an alias
  /// reaching a catalog alias that names no token): worded and graded as `doctor` reports
  /// them (``computationProblem(_:resolver:reachedFrom:)``), so an import says at once what `doctor` will
  /// say. The file's reader reported every failure its own tokens show (a dangling reference,
  /// units that do not combine); it passes over a token whose computation needs a token of
  /// the catalog, which is judged here, where the catalog's tokens are known.
  ///
  /// - Parameters:
  ///   - tokens: The imported tokens.
  ///   - resolver: The file's tokens over the catalog's (what stored their resolved values).
  ///   - catalog: The catalog's tokens the file reaches.
  ///   - source: The file, for messages without positions.
  ///   - positions: The file as read, for `file:line:column`.
  /// - Returns: One warning per such token, in file order.
  func uncomputedImportWarnings(
    _ tokens: [DesignToken], resolver: TokenResolver, catalog: [String: DesignToken],
    source: String?, positions: TokenSource?
  ) -> [CatalogProblem] {
    guard !catalog.isEmpty else { return [] }
    var fileOnly: TokenResolver?
    var warnings: [CatalogProblem] = []
    for token in tokens where !TokenGraph.allReferences(of: token).isEmpty {
      let failure: TokenResolver.Failure
      do {
        _ = try resolver.resolve(token.path)
        continue
      } catch {
        failure = error
      }
      if fileOnly == nil {
        var own: [String: DesignToken] = [:]
        own.reserveCapacity(tokens.count)
        for t in tokens where own[t.path] == nil { own[t.path] = t }
        fileOnly = TokenResolver(tokens: own)
      }
      // Only what the file's reader passed over: a computation that stops at a catalog token.
      do {
        _ = try fileOnly?.resolve(token.path)
        continue
      } catch {
        guard case .unknown(let missing, _) = error, catalog[missing] != nil else { continue }
      }
      let problem = computationProblem(failure, resolver: resolver, reachedFrom: token.path)
      let file =
        positions?.location(of: token.jsonPath ?? "")
        ?? source.map { "\($0) (\(token.jsonPath ?? token.path))" }
      warnings.append(
        CatalogProblem(
          CatalogLocation(token: token.path, file: file),
          "\(token.path): kept, but \(problem.message); doctor reports it as \(problem.isWarning ? "a warning" : "an error") until it can be computed"
        ))
    }
    return warnings
  }

  /// Why a token's value cannot be computed in the view of `set` (all sets when nil), as
  /// `doctor` words it (``computationProblem(_:resolver:reachedFrom:)``), or nil when it computes.
  /// `tokens get` prints it and, as `doctor` does, fails (exit 1) on an error and only
  /// warns on a reference that names no token.
  ///
  /// - Parameters:
  ///   - path: The token path.
  ///   - set: The set whose view is used (``tokenResolver(viewOf:inputs:)``), or nil.
  /// - Returns: The message and whether it is only a warning, or nil.
  /// - Throws: ``CatalogError`` when the catalog cannot be read or the set is unknown.
  public func tokenComputationProblem(_ path: String, set: String?) throws(CatalogError)
    -> (message: String, isWarning: Bool)?
  {
    let resolver = try tokenResolver(viewOf: set)
    do {
      _ = try resolver.resolve(path)
      return nil
    } catch {
      return computationProblem(error, resolver: resolver, reachedFrom: path)
    }
  }

  /// The service's invariants (see ``check(path:)``).
  func invariantProblems(_ report: inout CatalogCheckReport) throws(CatalogError) -> [HealthFinding]
  {
    var problems: [HealthFinding] = []
    let records = try components()
    report.componentCount = records.count
    report.tokenCount = try tokens(inSet: nil).count
    var definitions: [ComponentDefinition] = []
    var damages: [String: DamagedDefinition] = [:]
    for record in records {
      let found = HealthProblem.finding(check: "definition", location: record.name)
      switch Self.parseOrDamage(record) {
      case .failure(let damage):
        damages[record.name] = damage
        problems.append(
          found("\(damage.path.isEmpty ? "" : "\(damage.path): ")\(damage.description)"))
      case .success(let definition):
        definitions.append(definition)
      }
    }
    // Each check runs on its own, so one failing check does not hide the others.
    func run(_ check: () throws -> [HealthFinding]) {
      do { problems += try check() } catch {
        problems.append(
          HealthProblem(
            check: "integrity", location: "",
            message: StoreError.inDoctor("\(error)", path: store.path)))
      }
    }
    run { try revisionProblems(records) }
    run { try lengthRowProblems(definitions) }
    run { try renderProblems(definitions, damaged: damages) }
    run { try resolvedValueProblems() }
    // A use that fits the catalog's tokens but not a resolver context's (review 22).
    run { try resolverContextUseProblems(definitions) }
    // A length written `{group}` for a group with a `$root` token (GroupReference), as `lint`.
    run {
      try Self.storedGroupReferenceProblems(
        tokens: tokenResolver().tokens, definitions: definitions
      ).components
    }
    run {
      // Missing tokens and aliases are the store's checks (a use naming no token, an alias
      // naming none); these are the type rules, and a component's use that reaches a missing
      // token through other tokens (an alias chain, math, a composite's member), named with
      // the chain as `tokens remove` names it.
      try dependencyProblems().compactMap { p -> HealthFinding? in
        if p.message.contains(" is now a ") || p.message.contains("alias now resolves") {
          return HealthProblem(
            check: "reference", location: p.location.description, message: p.message)
        }
        if let component = p.location.component, let path = p.location.jsonPath,
          p.message.hasPrefix("unknown token {"),
          p.message.contains("(referenced by {") || p.message.contains("(through {")
        {
          return HealthProblem(
            check: "missing-token", location: "\(component) \(path)", message: p.message)
        }
        return nil
      }
    }
    return problems
  }

  /// Invariant: the row's revision is the newest in the history, which holds its definition.
  private func revisionProblems(_ records: [StoredComponent]) throws(CatalogError)
    -> [HealthFinding]
  {
    var out: [HealthFinding] = []
    for record in records {
      let found = HealthProblem.finding(check: "revision", location: record.name)
      let revisions: [StoredRevision]
      do { revisions = try history(ofComponent: record.name) } catch {
        out.append(found("the component has no history (its row says revision \(record.revision))"))
        continue
      }
      guard let latest = revisions.last else { continue }
      if latest.revision != record.revision {
        out.append(
          found(
            "the row says revision \(record.revision) but the history's newest is \(latest.revision)"
          ))
      } else if latest.definition != record.definition {
        out.append(
          found("revision \(latest.revision) in the history holds another definition than the row"))
      }
      let numbers = revisions.map(\.revision)
      if numbers != numbers.sorted() || Set(numbers).count != numbers.count {
        out.append(
          found(
            "the revision numbers in the history are not increasing: \(numbers.map(String.init).joined(separator: ", "))"
          ))
      }
    }
    return out
  }

  /// Invariant: the `component_length` and `component_token` rows equal those derived from
  /// the definition (``RecordMapping/input(for:)``).
  private func lengthRowProblems(_ definitions: [ComponentDefinition]) throws(CatalogError)
    -> [HealthFinding]
  {
    func stored(_ sql: String, _ columns: [String]) throws(CatalogError) -> [String: Set<String>] {
      var out: [String: Set<String>] = [:]
      for row in try CatalogError.wrapping({ try store.query(sql) }) {
        func text(_ column: String) -> String { (row[column] ?? nil) ?? "-" }
        let points: String =
          (row["points"] ?? nil).flatMap { Double($0) }.map { JSONWriter.number($0) } ?? "-"
        let parts = columns.map { $0 == "points" ? points : text($0) }
        out[text("name"), default: []].insert(parts.joined(separator: "|"))
      }
      return out
    }
    let lengths = try stored(
      "SELECT c.name AS name, l.json_path AS path, l.property AS property, l.source AS source, l.literal_points AS points, l.token_path AS token, l.parameter AS parameter FROM component_length l JOIN component c ON c.id = l.component_id",
      ["path", "property", "source", "points", "token", "parameter"])
    let tokens = try stored(
      "SELECT c.name AS name, u.json_path AS path, u.property AS property, u.token_path AS token, u.kind AS kind FROM component_token u JOIN component c ON c.id = u.component_id",
      ["path", "property", "token", "kind"])
    var out: [HealthFinding] = []
    let byName = Dictionary(definitions.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    for definition in definitions {
      let input = RecordMapping.input(for: definition, components: { byName[$0] })
      var derivedLengths = Set<String>()
      for l in input.lengths {
        let points: String = l.literalPoints.map { JSONWriter.number($0) } ?? "-"
        let parts: [String] = [
          l.jsonPath, l.property, l.source.rawValue, points, l.tokenPath ?? "-", l.parameter ?? "-",
        ]
        derivedLengths.insert(parts.joined(separator: "|"))
      }
      let derivedTokens = Set(
        input.tokens.map {
          [$0.jsonPath, $0.property, $0.tokenPath, $0.kind.rawValue].joined(separator: "|")
        })
      for (what, have, derived) in [
        ("length", lengths[definition.name] ?? [], derivedLengths),
        ("token use", tokens[definition.name] ?? [], derivedTokens),
      ] where have != derived {
        let missing = derived.subtracting(have).count
        let extra = have.subtracting(derived).count
        out.append(
          HealthProblem(
            check: "derived", location: definition.name,
            message:
              "the stored \(what) rows differ from the definition's (\(Plural.count(missing, "row")) missing, \(Plural.count(extra, "row")) extra); save the component again to rebuild them"
          ))
      }
    }
    return out
  }

  /// Invariant: every definition resolves and lays out with its defaults and each variant
  /// (``renderProblems(of:source:tokens:)``, the rule every write checks too).
  /// A component on an instance cycle is reported by the cycle rule instead
  /// (``DefinitionChecker/cycleProblems(of:)``, the one `add` and `import` use): every
  /// elementary cycle once, not one render failure per member naming one cycle (review 21).
  /// A component reaching a damaged one is told so (``DamagedDefinition``), not that the
  /// damaged one is missing.
  private func renderProblems(
    _ definitions: [ComponentDefinition], damaged: [String: DamagedDefinition]
  ) throws(CatalogError) -> [HealthFinding] {
    let found = instanceCycles(among: definitions)
    let cycles: [HealthFinding] = found.problems.map {
      HealthProblem(
        check: "cycle",
        location: ([$0.location.component ?? ""]
          + [$0.location.jsonPath ?? ""].filter {
            !$0.isEmpty
          }).joined(separator: " "), message: $0.message)
    }
    let acyclic = definitions.filter { !found.members.contains($0.name) }
    return cycles
      + renderProblems(
        of: acyclic, source: DamageAwareSource(InMemoryComponentSource(definitions), damaged),
        tokens: try tokenResolver()
      )
      .map {
        HealthProblem(check: "render", location: $0.location.component ?? "", message: $0.message)
      }
  }

  /// Every instance cycle among `definitions` (over the stored components), each group's
  /// elementary cycles once (``DefinitionChecker/cycleProblems(of:)``, the rule `add` and
  /// `import` refuse by): for `doctor` and `lint`, which report the cycles themselves rather
  /// than one render failure per member (review 21).
  /// - Parameter definitions: The components to look at.
  /// - Returns: One problem per cycle (bounded per group), and the components that lie on one.
  public func instanceCycles(among definitions: [ComponentDefinition]) -> (
    problems: [CatalogProblem], members: Set<String>
  ) {
    let checker = DefinitionChecker(service: self, batch: definitions)
    var problems: [CatalogProblem] = []
    var members = Set<String>()
    for definition in definitions where checker.liesOnCycle(definition) {
      members.insert(definition.name)
      problems += checker.cycleProblems(of: definition)
    }
    return (problems, members)
  }

  /// The rule that a component renders: it resolves and lays out with its defaults (when no
  /// parameter is required) and with each variant (``ComponentCases/baseline(_:)``).
  /// `doctor` checks it for every stored component; every write (`add`, `edit`, `import`,
  /// `import-swift`, through ``apply(_:options:)``) for the components it saves, so a
  /// component whose defaults cannot render is refused when it is saved, not found later
  /// (review 17).
  /// One resolver for every case: each definition is loaded and compiled once, not once per
  /// case of every component that instances it (issue 12, point 2).
  /// - Parameters:
  ///   - definitions: The components to check.
  ///   - source: Where instanced components are read from.
  ///   - tokens: The tokens lengths resolve against.
  /// - Returns: One problem per case that does not render, named by the component and
  ///   located at the failing view when it is the component's own (else at the variant),
  ///   saying which case (`defaults`, `variant long`) and why.
  func renderProblems(
    of definitions: [ComponentDefinition], source: some ComponentSource, tokens: TokenResolver
  ) -> [CatalogProblem] {
    var out: [CatalogProblem] = []
    var resolver = Resolver(source: source, tokens: tokens, platform: .ios)
    for definition in definitions {
      for item in ComponentCases.baseline(definition) {
        do {
          let resolved = try resolver.resolve(definition.name, arguments: item.arguments)
          _ = LaidOutComponent(resolved, proposal: .unspecified)
        } catch {
          // The place is said once: the component's own view is the problem's location;
          // a view of an instanced component is named in the message.
          let own = error.component == definition.name
          var problem = CatalogProblem(
            CatalogLocation(component: definition.name, jsonPath: own ? error.path : item.path),
            "\(item.label) does not render: \(own ? error.message : "\(error)")")
          if !own, damage(of: error.component) != nil { problem.reachesDamaged = error.component }
          out.append(problem)
        }
      }
    }
    return out
  }

  /// The one rule for a token whose stored value is kept as written although DTCG cannot
  /// hold it (``TokenGraph/storedValueProblem(_:)``'s kinds): a literal whose text, or
  /// composite, the value check refuses on its own (a lenient import of a vendor dialect
  /// kept it), or one the input lists as kept (`listed`: a catalog folder's `keptValues`,
  /// which also names a composite whose member alias `add --force` left naming a token of
  /// another type). A number or a simple type's object was checked when stored, so a wrong
  /// one there is damage, not a kept value. Doctor, the dependents check of every change
  /// and `import` ask this.
  /// - Parameters:
  ///   - token: The stored token.
  ///   - listed: The paths the input keeps as written on purpose.
  /// - Returns: Whether its value is kept as written.
  static func isKeptAsWritten(_ token: DesignToken, listed: Set<String> = []) -> Bool {
    guard token.aliasTarget == nil, let type = token.type else { return false }
    if listed.contains(token.path) { return true }
    switch token.value {
    case .number: return false
    case .object: if !TokenValue.compositeTypes.contains(type) { return false }
    default: break
    }
    if case .invalid = TokenValue.check(
      token.value, type: type, strict: false, references: .none)
    {
      return true
    }
    return false
  }

  /// Invariant: each token's stored resolved value and points equal a recomputation.
  private func resolvedValueProblems() throws(CatalogError) -> [HealthFinding] {
    let resolver = try tokenResolver()
    var out: [HealthFinding] = []
    for record in try CatalogError.wrapping({ try store.resolvedTokens() }).values.sorted(by: {
      $0.path < $1.path
    }) {
      // A value a lenient import kept as written (a vendor dialect's member DTCG cannot
      // hold) is reported once, by the token graph's check (`token-value`/`reference`),
      // not again as a resolved value that differs.
      if let token = resolver.tokens[record.path], Self.isKeptAsWritten(token) {
        continue
      }
      let r = try? resolver.resolve(record.path)
      let value = r.map { JSONWriter.compact($0.value) }
      if value != record.resolvedValue || r?.points != record.resolvedPoints {
        out.append(
          HealthProblem(
            check: "resolved", location: "{\(record.path)}",
            message:
              "the stored resolved value \(record.resolvedValue ?? "null") (\(record.resolvedPoints.map { formatPoints($0) } ?? "no") points) differs from a recomputation: \(value ?? "null") (\(r?.points.map { formatPoints($0) } ?? "no") points)"
          ))
      }
    }
    return out
  }
}

extension HealthProblem {
  /// The findings of one check about one place: a message in, a problem out.
  /// - Parameters:
  ///   - check: The check's name (`definition`, `revision`).
  ///   - location: The component (or other place) the findings are about.
  /// - Returns: A function from a message to the problem.
  static func finding(check: String, location: String) -> (String) -> HealthProblem {
    { HealthProblem(check: check, location: location, message: $0) }
  }
}

/// Definitions held in memory, and the damaged stored ones by name: a lookup of a damaged
/// one throws its ``DamagedDefinition``, as the catalog's own source does.
struct DamageAwareSource: ComponentSource {
  let base: InMemoryComponentSource
  let damaged: [String: DamagedDefinition]
  init(_ base: InMemoryComponentSource, _ damaged: [String: DamagedDefinition]) {
    self.base = base
    self.damaged = damaged
  }
  func definition(named name: String) throws -> ComponentDefinition? {
    if let damage = damaged[name] { throw damage }
    return try base.definition(named: name)
  }
}
