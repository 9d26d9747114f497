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
  /// Nesting depths computed so far (``deepestNesting(from:)``).
  let nesting = NestingCache()

  init(service: CatalogService, batch: [ComponentDefinition]) {
    self.service = service
    var byName: [String: ComponentDefinition] = [:]
    for d in batch { byName[d.name] = d }
    self.batch = byName
  }

  /// The tokens `definition`'s lengths name, with everything they reach (indexed lookups,
  /// ``CatalogService/scopedResolver(for:seed:)``): a check costs what the definition uses,
  /// not the size of the catalog.
  func tokens(for definition: ComponentDefinition) throws -> TokenResolver {
    try service.scopedResolver(for: Set(definition.tokenUses.map(\.token)))
  }

  /// The definition of `name`: from the batch, else stored.
  func definition(_ name: String) -> ComponentDefinition? {
    if let d = batch[name] { return d }
    if let known = nesting.definitions[name] { return known }
    let d = try? service.definition(named: name)
    nesting.definitions[name] = .some(d)
    return d
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
    func fail(_ path: String, _ message: String) {
      out.append(
        CatalogProblem(CatalogLocation(component: definition.name, jsonPath: path), message))
    }
    let tokens: TokenResolver
    do { tokens = try self.tokens(for: definition) } catch {
      fail("", "the catalog's tokens cannot be read: \(error)")
      return out
    }
    for use in definition.tokenUses {
      do {
        let r = try tokens.resolve(use.token)
        if let points = r.points {
          if let rule = Resolver.lengthBoundProblem(points, writtenAs: .token(use.token)) {
            fail(use.path, "the token {\(use.token)} is \(formatPoints(points)) points; \(rule)")
          }
        } else {
          fail(
            use.path,
            "the token {\(use.token)} is a \(r.type ?? "untyped") token; a length needs a dimension or number token"
          )
        }
      } catch {
        fail(use.path, "\(error)\(unknownTokenSuggestion(error))")
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
        fail(
          "\(use.path).type",
          "unknown view type '\(use.component)': not a built-in view (\(BuiltinView.allCases.map(\.rawValue).joined(separator: ", "))) and no stored component has that name\(NameSuggestion.didYouMean(use.component, among: viewTypeNames()))"
        )
        continue
      }
      for (key, value) in instance.arguments.members {
        let argPath = JSONPath.appending(key: key, to: "\(use.path).arguments")
        guard let parameter = target.parameter(named: key) else {
          fail(
            argPath,
            "\(target.name) has no parameter '\(key)'\(target.parameters.isEmpty ? "" : "; its parameters: \(target.parameters.map(\.name).joined(separator: ", "))")\(NameSuggestion.didYouMean(key, among: target.parameters.map(\.name)))"
          )
          continue
        }
        if case .string(let s) = value, s.hasPrefix("$"), !s.hasPrefix("$$") { continue }
        if !(parameter.isOptional && value.isNull), let problem = parameter.problem(with: value) {
          fail(argPath, "argument '\(key)' of \(target.name) must be \(problem)")
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
          "missing argument '\(parameter.name)' (a required \(parameter.type.rawValue) parameter of \(target.name))"
        )
      }
      for slot in instance.slots {
        if !slotNames(of: target).contains(slot.name) {
          fail(
            JSONPath.appending(key: slot.name, to: "\(use.path).slots"),
            "\(target.name) has no slot named '\(slot.name)'\(NameSuggestion.didYouMean(slot.name, among: slotNames(of: target)))"
          )
        }
      }
    }
    if let problem = cycleProblem(of: definition) { out.append(problem) }
    return out
  }

  /// The rule that components do not instance each other in a cycle (DESIGN.md: "a cycle
  /// between components … is an error that lists the whole cycle"): the problem for the
  /// cycle through `definition`, at the instance that enters it. One per cycle, however
  /// many of its members are checked (issue 12, point 2): a member of a cycle already
  /// reported by this checker gets none.
  /// - Parameter definition: The component.
  /// - Returns: The problem, or nil.
  func cycleProblem(of definition: ComponentDefinition) -> CatalogProblem? {
    guard let group = componentGroup(of: definition.name),
      nesting.reportedGroups.insert(group).inserted, let cycle = cycle(from: definition.name)
    else { return nil }
    let entry = definition.instanceUses.first { $0.component == cycle[1] }
    return CatalogProblem(
      CatalogLocation(component: definition.name, jsonPath: entry.map { "\($0.path).type" } ?? ""),
      "components instance each other in a cycle: \(cycle.joined(separator: " → "))")
  }

  /// How deep rendering `start` nests views, modifiers and instances, by the measure the
  /// resolver uses (``Resolver/maximumDepth``, ``Resolver/depthInside(_:at:)``): a body's
  /// root is at depth 0, each modifier one level, each child, slot view
  /// and `background`/`overlay` view one deeper than its parent, an instance's body one
  /// deeper than the instance, and slot content one deeper than the `Slot` it fills.
  /// Returns the deepest depth reached and the next component on the chain to it, or
  /// `nil` when the components instance each other in a cycle (reported elsewhere); a
  /// missing component counts as a leaf (reported as an unknown view type). Iterative and
  /// memoised per checker (each component's depth, or that it has none, is computed once),
  /// so checking every component of a long chain or cycle, or many components instancing
  /// one shared deep chain, costs time linear in the components and instances.
  func deepestNesting(from start: String) -> (depth: Int, next: String?)? {
    if let known = nesting.reach[start] { return known }
    if nesting.unmeasurable.contains(start) { return nil }
    var stack: [(name: String, expanded: Bool)] = [(start, false)]
    var onPath = Set<String>()
    // A cycle, or a component that reaches one, has no depth: every component on the
    // path to it is remembered as such, so the next start stops at once.
    func unmeasurable() -> (depth: Int, next: String?)? {
      nesting.unmeasurable.formUnion(onPath)
      nesting.unmeasurable.insert(start)
      return nil
    }
    while let (name, expanded) = stack.popLast() {
      if nesting.reach[name] != nil { continue }
      if nesting.unmeasurable.contains(name) { return unmeasurable() }
      // A missing component is reported as an unknown view type; for depth it is a leaf.
      guard let d = definition(name) else {
        nesting.reach[name] = (0, nil)
        continue
      }
      if expanded {
        onPath.remove(name)
        let local = nesting.local(of: d, slotDepth: { self.slotDepth(of: $0) })
        var best: (depth: Int, next: String?) = (local.ownDepth, nil)
        for (component, depth) in local.instances {
          guard let inner = nesting.reach[component] else { continue }
          if depth + 1 + inner.depth > best.depth { best = (depth + 1 + inner.depth, component) }
        }
        nesting.reach[name] = best
        continue
      }
      guard !onPath.contains(name) else { return unmeasurable() }
      onPath.insert(name)
      stack.append((name, true))
      for use in d.instanceUses where nesting.reach[use.component] == nil {
        if onPath.contains(use.component) { return unmeasurable() }
        stack.append((use.component, false))
      }
    }
    return nesting.reach[start]
  }

  /// The chain of components from `start` to its deepest view (``deepestNesting(from:)``).
  func deepestChain(from start: String) -> [String] {
    var chain = [start]
    var seen: Set<String> = [start]
    while let next = nesting.reach[chain[chain.count - 1]]?.next, seen.insert(next).inserted {
      chain.append(next)
    }
    return chain
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
    } else if chain.count == 1, let d = definition(deepest.name) {
      // The component's own body is too deep: the view that reaches deepest.
      path = nesting.local(of: d, slotDepth: { self.slotDepth(of: $0) }).ownPath
    }
    return CatalogProblem(
      CatalogLocation(component: deepest.name, jsonPath: path), message)
  }

  /// How deep the deepest `Slot` of component `name` lies below its body, counting the
  /// levels a slot forwarded into another component adds (`A`'s body is `B { Slot }`:
  /// `A`'s slot lies as deep as `B` places its own slot, plus the instance). Memoised per
  /// checker and computed iteratively, instanced components first; a component in a
  /// cycle counts its members' slots as 0 (the cycle is refused separately).
  /// - Parameter name: The component.
  /// - Returns: The depth, 0 for an unknown component.
  func slotDepth(of name: String) -> Int {
    if let known = nesting.slotDepths[name] { return known }
    var stack: [(name: String, expanded: Bool)] = [(name, false)]
    var onPath = Set<String>()
    while let (next, expanded) = stack.popLast() {
      if nesting.slotDepths[next] != nil { continue }
      guard let d = definition(next) else {
        nesting.slotDepths[next] = 0
        continue
      }
      if expanded {
        onPath.remove(next)
        nesting.slotDepths[next] = Self.slotDepth(d) { self.nesting.slotDepths[$0] ?? 0 }
        continue
      }
      guard onPath.insert(next).inserted else { continue }
      stack.append((next, true))
      for use in d.instanceUses
      where nesting.slotDepths[use.component] == nil && !onPath.contains(use.component) {
        stack.append((use.component, false))
      }
    }
    return nesting.slotDepths[name] ?? 0
  }

  /// How deep the deepest `Slot` of a body lies, with `inner` giving the slot depth of
  /// each component it instances: views given to an instance lie one level below the
  /// instanced component's own slot, as ``NestingCache/local(of:slotDepth:)`` counts them.
  /// - Parameters:
  ///   - definition: The component.
  ///   - inner: The slot depth of an instanced component.
  /// - Returns: The depth.
  static func slotDepth(_ definition: ComponentDefinition, inner: (String) -> Int) -> Int {
    var deepest = 0
    var stack: [(ViewDefinition, Int)] = [(definition.body, 0)]
    while let (view, outer) = stack.popLast() {
      let depth = Resolver.depthInside(view, at: outer)
      if view.builtin == .Slot { deepest = max(deepest, depth) }
      let slotted = view.builtin == nil ? depth + 1 + inner(view.type) + 1 : depth + 1
      for child in NestingCache.slotted(in: view) { stack.append((child, slotted)) }
      for child in NestingCache.decorations(of: view) { stack.append((child, depth + 1)) }
    }
    return deepest
  }

  /// A cycle of instances through `start`, if any: the shortest, as a list of components
  /// that begins and ends with `start`. Whether `start` lies on a cycle comes from the
  /// strongly connected components of the instance graph (``componentGroup(of:)``),
  /// computed once per checker, so checking every member of a long chain costs linear
  /// time; only a component that does lie on a cycle is searched again (breadth first,
  /// within its group).
  func cycle(from start: String) -> [String]? {
    guard let group = componentGroup(of: start) else { return nil }
    var parent: [String: String] = [:]
    var queue = [start]
    var head = 0
    while head < queue.count {
      let name = queue[head]
      head += 1
      guard let d = definition(name) else { continue }
      for use in d.instanceUses where nesting.group[use.component] == group {
        if use.component == start {
          var back: [String] = []
          var at = name
          while at != start, let up = parent[at] {
            back.append(at)
            at = up
          }
          return [start] + Array(back.reversed()) + [start]
        }
        if parent[use.component] == nil && use.component != start {
          parent[use.component] = name
          queue.append(use.component)
        }
      }
    }
    return nil
  }

  /// The strongly connected group of the instance graph that `start` belongs to, when it
  /// lies on a cycle (a group of two or more components, or one that instances itself);
  /// nil otherwise. Tarjan's algorithm, iterative, over the components reachable from
  /// `start`; every component it visits keeps its group in the checker's cache.
  func componentGroup(of start: String) -> Int? {
    if nesting.group[start] == nil { findGroups(from: start) }
    guard let group = nesting.group[start] else { return nil }
    return nesting.cyclicGroups.contains(group) ? group : nil
  }

  /// Tarjan's strongly connected components from `start` (iteratively): fills
  /// ``NestingCache/group`` and ``NestingCache/cyclicGroups``.
  private func findGroups(from start: String) {
    var index: [String: Int] = [:]
    var low: [String: Int] = [:]
    var onStack = Set<String>()
    var stack: [String] = []
    // Each frame: a component and the position of the next instance to follow.
    var frames: [(name: String, uses: [String], next: Int)] = []
    func enter(_ name: String) {
      index[name] = index.count
      low[name] = index[name]
      stack.append(name)
      onStack.insert(name)
      frames.append((name, definition(name)?.instanceUses.map(\.component) ?? [], 0))
    }
    enter(start)
    while var frame = frames.popLast() {
      if frame.next < frame.uses.count {
        let target = frame.uses[frame.next]
        frame.next += 1
        frames.append(frame)
        if nesting.group[target] != nil { continue }  // finished in an earlier search
        if index[target] == nil {
          enter(target)
        } else if onStack.contains(target), let t = index[target] {
          low[frame.name] = min(low[frame.name] ?? t, t)
        }
        continue
      }
      // Every instance followed: close the group when this component is its root.
      if let parent = frames.last?.name {
        low[parent] = min(low[parent] ?? 0, low[frame.name] ?? 0)
      }
      guard low[frame.name] == index[frame.name] else { continue }
      let group = nesting.groupCount
      nesting.groupCount += 1
      var members = 0
      while let member = stack.popLast() {
        onStack.remove(member)
        nesting.group[member] = group
        members += 1
        if member == frame.name { break }
      }
      if members > 1 || frame.uses.contains(frame.name) { nesting.cyclicGroups.insert(group) }
    }
  }
}

