import Foundation
import Testing

/// `scripts/debian-packages` is the one list of Debian packages: every apt provider that
/// Package.swift declares is on it as a build package, README's Requirements names every
/// package on it, and `scripts/bootstrap --list` reads it.
@Suite struct BootstrapTests {
  static let root = cliPackageRoot

  /// The list's entries: package → need (`build`, `run`, `test`).
  static func packages() throws -> [(name: String, need: String)] {
    let text = try String(
      contentsOf: root.appendingPathComponent("scripts/debian-packages"), encoding: .utf8)
    return text.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard let first = fields.first, !first.hasPrefix("#"), fields.count >= 3 else { return nil }
      return (String(first), String(fields[1]))
    }
  }

  static func bootstrap(_ arguments: [String]) throws -> (status: Int32, out: String) {
    let process = Process()
    process.executableURL = root.appendingPathComponent("scripts/bootstrap")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test func everyAptProviderInPackageSwiftIsABuildPackage() throws {
    let manifest = try String(
      contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let providers = manifest.matches(of: #/\.apt\(\[([^\]]*)\]\)/#).flatMap { match in
      match.1.split(separator: ",").map {
        $0.trimmingCharacters(in: CharacterSet(charactersIn: " \""))
      }
    }
    #expect(providers.count >= 3)
    let build = Set(try Self.packages().filter { $0.need == "build" }.map(\.name))
    for provider in providers {
      #expect(build.contains(provider), "\(provider) is missing from scripts/debian-packages")
    }
  }

  @Test func readmeRequirementsNameEveryPackage() throws {
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: "## Requirements\n"))
    let section = readme[start.upperBound...]
    let requirements = section[..<(section.range(of: "\n## ")?.lowerBound ?? section.endIndex)]
    for (name, _) in try Self.packages() {
      #expect(requirements.contains("`\(name)`"), "README's Requirements do not name \(name)")
    }
  }

  @Test func listReadsTheFile() throws {
    let all = try Self.packages()
    #expect(all.allSatisfy { ["build", "run", "test"].contains($0.need) })
    let plain = try Self.bootstrap(["--list"])
    #expect(plain.status == 0)
    #expect(plain.out == all.filter { $0.need != "test" }.map { $0.name + "\n" }.joined())
    let tests = try Self.bootstrap(["--list", "--tests"])
    #expect(tests.out == all.map { $0.name + "\n" }.joined())
    #expect(try Self.bootstrap(["--no-such-flag"]).status == 64)
  }
}
