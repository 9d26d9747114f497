#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's standard streams.
enum Console {
  static func emit(_ text: String, toStandardError: Bool) {
    var bytes = Array(text.utf8)
    let fd: Int32 = toStandardError ? 2 : 1
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeMutableBytes { buffer in
        write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if n <= 0 { break }
      offset += n
    }
  }
}
