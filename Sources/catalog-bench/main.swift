// catalog-bench: resolve + layout throughput on standard trees.
//
//   swift run -c release catalog-bench [--sizes 1k,10k,100k] [--trees nested,wide,deep,tokens]
//                                      [--repeat N] [--text-metrics fixed|font]
//
// Each tree is a set of component definitions built in memory (parsed from JSON text with
// `DefinitionParser`, tokens from a DTCG file with `TokenFileParser`), resolved by the real
// `Resolver` over an `InMemoryComponentSource` into a `LayoutTree` and laid out by
// `LayoutEngine` (flat frame arrays; no `LayoutNode` objects). Printed per
// tree: the node count, the build time (definitions + tokens), resolve and layout times, and
// resolve+layout per node and in nodes per second (median of the repeats), resolve and layout
// per node each (median and minimum of the repeats, by the wall clock and by the thread's CPU
// time, which a loaded machine disturbs less), then the peak
// resident memory of the process (getrusage ru_maxrss).
//
// Trees:
// - nested-N: Yoga's "huge nested" shape: stacks of 10 children, alternately HStack and
//   VStack, each stack padded with a token; the leaves are `Text`s. 1k = 10³ leaves,
//   10k = 10⁴, 100k = 10⁵ (plus the stacks and their padding nodes).
// - nested-args-N: the same shape, every row an instance given its own arguments (`$index`
//   as the leaf's text or the stack's spacing): nothing is copied from an earlier row.
// - wide: one VStack with 10,000 children (`ForEach`, count 10,000) of a stored `Cell`.
// - deep: nested VStacks, each with three modifiers, as deep as the resolver renders
//   (`Resolver.maximumDepth`, 256 levels of views, modifiers and instances): 63 stacks, a
//   chain of 252 layout nodes (plus the leaf).
// - mixed: every container kind placement handles (843 nodes; not in the default set).
// - texts: 50 rows of texts that wrap, break long words, truncate and hold hard breaks
//   (351 nodes; not in the default set).

import CatalogFonts
import CatalogLayout
import CatalogModel
import CatalogResolver
import CatalogTokens
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Command-line options.
struct Options {
  var sizes: [Int] = [1_000, 10_000, 100_000]
  var trees: [String] = ["nested", "wide", "deep", "tokens"]
  var repeats = 5
  var textMetrics = "fixed"
  /// One line per tree of `key=value` fields for scripts (scripts/bench-vs-yoga.sh).
  var machine = false
  /// Resolve and lay out a 100-leaf nested tree once, untimed, before the first measurement
  /// (first-call costs of the Swift runtime: metadata, conformances, lazy globals).
  var warmup = false
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("catalog-bench: \(message)\n".utf8))
  exit(64)
}

func parseSize(_ text: String) -> Int? {
  let lower = text.lowercased()
  if lower.hasSuffix("k"), let n = Int(lower.dropLast()) { return n * 1_000 }
  if lower.hasSuffix("m"), let n = Int(lower.dropLast()) { return n * 1_000_000 }
  return Int(lower)
}

