#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The JSON5 parts of ``JSONParser`` (https://spec.json5.org, 1.0.0): each one is reached
/// only when its ``JSONParser/Dialect`` option is on, so strict JSON never runs them.
extension JSONParser {
  /// Skips one JSON5 white space character or comment at ``index`` (JSON5 §7 comments, §8
  /// white space).
  ///
  /// - Returns: False when the byte at ``index`` starts neither.
  /// - Throws: ``JSONParseError`` for a `/*` comment that is not closed.
  mutating func skipJSON5WhitespaceOrComment() throws(JSONParseError) -> Bool {
    let b = buffer[index]
    if dialect.contains(.extendedWhitespace) {
      // VT, FF; U+00A0 (C2 A0); U+2028, U+2029 (E2 80 A8/A9); U+FEFF (EF BB BF).
      if b == 0x0B || b == 0x0C {
        index += 1
        return true
      }
      if b == 0xC2, index + 1 < buffer.count, buffer[index + 1] == 0xA0 {
        index += 2
        return true
      }
      if b == 0xE2, index + 2 < buffer.count, buffer[index + 1] == 0x80,
        buffer[index + 2] == 0xA8 || buffer[index + 2] == 0xA9
      {
        index += 3
        return true
      }
      if b == 0xEF, index + 2 < buffer.count, buffer[index + 1] == 0xBB, buffer[index + 2] == 0xBF {
        index += 3
        return true
      }
    }
    guard dialect.contains(.comments), b == UInt8(ascii: "/"), index + 1 < buffer.count else {
      return false
    }
    switch buffer[index + 1] {
    case UInt8(ascii: "/"):
      while index < buffer.count, buffer[index] != 0x0A { index += 1 }
      return true
    case UInt8(ascii: "*"):
      let start = index
      index += 2
      while true {
        guard index + 1 < buffer.count else {
          throw error("a /* comment is not closed (it starts here)", at: start)
        }
        if buffer[index] == UInt8(ascii: "*"), buffer[index + 1] == UInt8(ascii: "/") {
          index += 2
          return true
        }
        index += 1
      }
    default:
      return false
    }
  }

  /// Whether a byte can start a JSON5 identifier: a letter, `_`, `$`, or any non-ASCII
  /// character (JSON5 §3 takes ECMAScript's IdentifierName; non-ASCII letters are let
  /// through whole rather than classified).
  func isIdentifierStart(_ b: UInt8) -> Bool {
    (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "_")
      || b == UInt8(ascii: "$") || b >= 0x80
  }

  /// A member name written as an identifier (JSON5 §3).
  /// A `\uXXXX` escape stands for its character, which must itself be one an identifier
  /// may hold (JSON5 §3: ECMAScript 5.1 IdentifierName, §7.6).
  mutating func parseIdentifier() throws(JSONParseError) -> String {
    let start = index
    var text = String.UnicodeScalarView()
    var runStart = index
    func flush(_ end: Int) throws(JSONParseError) {
      let slice = UnsafeBufferPointer(rebasing: buffer[runStart..<end])
      guard let run = String(validating: slice, as: UTF8.self) else {
        throw error("the name is not valid UTF-8", at: start)
      }
      text.append(contentsOf: run.unicodeScalars)
    }
    while index < buffer.count {
      let b = buffer[index]
      if isIdentifierStart(b) || isDigit(b) {
        index += 1
        continue
      }
      guard b == UInt8(ascii: "\\") else { break }
      try flush(index)
      let escape = index
      guard index + 5 < buffer.count, buffer[index + 1] == UInt8(ascii: "u"),
        let h1 = hexDigit(buffer[index + 2]), let h2 = hexDigit(buffer[index + 3]),
        let h3 = hexDigit(buffer[index + 4]), let h4 = hexDigit(buffer[index + 5]),
        let scalar = Unicode.Scalar(h1 << 12 | h2 << 8 | h3 << 4 | h4),
        scalar.value >= 0x80 || isIdentifierStart(UInt8(scalar.value))
          || (escape > start && isDigit(UInt8(scalar.value)))
      else {
        throw error(
          "a name written without quotes may hold only \\uXXXX escapes of letters, digits, '_' and '$' (JSON5 §3)",
          at: escape)
      }
      text.append(scalar)
      index += 6
      runStart = index
    }
    try flush(index)
    return NameText.normalized(String(text))
  }

  /// A bare word where a value goes: `true`, `false` or `null`; `Infinity` and `NaN` are
  /// refused (see ``JSONParser/Dialect``), anything else needs quotes.
  mutating func parseJSON5Word() throws(JSONParseError) -> JSONValue {
    let start = index
    let word = try parseIdentifier()
    switch word {
    case "true": return .bool(true)
    case "false": return .bool(false)
    case "null": return .null
    case "Infinity", "NaN":
      throw error("\(word) is not a finite number; numbers must be finite", at: start)
    default:
      throw error("unexpected '\(word)'; expected a value (strings need quotes)", at: start)
    }
  }

