import CatalogModel

/// The one spelling of a resolver document's source that names a catalog token set rather
/// than copying its tokens: a DTCG `$ref` to the set's own file in a catalog folder
/// (Resolver §4.2: a reference that is not `#/…` names a file, relative to the document).
///
/// A catalog folder writes the set `compact` to `tokens/compact.tokens.json` and a resolver
/// document to `resolvers/NAME.resolver.json`, so the source is
/// `{"$ref": "../tokens/compact.tokens.json"}` (a set in folders, `themes/dark`, is
/// `../tokens/themes/dark.tokens.json`). The catalog stores the document with exactly these
/// references (the form `export` writes and every DTCG tool reads beside the set files), and
/// reads each one from the live set whenever the document is resolved, so editing the set
/// changes every context that names it. A `%`, `#` or space in a set's name is
/// percent-encoded, as a URI reference needs (RFC 3986 §2.1).
public enum TokenSetFileReference {
  /// The folder prefix of every such reference (from `resolvers/` to `tokens/`).
  static let prefix = "../tokens/"
  /// The suffix of a set's file.
  static let suffix = ".tokens.json"

  /// The `$ref` text that names a set.
  /// - Parameter set: The set's name (`compact`, `themes/dark`).
  /// - Returns: `../tokens/compact.tokens.json`.
  public static func reference(toSet set: String) -> String {
    var encoded = ""
    for scalar in set.unicodeScalars {
      switch scalar {
      case "%": encoded += "%25"
      case "#": encoded += "%23"
      case " ": encoded += "%20"
      default: encoded.unicodeScalars.append(scalar)
      }
    }
    return prefix + encoded + suffix
  }