func parseOptions() -> Options {
  var options = Options()
  var args = Array(CommandLine.arguments.dropFirst())
  while !args.isEmpty {
    let arg = args.removeFirst()
    func value() -> String {
      guard !args.isEmpty else { fail("\(arg) needs a value") }
      return args.removeFirst()
    }
    switch arg {
    case "--sizes":
      let list = value().split(separator: ",").map { parseSize(String($0)) }
      guard !list.isEmpty, list.allSatisfy({ ($0 ?? 0) >= 10 && ($0 ?? 0) <= 1_000_000 }) else {
        fail("--sizes takes numbers of leaves from 10 to 1m, powers of ten: 1k,10k,100k")
      }
      options.sizes = list.compactMap { $0 }
    case "--trees":
      let list = value().split(separator: ",").map(String.init)
      guard
        list.allSatisfy({
          [
            "nested", "nested-args", "wide", "deep", "mixed", "texts", "tokens", "swift",
            "token-import", "json-parse",
          ].contains($0)
        })
      else {
        fail(
          "--trees takes nested, nested-args, wide, deep, mixed, texts, tokens, swift, token-import, json-parse"
        )
      }
      options.trees = list
    case "--repeat":
      guard let n = Int(value()), n >= 1, n <= 1_000 else {
        fail("--repeat takes a number from 1 to 1000")
      }
      options.repeats = n
    case "--text-metrics":
      let v = value()
      guard v == "fixed" || v == "font" else { fail("--text-metrics takes fixed or font") }
      options.textMetrics = v
    case "--machine":
      options.machine = true
    case "--warmup":
      options.warmup = true
    case "--json-parse-file":
      // The child process of `--trees json-parse` (JSONParseBenchmark.swift).
      runJSONParseChild(path: value())
      exit(0)
    case "-h", "--help":
      print(
        """
        USAGE: catalog-bench [--sizes 1k,10k,100k,1m] [--trees nested,nested-args,wide,deep,mixed,texts,tokens,token-import,json-parse] [--repeat N] [--text-metrics fixed|font] [--machine] [--warmup]

        Builds standard component trees in memory, resolves and lays them out, and prints build
        time and resolve+layout time per node, nodes per second and peak memory, and resolve
        and layout per node each (median and minimum of the repeats). `nested-args` (not in
        the default set) is `nested` with arguments on every row. `mixed` (not in the default
        set) mixes every container kind (frame, ZStack, background, overlay, offset, grid, a
        40-member stack). `texts` (not in the default set) lays out 50 rows of texts that
        wrap, break long words and truncate. `tokens`
        imports Adobe Spectrum's layout.json and a generated 100,000-token file (run from the
        package's folder, with ../shared beside it). `swift` (not in the default list) times
        `check-swift` over 1,000 generated Swift files of 200 lines. `token-import` (not in
        the default set) runs the `catalog` binary beside this one: `catalog add` of 100,000
        generated dimension tokens (20 % aliases), next to `sqlite3` importing the same rows
        from CSV. The benchmark lifts the resolver's 500,000-view limit (commands keep it) so
        that 1m leaves (1.2 M nodes) can be laid out. --machine prints one line of key=value
        fields per tree (for scripts/bench-vs-yoga.sh); --warmup resolves and lays out a
        100-leaf tree once, untimed, first. `json-parse` (not in the default set) parses
        generated DTCG files of 100,000 and 1,000,000 tokens with CatalogJSON, each in a
        child process, and prints parse time, document memory and peak memory.
        """)
      exit(0)
    default:
      fail("unknown option '\(arg)' (try --help)")
    }
  }
  return options
}

// MARK: - Trees

let tokenFile = """
  {
    "base": { "$type": "dimension",
      "size": { "2": { "$value": { "value": 2, "unit": "px" } },
                "4": { "$value": { "value": 4, "unit": "px" } },
                "8": { "$value": { "value": 8, "unit": "px" } } } },
    "space": { "$type": "dimension",
      "xxs": { "$value": "{base.size.2}" },
      "xs": { "$value": "{base.size.4}" },
      "sm": { "$value": "{base.size.8}" } }
  }
  """

/// One benchmark tree: its definitions, the component to render and the proposal.
struct Tree {
  var name: String
  var definitions: [String]
  var root: String
  var proposal: ProposedSize
}

/// How many levels of 10-child stacks hold `leaves` leaves (`nested` and `nested-args`).
///
/// - Parameter leaves: The number of leaves, a power of ten.
/// - Returns: Its base-10 logarithm (0 for 1 leaf).
func stackLevels(leaves: Int) -> Int {
  var levels = 0
  var n = leaves
  while n > 1 {
    n /= 10
    levels += 1
  }
  return levels
}

/// Yoga's "huge nested" shape: `levels` levels of stacks with 10 children each.
func nestedTree(leaves: Int) -> Tree {
  let levels = stackLevels(leaves: leaves)
  var defs = [
    #"{ "name": "Cell", "parameters": { "title": { "type": "string", "default": "Cell" } }, "body": { "type": "Text", "text": "$title" } }"#
  ]
  for level in 1...max(levels, 1) {
    let stack = level % 2 == 1 ? "HStack" : "VStack"
    let child = level == 1 ? "Cell" : "Level\(level - 1)"
    defs.append(
      """
      { "name": "Level\(level)", "body": { "type": "\(stack)",
        "children": [ { "type": "ForEach", "count": 10, "children": [ { "type": "\(child)" } ] } ],
        "modifiers": [ { "padding": { "edges": ["all"], "length": "{space.xs}" } } ] } }
      """)
  }
  return Tree(
    name:
      "nested-\(leaves >= 1_000_000 ? "\(leaves / 1_000_000)m" : leaves >= 1000 ? "\(leaves / 1000)k" : "\(leaves)")",
    definitions: defs,
    root: "Level\(max(levels, 1))", proposal: ProposedSize(width: 1024, height: 768))
}

