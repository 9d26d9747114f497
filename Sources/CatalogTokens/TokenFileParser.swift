import CatalogModel

/// Reads a DTCG 2025.10 token file (Format module) into tokens, checking what the spec
/// says a tool MUST report, each with the token's path and its `file:line:column`.
///
/// Rules followed (section numbers of the Format module):
/// - an object with `$value` (or a whole-token `$ref`) is a token, any other object a
///   group (§5, §6); `$root` is a token name giving a group a base value (§6.2); it is
///   stored under the group's path (`color.accent`) and `{color.accent.$root}` names it;
/// - names must not start with `$` or contain `{`, `}` or `.` (§5.1.1); unknown `$`
///   properties on tokens and groups are errors (§5.2, §6);
/// - a token with `$value` and child tokens is an error (§6.1); `$ref` and `$value`
///   together too (§7.3);
/// - `$extends: "{group}"` merges the target group into this one, deeply, local members
///   winning whole (§6.4); a missing target, a token target and cycles are errors;
/// - a token's type is its own `$type`, else its alias target's, else the nearest
///   group's; a token with none is invalid and no type is guessed (§5.2.2, §8);
/// - values must fit their type (§8, §9, Color module), composites' sub-values may be
///   aliases of the right type (§9); JSON Pointer `$ref`s are followed (§7.3) and must end
///   inside a token's `$value`;
/// - aliases must resolve to a token, not a group, with no cycle; a cycle through any
///   references (aliases, math operands, composite members) is an error in every mode,
///   reported once naming every member (``TokenGraph/referenceCycles(from:references:)``,
///   §7.2.3, §7.4.5);
/// - `$extensions` are kept as written, byte for byte for JSON files (§5.2.3);
/// - key order is kept: tokens come in file order.
///
/// Lenient by default: Style Dictionary's string dimensions (`"4px"`), unitless dimension
/// strings, Tokens Studio math and types, CSS colour strings, and whole files in older
/// shapes (``LegacyTokenConverter``) are converted with a warning each; `strict` refuses
/// them.
public struct TokenFileParser {
  /// What to do with an alias whose target is in no file given and not in ``Options/knownTokens``.
  public enum UnresolvedReferences: Sendable {
    /// Refuse the file (the spec's rule for a single file, §7.4.5).
    case error
    /// Keep the alias with a warning; it resolves once a token with that path exists
    /// (for files that refer to tokens shipped in other files).
    case warning
  }

  /// Options for reading a file.
  public struct Options: Sendable {
    /// Refuse non-standard constructs instead of converting them with a warning.
    public var strict: Bool
    /// Tokens defined outside the file (other files imported together, the catalog):
    /// path → `$type`. Aliases may name them.
    public var knownTokens: [String: String]
    /// What an alias to an unknown token is.
    public var unresolvedReferences: UnresolvedReferences
    /// Tokens whose alias or math operand may name no token, kept with a warning even when
    /// ``unresolvedReferences`` is `.error` (a catalog folder's `danglingAliases`, which its
    /// catalog kept with `--allow-dangling`); not under `strict`.
    public var keptDangling: Set<String> = []
    /// Tokens whose value DTCG cannot hold, kept as written with a warning in any lenient
    /// read, as a vendor dialect's are (a catalog folder's `keptValues`, which its catalog
    /// kept from such a file; issue 14 point 3); not under `strict`.
    public var keptValues: Set<String> = []
    /// Creates options.
    /// - Parameters:
    ///   - strict: Refuse non-standard constructs.
    ///   - knownTokens: Tokens defined elsewhere, path → type.
    ///   - unresolvedReferences: Error (default) or warning.
    public init(
      strict: Bool = false, knownTokens: [String: String] = [:],
      unresolvedReferences: UnresolvedReferences = .error
    ) {
      self.strict = strict
      self.knownTokens = knownTokens
      self.unresolvedReferences = unresolvedReferences
    }
  }

  /// The outcome of reading a file: tokens in file order and warnings.
  public struct Result: Sendable {
    /// The tokens, in the order written (key order kept).
    public var tokens: [DesignToken]
    /// Non-standard constructs that were accepted.
    public var warnings: [TokenDiagnostic]
    /// Group metadata (`$description`, `$extensions`, `$type`) by group path, for export.
    public var groups: [String: JSONObject]
    /// The shape the file was read as (`DTCG 2025.10`, or a legacy format's name).
    public var format: String
  }

  /// The DTCG 2025.10 types (Format §8, §9).
  public static let knownTypes: Set<String> = [
    "color", "dimension", "fontFamily", "fontWeight", "duration", "cubicBezier", "number",
    "strokeStyle", "border", "transition", "shadow", "gradient", "typography",
  ]

  /// Diagnostics after this many carry only the file name, so a file with a problem in
  /// every one of 100,000 tokens is not slow to report.
  public static let maximumLocatedDiagnostics = 1_000

  private let source: TokenSource
  private let root: JSONValue
  private let options: Options
  private var tokens: [DesignToken] = []
  /// For each token (same index), whether it is a whole-token `$ref` (§7.3).
  private var isRefToken: [Bool] = []
  private var errors: [TokenDiagnostic] = []
  private var warnings: [TokenDiagnostic] = []
  private var groups: Set<String> = []
  private var groupMetadata: [String: JSONObject] = [:]
  private var located = 0
  /// Lenient reading of a vendor dialect (a converted file, or Tokens Studio types): a
  /// token that cannot be read is skipped with a warning instead of refusing the file.
  private var dialect = false
  /// Tokens Studio's input (a lenient `value`/`type` file, or one with Tokens Studio types):
  /// a font family written as one CSS list is split (``TokensStudioMembers/fontFamilies(in:type:)``).
  private var tokensStudio = false
  private var skipped = Set<Int>()
  private var extendsFailed = false

