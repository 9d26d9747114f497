import CatalogJSON
import CatalogModel

/// Expands a token file's `$extends` (DTCG Format §6.4): each group that says
/// `"$extends": "{other.group}"` gets the other group's members, deeply merged, its own
/// members winning whole (§6.4.2).
///
/// Iterative and memoised, like ``TokenPointerResolver``: the groups as written are
/// numbered once, the `$extends` graph (a group depends on the groups nested in it and on
/// the group it extends) is walked with an explicit stack, and each group is expanded once,
/// after everything it depends on (targets first), whatever order the file lists them in.
/// So the cost is linear in the groups and in the members `$extends` copies, and the
/// input controls no Swift recursion depth.
///
/// Limits, the same whatever the order of the groups in the file:
/// - a path through the graph (groups nested plus `$extends` followed, from the file's
///   root) longer than ``maximumDepth`` is an error, one per chain, naming where the
///   chain starts: a chain of 600 `$extends` is refused whether each group extends the one
///   before it or the one after it. The expanded tree nests no deeper than that, so the
///   recursive steps after it (merging, reading groups) stay shallow;
/// - `$extends` copying more than ``maximumCopies`` members (tokens and groups, nested
///   ones counted) into the file is an error, said once: each copy becomes a token to
///   read, and groups extending each other twice per level double it at every level.
struct TokenExtends {
  /// A problem found: where (JSON path, token path) and what.
  struct Problem {
    /// Where in the file, as ``JSONPath`` writes it.
    var jsonPath: String
    /// The group's names from the root.
    var path: [String]
    /// The message.
    var message: String
    /// A count of the problems not listed ("N more chains …"): said of the file, with no
    /// position, so that it comes after the problems it follows
    /// (``TokenFileParser/inFileOrder(_:)`` puts diagnostics without a position last).
    var isSummary = false
  }

  /// The longest path through the `$extends` graph from the root (each group nested and
  /// each `$extends` followed is one step). A JSON file nests at most 512 levels, so
  /// nesting alone stays within it.
  static let maximumDepth = 512
  /// The most members (tokens and groups, nested ones counted) `$extends` may copy into a
  /// file, counted before anything is copied.
  static let maximumCopies = 100_000
  /// Chains over the depth limit reported one by one; the rest are counted in one more error.
  static let maximumChainsReported = 20

  /// One group as written.
  private struct Group {
    var path: [String]
    var jsonPath: String
    var object: JSONObject
    /// The groups nested in it, in member order (indices into `groups`).
    var children: [Int] = []
    /// The group its `$extends` names, once found.
    var target: Int?
    /// Whether it has an `$extends` member.
    var extends: Bool
  }

  private var groups: [Group] = []
  private var index: [[String]: Int] = [:]
  private let root: JSONObject
  private(set) var problems: [Problem] = []

  private init(root: JSONObject) { self.root = root }

  /// Whether a member is a group (an object that is not a token, under a name not starting
  /// with `$`), the condition every step here uses.
  private static func group(_ key: String, _ value: JSONValue) -> JSONObject? {
    guard !key.hasPrefix("$"), let object = value.objectValue, object["$value"] == nil,
      object["$ref"] == nil
    else { return nil }
    return object
  }

  /// Expands every `$extends` in a file's root object.
  ///
  /// - Parameter root: The file's root object, as written (or converted).
  /// - Returns: The expanded root (the same object when nothing extends anything), or the
  ///   problems found: a malformed or dangling `$extends`, one naming a token, a cycle,
  ///   a chain deeper than ``maximumDepth``, more than ``maximumCopies`` copies.
  static func expand(_ root: JSONObject) -> Result<JSONObject, ProblemList> {
    // Most files extend nothing: one walk of the groups, with nothing built, says so
    // (numbering the groups of a 10⁵-token file first cost about 1 % of its import).
    guard Self.mayExtend(root, depth: 0) else { return .success(root) }
    var expander = TokenExtends(root: root)
    guard expander.collect() else { return .success(root) }
    expander.resolveTargets()
    guard let order = expander.dependencyOrder(), expander.problems.isEmpty else {
      return .failure(ProblemList(problems: expander.problems))
    }
    expander.checkDepth(order: order)
    if expander.problems.isEmpty { expander.checkCopies(order: order) }
    guard expander.problems.isEmpty else {
      return .failure(ProblemList(problems: expander.problems))
    }
    return .success(expander.expanded(order: order))
  }

