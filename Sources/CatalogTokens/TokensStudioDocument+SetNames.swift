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

  /// Checks `$metadata.tokenSetOrder`, the order the sets are imported in (later sets
  /// win): an array of strings, each naming a set of the file once. A duplicate, a
  /// non-string and a name the file has no set for are refused at their JSON path
  /// (`$metadata.tokenSetOrder[2]`), since each would change or hide the precedence.
  ///
  /// - Parameters:
  ///   - root: The file's root (a multi-set file, ``isMultiSet(_:)``).
  ///   - document: The parsed file, for `file:line:column` locations (nil: no location).
  /// - Returns: One error per refused entry, in file order.
  public static func setOrderProblems(_ root: JSONValue, document: JSONDocument?)
    -> [TokenDiagnostic]
  {
    guard let o = root.objectValue, let metadata = o["$metadata"]?.objectValue,
      let order = metadata["tokenSetOrder"]
    else { return [] }
    let orderPath = "$metadata.tokenSetOrder"
    func problem(_ path: String, _ message: String) -> TokenDiagnostic {
      TokenDiagnostic(.error, location: document?.location(of: path), path: path, message: message)
    }
    guard let entries = order.arrayValue else {
      return [problem(orderPath, "tokenSetOrder must be an array of set names")]
    }
    let sets = o.keys.filter { !$0.hasPrefix("$") && o[$0]?.objectValue != nil }
    var seen: [String: Int] = [:]
    var out: [TokenDiagnostic] = []
    for (i, entry) in entries.enumerated() {
      let path = JSONPath.appending(index: i, to: orderPath)
      guard let name = entry.stringValue else {
        out.append(problem(path, "tokenSetOrder entries must be set names (strings)"))
        continue
      }
      let shown = NameText.forTerminal(name)
      if let first = seen[name] {
        out.append(
          problem(
            path,
            "the token set '\(shown)' is listed twice in tokenSetOrder (first at [\(first)]); each set has one place"
          ))
        continue
      }
      seen[name] = i
      if !sets.contains(name) {
        let known = sets.map { NameText.forTerminal($0) }.joined(separator: ", ")
        out.append(
          problem(
            path,
            "tokenSetOrder names the token set '\(shown)', which the file does not have (its sets: \(known.isEmpty ? "none" : known))"
          ))
      }
    }
    return out
  }
}
