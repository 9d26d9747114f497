import CatalogModel
import CatalogStore
import CatalogTokens

/// The one mapping between the model (definitions, DTCG tokens) and the store's rows.
///
/// A component's derived rows (parameters, variants, lengths, token uses, instances) are computed
/// here and nowhere else, so every writer stores the same rows for the same definition.
enum RecordMapping {
  /// The store rows for a definition: parameters, variants, lengths, token uses and instances.
  /// - Parameters:
  ///   - definition: A parsed definition.
  ///   - components: The other components by name, for the kinds of its instances'
  ///     arguments (``ComponentDefinition/tokenUses(components:)``).
  /// - Returns: The input ``CatalogStore/saveComponent(_:expectedRevision:isRevert:)`` takes.
  static func input(
    for definition: ComponentDefinition, components: (String) -> ComponentDefinition?
  ) -> ComponentInput {
    let parameters = definition.parameters.map {
      ParameterRecord(
        name: $0.name, type: $0.type.rawValue,
        defaultValue: $0.defaultValue.map(JSONWriter.compact), isOptional: $0.isOptional)
    }
    let lengths = definition.lengthUses.map { use -> LengthRecord in
      switch use.length {
      case .points(let p): .literal(jsonPath: use.path, property: use.property, points: p)
      // `{group.$root}` is the token stored under the group's path (Format §6.2): the row
      // names the stored path, so usage and the dependents check find it.
      case .token(let t):
        .token(jsonPath: use.path, property: use.property, path: TokenGraph.storedPath(t))
      case .parameter(let p): .parameter(jsonPath: use.path, property: use.property, name: p)
      case .platformDefault, .infinity: .platformDefault(jsonPath: use.path, property: use.property)
      }
    }
    var input = ComponentInput(
      name: definition.name, description: definition.description,
      definition: JSONWriter.compact(definition.json), parameters: parameters, lengths: lengths)
    // Every token it names, of every type (`component_token`, read by `token_usage`).
    input.tokens = TokenUseRecord.records(of: definition, components: components)
    for v in definition.variants {
      input.addVariant(named: v.name, arguments: JSONWriter.compact(.object(v.arguments)))
    }
    for use in definition.instanceUses { input.addInstance(at: use.path, of: use.component) }
    return input
  }

  /// The DTCG token a stored row holds; `$extensions` keep their bytes (DTCG §5.2.3).
  /// - Parameter record: The row.
  /// - Returns: The token.
  static func token(from record: TokenRecord) -> DesignToken {
    func parse(_ text: String?) -> JSONValue? {
      guard let text else { return nil }
      return try? JSONParser.parse(text, file: "catalog").root
    }
    var token = DesignToken(
      path: record.path, type: record.type, value: parse(record.value) ?? .string(record.value),
      description: record.description, deprecated: parse(record.deprecated),
      extensions: parse(record.extensions))
    token.extensionsText = record.extensions
    return token
  }

  /// The rows for tokens being saved, each with its resolved value and points computed
  /// against the catalog's tokens with these on top.
  /// - Parameters:
  ///   - tokens: The tokens to save.
  ///   - catalog: The catalog's other tokens, for aliases.
  /// - Returns: One input per token.
  static func tokenInputs(_ tokens: [DesignToken], catalog: [String: DesignToken]) -> [TokenInput] {
    Array(tokenInputsAndResolver(tokens, catalog: catalog).inputs)
  }

  /// ``tokenInputs(_:catalog:)`` with the resolver that computed the resolved values (the
  /// catalog's tokens with `tokens` on top), memoised, for the dependents check.
  /// - Parameters:
  ///   - tokens: The tokens to save.
  ///   - catalog: The catalog's other tokens that `tokens` reach, for aliases.
  /// - Returns: One input per token, and the resolver.
  static func tokenInputsAndResolver(_ tokens: [DesignToken], catalog: [String: DesignToken])
    -> (inputs: TokenInputRows, resolver: TokenResolver)
  {
    var byPath = catalog
    byPath.reserveCapacity(catalog.count + tokens.count)
    for t in tokens { byPath[t.path] = t }
    let resolver = TokenResolver(tokens: byPath)
    // Lazy: each row is computed as the store writes it, so a million tokens are not
    // held a second time as rows.
    let remBase = resolver.remBase
    let inputs = TokenInputRows(count: tokens.count) { index in
      let token = tokens[index]
      let value = JSONWriter.compact(token.value)
      // A value that is not a string is neither an alias nor math (DTCG Format §7.1.1;
      // Tokens Studio math is a string): it resolves to itself, so most tokens of a large
      // file skip the resolver's lookups and write their value text twice. A composite
      // whose members hold expressions naming tokens is computed (`TokenGraph.expression`).
      let isString: Bool = if case .string = token.value { true } else { false }
      if !isString, !TokenGraph.isExpression(token) {
        return TokenInput(
          path: token.path, type: token.type, value: value, resolvedValue: value,
          resolvedPoints: TokenValue.points(token.value, type: token.type, remBase: remBase),
          aliasOf: nil, description: token.description,
          deprecated: token.deprecated.map(JSONWriter.compact), extensions: token.extensionsJSON)
      }
      let resolution = try? resolver.resolveValue(token.path)
      return TokenInput(
        path: token.path, type: token.type, value: value,
        // A literal resolves to its own value: its text is written once.
        resolvedValue: resolution.map {
          $0.value == token.value ? value : JSONWriter.compact($0.value)
        },
        resolvedPoints: resolution?.points,
        aliasOf: token.aliasTarget, description: token.description,
        deprecated: token.deprecated.map(JSONWriter.compact), extensions: token.extensionsJSON)
    }
    return (inputs, resolver)
  }
}

extension CatalogService {
  /// The DTCG token a stored row holds (for exporting a set as a file).
  /// - Parameter record: The row.
  /// - Returns: The token.
  public static func token(from record: StoredToken) -> DesignToken {
    RecordMapping.token(from: record)
  }
}