  /// Diagnostics sorted by line and column (stable), so messages read in file order; those
  /// without a position (a count of the problems not listed, or past the located limit)
  /// come last.
  static func inFileOrder(_ diagnostics: [TokenDiagnostic]) -> [TokenDiagnostic] {
    func key(_ d: TokenDiagnostic) -> (Int, Int) {
      guard let location = d.location else { return (Int.max, 0) }
      let parts = location.split(separator: ":")
      guard parts.count >= 3, let line = Int(parts[parts.count - 2]),
        let column = Int(parts[parts.count - 1])
      else { return (Int.max, 0) }
      return (line, column)
    }
    return diagnostics.enumerated().sorted { a, b in
      let ka = key(a.element)
      let kb = key(b.element)
      return ka != kb ? ka < kb : a.offset < b.offset
    }.map(\.element)
  }

  /// Whether a `$type` anywhere in the file is a Tokens Studio type (the dialect), looked
  /// for at every level (review 16: a token 64 levels down was not looked at), with a stack
  /// of its own rather than recursion.
  static func usesTokensStudioTypes(_ value: JSONValue) -> Bool {
    var stack = [value]
    while let next = stack.popLast() {
      guard let o = next.objectValue else { continue }
      for (k, v) in o.members {
        if k == "$type", let t = v.stringValue, !knownTypes.contains(t),
          LegacyTokenConverter.tokensStudioTypes[t] != nil
            || LegacyTokenConverter.unmappableTypes.contains(t)
        {
          return true
        }
        if v.objectValue != nil { stack.append(v) }
      }
    }
    return false
  }

  private init(source: TokenSource, root: JSONValue, options: Options) {
    self.source = source
    self.root = root
    self.options = options
  }

  /// Parses a token file from JSON text.
  ///
  /// - Parameters:
  ///   - text: The file's JSON.
  ///   - file: Its name, for messages.
  ///   - options: Strictness and known tokens.
  /// - Returns: The tokens and warnings.
  /// - Throws: ``TokenFileError`` listing every error with file position and token path.
  public static func parse(_ text: String, file: String, options: Options = .init())
    throws(TokenFileError) -> Result
  {
    let bytes = Array(text.utf8)
    let source: TokenSource
    do {
      let document = try JSONParser.parse(bytes: bytes, file: file)
      source = TokenSource(document: document, bytes: bytes)
    } catch {
      throw TokenFileError(diagnostics: [
        TokenDiagnostic(
          .error, location: "\(error.file):\(error.position)", path: "", message: error.message)
      ])
    }
    return try parse(source: source, options: options)
  }

  /// Parses a parsed JSON document.
  ///
  /// - Parameters:
  ///   - document: The JSON document; its root must be an object.
  ///   - options: Strictness and known tokens.
  /// - Returns: The tokens and warnings.
  /// - Throws: ``TokenFileError`` listing every error.
  public static func parse(document: JSONDocument, options: Options = .init())
    throws(TokenFileError) -> Result
  {
    try parse(source: TokenSource(document: document), options: options)
  }

  /// Parses a token file read by ``TokenSource`` (JSON, JSON5 or YAML).
  ///
  /// - Parameters:
  ///   - source: The file.
  ///   - options: Strictness and known tokens.
  /// - Returns: The tokens (file order), warnings, group metadata and the format read.
  /// - Throws: ``TokenFileError`` listing every error with `file:line:column` and path.
  public static func parse(source: TokenSource, options: Options = .init()) throws(TokenFileError)
    -> Result
  {
    guard source.root.objectValue != nil else {
      throw TokenFileError(diagnostics: [
        TokenDiagnostic(
          .error, location: source.location(of: ""), path: "",
          message:
            "a token file must be a JSON object of groups and tokens; got \(source.root.typeName) (§5)"
        )
      ])
    }
    var root = source.root
    var format = "DTCG 2025.10"
    var converterWarnings: [TokenDiagnostic] = []
    var legacyKind: LegacyTokenConverter.Kind?
    if let legacy = LegacyTokenConverter.detect(root) {
      legacyKind = legacy.kind
      if options.strict {
        throw TokenFileError(diagnostics: [
          TokenDiagnostic(
            .error, location: source.location(of: ""), path: "",
            message:
              "the file is in \(legacy.name) format, not DTCG 2025.10 (tokens need \"$value\", §5); import it without --strict to convert it"
          )
        ])
      }
      let converted = LegacyTokenConverter.convert(root, shape: legacy, source: source)
      root = converted.root
      converterWarnings = converted.warnings
      format = legacy.name
    }
    var parser = TokenFileParser(source: source, root: root, options: options)
    parser.warnings = converterWarnings
    parser.dialect =
      !options.strict && (format != "DTCG 2025.10" || Self.usesTokensStudioTypes(root))
    if parser.dialect && format == "DTCG 2025.10" { format = "DTCG with Tokens Studio types" }
    parser.tokensStudio =
      parser.dialect && (format == "DTCG with Tokens Studio types" || legacyKind == .valueProperty)
    var extended = root
    if let object = root.objectValue {
      switch TokenExtends.expand(object) {
      case .success(let expanded): extended = .object(expanded)
      case .failure(let refused):
        for problem in refused.problems {
          if problem.isSummary {
            // Of the file, with no position: after the problems it counts (inFileOrder).
            parser.errors.append(
              TokenDiagnostic(.error, location: source.file, path: "", message: problem.message))
          } else {
            parser.error(problem.jsonPath, problem.path, problem.message)
          }
        }
      }
    }
    parser.extendsFailed = !parser.errors.isEmpty
    if let object = extended.objectValue, parser.errors.isEmpty {
      parser.walkGroup(
        object, path: [], jsonPath: "", inheritedType: nil, inheritedDeprecated: nil, isRoot: true)
    }
    let structural = parser.errors.count
    if !parser.extendsFailed {
      parser.resolveTypesAndAliases()
      if parser.errors.count == structural || !parser.tokens.isEmpty { parser.checkValues() }
    }
    if !parser.errors.isEmpty { throw TokenFileError(diagnostics: Self.inFileOrder(parser.errors)) }
    if !parser.skipped.isEmpty {
      parser.tokens = parser.tokens.enumerated().filter { !parser.skipped.contains($0.offset) }.map(
        \.element)
    }
    return Result(
      tokens: parser.tokens, warnings: parser.warnings, groups: parser.groupMetadata, format: format
    )
  }

