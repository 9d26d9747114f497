import CatalogModel
import CatalogStore
import CatalogTokens

extension CatalogService {
  /// `tokens rename`: renames the token in every set, rewrites every reference `{old}` (and
  /// `{old.$root}`) in token values (aliases, math, composite members), component
  /// definitions and resolver documents (moving the token inside each set and context of a
  /// document, with its inherited `$type`, so a mode keeps applying), in the caller's
  /// transaction. Refused, naming the conflict, when the new path is a token or group of
  /// the catalog or of a resolver document, a group above one or a path inside a token
  /// (``refuseTokenPathCollisions(_:replacing:documents:documentTokensMayMatch:)``), and when a document reaches the token by a
  /// JSON Pointer it cannot rewrite. DTCG §5.1.1 names.
  func renameToken(
    _ given: String, to wanted: String, result: inout ChangeResult, saved: inout [String: String?]
  ) throws {
    // `{accent.$root}` names the group's root token, stored under the group's path (DTCG
    // Format §6.2): `tokens rename accent.$root hue` renames that token.
    let root = TokenGraph.storedPath(given)
    let target = wanted.hasSuffix(".$root") ? TokenGraph.storedPath(wanted) : wanted
    let old = NameText.normalized(root)
    let new = NameText.normalized(target)
    try Self.refuseInvalidTokenPath(new)
    guard try !store.tokens(atPath: old).isEmpty else {
      throw CatalogError.notFound(kind: "token", name: old, known: [])
    }
    // Renaming a token to its own path changes nothing: said so, and not an error (a
    // script renaming to a wanted name may run twice).
    if old == new {
      result.notes.append("nothing to rename: the token is already named {\(new)}")
      return
    }
    // Rule: the new path names nothing yet, in the catalog or in a resolver document.
    let documents = try parsedResolverDocuments()
    try refuseTokenPathCollisions(
      new, replacing: old, documents: documents.map { ($0.record.input.name, $0.json) },
      documentTokensMayMatch: false)
    // Every reference in the same transaction: token values (aliases, math, composite
    // members) in the store, then component definitions and resolver documents.
    let (renamed, rewritten) = try store.renameToken(old, to: new)
    result.events.append(.tokenRenamed(from: old, to: new, sets: renamed, aliases: rewritten))
    let naming = try store.components().filter {
      $0.definition.contains("{\(old)}") || $0.definition.contains("{\(old).$root}")
    }
    // A damaged definition that names the token cannot be rewritten and checked: the rename
    // is refused naming every such one, its damage and what to do (review 21); a damaged
    // one that does not name the token does not block the rename.
    var damaged: [CatalogProblem] = []
    for record in naming {
      if case .failure(let damage) = Self.parseOrDamage(record) {
        damaged.append(
          CatalogProblem(
            CatalogLocation(component: record.name, jsonPath: damage.path),
            "cannot rename {\(old)}: \(damage.message); its stored text names {\(old)}, which cannot be rewritten while the definition is damaged\(damage.advice), then rename again"
          ))
      }
    }
    if !damaged.isEmpty { throw CatalogError.invalid(damaged) }
    for record in naming {
      let document = try JSONParser.parse(record.definition, file: "catalog:\(record.name)")
      let updated = Self.replaceReferences(document.root, old: old, new: new)
      guard updated != document.root else { continue }
      let definition = try DefinitionParser.parse(
        JSONWriter.compact(updated), file: "catalog:\(record.name)")
      let revision = try store.saveComponent(
        RecordMapping.input(for: definition, components: storedDefinition),
        expectedRevision: record.revision)
      saved[record.name] = .some(nil)
      result.events.append(.componentSaved(name: record.name, revision: revision, created: false))
    }
    let oldPath = old.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    let newPath = new.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    for (record, json) in documents {
      let name = record.input.name
      if let pointer = Self.pointer(into: json, naming: oldPath) {
        throw CatalogError.invalid([
          CatalogProblem(
            CatalogLocation(token: old),
            "cannot rename {\(old)}: resolver document '\(name)' points at it with the JSON Pointer \(pointer), which tokens rename does not rewrite; change the pointer to an alias {\(old)} first (Format §7.1)"
          )
        ])
      }
      let updated = try Self.moveToken(
        Self.replaceReferences(json, old: old, new: new), from: oldPath, to: newPath,
        document: name)
      guard updated != json else { continue }
      // A source naming a token set stays a reference, read from the set as renamed.
      try saveRewritten(record, as: updated, result: &result)
    }
  }

