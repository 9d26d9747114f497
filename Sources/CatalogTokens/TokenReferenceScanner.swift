/// Reads the `{…}` references of a stored token value straight from its JSON text, without
/// building the value: the reverse token graph of every write reads every row that holds a
/// reference (issue 12, point 3: `tokens set` in a catalog of a million tokens).
///
/// It answers exactly as ``TokenGraph/references(in:)`` does on the parsed value (every
/// string that is not an object key, `{group.$root}` naming the group's path, repeats
/// removed), for text that is plain ASCII with no escapes; for any other text it answers
/// nil and the caller parses the value.
public enum TokenReferenceScanner {
  /// The references in a JSON value's text, or nil when the text needs a real parse.
  ///
  /// - Parameter json: A JSON value as text (a stored `$value`).
  /// - Returns: Token paths in the order they appear (duplicates removed), or nil for text
  ///   holding a backslash escape or a non-ASCII byte (a combining mark after `{` would
  ///   make it another character, DTCG Format §7.1.1 reads references by character).
  public static func references(inJSON json: String) -> [String]? {
    var text = json
    return text.withUTF8 { bytes -> [String]? in
      var found: [String] = []
      var pending: [String] = []  // The references of the string being read.
      var i = 0
      let n = bytes.count
      while i < n {
        let b = bytes[i]
        if b >= 0x80 || b == UInt8(ascii: "\\") { return nil }
        guard b == UInt8(ascii: "\"") else {
          i += 1
          continue
        }
        // A string: its `{…}` references, as TokenGraph.bracedReferences reads them (a
        // `{` starts one again, a `}` ends it).
        pending.removeAll(keepingCapacity: true)
        var start = -1
        i += 1
        while i < n, bytes[i] != UInt8(ascii: "\"") {
          let c = bytes[i]
          if c >= 0x80 || c == UInt8(ascii: "\\") { return nil }
          if c == UInt8(ascii: "{") {
            start = i + 1
          } else if c == UInt8(ascii: "}") {
            if start >= 0, start < i {
              let inner = String(
                decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
              pending.append(TokenGraph.storedPath(inner))
            }
            start = -1
          }
          i += 1
        }
        guard i < n else { return nil }  // Unterminated: not JSON.
        i += 1
        // An object key (followed by `:`) is a name, not a value.
        var j = i
        while j < n,
          bytes[j] == UInt8(ascii: " ") || bytes[j] == UInt8(ascii: "\n")
            || bytes[j] == UInt8(ascii: "\t") || bytes[j] == UInt8(ascii: "\r")
        {
          j += 1
        }
        if j < n, bytes[j] == UInt8(ascii: ":") { continue }
        found += pending
      }
      guard found.count > 1 else { return found }
      var seen = Set<String>()
      return found.filter { seen.insert($0).inserted }
    }
  }
}
