import CatalogSystem

/// Writes help and usage text in swift-argument-parser's layout: `OVERVIEW:`, `USAGE:`,
/// `ARGUMENTS:`, `OPTIONS:`, `SUBCOMMANDS:`, entries indented two spaces with their
/// descriptions at column 26, wrapped at 80 columns.
enum HelpFormatter {
  static let labelColumn = 26
  static let width = 80

  static func usage(_ spec: CommandSpec, path: [String]) -> String {
    var parts = ["catalog"] + path
    if !spec.subcommands.isEmpty {
      parts.append("<subcommand>")
      return parts.joined(separator: " ")
    }
    for a in spec.arguments {
      var s = "<\(a.name)>"
      if a.isRepeating { s += " ..." }
      parts.append(a.isOptional ? "[\(s)]" : s)
    }
    for o in spec.options {
      let s = "--\(o.name) \(o.valueLabel)"
      parts.append(o.isRepeating ? "[\(s) ...]" : "[\(s)]")
    }
    for f in spec.flags { parts.append("[\(f.label)]") }
    return parts.joined(separator: " ")
  }

  static func help(_ spec: CommandSpec, path: [String]) -> String {
    var out = "OVERVIEW: \(spec.abstract)\n"
    if !spec.discussion.isEmpty { out += "\n" + wrap(spec.discussion, indent: 0) + "\n" }
    out += "\nUSAGE: \(usage(spec, path: path))\n"
    if !spec.arguments.isEmpty {
      out += "\nARGUMENTS:\n"
      for a in spec.arguments { out += entry("<\(a.name)>", a.help) }
    }
    out += "\nOPTIONS:\n"
    for o in spec.options + CommandSpec.globalOptions {
      let label = (o.short.map { "-\($0), " } ?? "") + "--\(o.name) \(o.valueLabel)"
      // What the declaration says about the value: its range and default.
      var notes: [String] = []
      if case .number(let min, let max, let infinity) = o.type {
        notes.append(
          max == .greatestFiniteMagnitude
            ? "\(StrictNumber.format(min)) or more\(infinity ? ", or infinity" : "")"
            : "\(StrictNumber.format(min)) to \(StrictNumber.format(max))")
      }
      if case .wholeNumber(let min, let max) = o.type {
        notes.append(max == Int.max ? "\(min) or more" : "\(min) to \(max)")
      }
      if o.choiceNoun != nil, case .choice(let words) = o.type {
        notes.append("one of: \(words.joined(separator: ", "))")
      }
      if let value = o.defaultValue { notes.append("default: \(value)") }
      out += entry(label, o.help + (notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))"))
    }
    for f in spec.flags { out += entry(f.label, f.help) }
    out += entry("-h, --help", "Show help information.")
    if !spec.subcommands.isEmpty {
      out += "\nSUBCOMMANDS:\n"
      for s in spec.subcommands where !s.isHidden { out += entry(s.name, s.abstract) }
      out +=
        "\n  See 'catalog help \((path + ["<subcommand>"]).joined(separator: " "))' for detailed help.\n"
    }
    // `catalog --help` ends with how to start (the commands `init --example` prints).
    if path.isEmpty { out += InitCommand.gettingStarted }
    return out
  }

  private static func entry(_ label: String, _ help: String) -> String {
    let first = "  \(label)"
    if let bytes = entryBytes(first, help) { return String(decoding: bytes, as: UTF8.self) }
    let body = wrap(help, indent: labelColumn)
    if first.count + 2 <= labelColumn {
      let padded = first + String(repeating: " ", count: labelColumn - first.count)
      return padded + body.dropFirst(labelColumn) + "\n"
    }
    return first + "\n" + body + "\n"
  }

  /// Wraps `text` at ``width`` columns: words (runs of characters other than spaces) are put
  /// on a line while it stays within `width − indent` characters (a longer word gets a line
  /// of its own), and each line is indented by `indent` spaces.
  ///
  /// - Parameters:
  ///   - text: The text; spaces separate its words.
  ///   - indent: Spaces before each line.
  /// - Returns: The lines joined with `"\n"` (no final newline); empty when `text` has no
  ///   word.
  static func wrap(_ text: String, indent: Int) -> String {
    var out: [UInt8] = []
    if appendWrapped(text, indent: indent, to: &out) {
      return String(decoding: out, as: UTF8.self)
    }
    var lines: [String] = []
    var line = ""
    let limit = width - indent
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if !line.isEmpty && line.count + 1 + word.count > limit {
        lines.append(line)
        line = ""
      }
      line += line.isEmpty ? String(word) : " " + word
    }
    if !line.isEmpty { lines.append(line) }
    let pad = String(repeating: " ", count: indent)
    return lines.map { pad + $0 }.joined(separator: "\n")
  }

  /// ``entry(_:_:)`` as bytes when the label and help are ASCII (no `"\r"`), else nil.
  private static func entryBytes(_ first: String, _ help: String) -> [UInt8]? {
    guard isPlainASCII(first) else { return nil }
    var out: [UInt8] = []
    out.reserveCapacity(labelColumn + help.utf8.count + 8)
    out.append(contentsOf: first.utf8)
    let count = out.count
    var body: [UInt8] = []
    guard appendWrapped(help, indent: labelColumn, to: &body) else { return nil }
    if count + 2 <= labelColumn {
      // The label, padded to the column, then the body without its first line's indent.
      out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: labelColumn - count))
      out.append(contentsOf: body.dropFirst(labelColumn))
    } else {
      out.append(UInt8(ascii: "\n"))
      out.append(contentsOf: body)
    }
    out.append(UInt8(ascii: "\n"))
    return out
  }

  /// True when every byte of `text` is ASCII and none is `"\r"`: each byte is then one
  /// character, and columns can be counted in bytes.
  private static func isPlainASCII(_ text: String) -> Bool {
    for byte in text.utf8 where byte >= 0x80 || byte == UInt8(ascii: "\r") { return false }
    return true
  }

  /// ``wrap(_:indent:)``'s lines appended to `out` as bytes, counting columns in bytes, when
  /// `text` is ASCII with no `"\r"` (the same lines, without splitting the text into
  /// substrings and characters: `--help` spent most of its time there; issue 17, point 4).
  /// Returns false, appending nothing, for any other text.
  private static func appendWrapped(_ text: String, indent: Int, to out: inout [UInt8]) -> Bool {
    guard isPlainASCII(text) else { return false }
    let space = UInt8(ascii: " ")
    let limit = width - indent
    var lineLength = 0
    var lines = 0
    var text = text
    text.withUTF8 { bytes in
      var i = 0
      let n = bytes.count
      while i < n {
        while i < n, bytes[i] == space { i += 1 }
        if i == n { break }
        let start = i
        while i < n, bytes[i] != space { i += 1 }
        let wordLength = i - start
        if lineLength > 0, lineLength + 1 + wordLength > limit { lineLength = 0 }
        if lineLength == 0 {
          if lines > 0 { out.append(UInt8(ascii: "\n")) }
          lines += 1
          out.append(contentsOf: repeatElement(space, count: indent))
        } else {
          out.append(space)
          lineLength += 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
        lineLength += wordLength
      }
    }
    return true
  }
}
