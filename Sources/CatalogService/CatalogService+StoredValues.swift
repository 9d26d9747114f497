import CatalogModel
import CatalogStore
import CatalogTokens

extension CatalogService {
  /// Stored token values that do not fit their type by the rule every import checks
  /// (``TokenGraph/storedValueProblem(_:everyValue:)``, DTCG Format §8–§9, lenient forms
  /// allowed), numbers and objects of simple types included: an `srgb` component of 2, a
  /// dimension without a unit, as a row written by hand with `sqlite3` can hold. Every set's
  /// rows are checked, an overridden one too, since `export` writes each set's file and an
  /// import of it refuses the value. Each is an error. A winning value the token graph already
  /// cannot compute is its finding (``tokenGraphProblems(_:)``), so callers leave those out.
  /// - Parameter resolver: The catalog's tokens (``tokenResolver()``), for aliases' types.
  /// - Returns: One `value` error per such row, in path and set order.
  /// - Throws: ``CatalogError`` when the catalog cannot be read.
  func storedValueProblems(_ resolver: TokenResolver) throws(CatalogError) -> [TokenProblem] {
    let rows = try tokens(inSet: nil).sorted { ($0.input.path, $0.set) < ($1.input.path, $1.set) }
    var sets: [String: Int] = [:]
    for row in rows { sets[row.input.path, default: 0] += 1 }
    var problems: [TokenProblem] = []
    for row in rows {
      let token = RecordMapping.token(from: row)
      guard token.aliasTarget == nil, let type = token.type,
        let message = resolver.graph.storedValueProblem(token, everyValue: true)
      else { continue }
      let place = (sets[token.path] ?? 0) > 1 ? " (set '\(row.set)')" : ""
      problems.append(
        TokenProblem(
          path: token.path,
          finding: HealthProblem(
            check: "value", location: "token \(token.path)\(place)",
            message:
              "its stored value is not a valid \(type): \(message); an import of it is refused, so fix it with `catalog tokens set \(token.path) VALUE\(place.isEmpty ? "" : " --set \(row.set)")`"
          )))
    }
    return problems
  }
}