/// The nesting depths a ``DefinitionChecker`` has computed, by component.
final class NestingCache {
  /// The deepest depth rendering a component reaches, with the next component on the
  /// chain to it (nil when the deepest view is its own).
  var reach: [String: (depth: Int, next: String?)] = [:]
  /// Each component's strongly connected group of the instance graph
  /// (``DefinitionChecker/componentGroup(of:)``).
  var group: [String: Int] = [:]
  /// Components whose depth cannot be measured: on an instance cycle, or reaching one.
  var unmeasurable = Set<String>()
  /// How many groups have been numbered.
  var groupCount = 0
  /// The groups that hold a cycle.
  var cyclicGroups = Set<Int>()
  /// The groups whose cycle has been reported, so each is reported once.
  var reportedGroups = Set<Int>()
  /// The slot names each component declares (``DefinitionChecker/slotNames(of:)``).
  var slotNames: [String: [String]] = [:]
  /// Definitions read so far (nil: no such component).
  var definitions: [String: ComponentDefinition?] = [:]
  /// How deep each component's deepest `Slot` lies (``DefinitionChecker/slotDepth(of:)``).
  var slotDepths: [String: Int] = [:]

  /// The views nested directly in `view`: children, slot views and the content of
  /// `background` and `overlay` modifiers (each one level deeper, as the resolver counts).
  static func nested(in view: ViewDefinition) -> [ViewDefinition] {
    slotted(in: view) + decorations(of: view)
  }

