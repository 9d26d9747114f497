import CatalogModel
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// JSON parse benchmark (issue 11 point 2, issue 12 point 3): CatalogJSON's parser on a
/// generated DTCG file of 100,000 and 1,000,000 tokens. Each size is parsed in a child
/// process of its own (`--json-parse-file PATH`), so its peak resident memory is the
/// parse's alone: the file's bytes, the value and the position table. Printed per size:
/// the file's size, the values parsed, the parse's wall and CPU time, the resident memory
/// the document holds after the parse and the process's peak (getrusage ru_maxrss).
///
/// - Parameter sizes: Token counts.
func runJSONParseBenchmark(sizes: [Int] = [100_000, 1_000_000]) {
  print("== JSON parse (generated DTCG files; one child process per size)")
  for count in sizes {
    let path = NSTemporaryDirectory() + "catalog-bench-\(count).tokens.json"
    if !FileManager.default.fileExists(atPath: path) {
      let bytes = generatedNestedTokenFile(count: count)
      guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
        fail("cannot write \(path)")
      }
    }
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments = ["--json-parse-file", path]
    let pipe = Pipe()
    child.standardOutput = pipe
    do { try child.run() } catch { fail("cannot run \(CommandLine.arguments[0]): \(error)") }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    let label = count >= 1_000_000 ? "\(count / 1_000_000)m" : "\(count / 1_000)k"
    print("\(label) tokens: \(String(decoding: output, as: UTF8.self))", terminator: "")
  }
}

/// The child's half of ``runJSONParseBenchmark(sizes:)``: reads one file, parses it once
/// and prints one line.
/// - Parameter path: The file.
func runJSONParseChild(path: String) {
  guard let bytes = readWholeFile(path) else { fail("cannot read \(path)") }
  let before = residentMiB()
  let cpu0 = cpuSeconds()
  let t0 = now()
  let document: JSONDocument
  do { document = try JSONParser.parse(bytes: bytes, file: path) } catch { fail("\(error)") }
  let seconds = Double(now() - t0) / 1e9
  let cpu = cpuSeconds() - cpu0
  let after = residentMiB()
  print(
    String(
      format:
        "%.1f MiB file, %d values | parse %.2f s wall, %.2f s CPU (%.0f ns/value) | document %.0f MiB | peak %.0f MiB",
      Double(bytes.count) / 1_048_576, document.valueCount, seconds, cpu,
      cpu * 1e9 / Double(document.valueCount), after - before, peakMemoryMiB()))
  withExtendedLifetime(document) {}
}

/// User and system CPU time of this process so far (a shared machine's wall time depends
/// on its load).
func cpuSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// A file's bytes read straight into an array (no second copy, as `Data` would make).
func readWholeFile(_ path: String) -> [UInt8]? {
  let fd = open(path, O_RDONLY)
  guard fd >= 0 else { return nil }
  defer { close(fd) }
  let size = Int(lseek(fd, 0, SEEK_END))
  guard size >= 0, lseek(fd, 0, SEEK_SET) == 0 else { return nil }
  var ok = true
  let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
    var done = 0
    while done < size, let base = buffer.baseAddress {
      let n = read(fd, base + done, size - done)
      if n <= 0 {
        ok = false
        break
      }
      done += n
    }
    initialized = done
  }
  return ok ? bytes : nil
}

/// Resident memory now, from /proc/self/statm (0 where there is none).
func residentMiB() -> Double {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
    return 0
  }
  let fields = text.split(separator: " ")
  guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
  return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

/// A DTCG file of `count` tokens in nested groups as real systems have them
/// (`color.<family>.<shade>`, `size.<scale>.<step>`), pretty-printed with two spaces: half
/// dimension tokens (`{"value": 16, "unit": "px"}`), half sRGB colour tokens (three
/// components and a hex), `$type` on each group, and every fifth token an alias of a
/// token of the group before.
func generatedNestedTokenFile(count: Int) -> [UInt8] {
  var out: [UInt8] = []
  out.reserveCapacity(count * 140)
  func line(_ text: String) { out.append(contentsOf: text.utf8) }
  let perGroup = 50
  let groups = max(2, count / perGroup)
  let colourGroups = max(1, groups / 2)
  /// One top-level group of `groups` groups of `perGroup` tokens; `token(g, t)` writes
  /// token `t` of group `g`, and every fifth token (after the first group) is an alias.
  func section(
    _ name: String, type: String, groups: Int, group: String, token: String,
    alias: (Int, Int) -> String, value: (Int, Int) -> String
  ) {
    line("  \"\(name)\": {\n    \"$type\": \"\(type)\",\n")
    for g in 0..<groups {
      line("    \"\(group)-\(g)\": {\n")
      for t in 0..<perGroup {
        let body =
          t % 5 == 4 && g > 0
          ? "{ \"$value\": \"{\(name).\(group)-\(g - 1).\(alias(g, t))}\" }"
          : "{\n        \"$value\": \(value(g, t))\n      }"
        line("      \"\(token)-\(t)\": \(body)\(t == perGroup - 1 ? "" : ",")\n")
      }
      line("    }\(g == groups - 1 ? "" : ",")\n")
    }
  }
  line("{\n")
  section(
    "color", type: "color", groups: colourGroups, group: "family", token: "shade",
    alias: { _, t in "shade-\(t - 1)" },
    value: { g, t in
      let r = (g * 7 + t) % 256
      let b = (g * 3 + t * 5) % 256
      return
        "{ \"colorSpace\": \"srgb\", \"components\": [\(String(format: "%.3f", Double(r) / 255)), 0.5, \(String(format: "%.3f", Double(b) / 255))], \"hex\": \"#\(String(format: "%02x80%02x", r, b))\" }"
    })
  line("  },\n")
  section(
    "size", type: "dimension", groups: groups - colourGroups, group: "scale", token: "step",
    alias: { _, t in "step-\(t - 1)" },
    value: { g, t in "{ \"value\": \(t * 4 + g % 4), \"unit\": \"px\" }" })
  line("  }\n}\n")
  return out
}
