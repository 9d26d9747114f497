import CatalogModel

/// A DTCG Resolver module (2025.10) document: sets of token sources, modifiers whose
/// contexts hold alternative sources (themes, densities), and the resolution order that
/// layers them (Resolver §4).
///
/// ``parse(source:loadFile:)`` checks the document as the spec requires (version
/// `"2025.10"`, a non-empty `resolutionOrder`, sets with `sources`, modifiers with at least
/// two `contexts` and a `default` among them, no unknown properties, references that point
/// at sets or modifiers only where allowed, never into `resolutionOrder`, never in a
/// cycle, no duplicate names). ``resolve(inputs:options:)`` validates inputs (Resolver §5)
/// and merges the chosen sources in order, last wins, then resolves aliases (§6).
public struct ResolverDocument: Sendable {
  /// A named list of token sources (Resolver §4.1.4).
  public struct TokenSet: Sendable {
    /// The set's name.
    public var name: String
    /// `description`, if any.
    public var description: String?
    /// Token trees, merged in order (references to other sets already expanded).
    public var sources: [JSONValue]
  }

  /// A modifier: named contexts, each a list of sources (Resolver §4.1.5).
  public struct Modifier: Sendable {
    /// The modifier's name (`density`).
    public var name: String
    /// `description`, if any.
    public var description: String?
    /// The contexts in order, each with its token trees.
    public var contexts: [(name: String, sources: [JSONValue])]
    /// `default`, one of the contexts, if any.
    public var defaultContext: String?
  }

  /// One step of the resolution order.
  public enum Step: Sendable {
    /// Merge a set.
    case set(TokenSet)
    /// Merge the chosen context of a modifier.
    case modifier(Modifier)
  }

  /// `name`, if any.
  public var name: String?
  /// `version`: always `"2025.10"`.
  public var version: String
  /// `description`, if any.
  public var description: String?
  /// The steps of `resolutionOrder`, in order.
  public var resolutionOrder: [Step]
  /// The document as JSON, with references to other files replaced by their contents so
  /// it stands alone, except references to catalog token sets
  /// (``TokenSetFileReference``), which are read from the sets whenever it is resolved.
  public var json: JSONValue
  /// The file name, for messages.
  public var file: String

  /// Every modifier of the resolution order, in order.
  public var modifiers: [Modifier] {
    resolutionOrder.compactMap { if case .modifier(let m) = $0 { return m } else { return nil } }
  }

  /// True when a JSON value looks like a resolver document rather than a token file: it
  /// has `resolutionOrder`, or a `version` with `sets` or `modifiers`.
  /// - Parameter root: A file's top-level value.
  /// - Returns: Whether to read it as a resolver document.
  public static func isResolverDocument(_ root: JSONValue) -> Bool {
    guard let o = root.objectValue else { return false }
    if o["resolutionOrder"] != nil { return true }
    if let schema = o["$schema"]?.stringValue, schema.contains("resolver") { return true }
    return o["version"]?.stringValue != nil
      && (o["sets"]?.objectValue != nil || o["modifiers"]?.objectValue != nil)
  }

  static let rootKeys: Set<String> = [
    "name", "version", "description", "sets", "modifiers", "resolutionOrder", "$schema", "$defs",
    "$extensions",
  ]
  static let setKeys: Set<String> = ["description", "sources", "$extensions"]
  static let modifierKeys: Set<String> = ["description", "contexts", "default", "$extensions"]

