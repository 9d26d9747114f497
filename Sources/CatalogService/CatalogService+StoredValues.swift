import CatalogModel
import CatalogStore
import CatalogTokens

extension CatalogService {
  /// Stored token values that do not fit their type by the rule every import checks
  /// (``TokenGraph/storedValueProblem(_:everyValue:)``, DTCG Format §8–§9, lenient forms
  /// allowed), numbers and objects of simple types included: an `srgb` component of 2, a
  /// dimension without a unit, as a row written by hand with `sqlite3` can hold. Each is an
  /// error: it renders or exports a value an import of the same file refuses. A value the
  /// token graph already cannot compute is its finding (``tokenGraphProblems(_:)``), so
  /// callers leave those out.
  /// - Parameter resolver: The catalog's tokens (``tokenResolver()``).
  /// - Returns: One `value` error per such token, in path order.
  static func storedValueProblems(_ resolver: TokenResolver) -> [TokenProblem] {
    let tokens = resolver.tokens
    var problems: [TokenProblem] = []
    for path in tokens.keys.sorted() {
      guard let token = tokens[path], token.aliasTarget == nil, let type = token.type,
        let message = resolver.graph.storedValueProblem(token, everyValue: true)
      else { continue }
      problems.append(
        TokenProblem(
          path: path,
          finding: HealthProblem(
            check: "value", location: "token \(path)",
            message:
              "its stored value is not a valid \(type): \(message); an import of it is refused, so fix it with `catalog tokens set \(path) VALUE`"
          )))
    }
    return problems
  }
}
