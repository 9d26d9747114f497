import CatalogModel

/// A token or resolver file read into JSON values, with what messages need: the file's
/// name, the position of each value (`file:line:column`) and, for JSON files, the exact
/// text of each value (so `$extensions` can be exported byte for byte, Format §5.2.3).
///
/// Files are JSON (RFC 8259), JSON5 (Primer's `.json5`; DTCG Resolver §3 allows JSON5
/// when it converts losslessly) or YAML (Salesforce's Theo files), chosen by
/// ``read(bytes:file:)`` from the file name.
public struct TokenSource: Sendable {
  /// The syntax a file was written in.
  public enum Syntax: String, Sendable {
    /// JSON (RFC 8259), the DTCG format's syntax (Format §4).
    case json
    /// JSON5: comments, trailing commas, unquoted keys, single quotes.
    case json5
    /// YAML 1.1 through libyaml.
    case yaml
    /// A value built in memory (a merged resolver tree, a test).
    case value
  }

  /// The top-level value.
  public let root: JSONValue
  /// The file's name, used in messages.
  public let file: String
  /// The syntax it was read from.
  public let syntax: Syntax
  private let document: JSONDocument?
  private let positions: [String: SourcePosition]
  /// The JSON path of ``root`` in ``document`` (a Tokens Studio set's key), or empty.
  private var prefix = ""

  /// The largest nesting accepted in any syntax (the JSON parser's limit, 512 levels).
  public static let maximumDepth = JSONParser.defaultMaximumDepth

  /// Wraps a value that has no file behind it.
  /// - Parameters:
  ///   - root: The value.
  ///   - file: A name for messages.
  public init(value root: JSONValue, file: String) {
    self.init(root: root, file: file, syntax: .value, document: nil, positions: [:])
  }

  init(
    root: JSONValue, file: String, syntax: Syntax, document: JSONDocument?,
    positions: [String: SourcePosition]
  ) {
    self.root = root
    self.file = file
    self.syntax = syntax
    self.document = document
    self.positions = positions
  }

  /// Wraps a parsed JSON or JSON5 document, keeping its positions and text.
  /// - Parameters:
  ///   - document: The document from ``JSONParser``.
  ///   - bytes: Unused: the document keeps the bytes it was parsed from.
  public init(document: JSONDocument, bytes: [UInt8] = []) {
    self.init(
      root: document.root, file: document.file,
      syntax: document.dialect == .json ? .json : .json5, document: document, positions: [:])
  }

  /// Wraps the member `key` of a parsed document's top-level object (a Tokens Studio
  /// multi-set file's set), keeping its positions: a path inside the set is found at
  /// `key` followed by that path in the document, and located in the document's file.
  /// - Parameters:
  ///   - key: The top-level member.
  ///   - document: The parsed file.
  ///   - file: A name for messages without a position (`tokens.json (set dark)`).
  public init(member key: String, of document: JSONDocument, file: String) {
    self.init(
      root: document.root.objectValue?[key] ?? .null, file: file,
      syntax: document.dialect == .json ? .json : .json5, document: document, positions: [:])
    prefix = JSONPath.appending(key: key, to: "")
  }

  /// `path` inside ``root`` as a path of the whole document (``prefix`` first).
  private func documentPath(_ path: String) -> String {
    if prefix.isEmpty { return path }
    if path.isEmpty { return prefix }
    return path.hasPrefix("[") ? prefix + path : "\(prefix).\(path)"
  }

  /// Reads a file by its name: `.json5` as JSON5 (``JSONParser/Dialect/json5``),
  /// `.yml`/`.yaml` as YAML, anything else as JSON.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents (UTF-8).
  ///   - file: Its name, for messages and the syntax.
  /// - Returns: The source.
  /// - Throws: ``TokenFileError`` with one diagnostic naming `file:line:column` and what
  ///   was expected there.
  public static func read(bytes: [UInt8], file: String) throws(TokenFileError) -> TokenSource {
    let lower = file.lowercased()
    if lower.hasSuffix(".yml") || lower.hasSuffix(".yaml") {
      return try YAMLReader.read(bytes: bytes, file: file)
    }
    let dialect: JSONParser.Dialect = lower.hasSuffix(".json5") ? .json5 : .json
    // JSON5 refuses NUL and invalid UTF-8 anywhere, comments included, as YAML does
    // (issue 12, point 8); JSON's grammar already leaves them no place to hide.
    if dialect == .json5, let problem = TextBytes.problem(in: bytes) {
      throw TokenFileError(diagnostics: [
        TokenDiagnostic(
          .error, location: "\(file):\(problem.line):\(problem.column)", path: "",
          message: problem.message)
      ])
    }
    do {
      let document = try JSONParser.parse(bytes: bytes, file: file, dialect: dialect)
      return TokenSource(document: document)
    } catch {
      throw TokenFileError(diagnostics: [
        TokenDiagnostic(
          .error, location: "\(error.file):\(error.position)", path: "", message: error.message)
      ])
    }
  }

  /// Where the value at a JSON path is, as `file:line:column`; the nearest enclosing value
  /// that has a position when this one has none (a member merged in by `$extends`).
  /// - Parameter jsonPath: A path as ``JSONPath`` writes it.
  /// - Returns: A location for messages, at least the file name.
  public func location(of jsonPath: String) -> String {
    var path = jsonPath
    while true {
      if let p = position(of: path) {
        return "\(prefix.isEmpty ? file : document?.file ?? file):\(p.line):\(p.column)"
      }
      if path.isEmpty { return file }
      path = Self.parent(of: path)
    }
  }

  /// The line and column of the value at a JSON path, when known.
  /// - Parameter jsonPath: A JSON path.
  /// - Returns: The position or nil.
  public func position(of jsonPath: String) -> SourcePosition? {
    if let document { return document.position(of: documentPath(jsonPath)) }
    return positions[jsonPath]
  }

  /// The exact text of the value at a JSON path, as it is in a JSON file.
  /// - Parameter jsonPath: A JSON path.
  /// - Returns: The text, or nil for JSON5, YAML and in-memory values.
  public func rawText(of jsonPath: String) -> String? {
    document?.rawText(of: documentPath(jsonPath))
  }

  static func parent(of path: String) -> String {
    guard let last = path.last else { return "" }
    if last == "]" {
      // `a["x.y"]` or `a[3]`: drop the bracket member.
      var depthQuote = false
      var i = path.index(before: path.endIndex)
      while i > path.startIndex {
        let c = path[i]
        if c == "\"" { depthQuote.toggle() }
        if c == "[" && !depthQuote { return String(path[..<i]) }
        i = path.index(before: i)
      }
      return ""
    }
    if let dot = path.lastIndex(of: ".") { return String(path[..<dot]) }
    return ""
  }
}
