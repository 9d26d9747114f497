import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `--trees token-import` (issue 14, point 9): `catalog add` of a generated DTCG file of
/// `count` dimension tokens, a fifth of them aliases, run as the real binary beside this
/// one (wall time, CPU time — user + system — and peak memory from `wait4`), next to
/// `sqlite3` importing the same rows (path, type, value, resolved value, points, alias) from
/// CSV into a table of the same shape, in the same run. Prints both and their ratios (CPU
/// time is the steadier one on a shared machine); the median of `repeats` runs.
/// - Parameters:
///   - count: Tokens in the file (100,000).
///   - repeats: Runs of each (the median is printed).
func runTokenImportVersusSQLite(count: Int, repeats: Int) {
  print("== token import: catalog add vs sqlite3 .import (\(count) dimension tokens, 20 % aliases)")
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "catalog-bench-import-\(UUID().uuidString)")
  try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  // The token file and the same rows as CSV.
  var json = "{\n"
  var csv = "set,path,type,value,resolved_value,resolved_points,alias_of\n"
  let groups = max(1, count / 100)
  for g in 0..<groups {
    json += "\"g\(g)\": {\"$type\": \"dimension\",\n"
    for t in 0..<100 {
      let isAlias = t % 5 == 4 && g > 0
      let literal = "{\"value\": \(t % 64), \"unit\": \"px\"}"
      let target = "g\(g - 1).t\(t - 1)"
      json +=
        "  \"t\(t)\": {\"$value\": \(isAlias ? "\"{\(target)}\"" : literal)}\(t == 99 ? "" : ",")\n"
      let resolved = "{\"\"value\"\":\((t - (isAlias ? 1 : 0)) % 64),\"\"unit\"\":\"\"px\"\"}"
      let value =
        isAlias ? "\"{\(target)}\"" : "\"{\"\"value\"\":\(t % 64),\"\"unit\"\":\"\"px\"\"}\""
      csv +=
        "bench,g\(g).t\(t),dimension,\(value),\"\(resolved)\",\((t - (isAlias ? 1 : 0)) % 64),\(isAlias ? target : "")\n"
    }
    json += "}\(g == groups - 1 ? "" : ",")\n"
  }
  json += "}\n"
  let tokensFile = folder.appendingPathComponent("bench.tokens.json")
  let csvFile = folder.appendingPathComponent("bench.csv")
  try? json.write(to: tokensFile, atomically: true, encoding: .utf8)
  try? csv.write(to: csvFile, atomically: true, encoding: .utf8)
  let catalog = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("catalog").path
  guard FileManager.default.isExecutableFile(atPath: catalog) else {
    print("skipped: no catalog binary at \(catalog) (build the catalog product too)")
    return
  }
  var catalogRuns: [(seconds: Double, cpu: Double, mib: Double)] = []
  var sqliteRuns: [(seconds: Double, cpu: Double, mib: Double)] = []
  for i in 0..<max(1, repeats) {
    let db = folder.appendingPathComponent("catalog-\(i).db").path
    guard let c = timed(catalog, ["--db", db, "add", tokensFile.path]) else { return }
    catalogRuns.append(c)
    let sdb = folder.appendingPathComponent("sqlite-\(i).db").path
    let schema =
      "CREATE TABLE token (\"set\" TEXT, path TEXT, type TEXT, value TEXT, resolved_value TEXT, resolved_points REAL, alias_of TEXT, UNIQUE(\"set\", path));"
    guard
      let s = timed(
        "/usr/bin/env",
        ["sqlite3", sdb, schema, ".mode csv", ".import --skip 1 \(csvFile.path) token"])
    else { return }
    sqliteRuns.append(s)
  }
  func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
  let ct = median(catalogRuns.map(\.seconds))
  let st = median(sqliteRuns.map(\.seconds))
  let cc = median(catalogRuns.map(\.cpu))
  let sc = median(sqliteRuns.map(\.cpu))
  print(
    String(
      format: "catalog add: %.2f s wall, %.2f s CPU, peak %.0f MiB", ct, cc,
      median(catalogRuns.map(\.mib))))
  print(
    String(
      format: "sqlite3 .import (same rows from CSV): %.2f s wall, %.2f s CPU, peak %.0f MiB", st,
      sc, median(sqliteRuns.map(\.mib))))
  print(
    String(
      format: "ratio: catalog add takes %.1f× sqlite3's wall time, %.1f× its CPU time",
      ct / max(st, 1e-9), cc / max(sc, 1e-9)))
}

/// Runs a program, returning wall time, its CPU time (user + system) and its peak resident
/// memory (`wait4`'s rusage), or nil (printing why) when it fails.
func timed(_ program: String, _ arguments: [String]) -> (seconds: Double, cpu: Double, mib: Double)?
{
  let start = DispatchTime.now().uptimeNanoseconds
  var pid: pid_t = 0
  let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
  defer { for p in argv { free(p) } }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  guard posix_spawn(&pid, program, &actions, nil, argv, environ) == 0 else {
    print("cannot run \(program)")
    return nil
  }
  var status: Int32 = 0
  var usage = rusage()
  wait4(pid, &status, 0, &usage)
  let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  guard status == 0 else {
    print("\(program) \(arguments.joined(separator: " ")) failed (status \(status))")
    return nil
  }
  func inSeconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
  let cpu = inSeconds(usage.ru_utime) + inSeconds(usage.ru_stime)
  return (seconds, cpu, Double(usage.ru_maxrss) / 1024)
}
