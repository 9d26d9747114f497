import CatalogModel
import CatalogResolver

extension CatalogService {
  /// The nesting check for every component that uses a changed one, however indirectly:
  /// a component that becomes deeper makes each component above it deeper too, and the
  /// resolver stops at ``Resolver/maximumDepth`` levels of views, modifiers and instances.
  /// Walks the users of the changed components, and their users (iteratively, through the
  /// store's instance rows), and checks their depth together: one problem at most, naming
  /// the deepest (``DefinitionChecker/nestingProblem(among:)``).
  ///
  /// - Parameters:
  ///   - changed: The components saved or reverted.
  ///   - checker: A checker over the catalog as it now is.
  /// - Returns: The problem, when a user would nest too deep.
  /// - Throws: ``CatalogError`` when the catalog cannot be read.
  func nestingProblemsOfUsers(of changed: Set<String>, checker: DefinitionChecker)
    throws(CatalogError) -> [CatalogProblem]
  {
    guard !changed.isEmpty else { return [] }
    var seen = changed
    var queue = changed.sorted()
    var users: [String] = []
    while let name = queue.popLast() {
      for user in try CatalogError.wrapping({ try store.users(ofComponent: name) })
      where seen.insert(user).inserted {
        users.append(user)
        queue.append(user)
      }
    }
    return checker.nestingProblem(among: users.sorted()).map { [$0] } ?? []
  }
}
