/// Names the JSON path of a number too large for a `Double` (`{"value": 1e400}`), which
/// the parser refuses with only a position: RFC 8259 §6 lets an implementation limit the
/// range of numbers, and this one holds IEEE 754 binary64 values (at most about 1.8e308).
///
/// The path is found by parsing the text again with each overflowing number written as
/// `0` and looking up which value starts where the parser stopped; this runs only after
/// the parser has refused the text.
public enum NumberOverflow {
  /// The largest finite number a value may hold, as messages say it.
  public static let limit = "at most about 1.8e308"

  /// Whether the parser refused the text because a number overflows.
  /// - Parameter error: The parser's error.
  /// - Returns: True for "the number … is out of range".
  public static func isOverflow(_ error: JSONParseError) -> Bool {
    error.message.hasPrefix("the number ") && error.message.hasSuffix(" is out of range")
  }

  /// The JSON path (``JSONPath``) of the number the parser refused as out of range.
  /// - Parameters:
  ///   - error: The parser's error for `bytes`.
  ///   - bytes: The text that was parsed.
  /// - Returns: The path (`""` for a number at the top level), or nil when the error is not
  ///   an overflow or the path cannot be found.
  public static func path(of error: JSONParseError, in bytes: [UInt8]) -> String? {
    guard isOverflow(error), let start = offset(of: error.position, in: bytes) else { return nil }
    // Step 1: write every overflowing number as 0, first the one the parser stopped at.
    var text = bytes
    var next = start
    var attempts = 0
    while true {
      var end = next
      while end < text.count, isNumberByte(text[end]) { end += 1 }
      guard end > next else { return nil }
      text.replaceSubrange(next..<end, with: [UInt8(ascii: "0")])
      attempts += 1
      do {
        // Step 2: the value that starts where the parser stopped is the one.
        let document = try JSONParser.parse(bytes: text, file: error.file)
        return path(in: document, at: error.position)
      } catch {
        guard isOverflow(error), attempts < 10_000, let o = offset(of: error.position, in: text)
        else { return nil }
        next = o
      }
    }
  }

  /// The parser's error as a sentence naming the JSON path of an overflowing number:
  /// `big.json:1:57: t.big.$value.value: the number 1e400 is out of range; expected a
  /// finite number (at most about 1.8e308)`. Other errors are described as they are.
  /// - Parameters:
  ///   - error: The parser's error for `bytes`.
  ///   - bytes: The text that was parsed.
  /// - Returns: The message.
  public static func describe(_ error: JSONParseError, in bytes: [UInt8]) -> String {
    guard let path = path(of: error, in: bytes) else { return error.description }
    let place = "\(error.file):\(error.position.line):\(error.position.column)"
    return
      "\(place): \(path.isEmpty ? "" : "\(path): ")\(error.message); expected a finite number (\(expectation(number(in: error.message))))"
  }

  /// The range a number is out of, as messages say it: `at most about 1.8e308` for one too
  /// large, `0, or at least about 4.9e-324 in size: 1e-400 would be read as 0` for one too
  /// close to 0 (IEEE 754 binary64 underflow).
  /// - Parameter text: The number as written.
  /// - Returns: The phrase.
  public static func expectation(_ text: String) -> String {
    guard DecimalText.underflows(text) else { return limit }
    return "0, or at least about 4.9e-324 in size: \(text) would be read as 0"
  }

  /// The number a "the number X is out of range" message names.
  /// - Parameter message: The parser's message.
  /// - Returns: The number's text, or "" when the message names none.
  public static func number(in message: String) -> String {
    guard message.hasPrefix("the number ") else { return "" }
    return String(message.dropFirst("the number ".count).prefix { $0 != " " })
  }

  /// The path of the value starting at `position`, walking the document without recursion.
  static func path(in document: JSONDocument, at position: SourcePosition) -> String? {
    var stack: [(path: String, value: JSONValue)] = [("", document.root)]
    while let (path, value) = stack.popLast() {
      switch value {
      case .number:
        if document.position(of: path) == position { return path }
      case .array(let items):
        for (i, item) in items.enumerated() {
          stack.append((JSONPath.appending(index: i, to: path), item))
        }
      case .object(let object):
        for member in object.members {
          stack.append((JSONPath.appending(key: member.key, to: path), member.value))
        }
      default: break
      }
    }
    return nil
  }

  /// The byte offset of a line and column (columns count characters, as the parser's do).
  static func offset(of position: SourcePosition, in bytes: [UInt8]) -> Int? {
    var line = 1
    var i = 0
    while line < position.line {
      guard i < bytes.count else { return nil }
      if bytes[i] == 0x0A { line += 1 }
      i += 1
    }
    var column = 1
    while column < position.column {
      guard i < bytes.count else { return nil }
      i += 1
      // Continuation bytes (10xxxxxx) belong to the character before.
      while i < bytes.count, bytes[i] & 0xC0 == 0x80 { i += 1 }
      column += 1
    }
    return i
  }

  /// Whether a byte can be part of a JSON number (RFC 8259 §6).
  static func isNumberByte(_ b: UInt8) -> Bool {
    (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
      || b == UInt8(ascii: ".") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E")
  }
}
