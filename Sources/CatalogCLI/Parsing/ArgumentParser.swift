import CatalogModel
import CatalogService
import CatalogSystem
import CatalogTokens

/// Splits a command line into positionals, options and flags for a ``CommandSpec``, and
/// checks every option value against its declared ``CommandSpec/ValueType`` (choices,
/// decimal numbers within their range).
///
/// Accepts `--name value`, `--name=value`, short `-x value`, `--` to end options, and
/// `-h`/`--help` anywhere. Errors use swift-argument-parser's wording
/// (`Unknown option '--foo'`, `Missing value for '--width <w>'`), with the nearest known
/// option suggested.
package enum ArgumentParser {
  package static func parse(_ args: [String], spec: CommandSpec, path: [String])
    throws(CommandError)
    -> ParsedArguments
  {
    var parsed = ParsedArguments()
    let options = spec.options + CommandSpec.globalOptions
    var i = 0
    var onlyPositionals = false
    while i < args.count {
      let arg = args[i]
      i += 1
      if onlyPositionals || !arg.hasPrefix("-") || arg == "-" || isNegativeValue(arg) {
        parsed.positionals.append(arg)
        continue
      }
      if arg == "--" {
        onlyPositionals = true
        continue
      }
      if arg == "-h" || arg == "--help" { throw .help(command: path) }
      var name: String
      var inlineValue: String?
      if arg.hasPrefix("--") {
        name = String(arg.dropFirst(2))
        if let eq = name.firstIndex(of: "=") {
          inlineValue = String(name[name.index(after: eq)...])
          name = String(name[..<eq])
        }
      } else {
        guard arg.count == 2, let c = arg.last, let o = options.first(where: { $0.short == c })
        else {
          if arg.count > 2, !arg.hasPrefix("--"), StrictNumber.decimal(arg) == nil {
            throw .usage(
              "Unknown option '\(NameText.quoted(arg))'\(NameSuggestion.didYouMean(String(arg.dropFirst()), among: optionNames(spec), prefix: "--"))",
              command: path)
          }
          throw .usage("Unknown option '\(arg)'", command: path)
        }
        name = o.name
      }
      if let option = options.first(where: { $0.name == name }) {
        let value: String
        if let inlineValue {
          value = inlineValue
        } else {
          guard i < args.count else {
            throw .usage(
              "Missing value for '--\(option.name) <\(option.valueName)>'", command: path)
          }
          value = args[i]
          i += 1
        }
        if !option.isRepeating, parsed.options[name] != nil, name != CommandSpec.Option.db.name {
          throw .usage("The option '--\(name)' was given more than once", command: path)
        }
        try check(value, for: option, path: path)
        parsed.options[name, default: []].append(catalogName(value, ofType: option.type))
      } else if let flag = spec.flags.first(where: { $0.name == name }) {
        if let inlineValue {
          guard flag.values.contains(inlineValue) else {
            if flag.values.isEmpty {
              throw .usage("The flag '--\(name)' does not take a value", command: path)
            }
            throw .usage(
              "The value '\(inlineValue)' is invalid for '\(flag.label)'. Please provide one of \(flag.values.map { "'\($0)'" }.joined(separator: " or "))\(NameSuggestion.didYouMean(inlineValue, among: flag.values).replacing("; did", with: ". Did"))",
              command: path)
          }
          parsed.flagValues[name] = inlineValue
        }
        parsed.flags.insert(name)
      } else {
        throw .usage(
          "Unknown option '--\(NameText.quoted(name))'\(NameSuggestion.didYouMean(name, among: optionNames(spec), prefix: "--"))",
          command: path)
      }
    }
    try checkContradictions(parsed.flags, path: path)
    for option in options where parsed.options[option.name] == nil {
      if let value = option.defaultValue { parsed.defaults[option.name] = value }
    }
    for (index, value) in parsed.positionals.enumerated() {
      let argument =
        index < spec.arguments.count
        ? spec.arguments[index] : spec.arguments.last.flatMap { $0.isRepeating ? $0 : nil }
      if let argument {
        if argument.type == .file, value.isEmpty {
          // The rule of an empty file option (``check(_:for:path:)``): an unset shell
          // variable is a usage error, not a file named '' that does not exist.
          throw .usage(
            "The value '' is invalid for '<\(argument.name)>': \(EmptyPath.explanation("names no file or folder")); give a path",
            command: path)
        }
        parsed.positionals[index] = catalogName(value, ofType: argument.type)
        parsed.arguments[argument.name, default: []].append(parsed.positionals[index])
      }
    }
    // Check positional counts.
    let required = spec.arguments.filter { !$0.isOptional }.count
    let repeating = spec.arguments.contains { $0.isRepeating }
    if parsed.positionals.count < required {
      let missing = spec.arguments[parsed.positionals.count]
      throw .usage("Missing expected argument '<\(missing.name)>'", command: path)
    }
    if !repeating, parsed.positionals.count > spec.arguments.count {
      throw .usage(
        "Unexpected argument '\(NameText.quoted(parsed.positionals[spec.arguments.count]))'",
        command: path)
    }
    return parsed
  }

  /// Flag pairs that ask for opposite things, and why: the command refuses the pair rather
  /// than let one silently win.
  static let contradictoryFlags: [(CommandSpec.Flag, CommandSpec.Flag, String)] = [
    (
      .allowDangling, .strict,
      "--strict refuses every alias that names no token, which --allow-dangling would keep; give one of them"
    ),
    (
      .quiet, .verbose,
      "--quiet hides every warning and --verbose prints all of them; give one of them"
    ),
  ]

  /// Refuses two flags from ``contradictoryFlags`` given together.
  /// - Parameters:
  ///   - flags: The flags given.
  ///   - path: The command, for the usage line.
  /// - Throws: A usage error naming both flags and why they contradict.
  static func checkContradictions(_ flags: Set<String>, path: [String]) throws(CommandError) {
    for (a, b, why) in contradictoryFlags where flags.contains(a.name) && flags.contains(b.name) {
      throw .usage("--\(a.name) and --\(b.name) cannot be used together: \(why)", command: path)
    }
  }

  /// A value naming something in the catalog (a component, token, token set or platform)
  /// in the one Unicode form names are stored in (NFC, ``NameText/normalized(_:)``), so
  /// that `café` typed decomposed finds the component saved precomposed (issue 12, point
  /// 8); other values as they are. A token path is also read as a reference names it:
  /// `grp.$root` is the group's root token, stored as `grp` (DTCG Format §6.2,
  /// ``TokenGraph/storedPath(_:)``), so every command that takes a token path (`tokens
  /// get|set|remove|rename|usage|history`) accepts that form, through this one parser.
  static func catalogName(_ value: String, ofType type: CommandSpec.ValueType) -> String {
    switch type {
    case .token: return TokenGraph.storedPath(NameText.normalized(value))
    case .component, .tokenSet, .platform: return NameText.normalized(value)
    default: return value
    }
  }

  /// Every option and flag name of a command, for suggestions.
  /// Whether an argument starting with `-` is a negative value (`-4`, `-0px`, `-.5rem`),
  /// not an option: no option's name starts with a digit or a `.`, so `tokens set m.base
  /// -0px` needs no `--`.
  static func isNegativeValue(_ arg: String) -> Bool {
    let bytes = Array(arg.utf8.prefix(3))
    guard bytes.count >= 2, bytes[0] == UInt8(ascii: "-") else { return false }
    func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    if isDigit(bytes[1]) { return true }
    return bytes[1] == UInt8(ascii: ".") && bytes.count == 3 && isDigit(bytes[2])
  }

  static func optionNames(_ spec: CommandSpec) -> [String] {
    (spec.options + CommandSpec.globalOptions).map(\.name) + spec.flags.map(\.name) + ["help"]
  }

  /// Checks one value against the option's declared type.
  /// - Throws: A usage error naming the option and what it takes.
  static func check(_ value: String, for option: CommandSpec.Option, path: [String])
    throws(CommandError)
  {
    let label = "'--\(option.name) \(option.valueLabel)'"
    switch option.type {
    case .choice(let words):
      guard words.contains(value) else {
        let quoted = words.map { "'\($0)'" }
        let list =
          quoted.count > 1
          ? quoted.dropLast().joined(separator: ", ") + " or " + (quoted.last ?? "")
          : quoted.joined()
        if let noun = option.choiceNoun {
          throw .usage(
            "Unknown \(noun) '\(NameText.quoted(value))'\(NameSuggestion.didYouMean(value, among: words)). Please provide one of \(list) for '--\(option.name)'",
            command: path)
        }
        throw .usage(
          "The value '\(NameText.quoted(value))' is invalid for \(label). Please provide one of \(list)\(NameSuggestion.didYouMean(value, among: words).replacing("; did", with: ". Did"))",
          command: path)
      }
    case .number(let min, let max, let allowsInfinity):
      guard StrictNumber.parse(value, min: min, max: max, allowsInfinity: allowsInfinity) != nil
      else {
        throw .usage(
          "The value '\(NameText.quoted(value))' is invalid for \(label): expected \(StrictNumber.expectation(min: min, max: max, allowsInfinity: allowsInfinity))",
          command: path)
      }
    case .file where value.isEmpty:
      // An empty path (an unset shell variable) is a usage error, as any value an option
      // cannot take.
      throw .usage(Self.emptyPathMessage(for: option), command: path)
    case .wholeNumber(let min, let max):
      guard value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int(value),
        String(n) == value, n >= min, n <= max
      else {
        let range = max == Int.max ? "\(min) or more" : "from \(min) to \(max)"
        throw .usage(
          "The value '\(NameText.quoted(value))' is invalid for \(label): expected a whole number \(range)",
          command: path)
      }
    default:
      break
    }
  }

  /// The usage error of an empty file option (`--output ''`, `--db ''`, whether `--db` comes
  /// before the command or after it): an unset shell variable, not a file named ''.
  /// - Parameter option: The option given the empty path.
  /// - Returns: The message, which for `--db` says what leaving it out means.
  static func emptyPathMessage(for option: CommandSpec.Option) -> String {
    let label = "'--\(option.name) \(option.valueLabel)'"
    let next =
      option.name == CommandSpec.Option.db.name
      ? "give the catalog file, or leave --db out to use $CATALOG_DB or ./catalog.db"
      : "give a file name"
    return
      "The value '' is invalid for \(label): \(EmptyPath.explanation("names no file")); \(next)"
  }
}
