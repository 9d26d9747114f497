import CatalogSystem

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Records the font files FreeType opens in the current task, so that a test can check a
/// command opens none (`catalog --help` and `catalog list` must not; issue 17, point 4).
///
/// ```swift
/// let log = FontLoadLog()
/// FontLoadLog.$current.withValue(log) { _ = CatalogCommand.run(["list"], output: output) }
/// #expect(log.paths.isEmpty)
/// ```
public final class FontLoadLog: @unchecked Sendable {
  /// The log of the running task (and the tasks and calls it starts), if any.
  @TaskLocal public static var current: FontLoadLog?

  private let lock = Lock()
  private var opened: [String] = []

  /// An empty log.
  public init() {}

  /// The font files opened so far, in order.
  public var paths: [String] {
    lock.lock()
    defer { lock.unlock() }
    return opened
  }

  /// Notes that FreeType opened `path`.
  func record(_ path: String) {
    lock.lock()
    opened.append(path)
    lock.unlock()
  }
}