  /// Reads and checks a resolver document.
  ///
  /// - Parameters:
  ///   - source: The document.
  ///   - checksNames: Whether its set, modifier and context names must follow the name
  ///     rules (``TokenSetName``, ``ResolverInputName``): true for a document being
  ///     imported, false for one the catalog stores (it keeps working under a later rule).
  ///   - tokenSetOfReference: The catalog token set a file `$ref` names, for a reference
  ///     that stays one in ``json`` (spelt as ``TokenSetFileReference/reference(toSet:)``)
  ///     instead of being replaced by the file's tokens; nil (or a nil answer) inlines the
  ///     file. The tree is read with `loadFile` either way.
  ///   - loadFile: Reads a token file named by a `$ref` that is not `#/…` (relative to the
  ///     document); nil refuses such references.
  /// - Returns: The document.
  /// - Throws: ``TokenFileError`` listing every problem with `file:line:column` and the
  ///   JSON path inside the document.
  public static func parse(
    source: TokenSource, checksNames: Bool = true,
    tokenSetOfReference: ((String) -> String?)? = nil,
    loadFile: ((String) throws(TokenFileError) -> JSONValue)? = nil
  ) throws(TokenFileError) -> ResolverDocument {
    var reader = Reader(source: source, loadFile: loadFile)
    reader.checksNames = checksNames
    reader.tokenSetOfReference = tokenSetOfReference
    let document = reader.read()
    if !reader.errors.isEmpty {
      // Each problem once, however many references lead to it.
      var seen = Set<String>()
      throw TokenFileError(diagnostics: reader.errors.filter { seen.insert($0.summary).inserted })
    }
    guard let document else {
      throw TokenFileError(diagnostics: [
        TokenDiagnostic(
          .error, location: source.file, path: "", message: "not a resolver document (Resolver §4)")
      ])
    }
    return document
  }

  /// The context chosen for each modifier: the input (matched case-insensitively, as
  /// Resolver §5 suggests) or the modifier's default.
  ///
  /// - Parameter inputs: Modifier → context, as given (`density=compact`).
  /// - Returns: Modifier → context name as the document spells them.
  /// - Throws: ``TokenFileError`` for an unknown modifier, a context the modifier does not
  ///   have, a non-string value, or a modifier with no input and no default (Resolver §5,
  ///   §6.1).
  public func selectContexts(_ inputs: [String: JSONValue]) throws(TokenFileError) -> [String:
    String]
  {
    var problems: [String] = []
    var chosen: [String: String] = [:]
    let byLowercase = Dictionary(
      modifiers.map { ($0.name.lowercased(), $0) }, uniquingKeysWith: { a, _ in a })
    for (key, value) in inputs.sorted(by: { $0.key < $1.key }) {
      guard let modifier = byLowercase[key.lowercased()] else {
        let known = modifiers.map(\.name)
        problems.append(
          "unknown modifier '\(key)'; \(known.isEmpty ? "the resolver has no modifiers" : "its modifiers: \(known.joined(separator: ", "))") (Resolver §5)\(NameSuggestion.didYouMean(key, among: known))"
        )
        continue
      }
      guard let text = value.stringValue else {
        problems.append(
          "the input for '\(modifier.name)' must be a string naming a context; got \(value.typeName) (Resolver §5.2)"
        )
        continue
      }
      guard
        let context = modifier.contexts.first(where: { $0.name.lowercased() == text.lowercased() })
      else {
        problems.append(
          "'\(text)' is not a context of '\(modifier.name)'; its contexts: \(modifier.contexts.map(\.name).joined(separator: ", ")) (Resolver §5, §6.1)\(NameSuggestion.didYouMean(text, among: modifier.contexts.map(\.name)))"
        )
        continue
      }
      chosen[modifier.name] = context.name
    }
    for modifier in modifiers where chosen[modifier.name] == nil {
      if inputs.keys.contains(where: { $0.lowercased() == modifier.name.lowercased() }) { continue }
      guard let d = modifier.defaultContext else {
        problems.append(
          "no input for the modifier '\(modifier.name)', which has no default; give --input \(modifier.name)=\(modifier.contexts.map(\.name).joined(separator: "|")) (Resolver §5, §6.1)"
        )
        continue
      }
      chosen[modifier.name] = d
    }
    if !problems.isEmpty {
      throw TokenFileError(
        diagnostics: problems.map { TokenDiagnostic(.error, location: file, path: "", message: $0) }
      )
    }
    return chosen
  }

