import CatalogModel
import CatalogStore
import CatalogTokens

extension CatalogService {
  /// The one rule for `{group}` where the group has a `$root` token (``GroupReference``,
  /// DTCG 2025.10 Format §6.2, §7.1.1) over a value outside a token file: a `tokens set`
  /// value, a component definition (its lengths and token arguments) or a `render -a`
  /// value. A group is one of the catalog (a stored token at the path and stored tokens
  /// below it) or of `batchTokens` (the paths a token file of the same `add` gives).
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - valuePath: The value's own JSON path (`space.gap.$value`, `""` for a definition).
  ///   - only: When given, only these token paths are looked at (a definition's token
  ///     uses, so a text that happens to hold `{name}` is left alone).
  ///   - batchTokens: Token paths saved together with the value (a token file of one `add`).
  /// - Returns: The value with each such reference rewritten to `{group.$root}`, and each
  ///   group with the JSON path of the member that names it.
  /// - Throws: ``CatalogError`` when the catalog cannot be read.
  public func rewritingGroupReferences(
    _ value: JSONValue, valuePath: String, only: Set<String>? = nil,
    batchTokens: Set<String> = []
  ) throws(CatalogError) -> (value: JSONValue, groups: [(group: String, jsonPath: String)]) {
    var batchGroups = Set<String>()
    for path in batchTokens {
      var prefix = Substring(path)
      while let dot = prefix.lastIndex(of: ".") {
        prefix = prefix[..<dot]
        if !batchGroups.insert(String(prefix)).inserted { break }
      }
    }
    var storeError: CatalogError?
    let located = GroupReference.rewriteLocated(value, valuePath: valuePath) { reference in
      if let only, !only.contains(reference) { return false }
      do {
        let isToken =
          try batchTokens.contains(reference) || !store.tokens(atPath: reference).isEmpty
        return try isToken && (batchGroups.contains(reference) || store.isTokenGroup(reference))
      } catch {
        storeError = (error as? StoreError).map(CatalogError.from) ?? .storage("\(error)")
        return false
      }
    }
    if let storeError { throw storeError }
    return located
  }

  /// ``rewritingGroupReferences(_:valuePath:only:batchTokens:)`` for a component definition:
  /// each length or token argument written `{group}` for a group with a `$root` token.
  /// Lenient (`add`, `import`): the definition comes back rewritten to `{group.$root}` (the
  /// stored form) with one warning per group; `strict` (`add --strict`): the definition is
  /// unchanged and each problem is an error. Each problem names the component, the JSON
  /// path and the fix (``GroupReference/message(_:strict:)``).
  ///
  /// - Parameters:
  ///   - definition: The definition.
  ///   - strict: Whether the reference is refused rather than rewritten.
  ///   - batchTokens: Token paths of token files saved together with it.
  /// - Returns: The definition to save and the problems (warnings, or errors under `strict`).
  /// - Throws: ``CatalogError`` when the catalog cannot be read.
  public func rewritingGroupReferences(
    in definition: ComponentDefinition, strict: Bool, batchTokens: Set<String> = []
  ) throws(CatalogError) -> (definition: ComponentDefinition, problems: [CatalogProblem]) {
    let uses = Set(definition.tokenUses.map(\.token))
    guard !uses.isEmpty else { return (definition, []) }
    let (json, groups) = try rewritingGroupReferences(
      definition.json, valuePath: "", only: uses, batchTokens: batchTokens)
    guard !groups.isEmpty else { return (definition, []) }
    let problems = groups.map { group, jsonPath in
      CatalogProblem(
        CatalogLocation(component: definition.name, jsonPath: jsonPath),
        GroupReference.message(group, strict: strict))
    }
    if strict { return (definition, problems) }
    var rewritten: ComponentDefinition
    do { rewritten = try DefinitionParser.parse(json: json) } catch {
      return (definition, problems)
    }
    rewritten.source = definition.source
    return (rewritten, problems)
  }

  /// Stored values that name a group with a `$root` token as `{group}` (saved before the
  /// rule, or written into the file by other means): each token value (an alias, a math
  /// operand, a composite member) and each component length or token argument. The one
  /// rule (``GroupReference``): the groups are ``GroupReference/rootedGroups(among:)`` of the
  /// tokens, the message ``GroupReference/message(_:strict:)`` with its fix. A warning, as
  /// `lint` reports a component's: the reference still reaches the root token. `doctor`
  /// reports both; `lint` reports the tokens' (``tokenProblems()``) and, through
  /// ``Linter``, the components' with a `--fix`.
  ///
  /// - Parameters:
  ///   - tokens: The catalog's tokens by path (the winning token per path).
  ///   - definitions: The stored definitions, or none.
  /// - Returns: One problem per token and group named, one finding per component length.
  static func storedGroupReferenceProblems(
    tokens: [String: DesignToken], definitions: [ComponentDefinition]
  ) -> (tokens: [TokenProblem], components: [HealthFinding]) {
    let rooted = GroupReference.rootedGroups(among: tokens.keys)
    guard !rooted.isEmpty else { return ([], []) }
    var tokenProblems: [TokenProblem] = []
    for path in tokens.keys.sorted() {
      guard let token = tokens[path] else { continue }
      let located = GroupReference.rewriteLocated(
        token.value, valuePath: JSONPath.appending(key: "$value", to: path),
        isRootedGroup: rooted.contains)
      for (group, _) in located.groups {
        tokenProblems.append(
          TokenProblem(
            path: path,
            finding: HealthProblem(
              check: "reference", location: "token \(path)",
              message: GroupReference.message(group, strict: true), isWarning: true)))
      }
    }
    var components: [HealthFinding] = []
    for definition in definitions {
      for use in definition.tokenUses where rooted.contains(use.token) {
        components.append(
          HealthProblem(
            check: "reference",
            location: CatalogLocation(component: definition.name, jsonPath: use.path).description,
            message: GroupReference.message(use.token, strict: true), isWarning: true))
      }
    }
    return (tokenProblems, components)
  }
}
