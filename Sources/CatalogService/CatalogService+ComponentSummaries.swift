import CatalogModel
import CatalogStore

/// A stored component as `catalog list` shows it: name, description, revision, parameters
/// and variant names, read without parsing its definition.
public struct ComponentSummary: Sendable, Equatable {
  /// The component's name.
  public var name: String
  /// Its description, or `nil`.
  public var description: String?
  /// The revision of the stored definition (1 or more).
  public var revision: Int
  /// Its parameters in declaration order, with name, type, default and optionality (the
  /// columns of `component_parameter`; `allowedValues`, `description` and `items` are nil and
  /// `path` is `parameters.NAME` as JSONPath writes it). `nil` when a stored row no longer maps to a parameter (an
  /// unknown type or a default that is not JSON), as `list` showed for a definition that no
  /// longer parses.
  public var parameters: [ParameterDefinition]?
  /// The names of its variants, in order.
  public var variantNames: [String]
}

extension CatalogService {
  /// Every stored component with its parameters and variant names, by name, from the rows
  /// the store derives from each definition (``RecordMapping/input(for:)``) rather than by
  /// parsing every definition (issue 17, point 4: `list` starts fast).
  ///
  /// - Returns: The summaries, sorted by name as ``components()``.
  /// - Throws: ``CatalogError`` when SQLite fails.
  public func componentSummaries() throws(CatalogError) -> [ComponentSummary] {
    let records = try CatalogError.wrapping { try store.componentSummaries() }
    return records.map { record in
      var parameters: [ParameterDefinition]? = []
      for row in record.parameters {
        guard let parameter = RecordMapping.parameter(from: row) else {
          parameters = nil
          break
        }
        parameters?.append(parameter)
      }
      return ComponentSummary(
        name: record.name, description: record.description, revision: record.revision,
        parameters: parameters, variantNames: record.variantNames)
    }
  }
}

extension RecordMapping {
  /// The parameter a `component_parameter` row was made from (the inverse of
  /// ``input(for:)``'s parameter rows, for the columns they keep).
  ///
  /// - Parameter row: The row.
  /// - Returns: The parameter, or `nil` when the type is unknown or the default is not JSON.
  static func parameter(from row: ParameterRecord) -> ParameterDefinition? {
    guard let type = ParameterType(rawValue: row.type) else { return nil }
    var defaultValue: JSONValue?
    if let text = row.defaultValue {
      guard let document = try? JSONParser.parse(text) else { return nil }
      defaultValue = document.root
    }
    return ParameterDefinition(
      name: row.name, type: type, defaultValue: defaultValue, isOptional: row.isOptional,
      allowedValues: nil, description: nil,
      path: JSONPath.appending(key: row.name, to: "parameters"))
  }
}
