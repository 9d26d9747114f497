import CatalogExchange
import CatalogModel
import CatalogSystem

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `catalog check DIR`: validates a catalog folder for CI — imports it into a temporary
/// catalog, then runs `lint` (with the manifest's lint settings) and `doctor` on it, through
/// the same commands a person would run. Exit status 0 when all pass, 1 when any fails, 64
/// for a usage error.
enum CheckCommand: ParsedCommand {
  static let spec = CommandSpec(
    name: "check",
    abstract: "Validate a catalog folder for CI: import into a temporary catalog, lint, doctor.",
    discussion: """
      Nothing is written to the catalog named by --db or $CATALOG_DB. catalog.json's "lint" object \
      chooses opt-in rules ("rules": [ids]) and the unused-token report ("tokens": true). Exit \
      status 1 when the folder does not import, lint finds an error, or doctor finds a problem.
      """,
    arguments: [.catalogFolder])

  static func run(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    let directory = parsed.argument(.catalogFolder)
    let temporary = try TemporaryFolder.make(
      prefix: "catalog-check", failure: "cannot make a temporary folder")
    defer { try? FileManager.default.removeItem(at: temporary) }
    var scratch = Context(
      environment: context.environment, output: context.output,
      databaseOverride: temporary.appendingPathComponent("check.db").path,
      failureAdvice:
        "\(directory) does not import, so lint and doctor did not run: fix the problems above and run `catalog check` again."
    )
    // `check` takes no --allow-outside-refs: its refusals must not advise it.
    scratch.outsideOption = nil
    context.output.out("== import \(directory)\n")
    try ImportCommand.run([directory], scratch)
    var lintArguments: [String] = []
    if let lint = try? CatalogFolder.read(directory: UserPath.fileURL(directory)).folder.lint {
      for rule in lint["rules"]?.arrayValue ?? [] {
        if let id = rule.stringValue { lintArguments += ["--rule", id] }
      }
      if lint["tokens"]?.boolValue == true { lintArguments.append("--tokens") }
    }
    var failed: [String] = []
    context.output.out("== lint\n")
    do { try LintCommand.run(lintArguments, scratch) } catch .silentFailure {
      failed.append("lint")
    }
    context.output.out("== doctor\n")
    do { try DoctorCommand.run([], scratch) } catch .silentFailure { failed.append("doctor") }
    if !failed.isEmpty {
      context.output.err("Error: \(directory): \(failed.joined(separator: " and ")) failed\n")
      throw .silentFailure
    }
    context.output.out("\(directory): ok\n")
  }
}
