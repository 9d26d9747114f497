import CatalogModel
import CatalogSystem
import Foundation
import Testing

@testable import CatalogCLI

/// The parser on declared specs: types, allowed values, defaults, suggestions, numbers.
@Suite struct ArgumentParserTests {
  static let format = CommandSpec.Option(
    name: "format", valueName: "format", help: "The format.", type: .choice(["tree", "json"]),
    defaultValue: "tree")
  static let scale = CommandSpec.Option(
    name: "scale", valueName: "factor", help: "The scale.", type: .number(min: 0.1, max: 10),
    defaultValue: "1")
  static let width = CommandSpec.Option(
    name: "width", valueName: "points", help: "The width.",
    type: .number(min: 0, max: .greatestFiniteMagnitude, allowsInfinity: true))
  static let argument = CommandSpec.Option(
    name: "argument", valueName: "name=value", help: "An argument.", isRepeating: true,
    short: "a")
  static let spec = CommandSpec(
    name: "demo", abstract: "A demo.",
    arguments: [.init(name: "name", help: "A name.", type: .component)],
    options: [format, scale, width, argument],
    flags: [.init(name: "json", help: "JSON.")])

  func parse(_ args: [String]) throws(CommandError) -> ParsedArguments {
    try ArgumentParser.parse(args, spec: Self.spec, path: ["demo"])
  }

  func usage(_ args: [String]) -> String? {
    do {
      _ = try parse(args)
      return nil
    } catch {
      if case .usage(let message, _) = error { return message }
      return "\(error)"
    }
  }

  @Test func defaultsApplyWhenAnOptionIsAbsent() throws {
    let parsed = try parse(["Row"])
    #expect(parsed.option(Self.format) == "tree")
    #expect(parsed.number(Self.scale) == 1)
    #expect(parsed.option(Self.width) == nil)
    #expect(try parse(["Row", "--format=json"]).option(Self.format) == "json")
  }

  @Test(arguments: [
    ("8", 8.0), ("-0", 0.0), ("2.5", 2.5), (".5", 0.5), ("5.", 5.0), ("1e2", 100.0),
    ("1E+2", 100.0), ("+3", 3.0),
  ])
  func decimalNumbersAreRead(_ text: String, _ value: Double) {
    #expect(StrictNumber.decimal(text) == value)
  }

  @Test(arguments: [
    "0x10", "0X1p3", "nan", "NaN", "inf", "Inf", "infinity", "Infinity", "1_000", "", "-", ".",
    "1e", "e5", "1.2.3", " 1", "1 ", "٣",
  ])
  func nonDecimalNumbersAreRefused(_ text: String) {
    #expect(StrictNumber.decimal(text) == nil)
  }

