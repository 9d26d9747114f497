import CatalogLint
import CatalogModel
import CatalogResolver
import CatalogStore
import CatalogTokens

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension CatalogService {
  /// Applies changes to the catalog, all in one transaction: every write path of the
  /// catalog goes through this function.
  ///
  /// Steps, in order:
  /// 1. Writes each change (a component's definition with its derived parameter, variant,
  ///    length and instance rows and a revision; tokens with their revisions).
  /// 2. Validates every saved definition against the catalog as it now is
  ///    (``DefinitionChecker``): instances name components with declared, well-typed
  ///    arguments, lengths name length tokens, no instance cycle. Refused whatever
  ///    ``ChangeOptions/force`` says.
  /// 3. Runs the dependents check: every other component that instances a changed or
  ///    removed component must still check; every stored token's resolved value is
  ///    recomputed, and every component length and token alias must still resolve to a
  ///    token of the right type (DTCG Format §7.4.5). Only problems the catalog did not
  ///    have before count. Refused unless ``ChangeOptions/force``; a new circular
  ///    reference among the tokens it reaches (aliases, math operands, composite members:
  ///    ``TokenGraph/referenceCycles(from:references:)``, §7.2.3) is refused whatever
  ///    `force` says.
  /// 4. In a dry run, lays every component out before and after, then rolls back.
  ///
  /// - Parameters:
  ///   - changes: The changes, applied in order.
  ///   - options: Force and dry run.
  /// - Returns: What was done, forced warnings and (dry run) the layout impact.
  /// - Throws: ``CatalogError/invalid(_:)`` for invalid input,
  ///   ``CatalogError/breaksDependents(_:)`` for a change that breaks what depends on it,
  ///   ``CatalogError/conflict(name:expected:actual:)``, ``CatalogError/inUse(name:by:)``,
  ///   ``CatalogError/notFound(kind:name:known:)`` and storage errors. Nothing is saved
  ///   when it throws.
  @discardableResult
  public func apply(_ changes: [CatalogChange], options: ChangeOptions = ChangeOptions())
    throws(CatalogError) -> ChangeResult
  {
    let impact = options.dryRun && options.computesImpact
    let includeDangling = !options.allowsDangling
    var result = ChangeResult()
    var report = DependentsCheckReport()
    struct RollBack: Error {}
    // The depth and cycle rules first, before anything is written: a chain of instances too
    // deep, or a cycle, is refused at once with the pass's other problems
    // (``checkNesting(of:keepsMissingComponents:)``).
    try checkNesting(of: changes, keepsMissingComponents: options.keepsMissingComponents)
    do {
      try store.inTransaction { () throws -> Void in
        // The state before, read under the write lock (BEGIN IMMEDIATE), so no other
        // writer can slip a change in between. Only what the change can reach is read:
        // the touched token paths and every token that refers to them (the reverse token
        // graph), and the component token uses (of every type) naming one of those.
        let scope = try scope(of: changes)
        let reach = try reverseClosure(of: scope.tokens)
        let before = try scopedReferenceProblems(
          reach, uses: try store.componentTokenUses(), resolver: nil,
          includeDangling: includeDangling, ownImports: scope.imported)
        let cyclesBefore = Set(before.cycles.map(\.description))
        // The problems the dependents of the changed components had already: only new ones
        // count (``newProblems(_:before:)``, the rule the token dependents follow too).
        let dependentsBefore = try dependentProblems(
          of: Self.componentNames(of: changes), checker: DefinitionChecker(service: self, batch: [])
        )
        // Resolver documents naming a token set the catalog lacks: only new ones count.
        let touchesSets = Self.touchesResolverSets(changes)
        let setProblemsBefore = touchesSets ? try resolverSetProblems() : [:]
        let definitionsBefore = impact ? try readableDefinitions() : []
        let tokensBefore = impact ? try tokenResolver() : nil
        var saved: [String: String?] = [:]  // component → file
        // component → the JSON document it was read from, for line:column in errors
        var sources: [String: JSONDocument] = [:]
        for case .saveComponent(let definition, _, _) in changes {
          if let document = definition.source { sources[definition.name] = document }
        }
        var removed = Set<String>()
        var imported: ImportedTokens?
        // Every new component name the file-name rules refuse, all of them at once (one
        // refused file no longer hides the next).
        let naming = try componentNameProblems(of: changes)
        if !naming.isEmpty { throw CatalogError.invalid(naming) }
        // The definitions the change replaces: a render problem they had already is not new.
        var previous: [ComponentDefinition] = []
        // A damaged stored definition is no previous one: saving a fixed definition over it
        // (`edit`, `add`) is how it is repaired (review 21).
        for case .saveComponent(let definition, _, _) in changes {
          if case .success(let old)? = try storedDefinition(named: definition.name) {
            previous.append(old)
          }
        }
        for change in changes {
          try write(
            change, options: options, result: &result, saved: &saved, removed: &removed,
            imported: &imported)
        }
        // An instance argument's kind is the instanced component's parameter's: the token
        // rows of what the change saved and of every component instancing it are derived
        // again, now that every component of the change is stored.
        try refreshTokenRows(of: Set(saved.keys).union(removed))
        // Step 2: every saved definition is valid as the catalog now is.
        let checker = DefinitionChecker(service: self, batch: [])
        // The components the user gives: a component rewritten on the user's behalf (`tokens
        // rename`) held its instance of a damaged component before, so that is not its new
        // problem (review 21).
        var given = Set<String>()
        for case .saveComponent(let definition, _, _) in changes { given.insert(definition.name) }
        var invalid: [CatalogProblem] = []
        var keptMissing = Set<String>()
        for (name, file) in saved.sorted(by: { $0.key < $1.key }) {
          guard let definition = try definition(named: name) else { continue }
          for var problem in checker.problems(in: definition)
          where problem.reachesDamaged == nil || given.contains(name) {
            problem.location.file = Self.place(of: problem, in: sources[name], file: file)
            if options.keepsMissingComponents, let missing = problem.missingComponent {
              // `import --force`: kept as `remove --force` leaves it, with a warning.
              problem.message =
                "kept an instance of \(missing), which the catalog does not hold (--force); `doctor` reports it until \(missing) is added or the instance is changed"
              result.warnings.append(problem)
              keptMissing.insert(name)
            } else if options.keepsMissingComponents, problem.isLeftByForce {
              // `import --force`: what a documented `--force` left (a removed or retyped
              // token, a renamed parameter) comes back as it was exported, with a warning.
              problem.message =
                "kept (--force): \(problem.message); `doctor` reports it until it is fixed"
              result.warnings.append(problem)
              keptMissing.insert(name)
            } else {
              invalid.append(problem)
            }
          }
        }
        if var problem = checker.nestingProblem(among: saved.keys.sorted()) {
          let name = problem.location.component ?? ""
          problem.location.file = Self.place(
            of: problem, in: sources[name], file: saved[name] ?? nil)
          invalid.append(problem)
        }
        if !invalid.isEmpty { throw CatalogError.invalid(invalid) }
        // Step 3: what depends on the change still works. Resolved values are stored
        // again for what the change reaches, then the same reach is checked.
        let uses = try store.componentTokenUses()
        let (resolver, outsideImport) = try refreshResolvedValues(
          reach: reach, scope: scope, imported: scope.singleImport ? imported : nil, uses: uses)
        let changed = Set(saved.keys).union(removed)
        var broken = Self.newProblems(
          try dependentProblems(of: changed, checker: checker), before: dependentsBefore)
        broken += try nestingProblemsOfUsers(of: Set(saved.keys), checker: checker)
        // A single import whose set wins its paths: its file's own cycles were refused when
        // it was read, so the cycle search starts from the other tokens of the reach only.
        var ownPaths: Set<String> = []
        if scope.singleImport, let imported, try store.isTopTokenSet(imported.set) {
          ownPaths = imported.paths
        }
        // When no token outside the file is in the reach, every start is excluded: the
        // search is not run (it looked each of a large import's paths up to exclude it).
        let checked = try scopedReferenceProblems(
          reach, uses: uses, resolver: resolver, includeDangling: includeDangling,
          cycleStartsExcluding: ownPaths,
          searchesCycles: ownPaths.isEmpty || outsideImport?.isEmpty != true,
          keptValues: options.keptValues, ownImports: scope.imported)
        // A new circular reference is invalid input (DTCG Format §7.2.3: MUST be reported
        // as an error), refused whatever --force says.
        let cycles = checked.cycles.filter { !cyclesBefore.contains($0.description) }
        if !cycles.isEmpty { throw CatalogError.invalid(cycles) }
        broken += Self.newProblems(checked.problems, before: before.problems)
        broken = try Self.damagedDependents(broken, changedTokens: scope.tokens, service: self)
        // A theme that selects a removed set (TokenSetFileReference) no longer resolves.
        if touchesSets {
          let setProblems = try resolverSetProblems()
          for key in setProblems.keys.sorted() where setProblemsBefore[key] == nil {
            if let problem = setProblems[key] { broken.append(problem) }
          }
        }
        report.tokens = reach
        report.components = checked.components.union(saved.keys)
          .union(try store.componentsInstancing(changed).filter { !changed.contains($0) })
        // Each saved component renders with its defaults and each variant: the rule
        // `doctor` checks (``renderProblems(of:source:tokens:)``), refused unless --force.
        let unrenderable = try unrenderableProblems(
          Set(saved.keys).subtracting(keptMissing), previous: previous, sources: sources,
          files: saved, force: options.force, given: given)
        if !broken.isEmpty {
          if !options.force { throw CatalogError.breaksDependents(broken) }
          result.warnings += broken
        }
        result.warnings += unrenderable
        if let tokensBefore {
          result.impact = ImpactAnalyzer(
            before: definitionsBefore, after: try readableDefinitions()
          )
          .impact(from: tokensBefore, to: try tokenResolver())
        }
        if options.dryRun { throw RollBack() }
      }
      result.saved = true
    } catch is RollBack {
      result.saved = false
    } catch let error as CatalogError {
      lastDependentsCheck = report
      throw error
    } catch let error as StoreError {
      lastDependentsCheck = report
      throw CatalogError.from(error)
    } catch {
      lastDependentsCheck = report
      throw .storage("\(error)")
    }
    lastDependentsCheck = report
    return result
  }

  /// The dependents check's problems in a damaged stored component (``DamagedDefinition``):
  /// its derived rows (`component_token`) may be stale, so a problem there is kept only when
  /// its stored text names a changed token (`{path}`), said precisely (the component is
  /// damaged, names the token, and what to do); one that does not name it is no dependent
  /// and does not block the change (review 21). Problems elsewhere are kept as they are.
  /// - Parameters:
  ///   - problems: The dependents check's problems.
  ///   - changedTokens: The token paths the change touches.
  ///   - service: The catalog.
  /// - Returns: The problems that count.
  /// - Throws: ``CatalogError`` when SQLite fails.
  static func damagedDependents(
    _ problems: [CatalogProblem], changedTokens: Set<String>, service: CatalogService
  ) throws(CatalogError) -> [CatalogProblem] {
    var out: [CatalogProblem] = []
    var damages: [String: (DamagedDefinition, String)?] = [:]
    var reported = Set<String>()
    for problem in problems {
      guard let name = problem.location.component, problem.location.token == nil else {
        out.append(problem)
        continue
      }
      if damages[name] == nil {
        var found: (DamagedDefinition, String)? = nil
        if case .failure(let damage)? = try service.storedDefinition(named: name),
          let record = try service.component(named: name)
        {
          found = (damage, record.definition)
        }
        damages[name] = .some(found)
      }
      guard case .some(let (damage, text))? = damages[name] else {
        out.append(problem)
        continue
      }
      let named = changedTokens.sorted().filter {
        text.contains("{\($0)}") || text.contains("{\($0).$root}")
      }
      guard !named.isEmpty, reported.insert(name).inserted else { continue }
      out.append(
        CatalogProblem(
          CatalogLocation(component: name, jsonPath: damage.path),
          "\(damage.message); its stored text names \(named.map { "{\($0)}" }.joined(separator: ", ")), which this change affects, and a damaged definition cannot be checked\(damage.advice), then run the change again"
        ))
    }
    return out
  }

  /// The stored definition of `name`, or nil when there is none or it no longer parses: the
  /// lookup through which a definition's instance arguments get their kinds
  /// (``ComponentDefinition/tokenUses(components:)``).
  func storedDefinition(_ name: String) -> ComponentDefinition? {
    (try? definition(named: name)) ?? nil
  }

  /// Derives again the `component_token` rows of `names` and of every stored component
  /// instancing one of them, through any chain of instances: an instance argument's kind
  /// is what the instanced component's parameter takes
  /// (``ComponentDefinition/parameterTokenKinds(components:)``), so a change to a
  /// component changes the rows of the components passing it tokens. Rows that do not
  /// change are not written.
  /// - Parameter names: The components a change saved, reverted or removed.
  /// - Throws: ``StoreError`` when SQLite reports an error.
  func refreshTokenRows(of names: Set<String>) throws {
    guard !names.isEmpty else { return }
    var reach = names
    var frontier = names
    while !frontier.isEmpty {
      let users = Set(try store.componentsInstancing(frontier)).subtracting(reach)
      reach.formUnion(users)
      frontier = users
    }
    let rows = try store.componentTokenUses()
    var have: [String: Set<String>] = [:]
    for r in rows where reach.contains(r.component) {
      have[r.component, default: []].insert(
        [r.jsonPath, r.property, r.tokenPath, r.kind.rawValue].joined(separator: "|"))
    }
    for name in reach.sorted() {
      guard let definition = storedDefinition(name) else { continue }
      let records = TokenUseRecord.records(of: definition, components: storedDefinition)
      let derived = Set(
        records.map {
          [$0.jsonPath, $0.property, $0.tokenPath, $0.kind.rawValue].joined(separator: "|")
        })
      if derived != have[name] ?? [] { try store.replaceTokenRows(records, ofComponent: name) }
    }
  }

  /// The one rule that a change is judged by what it breaks: of the problems the dependents
  /// check finds after it, only those the catalog did not have before count (a problem left
  /// by an earlier `--force`, such as `tokens remove space.sm --force`, is not blamed on an
  /// unrelated change). Tokens (aliases, expressions, lengths) and components (instances,
  /// arguments, slots) alike.
  /// - Parameters:
  ///   - after: The problems found after the change.
  ///   - before: The same check's problems before it.
  /// - Returns: The problems of `after` whose text `before` does not hold, in order.
  static func newProblems(_ after: [CatalogProblem], before: [CatalogProblem]) -> [CatalogProblem] {
    guard !before.isEmpty else { return after }
    let baseline = Set(before.map(\.description))
    return after.filter { !baseline.contains($0.description) }
  }

  /// The components a change saves, reverts or removes, by name.
  /// - Parameter changes: The changes.
  /// - Returns: Their names.
  static func componentNames(of changes: [CatalogChange]) -> Set<String> {
    var names = Set<String>()
    for change in changes {
      switch change {
      case .saveComponent(let definition, _, _): names.insert(definition.name)
      case .revertComponent(let name, _), .removeComponent(let name): names.insert(name)
      default: continue
      }
    }
    return names
  }

  /// Step 3 of ``apply(_:options:)`` for the render rule: each saved component resolves and
  /// lays out with its defaults and each variant, against the catalog as the change leaves
  /// it (``renderProblems(of:source:tokens:)``, the rule `doctor` checks), so `add` never
  /// accepts a component `render` refuses (review 17: a `ForEach` counting 20,000 by default
  /// was "Added", then `doctor`, `lint` and `check` failed on it).
  /// - Parameters:
  ///   - names: The saved components.
  ///   - previous: The definitions they replace: a problem one of them had already (the
  ///     same case failing with the same message) is not counted, so `lint --fix` on a
  ///     component saved with `--force` still saves.
  ///   - sources: The documents they were read from, to place a problem at file:line:column.
  ///   - files: The files they were read from.
  ///   - force: Keep the change, returning the problems as warnings.
  /// - Returns: The problems (empty unless `force`).
  /// - Throws: ``CatalogError/invalid(_:)`` naming each component, case and reason, the
  ///   last ending with how to save anyway, unless `force`.
  private func unrenderableProblems(
    _ names: Set<String>, previous: [ComponentDefinition], sources: [String: JSONDocument],
    files: [String: String?], force: Bool, given: Set<String>
  ) throws(CatalogError) -> [CatalogProblem] {
    guard !names.isEmpty else { return [] }
    var definitions: [ComponentDefinition] = []
    for name in names.sorted() {
      if let d = try definition(named: name) { definitions.append(d) }
    }
    // The tokens they and the components they instance name, not every token (a check
    // costs what the change lays out, as `render`'s does).
    let tokens = try tokenResolver(closureOf: try tokenReferences(reachedFrom: definitions))
    // A component rewritten on the user's behalf (`tokens rename`) that reaches a damaged
    // one rendered no better before: not its new problem (review 21).
    var problems = renderProblems(of: definitions, source: componentSource, tokens: tokens)
      .filter { $0.reachesDamaged == nil || given.contains($0.location.component ?? "") }
    let replaced = previous.filter { old in problems.contains { $0.location.component == old.name }
    }
    if !replaced.isEmpty {
      let old = renderProblems(
        of: replaced, source: OverlaySource(replaced, over: componentSource),
        tokens: try tokenResolver(closureOf: try tokenReferences(reachedFrom: replaced)))
      let known = Set(old.map { "\($0.location.component ?? "")|\($0.message)" })
      problems.removeAll { known.contains("\($0.location.component ?? "")|\($0.message)") }
    }
    for k in problems.indices {
      let name = problems[k].location.component ?? ""
      problems[k].location.file = Self.place(
        of: problems[k], in: sources[name], file: files[name] ?? nil)
    }
    guard !problems.isEmpty, !force else { return problems }
    problems[problems.count - 1].message += " (pass --force to save anyway)"
    throw .invalid(problems)
  }

  /// The depth and cycle rules (``DefinitionChecker/nestingProblem(among:)``,
  /// ``DefinitionChecker/cycleProblems(of:)``) for the components a change saves, checked
  /// before anything is written, against the catalog with the change's definitions on top.
  /// - Parameters:
  ///   - changes: The change.
  ///   - keepsMissingComponents: `import --force`: an instance of a missing component is no
  ///     problem here (step 2 keeps it with a warning).
  /// - Throws: ``CatalogError/invalid(_:)`` when components would nest deeper than rendering
  ///   goes (that problem, naming the others, and one per instance cycle), or instance each
  ///   other in cycles (every problem of the change's components, each cycle once).
  private func checkNesting(of changes: [CatalogChange], keepsMissingComponents: Bool)
    throws(CatalogError)
  {
    var batch: [ComponentDefinition] = []
    var files: [String: String] = [:]
    for case .saveComponent(let definition, _, let file) in changes {
      batch.append(definition)
      if let file { files[definition.name] = file }
    }
    guard !batch.isEmpty else { return }
    let checker = DefinitionChecker(service: self, batch: batch)
    let sorted = batch.sorted { $0.name < $1.name }
    // Every problem of the pass together (review 19: only the first cycle was reported, one
    // per `add`): the nesting problem (one, naming the others too deep) and each cycle once;
    // with cycles alone, every problem of every component of the change (the saved
    // definitions' check, run on the change without writing it), each cycle once.
    var found: [CatalogProblem] = []
    if let deep = checker.nestingProblem(among: sorted.map(\.name)) {
      found.append(deep)
      for definition in sorted { found += checker.cycleProblems(of: definition) }
    } else if sorted.contains(where: checker.liesOnCycle) {
      let all = DefinitionChecker(service: self, batch: batch)
      for definition in sorted {
        found += all.problems(in: definition).filter {
          !(keepsMissingComponents && $0.missingComponent != nil)
        }
      }
    }
    guard !found.isEmpty else { return }
    let sources = Dictionary(batch.map { ($0.name, $0.source) }, uniquingKeysWith: { a, _ in a })
    for index in found.indices {
      let name = found[index].location.component ?? ""
      found[index].location.file = Self.place(
        of: found[index], in: sources[name] ?? nil, file: files[name])
    }
    throw .invalid(found)
  }

  /// The file-name rules for the new components a change saves, every problem of every
  /// component (not only the first): a new component's name becomes a file name
  /// (`components/NAME.json`, `NAME.swift`, `NAME.html`), so it may not be a Windows device
  /// name (the token set rule's device check, ``TokenSetName/windowsDevice(in:)``), nor
  /// differ only in case from a stored component's or another new one's (one file on a
  /// case-insensitive file system).
  /// - Parameter changes: The change.
  /// - Returns: One problem per refused name, in the change's order, each naming its file.
  /// - Throws: Storage errors.
  private func componentNameProblems(of changes: [CatalogChange]) throws -> [CatalogProblem] {
    var problems: [CatalogProblem] = []
    var newNames: [String: String] = [:]  // lowercased → the name
    for case .saveComponent(let definition, _, let file) in changes {
      let name = definition.name
      guard try store.component(named: name) == nil else { continue }
      let at = CatalogLocation(component: name, file: file)
      if let device = TokenSetName.windowsDevice(in: name) {
        problems.append(
          CatalogProblem(
            at,
            "a component name may not be '\(device)', a device name on Windows: it becomes a file name (components/\(name).json); choose another"
          ))
        continue
      }
      let other =
        try store.componentName(differingOnlyInCaseFrom: name)
        ?? newNames[name.lowercased()].flatMap { $0 == name ? nil : $0 }
      if let other {
        problems.append(
          CatalogProblem(
            at,
            "a component \(other) exists, and \(name) differs from it only in case: their files (components/\(other).json) would be one on a case-insensitive file system (macOS, Windows); use the existing name or choose another"
          ))
        continue
      }
      newNames[name.lowercased()] = name
    }
    return problems
  }

  /// Where a problem of a saved definition is, for its message: `file:line:column` of
  /// its JSON path (or of the nearest value written above a path the parser derived, such
  /// as a shorthand padding's `.length`) when the definition was read from a file with positions
  /// (``ComponentDefinition/source``), else the file (or what the problem already says).
  /// - Parameters:
  ///   - problem: The problem, located by component and JSON path.
  ///   - source: The document the definition was read from, if known.
  ///   - file: The file it came from, if known.
  /// - Returns: The place to print.
  static func place(of problem: CatalogProblem, in source: JSONDocument?, file: String?)
    -> String?
  {
    if let file = problem.location.file { return file }
    if let source, let path = problem.location.jsonPath {
      return source.location(ofNearest: path)
    }
    return file
  }

  /// A definition about to be saved (`add`, `import`, `edit`, `import-swift`, `revert`) with
  /// each length or token argument written `{group}` for a group with a `$root` token
  /// rewritten to `{group.$root}` (``rewritingGroupReferences(in:strict:batchTokens:)``, the
  /// one rule, lenient: `add --strict` refused it before the change was made), one warning
  /// per group in ``ChangeResult/warnings``, placed at the file's line when it has positions.
  /// - Parameters:
  ///   - definition: The definition as given.
  ///   - file: The file (or `Name@revision`) it came from, if known.
  ///   - result: Where the warnings go.
  /// - Returns: The definition to save.
  /// - Throws: ``CatalogError`` when the catalog cannot be read.
  private func rewritingGroupReferences(
    in definition: ComponentDefinition, file: String?, result: inout ChangeResult
  ) throws(CatalogError) -> ComponentDefinition {
    let (rewritten, found) = try rewritingGroupReferences(in: definition, strict: false)
    for var problem in found {
      problem.location.file = Self.place(of: problem, in: definition.source, file: file)
      result.warnings.append(problem)
    }
    return rewritten
  }

  /// Step 1 of ``apply(_:options:)`` for one change.
  private func write(
    _ change: CatalogChange, options: ChangeOptions, result: inout ChangeResult,
    saved: inout [String: String?], removed: inout Set<String>, imported: inout ImportedTokens?
  ) throws {
    let force = options.force
    switch change {
    case .saveComponent(let given, let expected, let file):
      let definition = try rewritingGroupReferences(in: given, file: file, result: &result)
      let existing = try store.component(named: definition.name)
      if expected == nil, let existing, existing.definition == JSONWriter.compact(definition.json) {
        result.events.append(
          .componentUnchanged(name: definition.name, revision: existing.revision))
        return
      }
      // A new component's name was checked with every other of the change
      // (componentNameProblems), before anything was written.
      let revision = try store.saveComponent(
        RecordMapping.input(for: definition, components: storedDefinition),
        expectedRevision: expected ?? existing?.revision ?? 0)
      saved[definition.name] = .some(file)
      result.events.append(
        .componentSaved(name: definition.name, revision: revision, created: existing == nil))

    case .revertComponent(let name, let number):
      let definition = try rewritingGroupReferences(
        in: try revisionDefinition(name, number), file: "\(name)@\(number)", result: &result)
      let current = try store.component(named: name)
      if let current, current.definition == JSONWriter.compact(definition.json) {
        result.events.append(.componentUnchanged(name: name, revision: current.revision))
        return
      }
      let revision = try store.revertComponent(
        RecordMapping.input(for: definition, components: storedDefinition),
        expectedRevision: current?.revision ?? 0)
      saved[name] = .some("\(name)@\(number)")
      result.events.append(.componentReverted(name: name, from: number, revision: revision))

    case .removeComponent(let name):
      guard try store.component(named: name) != nil else {
        throw CatalogError.notFound(kind: "component", name: name, known: [])
      }
      let users = try readableDefinitions().filter {
        $0.name != name && $0.instanceUses.contains { $0.component == name }
      }.map(\.name)
      if !users.isEmpty && !force { throw CatalogError.inUse(name: name, by: users) }
      try store.removeComponent(named: name, force: true)
      removed.insert(name)
      result.events.append(.componentRemoved(name: name))

    case .importTokens(let tokens, let set, let source, let positions):
      try importTokens(
        tokens, set: set, source: source, positions: positions, replacing: false,
        result: &result, imported: &imported)

    case .syncTokenSet(let tokens, let set, let source, let positions):
      try importTokens(
        tokens, set: set, source: source, positions: positions, replacing: true,
        result: &result, imported: &imported)
      try prune(set: set, keeping: Set(tokens.map(\.path)), force: force, result: &result)

    case .replaceTokenSet(let set, let tokens, let expected):
      let now = try store.tokens(inSet: set)
      let current = Dictionary(now.map { ($0.path, $0.revision) }, uniquingKeysWith: { a, _ in a })
      if current != expected {
        let changed = Set(current.keys).union(expected.keys).filter { current[$0] != expected[$0] }
          .sorted()
        throw CatalogError.tokenSetConflict(set: set, paths: changed)
      }
      try refuseImportPathCollisions(
        tokens, set: set, replacing: true, source: "set '\(set)'", positions: nil)
      var catalog: [String: DesignToken] = [:]
      for r in try store.tokens(inSet: nil) where r.set != set {
        catalog[r.path] = RecordMapping.token(from: r)
      }
      let summary = try store.importTokens(
        RecordMapping.tokenInputs(tokens, catalog: catalog), intoSet: set, source: nil)
      let kept = Set(tokens.map(\.path))
      var removedCount = 0
      for path in expected.keys.sorted() where !kept.contains(path) {
        _ = try store.removeToken(path, inSet: set)
        removedCount += 1
      }
      result.events.append(
        .tokenSetReplaced(
          set: set, added: summary.added, changed: summary.changed, removed: removedCount))

    case .setToken(let path, let value, let type, let set):
      try writeToken(
        path: path, value: value, type: type, set: set, createsSet: options.createsTokenSet,
        result: &result)

    case .removeToken(let path, let set):
      let sets = try store.tokens(atPath: path).map(\.set)
      guard !sets.isEmpty, set == nil || sets.contains(set ?? "") else {
        throw CatalogError.notFound(kind: "token", name: path, known: [])
      }
      // Every use through any chain (aliases, math, composite members), as `tokens usage`.
      let uses = try tokenUses(of: path)
      let from = try store.removeToken(path, inSet: set)
      let removingLast = set == nil || sets.allSatisfy { $0 == set }
      result.events.append(
        .tokenRemoved(path: path, sets: from, uses: removingLast ? uses.count : 0))

    case .renameToken(let old, let new):
      try renameToken(old, to: new, result: &result, saved: &saved)

    case .renameTokenSet(let name, let newName):
      let sets = try store.tokenSets()
      guard sets.contains(where: { $0.name == NameText.normalized(name) }) else {
        throw CatalogError.notFound(kind: "token set", name: name, known: sets.map(\.name))
      }
      // Renaming a set to its own name changes nothing: said so, and not an error (as a
      // token renamed to its own path; a script may run twice).
      if NameText.normalized(name) == NameText.normalized(newName) {
        result.notes.append(
          "nothing to rename: the token set is already named '\(NameText.forTerminal(NameText.normalized(name)))'"
        )
        return
      }
      try store.renameTokenSet(name, to: newName)
      result.events.append(.tokenSetRenamed(from: name, to: NameText.normalized(newName)))
      // Resolver documents naming the set name it as renamed (a new revision each).
      try renameResolverSetReferences(
        from: NameText.normalized(name), to: NameText.normalized(newName), result: &result)

    case .removeTokenSet(let name):
      let sets = try store.tokenSets()
      guard sets.contains(where: { $0.name == NameText.normalized(name) }) else {
        throw CatalogError.notFound(kind: "token set", name: name, known: sets.map(\.name))
      }
      let paths = try store.removeTokenSet(name)
      result.events.append(.tokenSetRemoved(set: NameText.normalized(name), tokens: paths))

    case .moveTokenSet(let name, let position):
      let sets = try store.tokenSets()
      guard sets.contains(where: { $0.name == name }) else {
        throw CatalogError.notFound(kind: "token set", name: name, known: sets.map(\.name))
      }
      guard position >= 0, position < sets.count else {
        throw CatalogError.invalid([
          CatalogProblem(
            CatalogLocation(),
            "position \(position) is out of range: expected 0 … \(max(0, sets.count - 1))")
        ])
      }
      _ = try store.moveTokenSet(name, to: position)
      result.events.append(.tokenSetMoved(set: name, position: position))

    case .savePlatform(let platform):
      // The name rule in words, before SQLite's CHECK constraint would say it.
      if let problem = Platform.nameProblem(platform.name) {
        throw CatalogError.invalid([CatalogProblem(CatalogLocation(), problem)])
      }
      let existing = try store.platform(named: platform.name)
      try store.savePlatform(platform)
      result.events.append(.platformSaved(name: platform.name, created: existing == nil))

    case .removeResolverDocument(let name):
      let known = try store.resolverDocuments().map(\.input.name)
      guard known.contains(name) else {
        throw CatalogError.notFound(kind: "resolver document", name: name, known: known)
      }
      try store.removeResolverDocument(named: name)
      result.events.append(.resolverDocumentRemoved(name: name))

    case .revertResolverDocument(let name, let revision):
      try revertResolverDocument(name, revision: revision, result: &result)

    case .saveResolverDocument(let document, let file, let name):
      var input = Self.resolverInput(document, file: file, name: name)
      // Recorded as token sets' sources are: the same path whichever folder the command
      // ran in (relative to the catalog file's folder).
      input.source = storedSource(file)
      try refuseSharedModifiers(input, file: file)
      let revision: Int
      do { revision = try store.saveResolverDocument(input) } catch {
        guard case .invalidName(_, let shown, let reason) = error else { throw error }
        // The store's one rule for the name (TokenSetName.fileNameProblem), said with the
        // file the document comes from and where its name came from.
        let origin =
          name != nil
          ? "given with --name" : document.name != nil ? "its \"name\"" : "from the file's name"
        throw CatalogError.invalid([
          CatalogProblem(
            CatalogLocation(file: file),
            "the resolver document name '\(shown)' (\(origin)) is refused: \(reason); give it another with --name NAME"
          )
        ])
      }
      let modifiers = document.modifiers.map { m in
        "\(m.name) (\(m.contexts.map { $0.name == m.defaultContext ? "\($0.name)*" : $0.name }.joined(separator: ", ")))"
      }
      result.events.append(
        .resolverDocumentSaved(
          name: input.name, source: file, revision: revision, steps: document.resolutionOrder.count,
          modifiers: modifiers))
    }
  }

  /// Refuses a resolver document that would share a modifier name with another stored
  /// document (``ResolverDocument/sharedModifiers(_:)``, the one rule; the document it
  /// replaces, of the same name, does not count): an input would reach both, and each
  /// refuses a context only the other has.
  /// - Parameters:
  ///   - input: The document about to be saved.
  ///   - file: The file it comes from, for the message.
  /// - Throws: ``CatalogError/invalid(_:)`` naming both documents, the modifier and the
  ///   way out (`--name` of the stored document, or another modifier name).
  func refuseSharedModifiers(_ input: ResolverDocumentInput, file: String) throws {
    let others = try store.resolverDocuments().filter { $0.input.name != input.name }
    guard !others.isEmpty else { return }
    let shared = ResolverDocument.sharedModifiers(
      others.map { ($0.input.name, $0.input.modifiers.map(\.name)) }
        + [(input.name, input.modifiers.map(\.name))])
    let problems = shared.filter { $0.second == input.name }.map { s in
      let m = NameText.forTerminal(s.modifier)
      let stored = NameText.forTerminal(s.first)
      return CatalogProblem(
        CatalogLocation(file: file),
        "the modifier '\(m)' of the resolver document '\(NameText.forTerminal(input.name))' is already a modifier of the stored resolver document '\(stored)': an input \(m)=… would reach both, and each refuses a context only the other has (Resolver §5: an input names one modifier); to replace '\(stored)', import this file with --name \(stored); to keep both, rename the modifier in this file"
      )
    }
    if !problems.isEmpty { throw CatalogError.invalid(problems) }
  }

  /// The definition saved in revision `number` of `name`.
  func revisionDefinition(_ name: String, _ number: Int) throws(CatalogError) -> ComponentDefinition
  {
    let revisions = try history(ofComponent: name)
    guard let record = revisions.first(where: { $0.revision == number }) else {
      throw .notFound(
        kind: "revision", name: "\(number)", known: revisions.map { "\($0.revision)" })
    }
    guard let text = record.definition else {
      throw .invalid([
        CatalogProblem(
          CatalogLocation(component: name),
          "revision \(number) of \(name) is its removal; it has no definition")
      ])
    }
    do {
      return try DefinitionParser.parse(text, file: "\(name)@\(number)")
    } catch {
      throw .corrupt(
        CatalogProblem(
          CatalogLocation(component: name, file: "\(name)@\(number)"),
          "revision \(number) no longer parses: \(error)"))
    }
  }

  /// Step 1 of ``apply(_:options:)`` for a token file: the path rule
  /// (``refuseImportPathCollisions(_:set:replacing:source:positions:)``), then the tokens
  /// with their resolved values, in the set.
  private func importTokens(
    _ tokens: [DesignToken], set: String, source: String?, positions: TokenSource?,
    replacing: Bool, result: inout ChangeResult, imported: inout ImportedTokens?
  ) throws {
    try refuseImportPathCollisions(
      tokens, set: set, replacing: replacing, source: source, positions: positions)
    // The catalog's tokens that the file's references reach, read by indexed lookups
    // (every token only when that is most of the catalog).
    var paths = Set<String>()
    paths.reserveCapacity(tokens.count)
    for t in tokens { paths.insert(t.path) }
    var outside = Set<String>()
    // Each token read in place (copying each of 10⁵ tokens cost about 0.4 % of an import).
    for i in tokens.indices {
      for r in TokenGraph.allReferences(of: tokens[i]) where !paths.contains(r) {
        outside.insert(r)
      }
    }
    let catalog = outside.isEmpty ? [:] : try scopedResolver(for: outside).tokens
    let (inputs, resolver) = RecordMapping.tokenInputsAndResolver(tokens, catalog: catalog)
    // The source as recorded: the same path whichever folder the command ran in.
    let summary = try store.importTokens(
      inputs, intoSet: set, source: source.map(storedSource))
    imported = ImportedTokens(set: set, paths: paths, resolver: resolver)
    result.warnings += uncomputedImportWarnings(
      tokens, resolver: resolver, catalog: catalog, source: source, positions: positions)
    result.events.append(
      .tokensImported(
        set: set, source: source, count: tokens.count, added: summary.added,
        changed: summary.changed, unchanged: summary.unchanged))
  }

  /// `tokens set`: checks the value against its `$type` (DTCG §8), resolves it with the
  /// catalog's other tokens (aliases must resolve, with no cycle, to a token of the same
  /// type: DTCG §7.4.5), and saves it.
  private func writeToken(
    path givenPath: String, value given: JSONValue, type givenType: String?, set givenSet: String?,
    createsSet: Bool, result: inout ChangeResult
  ) throws {
    let path = NameText.normalized(givenPath)
    try Self.refuseInvalidTokenPath(path)
    let existing = try store.tokens(atPath: path)
    // A new path follows the rename's rule: not a group, above one, or inside a token, in
    // the catalog's sets or in a resolver document's sets and contexts (where a token at the
    // same path is an override, allowed).
    if existing.isEmpty {
      try refuseTokenPathCollisions(
        path, replacing: nil,
        documents: parsedResolverDocuments().map { ($0.record.input.name, $0.json) },
        documentTokensMayMatch: true)
    }
    let setName = try targetSet(
      for: path, given: givenSet, existing: existing.last?.set, creating: createsSet)
    // `--new-set` for a set that exists changes nothing: said so, not silently ignored.
    if createsSet, try store.tokenSets().contains(where: { $0.name == setName }) {
      result.notes.append(
        "--new-set: the token set '\(NameText.forTerminal(setName))' already exists; {\(path)} is saved in it"
      )
    }
    let current = existing.last { $0.set == setName }
    // A new alias without --type has its target's type (DTCG Format §5.2.2: an alias's
    // type is the type of the token it references), not the default dimension.
    var aliasType: String?
    if givenType == nil, current == nil, let target = TokenAlias.target(of: given) {
      aliasType = try store.tokens(atPath: target).last?.type
    } else if givenType == nil, current == nil, case .string(let s) = given,
      TokensStudioMembers.isColorExpression(s) || TokenValue.cssColor(s) != nil
    {
      // A colour function (`rgba({colors.red}, 50%)`, `rgb(255 0 0)`) or `#rrggbb` is a
      // colour, whatever path it is saved at.
      aliasType = "color"
    }
    let type = givenType ?? current?.type ?? aliasType ?? "dimension"
    var value = given
    // A bare number for a dimension means pixels (1 px = 1 pt), as `tokens set space.md 20`.
    if type == "dimension", case .number(let n) = value {
      value = .object(JSONObject([("value", .number(n)), ("unit", .string("px"))]))
    }
    let location = CatalogLocation(token: path)
    // `{group}` for a group with a `$root` token, anywhere in the value: import's rule
    // (GroupReference), lenient as `tokens set` is: rewritten to `{group.$root}`, warning.
    // Each note names the member that holds the reference (`b.$value.color` in a border),
    // as an import's diagnostic points at it; a whole-value alias is the token itself.
    let valuePath = JSONPath.appending(key: "$value", to: path)
    let (rewritten, groups) = try rewritingGroupReferences(value, valuePath: valuePath)
    for (group, member) in groups {
      result.notes.append(
        "\(member == valuePath ? path : member): \(GroupReference.message(group, strict: false))")
    }
    value = rewritten
    if TokenAlias.target(of: value) == nil {
      switch TokenValue.check(value, type: type, strict: false) {
      case .valid: break
      case .converted(let v, let note):
        // `8px` and `1.5rem` are value forms of `tokens set` (README): converted to the DTCG
        // object silently; import warns about them in files, where the form is written down.
        if !Self.isTypedDimension(value, type: type) { result.notes.append("\(path): \(note)") }
        value = v
      case .invalid(let message):
        throw CatalogError.invalid([CatalogProblem(location, "{\(path)}: \(message)")])
      }
    }
    var token = DesignToken(
      path: path, type: type, value: value, description: current?.description,
      deprecated: current?.deprecated.flatMap { try? JSONParser.parse($0).root })
    token.extensionsText = current?.extensions
    // The tokens the new value reaches (indexed lookups), with the new value on top.
    var all = try scopedResolver(for: Set(TokenGraph.allReferences(of: token))).tokens
    all[path] = token
    // A composite member names a token like a whole-value alias does (Format §9, §7.4.5):
    // the same rule, and `tokens set` has no --allow-dangling.
    if token.aliasTarget == nil, value.objectValue != nil || value.arrayValue != nil {
      for target in TokenGraph.references(in: value) where all[target] == nil {
        throw CatalogError.invalid([
          CatalogProblem(
            location,
            "{\(path)}: \(unknownTargetMessageForSet(target))")
        ])
      }
    }
    // Its members must name tokens of their types, as import checks (Format §9, §7.4.5).
    if let problem = Self.compositeMemberProblem(path: path, tokens: all) {
      throw CatalogError.invalid([CatalogProblem(location, problem)])
    }
    let resolution: TokenResolver.Resolution
    do { resolution = try TokenResolver(tokens: all).resolve(path) } catch {
      // An alias or math operand naming no token: the one rule's message, as an import's.
      // The nearest stored path is suggested, as for every other name looked up and missed.
      // Only a reference of this token is its own dangling alias; a missing token further
      // down names the stored token of the value that reaches it (`{m.dang}`, whose own
      // operand names nothing), not this one's.
      if case .unknown(let missing, let from) = error, all[missing] == nil,
        from == nil || from == path
      {
        throw CatalogError.invalid([
          CatalogProblem(
            location,
            "{\(path)}: \(unknownTargetMessageForSet(missing))"
          )
        ])
      }
      if case .unknown = error, let via = Self.failingReference(of: token, among: all) {
        throw CatalogError.invalid([
          CatalogProblem(
            location,
            "{\(path)}: it refers to {\(via)}, whose value cannot be computed: \(error); fix {\(via)} first: tokens set keeps no value that cannot be computed (§7.4.5)"
          )
        ])
      }
      throw CatalogError.invalid([CatalogProblem(location, "{\(path)}: \(error)")])
    }
    if token.aliasTarget != nil,
      let problem = Self.aliasTypeProblem(
        path: path, type: token.type, resolvedType: resolution.type)
    {
      throw CatalogError.invalid([CatalogProblem(location, problem)])
    }
    let input = TokenInput(
      path: path, type: type, value: JSONWriter.compact(value),
      resolvedValue: JSONWriter.compact(resolution.value),
      resolvedPoints: resolution.points, aliasOf: token.aliasTarget, description: token.description,
      deprecated: current?.deprecated, extensions: current?.extensions)
    let summary = try store.importTokens([input], intoSet: setName, source: nil)
    let revision =
      try store.tokens(atPath: path).first { $0.set == NameText.normalized(setName) }?.revision ?? 1
    let outcome = summary.unchanged > 0 ? "unchanged" : summary.added > 0 ? "added" : "updated"
    // A set of higher precedence that holds the path wins it (the last set wins): the
    // saved value is not the one components get, so the note names the winner.
    if let winner = try store.tokens(atPath: path).last,
      winner.set != NameText.normalized(setName)
    {
      let points =
        winner.input.resolvedPoints.flatMap {
          winner.input.type == "number" ? nil : " (\(formatPoints($0))pt)"
        } ?? ""
      result.notes.append(
        "{\(path)} in set '\(NameText.forTerminal(setName))' is overridden by set '\(NameText.forTerminal(winner.set))', whose value wins: \(winner.input.value)\(points)"
      )
    }
    result.events.append(
      .tokenSaved(
        // A number is unitless (DTCG Format §8.7): it has no length in points to report.
        path: path, set: setName, value: value,
        points: resolution.type == "number" ? nil : resolution.points, revision: revision,
        outcome: outcome))
  }

  /// `--prune` (``CatalogChange/syncTokenSet(_:set:source:)``): removes the tokens of `set`
  /// that its file no longer has, so the set equals the file. A removed token that a
  /// component still uses (directly or through a chain of aliases and math, as
  /// ``tokenUses(of:)`` answers) and that no other set defines refuses the change unless
  /// `force`, naming each use and its chain.
  private func prune(
    set: String, keeping paths: Set<String>, force: Bool, result: inout ChangeResult
  )
    throws
  {
    let stored = try store.tokens(inSet: nil)
    let removed = stored.filter { $0.set == set && !paths.contains($0.path) }.map(\.path)
    let elsewhere = Set(stored.filter { $0.set != set }.map(\.path))
    var inUse: [CatalogProblem] = []
    for path in removed where !elsewhere.contains(path) {
      for use in try tokenUses(of: path) {
        inUse.append(
          CatalogProblem(
            CatalogLocation(component: use.use.component, jsonPath: use.use.jsonPath),
            "uses \(use.describedChain); --prune removes {\(path)}"
          ))
      }
    }
    if !inUse.isEmpty && !force { throw CatalogError.breaksDependents(inUse) }
    result.warnings += inUse
    for path in removed { _ = try store.removeToken(path, inSet: set) }
    result.events.append(.tokensPruned(set: set, paths: removed))
  }

  /// The set `tokens set` writes to: the one given, else the set that wins the path, else
  /// the catalog's only set. A new path with several sets (or none) is refused naming
  /// them: a set is never invented.
  /// True for a dimension typed as `8px` or `1.5rem` (``TokenValue/legacyDimension(_:)``),
  /// a form `tokens set` documents as its own, so saving it gives no "older string form" note.
  static func isTypedDimension(_ value: JSONValue, type: String) -> Bool {
    guard type == "dimension", case .string(let text) = value else { return false }
    return TokenValue.legacyDimension(text) != nil
  }

  /// Refuses a token path that no token may be stored under (``TokenPath/problem(in:)``,
  /// the one rule importers apply to names), before anything reaches SQLite, naming the
  /// path with its hidden characters made visible.
  /// - Parameter path: The path, in NFC.
  /// - Throws: ``CatalogError/invalid(_:)`` naming the path and the problem.
  static func refuseInvalidTokenPath(_ path: String) throws(CatalogError) {
    guard let problem = TokenPath.problem(in: path) else { return }
    let shown = NameText.quoted(DiagnosticText.excerpt(path))
    throw .invalid([
      CatalogProblem(CatalogLocation(token: shown), "'\(shown)' is not a token path: \(problem)")
    ])
  }

  private func targetSet(
    for path: String, given: String?, existing: String?, creating: Bool
  ) throws -> String {
    let location = CatalogLocation(token: path)
    if let given {
      // A named set must exist (the rule of `tokens list/export --set`), unless the change
      // asks for a new one; a catalog without sets takes the first set it is given.
      if creating { return given }
      do { try requireTokenSet(given) } catch {
        guard case .notFound(_, _, let known) = error else { throw error }
        if known.isEmpty { return given }
        throw CatalogError.invalid([
          CatalogProblem(location, "\(error) (pass --new-set to create a new set)")
        ])
      }
      return given
    }
    if let existing { return existing }
    let sets = try store.tokenSets().map(\.name)
    switch sets.count {
    case 0:
      throw CatalogError.invalid([
        CatalogProblem(
          location,
          "{\(path)} is a new token and the catalog has no token set; name one with --set NAME (it is created)"
        )
      ])
    case 1: return sets[0]
    default:
      throw CatalogError.invalid([
        CatalogProblem(
          location,
          "{\(path)} is a new token and the catalog has \(sets.count) token sets (\(sets.joined(separator: ", "))); choose one with --set NAME"
        )
      ])
    }
  }

  /// The first token `token` refers to (alias target, math operand, composite member)
  /// whose own value cannot be computed among `tokens`, for a message that names it.
  /// - Parameters:
  ///   - token: The token being written.
  ///   - tokens: The tokens it may reach (itself included).
  /// - Returns: The reference's path, or nil when each of them computes.
  static func failingReference(of token: DesignToken, among tokens: [String: DesignToken])
    -> String?
  {
    let resolver = TokenResolver(tokens: tokens)
    return TokenGraph.allReferences(of: token).first { reference in
      guard tokens[reference] != nil else { return false }
      do {
        _ = try resolver.resolve(reference)
        return false
      } catch {
        return true
      }
    }
  }

  /// Stores the resolved value and points again for every token a change reaches
  /// (``scope(of:)``, ``reverseClosure(of:)``): the paths it touched and every token that
  /// refers to them; no other token's resolution can have changed.
  ///
  /// A single import whose set wins each of its paths already stored its tokens' resolved
  /// values (computed with the file's tokens on top of the catalog's); only the tokens
  /// outside the file that refer to them, and the rows other sets hold for the same paths,
  /// are written again.
  /// - Returns: A resolver answering as the catalog now does for the reach and `uses`, and,
  ///   when the import's resolution was reused, the paths of the reach outside the import's
  ///   (nil otherwise).
  func refreshResolvedValues(
    reach: Set<String>, scope: ChangeScope, imported: ImportedTokens?, uses: [TokenUsageRecord]
  ) throws -> (resolver: TokenResolver?, outsideImport: Set<String>?) {
    guard !reach.isEmpty else { return (nil, nil) }
    let usedTokens = Set(uses.map(\.tokenPath)).intersection(reach)
    var refresh = reach
    var resolver: TokenResolver
    var outsideImport: Set<String>?
    if let imported,
      try store.isTopTokenSet(imported.set)
        || store.tokenPaths(outsideSet: imported.set).isDisjoint(with: imported.paths)
    {
      let elsewhere = try store.tokenPaths(outsideSet: imported.set).intersection(imported.paths)
      let outside = reach.subtracting(imported.paths)
      outsideImport = outside
      refresh = outside.union(elsewhere)
      let missing = refresh.union(usedTokens).filter { imported.resolver.tokens[$0] == nil }
      resolver =
        missing.isEmpty
        ? imported.resolver
        : try scopedResolver(for: refresh.union(usedTokens), seed: imported.resolver.tokens)
    } else {
      resolver = try scopedResolver(for: reach.union(usedTokens))
    }
    guard !refresh.isEmpty else { return (resolver, outsideImport) }
    let resolve = { (record: TokenRecord) -> (value: String?, points: Double?) in
      guard refresh.contains(record.path) else {
        return (record.resolvedValue, record.resolvedPoints)
      }
      guard let r = try? resolver.resolveValue(record.path) else { return (nil, nil) }
      return (JSONWriter.compact(r.value), r.points)
    }
    if refresh.count * 4 > (try store.tokenRowCount()) {
      _ = try store.refreshResolvedValues(resolve)
    } else {
      _ = try store.refreshResolvedValues(paths: refresh, resolve)
    }
    return (resolver, outsideImport)
  }
}

