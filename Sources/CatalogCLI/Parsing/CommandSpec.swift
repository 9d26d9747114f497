/// The declaration of one command: what it takes and how its help reads.
struct CommandSpec {
  /// A positional argument.
  struct Argument {
    var name: String
    var help: String
    var isOptional = false
    var isRepeating = false
  }
  /// An option that takes a value (`--width <w>`).
  struct Option {
    var name: String
    var valueName: String
    var help: String
    var isRepeating = false
    var short: Character? = nil
  }
  /// A flag (`--json`).
  struct Flag {
    var name: String
    var help: String
  }

  var name: String
  var abstract: String
  var discussion: String = ""
  var arguments: [Argument] = []
  var options: [Option] = []
  var flags: [Flag] = []
  var subcommands: [CommandSpec] = []

  /// Options every command accepts.
  static let globalOptions = [
    Option(name: "db", valueName: "path", help: "The catalog file (default: $CATALOG_DB, else ./catalog.db).")
  ]
}

/// A parsed command line for one command.
struct ParsedArguments {
  var positionals: [String] = []
  var options: [String: [String]] = [:]
  var flags: Set<String> = []

  func option(_ name: String) -> String? { options[name]?.last }
  func values(_ name: String) -> [String] { options[name] ?? [] }
  func flag(_ name: String) -> Bool { flags.contains(name) }
}
