import CatalogModel
import CatalogResolver
import CatalogStore
import CatalogTokens

/// What the last dependents check of ``CatalogService/apply(_:options:)`` looked at: the
/// observable that shows the check is incremental (issue 11; issue 12, point 3).
public struct DependentsCheckReport: Sendable, Equatable {
  /// The token paths whose resolution was recomputed and checked: the paths the change
  /// wrote, removed or moved, and every token that refers to one of them through any chain
  /// of aliases, math operands and composite members.
  public var tokens: Set<String> = []
  /// The components checked again: those saved, those instancing a saved or removed one,
  /// and those with a length naming one of ``tokens``.
  public var components: Set<String> = []

  /// An empty report.
  public init() {}
}

/// The token paths and components one ``CatalogService/apply(_:options:)`` call touches.
struct ChangeScope {
  /// Paths whose winning token may change (written, removed, renamed, or in a moved set).
  var tokens: Set<String> = []
  /// Whether a token import may reuse its in-memory resolution (a single import and no
  /// other token change).
  var singleImport = false
  /// The paths a file import writes (an import judges its own expressions, with warnings).
  var imported: Set<String> = []
}

extension CatalogService {
  /// The token paths each change touches, read before anything is written.
  func scope(of changes: [CatalogChange]) throws -> ChangeScope {
    var scope = ChangeScope()
    var imports = 0
    var others = 0
    for change in changes {
      switch change {
      case .saveComponent, .revertComponent, .removeComponent, .savePlatform,
        .saveResolverDocument, .removeResolverDocument, .revertResolverDocument:
        // A resolver document's contexts apply only with --input: no stored token's
        // value depends on it.
        continue
      case .importTokens(let tokens, _, _, _):
        imports += 1
        scope.tokens.reserveCapacity(scope.tokens.count + tokens.count)
        for t in tokens {
          let path = NameText.normalized(t.path)
          scope.tokens.insert(path)
          scope.imported.insert(path)
        }
      case .syncTokenSet(let tokens, let set, _, _):
        others += 1
        for t in tokens {
          let path = NameText.normalized(t.path)
          scope.tokens.insert(path)
          scope.imported.insert(path)
        }
        if let stored = try? store.tokens(inSet: set) { scope.tokens.formUnion(stored.map(\.path)) }
      case .replaceTokenSet(let set, let tokens, let expected):
        others += 1
        for t in tokens { scope.tokens.insert(NameText.normalized(t.path)) }
        scope.tokens.formUnion(expected.keys.map(NameText.normalized))
        if let stored = try? store.tokens(inSet: set) { scope.tokens.formUnion(stored.map(\.path)) }
      case .setToken(let path, _, _, _), .removeToken(let path, _):
        others += 1
        scope.tokens.insert(NameText.normalized(path))
      case .renameToken(let old, let new):
        others += 1
        scope.tokens.insert(NameText.normalized(TokenGraph.storedPath(old)))
        scope.tokens.insert(NameText.normalized(TokenGraph.storedPath(new)))
      case .renameTokenSet:
        // Which token wins a path does not depend on a set's name.
        others += 1
      case .moveTokenSet(let name, _), .removeTokenSet(let name):
        others += 1
        if let stored = try? store.tokens(inSet: name) {
          scope.tokens.formUnion(stored.map(\.path))
        }
      }
    }
    scope.singleImport = imports == 1 && others == 0
    return scope
  }

