import CatalogModel
import CatalogResolver
import CatalogStore
import CatalogTokens

/// Checks definitions against the catalog before they are saved: every instance names a
/// component (stored or in the same batch) and passes arguments it declares with the
/// right types, every token alias names a token, and no components instance each other
/// in a cycle.
struct DefinitionChecker {
  /// The definitions being saved together, by name.
  let batch: [String: ComponentDefinition]
  let service: CatalogService
  /// Cycles reported, slot names and damaged components read so far.
  let nesting: NestingCache
  /// The instance graph of the batch over the stored components: depths and cycles, each
  /// computed once per checker (``InstanceNesting``).
  let graph: InstanceNesting

  init(service: CatalogService, batch: [ComponentDefinition]) {
    self.service = service
    var byName: [String: ComponentDefinition] = [:]
    for d in batch { byName[d.name] = d }
    self.batch = byName
    let cache = NestingCache()
    nesting = cache
    // A damaged stored component is remembered with its damage, so an instance of it is
    // reported as reaching a damaged component, not as naming none (review 21).
    graph = InstanceNesting { name in
      if let d = byName[name] { return d }
      switch try? service.storedDefinition(named: name) {
      case .success(let d)?: return d
      case .failure(let damage)?:
        cache.damaged[name] = damage
        return nil
      case nil: return nil
      }
    }
  }

  /// The tokens `definition` names (of every type), with everything they reach (indexed lookups,
  /// ``CatalogService/scopedResolver(for:seed:)``): a check costs what the definition uses,
  /// not the size of the catalog.
  func tokens(for definition: ComponentDefinition) throws -> TokenResolver {
    try service.scopedResolver(for: Set(definition.tokenUses.map(\.token)))
  }

  /// The definition of `name`: from the batch, else stored.
  func definition(_ name: String) -> ComponentDefinition? {
    if let d = batch[name] { return d }
    return graph.definition(name)
  }

  /// The names a view's `type` may take: the built-in views, the batch's components and the
  /// stored ones (read only when a type is unknown, for the suggestion).
  func viewTypeNames() -> [String] {
    BuiltinView.allCases.map(\.rawValue) + batch.keys.sorted()
      + ((try? service.components()) ?? []).map(\.name)
  }

  /// The names of the slots a component's body declares (memoised per component).
  func slotNames(of definition: ComponentDefinition) -> [String] {
    if let known = nesting.slotNames[definition.name] { return known }
    var names: [String] = []
    ComponentDefinition.visit(definition.body) {
      if $0.builtin == .Slot, let name = $0.slotName { names.append(name) }
    }
    nesting.slotNames[definition.name] = names
    return names
  }

  /// `; did you mean '{space.md}'?` for an alias to an unknown token whose path is near a
  /// known one; else an empty string. The stored paths are read only on this error path.
  func unknownTokenSuggestion(_ error: TokenResolver.Failure) -> String {
    guard case .unknown(let path, nil) = error else { return "" }
    return service.tokenSuggestion(for: path)
  }

