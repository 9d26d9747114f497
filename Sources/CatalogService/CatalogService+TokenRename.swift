import CatalogModel
import CatalogStore
import CatalogTokens

extension CatalogService {
  /// `tokens rename`: renames the token in every set, rewrites every alias `{old}` in
  /// tokens, components and resolver documents (moving the token inside a document, so a
  /// mode keeps applying), in the caller's transaction. DTCG §5.1.1 names.
  func renameToken(
    _ old: String, to new: String, result: inout ChangeResult, saved: inout [String: String?]
  ) throws {
    guard !new.isEmpty, !new.contains("{"), !new.contains("}"),
      !new.split(separator: ".", omittingEmptySubsequences: false).contains(where: {
        $0.isEmpty || $0.hasPrefix("$")
      })
    else {
      throw CatalogError.invalid([
        CatalogProblem(
          CatalogLocation(token: new),
          "'\(new)' is not a token path: names are separated by '.', never empty, never start with '$' and never contain '{' or '}' (DTCG §5.1.1)"
        )
      ])
    }
    let users = Set(try store.tokenUsage(old).map(\.component))
    let (renamed, rewritten) = try store.renameToken(old, to: new)
    result.events.append(.tokenRenamed(from: old, to: new, sets: renamed, aliases: rewritten))
    for record in try store.components() where users.contains(record.name) {
      let document = try JSONParser.parse(record.definition, file: "catalog:\(record.name)")
      let updated = Self.replaceAlias(document.root, old: old, new: new, depth: 0)
      let definition = try DefinitionParser.parse(
        JSONWriter.compact(updated), file: "catalog:\(record.name)")
      let revision = try store.saveComponent(
        RecordMapping.input(for: definition), expectedRevision: record.revision)
      saved[record.name] = .some(nil)
      result.events.append(.componentSaved(name: record.name, revision: revision, created: false))
    }
    let oldPath = old.split(separator: ".").map(String.init)
    let newPath = new.split(separator: ".").map(String.init)
    for record in try store.resolverDocuments() {
      let json = try JSONParser.parse(record.input.document, file: "resolver \(record.input.name)")
        .root
      let updated = Self.moveToken(
        Self.replaceAlias(json, old: old, new: new, depth: 0), from: oldPath, to: newPath, depth: 0)
      guard updated != json else { continue }
      let document = try ResolverDocument.parse(
        source: TokenSource(value: updated, file: "resolver \(record.input.name)"))
      var input = Self.resolverInput(
        document, file: record.input.source ?? record.input.name, name: record.input.name)
      input.source = record.input.source
      let revision = try store.saveResolverDocument(input)
      result.events.append(
        .resolverDocumentSaved(
          name: record.input.name, source: record.input.source, revision: revision,
          steps: document.resolutionOrder.count, modifiers: []))
    }
  }

  /// Every string that is exactly `{old}` becomes `{new}` (DTCG §7.1 alias syntax).
  static func replaceAlias(_ value: JSONValue, old: String, new: String, depth: Int) -> JSONValue {
    guard depth < 512 else { return value }
    switch value {
    case .string(let s) where s == "{\(old)}": return .string("{\(new)}")
    case .object(let o):
      return .object(
        JSONObject(
          o.members.map { ($0.key, replaceAlias($0.value, old: old, new: new, depth: depth + 1)) }))
    case .array(let a):
      return .array(a.map { replaceAlias($0, old: old, new: new, depth: depth + 1) })
    default: return value
    }
  }

  /// Moves a token (an object with `$value` at the path `old` below any object of the
  /// document) to the path `new`, creating groups as needed; every other member stays.
  static func moveToken(_ value: JSONValue, from old: [String], to new: [String], depth: Int)
    -> JSONValue
  {
    guard depth < 512 else { return value }
    switch value {
    case .array(let a):
      return .array(a.map { moveToken($0, from: old, to: new, depth: depth + 1) })
    case .object(let o):
      var object = JSONObject(
        o.members.map { ($0.key, moveToken($0.value, from: old, to: new, depth: depth + 1)) })
      if let token = take(&object, old[...]) { put(&object, new[...], token) }
      return .object(object)
    default:
      return value
    }
  }

  private static func take(_ object: inout JSONObject, _ path: ArraySlice<String>) -> JSONValue? {
    guard let key = path.first, let child = object[key] else { return nil }
    if path.count == 1 {
      guard child.objectValue?["$value"] != nil else { return nil }
      object[key] = nil
      return child
    }
    guard var inner = child.objectValue, let token = take(&inner, path.dropFirst()) else {
      return nil
    }
    object[key] = .object(inner)
    return token
  }

  private static func put(
    _ object: inout JSONObject, _ path: ArraySlice<String>, _ token: JSONValue
  ) {
    guard let key = path.first else { return }
    if path.count == 1 {
      object[key] = token
      return
    }
    var inner = object[key]?.objectValue ?? JSONObject()
    put(&inner, path.dropFirst(), token)
    object[key] = .object(inner)
  }

  /// The stored form of a resolver document: name, version, modifiers with their
  /// contexts and token counts (Resolver §4).
  static func resolverInput(_ document: ResolverDocument, file: String, name: String?)
    -> ResolverDocumentInput
  {
    let modifiers = document.modifiers.map { m in
      ResolverModifierRecord(
        name: m.name, description: m.description, defaultContext: m.defaultContext,
        contexts: m.contexts.map { c in
          var count = 0
          for s in c.sources { if let o = s.objectValue { count += DTCGCount.tokens(o) } }
          return ResolverContextRecord(name: c.name, tokenCount: count)
        })
    }
    return ResolverDocumentInput(
      name: name ?? document.name
        ?? setName(for: file).replacing(".resolver", with: ""),
      version: document.version,
      description: document.description, document: JSONWriter.compact(document.json), source: file,
      modifiers: modifiers)
  }

  /// The set a token file goes into by default: its name without the extension and
  /// without the `.tokens` that marks a token file in any format (`spacing.tokens.json`,
  /// `spacing.tokens.yaml`, `spacing.tokens.json5` and `spacing.tokens` → `spacing`), so the
  /// set exports back as `tokens/spacing.tokens.json`, not `spacing.tokens.tokens.json`.
  /// - Parameter file: The file's path.
  /// - Returns: The set's name (`default` when nothing is left).
  public static func setName(for file: String) -> String {
    var name = file.split(separator: "/").last.map(String.init) ?? file
    for suffix in [".resolver.json", ".json5", ".json", ".yaml", ".yml"]
    where name.hasSuffix(suffix) {
      name = String(name.dropLast(suffix.count))
      break
    }
    if name.hasSuffix(".tokens") { name = String(name.dropLast(".tokens".count)) }
    return name.isEmpty ? "default" : name
  }
}

/// Counts tokens in a DTCG tree (DTCG §5: an object with `$value` is a token).
enum DTCGCount {
  static func tokens(_ o: JSONObject, depth: Int = 0) -> Int {
    guard depth < 256 else { return 0 }
    var n = 0
    for (k, v) in o.members where !k.hasPrefix("$") || k == "$root" {
      guard let c = v.objectValue else { continue }
      n += c["$value"] != nil || c["$ref"] != nil ? 1 : tokens(c, depth: depth + 1)
    }
    return n
  }
}