/// One VStack with 10,000 children.
func wideTree() -> Tree {
  let defs = [
    #"{ "name": "Cell", "parameters": { "title": { "type": "string", "default": "Cell" } }, "body": { "type": "Text", "text": "$title" } }"#,
    """
    { "name": "Wide", "body": { "type": "VStack", "alignment": "leading",
      "children": [ { "type": "ForEach", "count": 10000, "children": [ { "type": "Cell" } ] } ] } }
    """,
  ]
  return Tree(
    name: "wide-10k", definitions: defs, root: "Wide",
    proposal: ProposedSize(width: 390, height: nil))
}

/// Every container kind placement handles, for counting allocations and retains in the
/// passes (callgrind, `scripts/callgrind-layout-passes.sh`): a VStack of 50 rows, each a
/// ZStack of a framed Text with a background, an overlay and an offset, and a 2×2 Grid; then
/// an HStack of 40 members alternating Text and Color (more than 32 members out of
/// flexibility order, so the stack sorts them).
func mixedTree() -> Tree {
  let defs = [
    """
    { "name": "MixRow", "parameters": { "title": { "type": "string", "default": "Row" } },
      "body": { "type": "ZStack", "alignment": "leading", "children": [
        { "type": "Text", "text": "$title", "modifiers": [
          { "frame": { "width": 120, "height": 20, "alignment": "leading" } },
          { "background": "yellow" },
          { "overlay": { "alignment": "topTrailing", "content": { "type": "Color", "color": "red",
            "modifiers": [ { "frame": { "width": 4, "height": 4 } } ] } } },
          { "offset": { "x": 2, "y": 1 } } ] },
        { "type": "Grid", "horizontalSpacing": 4, "children": [
          { "type": "GridRow", "children": [ { "type": "Text", "text": "a" }, { "type": "Text", "text": "bb" } ] },
          { "type": "GridRow", "children": [ { "type": "Text", "text": "ccc" }, { "type": "Text", "text": "d" } ] } ] } ] } }
    """,
    """
    { "name": "Mixed", "body": { "type": "VStack", "children": [
      { "type": "VStack", "alignment": "leading", "children": [
        { "type": "ForEach", "count": 50, "children": [ { "type": "MixRow" } ] } ] },
      { "type": "HStack", "children": [
        { "type": "ForEach", "count": 20, "children": [
          { "type": "Text", "text": "t" }, { "type": "Color", "color": "blue" } ] } ] } ] } }
    """,
  ]
  return Tree(
    name: "mixed", definitions: defs, root: "Mixed",
    proposal: ProposedSize(width: 1024, height: 768))
}

/// Texts on the measurer's general path, for counting allocations and retains in the passes
/// (callgrind, `scripts/callgrind-layout-passes.sh --trees texts`): a VStack of 50 rows, each
/// an HStack of a text wrapped over two lines and truncated (`lineLimit`) in an 80-point
/// frame, a long word broken between characters in a 40-point frame, a text with a hard
/// break, and the row's number in another style.
func textsTree() -> Tree {
  let defs = [
    """
    { "name": "TextRow", "parameters": { "title": { "type": "number", "default": 0 } },
      "body": { "type": "HStack", "children": [
        { "type": "Text", "text": "A title long enough to wrap over lines", "lineLimit": 2,
          "modifiers": [ { "frame": { "width": 80 } } ] },
        { "type": "Text", "text": "Supercalifragilistic words",
          "modifiers": [ { "frame": { "width": 40 } } ] },
        { "type": "Text", "text": "First line\\nSecond line" },
        { "type": "Text", "text": "$title", "font": "caption" } ] } }
    """,
    """
    { "name": "Texts", "body": { "type": "VStack", "alignment": "leading", "children": [
      { "type": "ForEach", "count": 50, "children": [
        { "type": "TextRow", "arguments": { "title": "$index" } } ] } ] } }
    """,
  ]
  return Tree(
    name: "texts", definitions: defs, root: "Texts",
    proposal: ProposedSize(width: 390, height: 768))
}

/// How many VStacks with three modifiers each the deep tree nests: as many as the resolver
/// renders. Each stack is four levels (the view and one per modifier, `Resolver.maximumDepth`
/// counts both) and the leaf `Text` one more, which must stay within the limit: 63 stacks
/// (252 levels and the leaf) of 256 levels.
let deepStackCount = (Resolver.maximumDepth - 1) / 4

