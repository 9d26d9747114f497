import CatalogModel

/// A place in a Swift source file: 1-based line and column (UTF-8 columns, as the Swift
/// compiler and SARIF's default `columnKind` count them).
public struct SwiftSourceLocation: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// The file as given on the command line.
  public var file: String
  /// The line, from 1.
  public var line: Int
  /// The column, from 1.
  public var column: Int

  /// `file:line:column`, the form compilers and editors jump to.
  public var description: String { "\(file):\(line):\(column)" }
}

/// How serious a diagnostic is (SARIF 2.1.0's `level` values, §3.27.10).
public enum SwiftDiagnosticLevel: String, Sendable, Equatable, Comparable {
  /// Information (a difference with no effect on frames).
  case note
  /// Something to fix; does not fail the command.
  case warning
  /// Fails the command (exit status 1) or the component's import.
  case error

  /// Orders note < warning < error.
  public static func < (a: SwiftDiagnosticLevel, b: SwiftDiagnosticLevel) -> Bool {
    a.rank < b.rank
  }

  private var rank: Int {
    switch self {
    case .note: return 0
    case .warning: return 1
    case .error: return 2
    }
  }
}

/// A message about Swift source from `import-swift` or `check-swift`, at a real location.
/// Only the bridge creates one (with the memberwise initialiser, internal to this module).
public struct SwiftBridgeDiagnostic: Sendable, Equatable, CustomStringConvertible {
  /// Where in the Swift source.
  public var location: SwiftSourceLocation
  /// Error, warning or note.
  public var level: SwiftDiagnosticLevel
  /// A stable rule identifier (`hard-coded-length`, `unrepresentable-modifier`, …).
  public var rule: String
  /// What is wrong and what to do.
  public var message: String
  /// The component (Swift `struct`) concerned, when there is one.
  public var component: String?
  /// For `--fix`: the UTF-8 byte range to replace and the replacement text.
  public var fix: SwiftTextEdit?

  /// `file:line:column: level: message [rule]`, as compilers print.
  public var description: String {
    DiagnosticText.whereAndWhat(["\(location)", level.rawValue], "\(message) [\(rule)]")
  }
}

/// One replacement in a source file: bytes `start..<end` (UTF-8 offsets) become `replacement`.
public struct SwiftTextEdit: Sendable, Equatable {
  /// First byte replaced.
  public var start: Int
  /// One past the last byte replaced.
  public var end: Int
  /// The new text.
  public var replacement: String
}
