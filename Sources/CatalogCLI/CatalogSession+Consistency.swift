import CatalogModel
import CatalogStore
import CatalogTokens

extension CatalogSession {
  /// After a change to tokens (inside the change's transaction): stores every token's
  /// resolved value again, and checks that every length a component writes with a token
  /// still resolves to a dimension or number and that every alias still meets a token of its
  /// own type (DTCG Format §7.4.5).
  ///
  /// - Parameters:
  ///   - force: Accept the change even when it breaks something.
  ///   - includeDangling: Count token aliases that name no token (false under
  ///     `--allow-dangling`, whose parser warned about them already).
  ///   - after: The catalog's tokens after the change when the caller knows them exactly
  ///     (nil: read them back from the store).
  ///   - changed: The token paths the change saved with exact resolved values; only their
  ///     dependents are refreshed (nil: every token).
  ///   - baseline: The problems the catalog had before the change (``tokenProblems()``);
  ///     only new ones count, so an alias left dangling by a lenient import does not block
  ///     every later change.
  /// - Returns: The new problems (empty when all is well), for a warning when forced.
  /// - Throws: ``CommandError/failure(_:)`` listing what would break, unless `force`; the
  ///   caller's transaction then rolls the change back.
  @discardableResult
  func checkTokensAfterChange(
    force: Bool, baseline: Set<String>, includeDangling: Bool = true, after: TokenResolver? = nil, changed: Set<String>? = nil
  ) throws(CommandError) -> [String] {
    let resolver: TokenResolver
    if let after { resolver = after } else { resolver = try tokenResolver() }
    do {
      if let changed {
        // Incremental: the changed tokens were saved with their resolved values; only the
        // tokens that depend on them (the token graph's reverse edges) may have moved.
        var touched = Set<String>()
        for path in changed {
          for d in resolver.graph.dependents(of: path) where !changed.contains(d.path) { touched.insert(d.path) }
        }
        try store.refreshResolvedValues(paths: touched) { record in
          guard let r = try? resolver.resolveValue(record.path) else { return (nil, nil) }
          return (JSONWriter.compact(r.value), r.points)
        }
      } else {
        try store.refreshResolvedValues { record in
          guard let r = try? resolver.resolveValue(record.path) else { return (nil, nil) }
          return (JSONWriter.compact(r.value), r.points)
        }
      }
    } catch {
      throw .failure("\(error)")
    }
    let problems = try tokenProblems(resolver, includeDangling: includeDangling).filter { !baseline.contains($0) }
    if !problems.isEmpty && !force {
      throw .failure(
        "the change would break \(problems.count) reference\(problems.count == 1 ? "" : "s"); nothing was saved (pass --force to save anyway):\n  "
          + problems.prefix(20).joined(separator: "\n  ") + (problems.count > 20 ? "\n  …" : ""))
    }
    return problems
  }

  /// Every token reference that does not resolve as it should: aliases meeting a token of
  /// another type or nothing, and component lengths whose token is missing or not a length.
  /// - Parameters:
  ///   - resolver: The tokens to check (the catalog's when nil).
  ///   - includeDangling: Count token aliases and math operands that name no token.
  /// - Returns: One line per problem.
  /// - Throws: ``CommandError`` when the catalog cannot be read.
  func tokenProblems(_ given: TokenResolver? = nil, includeDangling: Bool = true) throws(CommandError) -> [String] {
    let resolver: TokenResolver
    if let given { resolver = given } else { resolver = try tokenResolver() }
    var problems: [String] = []
    for (path, token) in resolver.tokens.sorted(by: { $0.key < $1.key }) where token.aliasTarget != nil {
      do {
        let r = try resolver.resolveValue(path)
        if let own = token.type, let final = r.type, own != final {
          problems.append("{\(path)} is a \(own) token but its alias now resolves to a \(final) token (DTCG §7.4.5)")
        }
      } catch {
        if !includeDangling, case .unknown = error { continue }
        problems.append("{\(path)}: \(error)")
      }
    }
    for definition in try definitions() {
      for use in definition.tokenUses {
        do {
          let r = try resolver.resolveValue(use.token)
          if r.points == nil {
            problems.append("\(definition.name): \(use.path): {\(use.token)} is now a \(r.type ?? "untyped") token; a length needs a dimension or number")
          }
        } catch {
          problems.append("\(definition.name): \(use.path): \(error)")
        }
      }
    }
    return problems
  }
}
