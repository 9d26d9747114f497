import CatalogModel
import CatalogStore
import CatalogTokens

extension CatalogService {
  /// Token uses that fit the catalog's tokens but not a resolver context's: a theme whose
  /// set gives `{colors.brand}` a `dimension` where the catalog's is a `color` (a Tokens
  /// Studio theme, review 22), so `render --input theme=Dark` and `render --matrix` fail
  /// while import, `doctor` and `lint` said nothing. Each context of each stored resolver
  /// document is resolved on its own (``tokenResolver(inputs:)``, the tokens a render with
  /// that input uses) and every component's token use (``ComponentDefinition/tokenUses``) is
  /// checked by the one type rule (``TokenUseKind/accepts(type:points:)``), an instance's
  /// argument too (``ComponentDefinition/tokenUses(components:)``). A use that does
  /// not fit the catalog's own tokens is not repeated here (the dependents check reports it).
  /// - Parameter definitions: The stored definitions that parse.
  /// - Returns: One `resolver-context` error per component use and context, in document,
  ///   modifier and context order.
  /// - Throws: ``CatalogError`` when the catalog cannot be read.
  func resolverContextUseProblems(_ definitions: [ComponentDefinition]) throws(CatalogError)
    -> [HealthFinding]
  {
    let documents = try resolverDocuments()
    guard !documents.isEmpty else { return [] }
    let base = try tokenResolver()
    // Every use, an instance's arguments of the kind the instanced parameter takes.
    let byName = Dictionary(definitions.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    let uses = definitions.flatMap { d in
      d.tokenUses(components: { byName[$0] }).map { (d.name, $0) }
    }
    guard !uses.isEmpty else { return [] }
    /// Why `use` does not fit `tokens`, or nil when it does.
    func misfit(_ use: TokenUse, _ tokens: TokenResolver) -> String? {
      do {
        let r = try tokens.resolve(use.token)
        let points = TokenValue.points(r.value, type: r.type ?? "", remBase: tokens.remBase)
        return use.kind.accepts(type: r.type, points: points)
          ? nil : "{\(use.token)} is a \(r.type ?? "untyped") token; \(use.kind.requirement)"
      } catch {
        return tokens.graph.describe(error, reachedFrom: use.token)
      }
    }
    var problems: [HealthFinding] = []
    for record in documents {
      for modifier in record.input.modifiers {
        for context in modifier.contexts {
          let input = "\(modifier.name)=\(context.name)"
          let tokens: TokenResolver
          do {
            tokens = try tokenResolver(inputs: [modifier.name: context.name])
          } catch {
            continue  // A context that does not resolve is the resolver checks' finding.
          }
          for (component, use) in uses where misfit(use, base) == nil {
            guard let why = misfit(use, tokens) else { continue }
            problems.append(
              HealthProblem(
                check: "resolver-context",
                location: CatalogLocation(component: component, jsonPath: use.path).description,
                message:
                  "with --input \(input) (resolver document '\(record.input.name)'): \(why), so a render with that input fails"
              ))
          }
        }
      }
    }
    return problems
  }
}
