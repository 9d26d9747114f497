/// A problem found in a token file: where (file position and token path) and what.
public struct TokenDiagnostic: Sendable, Equatable, CustomStringConvertible {
  /// How serious it is.
  public enum Severity: String, Sendable { case error, warning }
  /// Error (the file is refused) or warning (imported, non-standard).
  public var severity: Severity
  /// `file:line:column`, when known.
  public var location: String?
  /// The token or group path (`space.md`), or "" for the file.
  public var path: String
  /// What is wrong, and the DTCG section it follows when it is a rule of the spec.
  public var message: String

  /// Creates a diagnostic.
  public init(_ severity: Severity, location: String?, path: String, message: String) {
    self.severity = severity
    self.location = location
    self.path = path
    self.message = message
  }

  /// `file:line:column: path: message`, without the severity (for `Error: …` lines).
  public var summary: String {
    var parts: [String] = []
    if let location { parts.append(location) }
    if !path.isEmpty { parts.append(path) }
    parts.append(message)
    return parts.joined(separator: ": ")
  }

  /// `file:line:column: error: path: message`.
  public var description: String {
    var parts: [String] = []
    if let location { parts.append(location) }
    parts.append(severity.rawValue)
    if !path.isEmpty { parts.append(path) }
    parts.append(message)
    return parts.joined(separator: ": ")
  }
}

/// A token file that cannot be imported: every error found, in file order.
public struct TokenFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The errors (never empty).
  public var diagnostics: [TokenDiagnostic]

  /// Creates an error.
  /// - Parameter diagnostics: The errors, in file order.
  public init(diagnostics: [TokenDiagnostic]) {
    self.diagnostics = diagnostics
  }
  /// One diagnostic per line.
  public var description: String {
    diagnostics.map(\.description).joined(separator: "\n")
  }
}
