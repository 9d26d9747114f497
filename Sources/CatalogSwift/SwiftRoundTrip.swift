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
  public static func sameDefinition(_ a: ComponentDefinition, _ b: ComponentDefinition, ignoringDescriptionAndVariants: Bool = false) -> Bool {
    guard a.name == b.name, a.body == b.body, parameters(a) == parameters(b) else { return false }
    if ignoringDescriptionAndVariants { return true }
    return a.description == b.description && a.variants == b.variants
  }

  private static func parameters(_ d: ComponentDefinition) -> [ParameterDefinition] {
    d.parameters.map { p in
      var q = p
      q.allowedValues = nil
      return q
    }
  }
}
