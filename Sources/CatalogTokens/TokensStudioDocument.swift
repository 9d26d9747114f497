import CatalogModel

/// A Tokens Studio multi-set file: its top level is set names, with `$themes` and
/// `$metadata.tokenSetOrder` beside them:
///
/// ```json
/// {"global": {...}, "dark": {...},
///  "$themes": [{"name": "Dark", "group": "mode", "selectedTokenSets": {"global": "source", "dark": "enabled"}}],
///  "$metadata": {"tokenSetOrder": ["global", "dark"]}}
/// ```
///
/// Each set becomes a catalog token set, in `tokenSetOrder` (later sets win, as in Tokens
/// Studio), so `{spacing.sm}` resolves across sets. `$themes` become a DTCG resolver
/// document (Resolver §4): one modifier per theme `group` (`theme` when a theme has none),
/// one context per theme, whose sources are the sets the theme selects (`source` or
/// `enabled`), in `tokenSetOrder`. Each of the document's sets names its catalog set
/// (``TokenSetFileReference``, `{"$ref": "../tokens/dark.tokens.json"}`) rather than
/// copying its tokens, so a theme reads the set as it is whenever it is resolved.
public struct TokensStudioDocument: Sendable {
  /// The sets in precedence order (lowest first): name and token tree.
  public var sets: [(name: String, tree: JSONValue)]
  /// The themes as a resolver document (JSON), or nil when the file has no `$themes`.
  public var resolver: JSONValue?

  /// Whether a parsed file is a Tokens Studio multi-set file: a JSON object with
  /// `$metadata.tokenSetOrder` or `$themes`.
  /// - Parameter root: The file's root value.
  /// - Returns: True for a multi-set file.
  public static func isMultiSet(_ root: JSONValue) -> Bool {
    guard let o = root.objectValue else { return false }
    return o["$metadata"]?.objectValue?["tokenSetOrder"]?.arrayValue != nil
      || o["$themes"]?.arrayValue != nil
  }

  /// Checks the file's `$themes` one theme at a time, before they become resolver contexts:
  /// each theme is an object with a string `name`, its `selectedTokenSets` an object whose
  /// statuses are Tokens Studio's (`source`, `enabled`, `disabled`), every set a theme
  /// selects exists in the file, and no two themes of a group share a name (each becomes
  /// one context of the group's modifier, DTCG Resolver §4.1.1: context names are unique).
  ///
  /// Tokens Studio itself skips a selected set it does not have, so by default such a set
  /// is a warning and the theme's context is built from the sets that exist; under
  /// `strict` it is an error. Every other problem is an error (the theme cannot be read).
  ///
  /// - Parameters:
  ///   - root: The file's root (a multi-set file, ``isMultiSet(_:)``).
  ///   - document: The parsed file, for `file:line:column` locations (nil: no location).
  ///   - strict: Make a selected set the file lacks an error.
  /// - Returns: The problems, each naming the theme and its JSON path
  ///   (`$themes[1].selectedTokenSets.dark`), in file order.
  public static func themeProblems(_ root: JSONValue, document: JSONDocument?, strict: Bool)
    -> [TokenDiagnostic]
  {
    guard let o = root.objectValue, let themes = o["$themes"] else { return [] }
    func problem(_ severity: TokenDiagnostic.Severity, _ path: String, _ message: String)
      -> TokenDiagnostic
    {
      TokenDiagnostic(
        severity, location: document?.location(of: path), path: path, message: message)
    }
    guard let list = themes.arrayValue else {
      return [problem(.error, "$themes", "$themes must be an array of themes")]
    }
    let sets = Set(o.keys.filter { !$0.hasPrefix("$") && o[$0]?.objectValue != nil })
    var out: [TokenDiagnostic] = []
    var seen: [String: [String: String]] = [:]  // group → theme name → its path
    for (i, theme) in list.enumerated() {
      let path = JSONPath.appending(index: i, to: "$themes")
      guard let t = theme.objectValue else {
        out.append(problem(.error, path, "a theme must be an object with a name"))
        continue
      }
      guard let name = t["name"]?.stringValue, !name.isEmpty else {
        out.append(problem(.error, path, "a theme needs a string \"name\""))
        continue
      }
      let group = t["group"]?.stringValue ?? "theme"
      // A group becomes a modifier and a theme one of its contexts: the one rule for their
      // names (ResolverInputName), reported where the file writes them.
      if seen[group] == nil,
        let message = ResolverInputName.problem(
          in: group, kind: "theme group", siblings: seen.keys)
      {
        out.append(
          problem(
            .error, t["group"] == nil ? path : JSONPath.appending(key: "group", to: path), message))
      }
      if seen[group]?[name] == nil,
        let message = ResolverInputName.problem(
          in: name, kind: "theme", siblings: (seen[group] ?? [:]).keys)
      {
        out.append(problem(.error, JSONPath.appending(key: "name", to: path), message))
      }
      if let first = seen[group]?[name] {
        out.append(
          problem(
            .error, path,
            "theme '\(name)' appears twice in group '\(group)' (first at \(first)); each theme is one context of the group"
          ))
      } else {
        seen[group, default: [:]][name] = path
      }
      let selectedPath = JSONPath.appending(key: "selectedTokenSets", to: path)
      guard let selectedValue = t["selectedTokenSets"] else { continue }
      guard let selected = selectedValue.objectValue else {
        out.append(
          problem(
            .error, selectedPath,
            "theme '\(name)': selectedTokenSets must be an object of set name → \"source\", \"enabled\" or \"disabled\""
          ))
        continue
      }
      for set in selected.keys {
        let setPath = JSONPath.appending(key: set, to: selectedPath)
        let status = selected[set]?.stringValue
        guard let status, ["source", "enabled", "disabled"].contains(status) else {
          out.append(
            problem(
              .error, setPath,
              "theme '\(name)': the status of set '\(set)' must be \"source\", \"enabled\" or \"disabled\""
            ))
          continue
        }
        if status != "disabled" && !sets.contains(set) {
          let known = sets.sorted().joined(separator: ", ")
          out.append(
            problem(
              strict ? .error : .warning, setPath,
              "theme '\(name)' selects the token set '\(set)', which the file does not have (its sets: \(known.isEmpty ? "none" : known))"
                + (strict ? "" : "; the theme is imported without it")))
        }
      }
    }
    return out
  }

