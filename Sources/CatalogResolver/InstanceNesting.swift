import CatalogModel

/// The instance graph of a set of components: how deep rendering each one nests views and
/// instances (the measure of ``Resolver/maximumDepth``) and which ones instance each other
/// in a cycle. Every answer is memoised and computed iteratively, so asking about every
/// component of a long chain or cycle, or about many components instancing one shared deep
/// chain, costs time linear in the components and instances (issue 12, point 2).
///
/// The one home of these rules: the service checks saves with it (`add`, `import`, `edit`),
/// and `import-swift` asks it before it renders anything for its lint findings.
public final class InstanceNesting {
  /// Reads a component's definition by name (nil: no such component).
  private let load: (String) -> ComponentDefinition?
  /// Definitions read so far (nil: no such component).
  private var definitions: [String: ComponentDefinition?] = [:]

  /// The deepest depth rendering a component reaches, with the next component on the
  /// chain to it (nil when the deepest view is its own).
  private var reach: [String: (depth: Int, next: String?)] = [:]
  /// Each component's strongly connected group of the instance graph
  /// (``componentGroup(of:)``).
  private var groupOf: [String: Int] = [:]
  /// Components whose depth cannot be measured: on an instance cycle, or reaching one.
  private var unmeasurableNames = Set<String>()
  /// How many groups have been numbered.
  private var groupCount = 0
  /// The groups that hold a cycle.
  private var cyclicGroups = Set<Int>()
  /// How deep each component's deepest `Slot` lies (``slotDepth(of:)``).
  private var slotDepths: [String: Int] = [:]

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

  /// The JSON path of the view in `name`'s own body that lies deepest (counting each
  /// modifier as one level, ``Resolver/depthInside(_:at:)``): where a body too deep on its
  /// own is reported.
  /// - Parameter name: A component name.
  /// - Returns: The path, or nil for an unknown component.
  public func deepestOwnViewPath(of name: String) -> String? {
    guard let d = definition(name) else { return nil }
    return local(of: d, slotDepth: { self.slotDepth(of: $0) }).ownPath
  }

  /// Creates a graph over the components `load` finds.
  /// - Parameter load: The definition of a component by name, nil when there is none;
  ///   called at most once per name.
  public init(_ load: @escaping (String) -> ComponentDefinition?) {
    self.load = load
  }

  /// Creates a graph over definitions held in memory.
  /// - Parameter definitions: The components (a later one of the same name wins).
  public convenience init(_ definitions: [ComponentDefinition]) {
    var byName: [String: ComponentDefinition] = [:]
    for d in definitions { byName[d.name] = d }
    self.init { byName[$0] }
  }

  /// The definition of `name`, read once.
  /// - Parameter name: A component name.
  /// - Returns: The definition, or nil when there is none.
  public func definition(_ name: String) -> ComponentDefinition? {
    if let known = definitions[name] { return known }
    let d = load(name)
    definitions[name] = .some(d)
    return d
  }

  /// Whether rendering `name` stays within ``Resolver/maximumDepth`` levels and meets no
  /// instance cycle: the components a renderer may be given without meeting either error.
  /// - Parameter name: A component name.
  /// - Returns: False when it nests too deep, lies on a cycle or reaches one.
  public func rendersWithinLimits(_ name: String) -> Bool {
    guard let reach = deepestNesting(from: name) else { return false }
    return reach.depth < Resolver.maximumDepth
  }

