import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// How much longer than on an idle machine a test that waits on other threads or processes
/// should wait: the one-minute load average per processor (`getloadavg(3)`), at least 1
/// and at most 10. A bound multiplied by it still fails on a real hang (no answer ever),
/// but not because other engineers' builds share the cores.
enum LoadScaling {
  /// The factor, read when first used.
  static let factor: Int = {
    var load = [0.0]
    guard getloadavg(&load, 1) == 1 else { return 1 }
    let processors = Double(max(1, ProcessInfo.processInfo.activeProcessorCount))
    return min(10, max(1, Int((load[0] / processors).rounded(.up))))
  }()
}