  @Test func infinityHasOneSpelling() throws {
    #expect(try parse(["Row", "--width", "infinity"]).number(Self.width) == .infinity)
    for spelling in ["inf", "Infinity", "INF", "+infinity"] {
      #expect(
        usage(["Row", "--width", spelling])?.hasPrefix(
          "The value '\(spelling)' is invalid for '--width <points>'") == true)
    }
  }

  @Test func rangesAreChecked() {
    #expect(usage(["Row", "--scale", "0.1"]) == nil)
    #expect(usage(["Row", "--scale", "10"]) == nil)
    #expect(
      usage(["Row", "--scale", "0.09"])
        == "The value '0.09' is invalid for '--scale <factor>': expected a decimal number from 0.1 to 10"
    )
    #expect(usage(["Row", "--scale", "10.5"]) != nil)
    #expect(usage(["Row", "--width", "-1"]) != nil)
  }

  @Test func choicesAreCheckedWithASuggestion() {
    #expect(
      usage(["Row", "--format", "jsn"])
        == "The value 'jsn' is invalid for '--format <tree|json>'. Please provide one of 'tree' or 'json'. Did you mean 'json'?"
    )
  }

  @Test func unknownOptionsSuggestTheNearest() {
    #expect(
      usage(["Row", "--formt", "json"]) == "Unknown option '--formt'; did you mean '--format'?")
    #expect(usage(["Row", "--jsn"]) == "Unknown option '--jsn'; did you mean '--json'?")
    #expect(usage(["Row", "--zzzzzz"]) == "Unknown option '--zzzzzz'")
    #expect(usage(["Row", "-x"]) == "Unknown option '-x'")
  }

  @Test func repeatedOptionsAndShortNames() throws {
    #expect(
      try parse(["Row", "-a", "x=1", "--argument", "y=2"]).values(Self.argument) == ["x=1", "y=2"])
    #expect(
      usage(["Row", "--format", "json", "--format", "tree"])
        == "The option '--format' was given more than once")
  }

  @Test func helpPrintsTypesAndDefaults() {
    let help = HelpFormatter.help(Self.spec, path: ["demo"])
    #expect(help.contains("--format <tree|json>"))
    #expect(help.contains("The format. (default: tree)"))
    #expect(HelpFormatter.usage(Self.spec, path: ["demo"]).contains("[--format <tree|json>]"))
  }

  @Test func renderHelpShowsItsFormats() {
    let output = Output()
    #expect(CatalogCommand.run(["render", "--help"], environment: [:], output: output) == 0)
    #expect(output.standardOutput.contains("--format <tree|json|svg|png|html|swiftui>"))
    #expect(output.standardOutput.contains("(default: tree)"))
  }

  @Test(
    arguments: [
      ("rendr", "render"), ("lst", "list"), ("tokns", "tokens"), ("doctr", "doctor"), ("rm", nil),
      ("xyzzy", nil),
    ] as [(String, String?)])
  func suggestions(_ typed: String, _ expected: String?) {
    let names = CatalogCommand.commands.map { $0.spec.name }
    #expect(NameSuggestion.nearest(typed, among: names) == expected)
  }

  @Test func nestedCommandsShareTheRegistry() {
    let tokens = CatalogCommand.spec(for: ["tokens"])
    #expect(tokens.subcommands.allSatisfy { $0.run != nil })
    let platforms = CatalogCommand.spec(for: ["platforms"])
    #expect(platforms.subcommands.allSatisfy { $0.run != nil })
    #expect(
      !CatalogCommand.root.subcommands.filter { !$0.isHidden }.contains { $0.name.hasPrefix("_") })
  }

  @Test func completionCandidatesComeFromTheSpecs() throws {
    let completer = Completer(environment: [:])
    #expect(completer.candidates(words: ["catalog", ""], index: 1).contains("render"))
    #expect(!completer.candidates(words: ["catalog", ""], index: 1).contains("__complete"))
    #expect(completer.candidates(words: ["catalog", "tokens", ""], index: 2).contains("rename"))
    #expect(
      completer.candidates(words: ["catalog", "render", "X", "--format", ""], index: 4) == [
        "tree", "json", "svg", "png", "html", "swiftui",
      ])
    #expect(
      completer.candidates(words: ["catalog", "render", "X", "--"], index: 3).contains(
        "--layout-direction"))
    #expect(
      completer.candidates(words: ["catalog", "render", "X", "--output", ""], index: 4) == [
        "__files__"
      ])
    #expect(
      completer.candidates(words: ["catalog", "lint", "--rule", "unused"], index: 3).contains(
        "unused-token"))
  }

  /// `lint --rule` declares the rule ids as its choice: the help lists them, the parser
  /// rejects an unknown one with a suggestion (exit 64), repeated values each checked.
  @Test func lintRuleIsADeclaredChoice() throws {
    let help = catalog(["lint", "--help"]).out.split(whereSeparator: \.isWhitespace).joined(
      separator: " ")
    #expect(help.contains("--rule <id>"))
    #expect(help.contains("(one of: hard-coded-length, padding-on-empty-stack,"))
    let spec = CatalogCommand.spec(for: ["lint"])
    let parsed = try ArgumentParser.parse(
      ["--rule", "unused-token", "--rule", "hard-coded-length"], spec: spec, path: ["lint"])
    #expect(parsed.values(LintCommand.rule) == ["unused-token", "hard-coded-length"])
    #expect(throws: CommandError.self) {
      try ArgumentParser.parse(
        ["--rule", "unused-token", "--rule", "unusd-token"], spec: spec, path: ["lint"])
    }
    let r = catalog(["lint", "--rule", "unusd-token"])
    #expect(r.status == 64)
    #expect(r.err.contains("Unknown rule 'unusd-token'; did you mean 'unused-token'?"))
  }

  /// Arguments are read back by their declaration: a required one, an optional one not
  /// given (nil), and a repeating last one that takes every remaining value.
  @Test func argumentsAreReadByTheirDeclaration() throws {
    let first = CommandSpec.Argument(name: "first", help: "The first.")
    let second = CommandSpec.Argument(name: "second", help: "The second.", isOptional: true)
    let rest = CommandSpec.Argument(name: "rest", help: "The rest.", isRepeating: true)
    let two = CommandSpec(name: "two", abstract: "Two.", arguments: [first, second])
    let alone = try ArgumentParser.parse(["a"], spec: two, path: ["two"])
    #expect(alone.argument(first) == "a")
    #expect(alone.optionalArgument(second) == nil)
    let both = try ArgumentParser.parse(["a", "b"], spec: two, path: ["two"])
    #expect(both.optionalArgument(second) == "b")
    let many = CommandSpec(name: "many", abstract: "Many.", arguments: [first, rest])
    let parsed = try ArgumentParser.parse(["a", "b", "c"], spec: many, path: ["many"])
    #expect(parsed.argument(first) == "a")
    #expect(parsed.values(rest) == ["b", "c"])
  }

  /// A shared declaration given a command's own help (`.force.withHelp(…)`) keeps its name,
  /// so the command reads it back through the shared declaration; the help prints the
  /// command's text.
  @Test func sharedDeclarationsWithTheirOwnHelpAreReadBackByTheSharedOne() throws {
    let spec = CatalogCommand.spec(for: ["revert"])
    let parsed = try ArgumentParser.parse(
      ["Row", "2", "--force"], spec: spec, path: ["revert"])
    #expect(parsed.flag(.force))
    #expect(parsed.argument(.componentName) == "Row")
    #expect(parsed.argument(RevertCommand.revision) == "2")
    #expect(!parsed.flag(.dryRun))
    let help = catalog(["revert", "--help"]).out
    #expect(help.contains("Save even when the older definition breaks"))
  }

  /// Every option and flag a command lists has one name in it: two declarations with the
  /// same name in one spec would make a look-up ambiguous.
  @Test func namesAreUniqueWithinEachCommand() {
    var specs: [(String, CommandSpec)] = []
    for command in CatalogCommand.commands {
      specs.append((command.spec.name, command.spec))
      for sub in command.spec.subcommands {
        specs.append(("\(command.spec.name) \(sub.name)", sub))
      }
    }
    for (path, spec) in specs {
      let names =
        (spec.options + CommandSpec.globalOptions).map(\.name) + spec.flags.map(\.name)
      #expect(Set(names).count == names.count, "\(path) declares a name twice: \(names)")
      let arguments = spec.arguments.map(\.name)
      #expect(Set(arguments).count == arguments.count, "\(path): \(arguments)")
    }
  }

  /// `compare --format` is a declared choice: the help lists the formats and the default,
  /// the parser refuses an unknown one with the nearest (before any catalog is read).
  @Test func compareFormatIsADeclaredChoice() {
    let help = catalog(["compare", "--help"]).out
    #expect(help.contains("--format <text|markdown|json|sarif>"))
    #expect(help.contains("(default: text)"))
    let r = catalog(["compare", "a", "b", "--format", "markdwn"])
    #expect(r.status == 64)
    #expect(r.err.contains("Did you mean 'markdown'?"))
  }

  /// A whole-number option (`serve --port`, `lint --max-warnings`) takes decimal digits only,
  /// within its range; the help prints the range and default.
  @Test(arguments: ["+80", "080", "-1", "65536", "8.0", "0x50", "", "99999999999999999999"])
  func wholeNumbersAreChecked(_ text: String) {
    let spec = CatalogCommand.spec(for: ["serve"])
    #expect(throws: CommandError.self) {
      try ArgumentParser.parse(["--port", text], spec: spec, path: ["serve"])
    }
  }

  @Test func wholeNumbersAreReadWithTheirDefault() throws {
    let spec = CatalogCommand.spec(for: ["serve"])
    #expect(
      try ArgumentParser.parse([], spec: spec, path: ["serve"]).wholeNumber(ServeCommand.port)
        == 8080)
    #expect(
      try ArgumentParser.parse(["--port", "0"], spec: spec, path: ["serve"]).wholeNumber(
        ServeCommand.port) == 0)
    let help = catalog(["serve", "--help"]).out.split(whereSeparator: \.isWhitespace).joined(
      separator: " ")
    #expect(help.contains("(0 to 65535; default: 8080)"))
    let lint = catalog(["lint", "--max-warnings", "-2"])
    #expect(lint.status == 64)
    #expect(lint.err.contains("expected a whole number 0 or more"))
  }
}
