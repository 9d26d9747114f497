/// The checks every text file passes before it is parsed as JSON5 or YAML, as the JSON
/// parser makes them: valid UTF-8 (RFC 3629) and no NUL byte, each reported at its line
/// and column (issue 12, point 8).
enum TextBytes {
  /// Where a file's bytes stop being acceptable text.
  struct Problem: Equatable {
    /// The line, from 1.
    var line: Int
    /// The column in characters, from 1.
    var column: Int
    /// What is wrong.
    var message: String
  }

  /// The first NUL byte or invalid UTF-8 sequence in `bytes`, or nil.
  ///
  /// - Parameter bytes: A file's contents.
  /// - Returns: Its position and a message.
  static func problem(in bytes: [UInt8]) -> Problem? {
    var line = 1
    var column = 1
    var i = 0
    while i < bytes.count {
      let b = bytes[i]
      if b == 0 {
        return Problem(
          line: line, column: column, message: "a NUL byte; a text file cannot hold one")
      }
      if b == 0x0A {
        line += 1
        column = 1
        i += 1
        continue
      }
      // RFC 3629 §4: the length from the lead byte, then continuation bytes 10xxxxxx,
      // with no overlong forms and no surrogates.
      var length = 1
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch b {
      case 0x00...0x7F: length = 1
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        high = 0x9F
      case 0xF0:
        length = 4
        low = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        high = 0x8F
      default:
        return Problem(
          line: line, column: column,
          message: "bytes that are not UTF-8 (0x\(String(b, radix: 16, uppercase: true)))")
      }
      for k in 1..<length {
        guard i + k < bytes.count else {
          return Problem(
            line: line, column: column, message: "a UTF-8 sequence cut off at the end of the file")
        }
        let c = bytes[i + k]
        let range = k == 1 ? low...high : 0x80...0xBF
        guard range.contains(c) else {
          return Problem(
            line: line, column: column,
            message:
              "bytes that are not UTF-8 (0x\(String(b, radix: 16, uppercase: true)) 0x\(String(c, radix: 16, uppercase: true)))"
          )
        }
      }
      i += length
      column += 1
    }
    return nil
  }
}
