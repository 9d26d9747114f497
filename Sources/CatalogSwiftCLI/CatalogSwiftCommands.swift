import CatalogCLI
import Foundation

/// The `catalog-swift` executable's command line: `catalog`'s, with `import-swift` and
/// `check-swift` run in this process on the toolchain's SwiftSyntax (`CatalogSwift`).
///
/// `catalog` hands those two commands to this executable (`SwiftCommandLauncher` in
/// `CatalogCLI`) so that `catalog` itself links no SwiftSyntax and can be linked
/// statically; arguments, output and exit statuses are the same as `catalog`'s.
public enum CatalogSwiftCommands {
  /// Runs the command line.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program name (`--db PATH import-swift …`).
  ///   - environment: The environment (`CATALOG_DB`, `NO_COLOR`).
  ///   - output: Where results and messages go.
  /// - Returns: The exit status: 0, 1 for failures, 64 for usage errors.
  public static func run(
    _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
    output: Output
  ) -> Int32 {
    CatalogCommand.run(
      arguments, environment: environment, output: output,
      swiftCommands: [
        "import-swift": ImportSwiftRunner.run,
        "check-swift": CheckSwiftRunner.run,
      ])
  }
}
