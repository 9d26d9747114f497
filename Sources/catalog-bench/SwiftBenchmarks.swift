#if CATALOG_SWIFT_BRIDGE
  import CatalogSwift
  import CatalogTokens
  import Foundation

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// `--trees swift`: `check-swift` over 1,000 generated Swift files of 200 lines each
  /// (issue 15's target: at most 5 s), with the same token set as the examples' names use.
  /// Prints files, lines, findings, wall time (median of the repeats) and lines per second;
  /// a progress bar on standard error when it is a terminal.
  func runSwiftBenchmark(repeats: Int, files: Int = 1_000, lines: Int = 200) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "catalog-bench-swift-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var paths: [String] = []
    for i in 0..<files {
      let path = folder.appendingPathComponent("File\(i).swift").path
      guard
        FileManager.default.createFile(
          atPath: path, contents: Data(SwiftBenchmarkCorpus.source(index: i, lines: lines).utf8))
      else {
        print("swift benchmark: cannot write \(path); skipped")
        return
      }
      paths.append(path)
    }
    let text = """
      { "space": { "$type": "dimension", "xs": { "$value": { "value": 4, "unit": "px" } },
          "sm": { "$value": { "value": 8, "unit": "px" } }, "md": { "$value": { "value": 12, "unit": "px" } },
          "inset": { "horizontal": { "$value": { "value": 20, "unit": "px" } } } },
        "size": { "$type": "dimension", "artwork": { "$value": { "value": 44, "unit": "px" } } } }
      """
    var tokens: [String: DesignToken] = [:]
    for t in (try? TokenFileParser.parse(text, file: "bench.tokens.json").tokens) ?? [] {
      tokens[t.path] = t
    }
    let checker = SwiftChecker(
      tokenNames: SwiftTokenNames(tokens: TokenResolver(tokens: tokens)), catalog: [])
    let terminal = isatty(2) == 1
    // Where the time goes, on one thread, over the first 100 files.
    let sample = (0..<min(100, files)).map { SwiftBenchmarkCorpus.source(index: $0, lines: lines) }
    let phases = SwiftBenchmarkCorpus.phaseTimes(sample, checker: checker)
    let perFile = { (seconds: Double) in
      String(format: "%.2f ms", seconds * 1000 / Double(sample.count))
    }
    let fold = SwiftBenchmarkCorpus.foldTime(sample)
    print(
      "check-swift  CPU per file, one thread: parse \(perFile(phases.parse)), locations \(perFile(phases.foldAndLocations)), rules \(perFile(phases.rules)); folding operators, no longer done, would add \(perFile(fold))"
    )
    var cpuTimes: [Double] = []
    var times: [Double] = []
    var findings = 0
    for _ in 0..<repeats {
      let cpuStart = cpuSeconds()
      let start = DispatchTime.now().uptimeNanoseconds
      let result =
        (try? checker.check(files: paths) { done, total in
          if terminal, done % 10 == 0 || done == total {
            FileHandle.standardError.write(
              Data(SwiftCheckReport.progressLine(done: done, total: total).utf8))
          }
        }) ?? []
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
      cpuTimes.append(cpuSeconds() - cpuStart)
      if terminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
      findings = result.count
    }
    let median = times.sorted()[times.count / 2]
    let cpuMedian = cpuTimes.sorted()[cpuTimes.count / 2]
    let cores = ProcessInfo.processInfo.activeProcessorCount
    print(
      "check-swift  \(files) files × \(lines) lines  findings \(findings)  wall median \(String(format: "%.2f", median)) s  "
        + "CPU median \(String(format: "%.2f", cpuMedian)) s (÷ \(cores) cores = \(String(format: "%.2f", cpuMedian / Double(cores))) s on an idle machine; target ≤ 5 s)"
    )
  }
#else
  func runSwiftBenchmark(repeats: Int, files: Int = 1_000, lines: Int = 200) {
    print(
      "check-swift  skipped: this build has no Swift bridge (SwiftSyntax not found at build time)")
  }
#endif
