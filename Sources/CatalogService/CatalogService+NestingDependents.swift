import CatalogModel
import CatalogResolver

extension CatalogService {
  /// The nesting check for every component that uses a changed one, however indirectly:
  /// a component that becomes deeper makes each component above it deeper too, and the
  /// resolver stops at ``Resolver/maximumDepth`` levels of views and instances. Direct
  /// users are checked whole by ``dependentProblems(of:checker:)``; this walks the users
  /// of users (iteratively, through the store's instance rows) and checks their depth.
  ///
  /// - Parameters:
  ///   - changed: The components saved or reverted.
  ///   - checker: A checker over the catalog as it now is.
  /// - Returns: One problem per user that would nest too deep, naming it.
  /// - Throws: ``CatalogError`` when the catalog cannot be read.
  func nestingProblemsOfIndirectUsers(of changed: Set<String>, checker: DefinitionChecker)
    throws(CatalogError) -> [CatalogProblem]
  {
    guard !changed.isEmpty else { return [] }
    var direct = Set<String>()
    var seen = changed
    var queue: [(name: String, level: Int)] = changed.sorted().map { ($0, 0) }
    var indirect: [String] = []
    while !queue.isEmpty {
      let (name, level) = queue.removeLast()
      let users = try CatalogError.wrapping { try store.users(ofComponent: name) }
      for user in users where seen.insert(user).inserted {
        if level == 0 { direct.insert(user) } else { indirect.append(user) }
        queue.append((user, level + 1))
      }
    }
    var out: [CatalogProblem] = []
    for user in indirect.sorted() where !direct.contains(user) {
      if let problem = checker.nestingProblem(of: user) { out.append(problem) }
    }
    return out
  }
}
