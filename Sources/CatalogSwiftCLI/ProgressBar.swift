import CatalogCLI
import CatalogSwift
import Foundation

/// A one-line progress bar on standard error, redrawn in place; nothing when disabled.
final class ProgressBar: @unchecked Sendable {
  private let enabled: Bool
  private let lock = NSLock()
  private var last = -1

  init(enabled: Bool) { self.enabled = enabled }

  /// Draws `done` of `total` (called from any thread).
  func update(_ done: Int, _ total: Int) {
    guard enabled, total > 0 else { return }
    let percent = done * 100 / total
    lock.lock()
    defer { lock.unlock() }
    guard percent != last else { return }
    last = percent
    Console.emit(SwiftCheckReport.progressLine(done: done, total: total), toStandardError: true)
  }

  /// Clears the bar.
  func finish() {
    guard enabled, last >= 0 else { return }
    Console.emit("\r\u{1B}[K", toStandardError: true)
  }
}
