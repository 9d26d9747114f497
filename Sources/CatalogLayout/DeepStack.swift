import CatalogSystem

/// Runs the recursive part of a layout pass on a thread with a stack large enough for the
/// tree's depth.
///
/// Sizing recurses once per node on the deepest path. Measured on Linux for 512 levels of
/// `VStack { … }.padding(1)` (1,025 nodes deep): a debug build needs between 2 and 4 MiB of
/// stack, a release build between 1 and 2 MiB, more than a secondary thread gets by
/// default on macOS (512 KiB). Shallow trees run inline on the caller's thread; deeper ones
/// run on a helper thread with `stackBytesPerNode × depth + 1 MiB` of stack (capped at
/// 1 GiB), and the caller waits for it.
package enum DeepStack {
  /// Trees with at most this many nodes on their deepest path run on the caller's thread.
  static let inlineDepth = 128
  /// Stack reserved per node of depth, in bytes (a margin over the ≈ 3 KiB measured in
  /// debug builds).
  static let stackBytesPerNode = 8 * 1024

  /// Holds the closure and its result while the helper thread runs.
  private final class Runner<T>: @unchecked Sendable {
    var body: (() -> T)?
    var result: T?
  }

  /// Runs `body` inline when `depth` is small, otherwise on a helper thread with a large
  /// stack, and returns its result.
  package static func run<T>(depth: Int, _ body: () -> T) -> T {
    if depth <= inlineDepth { return body() }
    return withoutActuallyEscaping(body) { escapable -> T in
      let runner = Runner<T>()
      runner.body = escapable
      let bytes = min(depth * stackBytesPerNode + (1 << 20), 1 << 30)
      LargeStackThread.run(stackBytes: bytes) {
        runner.result = runner.body?()
      }
      runner.body = nil
      if let result = runner.result { return result }
      // Unreachable: the thread always stores a result before signalling.
      return escapable()
    }
  }
}
