/// Texts about the system that Foundation's `NSString`, `ISO8601DateFormatter` and
/// `Error.localizedDescription` used to give, without Foundation (issue 17, point 4).
package enum SystemText {
  /// The last component of a path, as `NSString.lastPathComponent`: trailing slashes are
  /// ignored; `/` stays `/`; an empty path gives an empty text.
  ///
  /// - Parameter path: A file path.
  /// - Returns: Its file name.
  package static func lastPathComponent(_ path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    if trimmed == "/" { return "/" }
    if let slash = trimmed.lastIndex(of: "/") {
      return String(trimmed[trimmed.index(after: slash)...])
    }
    return String(trimmed)
  }

  /// The folder part of a path, as `NSString.deletingLastPathComponent`: `a/b` → `a`,
  /// `/a` → `/`, `a` → empty; trailing slashes are ignored.
  ///
  /// - Parameter path: A file path.
  /// - Returns: The path without its last component.
  package static func deletingLastPathComponent(_ path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    if slash == trimmed.startIndex { return "/" }
    var folder = trimmed[..<slash]
    while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
    return String(folder)
  }

  /// `name` appended to `folder` with one slash, as `NSString.appendingPathComponent`
  /// (an empty folder gives `name`).
  ///
  /// - Parameters:
  ///   - folder: A folder path.
  ///   - name: A file name.
  /// - Returns: The joined path.
  package static func appendingPathComponent(_ folder: String, _ name: String) -> String {
    if folder.isEmpty { return name }
    var base = Substring(folder)
    while base.count > 1, base.hasSuffix("/") { base.removeLast() }
    return base == "/" ? "/" + name : base + "/" + name
  }

  /// A UTC time as ISO 8601's basic format, `YYYYMMDDThhmmssZ` (what
  /// `ISO8601DateFormatter` gives with year, month, day, time and time zone in UTC).
  ///
  /// - Parameter seconds: Seconds since 1970-01-01 00:00 UTC.
  /// - Returns: E.g. `20250131T093000Z`.
  package static func basicUTCTimestamp(secondsSince1970 seconds: Double) -> String {
    var time = time_t(seconds.rounded(.down))
    var parts = tm()
    gmtime_r(&time, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let year = Int(parts.tm_year) + 1900
    let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
    return
      "\(yearText)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
  }

  /// A file-system error in words: `PATH: reason` for Foundation's file errors (the path
  /// and the system's `strerror(3)` text for the underlying POSIX error), the system's
  /// text for a POSIX error, else the error's own description. Stands in for
  /// `localizedDescription`, which is not in FoundationEssentials.
  ///
  /// - Parameter error: Any error.
  /// - Returns: One line.
  package static func describe(_ error: any Error) -> String {
    if let cocoa = error as? CocoaError {
      let reason = (cocoa.underlying as? POSIXError).map {
        String(cString: strerror($0.code.rawValue))
      }
      switch (cocoa.filePath, reason) {
      case (let path?, let reason?): return "\(path): \(reason)"
      case (nil, let reason?): return reason
      case (let path?, nil): return "\(path): file error \(cocoa.code.rawValue)"
      case (nil, nil): return "file error \(cocoa.code.rawValue)"
      }
    }
    if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
    return "\(error)"
  }
}