  /// Every stored token that refers, through any chain of references (aliases, math
  /// operands, composite members), to one of `paths`, with `paths` themselves: the reverse
  /// token graph (``TokenGraph/dependents(of:)``'s rule) built from the rows whose value
  /// holds a reference only.
  /// - Parameter paths: Token paths.
  /// - Returns: `paths` and their dependents.
  func reverseClosure(of paths: Set<String>) throws -> Set<String> {
    guard !paths.isEmpty else { return [] }
    // Each referencing row's references, read from its text (parsed only when the text
    // needs it), without building its value.
    var edges: [(path: String, references: [String])] = []
    for row in try store.referencingTokenValues() {
      if let references = TokenReferenceScanner.references(inJSON: row.value) {
        edges.append((row.path, references))
      } else if let value = try? JSONParser.parse(row.value, file: "catalog").root {
        edges.append((row.path, TokenGraph.references(in: value)))
      }
    }
    guard !edges.isEmpty else { return paths }
    // Breadth-first, one pass over the edges per step of the chains: a change reaches a
    // few steps, and this keeps no map of every edge. Past `scanLevels` steps (a long
    // chain), the reverse map is built once, so the cost stays linear.
    let scanLevels = 8
    var seen = paths
    var frontier = paths
    var level = 0
    while !frontier.isEmpty && level < scanLevels {
      var next = Set<String>()
      for edge in edges where !seen.contains(edge.path) && !next.contains(edge.path) {
        if edge.references.contains(where: { $0 != edge.path && frontier.contains($0) }) {
          next.insert(edge.path)
        }
      }
      seen.formUnion(next)
      frontier = next
      level += 1
    }
    guard !frontier.isEmpty else { return seen }
    var reverse: [String: [String]] = [:]
    for edge in edges {
      for r in edge.references where r != edge.path { reverse[r, default: []].append(edge.path) }
    }
    var queue = Array(frontier)
    while let p = queue.popLast() {
      for d in reverse[p] ?? [] where seen.insert(d).inserted { queue.append(d) }
    }
    return seen
  }

  /// A resolver over the stored tokens that answers for `paths` exactly as the whole
  /// catalog's would: the closure of `paths` under references (indexed lookups) when it is
  /// small against the catalog, else every token.
  /// - Parameters:
  ///   - paths: Token paths to answer for.
  ///   - seed: Tokens already known (by path), used instead of reading them.
  /// - Returns: The resolver.
  func scopedResolver(for paths: Set<String>, seed: [String: DesignToken] = [:]) throws
    -> TokenResolver
  {
    let rowCount = try store.tokenRowCount()
    if rowCount == 0 && seed.isEmpty { return TokenResolver(tokens: [:]) }
    if seed.isEmpty && paths.count * 4 > rowCount { return try tokenResolver() }
    var tokens = seed
    // `{group.$root}` names the token stored under the group's path (Format §6.2).
    var frontier = Set(paths.map(TokenGraph.storedPath)).filter { tokens[$0] == nil }
    for token in seed.values {
      for r in TokenGraph.allReferences(of: token) where tokens[r] == nil { frontier.insert(r) }
    }
    var asked = frontier
    while !frontier.isEmpty {
      let records = try store.resolvedTokens(paths: frontier)
      var next = Set<String>()
      for (path, record) in records {
        let token = RecordMapping.token(from: record)
        tokens[path] = token
        for r in TokenGraph.allReferences(of: token)
        where tokens[r] == nil && asked.insert(r).inserted {
          next.insert(r)
        }
      }
      frontier = next
    }
    return TokenResolver(tokens: tokens)
  }