  /// Every problem of `definition` against the catalog and the batch, each with the
  /// component and JSON path.
  func problems(in definition: ComponentDefinition) -> [CatalogProblem] {
    var out: [CatalogProblem] = []
    func fail(_ path: String, _ message: String, leftByForce: Bool = false) {
      var problem = CatalogProblem(
        CatalogLocation(component: definition.name, jsonPath: path), message)
      problem.isLeftByForce = leftByForce
      out.append(problem)
    }
    let tokens: TokenResolver
    do { tokens = try self.tokens(for: definition) } catch {
      fail("", "the catalog's tokens cannot be read: \(error)")
      return out
    }
    // Every token the definition names, of every type: it must exist and be of a type the
    // use takes (TokenUseKind, the one type rule); a length's points obey the bound render
    // checks.
    for use in definition.tokenUses(components: self.definition) {
      do {
        let r = try tokens.resolve(use.token)
        if let problem = Self.kindProblem(token: use.token, kind: use.kind, resolution: r) {
          fail(use.path, problem, leftByForce: true)
        }
      } catch {
        // A group's path: the one wording of a reference to a group (GroupReference).
        if case .unknown(let path, nil) = error,
          let group = service.groupReferenceMessage(for: path)
        {
          fail(use.path, group, leftByForce: true)
          continue
        }
        // Reached through other tokens: the whole chain (TokenGraph.describe).
        fail(
          use.path,
          "\(tokens.graph.describe(error, reachedFrom: use.token))\(unknownTokenSuggestion(error))",
          leftByForce: true)
      }
    }
    // Literal lengths obey the bound render checks (Resolver.lengthBoundProblem).
    for use in definition.lengthUses {
      if case .points(let p) = use.length,
        let rule = Resolver.lengthBoundProblem(p, writtenAs: use.length)
      {
        fail(use.path, "\(use.property) is \(formatPoints(p)) points; \(rule)")
      }
    }
    for parameter in definition.parameters where Self.becomesLength(parameter, in: definition) {
      if case .number(let p)? = parameter.defaultValue,
        let rule = Resolver.lengthBoundProblem(p.value, writtenAs: .points(p.value))
      {
        fail(
          "\(parameter.path).default",
          "the default of $\(parameter.name) is \(formatPoints(p.value)) points; \(rule)")
      }
      for variant in definition.variants {
        if case .number(let p)? = variant.arguments[parameter.name],
          let rule = Resolver.lengthBoundProblem(p.value, writtenAs: .points(p.value))
        {
          fail(
            JSONPath.appending(
              key: parameter.name, to: JSONPath.appending(key: variant.name, to: "variants")),
            "variant \(variant.name) gives $\(parameter.name) \(formatPoints(p.value)) points; \(rule)"
          )
        }
      }
    }
    // The instance views, collected in one walk (not one walk per instance: a body with
    // 20,000 instances would cost 400 million steps).
    var instances: [ViewDefinition] = []
    ComponentDefinition.visit(definition.body) { if $0.builtin == nil { instances.append($0) } }
    for instance in instances {
      let use = (path: instance.path, component: instance.type)
      guard
        let target = definition.name == use.component ? definition : self.definition(use.component)
      else {
        if let damage = nesting.damaged[use.component] {
          // Stored but damaged: that component's damage, at its own path, reached from here.
          var problem = CatalogProblem(
            CatalogLocation(component: definition.name, jsonPath: "\(use.path).type"),
            damage.reached(from: definition.name, at: use.path))
          problem.reachesDamaged = use.component
          out.append(problem)
          continue
        }
        fail(
          "\(use.path).type",
          "unknown view type '\(use.component)': not a built-in view (\(BuiltinView.allCases.map(\.rawValue).joined(separator: ", "))) and no stored component has that name\(NameSuggestion.didYouMean(use.component, among: viewTypeNames().filter { $0 != definition.name }))"
        )
        out[out.count - 1].missingComponent = use.component
        continue
      }
      for (key, value) in instance.arguments.members {
        let argPath = JSONPath.appending(key: key, to: "\(use.path).arguments")
        guard let parameter = target.parameter(named: key) else {
          fail(
            argPath,
            "\(target.name) has no parameter '\(key)'\(target.parameters.isEmpty ? "" : "; its parameters: \(target.parameters.map(\.name).joined(separator: ", "))")\(NameSuggestion.didYouMean(key, among: target.parameters.map(\.name)))",
            leftByForce: true)
          continue
        }
        if case .string(let s) = value, s.hasPrefix("$"), !s.hasPrefix("$$") { continue }
        if !(parameter.isOptional && value.isNull), let problem = parameter.problem(with: value) {
          fail(argPath, "argument '\(key)' of \(target.name) must be \(problem)", leftByForce: true)
        } else if Self.becomesLength(parameter, in: target), case .number(let p) = value,
          let rule = Resolver.lengthBoundProblem(p.value, writtenAs: .points(p.value))
        {
          fail(
            argPath,
            "argument '\(key)' of \(target.name) is \(formatPoints(p.value)) points; \(rule)")
        }
      }
      for parameter in target.parameters
      where parameter.isRequired && instance.arguments[parameter.name] == nil {
        fail(
          "\(use.path).arguments",
          "missing argument '\(parameter.name)' (a required \(parameter.type.rawValue) parameter of \(target.name))",
          leftByForce: true)
      }
      for slot in instance.slots {
        if !slotNames(of: target).contains(slot.name) {
          fail(
            JSONPath.appending(key: slot.name, to: "\(use.path).slots"),
            "\(target.name) has no slot named '\(slot.name)'\(NameSuggestion.didYouMean(slot.name, among: slotNames(of: target)))",
            leftByForce: true)
        }
      }
    }
    out += cycleProblems(of: definition)
    return out
  }

