import CatalogModel
import CatalogStore
import CatalogTokens
import Dispatch
import Foundation

/// Token import benchmarks (issue 5, point 8): Adobe Spectrum's `layout.json` (172 KB, a
/// vendor shape converted in lenient mode) and a generated DTCG file of 100,000 tokens
/// (groups of 100, a fifth of them aliases, as issue 14 point 9 has it). For each: read + parse + check, resolve
/// every token, and save into a fresh SQLite catalog (one transaction). Median of
/// `repeats` runs; printed as milliseconds and tokens per second.
///
/// - Parameters:
///   - spectrumPath: Path to Spectrum's `layout.json`; skipped with a note when missing.
///   - generatedTokens: How many tokens the generated file has (100,000).
///   - repeats: Runs per measurement (the median is printed).
func runTokenBenchmarks(
  spectrumPath: String = "../shared/real-tokens/adobe-spectrum/layout.json",
  generatedTokens: Int = 100_000, repeats: Int = 3
) {
  print("== token import")
  if let data = FileManager.default.contents(atPath: spectrumPath) {
    benchmarkTokenImport(
      name: "spectrum layout.json (\(data.count / 1024) KB)", bytes: [UInt8](data),
      file: "layout.json", repeats: repeats)
  } else {
    print("spectrum layout.json: skipped, \(spectrumPath) is missing")
  }
  let generated = generatedTokenFile(count: generatedTokens)
  benchmarkTokenImport(
    name: "generated \(generatedTokens) tokens (\(generated.count / 1024) KB)", bytes: generated,
    file: "generated.tokens.json", repeats: repeats)
}

/// A DTCG file: `group0 … groupN`, each with `t0 … t99`; every fifth token (20 %) aliases a
/// literal token of the previous group (chains of one step, as real files have).
func generatedTokenFile(count: Int) -> [UInt8] {
  var out = "{\n"
  let groups = max(1, count / 100)
  for g in 0..<groups {
    out += "  \"group\(g)\": {\"$type\": \"dimension\",\n"
    for t in 0..<100 {
      let value =
        (t % 5 == 4 && g > 0)
        ? "\"{group\(g - 1).t\(t - 1)}\"" : "{\"value\": \(t % 64), \"unit\": \"px\"}"
      out += "    \"t\(t)\": {\"$value\": \(value)}\(t == 99 ? "" : ",")\n"
    }
    out += "  }\(g == groups - 1 ? "" : ",")\n"
  }
  return Array((out + "}\n").utf8)
}

func benchmarkTokenImport(name: String, bytes: [UInt8], file: String, repeats: Int) {
  var parse: [Double] = []
  var resolve: [Double] = []
  var save: [Double] = []
  var count = 0
  for _ in 0..<max(1, repeats) {
    let t0 = DispatchTime.now().uptimeNanoseconds
    let result: TokenFileParser.Result
    do {
      let source = try TokenSource.read(bytes: bytes, file: file)
      result = try TokenFileParser.parse(
        source: source, options: .init(unresolvedReferences: .warning))
    } catch {
      print("\(name): \(error.diagnostics.first?.description ?? "error")")
      return
    }
    let t1 = DispatchTime.now().uptimeNanoseconds
    var byPath: [String: DesignToken] = [:]
    for t in result.tokens { byPath[t.path] = t }
    let resolver = TokenResolver(tokens: byPath)
    var inputs: [TokenInput] = []
    inputs.reserveCapacity(result.tokens.count)
    for t in result.tokens {
      let r = try? resolver.resolve(t.path)
      inputs.append(
        TokenInput(
          path: t.path, type: t.type, value: JSONWriter.compact(t.value),
          resolvedValue: r.map { JSONWriter.compact($0.value) },
          resolvedPoints: r?.points, aliasOf: t.aliasTarget, description: t.description,
          deprecated: t.deprecated.map(JSONWriter.compact), extensions: t.extensionsJSON))
    }
    let t2 = DispatchTime.now().uptimeNanoseconds
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "catalog-bench-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      let store = try CatalogStore(path: folder.appendingPathComponent("bench.db").path)
      try store.importTokens(inputs, intoSet: "bench", source: file)
    } catch {
      print("\(name): \(error)")
      return
    }
    let t3 = DispatchTime.now().uptimeNanoseconds
    parse.append(Double(t1 - t0))
    resolve.append(Double(t2 - t1))
    save.append(Double(t3 - t2))
    count = result.tokens.count
  }
  func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
  let total = median(parse) + median(resolve) + median(save)
  func ms(_ ns: Double) -> String { String(format: "%.1f ms", ns / 1e6) }
  print(
    "\(name): \(count) tokens; parse+check \(ms(median(parse))), resolve \(ms(median(resolve))), save \(ms(median(save))); total \(ms(total)), \(Int(Double(count) / (total / 1e9))) tokens/s"
  )
}
