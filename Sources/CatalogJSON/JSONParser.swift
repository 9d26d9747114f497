import CatalogSystem

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Parses JSON text (RFC 8259), or JSON5 (https://spec.json5.org) as a dialect of the same
/// parser, into ``JSONValue``, keeping key order, the source position of every value and
/// the text of numbers whose shortest form differs from what was written.
///
/// Errors name the line and column (1-based, columns counted in characters of the line)
/// and what was expected. Nesting deeper than ``defaultMaximumDepth`` is an error rather
/// than a stack overflow, so a hostile file cannot crash the program.
///
/// Positions cost 4 bytes a value: the document keeps one byte offset per value in parse
/// order (``JSONDocument``) and works out line and column only when asked. Objects are built with exactly as many members as they have (members collect on
/// one shared stack first), so a parsed file holds no spare capacity.
///
/// For example:
/// ```swift
/// let document = try JSONParser.parse(text, file: "Card.json")
/// document.position(of: "body.children[0]")  // line and column of that value
/// let primer = try JSONParser.parse(bytes: bytes, file: "size.json5", dialect: .json5)
/// ```
public struct JSONParser {
  /// The deepest nesting of arrays and objects accepted (512 levels).
  public static let defaultMaximumDepth = 512

  /// Which extensions of RFC 8259 the parser accepts; `[]` (``json``) is strict JSON and
  /// ``json5`` is every JSON5 extension (JSON5 spec §§2–6).
  ///
  /// `NaN` and `Infinity` are refused in every dialect: ``JSONValue`` holds finite numbers
  /// only (a DTCG value must be one, Format §8.2), so JSON5's non-finite numbers get an
  /// error naming them rather than a value the rest of the catalog could not write back.
  public struct Dialect: OptionSet, Sendable, Hashable {
    /// The bits.
    public let rawValue: Int
    /// Creates a dialect from its bits.
    /// - Parameter rawValue: The bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `// line` and `/* block */` comments (JSON5 §7).
    public static let comments = Dialect(rawValue: 1 << 0)
    /// A comma after the last member or element (JSON5 §3, §4).
    public static let trailingCommas = Dialect(rawValue: 1 << 1)
    /// Member names written as identifiers, `{space: …}` (JSON5 §3).
    public static let identifierKeys = Dialect(rawValue: 1 << 2)
    /// Strings in single quotes, the escapes `\'`, `\v`, `\0`, `\xHH`, any other escaped
    /// character standing for itself, and `\` before a line break (JSON5 §5).
    public static let extendedStrings = Dialect(rawValue: 1 << 3)
    /// Hexadecimal numbers, a leading `+`, and a leading or trailing decimal point
    /// (JSON5 §6).
    public static let extendedNumbers = Dialect(rawValue: 1 << 4)
    /// Vertical tab, form feed, no-break space, U+2028, U+2029 and U+FEFF as white space
    /// (JSON5 §8).
    public static let extendedWhitespace = Dialect(rawValue: 1 << 5)

    /// Strict JSON (RFC 8259).
    public static let json: Dialect = []
    /// JSON5: every extension above.
    public static let json5: Dialect = [
      .comments, .trailingCommas, .identifierKeys, .extendedStrings, .extendedNumbers,
      .extendedWhitespace,
    ]
  }

  /// Parses a whole document.
  ///
  /// - Parameters:
  ///   - text: The JSON text.
  ///   - file: The name used in error messages (a path, or `<stdin>`).
  ///   - dialect: The extensions accepted (default: strict JSON).
  ///   - maximumDepth: The deepest nesting accepted.
  /// - Returns: The value and the positions of its values.
  /// - Throws: ``JSONParseError`` naming the file, line and column.
  public static func parse(
    _ text: String, file: String = "<input>", dialect: Dialect = .json,
    maximumDepth: Int = defaultMaximumDepth
  ) throws(JSONParseError) -> JSONDocument {
    try parse(bytes: Array(text.utf8), file: file, dialect: dialect, maximumDepth: maximumDepth)
  }

  /// Parses a whole document from raw bytes, refusing invalid UTF-8 in strings and names.
  ///
  /// - Parameters:
  ///   - bytes: The file's bytes; a UTF-8 byte order mark is skipped. The document keeps
  ///     them (shared, not copied) to work out positions and exact text.
  ///   - file: The name used in error messages.
  ///   - dialect: The extensions accepted (default: strict JSON).
  ///   - maximumDepth: The deepest nesting accepted.
  /// - Returns: The value and the positions of its values.
  /// - Throws: ``JSONParseError`` naming the file, line and column.
  public static func parse(
    bytes: [UInt8], file: String = "<input>", dialect: Dialect = .json,
    maximumDepth: Int = defaultMaximumDepth
  ) throws(JSONParseError) -> JSONDocument {
    guard bytes.count < Int(UInt32.max) else {
      throw JSONParseError(
        file: file, position: SourcePosition(line: 1, column: 1),
        message: "the file is larger than 4 GiB, the most a JSON document may be")
    }
    let (root, nodes) = try bytes.withUnsafeBufferPointer {
      (buffer) throws(JSONParseError) -> (JSONValue, JSONNodeTable) in
      var parser = JSONParser(
        buffer: buffer, file: file, dialect: dialect, maximumDepth: maximumDepth)
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
      try parser.skipWhitespace()
      if parser.index >= buffer.count {
        throw parser.error(
          "the file is empty; expected a \(dialect == .json ? "JSON" : "JSON5") value")
      }
      let value = try parser.parseValue(depth: 0)
      try parser.skipWhitespace()
      if parser.index < buffer.count {
        throw parser.error(
          "unexpected \(parser.describeCurrent()) after the end of the \(dialect == .json ? "JSON" : "JSON5") value"
        )
      }
      return (value, parser.nodes)
    }
    return JSONDocument(root: root, nodes: nodes, bytes: bytes, file: file, dialect: dialect)
  }

  let buffer: UnsafeBufferPointer<UInt8>
  private let file: String
  let dialect: Dialect
  private let maximumDepth: Int
  var index = 0
  private var nodes = JSONNodeTable()
  /// Members of the objects being parsed, innermost last; an object takes its own off the
  /// top when it closes, so each object's array is allocated once at its exact size.
  private let memberStack = JSONBuildStack<(key: String, value: JSONValue)>()
  /// Elements of the arrays being parsed, the same way.
  private let elementStack = JSONBuildStack<JSONValue>()
  /// Bytes of a string with escapes, reused from string to string.
  var scratch: [UInt8] = []
  /// Member names longer than a small string (15 UTF-8 bytes), so that a name repeated in
  /// every token shares one buffer.
  private var longKeys = Set<String>()

  private init(
    buffer: UnsafeBufferPointer<UInt8>, file: String, dialect: Dialect, maximumDepth: Int
  ) {
    self.buffer = buffer
    self.file = file
    self.dialect = dialect
    self.maximumDepth = maximumDepth
    nodes.reserve(buffer.count / 16 + 16)
  }

  // MARK: - Values (RFC 8259 §3; JSON5 §2)

  private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
    try skipWhitespace()
    guard index < buffer.count else {
      throw error("unexpected end of file; expected a value")
    }
    let node = nodes.append(offset: index)
    switch buffer[index] {
    case UInt8(ascii: "{"):
      return try parseObject(node: node, depth: depth + 1)
    case UInt8(ascii: "["):
      return try parseArray(node: node, depth: depth + 1)
    case UInt8(ascii: "\""):
      return .string(try parseString())
    case UInt8(ascii: "'") where dialect.contains(.extendedStrings):
      return .string(try parseString())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      if dialect.contains(.extendedNumbers) { return .number(try parseJSON5Number()) }
      return .number(try parseNumber())
    case UInt8(ascii: "+") where dialect.contains(.extendedNumbers):
      return .number(try parseJSON5Number())
    case UInt8(ascii: ".") where dialect.contains(.extendedNumbers):
      return .number(try parseJSON5Number())
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      if dialect.contains(.identifierKeys) { return try parseJSON5Word() }
      return try parseLiteral()
    default:
      if dialect.contains(.identifierKeys), isIdentifierStart(buffer[index]) {
        return try parseJSON5Word()
      }
      throw error(
        "unexpected \(describeCurrent()); expected a value (object, array, string, number, true, false or null)"
      )
    }
  }

  private mutating func parseObject(node: Int, depth: Int) throws(JSONParseError) -> JSONValue {
    guard depth <= maximumDepth else {
      throw error("nesting deeper than \(maximumDepth) levels")
    }
    index += 1  // {
    let mark = memberStack.count
    // Duplicate names (RFC 8259 §4 "SHOULD be unique"; refused): checked against the
    // members so far, through a set once an object is large.
    var seen: Set<String>? = nil
    try skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      index += 1
      nodes.close(node)
      return .object(JSONObject())
    }
    while true {
      try skipWhitespace()
      let keyStart = index
      let key = try parseMemberName()
      if seen != nil {
        guard seen?.insert(key).inserted == true else { throw duplicate(key, at: keyStart) }
      } else {
        for m in mark..<memberStack.count where memberStack.element(at: m).pointee.key == key {
          throw duplicate(key, at: keyStart)
        }
        if memberStack.count - mark >= 16 {
          var set = Set<String>(minimumCapacity: 64)
          for m in mark..<memberStack.count { set.insert(memberStack.element(at: m).pointee.key) }
          set.insert(key)
          seen = set
        }
      }
      try skipWhitespace()
      guard peek() == UInt8(ascii: ":") else {
        throw error("unexpected \(describeCurrent()); expected ':' after member name \"\(key)\"")
      }
      index += 1
      let value = try parseValue(depth: depth)
      memberStack.push((key, value))
      if try endOfItem(closing: UInt8(ascii: "}"), in: "an object") {
        let object = JSONObject(memberStack.popArray(from: mark))
        nodes.close(node)
        return .object(object)
      }
    }
  }

  /// After a member or element: a `,` (and, with trailing commas allowed, perhaps the
  /// closing bracket after it) or the closing bracket (RFC 8259 §4, §5; JSON5 §3, §4).
  ///
  /// - Returns: True when the container is closed (``index`` is past its bracket).
  private mutating func endOfItem(closing: UInt8, in container: String) throws(JSONParseError)
    -> Bool
  {
    try skipWhitespace()
    switch peek() {
    case UInt8(ascii: ","):
      index += 1
      guard dialect.contains(.trailingCommas) else { return false }
      try skipWhitespace()
      guard peek() == closing else { return false }
      index += 1
      return true
    case closing?:
      index += 1
      return true
    default:
      throw error(
        "unexpected \(describeCurrent()); expected ',' or '\(Character(Unicode.Scalar(closing)))' in \(container)"
      )
    }
  }

  private func duplicate(_ key: String, at offset: Int) -> JSONParseError {
    error("duplicate member name \"\(key)\"", at: offset)
  }

  private mutating func parseMemberName() throws(JSONParseError) -> String {
    let key: String
    switch peek() {
    case UInt8(ascii: "\""):
      key = try parseString()
    case UInt8(ascii: "'") where dialect.contains(.extendedStrings):
      key = try parseString()
    case let b?
    where dialect.contains(.identifierKeys)
      && (isIdentifierStart(b) || b == UInt8(ascii: "\\")):
      key = try parseIdentifier()
    default:
      throw error(
        dialect.contains(.identifierKeys)
          ? "unexpected \(describeCurrent()); expected a member name (a string or an identifier)"
          : "unexpected \(describeCurrent()); expected a member name in double quotes")
    }
    guard key.utf8.count > 15 else { return key }
    if let shared = longKeys.firstIndex(of: key) { return longKeys[shared] }
    longKeys.insert(key)
    return key
  }

  private mutating func parseArray(node: Int, depth: Int) throws(JSONParseError) -> JSONValue {
    guard depth <= maximumDepth else {
      throw error("nesting deeper than \(maximumDepth) levels")
    }
    index += 1  // [
    let mark = elementStack.count
    try skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      index += 1
      nodes.close(node)
      return .array([])
    }
    while true {
      let value = try parseValue(depth: depth)
      elementStack.push(value)
      if try endOfItem(closing: UInt8(ascii: "]"), in: "an array") {
        let elements = elementStack.popArray(from: mark)
        nodes.close(node)
        return .array(elements)
      }
    }
  }

  // MARK: - Strings (RFC 8259 §7; JSON5 §5)

  /// A string from its opening quote: one pass to the closing quote when it holds no
  /// escape (the usual case), else byte by byte through ``scratch``.
  mutating func parseString() throws(JSONParseError) -> String {
    let start = index
    let quote = buffer[index]
    index += 1
    var ascii = true
    var i = index
    while i < buffer.count {
      let b = buffer[i]
      if b == quote || b == UInt8(ascii: "\\") || b < 0x20 { break }
      if b >= 0x80 { ascii = false }
      i += 1
    }
    if i < buffer.count, buffer[i] == quote {
      let slice = UnsafeBufferPointer(rebasing: buffer[index..<i])
      index = i + 1
      if ascii { return String(decoding: slice, as: UTF8.self) }
      return try text(of: slice, from: start)
    }
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: buffer[index..<i])
    index = i
    while true {
      guard index < buffer.count else {
        throw error("unterminated string (it starts here)", at: start)
      }
      let byte = buffer[index]
      switch byte {
      case quote:
        index += 1
        let text = try scratch.withUnsafeBufferPointer { (b) throws(JSONParseError) in
          try self.text(of: b, from: start)
        }
        return text
      case UInt8(ascii: "\\"):
        index += 1
        guard index < buffer.count else { throw error("unterminated escape sequence") }
        try parseEscape()
      case 0x0A where dialect.contains(.extendedStrings):
        throw error("a string cannot span lines without a '\\' before the line break")
      case 0x00...0x1F where !dialect.contains(.extendedStrings):
        throw error("a control character in a string must be escaped")
      default:
        scratch.append(byte)
        index += 1
      }
    }
  }

  /// Validated, NFC-normalised text of a string's bytes.
  private func text(of bytes: UnsafeBufferPointer<UInt8>, from start: Int) throws(JSONParseError)
    -> String
  {
    guard let string = String(validating: bytes, as: UTF8.self) else {
      throw error("the string is not valid UTF-8", at: start)
    }
    // One spelling per text: names compare byte for byte (issue 12, point 8).
    return NameText.normalized(string)
  }

  /// One escape after its backslash, appended to ``scratch`` (RFC 8259 §7; JSON5 §5.1).
  private mutating func parseEscape() throws(JSONParseError) {
    let escape = buffer[index]
    index += 1
    switch escape {
    case UInt8(ascii: "\""): scratch.append(0x22)
    case UInt8(ascii: "\\"): scratch.append(0x5C)
    case UInt8(ascii: "/"): scratch.append(0x2F)
    case UInt8(ascii: "b"): scratch.append(0x08)
    case UInt8(ascii: "f"): scratch.append(0x0C)
    case UInt8(ascii: "n"): scratch.append(0x0A)
    case UInt8(ascii: "r"): scratch.append(0x0D)
    case UInt8(ascii: "t"): scratch.append(0x09)
    case UInt8(ascii: "u"):
      var code = try parseHex(4)
      if (0xD800...0xDBFF).contains(code) {
        // A high surrogate must be followed by a low one (RFC 8259 §7).
        guard peek() == UInt8(ascii: "\\"), index + 1 < buffer.count,
          buffer[index + 1] == UInt8(ascii: "u")
        else { throw error("a lone UTF-16 surrogate in a \\u escape") }
        index += 2
        let low = try parseHex(4)
        guard (0xDC00...0xDFFF).contains(low) else {
          throw error("a lone UTF-16 surrogate in a \\u escape")
        }
        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(code) {
        throw error("a lone UTF-16 surrogate in a \\u escape")
      }
      appendScalar(code)
    default:
      guard dialect.contains(.extendedStrings) else {
        throw error(
          "invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string", at: index - 2)
      }
      try parseJSON5Escape(escape)
    }
  }

  mutating func appendScalar(_ code: UInt32) {
    // Callers pass a scalar value (surrogates are refused before).
    guard let scalar = Unicode.Scalar(code) else { return }
    var utf8 = UTF8.encode(scalar)!.makeIterator()
    while let b = utf8.next() { scratch.append(b) }
  }

  mutating func parseHex(_ count: Int) throws(JSONParseError) -> UInt32 {
    let what =
      count == 4 ? "a \\u escape needs four hex digits" : "a \\x escape needs two hex digits"
    guard index + count <= buffer.count else { throw error(what) }
    var value: UInt32 = 0
    for _ in 0..<count {
      guard let digit = hexDigit(buffer[index]) else { throw error(what) }
      value = value * 16 + digit
      index += 1
    }
    return value
  }

  func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  // MARK: - Numbers (RFC 8259 §6)

  private mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
    let start = index
    var negative = false
    if peek() == UInt8(ascii: "-") {
      negative = true
      index += 1
    }
    guard let first = peek(), isDigit(first) else {
      throw error("a number needs a digit after '-'", at: start)
    }
    var integer: Int64 = 0
    let digitsStart = index
    if first == UInt8(ascii: "0") {
      index += 1
      if let next = peek(), isDigit(next) {
        throw error("a number cannot have a leading zero", at: start)
      }
    } else {
      while let c = peek(), isDigit(c) {
        if index - digitsStart < 15 { integer = integer * 10 + Int64(c - UInt8(ascii: "0")) }
        index += 1
      }
    }
    let integerDigits = index - digitsStart
    var plain = integerDigits <= 15
    if peek() == UInt8(ascii: ".") {
      plain = false
      index += 1
      guard let c = peek(), isDigit(c) else { throw error("a number needs digits after '.'") }
      while let c = peek(), isDigit(c) { index += 1 }
    }
    if let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
      plain = false
      index += 1
      if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { index += 1 }
      guard let c = peek(), isDigit(c) else { throw error("a number needs digits in its exponent") }
      while let c = peek(), isDigit(c) { index += 1 }
    }
    // A whole number of up to 15 digits is exact as a Double and writes back as written
    // (`-0` aside), so it needs neither strtod nor a kept lexeme.
    if plain, !(negative && integer == 0) {
      return JSONNumber(Double(negative ? -integer : integer))
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<index]), as: UTF8.self)
    // Out of a Double's range: infinite (`1e400`), or 0 for a number that is not
    // (`1e-400`, underflow); neither is read silently (RFC 8259 §6 allows the limit).
    guard let value = Double(text), value.isFinite, !(value == 0 && DecimalText.underflows(text))
    else {
      throw error("the number \(text) is out of range", at: start)
    }
    return JSONNumber(value, lexeme: text)
  }

  private mutating func parseLiteral() throws(JSONParseError) -> JSONValue {
    for (literal, value) in [
      ("true", JSONValue.bool(true)), ("false", .bool(false)), ("null", .null),
    ]
    where buffer[index] == literal.utf8.first {
      let utf8 = literal.utf8
      guard index + utf8.count <= buffer.count,
        buffer[index..<(index + utf8.count)].elementsEqual(utf8)
      else {
        throw error("unexpected \(describeCurrent()); expected a value (did you mean \(literal)?)")
      }
      index += utf8.count
      return value
    }
    throw error("unexpected \(describeCurrent()); expected a value")
  }

  // MARK: - White space (RFC 8259 §2; JSON5 §7, §8)

  mutating func skipWhitespace() throws(JSONParseError) {
    while index < buffer.count {
      switch buffer[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default:
        guard dialect != .json, try skipJSON5WhitespaceOrComment() else { return }
      }
    }
  }

  // MARK: - Helpers

  func peek() -> UInt8? { index < buffer.count ? buffer[index] : nil }

  func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  func describeCurrent() -> String {
    guard index < buffer.count else { return "end of file" }
    let byte = buffer[index]
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x" + TextFormat.hex(byte, width: 2, uppercase: true)
  }

  func error(_ message: String, at offset: Int? = nil) -> JSONParseError {
    JSONParseError(
      file: file, position: SourcePosition(offset: offset ?? index, in: buffer), message: message)
  }
}

extension SourcePosition {
  /// The line and column of a byte offset: lines counted from 1, columns in characters
  /// from 1.
  init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
    var line = 1
    var lineStart = 0
    var i = 0
    while i < offset && i < bytes.count {
      if bytes[i] == 0x0A {
        line += 1
        lineStart = i + 1
      }
      i += 1
    }
    self.init(
      line: line, column: SourcePosition.column(of: offset, lineStart: lineStart, in: bytes))
  }

  /// The column of `offset` on the line starting at `lineStart`: characters (UTF-8 lead
  /// bytes) from the line's start, plus one.
  static func column(of offset: Int, lineStart: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var column = 1
    var j = lineStart
    while j < offset && j < bytes.count {
      if bytes[j] & 0xC0 != 0x80 { column += 1 }
      j += 1
    }
    return column
  }
}