  /// The token tree of each set by the `$ref` the resolver document names it with
  /// (``TokenSetFileReference/reference(toSet:)``), to check the document before the sets
  /// are stored.
  public var treesByReference: [String: JSONValue] {
    var out: [String: JSONValue] = [:]
    // Named as the catalog stores the set (NFC), so the reference finds it.
    for set in sets {
      out[TokenSetFileReference.reference(toSet: NameText.normalized(set.name))] = set.tree
    }
    return out
  }

  /// Splits a multi-set file.
  /// - Parameters:
  ///   - root: The file's root (checked with ``isMultiSet(_:)``).
  ///   - name: A name for the resolver document (the file's).
  /// - Returns: The sets and the themes' resolver document.
  public static func split(_ root: JSONValue, name: String) -> TokensStudioDocument {
    let o = root.objectValue ?? JSONObject()
    let order = (o["$metadata"]?.objectValue?["tokenSetOrder"]?.arrayValue ?? []).compactMap(
      \.stringValue)
    // Sets in tokenSetOrder, then any other set the file has, in file order.
    var names = order.filter { o[$0]?.objectValue != nil }
    for key in o.keys
    where !key.hasPrefix("$") && !names.contains(key) && o[key]?.objectValue != nil {
      names.append(key)
    }
    let sets = names.compactMap { n in o[n].map { (name: n, tree: $0) } }
    guard let themes = o["$themes"]?.arrayValue, !themes.isEmpty else {
      return TokensStudioDocument(sets: sets, resolver: nil)
    }
    var groups: [(name: String, contexts: [(String, [String])])] = []
    for theme in themes {
      guard let t = theme.objectValue, let themeName = t["name"]?.stringValue else { continue }
      let group = t["group"]?.stringValue ?? "theme"
      let selected = t["selectedTokenSets"]?.objectValue ?? JSONObject()
      let chosen = names.filter {
        ["source", "enabled"].contains(selected[$0]?.stringValue ?? "disabled")
      }
      if let i = groups.firstIndex(where: { $0.name == group }) {
        groups[i].contexts.append((themeName, chosen))
      } else {
        groups.append((group, [(themeName, chosen)]))
      }
    }
    func reference(_ set: String) -> JSONValue {
      .object(JSONObject([("$ref", .string("#/sets/\(set)"))]))
    }
    // Each set's source names the catalog set it becomes (TokenSetFileReference), so a
    // theme selects sets as Tokens Studio's do: editing the set changes every theme that
    // enables it.
    let setsJSON = JSONObject(
      sets.map {
        (
          $0.name,
          .object(
            JSONObject([
              (
                "sources",
                .array([
                  .object(
                    JSONObject([
                      (
                        "$ref",
                        .string(
                          TokenSetFileReference.reference(toSet: NameText.normalized($0.name)))
                      )
                    ]))
                ])
              )
            ]))
        )
      })
    var modifiers = JSONObject()
    for g in groups where g.contexts.count >= 2 {
      modifiers[g.name] = .object(
        JSONObject([
          ("contexts", .object(JSONObject(g.contexts.map { ($0.0, .array($0.1.map(reference))) }))),
          ("default", .string(g.contexts[0].0)),
        ]))
    }
    // Sets no theme selects are the base, below every modifier.
    let themed = Set(groups.flatMap { $0.contexts.flatMap(\.1) })
    var resolution: [JSONValue] = names.filter { !themed.contains($0) }.map(reference)
    for key in modifiers.keys {
      resolution.append(.object(JSONObject([("$ref", .string("#/modifiers/\(key)"))])))
    }
    // A group with one theme is a plain set list: its sets follow the base.
    for g in groups where g.contexts.count == 1 {
      resolution += g.contexts[0].1.filter { themed.contains($0) }.map(reference)
    }
    let document = JSONObject([
      ("name", .string(name)), ("version", .string("2025.10")), ("sets", .object(setsJSON)),
      ("modifiers", .object(modifiers)), ("resolutionOrder", .array(resolution)),
    ])
    return TokensStudioDocument(sets: sets, resolver: .object(document))
  }
}
