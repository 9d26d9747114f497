import CatalogEscaping
import CatalogService

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `catalog init`: creates the catalog file, or brings an existing one up to date.
/// `catalog init --example` also fills a new catalog with a small spacing token set and two
/// components (`TitleBlock`, and `Card`, which uses an instance of `TitleBlock`), added exactly as
/// `catalog add` adds files, and prints the next three commands to try.
enum InitCommand: ParsedCommand {
  /// The `--example` flag.
  static let example = CommandSpec.Flag(
    name: "example",
    help:
      "Also add example tokens (set 'spacing') and two components (TitleBlock, Card), then print three commands to try. Refused when the catalog already holds components or tokens."
  )

  static let spec = CommandSpec(
    name: "init",
    abstract: "Create a catalog file, or migrate an existing one to this version's schema.",
    discussion: """
      With --example, the new catalog gets a spacing token set and two components to try the other \
      commands on.
      """,
    flags: [example])

  static func run(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    let path = context.databasePath(parsed)
    let existed = !CatalogService.needsCreating(at: path)
    let session = try CatalogSession(path: path, create: true)
    let version: Int
    do { version = try session.service.schemaVersion() } catch { throw .failure("\(error)") }
    if parsed.flag(Self.example) { try requireEmpty(session: session, path: path) }
    context.output.out(
      existed
        ? "The catalog at \(path) is ready (schema version \(version))\n"
        : "Initialized catalog at \(path) (schema version \(version))\n")
    guard parsed.flag(Self.example) else { return }
    try addExample(session: session, path: path, context)
    let db = parsed.option(.db) ?? context.databaseOverride
    context.output.out("\n" + nextSteps(db: db))
  }

  /// The three commands to try on the example catalog, as `init --example` and
  /// `catalog --help` print them.
  ///
  /// - Parameter db: The `--db` path to repeat in each command, if one was given.
  /// - Returns: The text, a heading and one indented command a line.
  static func nextSteps(db: String?) -> String {
    let prefix = db.map { "catalog --db \(Escaping.shellWord($0))" } ?? "catalog"
    return """
      Try next:
        \(prefix) list
        \(prefix) render Card --variant long --explain
        \(prefix) tokens set space.md 20 --dry-run

      """
  }

  /// The end of `catalog --help`: how to start.
  static let gettingStarted = """

    GET STARTED:
      catalog init --example  Create catalog.db with example tokens and two components.
      catalog list            Then list them,
      catalog render Card --variant long --explain
                              lay one out, saying where every length comes from,
      catalog tokens set space.md 20 --dry-run
                              and see which frames a token change would move.

    """

  /// Refuses `--example` on a catalog that already holds components or tokens, so the
  /// example never replaces a user's component of the same name.
  ///
  /// - Throws: `CommandError.failure` naming what the catalog holds.
  static func requireEmpty(session: CatalogSession, path: String) throws(CommandError) {
    let components: Int
    let tokens: Int
    do {
      components = try session.service.components().count
      tokens = try session.service.tokens(inSet: nil).count
    } catch {
      throw CommandError(error)
    }
    guard components == 0 && tokens == 0 else {
      throw .failure(
        "\(path) already holds \(components) component(s) and \(tokens) token(s); --example fills a new catalog only (choose another --db path)"
      )
    }
  }

  /// Adds the example files as `catalog add` adds files: read into changes by
  /// `CatalogService.changes(for:set:strict:)`, saved by one `apply` (one transaction).
  ///
  /// - Throws: `CommandError` from the service's `CatalogError` when the example is refused.
  static func addExample(session: CatalogSession, path: String, _ context: Context)
    throws(CommandError)
  {
    do {
      let prepared = try session.service.changes(for: exampleFiles, set: nil, strict: false)
      for warning in prepared.warnings { context.output.err("\(warning)\n") }
      let result = try session.apply(prepared.changes)
      for warning in result.warnings { context.output.err("warning: \(warning)\n") }
    } catch {
      throw CommandError(error)
    }
    context.output.out(
      "Added the example: 5 spacing tokens (set 'spacing') and the components TitleBlock and Card.\n"
    )
  }

  /// The example, in the order it is added: `spacing.tokens.json` (it becomes the set
  /// `spacing`), `TitleBlock.json`, and `Card.json`, which uses an instance of TitleBlock. The
  /// files are in `Sources/CatalogCLI/Examples/`, compiled in by `Package.swift`.
  static let exampleFiles: [InputFile] = [
    InputFile(path: "spacing.tokens.json", bytes: PackageResources.spacing_tokens_json),
    InputFile(path: "TitleBlock.json", bytes: PackageResources.TitleBlock_json),
    InputFile(path: "Card.json", bytes: PackageResources.Card_json),
  ]
}