  /// How deep rendering `start` nests views, modifiers and instances, by the measure the
  /// resolver uses (``Resolver/maximumDepth``, ``Resolver/depthInside(_:at:)``): a body's
  /// root is at depth 0, each modifier one level, each child, slot view
  /// and `background`/`overlay` view one deeper than its parent, an instance's body one
  /// deeper than the instance, and slot content one deeper than the `Slot` it fills.
  /// Returns the deepest depth reached and the next component on the chain to it, or
  /// `nil` when the components instance each other in a cycle (reported elsewhere); a
  /// missing component counts as a leaf (reported as an unknown view type). Iterative and
  /// memoised per graph (each component's depth, or that it has none, is computed once),
  /// so checking every component of a long chain or cycle, or many components instancing
  /// one shared deep chain, costs time linear in the components and instances.
  /// - Parameter start: A component name.
  /// - Returns: The depth and the next component toward it, or nil (see above).
  public func deepestNesting(from start: String) -> (depth: Int, next: String?)? {
    if let known = reach[start] { return known }
    if unmeasurableNames.contains(start) { return nil }
    var stack: [(name: String, expanded: Bool)] = [(start, false)]
    var onPath = Set<String>()
    // A cycle, or a component that reaches one, has no depth: every component on the
    // path to it is remembered as such, so the next start stops at once.
    func unmeasurable() -> (depth: Int, next: String?)? {
      unmeasurableNames.formUnion(onPath)
      unmeasurableNames.insert(start)
      return nil
    }
    while let (name, expanded) = stack.popLast() {
      if reach[name] != nil { continue }
      if unmeasurableNames.contains(name) { return unmeasurable() }
      // A missing component is reported as an unknown view type; for depth it is a leaf.
      guard let d = definition(name) else {
        reach[name] = (0, nil)
        continue
      }
      if expanded {
        onPath.remove(name)
        let local = self.local(of: d, slotDepth: { self.slotDepth(of: $0) })
        var best: (depth: Int, next: String?) = (local.ownDepth, nil)
        for (component, depth) in local.instances {
          guard let inner = reach[component] else { continue }
          if depth + 1 + inner.depth > best.depth { best = (depth + 1 + inner.depth, component) }
        }
        reach[name] = best
        continue
      }
      guard !onPath.contains(name) else { return unmeasurable() }
      onPath.insert(name)
      stack.append((name, true))
      for use in d.instanceUses where reach[use.component] == nil {
        if onPath.contains(use.component) { return unmeasurable() }
        stack.append((use.component, false))
      }
    }
    return reach[start]
  }

  /// The chain of components from `start` to its deepest view (``deepestNesting(from:)``).
  /// - Parameter start: A component whose depth was computed.
  /// - Returns: `start` and each next component toward the deepest view.
  public func deepestChain(from start: String) -> [String] {
    var chain = [start]
    var seen: Set<String> = [start]
    while let next = reach[chain[chain.count - 1]]?.next, seen.insert(next).inserted {
      chain.append(next)
    }
    return chain
  }

  /// How deep the deepest `Slot` of component `name` lies below its body, counting the
  /// levels a slot forwarded into another component adds (`A`'s body is `B { Slot }`:
  /// `A`'s slot lies as deep as `B` places its own slot, plus the instance). Memoised per
  /// graph and computed iteratively, instanced components first; a component in a
  /// cycle counts its members' slots as 0 (the cycle is refused separately).
  /// - Parameter name: The component.
  /// - Returns: The depth, 0 for an unknown component.
  public func slotDepth(of name: String) -> Int {
    if let known = slotDepths[name] { return known }
    var stack: [(name: String, expanded: Bool)] = [(name, false)]
    var onPath = Set<String>()
    while let (next, expanded) = stack.popLast() {
      if slotDepths[next] != nil { continue }
      guard let d = definition(next) else {
        slotDepths[next] = 0
        continue
      }
      if expanded {
        onPath.remove(next)
        slotDepths[next] = Self.slotDepth(d) { self.slotDepths[$0] ?? 0 }
        continue
      }
      guard onPath.insert(next).inserted else { continue }
      stack.append((next, true))
      for use in d.instanceUses
      where slotDepths[use.component] == nil && !onPath.contains(use.component) {
        stack.append((use.component, false))
      }
    }
    return slotDepths[name] ?? 0
  }