  /// A view's children and slot views.
  static func slotted(in view: ViewDefinition) -> [ViewDefinition] {
    var next = view.children
    for slot in view.slots { next.append(contentsOf: slot.views) }
    return next
  }

  /// The content of a view's `background` and `overlay` modifiers.
  static func decorations(of view: ViewDefinition) -> [ViewDefinition] {
    var next: [ViewDefinition] = []
    for m in view.modifiers {
      switch m.modifier {
      case .background(let content), .overlay(let content): next.append(contentsOf: content.views)
      default: break
      }
    }
    return next
  }

  /// One body on its own: its deepest view (with its JSON path) and each instance with
  /// its depth. Each modifier is one level (``Resolver/depthInside(_:at:)``). Views given
  /// to an instance (its slots) are placed one deeper than the deepest `Slot` of the
  /// instanced component, where the resolver expands them.
  func local(of definition: ComponentDefinition, slotDepth: (String) -> Int?)
    -> (ownDepth: Int, ownPath: String, instances: [(String, Int)])
  {
    var own = 0
    var ownPath = definition.body.path
    var instances: [(String, Int)] = []
    var stack: [(ViewDefinition, Int)] = [(definition.body, 0)]
    while let (view, outer) = stack.popLast() {
      let depth = Resolver.depthInside(view, at: outer)
      if depth > own {
        own = depth
        ownPath = view.path
      }
      var childDepth = depth + 1
      if view.builtin == nil {
        instances.append((view.type, depth))
        childDepth = depth + 1 + (slotDepth(view.type) ?? 0) + 1
      }
      for child in Self.slotted(in: view) { stack.append((child, childDepth)) }
      for child in Self.decorations(of: view) { stack.append((child, depth + 1)) }
    }
    return (own, ownPath, instances)
  }
}

extension DefinitionChecker {
  /// Whether a parameter's values become lengths: a `length` parameter, or a `number`
  /// parameter that a length of the component names (`"padding": {"length": "$inset"}`),
  /// so its default, variant values and instance arguments obey
  /// ``Resolver/lengthBoundProblem(_:writtenAs:)`` when saved, not only at render.
  static func becomesLength(_ parameter: ParameterDefinition, in definition: ComponentDefinition)
    -> Bool
  {
    if parameter.type == .length { return true }
    guard parameter.type == .number else { return false }
    return definition.lengthUses.contains { $0.length == .parameter(parameter.name) }
  }
}
