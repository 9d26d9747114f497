import Foundation

/// The stand-in `SwiftUI` module of `Tests/Fixtures/SwiftUIStub` (issue 13, point 3), built
/// once per test process, and `swiftc -typecheck` against it.
///
/// The module is compiled with `swiftc -emit-module -module-name SwiftUI` into a temporary
/// folder, next to the stand-in `PreviewsMacros` plugin that expands `#Preview`, so generated
/// source type-checks on Linux as it would against Apple's SwiftUI (Swift 6 language mode).
public enum SwiftUIStub {
  /// Why the stub could not be built or used.
  public struct Failure: Error, CustomStringConvertible {
    /// The compiler's output.
    public var description: String
  }

  /// The stub's source folder.
  public static let sourceFolder = ExternalRequirement.packageRoot.appendingPathComponent(
    "Tests/Fixtures/SwiftUIStub")

  /// The folder holding `SwiftUI.swiftmodule` and the `PreviewsMacros` plugin, or the
  /// compiler's message when building them failed.
  static let built: Result<URL, Failure> = {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "catalog-swiftui-stub-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
      let stub = sourceFolder.appendingPathComponent("SwiftUI.swift").path
      let plugin = sourceFolder.appendingPathComponent("PreviewsMacros.swift").path
      try run([
        // Swift 5 mode, as Apple builds SwiftUI (its conformances predate strict isolation).
        "-emit-module", "-module-name", "SwiftUI", "-parse-as-library", "-swift-version", "5",
        "-emit-module-path", dir.appendingPathComponent("SwiftUI.swiftmodule").path, stub,
      ])
      try run(["-o", dir.appendingPathComponent("PreviewsMacros").path, plugin])
      return .success(dir)
    } catch let failure as Failure {
      return .failure(failure)
    } catch {
      return .failure(Failure(description: "\(error)"))
    }
  }()

  /// Type-checks Swift files together, as one module, against the stub.
  ///
  /// - Parameter files: The files of one target.
  /// - Returns: The compiler's errors, empty when the files type-check.
  /// - Throws: ``Failure`` when the stub itself could not be built.
  public static func typecheck(_ files: [URL]) throws -> String {
    let dir = try built.get()
    do {
      try run(
        [
          "-typecheck", "-swift-version", "6", "-I", dir.path, "-load-plugin-executable",
          dir.appendingPathComponent("PreviewsMacros").path + "#PreviewsMacros",
        ] + files.map(\.path))
      return ""
    } catch let failure as Failure {
      return failure.description
    }
  }

  /// Type-checks source texts, each written to its own file in a fresh folder, as one module.
  ///
  /// - Parameter sources: File name → Swift source.
  /// - Returns: The compiler's errors, empty when the sources type-check.
  /// - Throws: ``Failure`` when the stub could not be built; file errors.
  public static func typecheck(sources: [(name: String, text: String)]) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "catalog-swiftui-check-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    var files: [URL] = []
    for (name, text) in sources {
      let file = dir.appendingPathComponent(name)
      try text.write(to: file, atomically: true, encoding: .utf8)
      files.append(file)
    }
    return try typecheck(files)
  }

  /// Runs `swiftc` with `arguments`; throws its output when it fails.
  static func run(_ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swiftc"] + arguments
    let output = Pipe()
    process.standardError = output
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    if process.terminationStatus != 0 {
      // The errors alone: the command line (every file's path) would hide them.
      throw Failure(description: "swiftc \(arguments.first ?? "") failed:\n\(text)")
    }
  }
}
