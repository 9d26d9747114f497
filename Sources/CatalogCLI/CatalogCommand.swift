import CatalogModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The `catalog` command line: parses arguments, runs a command, and returns the exit
/// status, writing results to standard output and messages to standard error.
///
/// Conventions are swift-argument-parser's (`reference/style-anchors.md` §2): `-h/--help`
/// on every command, usage errors on stderr with exit status 64, other failures as
/// `Error: …` with status 1, results on stdout.
public enum CatalogCommand {
  static let root = CommandSpec(
    name: "catalog",
    abstract: "A persistent catalog of UI components and spacing design tokens.",
    discussion:
      "Components are SwiftUI-style view definitions stored in one SQLite file with the design tokens they use; 'render' lays them out with SwiftUI's rules.",
    subcommands: commands.map { $0.spec })

  /// Every command, in the order `catalog --help` lists them: the one registry the
  /// parser, help, suggestions and completions read.
  ///
  /// How to add a command: write `Commands/NameCommand.swift` with `enum NameCommand:
  /// ParsedCommand` (its own arguments, options and flags as `static let` declarations, the
  /// shared ones from `CommandSpec+Shared.swift`; `static let spec` lists them; `static func
  /// run(_ parsed:_:)` gets the arguments parsed against the spec and reads each back by its
  /// declaration, `parsed.flag(.force)`, `parsed.argument(Self.outdir)`, calls the
  /// ``CatalogService`` through a `CatalogSession`, and prints), then add one line below.
  /// Subcommands (`tokens list`) are specs with `run` in the parent's `subcommands`,
  /// dispatched by ``CommandDispatcher``.
  static var commands: [any Subcommand.Type] {
    [
      InitCommand.self, AddCommand.self, ListCommand.self, ShowCommand.self, RemoveCommand.self,
      RenderCommand.self, TokensCommand.self, PlatformsCommand.self, LintCommand.self,
      SiteCommand.self,
      EditCommand.self, HistoryCommand.self, DiffCommand.self, RevertCommand.self,
      DoctorCommand.self,
      ExportCommand.self, ImportCommand.self, CompareCommand.self, CheckCommand.self,
      ServeCommand.self,
      CompletionCommand.self, CompleteCommand.self, ImportSwiftCommand.self, CheckSwiftCommand.self,
      BackupCommand.self,
    ]
  }

  /// Runs the command line.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program name.
  ///   - environment: The environment (`CATALOG_DB`, `NO_COLOR`).
  ///   - output: Where results and messages go.
  /// - Returns: The exit status: 0, 1 for failures, 64 for usage errors.
  public static func run(
    _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
    output: Output
  ) -> Int32 {
    run(arguments, environment: environment, output: output, swiftCommands: [:])
  }

  /// Runs the command line with the Swift-source commands (`import-swift`, `check-swift`)
  /// done in this process by `swiftCommands` (how `catalog-swift` runs them); a Swift
  /// command without a handler is handed to the `catalog-swift` executable
  /// (``SwiftCommandLauncher``).
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program name.
  ///   - environment: The environment (`CATALOG_DB`, `NO_COLOR`).
  ///   - output: Where results and messages go.
  ///   - swiftCommands: Command name → what runs it in this process.
  /// - Returns: The exit status: 0, 1 for failures, 64 for usage errors.
  package static func run(
    _ arguments: [String], environment: [String: String], output: Output,
    swiftCommands: [String: SwiftCommandHandler]
  ) -> Int32 {
    var args = arguments
    // `catalog help <command…>` is the same as `catalog <command…> --help`; `help` may come
    // before or after the global --db.
    func helpAsFlag() {
      if args.first == "help" {
        args.removeFirst()
        args.append("--help")
      }
    }
    helpAsFlag()
    // Global --db before the command.
    var db: String?
    while let first = args.first, first == "--db" || first.hasPrefix("--db=") {
      args.removeFirst()
      if first == "--db" {
        guard !args.isEmpty else {
          return fail(.usage("Missing value for '--db <path>'", command: []), output)
        }
        db = args.removeFirst()
      } else {
        db = String(first.dropFirst(5))
      }
    }
    helpAsFlag()
    guard let name = args.first else {
      output.out(HelpFormatter.help(root, path: []))
      return ExitStatus.success
    }
    if name == "-h" || name == "--help" {
      output.out(HelpFormatter.help(root, path: []))
      return ExitStatus.success
    }
    if name == "--version" {
      output.out("catalog \(version)\n")
      return ExitStatus.success
    }
    if name.hasPrefix("-") {
      // An option before the command: only --db, --help and --version go there.
      let typed = String(name.drop(while: { $0 == "-" }).prefix(while: { $0 != "=" }))
      return fail(
        .usage(
          "Unknown option '\(name)'\(NameSuggestion.didYouMean(typed, among: ["db", "help", "version"], prefix: "--"))",
          command: []), output)
    }
    args.removeFirst()
    let context = Context(
      environment: environment, output: output, databaseOverride: db,
      swiftCommands: swiftCommands)
    do {
      guard let command = commands.first(where: { $0.spec.name == name }) else {
        let known = commands.map { $0.spec }.filter { !$0.isHidden }.map { $0.name }
        throw CommandError.usage(
          "Unknown command '\(NameText.quoted(name))'\(NameSuggestion.didYouMean(name, among: known))",
          command: [])
      }
      if db?.isEmpty == true {
        // `--db ''` before the command is the same usage error as after it.
        throw CommandError.usage(
          ArgumentParser.emptyPathMessage(for: .db), command: [command.spec.name])
      }
      try command.run(args, context)
      return ExitStatus.success
    } catch let error as CommandError {
      return fail(error, output)
    } catch {
      return fail(.failure("\(error)"), output)
    }
  }

