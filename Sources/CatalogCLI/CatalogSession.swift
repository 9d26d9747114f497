import CatalogModel
import CatalogResolver
import CatalogService
import CatalogTokens

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The catalog a command works on: the ``CatalogService`` for its file, with the
/// service's typed errors turned into the command line's (`Error: …`, exit 1). Commands
/// read and change the catalog only through ``service`` and ``apply(_:options:)``.
package final class CatalogSession {
  /// The catalog file's path.
  let path: String
  /// The application layer for the file.
  let service: CatalogService

  /// Opens the catalog. Read commands require the file to exist; `init` and writers create it.
  package init(path: String, create: Bool, readOnly: Bool = false) throws(CommandError) {
    self.path = path
    do {
      service = try CatalogService(path: path, create: create, readOnly: readOnly)
    } catch {
      throw CommandError(error)
    }
  }

  /// Runs a service call, turning its error into a ``CommandError``.
  func run<T>(_ body: () throws -> T) throws(CommandError) -> T {
    do { return try body() } catch let error as CommandError { throw error } catch let error
      as CatalogError
    {
      throw CommandError(error)
    } catch {
      throw .failure("\(error)")
    }
  }

  /// A session on a service that is already open (a new catalog being built).
  private init(path: String, service: CatalogService) {
    self.path = path
    self.service = service
  }

  /// Opens the catalog at `path` for a dry run: read-only, as reading commands open it,
  /// the change applied to a copy in memory (``CatalogService/forDryRun(at:)``), so a dry
  /// run writes nothing and works on a catalog this process may not write.
  /// - Parameter path: The catalog file (when missing, an empty catalog in memory).
  /// - Returns: The session.
  /// - Throws: ``CommandError`` for the service's errors.
  package static func dryRun(path: String) throws(CommandError) -> CatalogSession {
    do {
      return CatalogSession(path: path, service: try CatalogService.forDryRun(at: path))
    } catch {
      throw CommandError(error)
    }
  }

  /// Runs a command that writes on the catalog at `path`, creating the catalog when it
  /// does not exist so that a failure or a kill leaves no file and success leaves the
  /// complete result (``CatalogService/createAtomically(at:_:)``). What the command prints
  /// is held back until the new catalog is in place; when another process created the
  /// catalog meanwhile, that output is dropped and the command runs again on that file.
  package static func writing(
    path: String, output: Output, _ body: (CatalogSession) throws(CommandError) -> Void
  ) throws(CommandError) {
    if !CatalogService.needsCreating(at: path) {
      try body(CatalogSession(path: path, create: true))
      return
    }
    output.hold()
    let created: Void?
    do {
      created = try CatalogService.createAtomically(at: path) { service in
        try body(CatalogSession(path: path, service: service))
      }
    } catch let error as CommandError {
      output.release()
      throw error
    } catch let error as CatalogError {
      output.release()
      throw CommandError(error)
    } catch {
      output.release()
      throw .failure("\(error)")
    }
    if created != nil {
      output.release()
    } else {
      output.release(discardingOutput: true)
      try body(CatalogSession(path: path, create: true))
    }
  }

  /// Applies changes through the service's one write path.
  @discardableResult
  package func apply(_ changes: [CatalogChange], options: ChangeOptions = ChangeOptions())
    throws(CatalogError) -> ChangeResult
  {
    try service.apply(changes, options: options)
  }

  /// The stored definition of a component, parsed.
  func definition(named name: String) throws(CommandError) -> ComponentDefinition? {
    try run { try service.definition(named: name) }
  }

  /// Every stored definition, parsed, by name.
  package func definitions() throws(CommandError) -> [ComponentDefinition] {
    try run { try service.definitions() }
  }

  /// Every stored definition that parses, and each damaged one's problem
  /// (``CatalogService/definitionsAndDamaged()``).
  package func definitionsAndDamaged() throws(CommandError) -> (
    definitions: [ComponentDefinition], damaged: [CatalogProblem]
  ) {
    try run { try service.definitionsAndDamaged() }
  }

  /// Every token, the winning one per path when several sets define it.
  package func tokenResolver() throws(CommandError) -> TokenResolver {
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

  /// The error for a component name that names no stored component: where it was looked
  /// for, and the nearest stored name (``NameSuggestion``).
  /// - Parameters:
  ///   - name: The name given.
  ///   - detail: What follows the name (`in PATH`, `was ever saved in PATH`).
  /// - Returns: The failure to throw.
  func unknownComponent(_ name: String, _ detail: String? = nil) -> CommandError {
    let names = ((try? service.components()) ?? []).map(\.name)
    return .failure(
      "no component named '\(NameText.quoted(name))' \(detail ?? "in \(path)")\(NameSuggestion.didYouMean(name, among: names))"
    )
  }

  /// The error for a token path that names no stored token, with the nearest stored path.
  /// - Parameters:
  ///   - path: The path given.
  ///   - set: The set it was looked for in, if one was named.
  /// - Returns: The failure to throw.
  func unknownToken(_ path: String, set: String?) -> CommandError {
    let near = service.tokenSuggestion(for: path, inSet: set)
    return .failure(
      "no token {\(NameText.quoted(path))}\(set.map { " in set '\(NameText.quoted($0))'" } ?? "")\(near)"
    )
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
    case .exitStatus(let status): return "exit status \(status)"
    }
  }
}
