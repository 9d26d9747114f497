import CatalogModel

extension TokensStudioMembers {
  /// A font family list as CSS writes one (`Inter, sans-serif`, `'Exo 2', serif`), as Tokens
  /// Studio files hold it in a `fontFamilies` token or a typography's `fontFamily`, split
  /// into its families by CSS Fonts 4 §4.2's `font-family` grammar: families separated by
  /// commas, each a CSS string (single or double quotes, `\` escapes) or a sequence of
  /// identifiers (white space between them read as one space).
  /// - Parameter text: The string as written.
  /// - Returns: The family names, most preferred first, quotes removed; nil when the text is
  ///   not such a list (an empty family, an unclosed quote, text after a quoted name).
  public static func fontFamilyList(_ text: String) -> [String]? {
    var families: [String] = []
    var scalars = Array(text.unicodeScalars)[...]
    func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" }
    func skipSpaces() { while let c = scalars.first, isSpace(c) { scalars.removeFirst() } }
    while true {
      skipSpaces()
      guard let first = scalars.first else { return nil }
      var name = ""
      if first == "\"" || first == "'" {
        scalars.removeFirst()
        var closed = false
        while let c = scalars.popFirst() {
          if c == first {
            closed = true
            break
          }
          if c == "\\", let next = scalars.popFirst() {
            // CSS Syntax §4.3.7: up to six hex digits (and one space after them) are a code
            // point; any other character stands for itself.
            var hex = String(next)
            if next.properties.isASCIIHexDigit {
              while hex.count < 6, let d = scalars.first, d.properties.isASCIIHexDigit {
                hex.unicodeScalars.append(d)
                scalars.removeFirst()
              }
              if let s = scalars.first, isSpace(s) { scalars.removeFirst() }
              guard let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
                return nil
              }
              name.unicodeScalars.append(scalar)
            } else {
              name.unicodeScalars.append(next)
            }
            continue
          }
          name.unicodeScalars.append(c)
        }
        guard closed, !name.isEmpty else { return nil }
        skipSpaces()
      } else {
        // Identifiers up to the next comma; a quote among them is not CSS.
        var words: [String] = []
        var word = ""
        while let c = scalars.first, c != "," {
          scalars.removeFirst()
          if c == "\"" || c == "'" { return nil }
          if isSpace(c) {
            if !word.isEmpty { words.append(word) }
            word = ""
          } else {
            word.unicodeScalars.append(c)
          }
        }
        if !word.isEmpty { words.append(word) }
        guard !words.isEmpty else { return nil }
        name = words.joined(separator: " ")
      }
      families.append(name)
      guard let next = scalars.popFirst() else { return families }
      guard next == "," else { return nil }
    }
  }

  /// A Tokens Studio font family written as one CSS list (`"Inter, sans-serif"`, `"'Exo 2',
  /// serif"`), in a `fontFamily` token (Tokens Studio's `fontFamilies`) or a typography
  /// value's `fontFamily` member, read as DTCG §8.3's value: an array of the family names
  /// (``fontFamilyList(_:)``), or the one name a quoted string holds. A plain name
  /// (`"Inter"`), an alias and any other value are left as they are.
  /// - Parameters:
  ///   - value: The `$value`.
  ///   - type: Its DTCG type.
  /// - Returns: The value read and a note for the import's warning, or nil when nothing
  ///   changes.
  public static func fontFamilies(in value: JSONValue, type: String) -> (JSONValue, String)? {
    func split(_ v: JSONValue) -> JSONValue? {
      guard case .string(let s) = v, TokenAlias.target(of: v) == nil, !s.contains("{"),
        s.contains(",") || s.contains("\"") || s.contains("'"),
        let names = fontFamilyList(s)
      else { return nil }
      return names.count == 1 ? .string(names[0]) : .array(names.map { .string($0) })
    }
    func note(_ member: String, _ raw: JSONValue, _ read: JSONValue) -> String {
      "\(member)\(JSONWriter.compact(raw)) is a CSS font family list; read as \(JSONWriter.compact(read)) (DTCG §8.3: a name or an array of names)"
    }
    switch type {
    case "fontFamily":
      guard let read = split(value) else { return nil }
      return (read, note("", value, read))
    case "typography":
      guard var o = value.objectValue, let raw = o["fontFamily"], let read = split(raw) else {
        return nil
      }
      o["fontFamily"] = read
      return (.object(o), note("fontFamily: ", raw, read))
    default:
      return nil
    }
  }
}