  /// One JSON5 escape that JSON does not have, after its backslash (JSON5 §5.1): `\v`,
  /// `\0`, `\xHH`, a line continuation, or any other character standing for itself.
  mutating func parseJSON5Escape(_ escape: UInt8) throws(JSONParseError) {
    switch escape {
    case UInt8(ascii: "v"): scratch.append(0x0B)
    case UInt8(ascii: "0"):
      guard let next = peek(), isDigit(next) else {
        scratch.append(0)
        return
      }
      throw error("'\\0' cannot be followed by a digit in a string", at: index - 2)
    case UInt8(ascii: "x"):
      appendScalar(try parseHex(2))
    case 0x0A:
      break  // line continuation
    case 0x0D:
      if peek() == 0x0A { index += 1 }  // CR LF continuation
    case UInt8(ascii: "1")...UInt8(ascii: "9"):
      throw error(
        "'\\\(Character(Unicode.Scalar(escape)))' is not an escape in a string", at: index - 2)
    default:
      // Any other character stands for itself; a multi-byte one is copied whole.
      scratch.append(escape)
      while let b = peek(), b & 0xC0 == 0x80 {
        scratch.append(b)
        index += 1
      }
    }
  }

  /// A JSON5 number (JSON5 §6): an optional sign, then a hexadecimal integer or a decimal
  /// whose point may lead or trail. The lexeme is kept only when it is also a JSON number
  /// (the writer writes JSON).
  mutating func parseJSON5Number() throws(JSONParseError) -> JSONNumber {
    let start = index
    var negative = false
    if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
      negative = sign == UInt8(ascii: "-")
      index += 1
    }
    if let b = peek(), isIdentifierStart(b) {
      let word = try parseIdentifier()
      if word == "Infinity" || word == "NaN" {
        throw error("\(word) is not a finite number; numbers must be finite", at: start)
      }
      throw error("unexpected '\(word)'; expected a number after the sign", at: start)
    }
    if index + 1 < buffer.count, buffer[index] == UInt8(ascii: "0"),
      buffer[index + 1] | 0x20 == UInt8(ascii: "x")
    {
      index += 2
      var value: UInt64 = 0
      let digitsStart = index
      while let b = peek(), let digit = hexDigit(b) {
        let (shifted, overflow) = value.multipliedReportingOverflow(by: 16)
        guard !overflow else {
          throw error("the hexadecimal number is out of range", at: start)
        }
        value = shifted + UInt64(digit)
        index += 1
      }
      guard index > digitsStart else {
        throw error("a hexadecimal number needs digits after 0x", at: start)
      }
      return JSONNumber(negative ? -Double(value) : Double(value))
    }
    var digits = 0
    let integerStart = index
    while let c = peek(), isDigit(c) {
      index += 1
      digits += 1
    }
    // `00012`: JSON5 numbers follow ECMAScript 5.1 (§7.8.3), which has no leading zeros.
    if digits > 1, buffer[integerStart] == UInt8(ascii: "0") {
      throw error("a number may not start with 0 followed by digits (JSON5 §6)", at: start)
    }
    if peek() == UInt8(ascii: ".") {
      index += 1
      while let c = peek(), isDigit(c) {
        index += 1
        digits += 1
      }
    }
    guard digits > 0 else {
      index = start
      throw error("unexpected \(describeCurrent()); expected a value")
    }
    if let e = peek(), e | 0x20 == UInt8(ascii: "e") {
      index += 1
      if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { index += 1 }
      guard let c = peek(), isDigit(c) else { throw error("a number needs digits in its exponent") }
      while let c = peek(), isDigit(c) { index += 1 }
    }
    let lexeme = buffer[start..<index]
    var text = String(decoding: UnsafeBufferPointer(rebasing: lexeme), as: UTF8.self)
    let isJSON = JSONNumber.isJSONNumber(lexeme)
    if !isJSON {
      // `+1`, `.5`, `5.`, `-.5` → what `Double` reads.
      if text.hasPrefix("+") { text.removeFirst() }
      if text.hasPrefix(".") {
        text = "0" + text
      } else if text.hasPrefix("-.") {
        text = "-0" + text.dropFirst()
      }
      text = text.replacing(".e", with: ".0e").replacing(
        ".E", with: ".0E")
      if text.hasSuffix(".") { text += "0" }
    }
    // Out of a Double's range: infinite (`1e400`), or 0 for a number that is not
    // (`1e-400`, underflow); neither is read silently (RFC 8259 §6 allows the limit).
    guard let value = Double(text), value.isFinite, !(value == 0 && DecimalText.underflows(text))
    else {
      throw error("the number \(text) is out of range", at: start)
    }
    return isJSON ? JSONNumber(value, lexeme: text) : JSONNumber(value)
  }
}