  /// The problems of a refused expansion.
  struct ProblemList: Error {
    /// Each problem, in the order found.
    var problems: [Problem]
  }

  /// Whether a group, or a group inside it (``group(_:_:)``, as ``collect()`` finds them),
  /// has an `$extends` member; groups nested more than 64 deep count as yes, so that
  /// ``collect()`` decides for them.
  /// - Parameters:
  ///   - group: A group's object.
  ///   - depth: Its nesting below the root.
  /// - Returns: False only when no group extends another.
  private static func mayExtend(_ group: JSONObject, depth: Int) -> Bool {
    guard depth < 64, group["$extends"] == nil else { return true }
    for (key, value) in group.members {
      if let child = Self.group(key, value), mayExtend(child, depth: depth + 1) { return true }
    }
    return false
  }

  /// Records a problem at group `id`'s `$extends` member.
  /// - Parameters:
  ///   - id: The group's number.
  ///   - message: What is wrong.
  private mutating func problem(atExtendsOf id: Int, _ message: String) {
    problems.append(
      Problem(
        jsonPath: JSONPath.appending(key: "$extends", to: groups[id].jsonPath),
        path: groups[id].path, message: message))
  }

  /// Numbers the groups as written (pre-order, the root first), iteratively.
  /// - Returns: Whether any group has an `$extends`.
  private mutating func collect() -> Bool {
    groups = [Group(path: [], jsonPath: "", object: root, extends: root["$extends"] != nil)]
    index[[]] = 0
    var any = groups[0].extends
    var pending = [0]
    while let parent = pending.popLast() {
      var children: [Int] = []
      for (key, value) in groups[parent].object.members {
        guard let object = Self.group(key, value) else { continue }
        let id = groups.count
        let extends = object["$extends"] != nil
        any = any || extends
        let path = groups[parent].path + [key]
        groups.append(
          Group(
            path: path, jsonPath: JSONPath.appending(key: key, to: groups[parent].jsonPath),
            object: object, extends: extends))
        if index[path] == nil { index[path] = id }
        children.append(id)
      }
      groups[parent].children = children
      pending.append(contentsOf: children.reversed())
    }
    return any
  }

  /// Finds each `$extends` target, reporting one that is malformed, missing or a token.
  private mutating func resolveTargets() {
    for id in groups.indices where groups[id].extends {
      let group = groups[id]
      let at = JSONPath.appending(key: "$extends", to: group.jsonPath)
      guard let value = group.object["$extends"], let target = TokenAlias.target(of: value) else {
        let written = group.object["$extends"].map { JSONWriter.compact($0) } ?? "nothing"
        problems.append(
          Problem(
            jsonPath: at, path: group.path,
            message:
              "$extends must be a reference to a group, written \"{group.path}\"; got \(written) (§6.4)"
          ))
        continue
      }
      // `{g.$root}` names g's root token (§6.2), which the alias reader folds into `g`:
      // $extends must name a group (§6.4), so the written form is checked first.
      if let written = value.stringValue, written.hasSuffix(".$root}") {
        problems.append(
          Problem(
            jsonPath: at, path: group.path,
            message:
              "$extends names \(written), a group's root token; $extends must name a group (written {\(target)}) (§6.4)"
          ))
        continue
      }
      let names = target.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
      if let found = index[names] {
        groups[id].target = found
        continue
      }
      // Not a group as written: say what it is instead.
      var node: JSONValue = .object(root)
      var message = "$extends names {\(target)}, which is not a group (§6.4.6)"
      for name in names {
        guard let next = node.objectValue?[name] else {
          message = "$extends names {\(target)}, which is not a group in the file (§6.4.6)"
          break
        }
        node = next
      }
      if let object = node.objectValue, object["$value"] != nil || object["$ref"] != nil {
        message = "$extends names {\(target)}, a token; $extends must name a group (§6.4)"
      }
      problems.append(Problem(jsonPath: at, path: group.path, message: message))
    }
  }

  /// The groups a group depends on: those nested in it, then the one it extends.
  private func dependencies(of id: Int) -> [Int] {
    groups[id].target.map { groups[id].children + [$0] } ?? groups[id].children
  }

