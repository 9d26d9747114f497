import Foundation

/// A program run to its end by a test (`swiftc`, `swift format`, a compiled check).
public enum ChildProgram {
  /// Runs `executable` with `arguments` and waits for it, standard output and standard error
  /// read through one pipe.
  ///
  /// - Parameters:
  ///   - executable: The program (`/usr/bin/env` to look a tool up on `PATH`).
  ///   - arguments: Its arguments.
  /// - Returns: Its exit status and everything it printed, as UTF-8 text.
  /// - Throws: The error of `Process.run()` when the program cannot be started.
  public static func run(_ executable: URL, _ arguments: [String]) throws -> (
    status: Int32, output: String
  ) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
  }
}
