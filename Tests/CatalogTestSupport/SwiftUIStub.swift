import Foundation

/// The stand-in `SwiftUI` module of `Tests/Fixtures/SwiftUIStub` (issue 13, point 3), built
/// once per build, and `swiftc -typecheck` against it.
///
/// The module is compiled with `swiftc -emit-module -module-name SwiftUI` into one cache
/// folder per build (``cacheFolder``), next to the stand-in `PreviewsMacros` plugin that expands `#Preview`, so generated
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

  /// The one folder per build that holds the built stub: `.build/catalog-swiftui-stub/KEY`,
  /// where KEY hashes the stub's sources and the compiler's version, so every test process
  /// of a build reuses it and none leaves a folder in the temporary directory (issue 12).
  public static var cacheFolder: URL {
    var bytes: [UInt8] = []
    for name in ["SwiftUI.swift", "PreviewsMacros.swift"] {
      bytes +=
        (FileManager.default.contents(
          atPath: sourceFolder.appendingPathComponent(name).path) ?? Data())
    }
    bytes += Array(compilerVersion.utf8)
    // FNV-1a, 64 bits: a cache key, not a security boundary.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return ExternalRequirement.packageRoot.appendingPathComponent(
      ".build/catalog-swiftui-stub/\(String(hash, radix: 16))")
  }

  /// `swiftc --version`'s text (empty when it cannot run).
  static let compilerVersion: String = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swiftc", "--version"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    guard (try? process.run()) != nil else { return "" }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text
  }()

  /// The folder holding `SwiftUI.swiftmodule` and the `PreviewsMacros` plugin, or the
  /// compiler's message when building them failed. Built once per build into
  /// ``cacheFolder``: into a private folder beside it, then renamed into place, so test
  /// processes running at once never see a half-built stub; the private folder is removed.
  static let built: Result<URL, Failure> = {
    let final = cacheFolder
    let marker = final.appendingPathComponent("PreviewsMacros").path
    if FileManager.default.fileExists(atPath: marker) { return .success(final) }
    let dir = final.deletingLastPathComponent().appendingPathComponent(
      "building-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
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
      // rename(2) of a folder fails when another process put its stub in place first:
      // that one is as good (same sources, same compiler).
      if rename(dir.path, final.path) != 0,
        !FileManager.default.fileExists(atPath: marker)
      {
        return .failure(
          Failure(description: "cannot move the built stub to \(final.path): errno \(errno)"))
      }
      return .success(final)
    } catch let failure as Failure {
      return .failure(failure)
    } catch {
      return .failure(Failure(description: "\(error)"))
    }
  }()

  /// Where the stub was built, for tests of this support code.
  public static func builtFolder() throws -> URL { try built.get() }

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
    let result = try ChildProgram.run(URL(fileURLWithPath: "/usr/bin/env"), ["swiftc"] + arguments)
    if result.status != 0 {
      // The errors alone: the command line (every file's path) would hide them.
      throw Failure(description: "swiftc \(arguments.first ?? "") failed:\n\(result.output)")
    }
  }
}