  /// The program's version.
  public static let version = "0.1.0"

  static func fail(_ error: CommandError, _ output: Output) -> Int32 {
    switch error {
    case .help(let path):
      output.out(HelpFormatter.help(spec(for: path), path: path))
      return ExitStatus.success
    case .usage(let message, let path):
      let spec = spec(for: path)
      output.err(
        "Error: \(message)\nUsage: \(HelpFormatter.usage(spec, path: path))\n  See 'catalog \((path + ["--help"]).joined(separator: " "))' for more information.\n"
      )
      return ExitStatus.usage
    case .failure(let message):
      output.err("Error: \(message)\n")
      return ExitStatus.failure
    case .silentFailure:
      return ExitStatus.failure
    case .exitStatus(let status):
      return status
    }
  }

  static func spec(for path: [String]) -> CommandSpec {
    var spec = root
    for name in path {
      guard let next = spec.subcommands.first(where: { $0.name == name }) else { break }
      spec = next
    }
    return spec
  }
}

/// What every command receives.
package struct Context {
  /// The environment (`CATALOG_DB`, `NO_COLOR`, …).
  package let environment: [String: String]
  /// Where results and messages go.
  package let output: Output
  /// The global `--db` given before the command.
  package let databaseOverride: String?
  /// The Swift-source commands this process runs itself (only in `catalog-swift`).
  package var swiftCommands: [String: SwiftCommandHandler] = [:]
  /// What a refused import says last when it runs inside another command (`check` imports
  /// into a scratch catalog), instead of "Nothing was saved …: run `catalog import` again".
  package var failureAdvice: String? = nil
  /// The option a refusal of a folder's file that leads outside the folder names as the way
  /// to read it anyway: `import`'s `--allow-outside-refs`; nil inside `check`, which takes
  /// no such option (its advice is only to copy the file into the folder).
  package var outsideOption: String? = "--allow-outside-refs"
  /// How messages name the catalog when it is not the user's own file: `check`'s scratch
  /// catalog is "the import of DIR", not a temporary path that is gone when it returns.
  package var catalogLabel: String? = nil

  /// The catalog path: `--db`, else `$CATALOG_DB`, else `./catalog.db`.
  package func databasePath(_ parsed: ParsedArguments) -> String {
    if let db = parsed.option(.db) { return db }
    if let db = databaseOverride { return db }
    if let db = environment["CATALOG_DB"], !db.isEmpty { return db }
    return "catalog.db"
  }
}

/// One `catalog` subcommand: its declaration and what it does.
protocol Subcommand {
  /// Name, help text, arguments and options.
  static var spec: CommandSpec { get }
  /// Runs the command with the arguments after its name.
  static func run(_ args: [String], _ context: Context) throws(CommandError)
}
