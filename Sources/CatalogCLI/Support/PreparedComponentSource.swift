import CatalogModel
import CatalogResolver

/// A ``ComponentSource`` that answers one component from a definition already read (the
/// one a command renders) and every other from the catalog, so a command does not read and
/// parse the same definition twice (issue 17, point 4).
struct PreparedComponentSource: ComponentSource {
  /// The definition already read.
  let prepared: ComponentDefinition
  /// Where every other definition comes from.
  let rest: any ComponentSource

  /// A source answering `prepared.name` with `prepared` and the rest from `rest`.
  init(_ prepared: ComponentDefinition, rest: any ComponentSource) {
    self.prepared = prepared
    self.rest = rest
  }

  /// The definition named `name`: the prepared one, or the catalog's.
  /// - Parameter name: A component name.
  /// - Returns: The definition, or nil when no component has that name.
  /// - Throws: Whatever the catalog throws.
  func definition(named name: String) throws -> ComponentDefinition? {
    name == prepared.name ? prepared : try rest.definition(named: name)
  }
}
