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
    let body = wrap(help, indent: labelColumn)
    if first.count + 2 <= labelColumn {
      let padded = first + String(repeating: " ", count: labelColumn - first.count)
      return padded + body.dropFirst(labelColumn) + "\n"
    }
    return first + "\n" + body + "\n"
  }

  static func wrap(_ text: String, indent: Int) -> String {
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
}
