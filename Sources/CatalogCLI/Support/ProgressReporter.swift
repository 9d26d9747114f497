import CatalogSystem
import Dispatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A progress bar on standard error for commands that can run longer than a second
/// (`site`, `lint`, `import` of a big folder, `doctor`, `export`).
///
/// Rules (the conventions of `git`, `cargo` and `curl`):
/// - only when standard error is a terminal (and the process's real streams are in use):
///   piped or captured output never holds a bar, so logs and tests see nothing;
/// - nothing during the first ``delay`` seconds: a command that ends sooner prints nothing;
/// - redrawn in place (`\r`) at most every ``interval`` seconds;
/// - erased (`\r`, `ESC[K`) by ``finish()``, so the command's own messages start on a clean
///   line; ``finish()`` runs before anything else is printed to standard error.
///
/// One reporter serves every command: create it with the work's size, call
/// ``advance(to:)`` (or ``update(_:_:)`` from any thread) as units complete, then
/// ``finish()``.
package final class ProgressReporter: @unchecked Sendable {
  /// Seconds before the bar first appears.
  static let delay = 1.0
  /// The shortest time between two redraws, in seconds.
  static let interval = 0.1
  /// The bar's width in characters, between the brackets.
  static let barWidth = 30

  private let label: String
  private var total: Int
  private let lock = Lock()
  /// Where the bar is written; nil when it is not shown.
  private let sink: ((String) -> Void)?
  /// Seconds on a monotonic clock.
  private let now: () -> Double
  private let start: Double
  private var lastDraw: Double?
  private var lastDone = 0
  /// The step under way when the work has no count (``phase(_:)``), and its start.
  private var currentPhase: (name: String, start: Double)?
  /// Redraws a phase's elapsed time (only when drawing to a terminal).
  private var timer: DispatchSourceTimer?
  /// Whether ``phase(_:)`` starts a timer (the real terminal; tests call ``tick()``).
  private let usesTimer: Bool

  /// A reporter for a command: shown when the process's standard error is a terminal.
  ///
  /// - Parameters:
  ///   - label: What is being done (`site`, `lint`).
  ///   - total: How many units the work has (components, pages).
  ///   - output: The command's output; in-process runs (captured output) show no bar.
  ///   - enabled: False turns the bar off (`--no-progress`).
  package convenience init(_ label: String, total: Int, output: Output, enabled: Bool = true) {
    self.init(
      label: label, total: total,
      sink: enabled && output.standardErrorIsTerminal
        ? { text in _ = Console.writeAll(Array(text.utf8), to: 2) } : nil,
      now: { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }, usesTimer: true)
  }

  /// A reporter with an explicit sink and clock (for tests).
  ///
  /// - Parameters:
  ///   - label: What is being done.
  ///   - total: How many units the work has.
  ///   - sink: Receives the terminal text; nil shows nothing.
  ///   - now: A monotonic clock in seconds.
  ///   - usesTimer: Redraw phases from a timer (false in tests, which call ``tick()``).
  init(
    label: String, total: Int, sink: ((String) -> Void)?, now: @escaping () -> Double,
    usesTimer: Bool = false
  ) {
    self.usesTimer = usesTimer
    self.label = label
    self.total = max(total, 0)
    self.sink = sink
    self.now = now
    self.start = now()
  }

  /// Records that `done` units are complete, redrawing the bar when it is due.
  ///
  /// - Parameter done: Units complete so far (clamped to the total).
  package func advance(to done: Int) {
    lock.lock()
    defer { lock.unlock() }
    lastDone = min(max(done, 0), total)
    guard let sink else { return }
    let t = now()
    guard t - start >= Self.delay else { return }
    if let lastDraw, t - lastDraw < Self.interval, lastDone < total { return }
    lastDraw = t
    sink("\r" + Self.line(label: label, done: lastDone, total: total))
  }

  /// Records progress when the total is known only as work goes (called from any
  /// thread, as `SwiftChecker` reports its files).
  ///
  /// - Parameters:
  ///   - done: Units complete.
  ///   - total: All units.
  package func update(_ done: Int, _ total: Int) {
    lock.lock()
    self.total = max(total, 0)
    lock.unlock()
    advance(to: done)
  }

  /// Starts a step whose size is unknown (reading and checking a big file, saving): from
  /// a second after the command started, the line shows the step and its elapsed time,
  /// redrawn every ``interval`` (`add: saving… 2.4 s`).
  ///
  /// - Parameter name: The step, as a person reads it.
  package func phase(_ name: String) {
    lock.lock()
    defer { lock.unlock() }
    guard sink != nil else { return }
    currentPhase = (name, now())
    guard usesTimer, timer == nil else { return }
    let t = DispatchSource.makeTimerSource(queue: .global())
    t.schedule(deadline: .now() + Self.interval, repeating: Self.interval)
    t.setEventHandler { [weak self] in self?.tick() }
    timer = t
    t.resume()
  }

  /// Runs `work` as one step of unknown size on a reporter of its own: from a second after
  /// it starts, a terminal shows `label: name… 2.4 s`; the line is erased when `work`
  /// returns or throws, before the command prints anything (`doctor`, `export`).
  ///
  /// - Parameters:
  ///   - label: The command (`doctor`).
  ///   - name: The step, as a person reads it (`checking the catalog`).
  ///   - output: The command's output; in-process runs (captured output) show nothing.
  ///   - work: The step.
  /// - Returns: What `work` returns.
  /// - Throws: What `work` throws (`E`).
  package static func step<T, E: Error>(
    _ label: String, _ name: String, output: Output, _ work: () throws(E) -> T
  ) throws(E) -> T {
    let reporter = ProgressReporter(label, total: 0, output: output)
    reporter.phase(name)
    defer { reporter.finish() }
    return try work()
  }

  /// Redraws the current phase's line when it is due (the timer calls it).
  func tick() {
    lock.lock()
    defer { lock.unlock() }
    guard let sink, let phase = currentPhase else { return }
    let t = now()
    guard t - start >= Self.delay else { return }
    lastDraw = t
    sink("\r\(label): \(phase.name)… \(formatSeconds(t - phase.start)) s\u{1B}[K")
  }

  private func formatSeconds(_ seconds: Double) -> String {
    let tenths = Int((seconds * 10).rounded(.down))
    return "\(tenths / 10).\(tenths % 10)"
  }

  /// Erases the bar if it was drawn and stops redrawing phases.
  package func finish() {
    lock.lock()
    defer { lock.unlock() }
    timer?.cancel()
    timer = nil
    currentPhase = nil
    guard let sink, lastDraw != nil else { return }
    sink("\r\u{1B}[K")
    lastDraw = nil
  }

  deinit { timer?.cancel() }

  /// One line of the bar: `site [=========>          ] 120/500  24%`.
  ///
  /// - Parameters:
  ///   - label: What is being done.
  ///   - done: Units complete.
  ///   - total: All units.
  /// - Returns: The line, without a line break.
  static func line(label: String, done: Int, total: Int) -> String {
    let fraction = total > 0 ? Double(min(done, total)) / Double(total) : 1
    let filled = Int((fraction * Double(barWidth)).rounded(.down))
    var bar = String(repeating: "=", count: filled)
    if filled < barWidth { bar += ">" + String(repeating: " ", count: barWidth - filled - 1) }
    let percent = Int((fraction * 100).rounded(.down))
    return "\(label) [\(bar)] \(done)/\(total) \(percent)%"
  }
}