  /// The one rule for a token given a value of `kind` (``TokenUseKind/accepts(type:points:)``,
  /// a length within the resolver's bound, ``Resolver/lengthBoundProblem(_:writtenAs:)``),
  /// wherever the token is named: in the body, as a parameter's default, a variant's or an
  /// instance's argument (``ComponentDefinition/tokenUses(components:)``), or `render -a`
  /// (``CatalogService/argumentTokenProblem(_:parameter:value:tokens:)``).
  /// - Parameters:
  ///   - token: The token path as written.
  ///   - kind: The kind of value the use takes.
  ///   - r: The token's resolution.
  /// - Returns: The problem in words, or nil when the token fits.
  static func kindProblem(token: String, kind: TokenUseKind, resolution r: TokenResolver.Resolution)
    -> String?
  {
    if !kind.accepts(type: r.type, points: r.points) {
      return "the token {\(token)} is a \(r.type ?? "untyped") token; \(kind.requirement)"
    }
    if kind == .length, let points = r.points,
      let rule = Resolver.lengthBoundProblem(points, writtenAs: .token(token))
    {
      return "the token {\(token)} is \(formatPoints(points)) points; \(rule)"
    }
    return nil
  }

  /// The rule that components do not instance each other in a cycle (DESIGN.md: "a cycle
  /// between components … is an error that lists the whole cycle"): one problem per
  /// elementary cycle of the group `definition` lies in, every one up front (review 21:
  /// `G → H → G` and `G → I → G` were reported one per attempt), each at the instance that
  /// enters it from its first component. Bounded (``InstanceNesting/elementaryCycles(inGroupOf:limit:)``):
  /// the first ``BoundedList/limit`` cycles, then one problem counting the others. A group is
  /// reported once per checker, however many of its members are checked (issue 12, point 2).
  /// The one rule `add`, `import`, `edit`, `revert`, `import-swift` and `doctor` report
  /// cycles by.
  /// - Parameter definition: The component.
  /// - Returns: The problems, none when it lies on no cycle or its group was reported.
  func cycleProblems(of definition: ComponentDefinition) -> [CatalogProblem] {
    guard let group = componentGroup(of: definition.name),
      nesting.reportedGroups.insert(group).inserted,
      let found = graph.elementaryCycles(inGroupOf: definition.name, limit: BoundedList.limit)
    else { return [] }
    var out: [CatalogProblem] = []
    for listed in found.cycles {
      // Begun at a component of the change when the cycle holds one (its file is known).
      let members = listed.dropLast()
      let first = members.firstIndex { batch[$0] != nil } ?? members.startIndex
      let cycle = Array(members[first...] + members[..<first]) + [members[first]]
      let entry = self.definition(cycle[0])?.instanceUses.first { $0.component == cycle[1] }
      out.append(
        CatalogProblem(
          CatalogLocation(component: cycle[0], jsonPath: entry.map { "\($0.path).type" } ?? ""),
          Self.cycleMessage(cycle)))
    }
    if found.more == 0 && found.moreIsLowerBound {
      out.append(
        CatalogProblem(
          CatalogLocation(component: found.cycles.first?.first ?? definition.name),
          "the search for instance cycles among \(BoundedList.inline(found.members, limit: 8)) stopped at its bound; there may be more cycles than those listed"
        ))
    } else if found.more > 0 {
      out.append(
        CatalogProblem(
          CatalogLocation(component: found.cycles.first?.first ?? definition.name),
          "components instance each other in \(found.moreIsLowerBound ? "at least " : "")\(found.more) more cycle\(found.more == 1 ? "" : "s") among \(BoundedList.inline(found.members, limit: 8)) (the first \(found.cycles.count) are listed)"
        ))
    }
    return out
  }

  /// The sentence of one instance cycle: `components instance each other in a cycle: G → H → G`.
  /// - Parameter cycle: The components, beginning and ending with the same one.
  /// - Returns: The sentence.
  static func cycleMessage(_ cycle: [String]) -> String {
    "components instance each other in a cycle: \(BoundedList.chain(cycle))"
  }