/// `deepStackCount` nested VStacks with three modifiers each: a chain of 252 layout nodes
/// (plus the leaf), as deep as `render` goes (the resolver refuses deeper bodies).
func deepTree() -> Tree {
  var body = #"{ "type": "Text", "text": "Leaf" }"#
  for _ in 0..<deepStackCount {
    body = """
      { "type": "VStack", "children": [ \(body) ], "modifiers": [
        { "padding": { "edges": ["all"], "length": 1 } },
        { "padding": { "edges": ["top"], "length": "{space.xxs}" } },
        { "frame": { "minWidth": 0, "maxWidth": 4000 } } ] }
      """
  }
  let defs = [#"{ "name": "Deep", "body": "# + body + " }"]
  return Tree(
    name: "deep-\(deepStackCount * 4)", definitions: defs, root: "Deep",
    proposal: ProposedSize(width: 2048, height: nil))
}

// MARK: - Measuring

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// The CPU time this thread has used, in nanoseconds: unlike the wall clock it does not count
/// the time the thread waits for a core, so on a loaded machine it still measures the work.
func cpuNow() -> UInt64 {
  var t = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
  return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}

/// The process's resource usage so far (`getrusage(RUSAGE_SELF)`).
func selfUsage() -> rusage {
  var usage = rusage()
  #if canImport(Glibc)
    getrusage(RUSAGE_SELF.rawValue, &usage)
  #else
    getrusage(RUSAGE_SELF, &usage)
  #endif
  return usage
}

func peakMemoryMiB() -> Double {
  let usage = selfUsage()
  #if canImport(Darwin)
    return Double(usage.ru_maxrss) / 1_048_576  // bytes on macOS
  #else
    return Double(usage.ru_maxrss) / 1024  // KiB on Linux
  #endif
}

/// The minor page faults the process has taken so far (`ru_minflt`): first touches of
/// fresh memory, each a fault the kernel serves by zeroing a 4 KiB page.
func minorFaults() -> Int {
  Int(selfUsage().ru_minflt)
}

func median(_ values: [Double]) -> Double {
  let s = values.sorted()
  return s.isEmpty ? 0 : s[s.count / 2]
}

func ms(_ ns: Double) -> String { String(format: "%.2f ms", ns / 1e6) }

func run(
  _ tree: Tree, tokens: TokenResolver, environment: LayoutEnvironment, repeats: Int, machine: Bool,
  workspace: LayoutWorkspace
) {
  // Build: the definitions parsed into memory and the source created.
  var buildTimes: [Double] = []
  var source = InMemoryComponentSource([])
  for _ in 0..<repeats {
    let t0 = now()
    var definitions: [ComponentDefinition] = []
    for text in tree.definitions {
      do {
        definitions.append(try DefinitionParser.parse(text, file: "\(tree.name).json"))
      } catch {
        fail("\(tree.name): \(error)")
      }
    }
    source = InMemoryComponentSource(definitions)
    buildTimes.append(Double(now() - t0))
  }
  var resolveTimes: [Double] = []
  var layoutTimes: [Double] = []
  var totalTimes: [Double] = []
  var resolveCPU: [Double] = []
  var layoutCPU: [Double] = []
  var faults: [Double] = []
  var nodes = 0
  for _ in 0..<repeats {
    let f0 = minorFaults()
    let c0 = cpuNow()
    let t0 = now()
    var resolver = Resolver(source: source, tokens: tokens)
    // 1m leaves make about 1.2 M layout nodes; the limit protects commands, not this benchmark.
    resolver.nodeLimit = 2_000_000
    var resolved: ResolvedComponent
    do {
      resolved = try resolver.resolve(tree.root)
    } catch {
      fail("\(tree.name): \(error)")
    }
    guard resolved.rootNode() != nil else { fail("\(tree.name): resolved to no view") }
    let t1 = now()
    let c1 = cpuNow()
    // One workspace for the whole run, as a program laying out many trees keeps one.
    let frames = LayoutEngine(environment: environment).layout(
      resolved.tree, in: tree.proposal, reusing: workspace)
    let t2 = now()
    let c2 = cpuNow()
    faults.append(Double(minorFaults() - f0))
    resolveCPU.append(Double(c1 - c0))
    layoutCPU.append(Double(c2 - c1))
    resolveTimes.append(Double(t1 - t0))
    layoutTimes.append(Double(t2 - t1))
    totalTimes.append(Double(t2 - t0))
    nodes = frames.isPlaced.reduce(0) { $0 + ($1 ? 1 : 0) }
  }
  let total = median(totalTimes)
  let perNode = total / Double(nodes)
  // Resolve and layout per node, each its median and its minimum over the repeats (issue 17,
  // point 2's target is on the resolver alone), by the wall clock and by the thread's CPU time.
  let resolveMin = resolveTimes.min() ?? 0
  let layoutMin = layoutTimes.min() ?? 0
  if machine {
    print(
      "tree=\(tree.name) nodes=\(nodes) resolve_ns=\(Int(median(resolveTimes))) layout_ns=\(Int(median(layoutTimes))) "
        + "total_ns=\(Int(total)) min_total_ns=\(Int(totalTimes.min() ?? 0)) "
        + "min_resolve_ns=\(Int(resolveMin)) min_layout_ns=\(Int(layoutMin)) "
        + "resolve_cpu_ns=\(Int(median(resolveCPU))) layout_cpu_ns=\(Int(median(layoutCPU))) "
        + "min_resolve_cpu_ns=\(Int(resolveCPU.min() ?? 0)) min_layout_cpu_ns=\(Int(layoutCPU.min() ?? 0)) "
        + "faults=\(Int(median(faults)))"
    )
    return
  }
  func perNodeText(_ ns: Double) -> String { String(format: "%.0f", ns / Double(nodes)) }
  let name = tree.name.padding(toLength: 15, withPad: " ", startingAt: 0)
  print(
    "\(name) \(String(format: "%7d", nodes)) nodes | build \(ms(median(buildTimes))) "
      + "| resolve \(ms(median(resolveTimes))) + layout \(ms(median(layoutTimes))) = \(ms(total)) "
      + "| \(String(format: "%.0f", perNode)) ns/node "
      + "(resolve \(perNodeText(median(resolveTimes))), min \(perNodeText(resolveMin)); "
      + "layout \(perNodeText(median(layoutTimes))), min \(perNodeText(layoutMin))) "
      + "| \(String(format: "%.2f", 1e3 / perNode)) M nodes/s\n"
      + "                per node, thread CPU time: resolve \(perNodeText(median(resolveCPU))) ns "
      + "(min \(perNodeText(resolveCPU.min() ?? 0))), layout \(perNodeText(median(layoutCPU))) ns "
      + "(min \(perNodeText(layoutCPU.min() ?? 0))); page faults per call \(Int(median(faults)))")
}

// MARK: - Main

let options = parseOptions()
let tokens: TokenResolver
do {
  let parsed = try TokenFileParser.parse(tokenFile, file: "bench.tokens.json")
  tokens = TokenResolver(
    tokens: Dictionary(uniqueKeysWithValues: parsed.tokens.map { ($0.path, $0) }))
} catch {
  fail("tokens: \(error)")
}
var environment = LayoutEnvironment()
if options.textMetrics == "font" {
  do {
    environment.textMeasurer = try FreeTypeTextMeasurer()
  } catch {
    fail("\(error)")
  }
}

#if DEBUG
  print("warning: a debug build; run `swift run -c release catalog-bench` for real figures")
#endif
if !options.machine {
  print("catalog-bench: median of \(options.repeats) runs, text metrics \(options.textMetrics)")
}
var trees: [Tree] = []
if options.trees.contains("nested") { trees += options.sizes.map { nestedTree(leaves: $0) } }
if options.trees.contains("nested-args") {
  trees += options.sizes.map { nestedArgumentsTree(leaves: $0) }
}
if options.trees.contains("wide") { trees.append(wideTree()) }
if options.trees.contains("deep") { trees.append(deepTree()) }
if options.trees.contains("mixed") { trees.append(mixedTree()) }
if options.trees.contains("texts") { trees.append(textsTree()) }
// The layout memory kept from one tree and repeat to the next (`LayoutWorkspace`).
let workspace = LayoutWorkspace()
if options.warmup {
  let warm = nestedTree(leaves: 100)
  let definitions = warm.definitions.compactMap {
    try? DefinitionParser.parse($0, file: "warmup.json")
  }
  var resolver = Resolver(source: InMemoryComponentSource(definitions), tokens: tokens)
  if var resolved = try? resolver.resolve(warm.root), resolved.rootNode() != nil {
    _ = LayoutEngine(environment: environment).layout(
      resolved.tree, in: warm.proposal, reusing: workspace)
  }
}
for tree in trees {
  run(
    tree, tokens: tokens, environment: environment, repeats: options.repeats,
    machine: options.machine, workspace: workspace)
}
if options.trees.contains("tokens") {
  // Token import: Adobe Spectrum's layout.json (172 KB) and a generated 100,000-token file.
  runTokenBenchmarks(
    spectrumPath: "../shared/real-tokens/adobe-spectrum/layout.json", generatedTokens: 100_000,
    repeats: options.repeats)
}
if options.trees.contains("swift") { runSwiftBenchmark(repeats: options.repeats) }
if options.trees.contains("json-parse") { runJSONParseBenchmark() }
if options.trees.contains("token-import") {
  runTokenImportVersusSQLite(count: 100_000, repeats: min(options.repeats, 3))
}
if !options.machine { print(String(format: "peak memory (ru_maxrss): %.1f MiB", peakMemoryMiB())) }
