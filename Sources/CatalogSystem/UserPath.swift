#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The one way a path the user gave (a command-line argument, `--db`, a file a document
/// names) becomes a file URL.
///
/// Foundation's `URL(fileURLWithPath:)` expands a leading `~` (`~/x` → `$HOME/x`, `~user/x`
/// → that user's home), as `NSString.expandingTildeInPath` does, while every POSIX call
/// (`open(2)`, `stat(2)`, SQLite) takes `~` as an ordinary character. The shell expands an
/// unquoted `~` before the command sees it, so a `~` that reaches the catalog was quoted on
/// purpose (`"~/out"`) and means a file named `~` in the working folder: it is taken
/// literally everywhere, as POSIX does, so `export "~"` and `render --output "~"` write the
/// same place (issue 12).
package enum UserPath {
  /// `path` as Foundation should read it: a relative path starting with `~` gets `./` in
  /// front, so that Foundation does not expand it; every other path is unchanged.
  ///
  /// - Parameter path: A file path as given.
  /// - Returns: The same file's path, safe to give Foundation.
  package static func literal(_ path: String) -> String {
    path.hasPrefix("~") ? "./" + path : path
  }

  /// The file URL of `path`, with a leading `~` taken literally (``literal(_:)``): use it
  /// instead of `URL(fileURLWithPath:)` for every path that comes from outside the program.
  ///
  /// - Parameter path: A file path as given (relative paths are relative to the working
  ///   folder, as for `URL(fileURLWithPath:)`).
  /// - Returns: Its file URL.
  package static func fileURL(_ path: String) -> URL {
    URL(fileURLWithPath: literal(path))
  }
}
