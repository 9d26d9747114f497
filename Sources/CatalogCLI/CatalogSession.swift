import CatalogModel
import CatalogResolver
import CatalogService
import CatalogTokens

/// The catalog a command works on: the ``CatalogService`` for its file, with the
/// service's typed errors turned into the command line's (`Error: …`, exit 1). Commands
/// read and change the catalog only through ``service`` and ``apply(_:options:)``.
final class CatalogSession {
  /// The catalog file's path.
  let path: String
  /// The application layer for the file.
  let service: CatalogService

  /// Opens the catalog. Read commands require the file to exist; `init` and writers create it.
  init(path: String, create: Bool, readOnly: Bool = false) throws(CommandError) {
    self.path = path
    do {
      service = try CatalogService(path: path, create: create, readOnly: readOnly)
    } catch {
      throw CommandError(error)
    }
  }

  /// Runs a service call, turning its error into a ``CommandError``.
  func run<T>(_ body: () throws -> T) throws(CommandError) -> T {
    do { return try body() } catch let error as CommandError { throw error } catch let error as CatalogError {
      throw CommandError(error)
    } catch {
      throw .failure("\(error)")
    }
  }

  /// Applies changes through the service's one write path.
  @discardableResult
  func apply(_ changes: [CatalogChange], options: ChangeOptions = ChangeOptions()) throws(CatalogError) -> ChangeResult {
    try service.apply(changes, options: options)
  }

  /// The stored definition of a component, parsed.
  func definition(named name: String) throws(CommandError) -> ComponentDefinition? {
    try run { try service.definition(named: name) }
  }

  /// Every stored definition, parsed, by name.
  func definitions() throws(CommandError) -> [ComponentDefinition] {
    try run { try service.definitions() }
  }

  /// Every token, the winning one per path when several sets define it.
  func tokenResolver() throws(CommandError) -> TokenResolver {
    try run { try service.tokenResolver() }
  }

  /// The tokens for a render with resolver inputs (see ``CatalogService/tokenResolver(inputs:)``).
  func tokenResolver(inputs: [String: String]) throws(CommandError) -> TokenResolver {
    try run { try service.tokenResolver(inputs: inputs) }
  }

  /// Path → type of every stored token.
  func knownTokenTypes() throws(CommandError) -> [String: String] {
    try run { try service.knownTokenTypes() }
  }

  /// The resolver's view of the catalog's components.
  var componentSource: any ComponentSource { service.componentSource }
}

extension CommandError {
  /// The command-line error for a service error: exit 1 with the error's sentence.
  init(_ error: CatalogError) {
    self = .failure(error.description)
  }
}

extension CommandError: CustomStringConvertible {
  /// The message, as printed after `Error: `.
  public var description: String {
    switch self {
    case .usage(let m, _), .failure(let m): return m
    case .help: return "help"
    case .silentFailure: return "failed"
    }
  }
}