  /// How deep the deepest `Slot` of a body lies, with `inner` giving the slot depth of
  /// each component it instances: views given to an instance lie one level below the
  /// instanced component's own slot, as ``local(of:slotDepth:)`` counts them.
  /// - Parameters:
  ///   - definition: The component.
  ///   - inner: The slot depth of an instanced component.
  /// - Returns: The depth.
  public static func slotDepth(_ definition: ComponentDefinition, inner: (String) -> Int) -> Int {
    var deepest = 0
    var stack: [(ViewDefinition, Int)] = [(definition.body, 0)]
    while let (view, outer) = stack.popLast() {
      let depth = Resolver.depthInside(view, at: outer)
      if view.builtin == .Slot { deepest = max(deepest, depth) }
      let slotted = view.builtin == nil ? depth + 1 + inner(view.type) + 1 : depth + 1
      for child in Self.slotted(in: view) { stack.append((child, slotted)) }
      for child in Self.decorations(of: view) { stack.append((child, depth + 1)) }
    }
    return deepest
  }

  /// A cycle of instances through `start`, if any: the shortest, as a list of components
  /// that begins and ends with `start`. Whether `start` lies on a cycle comes from the
  /// strongly connected components of the instance graph (``componentGroup(of:)``),
  /// computed once per graph, so checking every member of a long chain costs linear
  /// time; only a component that does lie on a cycle is searched again (breadth first,
  /// within its group).
  /// - Parameter start: A component name.
  /// - Returns: The cycle, or nil when `start` lies on none.
  public func cycle(from start: String) -> [String]? {
    guard let group = componentGroup(of: start) else { return nil }
    var parent: [String: String] = [:]
    var queue = [start]
    var head = 0
    while head < queue.count {
      let name = queue[head]
      head += 1
      guard let d = definition(name) else { continue }
      for use in d.instanceUses where groupOf[use.component] == group {
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

  /// The elementary cycles of one cyclic group (``componentGroup(of:)``), as many as
  /// ``elementaryCycles(inGroupOf:limit:)`` lists, and how many more it found.
  public struct GroupCycles: Sendable, Equatable {
    /// The cycles listed, each beginning and ending with the same component.
    public var cycles: [[String]]
    /// How many more cycles the group holds past ``cycles``.
    public var more: Int
    /// Whether ``more`` is only a lower bound: the search stopped at its count or step
    /// limit (``cycleCountLimit``, ``cycleStepLimit``) before it had seen every cycle.
    public var moreIsLowerBound: Bool
    /// The group's components, by name.
    public var members: [String]
  }

  /// How many cycles of one group ``elementaryCycles(inGroupOf:limit:)`` counts at most.
  public static let cycleCountLimit = 10_000
  /// How many instance edges ``elementaryCycles(inGroupOf:limit:)`` follows at most: a
  /// dense group holds exponentially many cycles, so the search is bounded and reports a
  /// lower bound instead of exploding.
  public static let cycleStepLimit = 2_000_000

  /// Every elementary cycle (each component at most once) of the cyclic group `start`
  /// belongs to: the one rule of which cycles an instance graph holds, for `add`,
  /// `import`, `edit`, `revert`, `import-swift`, `doctor` and `lint`, so that every cycle
  /// is reported up front rather than one per attempt (review 21). Johnson's algorithm
  /// ("Finding all the elementary circuits of a directed graph", SIAM J. Comput. 4(1),
  /// 1975), iterative, over the group's members in name order: each cycle begins and ends
  /// with its least member (by name), its next components in the order the bodies instance
  /// them. Bounded: at most ``cycleCountLimit`` cycles are counted and ``cycleStepLimit``
  /// instance edges followed, so a dense group costs bounded time and reports the first
  /// `limit` cycles with a count of the others.
  /// - Parameters:
  ///   - start: A component name.
  ///   - limit: How many cycles to list.
  /// - Returns: The cycles and the count of the rest, or nil when `start` lies on no cycle.
  public func elementaryCycles(inGroupOf start: String, limit: Int) -> GroupCycles? {
    guard let group = componentGroup(of: start) else { return nil }
    let members = groupOf.filter { $0.value == group }.map(\.key).sorted()
    let rank = Dictionary(uniqueKeysWithValues: members.enumerated().map { ($1, $0) })
    // Each member's instanced members of the group, once each, in the body's order.
    var next: [[Int]] = []
    var previous = [[Int]](repeating: [], count: members.count)
    for (v, name) in members.enumerated() {
      var seen = Set<Int>()
      var out: [Int] = []
      for use in definition(name)?.instanceUses ?? [] {
        if let r = rank[use.component], seen.insert(r).inserted {
          out.append(r)
          previous[r].append(v)
        }
      }
      next.append(out)
    }
    // The components still searched: each start is removed after its search, and with it
    // every component left with no instance into or out of the rest (it can close no
    // further cycle), so a long ring costs linear time, not one walk per start.
    var alive = [Bool](repeating: true, count: members.count)
    var inDegree = previous.map(\.count)
    var outDegree = next.map(\.count)
    func remove(_ v: Int) {
      var work = [v]
      alive[v] = false
      while let x = work.popLast() {
        for w in next[x] where alive[w] {
          inDegree[w] -= 1
          if inDegree[w] == 0 {
            alive[w] = false
            work.append(w)
          }
        }
        for u in previous[x] where alive[u] {
          outDegree[u] -= 1
          if outDegree[u] == 0 {
            alive[u] = false
            work.append(u)
          }
        }
      }
    }
    var listed: [[String]] = []
    var found = 0
    var steps = 0
    var stopped = false
    var blocked = [Bool](repeating: false, count: members.count)
    var blockers = [[Int]](repeating: [], count: members.count)
    func unblock(_ u: Int) {
      var work = [u]
      while let x = work.popLast() {
        guard blocked[x] else { continue }
        blocked[x] = false
        work.append(contentsOf: blockers[x])
        blockers[x] = []
      }
    }
    search: for s in members.indices {
      defer { if alive[s] { remove(s) } }
      guard alive[s] else { continue }
      for i in s..<members.count {
        blocked[i] = false
        blockers[i] = []
      }
      var path = [s]
      blocked[s] = true
      // Each frame: a component, the position of its next instance, whether a cycle was
      // closed below it.
      var frames: [(v: Int, next: Int, closed: Bool)] = [(s, 0, false)]
      while let top = frames.last {
        let edges = next[top.v]
        if top.next < edges.count {
          frames[frames.count - 1].next += 1
          let w = edges[top.next]
          guard alive[w] else { continue }
          steps += 1
          if steps > Self.cycleStepLimit {
            stopped = true
            break search
          }
          if w == s {
            found += 1
            if listed.count < limit { listed.append(path.map { members[$0] } + [members[s]]) }
            frames[frames.count - 1].closed = true
            if found >= Self.cycleCountLimit {
              stopped = true
              break search
            }
          } else if !blocked[w] {
            frames.append((w, 0, false))
            path.append(w)
            blocked[w] = true
          }
          continue
        }
        frames.removeLast()
        path.removeLast()
        if top.closed {
          unblock(top.v)
        } else {
          for w in edges where alive[w] && !blockers[w].contains(top.v) {
            blockers[w].append(top.v)
          }
        }
        if top.closed, !frames.isEmpty { frames[frames.count - 1].closed = true }
      }
    }
    return GroupCycles(
      cycles: listed, more: found - listed.count, moreIsLowerBound: stopped, members: members)
  }

  /// The strongly connected group of the instance graph that `start` belongs to, when it
  /// lies on a cycle (a group of two or more components, or one that instances itself);
  /// nil otherwise. Tarjan's algorithm, iterative, over the components reachable from
  /// `start`; every component it visits keeps its group in the graph's cache.
  /// - Parameter start: A component name.
  /// - Returns: The group's number, or nil.
  public func componentGroup(of start: String) -> Int? {
    if groupOf[start] == nil { findGroups(from: start) }
    guard let group = groupOf[start] else { return nil }
    return cyclicGroups.contains(group) ? group : nil
  }

  /// Tarjan's strongly connected components from `start` (iteratively): fills
  /// ``groupOf`` and ``cyclicGroups``.
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
        if groupOf[target] != nil { continue }  // finished in an earlier search
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
      let group = groupCount
      groupCount += 1
      var members = 0
      while let member = stack.popLast() {
        onStack.remove(member)
        groupOf[member] = group
        members += 1
        if member == frame.name { break }
      }
      if members > 1 || frame.uses.contains(frame.name) { cyclicGroups.insert(group) }
    }
  }
}
