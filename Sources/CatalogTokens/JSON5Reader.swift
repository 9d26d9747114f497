import CatalogModel

/// Reads JSON5 (https://spec.json5.org), the syntax of GitHub Primer's token files:
/// `//` and `/* */` comments, trailing commas, unquoted (identifier) keys, single-quoted
/// strings, hexadecimal numbers, leading or trailing decimal points and a leading `+`.
///
/// Key order and the position of every value are kept. `Infinity` and `NaN` are refused
/// (a token value must be a finite number), as are duplicate keys and nesting deeper than
/// ``TokenSource/maximumDepth``, so a hostile file gives an error, not a crash.
public enum JSON5Reader {
  /// Reads a JSON5 file.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents (UTF-8; a byte order mark is skipped).
  ///   - file: Its name, for messages.
  /// - Returns: The source with positions.
  /// - Throws: ``TokenFileError`` naming `file:line:column` and what was expected.
  public static func read(bytes: [UInt8], file: String) throws(TokenFileError) -> TokenSource {
    if let problem = TextBytes.problem(in: bytes) {
      throw TokenFileError(diagnostics: [
        TokenDiagnostic(
          .error, location: "\(file):\(problem.line):\(problem.column)", path: "",
          message: problem.message)
      ])
    }
    var parser = Parser(bytes: bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.i = 3 }
    do throws(Failure) {
      try parser.skip()
      guard parser.i < bytes.count else {
        throw parser.fail("the file is empty; expected a JSON5 value")
      }
      let value = try parser.value(path: "", depth: 0)
      try parser.skip()
      if parser.i < bytes.count {
        throw parser.fail("unexpected '\(parser.current)' after the end of the value")
      }
      return TokenSource(
        root: value, file: file, syntax: .json5, document: nil, positions: parser.positions,
        bytes: bytes)
    } catch {
      throw TokenFileError(diagnostics: [
        TokenDiagnostic(
          .error, location: "\(file):\(error.line):\(error.column)", path: "",
          message: error.message)
      ])
    }
  }

  struct Failure: Error {
    var line: Int
    var column: Int
    var message: String
  }

  struct Parser {
    let bytes: [UInt8]
    var i = 0
    var line = 1
    var lineStart = 0
    var positions: [String: SourcePosition] = [:]

    init(bytes: [UInt8]) { self.bytes = bytes }

    var current: String {
      guard i < bytes.count else { return "end of file" }
      return String(decoding: [bytes[i]], as: UTF8.self)
    }

    func fail(_ message: String) -> Failure {
      var column = 1
      var j = lineStart
      while j < i && j < bytes.count {
        if bytes[j] & 0xC0 != 0x80 { column += 1 }
        j += 1
      }
      return Failure(line: line, column: column, message: message)
    }

    mutating func advance() {
      if bytes[i] == 0x0A {
        line += 1
        lineStart = i + 1
      }
      i += 1
    }

    mutating func skip() throws(Failure) {
      while i < bytes.count {
        let b = bytes[i]
        if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0B || b == 0x0C {
          advance()
        } else if b == 0xC2, i + 1 < bytes.count, bytes[i + 1] == 0xA0 {
          i += 2
        } else if b == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
          while i < bytes.count, bytes[i] != 0x0A { i += 1 }
        } else if b == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
          advance()
          advance()
          while true {
            guard i < bytes.count else { throw fail("a /* comment is not closed") }
            if bytes[i] == UInt8(ascii: "*"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/")
            {
              advance()
              advance()
              break
            }
            advance()
          }
        } else {
          return
        }
      }
    }

    mutating func position() -> SourcePosition {
      var column = 1
      var j = lineStart
      while j < i && j < bytes.count {
        if bytes[j] & 0xC0 != 0x80 { column += 1 }
        j += 1
      }
      return SourcePosition(line: line, column: column)
    }

