import CatalogModel

extension TokensStudioDocument {
  /// Checks the names of a multi-set file's sets against the one set-name rule
  /// (``TokenSetName/problem(in:existing:)``) before any is imported, so a name the
  /// catalog cannot keep is reported at its `file:line:column` with the rule. Tokens
  /// Studio's folder names (`themes/dark`) pass: a catalog folder writes them as folders.
  /// Sets whose names differ only in case (`dark`, `Dark`) are refused, as they would be
  /// one file on a case-insensitive file system.
  ///
  /// - Parameters:
  ///   - root: The file's root (a multi-set file, ``isMultiSet(_:)``).
  ///   - document: The parsed file, for `file:line:column` locations (nil: no location).
  ///   - existing: The catalog's set names.
  /// - Returns: One error per refused name, in file order.
  public static func setNameProblems(
    _ root: JSONValue, document: JSONDocument?, existing: [String]
  ) -> [TokenDiagnostic] {
    guard let o = root.objectValue else { return [] }
    var taken = existing
    var out: [TokenDiagnostic] = []
    for key in o.keys where !key.hasPrefix("$") && o[key]?.objectValue != nil {
      let name = NameText.normalized(key)
      if let problem = TokenSetName.problem(in: name, existing: taken) {
        out.append(
          TokenDiagnostic(
            .error, location: document?.location(of: JSONPath.appending(key: key, to: "")),
            path: JSONPath.appending(key: key, to: ""),
            message: "the token set '\(NameText.forTerminal(name))' is refused: \(problem)"))
      }
      taken.append(name)
    }
    return out
  }
}
