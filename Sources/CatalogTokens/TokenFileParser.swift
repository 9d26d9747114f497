import CatalogModel

/// Reads a DTCG 2025.10 token file (Format module) into tokens, checking what the spec
/// says a tool MUST report.
///
/// Rules followed (section numbers of the Format module):
/// - an object with `$value` is a token, any other object a group (§5, §6);
/// - names must not start with `$` (except `$root`) or contain `{`, `}` or `.` (§5.1.1);
/// - a token with `$value` and child tokens is an error (§6.1);
/// - a token's type is its own `$type`, else its alias target's, else the nearest group's;
///   a token with none is invalid and no type is guessed (§5.2.2, §8);
/// - values must fit their type (§8): dimensions are `{"value": number, "unit": "px"|"rem"}`;
/// - aliases must resolve to a token, not a group, with no cycle; a cycle is reported
///   naming every member (§7.2.3, §7.4.5);
/// - unknown `$extensions` are kept as written (§5.2.3).
///
/// Lenient by default: a legacy string dimension such as `"4px"` (Style Dictionary's
/// older files) is converted with a warning; `strict` refuses it.
public struct TokenFileParser {
  /// Options for reading a file.
  public struct Options: Sendable {
    /// Refuse non-standard constructs instead of converting them with a warning.
    public var strict: Bool
    /// Creates options.
    public init(strict: Bool = false) { self.strict = strict }
  }

  /// The outcome of reading a file: tokens in file order and warnings.
  public struct Result: Sendable {
    /// The tokens, in the order written (key order kept).
    public var tokens: [DesignToken]
    /// Non-standard constructs that were accepted.
    public var warnings: [TokenDiagnostic]
  }

  /// The DTCG 2025.10 types (Format §8, §9).
  public static let knownTypes: Set<String> = [
    "color", "dimension", "fontFamily", "fontWeight", "duration", "cubicBezier", "number",
    "strokeStyle", "border", "transition", "shadow", "gradient", "typography",
  ]

  private let document: JSONDocument
  private let options: Options
  private var tokens: [DesignToken] = []
  private var errors: [TokenDiagnostic] = []
  private var warnings: [TokenDiagnostic] = []
  private var groups: Set<String> = []

  private init(document: JSONDocument, options: Options) {
    self.document = document
    self.options = options
  }

  /// Parses a token file from text.
  ///
  /// - Parameters:
  ///   - text: The file's JSON.
  ///   - file: Its name, for messages.
  ///   - options: Strictness.
  /// - Returns: The tokens and warnings.
  /// - Throws: ``TokenFileError`` listing every error with file position and token path.
  public static func parse(_ text: String, file: String, options: Options = .init()) throws(TokenFileError) -> Result {
    let document: JSONDocument
    do {
      document = try JSONParser.parse(text, file: file)
    } catch {
      throw TokenFileError(diagnostics: [
        TokenDiagnostic(.error, location: "\(error.file):\(error.position)", path: "", message: error.message)
      ])
    }
    return try parse(document: document, options: options)
  }

  /// Parses a parsed token document.
  ///
  /// - Parameters:
  ///   - document: The JSON document; its root must be an object.
  ///   - options: Strictness.
  /// - Returns: The tokens and warnings.
  /// - Throws: ``TokenFileError`` listing every error.
  public static func parse(document: JSONDocument, options: Options = .init()) throws(TokenFileError) -> Result {
    var parser = TokenFileParser(document: document, options: options)
    guard let root = document.root.objectValue else {
      throw TokenFileError(diagnostics: [
        TokenDiagnostic(.error, location: document.location(of: ""), path: "", message: "a token file must be a JSON object of groups and tokens; got \(document.root.typeName)")
      ])
    }
    parser.walkGroup(root, path: [], jsonPath: "", inheritedType: nil, inheritedDeprecated: nil, isRoot: true)
    if parser.errors.isEmpty { parser.resolveTypesAndAliases() }
    if !parser.errors.isEmpty { throw TokenFileError(diagnostics: parser.errors) }
    return Result(tokens: parser.tokens, warnings: parser.warnings)
  }

  // MARK: - Groups and tokens (§5, §6)

