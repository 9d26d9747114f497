#if canImport(Glibc)
  import Glibc
#elseif canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The process's environment variables, read straight from `environ` (POSIX "Environment
/// Variables"): the dictionary `ProcessInfo.processInfo.environment` gives, without setting
/// up the `ProcessInfo` singleton first, which a short command pays for at every start
/// (issue 17, point 4).
package enum ProcessEnvironment {
  /// Every `NAME=value` entry of `environ` as name → value. An entry without `=` is
  /// skipped; when a name repeats, the first entry wins (as `getenv(3)` answers).
  ///
  /// - Returns: The variables, by name.
  package static func current() -> [String: String] {
    #if canImport(Glibc)
      guard var entry = environ as UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? else {
        return [:]
      }
      var variables: [String: String] = [:]
      while let pointer = entry.pointee {
        let text = String(cString: pointer)
        if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
          let name = String(text[..<equals])
          if variables[name] == nil {
            variables[name] = String(text[text.utf8.index(after: equals)...])
          }
        }
        entry += 1
      }
      return variables
    #else
      // Elsewhere (macOS) Foundation's answer: `environ` is not imported there.
      return ProcessInfo.processInfo.environment
    #endif
  }
}
