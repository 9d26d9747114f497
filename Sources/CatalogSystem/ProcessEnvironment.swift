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
      guard let first = environ as UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? else {
        return [:]
      }
      var count = 0
      while first[count] != nil { count += 1 }
      var variables: [String: String] = [:]
      variables.reserveCapacity(count)
      // Each entry's bytes are read in place (strlen, then the first '='), and the name and
      // value made from them directly: a short one is a small String with no allocation
      // (issue 17, point 4: this ran at every start).
      for k in 0..<count {
        guard let pointer = first[k] else { continue }
        // CChar and UInt8 are signed and unsigned variants of one type, which may alias.
        let bytes = UnsafeBufferPointer(
          start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
          count: strlen(pointer))
        guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { continue }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<equals]), as: UTF8.self)
        if variables[name] == nil {
          variables[name] = String(
            decoding: UnsafeBufferPointer(rebasing: bytes[(equals + 1)...]), as: UTF8.self)
        }
      }
      return variables
    #else
      // Elsewhere (macOS) Foundation's answer: `environ` is not imported there.
      return ProcessInfo.processInfo.environment
    #endif
  }
}
