/// A DTCG Resolver module document to save: the JSON and its modifiers as rows.
public struct ResolverDocumentInput: Sendable, Equatable {
  /// The document's name in the catalog (its `name`, else the file's name).
  public var name: String
  /// `version` (always `2025.10`).
  public var version: String
  /// `description`, if any.
  public var description: String?
  /// The document as JSON text (file references inlined).
  public var document: String
  /// The file it came from.
  public var source: String?
  /// Its modifiers in resolution order.
  public var modifiers: [ResolverModifierRecord]

  /// Creates an input.
  /// - Parameters:
  ///   - name: The catalog name.
  ///   - version: The spec version.
  ///   - description: The description.
  ///   - document: JSON text.
  ///   - source: The file.
  ///   - modifiers: Modifiers in order.
  public init(
    name: String, version: String = "2025.10", description: String? = nil, document: String,
    source: String? = nil, modifiers: [ResolverModifierRecord]
  ) {
    self.name = name
    self.version = version
    self.description = description
    self.document = document
    self.source = source
    self.modifiers = modifiers
  }
}
