import CatalogModel
import CatalogResolver
import CatalogStore
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
    // The stored instance rows name the dependents (indexed), so only those are parsed.
    let users = try CatalogError.wrapping { try store.componentsInstancing(changed) }
    for name in users where !changed.contains(name) {
      guard let dependent = try? definition(named: name) else { continue }
      out.append(contentsOf: checker.problems(in: dependent))
    }
    return out
  }

  /// Every token reference in the catalog that does not resolve as it should: aliases
  /// meeting nothing or a token of another type (DTCG Format §7.4.5: an alias keeps its
  /// type), and component token uses whose token is missing or of a type the use does not
  /// take (``TokenUseKind/accepts(type:points:)``: a length a dimension or number, a stroke a
  /// border, a shadow a shadow, a colour a color).
  ///
  /// - Parameter includeDangling: Count token aliases that name no token (false under
  ///   `--allow-dangling`, whose import warned about them already).
  /// - Returns: One problem per reference.
  /// - Throws: ``CatalogError`` when the catalog cannot be read.
  public func dependencyProblems(includeDangling: Bool = true) throws(CatalogError)
    -> [CatalogProblem]
  {
    let resolver = try tokenResolver()
    var uses: [TokenUsageRecord] = []
    let definitions = try readableDefinitions()
    let byName = Dictionary(definitions.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    for definition in definitions {
      for use in definition.tokenUses(components: { byName[$0] }) {
        uses.append(
          TokenUsageRecord(
            component: definition.name, tokenPath: use.token, jsonPath: use.path,
            property: use.property, tokenSet: nil, resolvedPoints: nil, kind: use.kind))
      }
    }
    return Self.referenceProblems(
      paths: resolver.tokens.keys, uses: uses, resolver: resolver,
      includeDangling: includeDangling)
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
    try definitionsAndDamaged().definitions
  }

  /// The token an argument names, checked by the one rule of token uses
  /// (``DefinitionChecker/kindProblem(token:kind:resolution:)``) for the kind its parameter
  /// gives a value to (``ComponentDefinition/parameterTokenKinds(components:)``): what a
  /// variant's, an instance's argument or a default is checked by when saved, for
  /// `render -a tint={colors.blue}`.
  /// - Parameters:
  ///   - definition: The component.
  ///   - parameter: The parameter's name.
  ///   - value: The argument.
  ///   - tokens: The tokens, holding the one the argument names.
  /// - Returns: The problem (`the token {space.md} is a dimension token; a colour needs a
  ///   color token`), or nil when the argument names no token, or one that fits.
  public func argumentTokenProblem(
    _ definition: ComponentDefinition, parameter: String, value: JSONValue, tokens: TokenResolver
  ) -> String? {
    let kinds = definition.parameterTokenKinds(components: storedDefinition)
    guard let kind = kinds[parameter], case .string(let s) = value, s.hasPrefix("{") else {
      return nil
    }
    let token: String?
    if kind == .length, case .success(.token(let t)) = Length.parse(value) {
      token = t
    } else {
      token = kind == .length ? nil : TokenUse.reference(in: s)
    }
    guard let token, let r = try? tokens.resolve(token) else { return nil }
    return DefinitionChecker.kindProblem(token: token, kind: kind, resolution: r)
  }

  /// Checks definitions against the catalog without saving them (for an editor that
  /// re-opens the text with the errors): every instance, argument, slot and token, and
  /// the nesting depth (one problem at most).
  ///
  /// - Parameter definitions: The definitions, checked together.
  /// - Returns: The problems, each located at its component and JSON path.
  /// - Throws: ``CatalogError`` when the catalog cannot be read.
  public func problems(in definitions: [ComponentDefinition]) throws(CatalogError)
    -> [CatalogProblem]
  {
    let checker = DefinitionChecker(service: self, batch: definitions)
    var out = definitions.flatMap { definition in
      checker.problems(in: definition).map { problem in
        var problem = problem
        problem.location.file = Self.place(of: problem, in: definition.source, file: nil)
        return problem
      }
    }
    if let problem = checker.nestingProblem(among: definitions.map(\.name)) { out.append(problem) }
    return out
  }
}
