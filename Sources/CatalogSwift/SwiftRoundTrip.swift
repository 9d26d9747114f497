import CatalogModel

/// When two definitions are the same component: what `render --format swiftui` →
/// `import-swift` must keep.
///
/// Compared: name, body (views, conditions as parsed, modifiers, lengths), parameters
/// (name, type, default, optional, description) and, unless told otherwise, description and
/// variants. Not compared, because Swift source cannot carry them: a string parameter's
/// `values` (Swift has `String`), `lint.ignore`, and the key order of the JSON.
public enum SwiftRoundTrip {
  /// True when `a` and `b` define the same component.
  /// - Parameters:
  ///   - a: One definition.
  ///   - b: The other.
  ///   - ignoringDescriptionAndVariants: Compare only name, parameters and body.
  /// - Returns: Whether they are the same.
  public static func sameDefinition(
    _ a: ComponentDefinition, _ b: ComponentDefinition, ignoringDescriptionAndVariants: Bool = false
  ) -> Bool {
    let a = canonical(a)
    let b = canonical(b)
    guard a.name == b.name, a.body == b.body, parameters(a) == parameters(b) else { return false }
    if ignoringDescriptionAndVariants { return true }
    return a.description == b.description && a.variants == b.variants
  }

  /// The definition with instance and variant arguments in name order: Swift calls must
  /// pass arguments in parameter order, a definition may list them in any order, and the
  /// order means nothing.
  public static func canonical(_ d: ComponentDefinition) -> ComponentDefinition {
    guard case .object(var root) = d.json else { return d }
    if case .object(var variants)? = root["variants"] {
      variants.members = variants.members.map { ($0.key, sortedArguments($0.value)) }
      root["variants"] = .object(variants)
    }
    if let body = root["body"] { root["body"] = sortingArguments(inView: body) }
    return (try? DefinitionParser.parse(json: .object(root))) ?? d
  }

  private static func sortedArguments(_ v: JSONValue) -> JSONValue {
    guard case .object(var o) = v else { return v }
    o.members.sort { $0.key < $1.key }
    return .object(o)
  }

  /// Sorts `arguments` in every view of a body. The recursion follows a definition that
  /// was parsed (recursively) already, whose depth the JSON parser bounds.
  private static func sortingArguments(inView root: JSONValue) -> JSONValue {
    guard case .object(var o) = root else { return root }
    for k in o.members.indices {
      let (key, value) = o.members[k]
      switch (key, value) {
      case ("arguments", _): o.members[k].value = sortedArguments(value)
      case (_, .array(let items)): o.members[k].value = .array(items.map(sortingArguments(inView:)))
      case (_, .object): o.members[k].value = sortingArguments(inView: value)
      default: break
      }
    }
    return .object(o)
  }

  private static func parameters(_ d: ComponentDefinition) -> [ParameterDefinition] {
    d.parameters.map { p in
      var q = p
      q.allowedValues = nil
      return q
    }
  }
}
