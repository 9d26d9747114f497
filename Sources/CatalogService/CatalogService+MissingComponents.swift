extension CatalogService {
  /// The instances of components the catalog does not hold, as `remove --force` leaves
  /// them (``CatalogStore/missingInstances()``).
  /// - Returns: Each instance's component, JSON path and the missing component it names,
  ///   ordered by component and path.
  /// - Throws: ``CatalogError/storage(_:code:)`` when SQLite fails.
  public func missingInstances() throws(CatalogError)
    -> [(component: String, path: String, missing: String)]
  {
    try CatalogError.wrapping { try store.missingInstances() }
  }

  /// The rule for exporting a catalog that holds instances of removed components: one
  /// warning per component, naming the components it instances that the catalog lacks and
  /// how the folder imports back (`import --force` keeps them,
  /// ``ChangeOptions/keepsMissingComponents``), so the round trip is never a surprise
  /// (review 17); then one warning per other problem a `--force` left in a component
  /// (``CatalogProblem/isLeftByForce``: a length naming a removed or retyped token, an
  /// argument of a renamed parameter), which `import --force` keeps too (review 20).
  /// - Returns: The warnings, one per component; empty for a catalog without them.
  /// - Throws: ``CatalogError/storage(_:code:)`` when SQLite fails.
  public func exportWarnings() throws(CatalogError) -> [String] {
    var missingByComponent: [(component: String, missing: [String])] = []
    for instance in try missingInstances() {
      if missingByComponent.last?.component == instance.component {
        if !missingByComponent[missingByComponent.count - 1].missing.contains(instance.missing) {
          missingByComponent[missingByComponent.count - 1].missing.append(instance.missing)
        }
      } else {
        missingByComponent.append((instance.component, [instance.missing]))
      }
    }
    var warnings = missingByComponent.map { entry in
      "\(entry.component) instances \(entry.missing.joined(separator: ", ")), which the catalog does not hold (removed with --force); the folder imports back only with `catalog import --force`, which keeps these instances"
    }
    // What another documented `--force` left (a removed or retyped token a length names, a
    // parameter an instance passes that its component no longer has): the same check
    // `import` runs on each component (``DefinitionChecker``), named one by one.
    let checker = DefinitionChecker(service: self, batch: [])
    for definition in try readableDefinitions() {
      for problem in checker.problems(in: definition)
      where problem.isLeftByForce && problem.missingComponent == nil {
        warnings.append(
          "\(problem.location.description): \(problem.message); the folder imports back only with `catalog import --force --allow-dangling`, which keeps it"
        )
      }
    }
    return warnings
  }
}