  /// The merged token tree and where each token came from.
  public struct Resolution: Sendable {
    /// The tokens after merging and alias resolution (Resolver §6).
    public var tokens: [DesignToken]
    /// Warnings from reading the merged tree.
    public var warnings: [TokenDiagnostic]
    /// The context chosen for each modifier.
    public var contexts: [String: String]
  }

  /// Resolves the document for some inputs: validates them, merges the sources of the
  /// resolution order (sets whole, modifiers' chosen context), last wins, then reads the
  /// merged tree as a token file so aliases resolve after merging (Resolver §6).
  ///
  /// Each token's ``DesignToken/origin`` names the modifier context that set it last
  /// (`density=compact`), or nil when a set did.
  ///
  /// - Parameters:
  ///   - inputs: Modifier → context.
  ///   - options: How to read the merged tree.
  /// - Returns: The tokens, warnings and chosen contexts.
  /// - Throws: ``TokenFileError`` for invalid inputs or an invalid merged tree.
  public func resolve(inputs: [String: JSONValue], options: TokenFileParser.Options = .init())
    throws(TokenFileError) -> Resolution
  {
    let contexts = try selectContexts(inputs)
    var merged = JSONObject()
    var origins: [String: String] = [:]
    for step in resolutionOrder {
      switch step {
      case .set(let set):
        for source in set.sources {
          guard let tree = source.objectValue else { continue }
          merged = TokenFileParserMerge.merge(base: merged, local: tree)
          TokenFileParserMerge.forEachToken(tree, path: []) { origins[$0] = nil }
        }
      case .modifier(let modifier):
        guard let chosen = contexts[modifier.name],
          let context = modifier.contexts.first(where: { $0.name == chosen })
        else { continue }
        for source in context.sources {
          guard let tree = source.objectValue else { continue }
          merged = TokenFileParserMerge.merge(base: merged, local: tree)
          TokenFileParserMerge.forEachToken(tree, path: []) {
            origins[$0] = "\(modifier.name)=\(chosen)"
          }
        }
      }
    }
    let result = try TokenFileParser.parse(
      source: TokenSource(value: .object(merged), file: file), options: options)
    var tokens = result.tokens
    for i in tokens.indices { tokens[i].origin = origins[tokens[i].path] }
    return Resolution(tokens: tokens, warnings: result.warnings, contexts: contexts)
  }

  /// Every combination of contexts (Resolver §4.1.5.4), at most `limit` of them.
  /// - Parameter limit: The most combinations returned.
  /// - Returns: Inputs, one dictionary per combination.
  public func permutations(limit: Int = 256) -> [[String: JSONValue]] {
    var out: [[String: JSONValue]] = [[:]]
    for modifier in modifiers {
      var next: [[String: JSONValue]] = []
      for partial in out {
        for context in modifier.contexts {
          var p = partial
          p[modifier.name] = .string(context.name)
          next.append(p)
          if next.count >= limit { break }
        }
        if next.count >= limit { break }
      }
      out = next
    }
    return out
  }
}

/// Deep merges of token trees (Resolver §6.2: last wins; tokens replace whole).
enum TokenFileParserMerge {
  static func merge(base: JSONObject, local: JSONObject) -> JSONObject {
    TokenFileParser.deepMerge(base: base, local: local)
  }

  static func forEachToken(
    _ tree: JSONObject, path: [String], depth: Int = 0, _ body: (String) -> Void
  ) {
    guard depth < 256 else { return }
    for (key, value) in tree.members where !key.hasPrefix("$") || key == "$root" {
      guard let o = value.objectValue else { continue }
      if o["$value"] != nil || o["$ref"] != nil {
        let p = key == "$root" ? path : path + [key]
        body(p.joined(separator: "."))
      } else {
        forEachToken(o, path: path + [key], depth: depth + 1, body)
      }
    }
  }
}