  /// Every stored resolver document with its parsed JSON, for the rules that read their
  /// token trees (``refuseTokenPathCollisions(_:replacing:documents:documentTokensMayMatch:)``)
  /// and the rename that rewrites them.
  /// - Returns: Each document's record and JSON, by name.
  /// - Throws: ``StoreError`` from the store; a JSON error when a stored document does not
  ///   parse.
  func parsedResolverDocuments() throws -> [(record: ResolverDocumentRecord, json: JSONValue)] {
    try store.resolverDocuments().map { record in
      (
        record,
        try JSONParser.parse(record.input.document, file: "resolver \(record.input.name)").root
      )
    }
  }

  /// The one rule for the path a token is written to (`tokens set` of a new path) or
  /// renamed to (`tokens rename`), ``TokenTreePaths/collision(of:with:)``: it may not be an
  /// existing token or group of the catalog's sets (or of a resolver document's sets and
  /// contexts, which a rename rewrites too), a group above one, or a path inside a token.
  /// A token that already has tokens below it is a group's `$root` token (DTCG Format §6.2),
  /// so a path below it names a member of that group and is allowed. Refused naming each
  /// conflict (DTCG Format §5.1.1: a token and a group may not share a name; a token holds
  /// no children, §5).
  ///
  /// - Parameters:
  ///   - new: The new path (normalised).
  ///   - old: The token being renamed (left out of the check), or nil for a new token.
  ///   - documents: Resolver documents whose token trees are checked too.
  ///   - documentTokensMayMatch: Whether a document's token at the same path is allowed (a
  ///     new catalog token that a context overrides, `tokens set`); a group there, or a
  ///     token above the path, is a conflict either way (`doctor`'s error).
  /// - Throws: ``CatalogError/invalid(_:)`` naming every conflict.
  func refuseTokenPathCollisions(
    _ new: String, replacing old: String?, documents: [(name: String, json: JSONValue)],
    documentTokensMayMatch: Bool
  ) throws {
    var conflicts: [String] = []
    // A group is one conflict however many tokens it holds: said once per place, naming a
    // few of them.
    var groupMembers: [(place: String, paths: [String])] = []
    func describe(_ collision: TokenTreePaths.Collision, _ path: String, _ place: String) -> String
    {
      switch collision {
      case .same: return "{\(path)} is already a token of \(place)"
      case .groupAbove: return "{\(new)} is a group of \(place) (it holds {\(path)})"
      case .below: return "{\(new)} would be inside the token {\(path)} of \(place)"
      }
    }
    func add(_ collision: TokenTreePaths.Collision, _ path: String, _ place: String) {
      guard case .groupAbove = collision else {
        conflicts.append(describe(collision, path, place))
        return
      }
      if let i = groupMembers.firstIndex(where: { $0.place == place }) {
        groupMembers[i].paths.append(path)
      } else {
        groupMembers.append((place, [path]))
        conflicts.append("")  // Filled in below, in order.
      }
    }
    // A token that has tokens below it is a group's `$root` token (DTCG Format §6.2, root
    // tokens): a path below it names a member of that group, not the inside of a token.
    func isGroupRoot(_ path: String, among paths: some Sequence<String>) -> Bool {
      paths.contains { TokenTreePaths.collision(of: path, with: $0) == .groupAbove }
    }
    for row in try store.tokensColliding(with: new, excluding: old) {
      if let c = TokenTreePaths.collision(of: new, with: row.path) {
        if c == .below,
          try isGroupRoot(
            row.path,
            among: store.tokensColliding(with: row.path, excluding: nil, limit: 256).lazy.filter {
              $0.set == row.set
            }.map(\.path))
        {
          continue
        }
        add(c, row.path, "set '\(row.set)'")
      }
    }
    for (name, json) in documents {
      for (place, tree) in Self.tokenTrees(of: json) {
        let paths = TokenTreePaths.of(tree).tokens
        for path in paths where path != old {
          if let c = TokenTreePaths.collision(of: new, with: path) {
            if c == .below, isGroupRoot(path, among: paths) { continue }
            if c == .same, documentTokensMayMatch { continue }
            add(c, path, "resolver document '\(name)' (\(place))")
          }
        }
      }
    }
    var groups = groupMembers.makeIterator()
    for i in conflicts.indices where conflicts[i].isEmpty {
      guard let (place, paths) = groups.next() else { break }
      let shown = paths.prefix(3).map { "{\($0)}" }.joined(separator: ", ")
      conflicts[i] =
        "{\(new)} is a group of \(place) (it holds \(shown)\(paths.count > 3 ? ", …" : ""))"
    }
    guard conflicts.isEmpty else {
      // Bounded as every list is (BoundedList), with the count of the rest.
      let (shown, more) = BoundedList.split(conflicts)
      let listed =
        shown.joined(separator: "; ")
        + (more > 0 ? "; " + BoundedList.moreLine(more, "collision", hint: nil) : "")
      throw CatalogError.invalid([
        CatalogProblem(
          CatalogLocation(token: new),
          "\(old.map { "cannot rename {\($0)} to {\(new)}" } ?? "cannot add {\(new)}"): \(listed); choose a path that names no token or group (Format §5.1.1)"
        )
      ])
    }
  }