  // MARK: - $extends (§6.4)

  /// Local members win; groups present on both sides merge; tokens replace whole (§6.4.2).
  /// See ``TokenExtends/deepMerge(base:local:)``.
  static func deepMerge(base: JSONObject, local: JSONObject) -> JSONObject {
    TokenExtends.deepMerge(base: base, local: local)
  }

  // MARK: - Groups and tokens (§5, §6)

  /// The DTCG type a `$type` names (a Tokens Studio type mapped, with a warning), or nil
  /// after reporting why not. The location and path are worked out only for a message.
  private mutating func checkType(
    _ value: JSONValue, at jsonPath: @autoclosure () -> String,
    path: @autoclosure () -> [String]
  ) -> String? {
    guard let t = value.stringValue else {
      error(jsonPath(), path(), "$type must be a string; got \(value.typeName) (§5.2.2)")
      return nil
    }
    if Self.knownTypes.contains(t) { return t }
    if !options.strict, let mapped = LegacyTokenConverter.tokensStudioTypes[t] {
      warn(
        jsonPath(), path(), "$type '\(t)' is a Tokens Studio type, not DTCG; read as \(mapped) (§8)"
      )
      return mapped
    }
    if dialect {
      warn(jsonPath(), path(), "not imported: the type '\(t)' has no DTCG equivalent (§8)")
      return nil
    }
    error(
      jsonPath(), path(),
      "unknown $type '\(t)'; expected one of \(Self.knownTypes.sorted().joined(separator: ", ")) (§8, §9)"
    )
    return nil
  }

