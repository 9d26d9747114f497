import CatalogSystem

/// What runs a Swift-source command (`import-swift`, `check-swift`) inside this process:
/// `catalog-swift` registers one per command (``CatalogCommand/run(_:environment:output:swiftCommands:)``).
package typealias SwiftCommandHandler = (_ args: [String], _ context: Context) throws(CommandError)
  -> Void

/// Hands the Swift-source commands to the `catalog-swift` executable beside `catalog`.
///
/// Reading Swift source needs the toolchain's SwiftSyntax and SwiftParser, which are shared
/// libraries built on the toolchain's own Swift runtime. `catalog` links none of them, so
/// it can be linked statically against the Swift runtime and Foundation and start fast
/// (issue 17, point 4); `catalog-swift` links them and runs the two commands. `catalog`
/// checks the command line itself (help and usage errors need no second program), then:
///
/// - as a program (its output goes straight to its streams) it replaces itself with
///   `catalog-swift` (`execve(2)`) with the same arguments and environment, so standard
///   input, output, error and the exit status are that program's;
/// - in-process (tests, output collected) it runs `catalog-swift` as a child and copies its
///   standard output, standard error and exit status.
///
/// A missing `catalog-swift` is an error naming the path looked at and what builds it.
package enum SwiftCommandLauncher {
  /// The executable's file name.
  package static let executableName = "catalog-swift"

  /// Runs Swift command `name`: in this process when `context` has a handler for it,
  /// else in `catalog-swift`.
  ///
  /// - Parameters:
  ///   - name: `import-swift` or `check-swift`.
  ///   - args: The arguments after the command's name.
  ///   - spec: The command's declaration (checked here first).
  ///   - context: The command's context.
  /// - Throws: ``CommandError``: the command's own usage errors and help; a failure when
  ///   `catalog-swift` is missing or cannot be started; ``CommandError/exitStatus(_:)``
  ///   with its status when it fails.
  static func run(name: String, _ args: [String], spec: CommandSpec, _ context: Context)
    throws(CommandError)
  {
    if let handler = context.swiftCommands[name] {
      try handler(args, context)
      return
    }
    // Help and usage errors, exactly as catalog-swift would print them.
    _ = try ArgumentParser.parse(args, spec: spec, path: [name])
    let executable = executablePath()
    guard FileManager.default.isExecutableFile(atPath: executable) else {
      throw .failure(missingMessage(name: name, executable: executable))
    }
    var arguments: [String] = []
    if let db = context.databaseOverride { arguments += ["--db", db] }
    arguments += [name] + args
    if context.output.writesThrough {
      try replaceProcess(executable, arguments, environment: context.environment)
    } else {
      try runChild(executable, arguments, context)
    }
  }

  /// Where `catalog-swift` is looked for: beside this program's own file.
  ///
  /// - Returns: The path (which may not exist).
  package static func executablePath() -> String {
    let ownPath = ownExecutablePath()
    let folder = SystemText.deletingLastPathComponent(ownPath)
    return (folder.isEmpty ? "." : folder) + "/" + executableName
  }

  /// This program's file: `/proc/self/exe` on Linux, else the resolved `argv[0]`.
  private static func ownExecutablePath() -> String {
    #if os(Linux)
      if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        return path
      }
    #endif
    #if !canImport(FoundationEssentials)
      if let url = Bundle.main.executableURL { return url.resolvingSymlinksInPath().path }
    #endif
    return CommandLine.arguments.first ?? executableName
  }

  /// The error when `catalog-swift` is not there.
  static func missingMessage(name: String, executable: String) -> String {
    "'\(name)' runs in the executable \(executableName), which is missing (looked for \(executable), beside this catalog). "
      + "It is built together with catalog (`swift build -c release`) only when the toolchain's SwiftSyntax/SwiftParser libraries "
      + "(<toolchain>/usr/lib/swift/host, with SwiftParser.swiftmodule) are found; put the toolchain's swift on PATH "
      + "(or set SWIFT_TOOLCHAIN), rebuild, and keep \(executableName) next to catalog with those libraries installed; "
      + "see README, 'The Swift bridge'."
  }

  /// Replaces this process with `catalog-swift` (`execve(2)`); returns only by throwing.
  private static func replaceProcess(
    _ executable: String, _ arguments: [String], environment: [String: String]
  ) throws(CommandError) {
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    execve(executable, argv, envp)
    let reason = String(cString: strerror(errno))
    for pointer in argv + envp { free(pointer) }
    throw .failure("cannot run \(executable): \(reason)")
  }

  /// Runs `catalog-swift` as a child with its output collected into `context.output`.
  private static func runChild(
    _ executable: String, _ arguments: [String], _ context: Context
  ) throws(CommandError) {
    // Both pipes are read together (ChildProcess polls them), so neither fills up and blocks.
    let result: ChildProcess.Result
    do {
      result = try ChildProcess.run(executable, arguments, environment: context.environment)
    } catch {
      throw .failure("cannot run \(executable): \(error.message)")
    }
    context.output.out(String(decoding: result.output, as: UTF8.self))
    context.output.err(String(decoding: result.error, as: UTF8.self))
    if result.status != 0 { throw .exitStatus(result.status) }
  }
}
