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
  /// (review 17).
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
    return missingByComponent.map { entry in
      "\(entry.component) instances \(entry.missing.joined(separator: ", ")), which the catalog does not hold (removed with --force); the folder imports back only with `catalog import --force`, which keeps these instances"
    }
  }
}
