#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs work on a new thread with a stack of a chosen size and waits for it
/// (`pthread_create(3)` with `pthread_attr_setstacksize(3)`), standing in for Foundation's
/// `Thread` so that `catalog` links no Foundation (issue 17, point 4).
package enum LargeStackThread {
  private final class Box: @unchecked Sendable {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
  }

  /// Runs `body` on a new thread whose stack has `stackBytes` bytes and returns when it
  /// has finished; runs it on the calling thread when no thread can be made.
  ///
  /// - Parameters:
  ///   - stackBytes: The stack size in bytes (rounded up to whole pages by the system).
  ///   - body: The work.
  package static func run(stackBytes: Int, _ body: @escaping () -> Void) {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    let page = max(Int(sysconf(Int32(_SC_PAGESIZE))), 4096)
    let size = (max(stackBytes, 1 << 16) + page - 1) / page * page
    pthread_attr_setstacksize(&attributes, size)
    let box = Unmanaged.passRetained(Box(body))
    #if canImport(Glibc)
      var thread = pthread_t()
    #else
      var thread: pthread_t?
    #endif
    let created = pthread_create(
      &thread, &attributes,
      { context in
        guard let context else { return nil }
        Unmanaged<Box>.fromOpaque(context).takeRetainedValue().body()
        return nil
      }, box.toOpaque())
    guard created == 0 else {
      box.release()
      body()
      return
    }
    #if canImport(Glibc)
      pthread_join(thread, nil)
    #else
      if let thread { pthread_join(thread, nil) }
    #endif
  }
}
