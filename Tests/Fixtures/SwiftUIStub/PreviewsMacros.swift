// A stand-in for Xcode's `PreviewsMacros` plugin, the implementation behind the stub's
// `#Preview`, so that generated previews type-check on Linux. The tests build it with
// `swiftc` (no dependencies) and hand it to the type-checker with
// `-load-plugin-executable <path>#PreviewsMacros`.
//
// It speaks the compiler's plugin protocol (swift-syntax's `CompilerPluginMessageHandling`:
// each message is an 8-byte little-endian length and a JSON object; the host asks for the
// plugin's capability, then for expansions). Every `#Preview` expands to nothing: the
// macro's arguments, the name and the `@ViewBuilder @MainActor () -> any View` closure, are
// type-checked against the macro's declaration before expansion, which is what the tests
// check. Any other request is answered with an empty expansion too.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads exactly `count` bytes from standard input, or nil at the end.
func readBytes(_ count: Int) -> [UInt8]? {
  var buffer = [UInt8](repeating: 0, count: count)
  var done = 0
  while done < count {
    let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress! + done, count - done) }
    if n <= 0 { return nil }
    done += n
  }
  return buffer
}

/// Writes one framed message to standard output.
func send(_ json: String) {
  let body = Array(json.utf8)
  var header = [UInt8](repeating: 0, count: 8)
  var length = UInt64(body.count)
  for i in 0..<8 {
    header[i] = UInt8(length & 0xff)
    length >>= 8
  }
  let message = header + body
  var done = 0
  while done < message.count {
    let n = message.withUnsafeBytes { write(1, $0.baseAddress! + done, message.count - done) }
    if n <= 0 { return }
    done += n
  }
}

while let header = readBytes(8) {
  var length = 0
  for i in (0..<8).reversed() { length = length << 8 | Int(header[i]) }
  guard let body = readBytes(length) else { break }
  let text = String(decoding: body, as: UTF8.self)
  if text.contains("\"getCapability\"") {
    send(#"{"getCapabilityResult":{"capability":{"protocolVersion":7}}}"#)
  } else {
    send(#"{"expandMacroResult":{"expandedSource":"","diagnostics":[]}}"#)
  }
}
