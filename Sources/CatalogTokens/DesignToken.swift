import CatalogModel

/// A design token as DTCG 2025.10 defines it (Format module §5): a dotted path, a type,
/// a `$value` kept exactly as written (aliases included), and its metadata.
@dynamicMemberLookup
public struct DesignToken: Sendable, Equatable {
  /// The dotted path (`space.md`), DTCG's token name joined with its groups' names.
  public var path: String
  /// The resolved `$type`: the token's own, else the nearest group's, else (for an alias)
  /// the target's (Format §5.2.2). Nil only before aliases are resolved.
  public var type: String?
  /// The `$value` as written.
  public var value: JSONValue
  /// The token's JSON path in its file (`space.md`), for locating messages lazily.
  public var jsonPath: String?
  /// The metadata most tokens lack, kept out of line (nil when all of it is absent), so a
  /// token is a few words wide: a file of a million tokens is held as an array and a
  /// dictionary of them while it is imported.
  private var box: MetadataBox?

  /// The token's metadata, by value: `token.description`, `token.deprecated` and the other
  /// fields of ``Metadata`` read and write through to it.
  public var metadata: Metadata {
    get { box?.fields ?? Metadata() }
    set { box = newValue.isEmpty ? nil : MetadataBox(newValue) }
  }

  // The fields of ``metadata`` an import reads or writes for every token, as properties
  // reading the box directly: through ``subscript(dynamicMember:)`` each access copied the
  // whole ``Metadata`` and projected a key path, about 700 instructions (issue 12 point 3).
  // They shadow the dynamic members of the same name and mean the same.

  /// `$description` (``Metadata/description``).
  public var description: String? {
    get { box?.fields.description }
    set { metadata.description = newValue }
  }

  /// `$deprecated` (``Metadata/deprecated``).
  public var deprecated: JSONValue? {
    get { box?.fields.deprecated }
    set { metadata.deprecated = newValue }
  }

  /// `$extensions` (``Metadata/extensions``).
  public var extensions: JSONValue? {
    get { box?.fields.extensions }
    set { metadata.extensions = newValue }
  }

  /// The exact text of `$extensions` (``Metadata/extensionsText``).
  public var extensionsText: String? {
    get { box?.fields.extensionsText }
    set {
      // Setting nil on a token without metadata (most tokens of a file) changes nothing.
      if newValue == nil && box == nil { return }
      metadata.extensionsText = newValue
    }
  }

  /// A field of ``metadata``, read or written as a property of the token (`token.origin`).
  /// - Parameter field: The field's key path in ``Metadata``.
  /// - Returns: The field's value.
  public subscript<Field>(dynamicMember field: WritableKeyPath<Metadata, Field>) -> Field {
    get { metadata[keyPath: field] }
    set { metadata[keyPath: field] = newValue }
  }

  /// Creates a token.
  public init(
    path: String, type: String?, value: JSONValue, description: String? = nil,
    deprecated: JSONValue? = nil, extensions: JSONValue? = nil, location: String? = nil
  ) {
    self.path = path
    self.type = type
    self.value = value
    let fields = Metadata(
      description: description, deprecated: deprecated, extensions: extensions,
      location: location)
    self.box = fields.isEmpty ? nil : MetadataBox(fields)
  }

  /// Two tokens are equal when every field is (the out-of-line metadata compared by value).
  public static func == (a: DesignToken, b: DesignToken) -> Bool {
    a.path == b.path && a.type == b.type && a.value == b.value && a.jsonPath == b.jsonPath
      && a.metadata == b.metadata
  }

  /// The rarely present fields of a token (DTCG Format §5.2: `$description`, `$deprecated`,
  /// `$extensions`) and where it came from.
  public struct Metadata: Sendable, Equatable {
    /// `$description`, own or none.
    public var description: String?
    /// `$deprecated`: `true`, a message string, or nil (own or inherited from a group).
    public var deprecated: JSONValue?
    /// `$extensions`, kept as written (Format §5.2.3: tools MUST preserve them).
    public var extensions: JSONValue?
    /// Where the token is in its file (`file:line:column`), for messages.
    public var location: String?
    /// The exact text of `$extensions` as the file wrote it (JSON files), so an export
    /// writes it byte for byte (Format §5.2.3); nil when the file had none or was not JSON.
    public var extensionsText: String?
    /// Where the token came from when it was chosen among several (a resolver context,
    /// `density=compact`, Resolver §6), for provenance; nil otherwise.
    public var origin: String?

    /// True when no field is set (the token then holds no box).
    var isEmpty: Bool {
      description == nil && deprecated == nil && extensions == nil && location == nil
        && extensionsText == nil && origin == nil
    }
  }

  /// Immutable, so copies of a token share it; a change makes a new box.
  private final class MetadataBox: Sendable {
    let fields: Metadata
    init(_ fields: Metadata) { self.fields = fields }
  }

  /// `$extensions` as JSON text: the exact text when known, else compact JSON.
  public var extensionsJSON: String? {
    guard let fields = box?.fields else { return nil }
    return fields.extensionsText ?? fields.extensions.map(JSONWriter.compact)
  }

  /// The target path when the whole `$value` is an alias (`"{space.sm}"` → `space.sm`).
  public var aliasTarget: String? { TokenAlias.target(of: value) }
}

