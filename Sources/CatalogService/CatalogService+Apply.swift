import CatalogLint
import CatalogModel
import CatalogStore
import CatalogTokens
import Foundation

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
  ///    have before count. Refused unless ``ChangeOptions/force``.
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
    var result = ChangeResult()
    struct RollBack: Error {}
    do {
      try store.inTransaction { () throws -> Void in
        // The state before, read under the write lock (BEGIN IMMEDIATE), so no other
        // writer can slip a change in between.
        let baseline = Set(
          try dependencyProblems(includeDangling: !options.allowsDangling).map(\.description))
        let definitionsBefore = impact ? try readableDefinitions() : []
        let tokensBefore = impact ? try tokenResolver() : nil
        var saved: [String: String?] = [:]  // component → file
        var removed = Set<String>()
        for change in changes {
          try write(change, force: options.force, result: &result, saved: &saved, removed: &removed)
        }
        // Step 2: every saved definition is valid as the catalog now is.
        let checker = try DefinitionChecker(service: self, batch: [])
        var invalid: [CatalogProblem] = []
        for (name, file) in saved.sorted(by: { $0.key < $1.key }) {
          guard let definition = try definition(named: name) else { continue }
          for var problem in checker.problems(in: definition) {
            if problem.location.file == nil, let file { problem.location.file = file }
            invalid.append(problem)
          }
        }
        if !invalid.isEmpty { throw CatalogError.invalid(invalid) }
        // Step 3: what depends on the change still works.
        try refreshResolvedValues()
        var broken = try dependentProblems(of: Set(saved.keys).union(removed), checker: checker)
        broken += try nestingProblemsOfIndirectUsers(of: Set(saved.keys), checker: checker)
        broken += try dependencyProblems(includeDangling: !options.allowsDangling).filter {
          !baseline.contains($0.description)
        }
        if !broken.isEmpty {
          if !options.force { throw CatalogError.breaksDependents(broken) }
          result.warnings = broken
        }
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
      throw error
    } catch let error as StoreError {
      throw CatalogError.from(error)
    } catch {
      throw .storage("\(error)")
    }
    return result
  }

  /// Step 1 of ``apply(_:options:)`` for one change.
  private func write(
    _ change: CatalogChange, force: Bool, result: inout ChangeResult,
    saved: inout [String: String?], removed: inout Set<String>
  ) throws {
    switch change {
    case .saveComponent(let definition, let expected, let file):
      let existing = try store.component(named: definition.name)
      if expected == nil, let existing, existing.definition == JSONWriter.compact(definition.json) {
        result.events.append(
          .componentUnchanged(name: definition.name, revision: existing.revision))
        return
      }
      let revision = try store.saveComponent(
        RecordMapping.input(for: definition), expectedRevision: expected ?? existing?.revision ?? 0)
      saved[definition.name] = .some(file)
      result.events.append(
        .componentSaved(name: definition.name, revision: revision, created: existing == nil))

    case .revertComponent(let name, let number):
      let definition = try revisionDefinition(name, number)
      let current = try store.component(named: name)
      if let current, current.definition == JSONWriter.compact(definition.json) {
        result.events.append(.componentUnchanged(name: name, revision: current.revision))
        return
      }
      let revision = try store.revertComponent(
        RecordMapping.input(for: definition), expectedRevision: current?.revision ?? 0)
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

    case .importTokens(let tokens, let set, let source):
      let summary = try store.importTokens(
        RecordMapping.tokenInputs(tokens, catalog: try tokenResolver().tokens), intoSet: set,
        source: source)
      result.events.append(
        .tokensImported(
          set: set, source: source, count: tokens.count, added: summary.added,
          changed: summary.changed, unchanged: summary.unchanged))

    case .syncTokenSet(let tokens, let set, let source):
      try write(
        .importTokens(tokens, set: set, source: source), force: force, result: &result,
        saved: &saved, removed: &removed)
      try prune(set: set, keeping: Set(tokens.map(\.path)), force: force, result: &result)

    case .replaceTokenSet(let set, let tokens, let expected):
      let now = try store.tokens(inSet: set)
      let current = Dictionary(now.map { ($0.path, $0.revision) }, uniquingKeysWith: { a, _ in a })
      if current != expected {
        let changed = Set(current.keys).union(expected.keys).filter { current[$0] != expected[$0] }
          .sorted()
        throw CatalogError.tokenSetConflict(set: set, paths: changed)
      }
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
      try writeToken(path: path, value: value, type: type, set: set, result: &result)

    case .removeToken(let path, let set):
      let uses = try store.tokenUsage(path)
      let sets = try store.tokens(inSet: nil).filter { $0.path == path }.map(\.set)
      guard !sets.isEmpty, set == nil || sets.contains(set ?? "") else {
        throw CatalogError.notFound(kind: "token", name: path, known: [])
      }
      let from = try store.removeToken(path, inSet: set)
      let removingLast = set == nil || sets.allSatisfy { $0 == set }
      result.events.append(
        .tokenRemoved(path: path, sets: from, uses: removingLast ? uses.count : 0))

    case .renameToken(let old, let new):
      try renameToken(old, to: new, result: &result, saved: &saved)

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
      let existing = try store.platform(named: platform.name)
      try store.savePlatform(platform)
      result.events.append(.platformSaved(name: platform.name, created: existing == nil))

    case .saveResolverDocument(let document, let file, let name):
      let input = Self.resolverInput(document, file: file, name: name)
      let revision = try store.saveResolverDocument(input)
      let modifiers = document.modifiers.map { m in
        "\(m.name) (\(m.contexts.map { $0.name == m.defaultContext ? "\($0.name)*" : $0.name }.joined(separator: ", ")))"
      }
      result.events.append(
        .resolverDocumentSaved(
          name: input.name, source: file, revision: revision, steps: document.resolutionOrder.count,
          modifiers: modifiers))
    }
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

  /// `tokens set`: checks the value against its `$type` (DTCG §8), resolves it with the
  /// catalog's other tokens (aliases must resolve, with no cycle, to a token of the same
  /// type: DTCG §7.4.5), and saves it.
  private func writeToken(
    path: String, value given: JSONValue, type givenType: String?, set givenSet: String?,
    result: inout ChangeResult
  ) throws {
    let existing = try store.tokens(inSet: nil).filter { $0.path == path }
    let setName = try targetSet(for: path, given: givenSet, existing: existing.last?.set)
    let current = existing.last { $0.set == setName }
    let type = givenType ?? current?.type ?? "dimension"
    var value = given
    // A bare number for a dimension means pixels (1 px = 1 pt), as `tokens set space.md 20`.
    if type == "dimension", case .number(let n) = value {
      value = .object(JSONObject([("value", .number(n)), ("unit", .string("px"))]))
    }
    let location = CatalogLocation(token: path)
    if TokenAlias.target(of: value) == nil {
      switch TokenValue.check(value, type: type, strict: false) {
      case .valid: break
      case .converted(let v, let note):
        result.notes.append("\(path): \(note)")
        value = v
      case .invalid(let message):
        throw CatalogError.invalid([CatalogProblem(location, "{\(path)}: \(message)")])
      }
    }
    var token = DesignToken(
      path: path, type: type, value: value, description: current?.description,
      deprecated: current?.deprecated.flatMap { try? JSONParser.parse($0).root })
    token.extensionsText = current?.extensions
    var all = try tokenResolver().tokens
    all[path] = token
    let resolution: TokenResolver.Resolution
    do { resolution = try TokenResolver(tokens: all).resolve(path) } catch {
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
    let revision = try store.tokens(inSet: setName).first { $0.path == path }?.revision ?? 1
    let outcome = summary.unchanged > 0 ? "unchanged" : summary.added > 0 ? "added" : "updated"
    result.events.append(
      .tokenSaved(
        path: path, set: setName, value: value, points: resolution.points, revision: revision,
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
  private func targetSet(for path: String, given: String?, existing: String?) throws -> String {
    if let given { return given }
    if let existing { return existing }
    let sets = try store.tokenSets().map(\.name)
    let location = CatalogLocation(token: path)
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

  /// Stores every token's resolved value and points again (after any token change).
  func refreshResolvedValues() throws {
    let resolver = try tokenResolver()
    _ = try store.refreshResolvedValues { record in
      guard let r = try? resolver.resolve(record.path) else { return (nil, nil) }
      return (JSONWriter.compact(r.value), r.points)
    }
  }
}