  /// Every group after everything it depends on (post-order of an iterative depth-first
  /// walk from the root), reporting each cycle once at an `$extends` on it (§6.4.4, §6.7.4).
  /// - Returns: The order, or nil when there is a cycle.
  private mutating func dependencyOrder() -> [Int]? {
    // 0: not seen, 1: on the stack, 2: done.
    var state = [UInt8](repeating: 0, count: groups.count)
    var order: [Int] = []
    order.reserveCapacity(groups.count)
    var stack: [(id: Int, edges: [Int], next: Int)] = [(0, dependencies(of: 0), 0)]
    var position = [Int](repeating: -1, count: groups.count)
    state[0] = 1
    position[0] = 0
    var cyclic = false
    while !stack.isEmpty {
      let top = stack.count - 1
      guard stack[top].next < stack[top].edges.count else {
        let id = stack[top].id
        state[id] = 2
        order.append(id)
        stack.removeLast()
        continue
      }
      let next = stack[top].edges[stack[top].next]
      stack[top].next += 1
      switch state[next] {
      case 0:
        state[next] = 1
        position[next] = stack.count
        stack.append((next, dependencies(of: next), 0))
      case 1:
        cyclic = true
        reportCycle(
          stack.suffix(from: position[next]).map { (id: $0.id, edge: $0.next - 1, edges: $0.edges) }
        )
      default:
        break
      }
    }
    return cyclic ? nil : order
  }

  /// One error for a cycle: the groups on it in order, located at the first `$extends`
  /// it follows.
  /// - Parameter frames: The walk's frames from the repeated group to the current one, each
  ///   with the edge it is following.
  private mutating func reportCycle(_ frames: [(id: Int, edge: Int, edges: [Int])]) {
    let names = frames.map(\.id) + [frames[0].id]
    let text = names.map { groups[$0].path.joined(separator: ".") }.filter { !$0.isEmpty }
    // The last frame whose edge is its `$extends` (the last edge of a group with a
    // target): the `$extends` that closes the cycle.
    let at =
      frames.last { groups[$0.id].target != nil && $0.edge == $0.edges.count - 1 }?.id
      ?? frames[frames.count - 1].id
    problem(
      atExtendsOf: at,
      "circular $extends: \(BoundedList.chain(text.map { "{\($0)}" })) (§6.4.4, §6.7.4)")
  }

  /// Refuses a path through the graph longer than ``maximumDepth``: one error per chain,
  /// at the `$extends` where it starts (one that no over-long chain reaches).
  /// - Parameter order: ``dependencyOrder()``.
  private mutating func checkDepth(order: [Int]) {
    // Below: the longest path from each group down; above: the longest from the root to it.
    var below = [Int](repeating: 0, count: groups.count)
    for id in order {
      for next in dependencies(of: id) { below[id] = max(below[id], below[next] + 1) }
    }
    guard below[0] > Self.maximumDepth else { return }
    var above = [Int](repeating: 0, count: groups.count)
    for id in order.reversed() {
      for next in dependencies(of: id) { above[next] = max(above[next], above[id] + 1) }
    }
    let over = { (id: Int) in above[id] + below[id] > Self.maximumDepth }
    // Groups an over-long chain reaches through an `$extends`: not where a chain starts.
    var reached = [Bool](repeating: false, count: groups.count)
    var pending = groups.indices.compactMap { id in over(id) ? groups[id].target : nil }
    while let id = pending.popLast() {
      guard !reached[id] else { continue }
      reached[id] = true
      pending.append(contentsOf: dependencies(of: id))
    }
    let starts = groups.indices.filter { groups[$0].extends && over($0) && !reached[$0] }
    for id in starts.prefix(Self.maximumChainsReported) {
      let name = groups[id].path.joined(separator: ".")
      problem(
        atExtendsOf: id,
        "$extends from {\(name)} goes more than \(Self.maximumDepth) groups deep (\((above[id] + below[id]).withSeparators) from the file's root: a chain of $extends, counting nested groups); the file is refused (§6.4)"
      )
    }
    if starts.count > Self.maximumChainsReported {
      problems.append(
        Problem(
          jsonPath: "", path: [],
          message:
            "\(starts.count - Self.maximumChainsReported) more chains of $extends go more than \(Self.maximumDepth) groups deep (§6.4)",
          isSummary: true))
    }
    if starts.isEmpty {
      problems.append(
        Problem(
          jsonPath: "", path: [],
          message:
            "groups nest more than \(Self.maximumDepth) deep (groups nested plus $extends followed); the file is refused (§6.4)"
        ))
    }
  }