  /// Every token tree of a resolver document's JSON with where it is: each source of each
  /// set (`set base`) and of each modifier context (`density=compact`), Resolver §4.1.4–5.
  static func tokenTrees(of json: JSONValue) -> [(place: String, tree: JSONValue)] {
    var trees: [(String, JSONValue)] = []
    guard let o = json.objectValue else { return trees }
    for (name, set) in o["sets"]?.objectValue?.members ?? [] {
      for source in set.objectValue?["sources"]?.arrayValue ?? [] {
        trees.append(("set \(name)", source))
      }
    }
    for (name, modifier) in o["modifiers"]?.objectValue?.members ?? [] {
      for (context, sources) in modifier.objectValue?["contexts"]?.objectValue?.members ?? [] {
        for source in sources.arrayValue ?? [] { trees.append(("\(name)=\(context)", source)) }
      }
    }
    // Inline steps of the resolution order (`type: set` / `type: modifier`).
    for step in o["resolutionOrder"]?.arrayValue ?? [] {
      guard let s = step.objectValue, let name = s["name"]?.stringValue else { continue }
      for source in s["sources"]?.arrayValue ?? [] { trees.append(("set \(name)", source)) }
      for (context, sources) in s["contexts"]?.objectValue?.members ?? [] {
        for source in sources.arrayValue ?? [] { trees.append(("\(name)=\(context)", source)) }
      }
    }
    return trees
  }

  /// A `$ref` JSON Pointer in the document that goes through the token at `path` (its
  /// segments in order, as `/space/sm`), or nil.
  static func pointer(into json: JSONValue, naming path: [String]) -> String? {
    let segments = path.map {
      $0.replacing("~", with: "~0").replacing("/", with: "~1")
    }
    let needle = "/" + segments.joined(separator: "/")
    var stack = [json]
    while let value = stack.popLast() {
      switch value {
      case .object(let o):
        for (key, member) in o.members {
          if key == "$ref", case .string(let s) = member,
            s.hasSuffix(needle) || s.contains(needle + "/")
          {
            return s
          }
          stack.append(member)
        }
      case .array(let a): stack += a
      default: break
      }
    }
    return nil
  }

  /// Every `{old}` and `{old.$root}` inside any string becomes `{new}` (DTCG §7.1 alias
  /// syntax; a math expression or a composite member names a token the same way), as the
  /// store rewrites token values.
  static func replaceReferences(_ value: JSONValue, old: String, new: String) -> JSONValue {
    let plain = "{\(old)}"
    let root = "{\(old).$root}"
    func rewrite(_ value: JSONValue, depth: Int) -> JSONValue {
      guard depth < 512 else { return value }
      switch value {
      case .string(let s) where s.contains(plain) || s.contains(root):
        return .string(
          s.replacing(plain, with: "{\(new)}").replacing(root, with: "{\(new)}"))
      case .object(let o):
        return .object(JSONObject(o.members.map { ($0.key, rewrite($0.value, depth: depth + 1)) }))
      case .array(let a):
        return .array(a.map { rewrite($0, depth: depth + 1) })
      default: return value
      }
    }
    return rewrite(value, depth: 0)
  }

