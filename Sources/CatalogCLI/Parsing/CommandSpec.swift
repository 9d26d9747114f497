import CatalogModel
import CatalogSystem

/// The declaration of one command: what it takes, how its help reads, and (for a command
/// with subcommands, or a subcommand) what runs it.
///
/// How to add a command: write `Commands/NameCommand.swift` with an `enum NameCommand:
/// ParsedCommand` holding its arguments, options and flags as `static let` declarations
/// (value types, defaults; options and flags several commands take are declared once in
/// `CommandSpec+Shared.swift`), its `static let spec` listing them, and `static func run`,
/// which gets the arguments parsed against the spec and reads each back by its declaration (`parsed.flag(.force)`, never a name typed
/// again), then add `NameCommand.self` to
/// ``CatalogCommand/commands``. Help, usage lines, value checks, "did you mean"
/// suggestions and shell completions all come from the spec. A command with subcommands
/// (`tokens list`, `platforms set`) lists their specs in `subcommands`, each with `run`,
/// and calls ``CommandDispatcher/dispatch(_:spec:path:context:)`` from its own `run`.
package struct CommandSpec: Sendable {
  /// What values an option or argument takes: checked by the parser, printed by the help
  /// and offered by shell completion.
  enum ValueType: Sendable, Equatable {
    /// Any text.
    case text
    /// One of these words (`tree|json|svg`).
    case choice([String])
    /// A decimal number (no hexadecimal, no `nan`) from `min` to `max`; `infinity` (that
    /// spelling only) too when `allowsInfinity`.
    case number(min: Double, max: Double, allowsInfinity: Bool = false)
    /// A whole number in decimal digits only (no sign, no leading zero) from `min` to `max`
    /// (a port, a count).
    case wholeNumber(min: Int, max: Int)
    /// A file path.
    case file
    /// A stored component's name.
    case component
    /// A stored token's path.
    case token
    /// A stored token set's name.
    case tokenSet
    /// A stored platform's name.
    case platform
  }

  /// A positional argument. A command reads it back with ``ParsedArguments/argument(_:)``
  /// (or ``ParsedArguments/optionalArgument(_:)``, ``ParsedArguments/values(_:)-(Argument)``)
  /// given this same declaration, never by its position.
  package struct Argument: Sendable {
    var name: String
    var help: String
    var isOptional = false
    var isRepeating = false
    var type: ValueType = .text
  }
  /// An option that takes a value (`--width <w>`). A command reads it back with
  /// ``ParsedArguments/option(_:)`` given this same declaration, so the name is written once.
  package struct Option: Sendable {
    var name: String
    var valueName: String
    var help: String
    var isRepeating = false
    var short: Character? = nil
    var type: ValueType = .text
    /// The value used when the option is absent, printed by the help.
    var defaultValue: String? = nil
    /// For a choice whose words are a catalog's own list (lint rule ids): what one word is
    /// called (`rule`). The usage line then shows `<valueName>`, the help lists the words,
    /// and an unknown value reads `Unknown rule 'x'; did you mean 'y'?`.
    var choiceNoun: String? = nil

    /// `<tree|json>` for a choice (`<valueName>` for one with a ``choiceNoun``), else
    /// `<valueName>`.
    var valueLabel: String {
      if choiceNoun == nil, case .choice(let words) = type {
        return "<\(words.joined(separator: "|"))>"
      }
      return "<\(valueName)>"
    }
  }
  /// A flag (`--json`), optionally taking one of a few inline values
  /// (`--matrix=full`; the first value is the one `--matrix` alone means). A command reads
  /// it back with ``ParsedArguments/flag(_:)`` given this same declaration.
  package struct Flag: Sendable {
    var name: String
    var help: String
    var values: [String] = []

    /// `--matrix[=pairwise|full]`, or `--json`.
    var label: String {
      values.isEmpty ? "--\(name)" : "--\(name)[=\(values.joined(separator: "|"))]"
    }
  }

  var name: String
  var abstract: String
  var discussion: String = ""
  var arguments: [Argument] = []
  var options: [Option] = []
  var flags: [Flag] = []
  var subcommands: [CommandSpec] = []
  /// What runs this command (subcommands of a nested command) with its arguments parsed
  /// against this spec; top-level commands run through their ``Subcommand`` type.
  var run: (@Sendable (ParsedArguments, Context) throws(CommandError) -> Void)? = nil
  /// Left out of help and completion (`__complete`).
  var isHidden = false

  /// This spec with `run` set (for a nested command's subcommand list).
  func running(
    _ run: @escaping @Sendable (ParsedArguments, Context) throws(CommandError) -> Void
  )
    -> CommandSpec
  {
    var copy = self
    copy.run = run
    return copy
  }

  /// Options every command accepts.
  static let globalOptions: [Option] = [.db]
}

extension CommandSpec.Argument {
  /// This argument with the help text that fits one command (`FILE` of `add` and of `tokens
  /// import`): same name and type, so the parser and every look-up still agree.
  /// - Parameter help: The command's help line for it.
  /// - Returns: The declaration with `help` replaced.
  func withHelp(_ help: String) -> Self {
    var copy = self
    copy.help = help
    return copy
  }
}

extension CommandSpec.Option {
  /// This option with the help text that fits one command (`--set` of `add` and of `tokens
  /// set`): same name, value and type, so the parser and every look-up still agree.
  /// - Parameter help: The command's help line for it.
  /// - Returns: The declaration with `help` replaced.
  func withHelp(_ help: String) -> Self {
    var copy = self
    copy.help = help
    return copy
  }
}

