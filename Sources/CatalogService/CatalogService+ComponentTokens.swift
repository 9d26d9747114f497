import CatalogModel
import CatalogStore
import CatalogTokens

extension CatalogService {
  /// The tokens for laying out one stored component: with resolver inputs, every token and
  /// the document's (as ``componentTokenResolver(inputs:including:)``); without, the closure
  /// of the tokens named by `component` and by every stored component it can reach through
  /// instances, and of `extra`.
  ///
  /// The cost follows what `render` lays out, not the size of the catalog (issue 17,
  /// point 4: reading every stored definition made `render` take 44 ms instead of 5 ms in a
  /// catalog of 500 components). A component instance is a view whose `"type"` is the
  /// component's name (DESIGN.md, "instance"), so each definition reached is read as JSON
  /// and every `"type"` string in it that names a stored component is followed; the tokens
  /// are every `{…}` it holds, as in ``componentTokenResolver(inputs:including:)``.
  /// - Parameters:
  ///   - component: The component laid out (already read, so it is not read again).
  ///   - inputs: Modifier → context.
  ///   - extra: More token paths to include (`render -a gap={space.lg}`).
  /// - Returns: The resolver.
  /// - Throws: ``CatalogError`` when the catalog cannot be read.
  public func componentTokenResolver(
    for component: ComponentDefinition, inputs: [String: String], including extra: [String] = []
  ) throws(CatalogError) -> TokenResolver {
    guard inputs.isEmpty else { return try tokenResolver(inputs: inputs) }
    return try tokenResolver(closureOf: extra + tokenReferences(reachedFrom: [component]))
  }

  /// The token references (every `{…}`) of `components` and of every stored component they
  /// reach through instances, each definition read once: what laying them out can name.
  /// - Parameter components: The components laid out (already read, so not read again).
  /// - Returns: The token paths, in the order found (with repeats).
  /// - Throws: ``CatalogError`` when the catalog cannot be read.
  func tokenReferences(reachedFrom components: [ComponentDefinition]) throws(CatalogError)
    -> [String]
  {
    var references: [String] = []
    // A built-in view's name is never a component's (DefinitionParser refuses it), so it
    // is not looked up.
    var seen = Set(BuiltinView.allCases.map(\.rawValue) + components.map(\.name))
    var pending: [String] = []
    for component in components {
      references += TokenGraph.references(in: component.json)
      pending += Self.viewTypeNames(in: component.json).filter { seen.insert($0).inserted }
    }
    while let name = pending.popLast() {
      // A definition that no longer parses adds nothing (the resolver reports it).
      guard let record = try self.component(named: name),
        let root = try? JSONParser.parse(record.definition, file: "catalog:\(name)").root
      else { continue }
      references += TokenGraph.references(in: root)
      for type in Self.viewTypeNames(in: root) where seen.insert(type).inserted {
        pending.append(type)
      }
    }
    return references
  }

  /// Every string held under a `"type"` key in `value`: the view types (built-in names and
  /// component instances) and parameter types (which name no component). Walked with a
  /// stack, so deep input cannot exhaust the call stack.
  static func viewTypeNames(in value: JSONValue) -> [String] {
    var found: [String] = []
    var stack: [JSONValue] = [value]
    while let value = stack.popLast() {
      switch value {
      case .array(let a): stack += a
      case .object(let o):
        for member in o.members {
          if member.key == "type", case .string(let s) = member.value { found.append(s) }
          stack.append(member.value)
        }
      default: break
      }
    }
    return found
  }
}
