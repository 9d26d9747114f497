import CatalogModel
import CatalogResolver
import CatalogTokens

extension CatalogService {
  /// The dependents check for components: every stored component (other than the changed
  /// ones) that instances a changed or removed component, checked again as the catalog now
  /// is (its arguments must still match the parameters, its slots the slots).
  ///
  /// - Parameters:
  ///   - changed: The components saved, reverted or removed.
  ///   - checker: A checker over the catalog as it now is.
  /// - Returns: Each problem, located at the dependent component and JSON path.
  /// - Throws: ``CatalogError`` when the catalog cannot be read.
  func dependentProblems(of changed: Set<String>, checker: DefinitionChecker) throws(CatalogError)
    -> [CatalogProblem]
  {
    guard !changed.isEmpty else { return [] }
    var out: [CatalogProblem] = []
    for dependent in try readableDefinitions() where !changed.contains(dependent.name) {
      guard dependent.instanceUses.contains(where: { changed.contains($0.component) }) else {
        continue
      }
      out.append(contentsOf: checker.problems(in: dependent))
    }
    return out
  }

  /// Every token reference in the catalog that does not resolve as it should: aliases
  /// meeting nothing or a token of another type (DTCG Format §7.4.5: an alias keeps its
  /// type), and component lengths whose token is missing or not a dimension or number.
  ///
  /// - Parameter includeDangling: Count token aliases that name no token (false under
  ///   `--allow-dangling`, whose import warned about them already).
  /// - Returns: One problem per reference.
  /// - Throws: ``CatalogError`` when the catalog cannot be read.
  public func dependencyProblems(includeDangling: Bool = true) throws(CatalogError)
    -> [CatalogProblem]
  {
    let resolver = try tokenResolver()
    var problems: [CatalogProblem] = []
    for (path, token) in resolver.tokens.sorted(by: { $0.key < $1.key })
    where token.aliasTarget != nil {
      let location = CatalogLocation(token: path)
      do {
        let r = try resolver.resolve(path)
        if let problem = Self.aliasTypeProblem(path: path, type: token.type, resolvedType: r.type) {
          problems.append(CatalogProblem(location, problem))
        }
      } catch {
        // `--allow-dangling` kept it with a warning; doctor reports it (one rule).
        if !includeDangling, case .unknown = error { continue }
        problems.append(CatalogProblem(location, "{\(path)}: \(error)"))
      }
    }
    for definition in try readableDefinitions() {
      for use in definition.tokenUses {
        let location = CatalogLocation(component: definition.name, jsonPath: use.path)
        do {
          let r = try resolver.resolve(use.token)
          if let points = r.points,
            let rule = Resolver.lengthBoundProblem(points, writtenAs: .token(use.token))
          {
            problems.append(
              CatalogProblem(
                location, "{\(use.token)} is now \(formatPoints(points)) points; \(rule)"))
          } else if r.points == nil {
            problems.append(
              CatalogProblem(
                location,
                "{\(use.token)} is now a \(r.type ?? "untyped") token; a length needs a dimension or number"
              ))
          }
        } catch {
          problems.append(CatalogProblem(location, "\(error)"))
        }
      }
    }
    return problems
  }

  /// The rule that an alias keeps its token's type (DTCG Format §7.4.5: a token whose
  /// `$value` is an alias has the type of the token it resolves to, so a declared `$type`
  /// must equal it): the problem, or `nil` when the types agree or one is unknown.
  /// - Parameters:
  ///   - path: The aliasing token's path.
  ///   - type: Its declared `$type`.
  ///   - resolvedType: The type of the token the alias chain ends at.
  /// - Returns: The problem in words.
  static func aliasTypeProblem(path: String, type: String?, resolvedType: String?) -> String? {
    guard let type, let resolvedType, type != resolvedType else { return nil }
    return
      "{\(path)} is a \(type) token but its alias now resolves to a \(resolvedType) token (DTCG §7.4.5)"
  }

  /// Every stored definition that parses (`doctor` reports the others), so one damaged
  /// row does not block every later change.
  func readableDefinitions() throws(CatalogError) -> [ComponentDefinition] {
    try components().compactMap { try? Self.parse($0) }
  }

  /// Checks definitions against the catalog without saving them (for an editor that
  /// re-opens the text with the errors): every instance, argument, slot and token.
  ///
  /// - Parameter definitions: The definitions, checked together.
  /// - Returns: The problems, each located at its component and JSON path.
  /// - Throws: ``CatalogError`` when the catalog cannot be read.
  public func problems(in definitions: [ComponentDefinition]) throws(CatalogError)
    -> [CatalogProblem]
  {
    let checker = try DefinitionChecker(service: self, batch: definitions)
    return definitions.flatMap { checker.problems(in: $0) }
  }
}
