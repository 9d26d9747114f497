/// A stored component as the `component` table holds it.
public struct ComponentRecord: Sendable, Equatable {
  /// The component's name.
  public var name: String
  /// Its description, or `nil`.
  public var description: String?
  /// The definition as JSON text, exactly as saved.
  public var definition: String
  /// The revision this definition was saved as (1 or more).
  public var revision: Int
  /// When the component was first saved: ISO-8601 UTC (`2025-01-31T09:30:00.000Z`).
  public var createdAt: String
  /// When the component was last saved: ISO-8601 UTC.
  public var updatedAt: String

  /// Creates a record.
  ///
  /// - Parameters:
  ///   - name: The component's name.
  ///   - description: Its description, or `nil`.
  ///   - definition: The definition as JSON text.
  ///   - revision: The revision number.
  ///   - createdAt: When it was first saved, ISO-8601 UTC.
  ///   - updatedAt: When it was last saved, ISO-8601 UTC.
  public init(
    name: String, description: String?, definition: String, revision: Int,
    createdAt: String, updatedAt: String
  ) {
    self.name = name
    self.description = description
    self.definition = definition
    self.revision = revision
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }
}