  /// The one rule of the dependents check for tokens and component token uses (DTCG Format
  /// §7.4.5: an alias keeps its type; each use takes the types of its kind,
  /// ``TokenUseKind/accepts(type:points:)``, a length within the resolver's bound), over the
  /// given token paths and component uses only.
  ///
  /// - Parameters:
  ///   - paths: Token paths to check (the aliases among them are checked).
  ///   - uses: Component token uses of every type (component, token path, JSON path, kind).
  ///   - resolver: Resolves the tokens as the catalog holds them.
  ///   - includeDangling: Count aliases that name no token.
  ///   - cycleMembers: The tokens on a cycle through `paths`, found already (computed when nil).
  ///   - keptValues: Tokens the input keeps as written on purpose
  ///     (``ChangeOptions/keptValues``; ``isKeptAsWritten(_:listed:)``).
  ///   - ownImports: Tokens the change imports from a file, whose expressions the import
  ///     judged already (kept with a warning, ``uncomputedImportWarnings(_:resolver:catalog:source:positions:)``).
  /// - Returns: One problem per reference, tokens by path, then uses in order.
  static func referenceProblems(
    paths: some Sequence<String>, uses: [TokenUsageRecord], resolver: TokenResolver,
    includeDangling: Bool, cycleMembers: Set<String>? = nil, keptValues: Set<String> = [],
    ownImports: Set<String> = []
  ) -> [CatalogProblem] {
    var problems: [CatalogProblem] = []
    let tokens = resolver.tokens
    // Each alias's path and type (what the check reads; not a copy of the whole token).
    var aliases: [(path: String, type: String?)] = []
    if let reach = paths as? Set<String>, reach.count > resolver.graph.aliasPaths.count {
      // A large reach (an import): visit the aliases, not every path.
      for path in resolver.graph.aliasPaths where reach.contains(path) {
        if let token = tokens[path] { aliases.append((path, token.type)) }
      }
    } else {
      for path in paths {
        if let token = tokens[path], token.aliasTarget != nil { aliases.append((path, token.type)) }
      }
    }
    // The problems come out in path order (sorted below): the aliases, a large import's
    // tens of thousands, are not sorted (each gives at most one problem; nearly always none).
    var aliasProblems: [(path: String, problem: CatalogProblem)] = []
    // A cycle through the reach (the one cycle rule, DTCG Format §7.2.3) is reported by
    // ``referenceCycleProblems(paths:tokens:excluding:)`` as invalid input, not here; its members'
    // aliases are not reported again.
    let cycleMembers =
      cycleMembers ?? referenceCycleProblems(paths: paths, tokens: tokens).members
    for (path, type) in aliases {
      let location = CatalogLocation(token: path)
      do {
        let r = try resolver.resolveValue(path)
        // An alias a catalog folder lists as kept (`keptValues`: `add --force` left it
        // naming a token of another type) is imported as it was; doctor reports it.
        if let problem = aliasTypeProblem(path: path, type: type, resolvedType: r.type),
          !keptValues.contains(path)
        {
          aliasProblems.append((path, CatalogProblem(location, problem)))
        }
      } catch {
        // `--allow-dangling` kept it with a warning; doctor reports it (one rule).
        if !includeDangling, case .unknown = error { continue }
        if case .cycle(let members) = error {
          // Reported above on the cycle; a token outside it is unknown too.
          if !cycleMembers.contains(path) {
            aliasProblems.append(
              (
                path,
                CatalogProblem(location, "{\(path)}: \(TokenGraph.runsIntoCycleMessage(members))")
              ))
          }
          continue
        }
        aliasProblems.append((path, CatalogProblem(location, "{\(path)}: \(error)")))
      }
    }
    problems += aliasProblems.sorted { $0.path < $1.path }.map(\.problem)
    // An expression a change reaches (whole-value math, `rgba({c}, 0.5)`) must still be
    // computed, as an alias must still resolve: ``expressionProblem(path:resolver:includeDangling:ownImports:)``.
    let reached = Array(paths)
    if reached.count <= 4_096 {
      for path in reached.sorted() {
        guard let token = tokens[path], token.aliasTarget == nil, case .string = token.value
        else { continue }
        if let problem = expressionProblem(
          path: path, resolver: resolver, includeDangling: includeDangling,
          ownImports: ownImports)
        {
          problems.append(CatalogProblem(CatalogLocation(token: path), problem))
        }
      }
    }
    // A composite member names a token like an alias does (Format §9, §7.4.5): the rule
    // import runs, for every composite token the change reaches.
    var composites: [String] = []
    if let reach = paths as? Set<String>, reach.count > resolver.graph.compositePaths.count {
      // A large reach (an import): visit the composite tokens, not every path.
      composites = resolver.graph.compositePaths.filter { reach.contains($0) }
    } else {
      for path in paths {
        if let token = tokens[path], token.aliasTarget == nil, let type = token.type,
          TokenValue.compositeTypes.contains(type)
        {
          composites.append(path)
        }
      }
    }
    for path in composites.sorted() {
      // A value a lenient import kept as written (a vendor dialect's member DTCG cannot
      // hold, `"letterSpacing": "0%"`): the import warned, and doctor and lint report it
      // through the token graph (`TokenGraph.storedValueProblem`); a change that stores
      // it breaks nothing. Checked without the other tokens, so a member alias that now
      // names a token of another type is still reported below.
      if let token = tokens[path], isKeptAsWritten(token, listed: keptValues) { continue }
      if let problem = compositeMemberProblem(path: path, tokens: tokens) {
        problems.append(CatalogProblem(CatalogLocation(token: path), problem))
      } else if let problem = expressionProblem(
        path: path, resolver: resolver, includeDangling: false, ownImports: ownImports)
      {
        // Member math (`"width": "{w} * 2"`) that can no longer be computed; a member naming
        // no token is reported just below.
        problems.append(CatalogProblem(CatalogLocation(token: path), problem))
      }
      // A member naming no token, by the one dangling rule (what `tokens remove` breaks
      // inside a composite is listed too).
      guard includeDangling, let value = tokens[path]?.value else { continue }
      for target in TokenGraph.references(in: value) where tokens[target] == nil {
        let failure = TokenResolver.Failure.unknown(path: target, referencedFrom: path)
        problems.append(CatalogProblem(CatalogLocation(token: path), "{\(path)}: \(failure)"))
      }
    }
    for use in uses {
      let location = CatalogLocation(component: use.component, jsonPath: use.jsonPath)
      do {
        let r = try resolver.resolveValue(use.tokenPath)
        if !use.kind.accepts(type: r.type, points: r.points) {
          // The one type rule of token uses (TokenUseKind), for every kind of use.
          problems.append(
            CatalogProblem(
              location,
              "{\(use.tokenPath)} is now a \(r.type ?? "untyped") token; \(use.kind.requirement)"))
        } else if use.kind == .length, let points = r.points,
          let rule = Resolver.lengthBoundProblem(points, writtenAs: .token(use.tokenPath))
        {
          problems.append(
            CatalogProblem(
              location, "{\(use.tokenPath)} is now \(formatPoints(points)) points; \(rule)"))
        } else if includeDangling, let missing = missingReference(from: use.tokenPath, in: tokens) {
          // A composite's member naming no token resolves (the member is kept as written),
          // but the component's use reaches the missing token: named with the chain, as an
          // alias chain is (`tokens remove colors.blue` while `bdr.base`'s colour names it).
          problems.append(
            CatalogProblem(
              location,
              resolver.graph.describe(
                .unknown(path: missing.path, referencedFrom: missing.from),
                reachedFrom: use.tokenPath)))
        }
      } catch {
        // Reached through other tokens: the whole chain (TokenGraph.describe).
        problems.append(
          CatalogProblem(location, resolver.graph.describe(error, reachedFrom: use.tokenPath)))
      }
    }
    return problems
  }

