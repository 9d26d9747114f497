import Foundation

/// Runs Debian's `chromium` headless (installed by `scripts/bootstrap --tests`; tests that
/// need it carry `.requires(.chromium)`: skipped and listed at the end when it is missing,
/// a failure with `CI=true`).
enum Chromium {
  /// The browser's path, from `$CHROMIUM` or the first of `chromium`, `chromium-browser`,
  /// `google-chrome` on `PATH`.
  static let path: String? = {
    let env = ProcessInfo.processInfo.environment
    if let p = env["CHROMIUM"], FileManager.default.isExecutableFile(atPath: p) { return p }
    for dir in (env["PATH"] ?? "/usr/bin").split(separator: ":") {
      for name in ["chromium", "chromium-browser", "google-chrome"] {
        let p = "\(dir)/\(name)"
        if FileManager.default.isExecutableFile(atPath: p) { return p }
      }
    }
    return nil
  }()

  static var isAvailable: Bool { path != nil }

  struct Result {
    var dom: String
    var log: String
  }

  /// Loads `file` and returns the DOM after scripts ran (`--dump-dom`) and the browser's
  /// log (console messages appear as `CONSOLE` lines with `--enable-logging=stderr`).
  static func dumpDOM(_ file: URL, budgetMilliseconds: Int = 10_000) throws -> Result {
    guard let path else { throw CocoaError(.fileNoSuchFile) }
    let profile = FileManager.default.temporaryDirectory.appendingPathComponent(
      "catalog-chromium-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: profile) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
      "--user-data-dir=\(profile.path)", "--enable-logging=stderr", "--v=0",
      "--allow-file-access-from-files", "--virtual-time-budget=\(budgetMilliseconds)", "--dump-dom",
      file.absoluteString,
    ]
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read both pipes concurrently so neither fills up.
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errData = err.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Result(
      dom: String(decoding: outData, as: UTF8.self), log: String(decoding: errData, as: UTF8.self))
  }

  /// Saves a PNG screenshot of `file` at a window of `width`×`height` CSS pixels
  /// (`--screenshot`), for artefacts a person looks at.
  ///
  /// - Returns: The browser's log.
  @discardableResult
  static func screenshot(_ file: URL, to png: URL, width: Int, height: Int) throws -> String {
    guard let path else { throw CocoaError(.fileNoSuchFile) }
    let profile = FileManager.default.temporaryDirectory.appendingPathComponent(
      "catalog-chromium-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: profile) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
      "--user-data-dir=\(profile.path)", "--hide-scrollbars", "--allow-file-access-from-files",
      "--window-size=\(width),\(height)", "--virtual-time-budget=2000",
      "--screenshot=\(png.path)", file.absoluteString,
    ]
    let err = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = err
    try process.run()
    let log = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: log, as: UTF8.self)
  }

  /// Where tests keep files for people to look at (screenshots): `$CATALOG_TEST_ARTIFACTS`,
  /// else `.build/test-artifacts` in the package (ignored by git).
  static func artifactsFolder(_ name: String) throws -> URL {
    let base =
      ProcessInfo.processInfo.environment["CATALOG_TEST_ARTIFACTS"].map {
        URL(fileURLWithPath: $0)
      }
      ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(".build/test-artifacts")
    let folder = base.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}
