#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A mutual-exclusion lock with `lock()` and `unlock()` (a `pthread_mutex_t`), standing in
/// for Foundation's `NSLock` so that `catalog` links no Foundation (issue 17, point 4).
///
/// Not recursive: a thread that calls `lock()` twice without `unlock()` waits forever.
package final class Lock: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  /// A new, unlocked lock.
  package init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Waits until the lock is free and takes it.
  package func lock() { pthread_mutex_lock(mutex) }

  /// Takes the lock when it is free, without waiting.
  /// - Returns: True when it was taken (release it with `unlock()`).
  package func tryLock() -> Bool { pthread_mutex_trylock(mutex) == 0 }

  /// Releases the lock taken by `lock()` on this thread.
  package func unlock() { pthread_mutex_unlock(mutex) }

  /// Runs `body` with the lock held.
  ///
  /// - Parameter body: The work to do under the lock.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  package func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    lock()
    defer { unlock() }
    return try body()
  }
}