  private mutating func walkGroup(
    _ group: JSONObject, path: [String], jsonPath: String, inheritedType: String?,
    inheritedDeprecated: JSONValue?, isRoot: Bool
  ) {
    var type = inheritedType
    var deprecated = inheritedDeprecated
    if !path.isEmpty { groups.insert(path.joined(separator: ".")) }
    for (key, value) in group.members where key.hasPrefix("$") {
      let memberPath = JSONPath.appending(key: key, to: jsonPath)
      switch key {
      case "$type":
        guard let t = value.stringValue else {
          error(memberPath, path, "$type must be a string; got \(value.typeName) (§5.2.2)")
          continue
        }
        guard Self.knownTypes.contains(t) else {
          error(memberPath, path, "unknown $type '\(t)'; expected one of \(Self.knownTypes.sorted().joined(separator: ", ")) (§8, §9)")
          continue
        }
        type = t
      case "$description":
        if value.stringValue == nil { error(memberPath, path, "$description must be a string; got \(value.typeName) (§5.2.1)") }
      case "$deprecated":
        if value.boolValue == nil && value.stringValue == nil {
          error(memberPath, path, "$deprecated must be true, false or a string; got \(value.typeName) (§5.2.4)")
        } else {
          deprecated = value == .bool(false) ? nil : value
        }
      case "$extensions":
        if value.objectValue == nil { error(memberPath, path, "$extensions must be an object; got \(value.typeName) (§5.2.3)") }
      case "$schema" where isRoot:
        break
      case "$extends":
        error(memberPath, path, "$extends is not supported by this version of catalog")
      case "$root":
        break  // a token named $root, handled below
      case "$value":
        break  // handled by the caller (a token)
      default:
        error(memberPath, path, "unknown property '\(key)' on a group; DTCG reserves names starting with '$' (§5.1.1)")
      }
    }
    for (key, value) in group.members where !key.hasPrefix("$") || key == "$root" {
      let memberJSONPath = JSONPath.appending(key: key, to: jsonPath)
      let memberPath = path + [key]
      if key != "$root" {
        if key.contains("{") || key.contains("}") || key.contains(".") {
          error(memberJSONPath, memberPath, "the name '\(key)' contains '{', '}' or '.', which DTCG reserves for aliases (§5.1.1)")
          continue
        }
      }
      guard let object = value.objectValue else {
        error(memberJSONPath, memberPath, "a token or group must be an object; got \(value.typeName). A token is {\"$value\": …} (§5)")
        continue
      }
      if object["$value"] != nil {
        readToken(object, path: memberPath, jsonPath: memberJSONPath, inheritedType: type, inheritedDeprecated: deprecated)
      } else {
        walkGroup(object, path: memberPath, jsonPath: memberJSONPath, inheritedType: type, inheritedDeprecated: deprecated, isRoot: false)
      }
    }
  }

  private mutating func readToken(
    _ object: JSONObject, path: [String], jsonPath: String, inheritedType: String?, inheritedDeprecated: JSONValue?
  ) {
    let dotted = path.joined(separator: ".")
    let location = document.location(of: jsonPath)
    for (key, _) in object.members {
      if !key.hasPrefix("$") {
        error(jsonPath, path, "a token ($value) cannot also have children ('\(key)'); an object is a token or a group, not both (§6.1)")
        return
      }
      if !["$value", "$type", "$description", "$deprecated", "$extensions"].contains(key) {
        error(JSONPath.appending(key: key, to: jsonPath), path, "unknown property '\(key)' on a token; DTCG reserves names starting with '$' (§5.2)")
        return
      }
    }
    var type = inheritedType
    if let t = object["$type"] {
      guard let s = t.stringValue else {
        error("\(jsonPath).$type", path, "$type must be a string; got \(t.typeName) (§5.2.2)")
        return
      }
      guard Self.knownTypes.contains(s) else {
        error("\(jsonPath).$type", path, "unknown $type '\(s)'; expected one of \(Self.knownTypes.sorted().joined(separator: ", ")) (§8, §9)")
        return
      }
      type = s
    }
    var description: String?
    if let d = object["$description"] {
      guard let s = d.stringValue else {
        error("\(jsonPath).$description", path, "$description must be a string; got \(d.typeName) (§5.2.1)")
        return
      }
      description = s
    }
    var deprecated = inheritedDeprecated
    if let d = object["$deprecated"] {
      guard d.boolValue != nil || d.stringValue != nil else {
        error("\(jsonPath).$deprecated", path, "$deprecated must be true, false or a string; got \(d.typeName) (§5.2.4)")
        return
      }
      deprecated = d == .bool(false) ? nil : d
    }
    if let e = object["$extensions"], e.objectValue == nil {
      error("\(jsonPath).$extensions", path, "$extensions must be an object; got \(e.typeName) (§5.2.3)")
      return
    }
    guard var value = object["$value"] else { return }
    if value.isNull {
      error("\(jsonPath).$value", path, "$value cannot be null (§5)")
      return
    }
    if TokenAlias.target(of: value) == nil, let type {
      switch TokenValue.check(value, type: type, strict: options.strict) {
      case .valid:
        break
      case .converted(let converted, let note):
        warnings.append(TokenDiagnostic(.warning, location: document.location(of: "\(jsonPath).$value"), path: dotted, message: note))
        value = converted
      case .invalid(let message):
        error("\(jsonPath).$value", path, message)
        return
      }
    }
    tokens.append(
      DesignToken(
        path: dotted, type: type, value: value, description: description, deprecated: deprecated,
        extensions: object["$extensions"], location: location))
  }