  /// The first token that `path` reaches through references (aliases, math operands,
  /// composite members; breadth-first, so nearest first) and that names a token `tokens`
  /// does not hold.
  /// - Parameters:
  ///   - path: The token a component names.
  ///   - tokens: The tokens as the change leaves them.
  /// - Returns: The missing path and the token naming it, or nil when every reference is held.
  static func missingReference(from path: String, in tokens: [String: DesignToken]) -> (
    path: String, from: String
  )? {
    let start = TokenGraph.storedPath(path)
    var seen: Set<String> = [start]
    var frontier = [start]
    while !frontier.isEmpty {
      var next: [String] = []
      for p in frontier {
        guard let token = tokens[p] else { continue }
        for r in TokenGraph.allReferences(of: token) where seen.insert(r).inserted {
          if tokens[r] == nil { return (r, p) }
          next.append(r)
        }
      }
      frontier = next
    }
    return nil
  }

  /// The one rule of the dependents check for a token whose value is an expression naming
  /// tokens (whole-value math `{w} * 2`, `rgba({c}, 0.5)`, a composite's member math): it
  /// must still be computed with the tokens as the change leaves them, as an alias must
  /// still resolve to its type (DTCG Format §7.4.5). Changing an operand's type (a
  /// dimension to a colour), its range, or removing it breaks the expression; `--force`
  /// keeps the change, listing each, as for aliases.
  /// - Parameters:
  ///   - path: The token's path.
  ///   - resolver: The tokens as the change leaves them.
  ///   - includeDangling: Count an operand that names no token (false under
  ///     `--allow-dangling`, and for composites, whose missing members are listed apart).
  ///   - ownImports: Tokens an import of this change wrote: the import warned about their
  ///     own expressions already, and keeps them.
  /// - Returns: The problem in words (`{path}: …`), or nil when it computes. A cycle is
  ///   reported by ``referenceCycleProblems(paths:tokens:excluding:)``, not here.
  static func expressionProblem(
    path: String, resolver: TokenResolver, includeDangling: Bool, ownImports: Set<String>
  ) -> String? {
    do {
      _ = try resolver.resolveValue(path)
      return nil
    } catch {
      switch error {
      case .cycle: return nil
      case .outOfRange: return "{\(path)}: \(error)"
      case .unknown(let missing, _):
        // A math operand naming no token, as a whole-value alias (one dangling rule): what
        // `tokens remove` breaks through math is listed too, with its chain.
        guard includeDangling, resolver.tokens[missing] == nil else { return nil }
      case .math, .invalid, .tooLong:
        if ownImports.contains(path) { return nil }
      }
      return "{\(path)}: \(resolver.graph.describe(error, reachedFrom: path))"
    }
  }