  /// The set a `$ref` names, when it is spelt as ``reference(toSet:)`` writes it.
  /// - Parameter reference: A `$ref` text.
  /// - Returns: The set's name, or nil for any other reference.
  public static func set(named reference: String) -> String? {
    guard reference.hasPrefix(prefix), reference.hasSuffix(suffix),
      reference.count > prefix.count + suffix.count
    else { return nil }
    let encoded = reference.dropFirst(prefix.count).dropLast(suffix.count)
    var bytes: [UInt8] = []
    var utf8 = Array(encoded.utf8)[...]
    while let byte = utf8.first {
      utf8 = utf8.dropFirst()
      if byte == UInt8(ascii: "%"), utf8.count >= 2,
        let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    let name = String(decoding: bytes, as: UTF8.self)
    return name.isEmpty || name.split(separator: "/").contains("..") ? nil : name
  }

  /// One source of a resolver document that names a token set.
  public struct Use: Sendable, Equatable {
    /// Where the source is written (`sets.compact.sources[0]`,
    /// `modifiers.density.contexts.compact[1]`).
    public var jsonPath: String
    /// The set it names.
    public var set: String
    /// The modifier and context whose sources name it, directly or through a set of the
    /// document (`density=compact`); nil for a set of the resolution order itself.
    public var contexts: [String]
  }

  /// Every source of a document's JSON that names a token set, with the contexts reaching
  /// it (a context's `{"$ref": "#/sets/compact"}` reaches the document set's sources), in
  /// document order.
  /// - Parameter document: The document's JSON.
  /// - Returns: The uses.
  public static func uses(in document: JSONValue) -> [Use] {
    guard let root = document.objectValue else { return [] }
    var out: [Use] = []
    // A document set's sources: the catalog sets they name, directly or through other sets.
    let sets = root["sets"]?.objectValue ?? JSONObject()
    func named(_ sources: [JSONValue], path: String) -> [(path: String, set: String)] {
      var found: [(String, String)] = []
      for (i, source) in sources.enumerated() {
        guard let ref = source.objectValue?["$ref"]?.stringValue,
          source.objectValue?.count == 1
        else { continue }
        if let set = set(named: ref) {
          found.append((JSONPath.appending(index: i, to: path), set))
        }
      }
      return found
    }
    func reached(_ sources: [JSONValue], depth: Int = 0) -> [String] {
      guard depth < 64 else { return [] }
      var names: [String] = []
      for source in sources {
        guard let ref = source.objectValue?["$ref"]?.stringValue else { continue }
        if let set = set(named: ref) {
          names.append(set)
        } else if ref.hasPrefix("#/sets/"),
          let inner = sets[String(ref.dropFirst(7))]?.objectValue?["sources"]?.arrayValue
        {
          names += reached(inner, depth: depth + 1)
        }
      }
      return names
    }
    var contextsOf: [String: [String]] = [:]  // catalog set → contexts reaching it
    for (modifier, value) in root["modifiers"]?.objectValue?.members ?? [] {
      for (context, sources) in value.objectValue?["contexts"]?.objectValue?.members ?? [] {
        for set in reached(sources.arrayValue ?? []) {
          contextsOf[set, default: []].append("\(modifier)=\(context)")
        }
      }
    }
    for item in root["resolutionOrder"]?.arrayValue ?? [] {
      guard let o = item.objectValue, o["type"]?.stringValue == "modifier",
        let modifier = o["name"]?.stringValue
      else { continue }
      for (context, sources) in o["contexts"]?.objectValue?.members ?? [] {
        for set in reached(sources.arrayValue ?? []) {
          contextsOf[set, default: []].append("\(modifier)=\(context)")
        }
      }
    }
    for (name, value) in sets.members {
      let path = JSONPath.appending(key: "sources", to: JSONPath.appending(key: name, to: "sets"))
      for (p, set) in named(value.objectValue?["sources"]?.arrayValue ?? [], path: path) {
        out.append(Use(jsonPath: p, set: set, contexts: contextsOf[set] ?? []))
      }
    }
    for (modifier, value) in root["modifiers"]?.objectValue?.members ?? [] {
      for (context, sources) in value.objectValue?["contexts"]?.objectValue?.members ?? [] {
        let path = JSONPath.appending(
          key: context,
          to: JSONPath.appending(
            key: "contexts", to: JSONPath.appending(key: modifier, to: "modifiers")))
        for (p, set) in named(sources.arrayValue ?? [], path: path) {
          out.append(Use(jsonPath: p, set: set, contexts: contextsOf[set] ?? []))
        }
      }
    }
    for (i, item) in (root["resolutionOrder"]?.arrayValue ?? []).enumerated() {
      guard let o = item.objectValue, o["$ref"] == nil else { continue }
      let path = JSONPath.appending(index: i, to: "resolutionOrder")
      for (p, set) in named(
        o["sources"]?.arrayValue ?? [], path: JSONPath.appending(key: "sources", to: path))
      {
        out.append(Use(jsonPath: p, set: set, contexts: contextsOf[set] ?? []))
      }
      for (context, sources) in o["contexts"]?.objectValue?.members ?? [] {
        let cp = JSONPath.appending(key: context, to: JSONPath.appending(key: "contexts", to: path))
        for (p, set) in named(sources.arrayValue ?? [], path: cp) {
          out.append(Use(jsonPath: p, set: set, contexts: contextsOf[set] ?? []))
        }
      }
    }
    return out
  }

  /// The document with every reference to the set `old` naming `new` instead (a set
  /// renamed with `tokens sets --rename`).
  /// - Parameters:
  ///   - document: The document's JSON.
  ///   - old: The set's old name.
  ///   - new: Its new name.
  /// - Returns: The document, unchanged when it names no such set.
  public static func renaming(_ document: JSONValue, set old: String, to new: String)
    -> JSONValue
  {
    let from = reference(toSet: old)
    let to = reference(toSet: new)
    func walk(_ value: JSONValue, depth: Int) -> JSONValue {
      guard depth < 256 else { return value }
      switch value {
      case .object(let o):
        if o.count == 1, o["$ref"]?.stringValue == from {
          return .object(JSONObject([("$ref", .string(to))]))
        }
        var out = JSONObject()
        for (k, v) in o.members { out.members.append((k, walk(v, depth: depth + 1))) }
        return .object(out)
      case .array(let a): return .array(a.map { walk($0, depth: depth + 1) })
      default: return value
      }
    }
    return walk(document, depth: 0)
  }
}