  private mutating func walkGroup(
    _ group: JSONObject, path: [String], jsonPath: String, inheritedType: String?,
    inheritedDeprecated: JSONValue?, isRoot: Bool
  ) {
    var type = inheritedType
    var deprecated = inheritedDeprecated
    let dotted = path.joined(separator: ".")
    if !path.isEmpty { groups.insert(dotted) }
    var metadata = JSONObject()
    for (key, value) in group.members where key.hasPrefix("$") && key != "$root" {
      let memberPath = JSONPath.appending(key: key, to: jsonPath)
      switch key {
      case "$type":
        if let t = checkType(value, at: memberPath, path: path) {
          type = t
          metadata["$type"] = .string(t)
        }
      case "$description":
        if value.stringValue == nil {
          error(memberPath, path, "$description must be a string; got \(value.typeName) (§5.2.1)")
        } else {
          metadata["$description"] = value
        }
      case "$deprecated":
        if value.boolValue == nil && value.stringValue == nil {
          error(
            memberPath, path,
            "$deprecated must be true, false or a string; got \(value.typeName) (§5.2.4)")
        } else {
          deprecated = value == .bool(false) ? nil : value
          metadata["$deprecated"] = value
        }
      case "$extensions":
        if value.objectValue == nil {
          error(memberPath, path, "$extensions must be an object; got \(value.typeName) (§5.2.3)")
        } else {
          metadata["$extensions"] = value
        }
      case "$schema" where isRoot:
        break
      default:
        error(
          memberPath, path,
          "unknown property '\(key)' on a group; DTCG reserves names starting with '$' (§5.1.1, §6)"
        )
      }
    }
    if !metadata.isEmpty { groupMetadata[dotted] = metadata }
    for (key, value) in group.members where !key.hasPrefix("$") || key == "$root" {
      let memberJSONPath = JSONPath.appending(key: key, to: jsonPath)
      // The names down to the member, built only for a message (most members have none).
      var memberPath: [String] { path + [key] }
      if key != "$root" {
        if let problem = NameText.problem(in: key) {
          error(
            memberJSONPath, memberPath,
            "the name '\(NameText.forTerminal(key))' is refused: \(problem)")
        } else if key.utf8.contains(where: {
          $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: ".")
        }) {
          error(
            memberJSONPath, memberPath,
            "the name '\(key)' contains '{', '}' or '.', which DTCG reserves for aliases (§5.1.1)")
          continue
        }
      }
      guard let object = value.objectValue else {
        error(
          memberJSONPath, memberPath,
          "a token or group must be an object; got \(value.typeName). A token is {\"$value\": …} (§5)"
        )
        continue
      }
      if object["$value"] != nil || object["$ref"] != nil {
        // The stored path from the group's, once per token: `group.$root` is stored as
        // `group` (see the type's documentation).
        let storedPath = key == "$root" ? dotted : dotted.isEmpty ? key : dotted + "." + key
        readToken(
          object, parentPath: path, key: key, storedPath: storedPath, jsonPath: memberJSONPath,
          inheritedType: type, inheritedDeprecated: deprecated)
      } else if key == "$root" {
        error(memberJSONPath, memberPath, "$root is a token name; it needs a $value (§6.2)")
      } else {
        walkGroup(
          object, path: memberPath, jsonPath: memberJSONPath, inheritedType: type,
          inheritedDeprecated: deprecated, isRoot: false)
      }
    }
  }

  /// Reads one token object.
  /// - Parameters:
  ///   - parentPath: The names from the root to the token's group, as written.
  ///   - key: The token's name in its group (`$root` for a root token).
  ///   - storedPath: The dotted path it is stored under (`group.$root` as `group`).
  private mutating func readToken(
    _ object: JSONObject, parentPath: [String], key tokenKey: String, storedPath dotted: String,
    jsonPath: String, inheritedType: String?, inheritedDeprecated: JSONValue?
  ) {
    // The names down to the token, built only for a message.
    var path: [String] { parentPath + [tokenKey] }
    // The token's properties in one pass over its members (each the first of its name, as
    // the object's subscript gives), rather than a search of the members per property: a
    // million tokens are read this way (issue 12 point 3). Any other member (a child, or an
    // unknown `$` property, §5.2, §6.1) ends the token, the first such in member order.
    var valueMember: JSONValue?
    var refMember: JSONValue?
    var typeMember: JSONValue?
    var descriptionMember: JSONValue?
    var deprecatedMember: JSONValue?
    var extensionsMember: JSONValue?
    for (key, member) in object.members {
      switch key {
      case "$value": if valueMember == nil { valueMember = member }
      case "$ref": if refMember == nil { refMember = member }
      case "$type": if typeMember == nil { typeMember = member }
      case "$description": if descriptionMember == nil { descriptionMember = member }
      case "$deprecated": if deprecatedMember == nil { deprecatedMember = member }
      case "$extensions": if extensionsMember == nil { extensionsMember = member }
      default:
        if !key.hasPrefix("$") {
          error(
            jsonPath, path,
            "a token ($value) cannot also have children ('\(key)'); an object is a token or a group, not both (§6.1)"
          )
          return
        }
        error(
          JSONPath.appending(key: key, to: jsonPath), path,
          "unknown property '\(key)' on a token; DTCG reserves names starting with '$' (§5.2)")
        return
      }
    }
    if valueMember != nil && refMember != nil {
      error(jsonPath, path, "a token has either $value or $ref, not both (§7.3)")
      return
    }
    var type: String? = nil
    if let t = typeMember {
      guard let s = checkType(t, at: JSONPath.appending(key: "$type", to: jsonPath), path: path)
      else { return }
      type = s
    }
    var description: String?
    if let d = descriptionMember {
      guard let s = d.stringValue else {
        error(
          JSONPath.appending(key: "$description", to: jsonPath), path,
          "$description must be a string; got \(d.typeName) (§5.2.1)")
        return
      }
      description = s
    }
    var deprecated = inheritedDeprecated
    if let d = deprecatedMember {
      guard d.boolValue != nil || d.stringValue != nil else {
        error(
          JSONPath.appending(key: "$deprecated", to: jsonPath), path,
          "$deprecated must be true, false or a string; got \(d.typeName) (§5.2.4)")
        return
      }
      deprecated = d == .bool(false) ? nil : d
    }
    var extensionsText: String?
    if let e = extensionsMember {
      guard e.objectValue != nil else {
        error(
          JSONPath.appending(key: "$extensions", to: jsonPath), path,
          "$extensions must be an object; got \(e.typeName) (§5.2.3)")
        return
      }
      extensionsText = source.rawText(of: JSONPath.appending(key: "$extensions", to: jsonPath))
      // Exact text only when it still parses to the same value (a merged `$extends` path may differ).
      if let t = extensionsText, (try? JSONParser.parse(t).root) != e { extensionsText = nil }
    }
    var value: JSONValue
    if let r = refMember {
      value = .object(JSONObject([("$ref", r)]))
    } else {
      value = valueMember ?? .null
      if value.isNull {
        error(JSONPath.appending(key: "$value", to: jsonPath), path, "$value cannot be null (§5)")
        return
      }
    }
    if let s = value.stringValue,
      s == "{}"
        || (s.hasPrefix("{") || s.hasSuffix("}")) && TokenAlias.target(of: value) == nil
          && !TokenMath.isExpression(s)
    {
      error(
        JSONPath.appending(key: "$value", to: jsonPath), path,
        s == "{}"
          ? "the alias {} is empty; write {group.token} (§7.1.1)"
          : "'\(s)' is not a valid alias: write {group.token} with both braces (§7.1.1)")
      return
    }
    var token = DesignToken(
      path: dotted, type: type ?? inheritedType, value: value, description: description,
      deprecated: deprecated,
      extensions: extensionsMember)
    if let extensionsText { token.extensionsText = extensionsText }
    token.jsonPath = jsonPath
    tokens.append(token)
    isRefToken.append(refMember != nil)
    ownTypes.append(type)
  }

  private var ownTypes: [String?] = []

  // MARK: - Aliases (§7)

  /// The stored path an alias names: `{a.b.$root}` is the token stored as `a.b`.
  static func normalized(_ target: String) -> String {
    target.hasSuffix(".$root") ? String(target.dropLast(6)) : (target == "$root" ? "" : target)
  }

  private mutating func resolveTypesAndAliases() {
    var index: [String: Int] = [:]
    index.reserveCapacity(tokens.count)
    for (i, token) in tokens.enumerated() { index[token.path] = i }
    self.index = index
    var failed = Set<Int>()
    // Each token's chain is followed once: outcomes are memoised by index, so a chain of n
    // aliases costs O(n), not O(n²) (§7.2: a reference resolves to its target's value).
    rewriteGroupReferences(index, failed: &failed)
    reportReferenceCycles(index, failed: &failed)
    let outcomes = aliasOutcomes(index)
    for i in tokens.indices where !failed.contains(i) {
      guard let firstTarget = tokens[i].aliasTarget, let outcome = outcomes[i] else { continue }
      var finalType: String?
      switch outcome {
      case .type(let t):
        finalType = t
      case .missing(let t):
        let normalized = Self.normalized(t)
        if let known = options.knownTokens[normalized] {
          finalType = known
        } else if applyDanglingRule(tokens[i], t) {
          finalType = tokens[i].type
        } else {
          failed.insert(i)
        }
      case .cycle(let members, _):
        // §7.2.3: the cycle itself is reported once by the one cycle rule
        // (``reportReferenceCycles``); a token outside it whose chain runs into it is
        // reported too, since its value is unknown.
        if !cycleMembers.contains(tokens[i].path) {
          errorAt(
            tokens[i], TokenGraph.runsIntoCycleMessage(members.map { tokens[$0].path }))
        }
        failed.insert(i)
      case .tooLong(let first):
        // Reported once, where the chain first gets too long; every token aliasing it is
        // refused with it.
        if first {
          errorAt(
            tokens[i],
            "the alias chain is longer than \(TokenResolver.maximumChainLength) steps; this token and every token aliasing it are refused (§7.2.2)"
          )
        }
        failed.insert(i)
      }
      if failed.contains(i) { continue }
      // §5.2.2: own type, else the target's, else the group's.
      if let own = ownTypes[i] {
        if let finalType, own != finalType {
          errorAt(
            tokens[i],
            "the alias {\(firstTarget)} resolves to a \(finalType) token, but this token is a \(own) (§7.4.5)"
          )
        }
      } else if let finalType {
        tokens[i].type = finalType
      }
    }
    // An alias kept although it names no token (`--allow-dangling`) has no type until its
    // target exists (§5.2.2: an alias's type is its target's): kept, never dropped (issue
    // 14 point 3); doctor reports it as a missing alias until then.
    var pointers: TokenPointerResolver?
    for i in tokens.indices
    where tokens[i].type == nil && tokens[i].aliasTarget == nil && !failed.contains(i) {
      // A whole-token `$ref` that does not resolve (it points at a group, say) is refused
      // for that, as a typed one is, not for the type it cannot have (§7.3).
      if isRefToken[i] {
        let walker = pointers ?? TokenPointerResolver(root: root, tokens: tokens, index: index)
        pointers = walker
        var stack: [String] = []
        do { _ = try walker.resolvePointer(tokens[i].value, stack: &stack) } catch {
          let at = JSONPath.appending(key: "$ref", to: tokens[i].jsonPath ?? "")
          if dialect {
            warnings.append(
              diagnostic(.warning, at, tokens[i].path, "not imported: \(error.message)"))
            skipped.insert(i)
          } else {
            errors.append(diagnostic(.error, at, tokens[i].path, error.message))
          }
          continue
        }
      }
      if dialect {
        warnAt(tokens[i], "not imported: the token has no type and none can be found (§5.2.2)")
        skipped.insert(i)
        continue
      }
      errorAt(
        tokens[i],
        "no $type: the token has none, its groups have none and it is not an alias; DTCG forbids guessing a type from the value (§5.2.2)"
      )
    }
  }

  /// Circular references among the file's tokens, through aliases, math operands and
  /// composite members alike: the one rule (``TokenGraph/referenceCycles(from:references:)``,
  /// DTCG Format §7.2.3), an error in every mode naming every member, reported once on
  /// the token where the file first enters the cycle.
  private mutating func reportReferenceCycles(_ index: [String: Int], failed: inout Set<Int>) {
    let tokens = self.tokens
    // Only a token whose value can hold a `{…}` can be on a cycle (a large file's literals
    // are passed over).
    let starts = tokens.lazy.filter { token in
      switch token.value {
      case .string(let s): return s.utf8.contains(UInt8(ascii: "{"))
      // A dimension or colour object names no token: passed over here, without a lookup.
      case .object, .array: return !TokenGraph.allReferences(of: token).isEmpty
      default: return false
      }
    }.map(\.path)
    let cycles = TokenGraph.referenceCycles(from: starts) { path in
      index[path].map { TokenGraph.allReferences(of: tokens[$0]) }
    }
    for members in cycles {
      guard let first = members.first, let at = index[first] else { continue }
      errorAt(tokens[at], TokenGraph.cycleMessage(members))
      for m in members {
        cycleMembers.insert(m)
        if let j = index[m] { failed.insert(j) }
      }
    }
  }

  /// The tokens on a cycle ``reportReferenceCycles(_:failed:)`` reported.
  private var cycleMembers = Set<String>()

  /// `{group}` where the group has a `$root` token, anywhere in a value (a whole-value
  /// alias, a composite member, a math operand): the one rule, ``GroupReference``. Strict:
  /// an error. Lenient: a warning, and the reference is rewritten to `{group.$root}` so the
  /// catalog and every export keep the valid form. A group of the catalog (a token path
  /// that has tokens below it, from `knownTokens`) counts as the file's own do.
  private mutating func rewriteGroupReferences(_ index: [String: Int], failed: inout Set<Int>) {
    var catalogGroups: Set<String>?
    let known = options.knownTokens
    let fileGroups = groups
    // Into a catalog without tokens, only a group of the file that is also a token (a
    // `$root`) can be named this way: without one, no value needs the walk below.
    if known.isEmpty && !fileGroups.contains(where: { index[$0] != nil }) { return }
    func isRootedGroup(_ path: String) -> Bool {
      if fileGroups.contains(path) { return index[path] != nil || known[path] != nil }
      guard index[path] == nil, known[path] != nil else { return false }
      if catalogGroups == nil {
        var found = Set<String>()
        for key in known.keys {
          var prefix = Substring(key)
          while let dot = prefix.lastIndex(of: ".") {
            prefix = prefix[..<dot]
            if !found.insert(String(prefix)).inserted { break }
          }
        }
        catalogGroups = found
      }
      return catalogGroups?.contains(path) == true
    }
    for i in tokens.indices {
      guard TokenGraph.references(in: tokens[i].value).contains(where: isRootedGroup) else {
        continue
      }
      // Each diagnostic points at the member that names the group (a border's `width`),
      // not at the whole value.
      let (value, rewritten) = GroupReference.rewriteLocated(
        tokens[i].value, valuePath: JSONPath.appending(key: "$value", to: tokens[i].jsonPath ?? ""),
        isRootedGroup: isRootedGroup)
      guard !rewritten.isEmpty else { continue }
      for (group, at) in rewritten {
        if options.strict {
          errors.append(
            diagnostic(.error, at, tokens[i].path, GroupReference.message(group, strict: true)))
        } else {
          warnings.append(
            diagnostic(.warning, at, tokens[i].path, GroupReference.message(group, strict: false)))
        }
      }
      if options.strict {
        failed.insert(i)
      } else {
        tokens[i].value = value
      }
    }
  }

  /// Where an alias chain ends, for every token that is an alias.
  private enum AliasOutcome {
    /// The chain ends at a token with this type (nil: none known yet).
    case type(String?)
    /// The chain ends at an alias naming no token of the file (the text as written).
    case missing(String)
    /// The chain enters a cycle (token indices in order); `member` when the token is in it.
    case cycle([Int], member: Bool)
    /// The chain is longer than ``TokenResolver/maximumChainLength``; `first` for the
    /// token where it first gets too long (reported), false for the tokens above it.
    case tooLong(first: Bool)
  }

  /// Follows every alias chain once, iteratively, memoising each token's outcome and depth,
  /// so every token is visited a bounded number of times.
  private func aliasOutcomes(_ index: [String: Int]) -> [AliasOutcome?] {
    // By token index, in arrays: a large file's outcomes without a hash per token.
    var outcome = [AliasOutcome?](repeating: nil, count: tokens.count)
    var depth = [Int](repeating: 0, count: tokens.count)
    for i in tokens.indices where outcome[i] == nil && tokens[i].aliasTarget != nil {
      var path = [i]
      // Where each token of the chain is on it: searched in the chain while it is short
      // (nearly every chain), through a dictionary once it is long.
      var position: [Int: Int]?
      var end: AliasOutcome
      var endDepth = 0
      while true {
        let current = path[path.count - 1]
        guard let t = tokens[current].aliasTarget else {
          end = .type(ownTypes[current] ?? tokens[current].type)
          endDepth = 1
          path.removeLast()
          break
        }
        guard let next = index[Self.normalized(t)] else {
          end = .missing(t)
          break
        }
        if let known = outcome[next] {
          end = known
          endDepth = depth[next] + 1
          if case .cycle(let members, _) = known { end = .cycle(members, member: false) }
          break
        }
        let onPath: Int?
        if let position { onPath = position[next] } else { onPath = path.firstIndex(of: next) }
        if let at = onPath {
          let members = Array(path[at...])
          for m in members {
            outcome[m] = .cycle(members, member: true)
            depth[m] = 0
          }
          path.removeSubrange(at...)
          end = .cycle(members, member: false)
          break
        }
        position?[next] = path.count
        path.append(next)
        if position == nil, path.count > 32 {
          position = Dictionary(uniqueKeysWithValues: path.enumerated().map { ($1, $0) })
        }
      }
      // Assign from the end of the chain back to its start.
      var d = endDepth
      if case .tooLong = end { end = .tooLong(first: false) }
      for j in path.reversed() {
        if case .type = end, TokenResolver.isTooLong(steps: d) {
          outcome[j] = .tooLong(first: true)
          end = .tooLong(first: false)
        } else {
          outcome[j] = end
        }
        depth[j] = d
        d += 1
      }
    }
    return outcome
  }

  private var index: [String: Int] = [:]

  // MARK: - Values (§8, §9) and JSON Pointers (§7.3)

  private mutating func checkValues() {
    // Tokens Studio writes a font family list as one CSS string: read as DTCG's array.
    if tokensStudio {
      for i in tokens.indices where tokens[i].aliasTarget == nil {
        guard let type = tokens[i].type,
          let (read, note) = TokensStudioMembers.fontFamilies(in: tokens[i].value, type: type)
        else { continue }
        let valuePath = JSONPath.appending(key: "$value", to: tokens[i].jsonPath ?? "")
        warnings.append(diagnostic(.warning, valuePath, tokens[i].path, note))
        tokens[i].value = read
      }
    }
    let walker = TokenPointerResolver(root: root, tokens: tokens, index: index)
    walker.resolveTargetsFirst()
    let known = options.knownTokens
    let references = TokenValue.References(
      aliasType: { path in
        let n = Self.normalized(path)
        if let j = walker.index[n] { return walker.tokens[j].type }
        return known[n]
      },
      pointer: { ref throws(TokenValue.ReferenceFailure) in
        var stack: [String] = []
        return try walker.resolvePointer(ref, stack: &stack)
      })
    // Math operands inside composite members, computed with the file's tokens (a resolver
    // built only when a member needs one).
    var fileResolver: TokenResolver?
    func operand(_ reference: String) throws -> JSONValue {
      try TokensStudioMembers.operand(
        reference, in: walker.tokens, index: walker.index, &fileResolver)
    }
    var updates: [(Int, JSONValue)] = []
    // Composites already kept with the warning that a member cannot be computed (said once).
    var keptUncomputed = Set<String>()
    // Tokens refused for a too-long `$ref` chain, by the pointer where the chain passes the
    // limit (review 12: one 2,000-long chain gave 1,936 errors).
    var chainCauses: [String] = []
    var chainErrors: [String: [(valuePath: String, path: String)]] = [:]
    for i in walker.tokens.indices {
      let token = walker.tokens[i]
      guard let type = token.type, token.aliasTarget == nil else { continue }
      let isRefToken = self.isRefToken[i]
      // Built only for a diagnostic (most tokens have none).
      var valuePath: String {
        JSONPath.appending(key: isRefToken ? "$ref" : "$value", to: token.jsonPath ?? "")
      }
      var value = token.value
      switch TokenValue.check(
        token.value, type: type, strict: options.strict, references: references)
      {
      case .valid:
        break
      case .converted(let converted, let note):
        warnings.append(diagnostic(.warning, valuePath, token.path, note))
        value = converted
      case .invalid(let message):
        // Tokens Studio members (`"16 * 1.5"`, `x`/`y`, `"Regular"`): computed, or kept with
        // the error doctor and lint report (issue 14 point 3; never dropped).
        // Other member forms (`"1.5"`, `x`/`y`) are read in a vendor dialect only; member
        // math in any lenient file (a DTCG export keeps math it could not compute).
        if !options.strict, dialect || TokenGraph.hasMemberMath(token.value, depth: 0),
          let reading = TokensStudioMembers.read(
            token.value, type: type, typographyDefaults: dialect,
            keepsExpressionsNamingTokens: true, reference: operand),
          case .valid = TokenValue.check(
            reading.checkable, type: type, strict: false, references: references)
        {
          let read = TokensStudioMembers.notes(reading)
          if !read.isEmpty { warnings.append(diagnostic(.warning, valuePath, token.path, read)) }
          if !reading.uncomputed.isEmpty {
            keptUncomputed.insert(token.path)
            warnings.append(
              diagnostic(
                .warning, valuePath, token.path,
                "kept, but its value cannot be computed: \(reading.uncomputed.joined(separator: "; ")); doctor and lint report it until it does"
              ))
          }
          value = reading.value
        } else if dialect, !options.strict,
          let (coerced, note) = LegacyTokenConverter.coerce(token.value, type: type),
          case .valid = TokenValue.check(coerced, type: type, strict: false, references: references)
        {
          warnings.append(diagnostic(.warning, valuePath, token.path, note))
          value = coerced
        } else if dialect || options.keptValues.contains(token.path), !options.strict {
          // Never dropped (issue 14 point 3): kept as written, and every reader sees the
          // token graph's failure for it (`TokenGraph.storedValueProblem`), so doctor and
          // lint report it until it is fixed; `--strict` refuses it.
          warnings.append(
            diagnostic(
              .warning, valuePath, token.path,
              "kept, but its value cannot be computed: \(message); doctor and lint report it until it is fixed"
            ))
        } else if message == TokenPointerResolver.chainTooLong.message,
          let cause = walker.chainCause(of: token.value)
        {
          // Said once per chain, below, at the token where it passes the limit.
          if chainErrors[cause] == nil { chainCauses.append(cause) }
          chainErrors[cause, default: []].append((valuePath, token.path))
          continue
        } else {
          errors.append(diagnostic(.error, valuePath, token.path, message))
          continue
        }
      }
      // The catalog stores values with `$ref`s replaced by what they point at.
      if isRefToken || Self.containsPointer(value, depth: 0) {
        var s: [String] = []
        if let inlined = try? walker.inlinePointers(value, stack: &s, depth: 0) { value = inlined }
      }
      if value != token.value { updates.append((i, value)) }
    }
    for cause in chainCauses {
      // Reported at the first token in the file that reaches the chain.
      guard let users = chainErrors[cause], let at = users.first else { continue }
      let others = users.count - 1
      errors.append(
        diagnostic(
          .error, at.valuePath, at.path,
          "\(TokenPointerResolver.chainTooLong.message): it passes the limit at '\(cause)'"
            + (others > 0 ? "; \(others) more tokens reach this chain and are refused with it" : "")
        ))
    }
    for (i, value) in updates { tokens[i].value = value }
    // Expressions must compute with the file's tokens (references, units, a colour
    // function's colour): a resolver over the tokens holding one (whole-value math, a colour
    // function naming tokens, member expressions of a composite; `TokenGraph.expression`)
    // and every token they reach (not the whole file, which may hold a million literals).
    // They are found in one pass over the file's tokens, reading each in place.
    var mathIndices: [Int] = []
    for i in tokens.indices {
      switch tokens[i].value {
      case .string(let text):
        guard
          tokens[i].type == "dimension" || tokens[i].type == "number"
            ? TokenMath.isExpression(text)
            : tokens[i].type == "color" && TokensStudioMembers.isColorExpression(text)
        else { continue }
      case .object, .array:
        guard let type = tokens[i].type, TokenValue.compositeTypes.contains(type),
          TokenGraph.isExpression(tokens[i])
        else { continue }
      default: continue
      }
      guard skipped.isEmpty || !skipped.contains(i) else { continue }
      mathIndices.append(i)
    }
    var byPath: [String: DesignToken] = [:]
    var queue = mathIndices.map { tokens[$0].path }
    while let path = queue.popLast() {
      guard byPath[path] == nil, let j = index[path] else { continue }
      byPath[path] = tokens[j]
      queue += TokenGraph.allReferences(of: tokens[j])
    }
    let resolver = TokenResolver(tokens: byPath)
    for i in mathIndices {
      let token = tokens[i]
      do {
        _ = try resolver.resolve(token.path)
      } catch {
        // Never dropped: computed, refused naming it, or (lenient dialects) kept with a
        // warning; doctor and lint report it until it computes.
        if case .unknown(let path, let from) = error {
          // A composite's member references are checked, all alike, by
          // `checkCompositeReferences` below.
          if token.value.stringValue == nil { continue }
          if options.knownTokens[path] != nil {
            // An operand of the catalog or another file stops the computation here; every
            // other operand must still name a token (the one dangling rule, for
            // `{spacing.sm} + {nope}` in a Tokens Studio set as in one file).
            let missing = TokenGraph.allReferences(of: token).lazy.map(Self.normalized).first {
              index[$0] == nil && options.knownTokens[$0] == nil
            }
            if let missing { _ = applyDanglingRule(token, missing) }
            continue
          }
          if let from, Self.normalized(from) != token.path, index[Self.normalized(from)] != nil {
            // The missing token is named by another token of the file that this one reaches
            // (`v` is `{u} + 1`, `u` is `{t}`, `t` is `{missing} * 2`): the dangling rule
            // applies to `t`, which names it, and is reported there; this one is kept with
            // it, its chain shown as everywhere else (`TokenGraph.describe`). Its own
            // operands must still name tokens.
            let kept =
              !options.strict
              && (options.unresolvedReferences == .warning
                || options.keptDangling.contains(Self.normalized(from)))
            if kept {
              warnAt(
                token,
                "kept, but its value cannot be computed: \(resolver.graph.describe(error, reachedFrom: token.path)); it resolves once a token {\(path)} exists, and doctor warns about it until then"
              )
            }
            let own = TokenGraph.allReferences(of: token).lazy.map(Self.normalized).first {
              index[$0] == nil && options.knownTokens[$0] == nil
            }
            if let own { _ = applyDanglingRule(token, own) }
            continue
          }
          _ = applyDanglingRule(token, path)
          continue
        }
        // Math strings are Tokens Studio's extension wherever they appear (also in a DTCG
        // file that `catalog export` wrote), so any lenient read keeps them the same way;
        // a result out of range is refused in any mode (TokenValue.pointsProblem).
        if case .outOfRange = error {
          errorAt(token, "\(error)")
          continue
        }
        // A chain of math operands longer than the limit is an error in every mode, as an
        // alias chain is (README: "Alias chains (and chains of math operands) longer than
        // 1,000 steps are errors"; review 20: a 1,001-step math chain was kept).
        if case .tooLong = error {
          errorAt(token, "\(error)")
          continue
        }
        // A cycle is an error in every mode (§7.2.3), reported once on its members by the
        // one cycle rule; a token whose math needs a member is unknown too.
        if case .cycle(let members) = error {
          if !cycleMembers.contains(token.path) {
            errorAt(token, TokenGraph.runsIntoCycleMessage(members))
          }
          continue
        }
        if !options.strict {
          if keptUncomputed.contains(token.path) { continue }
          warnAt(
            token,
            "kept, but its value cannot be computed: \(error); doctor and lint report it until it does"
          )
          continue
        }
        errorAt(token, "\(error)")
      }
    }
    checkCompositeReferences(skipping: skipped)
  }

  /// The one rule for a reference that names no token (``TokenAlias/danglingMessage(_:kept:)``),
  /// for a whole-value alias, a math operand and a composite member alike: kept with a
  /// warning under `--allow-dangling` (or when a folder's manifest lists the token), else
  /// an error naming the token.
  /// - Returns: True when the token is kept.
  private mutating func applyDanglingRule(_ token: DesignToken, _ target: String) -> Bool {
    // A reference to a group (the file's or the catalog's) names no token whatever the
    // flags say: said so, with what to write instead (GroupReference).
    if let members = groupMembers(Self.normalized(target)) {
      errorAt(token, GroupReference.namesGroupMessage(target, members: members))
      return false
    }
    if options.unresolvedReferences == .warning && !options.strict {
      warnAt(token, TokenAlias.danglingMessage(target, kept: true))
      return true
    }
    if !options.strict && options.keptDangling.contains(token.path) {
      warnAt(token, TokenAlias.listedDanglingMessage(target))
      return true
    }
    errorAt(token, TokenAlias.danglingMessage(target, kept: false))
    return false
  }

  /// The token paths below `path`, sorted, when it is a group of the file or of the catalog
  /// (``Options/knownTokens``); nil when it is no group. Read only on an error path.
  private func groupMembers(_ path: String) -> [String]? {
    guard !path.isEmpty else { return nil }
    let prefix = path + "."
    var members = Set(tokens.map(\.path).filter { $0.hasPrefix(prefix) })
    members.formUnion(options.knownTokens.keys.filter { $0.hasPrefix(prefix) })
    return members.isEmpty && !groups.contains(path) ? nil : members.sorted()
  }

  /// Aliases inside a composite value (a border's `color`, a shadow layer's offsets,
  /// typography members, gradient stops): each must name a token of the file, the files
  /// added with it or the catalog (Format §9: sub-values may be references; §7.4.5: a
  /// reference must resolve), by ``applyDanglingRule(_:_:)``. Whole-value aliases and math
  /// are checked where they are resolved.
  private mutating func checkCompositeReferences(skipping skipped: Set<Int>) {
    for i in tokens.indices where skipped.isEmpty || !skipped.contains(i) {
      // Only a composite value can hold member references: the others are passed over
      // without copying the token (a million of them in a large import).
      switch tokens[i].value {
      case .object, .array: break
      default: continue
      }
      let token = tokens[i]
      guard token.aliasTarget == nil else { continue }
      var reported = Set<String>()
      for target in TokenGraph.references(in: token.value) {
        let path = Self.normalized(target)
        guard index[path] == nil, options.knownTokens[path] == nil,
          reported.insert(path).inserted
        else { continue }
        _ = applyDanglingRule(token, target)
      }
    }
  }

  static func containsPointer(_ value: JSONValue, depth: Int) -> Bool {
    guard depth < 64 else { return false }
    switch value {
    case .object(let o):
      return o["$ref"] != nil || o.members.contains { containsPointer($0.value, depth: depth + 1) }
    case .array(let a): return a.contains { containsPointer($0, depth: depth + 1) }
    default: return false
    }
  }

  // MARK: - Diagnostics

  private mutating func diagnostic(
    _ severity: TokenDiagnostic.Severity, _ jsonPath: String, _ path: String, _ message: String
  ) -> TokenDiagnostic {
    located += 1
    let location =
      located <= Self.maximumLocatedDiagnostics ? source.location(of: jsonPath) : source.file
    return TokenDiagnostic(severity, location: location, path: path, message: message)
  }

  private mutating func error(_ jsonPath: String, _ path: [String], _ message: String) {
    errors.append(diagnostic(.error, jsonPath, path.joined(separator: "."), message))
  }

  private mutating func warn(_ jsonPath: String, _ path: [String], _ message: String) {
    warnings.append(diagnostic(.warning, jsonPath, path.joined(separator: "."), message))
  }

  private mutating func errorAt(_ token: DesignToken, _ message: String) {
    errors.append(diagnostic(.error, token.jsonPath ?? "", token.path, message))
  }

  private mutating func warnAt(_ token: DesignToken, _ message: String) {
    warnings.append(diagnostic(.warning, token.jsonPath ?? "", token.path, message))
  }
}
