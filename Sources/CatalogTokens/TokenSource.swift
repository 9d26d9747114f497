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
  private let bytes: [UInt8]
  private let lineStarts: [Int]

  /// The largest nesting accepted in any syntax (the JSON parser's limit, 512 levels).
  public static let maximumDepth = JSONParser.defaultMaximumDepth

  /// Wraps a value that has no file behind it.
  /// - Parameters:
  ///   - root: The value.
  ///   - file: A name for messages.
  public init(value root: JSONValue, file: String) {
    self.init(root: root, file: file, syntax: .value, document: nil, positions: [:], bytes: [])
  }

  init(
    root: JSONValue, file: String, syntax: Syntax, document: JSONDocument?,
    positions: [String: SourcePosition], bytes: [UInt8]
  ) {
    self.root = root
    self.file = file
    self.syntax = syntax
    self.document = document
    self.positions = positions
    self.bytes = bytes
    var starts = [0]
    if document != nil {
      for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
    }
    self.lineStarts = starts
  }

  /// Wraps a parsed JSON document, keeping its positions and text.
  /// - Parameters:
  ///   - document: The document from ``JSONParser``.
  ///   - bytes: The bytes it was parsed from (for exact text), or empty.
  public init(document: JSONDocument, bytes: [UInt8] = []) {
    self.init(
      root: document.root, file: document.file, syntax: .json, document: document, positions: [:],
      bytes: bytes)
  }

  /// Reads a file by its name: `.json5` as JSON5, `.yml`/`.yaml` as YAML, anything else
  /// as JSON.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents (UTF-8).
  ///   - file: Its name, for messages and the syntax.
  /// - Returns: The source.
  /// - Throws: ``TokenFileError`` with one diagnostic naming `file:line:column` and what
  ///   was expected there.
  public static func read(bytes: [UInt8], file: String) throws(TokenFileError) -> TokenSource {
    let lower = file.lowercased()
    if lower.hasSuffix(".json5") { return try JSON5Reader.read(bytes: bytes, file: file) }
    if lower.hasSuffix(".yml") || lower.hasSuffix(".yaml") {
      return try YAMLReader.read(bytes: bytes, file: file)
    }
    do {
      let document = try JSONParser.parse(bytes: bytes, file: file)
      return TokenSource(document: document, bytes: bytes)
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
      if let p = position(of: path) { return "\(file):\(p.line):\(p.column)" }
      if path.isEmpty { return file }
      path = Self.parent(of: path)
    }
  }

  /// The line and column of the value at a JSON path, when known.
  /// - Parameter jsonPath: A JSON path.
  /// - Returns: The position or nil.
  public func position(of jsonPath: String) -> SourcePosition? {
    if let document { return document.position(of: jsonPath) }
    return positions[jsonPath]
  }

  /// The exact text of the value at a JSON path, as it is in a JSON file.
  /// - Parameter jsonPath: A JSON path.
  /// - Returns: The text, or nil for JSON5, YAML and in-memory values.
  public func rawText(of jsonPath: String) -> String? {
    guard document != nil, let p = position(of: jsonPath), p.line - 1 < lineStarts.count else {
      return nil
    }
    var offset = lineStarts[p.line - 1]
    var column = 1
    while offset < bytes.count, column < p.column {
      offset += 1
      while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
      column += 1
    }
    guard let end = RawJSONScanner.endOfValue(bytes, from: offset) else { return nil }
    return String(decoding: bytes[offset..<end], as: UTF8.self)
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

/// Finds where a JSON value ends in a byte buffer, for exact text (strings with escapes,
/// nested arrays and objects).
enum RawJSONScanner {
  static func endOfValue(_ bytes: [UInt8], from start: Int) -> Int? {
    var i = start
    var depth = 0
    var inString = false
    while i < bytes.count {
      let b = bytes[i]
      if inString {
        if b == UInt8(ascii: "\\") {
          i += 2
          continue
        }
        if b == UInt8(ascii: "\"") {
          inString = false
          if depth == 0 { return i + 1 }
        }
        i += 1
        continue
      }
      switch b {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth == 0 { return i + 1 }
        if depth < 0 { return i }
      case UInt8(ascii: ","), 0x20, 0x0A, 0x0D, 0x09:
        if depth == 0 { return i }
      default: break
      }
      i += 1
    }
    return depth == 0 ? i : nil
  }
}
