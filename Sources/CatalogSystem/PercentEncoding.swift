/// Percent-decoding (RFC 3986 §2.1) without Foundation (issue 17, point 4), as Foundation's
/// `removingPercentEncoding`.
package enum PercentEncoding {
  /// `text` with every `%XX` replaced by the byte it names.
  ///
  /// - Parameter text: Percent-encoded text.
  /// - Returns: The decoded text, or nil when a `%` is not followed by two hexadecimal
  ///   digits or the decoded bytes are not UTF-8.
  package static func decoded(_ text: String) -> String? {
    guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = iterator.next().flatMap(hexValue),
        let low = iterator.next().flatMap(hexValue)
      else { return nil }
      bytes.append(high << 4 | low)
    }
    return String(validating: bytes, as: UTF8.self)
  }

  /// Bytes with every `%XX` replaced by the byte it names (`%00` too); a `%` not followed
  /// by two hexadecimal digits stays as it is, as libmicrohttpd's own unescaping leaves it.
  ///
  /// - Parameter bytes: Percent-encoded bytes (an HTTP request's path or query argument).
  /// - Returns: The decoded bytes, which need not be UTF-8.
  package static func decodedBytes(_ bytes: some Collection<UInt8>) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = bytes.startIndex
    while i != bytes.endIndex {
      let byte = bytes[i]
      let first = bytes.index(after: i)
      if byte == UInt8(ascii: "%"), first != bytes.endIndex,
        let high = hexValue(bytes[first]), bytes.index(after: first) != bytes.endIndex,
        let low = hexValue(bytes[bytes.index(after: first)])
      {
        out.append(high << 4 | low)
        i = bytes.index(first, offsetBy: 2)
      } else {
        out.append(byte)
        i = first
      }
    }
    return out
  }

  /// The value of one hexadecimal digit, or nil.
  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