  /// The cycles through `paths` (``TokenGraph/reportedCycles(from:tokens:excluding:)``, the
  /// one rule import, `doctor` and `lint --tokens` run), each once, starting at its
  /// alphabetically first member so the same cycle reads the same before and after a change.
  /// - Parameters:
  ///   - paths: Token paths to start from (only those whose value can hold a reference are).
  ///   - tokens: The tokens, holding everything `paths` reach.
  ///   - excluding: Paths not to start from (a single import's own tokens when its set wins
  ///     them: the file's own cycles were refused by its parse, so a new cycle passes
  ///     through a token outside it, and is found from there).
  /// - Returns: Each cycle (rotated), one problem per cycle, and every member.
  static func referenceCycleProblems(
    paths: some Sequence<String>, tokens: [String: DesignToken], excluding: Set<String> = []
  ) -> (cycles: [[String]], problems: [CatalogProblem], members: Set<String>) {
    // No token, no start and no cycle (before a first import, each of its paths was
    // looked up in the empty catalog).
    guard !tokens.isEmpty else { return ([], [], []) }
    let (cycles, members) = TokenGraph.reportedCycles(
      from: Array(paths), tokens: tokens, excluding: excluding)
    var problems: [CatalogProblem] = []
    for rotated in cycles {
      problems.append(
        CatalogProblem(
          CatalogLocation(token: rotated[0]),
          "{\(rotated[0])}: \(TokenGraph.cycleMessage(rotated))"))
    }
    return (cycles, problems, members)
  }

  /// The rule that a composite token's member aliases name tokens of the members' types:
  /// ``TokenGraph/compositeMemberProblem(path:tokens:)``, which lint asks too.
  static func compositeMemberProblem(path: String, tokens: [String: DesignToken]) -> String? {
    TokenGraph.compositeMemberProblem(path: path, tokens: tokens)
  }

  /// The reference problems among `paths` and the component token uses (of every type) that
  /// name one of them, as the catalog now is.
  /// - Parameters:
  ///   - paths: Token paths (a change's reach).
  ///   - uses: Every stored component token use (``CatalogStore/componentTokenUses()``).
  ///   - resolver: A resolver answering for `paths` and the uses' tokens, or nil to build one.
  ///   - includeDangling: Count aliases that name no token.
  ///   - cycleStartsExcluding: Paths the cycle search need not start from
  ///     (``referenceCycleProblems(paths:tokens:excluding:)``).
  ///   - searchesCycles: False when the caller knows `cycleStartsExcluding` holds every
  ///     path of `paths` (no search could start): the search is skipped.
  ///   - keptValues: Tokens the input keeps as written on purpose (``ChangeOptions/keptValues``).
  ///   - ownImports: Tokens an import of the change wrote (``ChangeScope/imported``).
  /// - Returns: The problems, the components whose lengths were checked, and the cycles
  ///   through `paths` (``referenceCycleProblems(paths:tokens:excluding:)``), which are invalid input
  ///   whatever `--force` says.
  func scopedReferenceProblems(
    _ paths: Set<String>, uses: [TokenUsageRecord], resolver: TokenResolver?,
    includeDangling: Bool, cycleStartsExcluding: Set<String> = [], searchesCycles: Bool = true,
    keptValues: Set<String> = [], ownImports: Set<String> = []
  ) throws -> (problems: [CatalogProblem], components: Set<String>, cycles: [CatalogProblem]) {
    let reached = uses.filter { paths.contains($0.tokenPath) }
    guard !paths.isEmpty else { return ([], [], []) }
    // (No copy of a large reach when no component length adds to it.)
    let resolver =
      try resolver
      ?? scopedResolver(for: reached.isEmpty ? paths : paths.union(reached.map(\.tokenPath)))
    let cycles =
      searchesCycles
      ? Self.referenceCycleProblems(
        paths: paths, tokens: resolver.tokens, excluding: cycleStartsExcluding)
      : (cycles: [], problems: [], members: [])
    return (
      Self.referenceProblems(
        paths: paths, uses: reached, resolver: resolver, includeDangling: includeDangling,
        cycleMembers: cycles.members, keptValues: keptValues, ownImports: ownImports),
      Set(reached.map(\.component)),
      cycles.problems
    )
  }
}
