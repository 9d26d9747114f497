import CatalogModel

extension TokenGraph {
  /// The one rule for circular references (DTCG Format §7.2.3: references MUST NOT be
  /// circular, and a tool MUST report an error naming every token in the cycle): every
  /// cycle reachable from `starts` through any kind of reference a token's value holds —
  /// a whole-value alias (§7.1.1), a Tokens Studio math operand (`{b} * 2`) or a composite
  /// member (`"color": "{brand}"`, §9) — each reported once, with its members in the
  /// order the references run (`["a", "b"]` for `a = {b} * 2`, `b = {a} + 1px`).
  ///
  /// Depth-first with an explicit stack (the input never controls the depth of Swift
  /// recursion), each token visited once, so the cost is linear in the tokens and
  /// references reached. A reference to a token that does not exist ends there (the
  /// dangling rule reports it).
  ///
  /// Import (``TokenFileParser``), the service's write check (`tokens set`, `tokens
  /// rename`, `add` over the catalog's tokens, `edit --tokens`) and `doctor` all call it.
  /// - Parameters:
  ///   - starts: The token paths to start from, in the order cycles should be found.
  ///   - references: A token's references (``allReferences(of:)``), or nil when no token
  ///     has the path.
  /// - Returns: Each cycle's members, in reference order, starting where the search
  ///   entered it.
  public static func referenceCycles(
    from starts: some Sequence<String>, references: (String) -> [String]?
  ) -> [[String]] {
    // A token's place on the stack while it is there, then `finished`: one lookup per
    // reference.
    let finished = -1
    var position: [String: Int] = [:]
    var stack: [CycleSearchFrame] = []
    var cycles: [[String]] = []
    for start in starts where position[start] == nil {
      // A token that names no token cannot be on a cycle: it is passed over without a
      // place in `position` (most tokens of a large file are literals).
      guard let first = references(start), !first.isEmpty else { continue }
      position[start] = 0
      stack.append(CycleSearchFrame(path: start, references: first))
      while let top = stack.last {
        let index = stack.count - 1
        guard top.next < top.references.count else {
          position[top.path] = finished
          stack.removeLast()
          continue
        }
        let reference = top.references[top.next]
        stack[index].next += 1
        if let at = position[reference] {
          // A reference back to a token on the stack closes a cycle (§7.2.3).
          if at != finished { cycles.append(stack[at...].map(\.path)) }
          continue
        }
        guard let next = references(reference) else {
          position[reference] = finished
          continue
        }
        // A literal ends the path here (asked again if another token names it: cheaper
        // than remembering every literal).
        if next.isEmpty { continue }
        position[reference] = stack.count
        stack.append(CycleSearchFrame(path: reference, references: next))
      }
    }
    return cycles
  }

  /// ``referenceCycles(from:references:)`` over this graph's tokens.
  /// - Parameter starts: The token paths to start from (every token's, sorted, when nil).
  /// - Returns: Each cycle's members.
  public func referenceCycles(from starts: [String]? = nil) -> [[String]] {
    let tokens = self.tokens
    return Self.referenceCycles(
      from: starts ?? tokens.keys.sorted(),
      references: { path in tokens[path].map(Self.allReferences(of:)) })
  }

  /// The cycles among `tokens` found from `paths`, each once, as every report shows them
  /// (`doctor`'s `token-cycle`, `lint --tokens`, the write checks): rotated to start at
  /// its alphabetically least member and sorted, so the same cycle reads the same whatever
  /// the search order, before and after a change (``referenceCycles(from:references:)``,
  /// DTCG Format §7.2.3).
  /// - Parameters:
  ///   - paths: Token paths to start from (only those whose value can hold a reference are).
  ///   - tokens: The tokens, holding everything `paths` reach.
  ///   - excluding: Paths not to start from.
  /// - Returns: Each cycle (rotated), and every member of one.
  public static func reportedCycles(
    from paths: [String], tokens: [String: DesignToken], excluding: Set<String> = []
  ) -> (cycles: [[String]], members: Set<String>) {
    // In the sequence's order (no sort of a large import's reach): each cycle is rotated
    // to its least member and the cycles sorted, so the answer does not depend on it.
    let starts = paths.filter { path in
      if !excluding.isEmpty && excluding.contains(path) { return false }
      guard let token = tokens[path] else { return false }
      switch token.value {
      case .string(let s): return s.utf8.contains(UInt8(ascii: "{"))
      case .object, .array: return !allReferences(of: token).isEmpty
      default: return false
      }
    }
    guard !starts.isEmpty else { return ([], []) }
    var cycles: [[String]] = []
    var members = Set<String>()
    for cycle in referenceCycles(from: starts, references: { tokens[$0].map(allReferences(of:)) }) {
      guard let least = cycle.indices.min(by: { cycle[$0] < cycle[$1] }) else { continue }
      let rotated = Array(cycle[least...] + cycle[..<least])
      members.formUnion(rotated)
      cycles.append(rotated)
    }
    cycles.sort { $0.lexicographicallyPrecedes($1) }
    return (cycles, members)
  }

  /// The error for a cycle, the same words wherever it is found (import, `tokens set`,
  /// `tokens rename`, `doctor`, a resolution): `circular reference: {a} → {b} → {a}
  /// (§7.2.3)`, every member named, the first repeated at the end.
  /// - Parameter members: The cycle's members in reference order.
  /// - Returns: The message.
  public static func cycleMessage(_ members: [String]) -> String {
    "circular reference: \(describedCycle(members)) (§7.2.3)"
  }

  /// The error for a token outside a cycle whose value needs one of its members: its value
  /// is unknown too (§7.2.3).
  /// - Parameter members: The cycle's members in reference order.
  /// - Returns: The message.
  public static func runsIntoCycleMessage(_ members: [String]) -> String {
    "its references run into the circular reference \(describedCycle(members)), so its value is unknown (§7.2.3)"
  }

  /// `{a} → {b} → {a}`.
  static func describedCycle(_ members: [String]) -> String {
    guard let first = members.first else { return "" }
    return BoundedList.chain((members + [first]).map { "{\($0)}" })
  }
}

/// A token on the stack of ``TokenGraph/referenceCycles(from:references:)``: its references
/// and the next one to follow.
private struct CycleSearchFrame {
  var path: String
  var references: [String]
  var next = 0
}
