import Foundation

/// Parses JSON text (RFC 8259) into ``JSONValue``, keeping key order and the source
/// position of every value.
///
/// Errors name the line and column (1-based, columns counted in characters of the line)
/// and what was expected. Nesting deeper than ``maximumDepth`` is an error rather than a
/// stack overflow, so a hostile file cannot crash the program.
///
/// For example:
/// ```swift
/// let document = try JSONParser.parse(text, file: "Card.json")
/// document.position(of: "body.children[0]")  // line and column of that value
/// ```
public struct JSONParser {
  /// The deepest nesting of arrays and objects accepted (512 levels).
  public static let defaultMaximumDepth = 512

  /// Parses a whole document.
  ///
  /// - Parameters:
  ///   - text: The JSON text, UTF-8.
  ///   - file: The name used in error messages (a path, or `<stdin>`).
  ///   - maximumDepth: The deepest nesting accepted.
  /// - Returns: The value and the positions of its members, keyed by JSON path.
  /// - Throws: ``JSONParseError`` naming the file, line and column.
  public static func parse(
    _ text: String, file: String = "<input>", maximumDepth: Int = defaultMaximumDepth
  ) throws(JSONParseError) -> JSONDocument {
    try parse(bytes: Array(text.utf8), file: file, maximumDepth: maximumDepth)
  }

  /// Parses a whole document from raw bytes, refusing invalid UTF-8.
  ///
  /// - Parameters:
  ///   - bytes: The file's bytes; a UTF-8 byte order mark is skipped.
  ///   - file: The name used in error messages.
  ///   - maximumDepth: The deepest nesting accepted.
  /// - Returns: The value and the positions of its members, keyed by JSON path.
  /// - Throws: ``JSONParseError`` naming the file, line and column.
  public static func parse(
    bytes: [UInt8], file: String = "<input>", maximumDepth: Int = defaultMaximumDepth
  ) throws(JSONParseError) -> JSONDocument {
    var parser = JSONParser(bytes: bytes, file: file, maximumDepth: maximumDepth)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
    parser.skipWhitespace()
    if parser.index >= bytes.count {
      throw parser.error("the file is empty; expected a JSON value")
    }
    let value = try parser.parseValue(path: "", depth: 0)
    parser.skipWhitespace()
    if parser.index < bytes.count {
      throw parser.error("unexpected \(parser.describeCurrent()) after the end of the JSON value")
    }
    return JSONDocument(root: value, offsets: parser.offsets, bytes: bytes, file: file)
  }

  private let bytes: [UInt8]
  private let file: String
  private let maximumDepth: Int
  private var index = 0
  private var offsets: [String: Int] = [:]

  private init(bytes: [UInt8], file: String, maximumDepth: Int) {
    self.bytes = bytes
    self.file = file
    self.maximumDepth = maximumDepth
  }

  // MARK: - Values

  private mutating func parseValue(path: String, depth: Int) throws(JSONParseError) -> JSONValue {
    skipWhitespace()
    offsets[path] = index
    guard index < bytes.count else { throw error("unexpected end of file; expected a value") }
    switch bytes[index] {
    case UInt8(ascii: "{"):
      return try parseObject(path: path, depth: depth + 1)
    case UInt8(ascii: "["):
      return try parseArray(path: path, depth: depth + 1)
    case UInt8(ascii: "\""):
      return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .number(try parseNumber())
    default:
      throw error(
        "unexpected \(describeCurrent()); expected a value (object, array, string, number, true, false or null)"
      )
    }
  }

