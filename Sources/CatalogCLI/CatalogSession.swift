import CatalogModel
import CatalogResolver
import CatalogStore
import CatalogTokens
import Foundation

/// The catalog file a command works on, with the conversions between stored records and
/// the model (definitions, tokens).
final class CatalogSession {
  let path: String
  let store: CatalogStore

  /// Opens the catalog. Read commands require the file to exist; `init` and `add` create it
  /// (atomically: an empty catalog appears whole, see ``CatalogStore/create(at:_:)``).
  init(path: String, create: Bool, readOnly: Bool = false) throws(CommandError) {
    self.path = path
    if !FileManager.default.fileExists(atPath: path) && path != ":memory:" {
      if !create {
        throw .failure("no catalog at '\(path)'; create one with 'catalog init', or choose another with --db or $CATALOG_DB")
      }
      do { _ = try CatalogStore.create(at: path) { _ in } } catch { throw .failure("\(error)") }
    }
    do {
      store = try CatalogStore(path: path, mode: readOnly ? .readOnly : .readWrite)
    } catch {
      throw .failure("\(error)")
    }
  }

  /// A session on a store that is already open (the temporary file of a new catalog).
  private init(path: String, store: CatalogStore) {
    self.path = path
    self.store = store
  }

  /// Runs a command that writes on the catalog at `path`, creating the catalog when it
  /// does not exist so that a failure or a kill leaves no file and success leaves the
  /// complete result (``CatalogStore/create(at:_:)``). What the command prints is held
  /// back until the new catalog is in place; when another process created the catalog
  /// meanwhile, that output is dropped and the command runs again on the existing file.
  static func writing(
    path: String, output: Output, _ body: (CatalogSession) throws(CommandError) -> Void
  ) throws(CommandError) {
    if FileManager.default.fileExists(atPath: path) || path == ":memory:" {
      try body(CatalogSession(path: path, create: true))
      return
    }
    output.hold()
    let creation: CatalogStore.Creation<Void>
    do {
      creation = try CatalogStore.create(at: path) { store in try body(CatalogSession(path: path, store: store)) }
    } catch let error as CommandError {
      output.release()
      throw error
    } catch {
      output.release()
      throw .failure("\(error)")
    }
    switch creation {
    case .created:
      output.release()
    case .createdMeanwhile:
      output.release(discardingOutput: true)
      try body(CatalogSession(path: path, create: true))
    }
  }

  /// The stored definition of a component, parsed.
  func definition(named name: String) throws(CommandError) -> ComponentDefinition? {
    let record: ComponentRecord?
    do { record = try store.component(named: name) } catch { throw .failure("\(error)") }
    guard let record else { return nil }
    do {
      return try DefinitionParser.parse(record.definition, file: "catalog:\(name)")
    } catch {
      throw .failure("the stored definition of \(name) is invalid: \(error)")
    }
  }

  /// Every stored definition, parsed, by name.
  func definitions() throws(CommandError) -> [ComponentDefinition] {
    let records: [ComponentRecord]
    do { records = try store.components() } catch { throw .failure("\(error)") }
    var out: [ComponentDefinition] = []
    for r in records {
      do {
        out.append(try DefinitionParser.parse(r.definition, file: "catalog:\(r.name)"))
      } catch {
        throw .failure("the stored definition of \(r.name) is invalid: \(error)")
      }
    }
    return out
  }

  /// Every token, the winning one per path when several sets define it.
  func tokenResolver() throws(CommandError) -> TokenResolver {
    let records: [String: TokenRecord]
    do { records = try store.resolvedTokens() } catch { throw .failure("\(error)") }
    var tokens: [String: DesignToken] = [:]
    for (path, record) in records {
      tokens[path] = CatalogSession.token(from: record)
    }
    return TokenResolver(tokens: tokens)
  }

  static func token(from record: TokenRecord) -> DesignToken {
    func parse(_ text: String?) -> JSONValue? {
      guard let text else { return nil }
      return try? JSONParser.parse(text, file: "catalog").root
    }
    var token = DesignToken(
      path: record.path, type: record.type, value: parse(record.value) ?? .string(record.value),
      description: record.description, deprecated: parse(record.deprecated), extensions: parse(record.extensions))
    token.extensionsText = record.extensions  // Exported byte for byte (DTCG §5.2.3).
    return token
  }

  /// The store records for a definition: parameters, variants, lengths and instances.
  static func input(for definition: ComponentDefinition) -> ComponentInput {
    let parameters = definition.parameters.map {
      ParameterRecord(name: $0.name, type: $0.type.rawValue, defaultValue: $0.defaultValue.map(JSONWriter.compact), isOptional: $0.isOptional)
    }
    let variants = definition.variants.map { VariantRecord(name: $0.name, arguments: JSONWriter.compact(.object($0.arguments))) }
    let lengths = definition.lengthUses.map { use -> LengthRecord in
      switch use.length {
      case .points(let p):
        return LengthRecord(jsonPath: use.path, property: use.property, source: .literal, literalPoints: p, tokenPath: nil, parameter: nil)
      case .token(let t):
        return LengthRecord(jsonPath: use.path, property: use.property, source: .token, literalPoints: nil, tokenPath: t, parameter: nil)
      case .parameter(let p):
        return LengthRecord(jsonPath: use.path, property: use.property, source: .parameter, literalPoints: nil, tokenPath: nil, parameter: p)
      case .platformDefault, .infinity:
        return LengthRecord(jsonPath: use.path, property: use.property, source: .default, literalPoints: nil, tokenPath: nil, parameter: nil)
      }
    }
    let instances = definition.instanceUses.map { InstanceRecord(jsonPath: $0.path, instanceOf: $0.component) }
    return ComponentInput(
      name: definition.name, description: definition.description, definition: JSONWriter.compact(definition.json),
      parameters: parameters, variants: variants, lengths: lengths, instances: instances)
  }
}

/// Components from the catalog file, for the resolver.
struct StoreComponentSource: ComponentSource {
  let session: CatalogSession
  func definition(named name: String) throws -> ComponentDefinition? {
    try session.definition(named: name)
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