/// Curly-brace aliases (DTCG Format §7.1.1).
public enum TokenAlias {
  /// The one rule for an alias (or math operand) that names no token — in the file, the
  /// files added with it, or the catalog (DTCG Format §7.4.5: a reference MUST resolve):
  /// the import refuses it, unless `--allow-dangling` keeps it; `doctor` warns about it until a
  /// token with that path exists. Every message about it says this sentence.
  /// - Parameters:
  ///   - target: The path the alias names.
  ///   - kept: True when `--allow-dangling` keeps it (a warning), false when refused.
  /// - Returns: The message.
  public static func danglingMessage(_ target: String, kept: Bool) -> String {
    let rule =
      "the alias {\(target)} names no token (not in this file, the files added with it, or the catalog)\(spacesHint(target))"
    return kept
      ? "\(rule); kept because of --allow-dangling: it resolves once a token {\(target)} exists, and doctor warns about it until then (§7.4.5)"
      : "\(rule); name the file that defines it in the same `catalog add` or `catalog tokens import` command line, or pass --allow-dangling to keep it (§7.4.5)"
  }

  /// For a reference with spaces inside its braces (`{ space.sm }`): DTCG reads them as
  /// part of the name (Format §5.1.1 allows spaces in names), so it names ` space`.`sm `;
  /// the hint names the reference without them. Empty for any other reference.
  /// - Parameter target: The text between the braces.
  /// - Returns: `` (the spaces inside the braces are part of the name in DTCG: write {space.sm})``.
  public static func spacesHint(_ target: String) -> String {
    let trimmed = target.trimmingSpaces
    guard trimmed != target, !trimmed.isEmpty else { return "" }
    return
      " (the spaces inside the braces are part of the name in DTCG, §5.1.1: write {\(trimmed)})"
  }

  /// The same rule for an alias a catalog folder's manifest lists in `danglingAliases`:
  /// the catalog it was exported from kept it with `--allow-dangling`, so `catalog import`
  /// keeps exactly the listed ones, with this warning, and refuses any other.
  /// - Parameter target: The path the alias names.
  /// - Returns: The message.
  public static func listedDanglingMessage(_ target: String) -> String {
    "the alias {\(target)} names no token (not in this folder or the catalog); kept because catalog.json lists the token in danglingAliases (its catalog kept it with --allow-dangling): it resolves once a token {\(target)} exists, and doctor warns about it until then (§7.4.5)"
  }

  /// The dotted path when `value` is exactly one alias string, else nil.
  /// - Parameter value: A `$value`.
  /// - Returns: `space.sm` for `"{space.sm}"`.
  public static func target(of value: JSONValue) -> String? {
    // Byte-wise: this runs for every step of every chain, so it avoids Foundation's
    // string search.
    guard case .string(let s) = value else { return nil }
    // A native string's bytes in one buffer (nearly every value): the rule below in one
    // loop, without the UTF-8 view's slices (about 1,700 instructions a call; several calls
    // per alias of an import, issue 14 point 9). `TokenReferenceFastPathTests` compares.
    if let answer = s.utf8.withContiguousStorageIfAvailable({ u -> (path: String?, Void) in
      let n = u.count
      guard n > 2, u[0] == UInt8(ascii: "{"), u[n - 1] == UInt8(ascii: "}") else {
        return (nil, ())
      }
      for i in 1..<(n - 1) where u[i] == UInt8(ascii: "{") || u[i] == UInt8(ascii: "}") {
        return (nil, ())
      }
      // `{group.$root}` names the token stored under the group's path (Format §6.2).
      var end = n - 1
      if end - 1 >= 6, u[end - 6] == UInt8(ascii: "."), u[end - 5] == UInt8(ascii: "$"),
        u[end - 4] == UInt8(ascii: "r"), u[end - 3] == UInt8(ascii: "o"),
        u[end - 2] == UInt8(ascii: "o"), u[end - 1] == UInt8(ascii: "t")
      {
        end -= 6
      }
      return (String(decoding: UnsafeBufferPointer(rebasing: u[1..<end]), as: UTF8.self), ())
    }) {
      return answer.path
    }
    return targetByView(s)
  }

  /// ``target(of:)`` on the string's UTF-8 view, for any string (the reference the buffer
  /// path is checked against).
  /// - Parameter s: A string `$value`.
  /// - Returns: The referenced path, or nil when `s` is not exactly one alias.
  package static func targetByView(_ s: String) -> String? {
    guard isAlias(s) else { return nil }
    let inner = s.utf8.dropFirst().dropLast()
    // `{group.$root}` names the token stored under the group's path (Format §6.2).
    let root = ".$root".utf8
    if inner.count >= root.count, inner.suffix(root.count).elementsEqual(root) {
      return String(decoding: inner.dropLast(root.count), as: UTF8.self)
    }
    return String(decoding: inner, as: UTF8.self)
  }

  /// Whether a string `$value` is exactly one alias (`{space.sm}`: braces around text
  /// holding no brace, Format §7.1.1), without making its path: ``target(of:)`` is not nil
  /// exactly when this is true.
  /// - Parameter s: A string `$value`.
  /// - Returns: True for `{space.sm}`, false for `{a} * 2` or `{}`.
  public static func isAlias(_ s: String) -> Bool {
    // A native string's bytes in one buffer (nearly every value): a plain loop, where the
    // UTF-8 view's slices cost about 850 instructions a call, several calls per token of
    // an import (issue 12 point 3). The same rule on the same bytes.
    if let answer = s.utf8.withContiguousStorageIfAvailable({ u -> Bool in
      guard u.count > 2, u[0] == UInt8(ascii: "{"), u[u.count - 1] == UInt8(ascii: "}") else {
        return false
      }
      for i in 1..<(u.count - 1) where u[i] == UInt8(ascii: "{") || u[i] == UInt8(ascii: "}") {
        return false
      }
      return true
    }) {
      return answer
    }
    let u = s.utf8
    guard u.count > 2, u.first == UInt8(ascii: "{"), u.last == UInt8(ascii: "}") else {
      return false
    }
    let inner = u.dropFirst().dropLast()
    return !inner.contains { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }
  }
}