extension CommandSpec.Flag {
  /// This flag with the help text that fits one command (`--force` saves different things
  /// in `add` and `revert`): same name and values, so the parser and every look-up agree.
  /// - Parameter help: The command's help line for it.
  /// - Returns: The declaration with `help` replaced.
  func withHelp(_ help: String) -> Self {
    var copy = self
    copy.help = help
    return copy
  }
}

/// A parsed command line for one command. Options and flags are read back by their
/// declaration (`parsed.flag(.force)`, `parsed.option(Self.width)`), never by a name
/// typed again, so a look-up cannot drift from what the command declares.
package struct ParsedArguments {
  /// Every positional value, in command-line order.
  var positionals: [String] = []
  /// The positional values by the name of the argument they were given for (a repeating last
  /// argument takes the rest).
  var arguments: [String: [String]] = [:]
  /// Values given, by option name (as declared).
  var options: [String: [String]] = [:]
  /// Flags given, by name (as declared).
  var flags: Set<String> = []
  /// Declared defaults of the options that were not given.
  var defaults: [String: String] = [:]
  /// The inline value of each flag given with one (`--matrix=full`).
  var flagValues: [String: String] = [:]

  /// The value of a required argument (the parser refuses a command line without it).
  /// - Parameter argument: The argument's declaration (not ``CommandSpec/Argument/isOptional``).
  /// - Returns: Its value.
  func argument(_ argument: CommandSpec.Argument) -> String {
    arguments[argument.name]?.first ?? ""
  }
  /// The value of an optional argument, when given.
  /// - Parameter argument: The argument's declaration.
  /// - Returns: Its value, or nil.
  func optionalArgument(_ argument: CommandSpec.Argument) -> String? {
    arguments[argument.name]?.first
  }
  /// Every value of a repeating argument, in command-line order.
  /// - Parameter argument: The argument's declaration (``CommandSpec/Argument/isRepeating``).
  /// - Returns: The values (empty when none was given).
  package func values(_ argument: CommandSpec.Argument) -> [String] {
    arguments[argument.name] ?? []
  }
  /// The option's last value, else its declared default.
  /// - Parameter option: The option's declaration.
  /// - Returns: The value, or nil when neither given nor defaulted.
  package func option(_ option: CommandSpec.Option) -> String? {
    options[option.name]?.last ?? defaults[option.name]
  }
  /// Every value of a repeatable option, in command-line order.
  /// - Parameter option: The option's declaration.
  /// - Returns: The values (empty when not given).
  func values(_ option: CommandSpec.Option) -> [String] { options[option.name] ?? [] }
  /// Whether the flag was given.
  /// - Parameter flag: The flag's declaration.
  /// - Returns: True when it appears on the command line.
  package func flag(_ flag: CommandSpec.Flag) -> Bool { flags.contains(flag.name) }
  /// The inline value of a flag that takes one (`--matrix=full`), when given with one.
  /// - Parameter flag: The flag's declaration.
  /// - Returns: The value after `=`, or nil.
  func flagValue(_ flag: CommandSpec.Flag) -> String? { flagValues[flag.name] }
  /// A whole-number option, already checked by the parser against its declared range.
  /// - Parameter option: The option's declaration (a ``CommandSpec/ValueType/wholeNumber(min:max:)``).
  /// - Returns: The number, or nil when neither given nor defaulted.
  func wholeNumber(_ option: CommandSpec.Option) -> Int? { self.option(option).flatMap { Int($0) } }
  /// A number option, already checked by the parser against its declared range.
  /// - Parameter option: The option's declaration (a ``CommandSpec/ValueType/number(min:max:allowsInfinity:)``).
  /// - Returns: The number, or nil when neither given nor defaulted.
  func number(_ option: CommandSpec.Option) -> Double? {
    self.option(option).flatMap(StrictNumber.parse(allowingInfinity: true))
  }
}

/// Runs nested commands (`tokens list`, `platforms set`) from their specs, as the top
/// level runs commands: one registry, the same "did you mean" and help.
enum CommandDispatcher {
  /// Finds the subcommand named by the first argument and runs it with the rest, parsed
  /// against the subcommand's spec (one parsing step for every subcommand).
  /// - Parameters:
  ///   - args: The arguments after the command's name.
  ///   - spec: The command, with `subcommands` that each have `run`.
  ///   - path: The command's path (`["tokens"]`).
  ///   - context: The context.
  /// - Throws: ``CommandError/help(command:)`` without a subcommand; a usage error with
  ///   a suggestion for an unknown one; what the subcommand throws.
  static func dispatch(_ args: [String], spec: CommandSpec, path: [String], context: Context)
    throws(CommandError)
  {
    guard let name = args.first, name != "-h", name != "--help" else { throw .help(command: path) }
    guard let sub = spec.subcommands.first(where: { $0.name == name }), let run = sub.run else {
      throw .usage(
        "Unknown subcommand '\(name)'\(NameSuggestion.didYouMean(name, among: spec.subcommands.filter { !$0.isHidden }.map(\.name)))",
        command: path)
    }
    try run(
      ArgumentParser.parse(Array(args.dropFirst()), spec: sub, path: path + [sub.name]), context)
  }
}