    mutating func value(path: String, depth: Int) throws(Failure) -> JSONValue {
      try skip()
      guard i < bytes.count else { throw fail("unexpected end of file; expected a value") }
      positions[path] = position()
      guard depth < TokenSource.maximumDepth else {
        throw fail("the value is nested more than \(TokenSource.maximumDepth) levels deep")
      }
      let b = bytes[i]
      switch b {
      case UInt8(ascii: "{"):
        advance()
        var object = JSONObject()
        var seen = Set<String>()
        while true {
          try skip()
          guard i < bytes.count else { throw fail("unexpected end of file; expected a key or '}'") }
          if bytes[i] == UInt8(ascii: "}") {
            advance()
            return .object(object)
          }
          let key = try self.key()
          if seen.contains(key) { throw fail("the key '\(key)' appears twice in one object") }
          seen.insert(key)
          try skip()
          guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
            throw fail("expected ':' after the key '\(key)'")
          }
          advance()
          let member = try value(path: JSONPath.appending(key: key, to: path), depth: depth + 1)
          object.members.append((key, member))
          try skip()
          guard i < bytes.count else { throw fail("unexpected end of file; expected ',' or '}'") }
          if bytes[i] == UInt8(ascii: ",") {
            advance()
            continue
          }
          if bytes[i] == UInt8(ascii: "}") {
            advance()
            return .object(object)
          }
          throw fail("expected ',' or '}' after a member; got '\(current)'")
        }
      case UInt8(ascii: "["):
        advance()
        var array: [JSONValue] = []
        while true {
          try skip()
          guard i < bytes.count else {
            throw fail("unexpected end of file; expected a value or ']'")
          }
          if bytes[i] == UInt8(ascii: "]") {
            advance()
            return .array(array)
          }
          array.append(
            try value(path: JSONPath.appending(index: array.count, to: path), depth: depth + 1))
          try skip()
          guard i < bytes.count else { throw fail("unexpected end of file; expected ',' or ']'") }
          if bytes[i] == UInt8(ascii: ",") {
            advance()
            continue
          }
          if bytes[i] == UInt8(ascii: "]") {
            advance()
            return .array(array)
          }
          throw fail("expected ',' or ']' after an element; got '\(current)'")
        }
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        return .string(try string())
      default:
        let wordStart = (i, position())
        if let word = identifier() {
          i = wordStart.0
          switch word {
          case "true", "false", "null": i += word.utf8.count
          default: break
          }
          switch word {
          case "true": return .bool(true)
          case "false": return .bool(false)
          case "null": return .null
          case "Infinity", "NaN":
            throw fail("\(word) is not a finite number; token values must be finite")
          default: throw fail("unexpected '\(word)'; expected a value (strings need quotes)")
          }
        }
        return .number(try number())
      }
    }

    mutating func key() throws(Failure) -> String {
      if bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") { return try string() }
      guard let word = identifier() else {
        throw fail("expected a key (a string or an identifier); got '\(current)'")
      }
      return word
    }

    mutating func identifier() -> String? {
      let start = i
      while i < bytes.count {
        let b = bytes[i]
        let isStart =
          (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "_")
          || b == UInt8(ascii: "$") || b >= 0x80
        let isPart = isStart || (b >= 0x30 && b <= 0x39)
        if i == start ? isStart : isPart { i += 1 } else { break }
      }
      return i > start
        ? NameText.normalized(String(decoding: bytes[start..<i], as: UTF8.self)) : nil
    }

    mutating func string() throws(Failure) -> String {
      let quote = bytes[i]
      advance()
      var out: [UInt8] = []
      while true {
        guard i < bytes.count else { throw fail("a string is not closed") }
        let b = bytes[i]
        if b == quote {
          advance()
          break
        }
        if b == 0x0A { throw fail("a string cannot span lines without a '\\'") }
        if b == UInt8(ascii: "\\") {
          advance()
          guard i < bytes.count else { throw fail("a string is not closed") }
          let e = bytes[i]
          advance()
          switch e {
          case UInt8(ascii: "n"): out.append(0x0A)
          case UInt8(ascii: "t"): out.append(0x09)
          case UInt8(ascii: "r"): out.append(0x0D)
          case UInt8(ascii: "b"): out.append(0x08)
          case UInt8(ascii: "f"): out.append(0x0C)
          case UInt8(ascii: "v"): out.append(0x0B)
          case UInt8(ascii: "0"): out.append(0)
          case 0x0A: break  // line continuation
          case UInt8(ascii: "u"):
            guard i + 4 <= bytes.count,
              let code = UInt32(String(decoding: bytes[i..<i + 4], as: UTF8.self), radix: 16)
            else {
              throw fail("\\u needs four hexadecimal digits")
            }
            i += 4
            var scalarValue = code
            if (0xD800...0xDBFF).contains(code), i + 6 <= bytes.count,
              bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u"),
              let low = UInt32(String(decoding: bytes[i + 2..<i + 6], as: UTF8.self), radix: 16),
              (0xDC00...0xDFFF).contains(low)
            {
              scalarValue = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
              i += 6
            }
            guard let scalar = Unicode.Scalar(scalarValue) else {
              throw fail("\\u\(String(code, radix: 16)) is not a Unicode scalar")
            }
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
          default: out.append(e)
          }
          continue
        }
        out.append(b)
        i += 1
      }
      return NameText.normalized(String(decoding: out, as: UTF8.self))
    }

    mutating func number() throws(Failure) -> Double {
      let start = i
      var sign = 1.0
      if bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
        if bytes[i] == UInt8(ascii: "-") { sign = -1 }
        i += 1
      }
      if i + 1 < bytes.count, bytes[i] == UInt8(ascii: "0"),
        bytes[i + 1] | 0x20 == UInt8(ascii: "x")
      {
        i += 2
        let digitsStart = i
        while i < bytes.count,
          (bytes[i] >= 0x30 && bytes[i] <= 0x39)
            || (bytes[i] | 0x20 >= 0x61 && bytes[i] | 0x20 <= 0x66)
        { i += 1 }
        guard let n = UInt64(String(decoding: bytes[digitsStart..<i], as: UTF8.self), radix: 16)
        else {
          i = start
          throw fail("a hexadecimal number needs digits after 0x")
        }
        return sign * Double(n)
      }
      if let word = identifier(), word == "Infinity" {
        throw fail("Infinity is not a finite number; token values must be finite")
      }
      while i < bytes.count,
        (bytes[i] >= 0x30 && bytes[i] <= 0x39) || bytes[i] == UInt8(ascii: ".")
          || bytes[i] | 0x20 == UInt8(ascii: "e")
          || ((bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) && i > start
            && bytes[i - 1] | 0x20 == UInt8(ascii: "e"))
      {
        i += 1
      }
      var text = String(decoding: bytes[start..<i], as: UTF8.self)
      if text.hasPrefix("+") { text.removeFirst() }
      if text.hasPrefix(".") {
        text = "0" + text
      } else if text.hasPrefix("-.") {
        text = "-0" + text.dropFirst()
      }
      if text.hasSuffix(".") { text += "0" }
      guard !text.isEmpty, text != "-", let n = Double(text), n.isFinite else {
        i = start
        throw fail("unexpected '\(current)'; expected a value")
      }
      return n
    }
  }
}