  /// Whether `definition` lies on an instance cycle (``InstanceNesting/componentGroup(of:)``).
  /// - Parameter definition: The component.
  /// - Returns: True when it does.
  func liesOnCycle(_ definition: ComponentDefinition) -> Bool {
    componentGroup(of: definition.name) != nil
  }

  /// The rule that rendering stops at ``Resolver/maximumDepth`` levels of views and
  /// instances, checked for several components at once and reported once (issue 12,
  /// point 2): one problem naming the deepest of them (the start of the longest chain),
  /// the chain and the limit, and how many others nest too deep, not one per component.
  /// Linear in the components and instances involved (``deepestNesting(from:)``).
  /// - Parameter names: The components to check.
  /// - Returns: The problem, located at the deepest component's instance that starts its
  ///   chain, or nil when each renders within the limit.
  func nestingProblem(among names: some Sequence<String>) -> CatalogProblem? {
    var tooDeep: [(name: String, depth: Int)] = []
    for name in names {
      if let reach = deepestNesting(from: name), reach.depth >= Resolver.maximumDepth {
        tooDeep.append((name, reach.depth))
      }
    }
    guard
      let deepest = tooDeep.max(by: { ($0.depth, $1.name) < ($1.depth, $0.name) })
    else { return nil }
    let chain = deepestChain(from: deepest.name)
    let shown =
      chain.count > 4
      ? "\(chain.prefix(3).joined(separator: " → ")) → … → \(chain.last ?? "")"
      : chain.joined(separator: " → ")
    let others = tooDeep.filter { $0.name != deepest.name }.sorted {
      ($0.depth, $1.name) > ($1.depth, $0.name)
    }
    var message =
      "views, modifiers and instances nest \(deepest.depth + 1) deep (\(shown)); rendering stops at \(Resolver.maximumDepth) levels of views, modifiers and instances (each modifier is one level)"
    if !others.isEmpty {
      let listed = others.prefix(4).map(\.name).joined(separator: ", ")
      message +=
        "; \(others.count) other component\(others.count == 1 ? "" : "s") nest\(others.count == 1 ? "s" : "") too deep as well (\(listed)\(others.count > 4 ? ", …" : ""))"
    }
    var path = ""
    if chain.count > 1, let d = definition(deepest.name),
      let use = d.instanceUses.first(where: { $0.component == chain[1] })
    {
      path = "\(use.path).type"
    } else if chain.count == 1, let own = graph.deepestOwnViewPath(of: deepest.name) {
      // The component's own body is too deep: the view that reaches deepest.
      path = own
    }
    return CatalogProblem(
      CatalogLocation(component: deepest.name, jsonPath: path), message)
  }

  /// How deep rendering `start` nests views, modifiers and instances
  /// (``InstanceNesting/deepestNesting(from:)``, memoised per checker).
  func deepestNesting(from start: String) -> (depth: Int, next: String?)? {
    graph.deepestNesting(from: start)
  }

  /// The chain of components from `start` to its deepest view.
  func deepestChain(from start: String) -> [String] { graph.deepestChain(from: start) }

  /// The cyclic group of the instance graph `start` belongs to, if any
  /// (``InstanceNesting/componentGroup(of:)``).
  func componentGroup(of start: String) -> Int? { graph.componentGroup(of: start) }
}

/// What a ``DefinitionChecker`` remembers besides the instance graph's depths and groups.
final class NestingCache {
  /// The groups whose cycles have been reported, so each is reported once.
  var reportedGroups = Set<Int>()
  /// The slot names each component declares (``DefinitionChecker/slotNames(of:)``).
  var slotNames: [String: [String]] = [:]
  /// The stored components read as damaged, with their damage (``DamagedDefinition``).
  var damaged: [String: DamagedDefinition] = [:]
}

extension DefinitionChecker {
  /// Whether a parameter's values become lengths: a `length` parameter, or a `number` or
  /// `integer` parameter that a length of the component names (`"padding": {"length": "$inset"}`),
  /// so its default, variant values and instance arguments obey
  /// ``Resolver/lengthBoundProblem(_:writtenAs:)`` when saved, not only at render.
  static func becomesLength(_ parameter: ParameterDefinition, in definition: ComponentDefinition)
    -> Bool
  {
    if parameter.type == .length { return true }
    guard parameter.type == .number || parameter.type == .integer else { return false }
    return definition.lengthUses.contains { $0.length == .parameter(parameter.name) }
  }
}
