import CStackSpace
import CatalogSystem

/// Runs the recursive part of a layout pass on a thread with a stack large enough for the
/// tree's depth.
///
/// Sizing recurses once per node on the deepest path. Measured on Linux for 512 levels of
/// `VStack { … }.padding(1)` (1,025 nodes deep): a debug build needs between 2 and 4 MiB of
/// stack, a release build between 1 and 2 MiB, more than a secondary thread gets by
/// default on macOS (512 KiB). Work needs `stackBytesPerNode × depth + 1 MiB` of stack
/// (capped at 1 GiB). Shallow trees, and deeper ones when the calling thread has that much
/// stack left (``remainingStackBytes()``: the main thread's 8 MiB hold about 900
/// levels), run inline on the caller's thread; otherwise the work runs on a helper thread with
/// that stack, and the caller waits for it. A helper thread costs little work but must wait
/// for a core: on a loaded machine that wait was most of the wall time of laying out
/// `catalog-bench`'s deep-252 chain (9.5 ms of wall time for 0.5 M instructions).
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

  /// The stack, in bytes, work `depth` nodes deep is given: `stackBytesPerNode` per node
  /// and 1 MiB more, at most 1 GiB.
  ///
  /// - Parameter depth: The number of nodes on the deepest path.
  /// - Returns: The bytes.
  static func stackBytes(depth: Int) -> Int {
    min(depth * stackBytesPerNode + (1 << 20), 1 << 30)
  }

  /// Whether work `depth` nodes deep runs on the calling thread: when it is shallow, or when
  /// the thread has ``stackBytes(depth:)`` of stack left.
  ///
  /// - Parameter depth: The number of nodes on the deepest path.
  /// - Returns: True to run inline, false for a helper thread.
  static func runsInline(depth: Int) -> Bool {
    depth <= inlineDepth || remainingStackBytes() >= stackBytes(depth: depth)
  }

  /// The bytes the calling thread's stack has left below the current position
  /// (`catalog_stack_remaining`, CStackSpace); 0 when the system does not report it.
  ///
  /// - Returns: The bytes left, or 0 when unknown.
  static func remainingStackBytes() -> Int { Int(catalog_stack_remaining()) }

  /// Runs `body` inline when `depth` is small or the calling thread has the stack it needs
  /// (``runsInline(depth:)``), otherwise on a helper thread with a large stack, and returns
  /// its result.
  package static func run<T>(depth: Int, _ body: () -> T) -> T {
    if runsInline(depth: depth) { return body() }
    return withoutActuallyEscaping(body) { escapable -> T in
      let runner = Runner<T>()
      runner.body = escapable
      let bytes = stackBytes(depth: depth)
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
