/// Component history: one revision, reverting to an older one.
extension CatalogStore {
  /// One saved revision of a component.
  ///
  /// - Parameters:
  ///   - name: The component's name.
  ///   - revision: The revision number (1 or more), as `catalog history` lists it.
  /// - Returns: The revision (its definition is `nil` for a removal).
  /// - Throws: ``StoreError/notFound(kind:name:)`` when the component never had that
  ///   revision (the kind names the revision: `revision 7 of component`);
  ///   ``StoreError`` when SQLite reports an error.
  public func componentRevision(named name: String, revision: Int) throws(StoreError)
    -> RevisionRecord
  {
    let found = try connection.rows(
      """
      SELECT revision, definition, change, saved_at FROM component_revision
      WHERE component_name = ? AND revision = ?
      """, [.text(name), .int(revision)]
    ) { row in
      RevisionRecord(
        revision: row.int(0), definition: row.optionalText(1), change: row.text(2),
        savedAt: row.text(3))
    }.first
    guard let found else {
      throw StoreError.notFound(kind: "revision \(revision) of component", name: name)
    }
    return found
  }

  /// Saves an older definition again as a new revision whose change is `revert`, in one
  /// transaction; the history is kept whole.
  ///
  /// Works whether the component exists (an update from `expectedRevision`) or was
  /// removed (`expectedRevision` 0 or `nil`: it comes back, recorded as a revert rather
  /// than a create).
  ///
  /// - Parameters:
  ///   - input: The definition to save (the old revision's, with the rows derived from it).
  ///   - expectedRevision: The revision the component is at now (`0`/`nil` when removed),
  ///     checked as ``saveComponent(_:expectedRevision:isRevert:)`` checks it.
  /// - Returns: The new revision number.
  /// - Throws: ``StoreError/conflict(name:expected:actual:)`` when someone else saved in
  ///   between; the errors of ``saveComponent(_:expectedRevision:isRevert:)`` otherwise.
  @discardableResult
  public func revertComponent(_ input: ComponentInput, expectedRevision: Int?) throws(StoreError)
    -> Int
  {
    try write { () throws(StoreError) -> Int in
      let revision = try saveComponent(input, expectedRevision: expectedRevision, isRevert: true)
      try connection.execute(
        "UPDATE component_revision SET change = 'revert' WHERE component_name = ? AND revision = ?",
        [.text(input.name), .int(revision)])
      return revision
    }
  }
}