  /// Moves every token at `old` in the document's token trees (``tokenTrees(of:)``) to
  /// `new`, creating groups as needed and keeping a `$type` it inherited from its old
  /// groups (Format §6.3: a token takes its nearest group's `$type`); every other member
  /// stays. A tree where `new` is taken is refused naming it (nothing is overwritten).
  static func moveToken(
    _ json: JSONValue, from old: [String], to new: [String], document: String
  ) throws -> JSONValue {
    guard var o = json.objectValue else { return json }
    func moveIn(_ tree: JSONValue, place: String) throws -> JSONValue {
      guard var object = tree.objectValue, var token = take(&object, old[...], inherited: nil)
      else { return tree }
      if token.type != nil, token.object["$type"] == nil {
        token.object["$type"] = .string(token.type ?? "")
      }
      guard put(&object, new[...], .object(token.object)) else {
        throw CatalogError.invalid([
          CatalogProblem(
            CatalogLocation(token: new.joined(separator: ".")),
            "cannot rename {\(old.joined(separator: "."))}: resolver document '\(document)' (\(place)) already has {\(new.joined(separator: "."))} or a token above it"
          )
        ])
      }
      return .object(object)
    }
    func moveSources(_ sources: JSONValue?, place: String) throws -> JSONValue? {
      guard let a = sources?.arrayValue else { return sources }
      return .array(try a.map { try moveIn($0, place: place) })
    }
    if var sets = o["sets"]?.objectValue {
      for (name, set) in sets.members {
        guard var so = set.objectValue else { continue }
        so["sources"] = try moveSources(so["sources"], place: "set \(name)")
        sets[name] = .object(so)
      }
      o["sets"] = .object(sets)
    }
    func moveContexts(_ m: inout JSONObject, name: String) throws {
      guard var contexts = m["contexts"]?.objectValue else { return }
      for (context, sources) in contexts.members {
        contexts[context] = try moveSources(sources, place: "\(name)=\(context)")
      }
      m["contexts"] = .object(contexts)
    }
    if var modifiers = o["modifiers"]?.objectValue {
      for (name, modifier) in modifiers.members {
        guard var m = modifier.objectValue else { continue }
        try moveContexts(&m, name: name)
        modifiers[name] = .object(m)
      }
      o["modifiers"] = .object(modifiers)
    }
    if let steps = o["resolutionOrder"]?.arrayValue {
      o["resolutionOrder"] = .array(
        try steps.map { step in
          guard var s = step.objectValue, let name = s["name"]?.stringValue else { return step }
          s["sources"] = try moveSources(s["sources"], place: "set \(name)")
          try moveContexts(&s, name: name)
          return .object(s)
        })
    }
    return .object(o)
  }

  /// Removes the token at `path` below `object` and returns it with the `$type` it
  /// inherited (nil when none); nil when there is no token there.
  private static func take(
    _ object: inout JSONObject, _ path: ArraySlice<String>, inherited: String?
  ) -> (object: JSONObject, type: String?)? {
    guard let key = path.first, let child = object[key]?.objectValue else { return nil }
    let type = object["$type"]?.stringValue ?? inherited
    if path.count == 1 {
      guard child["$value"] != nil || child["$ref"] != nil else { return nil }
      object[key] = nil
      return (child, child["$type"]?.stringValue ?? type)
    }
    var inner = child
    guard let token = take(&inner, path.dropFirst(), inherited: type) else { return nil }
    object[key] = .object(inner)
    return token
  }

  /// Puts `token` at `path` below `object`, creating groups; false when the path (or a
  /// token above it) is taken.
  private static func put(
    _ object: inout JSONObject, _ path: ArraySlice<String>, _ token: JSONValue
  ) -> Bool {
    guard let key = path.first else { return false }
    if path.count == 1 {
      guard object[key] == nil else { return false }
      object[key] = token
      return true
    }
    if let existing = object[key], existing.objectValue == nil { return false }
    var inner = object[key]?.objectValue ?? JSONObject()
    guard inner["$value"] == nil, inner["$ref"] == nil else { return false }
    guard put(&inner, path.dropFirst(), token) else { return false }
    object[key] = .object(inner)
    return true
  }

  /// The stored form of a resolver document: name, version, modifiers with their
  /// contexts and token counts (Resolver §4).
  static func resolverInput(_ document: ResolverDocument, file: String, name: String?)
    -> ResolverDocumentInput
  {
    let modifiers = document.modifiers.map { m in
      var record = ResolverModifierRecord(
        name: m.name, description: m.description, defaultContext: m.defaultContext)
      for c in m.contexts {
        var count = 0
        for s in c.sources { if let o = s.objectValue { count += DTCGCount.tokens(o) } }
        record.appendContext(named: c.name, tokenCount: count)
      }
      return record
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
