import Foundation
import Testing

/// Something a test needs from outside the repository: the shared reference files next to
/// the package (`../shared`), or a program or font from a Debian package.
///
/// A test that needs one says so with the ``Testing/Trait/requires(_:)`` trait: it runs
/// when the requirement is present; otherwise it is skipped, and the skip is listed, with
/// its reason, at the end of `swift test` (``SkipReport``); with `CI=true` (CI always has
/// everything) a missing requirement fails the test instead.
public struct ExternalRequirement: Sendable {
  /// What is needed, as the summary names it (`../shared/real-tokens`).
  public var name: String
  /// Where it comes from and how to get it.
  public var source: String
  /// Whether it is there now.
  public var isPresent: @Sendable () -> Bool

  /// Creates a requirement.
  ///
  /// - Parameters:
  ///   - name: What is needed, as the summary names it.
  ///   - source: Where it comes from and how to get it.
  ///   - isPresent: Whether it is there now.
  public init(name: String, source: String, isPresent: @escaping @Sendable () -> Bool) {
    self.name = name
    self.source = source
    self.isPresent = isPresent
  }

  /// The package's top folder, found from this file's path.
  public static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The team's shared reference folder, checked out next to the package (`../shared`).
  public static let sharedRoot = packageRoot.deletingLastPathComponent().appendingPathComponent(
    "shared")

  /// A folder under `../shared`.
  ///
  /// - Parameters:
  ///   - folder: The folder below `../shared`.
  ///   - what: What it is, for the summary.
  ///   - probe: The file below `folder` that must exist (default: the folder itself).
  /// - Returns: The requirement.
  public static func shared(_ folder: String, _ what: String, probe: String = "")
    -> ExternalRequirement
  {
    let path = sharedRoot.appendingPathComponent(folder).appendingPathComponent(probe).path
    return ExternalRequirement(
      name: "../shared/\(folder)",
      source:
        "\(what), in the team's shared reference folder (shared/ next to the package; its SOURCES.md names every file's origin)"
    ) { FileManager.default.fileExists(atPath: path) }
  }

  /// Real token files from public design systems (`../shared/real-tokens`).
  public static let realTokens = shared(
    "real-tokens", "token files copied verbatim from public design systems")

  /// The DTCG community group's conformance suite (`../shared/dtcg-test-suite`).
  public static let conformanceSuite = shared(
    "dtcg-test-suite",
    "the DTCG community group's conformance suite (design-tokens/community-group, test-suite/)",
    probe: "tests/2025.10/manifest.json")

  /// A program on `PATH` (or at the path in an environment variable).
  ///
  /// - Parameters:
  ///   - names: The program's possible names, any of which will do.
  ///   - package: The Debian package that installs it.
  ///   - environment: An environment variable that may name the program's path instead.
  /// - Returns: The requirement.
  public static func program(_ names: [String], package: String, environment: String? = nil)
    -> ExternalRequirement
  {
    ExternalRequirement(
      name: names[0], source: "Debian package \(package) (scripts/bootstrap --tests installs it)"
    ) {
      let env = ProcessInfo.processInfo.environment
      if let variable = environment, let path = env[variable],
        FileManager.default.isExecutableFile(atPath: path)
      {
        return true
      }
      let dirs = (env["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
      return dirs.contains { dir in
        names.contains { FileManager.default.isExecutableFile(atPath: "\(dir)/\($0)") }
      }
    }
  }

  /// Headless Chromium (`chromium`, `chromium-browser`, `google-chrome`, or `$CHROMIUM`).
  public static let chromium = program(
    ["chromium", "chromium-browser", "google-chrome"], package: "chromium", environment: "CHROMIUM")

  /// A file that a Debian package installs.
  ///
  /// - Parameters:
  ///   - paths: The places it may be, any of which will do.
  ///   - name: What it is, for the summary.
  ///   - package: The Debian package that installs it.
  /// - Returns: The requirement.
  public static func file(_ paths: [String], name: String, package: String) -> ExternalRequirement {
    ExternalRequirement(
      name: name, source: "Debian package \(package) (scripts/bootstrap installs it)"
    ) {
      paths.contains { FileManager.default.fileExists(atPath: $0) }
    }
  }

  /// True when the tests run in CI (`CI=true`), where every requirement must be present.
  public static var isCI: Bool {
    ["true", "1", "yes"].contains(ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? "")
  }
}

/// The error that fails a test in CI when what it needs is missing.
public struct MissingRequirementError: Error, CustomStringConvertible {
  /// The requirement that is missing.
  public var name: String
  /// Where it comes from.
  public var source: String
  /// The message: what is missing, where it comes from, and why that fails in CI.
  public var description: String {
    "\(name) is missing (\(source)); CI=true, so this is a failure rather than a skip"
  }
}

/// The trait behind ``Testing/Trait/requires(_:)``.
public struct RequirementTrait: TestTrait, SuiteTrait {
  /// What the test needs.
  public var requirement: ExternalRequirement
  /// Where the trait is written.
  public var sourceLocation: SourceLocation

  /// Applies to the suite only: a skipped suite skips its tests.
  public var isRecursive: Bool { false }

  /// The reason shown when the test is skipped.
  public var comments: [Comment] { ["needs \(requirement.name): \(requirement.source)"] }

  /// Lets the test run when the requirement is present; otherwise records the skip for the
  /// summary and skips it, or fails it when `CI=true`.
  ///
  /// - Parameter test: The test or suite about to run.
  /// - Throws: `MissingRequirementError` in CI when the requirement is missing; otherwise
  ///   Swift Testing's skip, as `.enabled(if: false)` throws it.
  public func prepare(for test: Test) async throws {
    SkipReport.noteChecked(requirement)
    if requirement.isPresent() { return }
    let name = test.isSuite ? "suite \(test.name)" : test.name
    SkipReport.record(test: name, requirement: requirement, failed: ExternalRequirement.isCI)
    if ExternalRequirement.isCI {
      throw MissingRequirementError(name: requirement.name, source: requirement.source)
    }
    let comment = Comment(rawValue: "needs \(requirement.name): \(requirement.source)")
    try await ConditionTrait.enabled(if: false, comment, sourceLocation: sourceLocation).prepare(
      for: test)
  }
}

extension Trait where Self == RequirementTrait {
  /// Runs the test or suite only when `requirement` is present. Otherwise it is skipped
  /// and listed at the end of `swift test` with the reason; with `CI=true` it fails.
  ///
  /// - Parameters:
  ///   - requirement: What the test needs from outside the repository.
  ///   - sourceLocation: Where the trait is written.
  /// - Returns: The trait.
  public static func requires(
    _ requirement: ExternalRequirement, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Self {
    RequirementTrait(requirement: requirement, sourceLocation: sourceLocation)
  }
}