  // MARK: - Aliases (§7)

  private mutating func resolveTypesAndAliases() {
    var index: [String: Int] = [:]
    for (i, token) in tokens.enumerated() { index[token.path] = i }
    // Resolve each alias chain once, iteratively; a cycle is reported naming every member.
    var reported = Set<String>()
    for i in tokens.indices {
      guard tokens[i].aliasTarget != nil else {
        if tokens[i].type == nil {
          errorAt(tokens[i], "no $type: the token has none, its groups have none and it is not an alias; DTCG forbids guessing a type from the value (§5.2.2)")
        }
        continue
      }
      var chain = [tokens[i].path]
      var current = i
      var failed = false
      while let target = tokens[current].aliasTarget {
        let normalized = target.hasSuffix(".$root") ? target : target
        guard let next = index[normalized] else {
          if groups.contains(target) {
            errorAt(tokens[i], "the alias {\(target)} names a group, not a token; aliases must name a token (§7.1.1)")
          } else {
            errorAt(tokens[i], "the alias {\(target)} does not name any token in the file (§7.4.5)")
          }
          failed = true
          break
        }
        if let start = chain.firstIndex(of: tokens[next].path) {
          let cycle = Array(chain[start...])
          let key = cycle.sorted().joined(separator: ",")
          if !reported.contains(key) {
            reported.insert(key)
            errorAt(tokens[i], "circular alias: \((cycle + [cycle[0]]).map { "{\($0)}" }.joined(separator: " → ")) (§7.2.3)")
          }
          failed = true
          break
        }
        chain.append(tokens[next].path)
        current = next
        if chain.count > 10_000 { break }
      }
      if failed { continue }
      let finalType = tokens[current].type
      if let own = tokens[i].type, let finalType, own != finalType {
        errorAt(tokens[i], "the alias {\(tokens[i].aliasTarget ?? "")} resolves to a \(finalType) token, but this token is a \(own) (§7.4.5)")
        continue
      }
      if tokens[i].type == nil { tokens[i].type = finalType }
    }
    // Math expressions must compute with the file's tokens (references, units).
    var byPath: [String: DesignToken] = [:]
    for t in tokens { byPath[t.path] = t }
    let resolver = TokenResolver(tokens: byPath)
    for token in tokens {
      guard case .string(let text) = token.value, TokenMath.isExpression(text) else { continue }
      do {
        _ = try resolver.resolve(token.path)
      } catch {
        errorAt(token, "\(error)")
      }
    }
  }

  private mutating func error(_ jsonPath: String, _ path: [String], _ message: String) {
    errors.append(TokenDiagnostic(.error, location: document.location(of: jsonPath), path: path.joined(separator: "."), message: message))
  }

  private mutating func errorAt(_ token: DesignToken, _ message: String) {
    errors.append(TokenDiagnostic(.error, location: token.location, path: token.path, message: message))
  }
}