  private mutating func parseObject(path: String, depth: Int) throws(JSONParseError) -> JSONValue {
    guard depth <= maximumDepth else {
      throw error("nesting deeper than \(maximumDepth) levels")
    }
    index += 1  // {
    var object = JSONObject()
    var seen = Set<String>()
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      index += 1
      return .object(object)
    }
    while true {
      skipWhitespace()
      guard peek() == UInt8(ascii: "\"") else {
        throw error("unexpected \(describeCurrent()); expected a member name in double quotes")
      }
      let keyStart = index
      let key = try parseString()
      guard seen.insert(key).inserted else {
        throw error("duplicate member name \"\(key)\"", at: keyStart)
      }
      skipWhitespace()
      guard peek() == UInt8(ascii: ":") else {
        throw error("unexpected \(describeCurrent()); expected ':' after member name \"\(key)\"")
      }
      index += 1
      let value = try parseValue(path: JSONPath.appending(key: key, to: path), depth: depth)
      object.members.append((key, value))
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","):
        index += 1
      case UInt8(ascii: "}"):
        index += 1
        return .object(object)
      default:
        throw error("unexpected \(describeCurrent()); expected ',' or '}' in an object")
      }
    }
  }

  private mutating func parseArray(path: String, depth: Int) throws(JSONParseError) -> JSONValue {
    guard depth <= maximumDepth else {
      throw error("nesting deeper than \(maximumDepth) levels")
    }
    index += 1  // [
    var elements: [JSONValue] = []
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      let value = try parseValue(path: "\(path)[\(elements.count)]", depth: depth)
      elements.append(value)
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","):
        index += 1
      case UInt8(ascii: "]"):
        index += 1
        return .array(elements)
      default:
        throw error("unexpected \(describeCurrent()); expected ',' or ']' in an array")
      }
    }
  }

  private mutating func parseString() throws(JSONParseError) -> String {
    let start = index
    index += 1  // opening quote
    var scalars: [UInt8] = []
    while true {
      guard index < bytes.count else {
        throw error("unterminated string (it starts here)", at: start)
      }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        guard let string = String(validating: scalars, as: UTF8.self) else {
          throw error("the string is not valid UTF-8", at: start)
        }
        // One spelling per text: names compare byte for byte (issue 12, point 8).
        return NameText.normalized(string)
      case UInt8(ascii: "\\"):
        index += 1
        guard index < bytes.count else { throw error("unterminated escape sequence") }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append(0x22)
        case UInt8(ascii: "\\"): scalars.append(0x5C)
        case UInt8(ascii: "/"): scalars.append(0x2F)
        case UInt8(ascii: "b"): scalars.append(0x08)
        case UInt8(ascii: "f"): scalars.append(0x0C)
        case UInt8(ascii: "n"): scalars.append(0x0A)
        case UInt8(ascii: "r"): scalars.append(0x0D)
        case UInt8(ascii: "t"): scalars.append(0x09)
        case UInt8(ascii: "u"):
          var code = try parseHex4()
          if (0xD800...0xDBFF).contains(code) {
            // A high surrogate must be followed by a low one (RFC 8259 §7).
            guard peek() == UInt8(ascii: "\\"), index + 1 < bytes.count,
              bytes[index + 1] == UInt8(ascii: "u")
            else { throw error("a lone UTF-16 surrogate in a \\u escape") }
            index += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else {
              throw error("a lone UTF-16 surrogate in a \\u escape")
            }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          } else if (0xDC00...0xDFFF).contains(code) {
            throw error("a lone UTF-16 surrogate in a \\u escape")
          }
          guard let scalar = Unicode.Scalar(code) else {
            throw error("an invalid \\u escape")
          }
          scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
          throw error(
            "invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string", at: index - 2)
        }
      case 0x00...0x1F:
        throw error("a control character in a string must be escaped")
      default:
        scalars.append(byte)
        index += 1
      }
    }
  }

  private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("a \\u escape needs four hex digits") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw error("a \\u escape needs four hex digits")
      }
      value = value * 16 + digit
      index += 1
    }
    return value
  }

  private mutating func parseNumber() throws(JSONParseError) -> Double {
    let start = index
    if peek() == UInt8(ascii: "-") { index += 1 }
    guard let first = peek(), isDigit(first) else {
      throw error("a number needs a digit after '-'", at: start)
    }
    if first == UInt8(ascii: "0") {
      index += 1
      if let next = peek(), isDigit(next) {
        throw error("a number cannot have a leading zero", at: start)
      }
    } else {
      while let c = peek(), isDigit(c) { index += 1 }
    }
    if peek() == UInt8(ascii: ".") {
      index += 1
      guard let c = peek(), isDigit(c) else { throw error("a number needs digits after '.'") }
      while let c = peek(), isDigit(c) { index += 1 }
    }
    if let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
      index += 1
      if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { index += 1 }
      guard let c = peek(), isDigit(c) else { throw error("a number needs digits in its exponent") }
      while let c = peek(), isDigit(c) { index += 1 }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      throw error("the number \(text) is out of range", at: start)
    }
    return value
  }

  private mutating func expectLiteral(_ literal: String) throws(JSONParseError) {
    let utf8 = Array(literal.utf8)
    guard index + utf8.count <= bytes.count, Array(bytes[index..<(index + utf8.count)]) == utf8
    else {
      throw error("unexpected \(describeCurrent()); expected a value (did you mean \(literal)?)")
    }
    index += utf8.count
  }

  // MARK: - Helpers

  private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private func describeCurrent() -> String {
    guard index < bytes.count else { return "end of file" }
    let byte = bytes[index]
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return String(format: "byte 0x%02X", byte)
  }

  private func position(at offset: Int) -> SourcePosition {
    SourcePosition(offset: offset, in: bytes)
  }

  private func error(_ message: String, at offset: Int? = nil) -> JSONParseError {
    JSONParseError(file: file, position: position(at: offset ?? index), message: message)
  }
}

extension SourcePosition {
  /// The line and column of a byte offset: lines counted from 1, columns in characters
  /// from 1.
  init(offset: Int, in bytes: [UInt8]) {
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
    // Columns count characters (UTF-8 lead bytes), not bytes.
    var column = 1
    var j = lineStart
    while j < offset && j < bytes.count {
      if bytes[j] & 0xC0 != 0x80 { column += 1 }
      j += 1
    }
    self.init(line: line, column: column)
  }
}