  /// Refuses `$extends` that would copy more than ``maximumCopies`` members, counted from
  /// each group's size before any copy is made (a bound: members a group overrides are
  /// counted on both sides).
  /// - Parameter order: ``dependencyOrder()``.
  private mutating func checkCopies(order: [Int]) {
    let cap = Self.maximumCopies + 1
    var size = [Int](repeating: 0, count: groups.count)
    var copies = 0
    for id in order {
      var total = 0
      for (key, value) in groups[id].object.members where !key.hasPrefix("$") || key == "$root" {
        if Self.group(key, value) == nil { total += 1 }
      }
      for child in groups[id].children { total = min(cap, total + 1 + size[child]) }
      if let target = groups[id].target {
        total = min(cap, total + size[target])
        copies = min(cap, copies + size[target])
        if copies > Self.maximumCopies {
          problem(
            atExtendsOf: id,
            "$extends copies more than \(Self.maximumCopies.withSeparators) tokens and groups into the file (counting nested ones; this one reaches the limit); the file is refused (§6.4)"
          )
          return
        }
      }
      size[id] = total
    }
  }

  /// Every group expanded, targets first; a group that neither extends nor holds one that
  /// does is kept as written.
  /// - Parameter order: ``dependencyOrder()``.
  /// - Returns: The expanded root.
  private func expanded(order: [Int]) -> JSONObject {
    var result = [JSONObject?](repeating: nil, count: groups.count)
    var changed = [Bool](repeating: false, count: groups.count)
    for id in order {
      let group = groups[id]
      changed[id] = group.extends || group.children.contains { changed[$0] }
      guard changed[id] else {
        result[id] = group.object
        continue
      }
      var local = JSONObject()
      local.members.reserveCapacity(group.object.members.count)
      var children = group.children.makeIterator()
      for (key, value) in group.object.members where key != "$extends" {
        if Self.group(key, value) != nil, let child = children.next() {
          local.members.append((key, .object(result[child] ?? JSONObject())))
        } else {
          local.members.append((key, value))
        }
      }
      if let target = group.target, let base = result[target] {
        result[id] = Self.deepMerge(base: base, local: local)
      } else {
        result[id] = local
      }
    }
    return result[0] ?? root
  }

  /// Local members win; groups present on both sides merge; tokens replace whole (§6.4.2).
  /// Linear in the members of both: each side's names are looked up in a table, not
  /// searched (a group extending one of 50,000 members searched it once per member).
  /// Recursion follows groups present on both sides, so it is no deeper than the
  /// expanded tree, which ``maximumDepth`` bounds.
  static func deepMerge(base: JSONObject, local: JSONObject) -> JSONObject {
    var localIndex: [String: Int] = [:]
    localIndex.reserveCapacity(local.members.count)
    for (i, member) in local.members.enumerated() where localIndex[member.key] == nil {
      localIndex[member.key] = i
    }
    var baseKeys = Set<String>()
    baseKeys.reserveCapacity(base.members.count)
    var out = JSONObject()
    out.members.reserveCapacity(base.members.count + local.members.count)
    for (key, value) in base.members where key != "$extends" {
      baseKeys.insert(key)
      if let i = localIndex[key] {
        let mine = local.members[i].value
        if let a = value.objectValue, let b = mine.objectValue, !key.hasPrefix("$"),
          a["$value"] == nil, b["$value"] == nil, a["$ref"] == nil, b["$ref"] == nil
        {
          out.members.append((key, .object(deepMerge(base: a, local: b))))
        } else {
          out.members.append((key, mine))
        }
      } else {
        out.members.append((key, value))
      }
    }
    for (key, value) in local.members where !baseKeys.contains(key) && key != "$extends" {
      out.members.append((key, value))
    }
    return out
  }
}

extension Int {
  /// The number with thousands separators (`1,000,000`), for messages.
  fileprivate var withSeparators: String {
    let digits = Array(String(self))
    var out = ""
    for (i, digit) in digits.enumerated() {
      if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return out
  }
}