/// The tokens of an import as resolved when they were saved (their file's tokens over the
/// catalog's), kept for the dependents check of the same change.
extension CatalogService {
  /// `tokens set`'s message for a reference that names no token, the one place it is
  /// worded: a group's path is said to be a group, with a few of its tokens (DTCG Format
  /// §7.1.1: an alias names a token; review 16: it said "create it first (catalog tokens
  /// set space VALUE)" for the group `space`, which cannot be created as a token); any
  /// other path gets the dangling-alias rule (``TokenAlias/danglingMessageForSet(_:)``)
  /// and the nearest stored path. A group with a root token never gets here: `{group}` is
  /// rewritten to `{group.$root}` first (``GroupReference``).
  /// - Parameter target: The path the reference names.
  /// - Returns: The message, after `{path}: `.
  func unknownTargetMessageForSet(_ target: String) -> String {
    if let group = groupReferenceMessage(for: target) { return group }
    return TokenAlias.danglingMessageForSet(target) + tokenSuggestion(for: target)
  }
}

struct ImportedTokens {
  /// The set they went into.
  var set: String
  /// Their paths.
  var paths: Set<String>
  /// The resolver that computed their stored resolved values.
  var resolver: TokenResolver
}

/// Definitions held in memory over another source: the replaced definitions of a change,
/// rendered as they were (``CatalogService/apply(_:options:)``'s render rule).
private struct OverlaySource: ComponentSource {
  let overlay: [String: ComponentDefinition]
  let rest: any ComponentSource

  init(_ definitions: [ComponentDefinition], over rest: any ComponentSource) {
    var byName: [String: ComponentDefinition] = [:]
    for d in definitions { byName[d.name] = d }
    overlay = byName
    self.rest = rest
  }

  func definition(named name: String) throws -> ComponentDefinition? {
    try overlay[name] ?? rest.definition(named: name)
  }
}
