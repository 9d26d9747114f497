/// Why a catalog folder, a `git:` reference or a comparison could not be read: every
/// problem found, each naming the file (relative to the folder) and what was expected.
public struct ExchangeError: Error, Sendable, Equatable, CustomStringConvertible {
  /// One line per problem: `components/Card.json:3:5: …`.
  public var problems: [String]

  /// Creates an error with one problem.
  /// - Parameters:
  ///   - file: Where (a path relative to the folder, or a `git:` reference).
  ///   - message: What was expected.
  public init(file: String, message: String) {
    problems = ["\(file): \(message)"]
  }

  /// Creates an error listing several problems.
  /// - Parameter problems: One line per problem.
  public init(problems: [String]) {
    self.problems = problems
  }

  /// The problems, one per line.
  public var description: String { problems.joined(separator: "\n") }
}
