import CatalogLayout
import CatalogModel
import CatalogRender
import CatalogResolver
import CatalogTokens
import Foundation
import Testing

/// The package's top folder, found from this file.
let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let snapshotsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("__Snapshots__")

/// The definitions in `examples/components`, parsed.
let exampleDefinitions: [ComponentDefinition] = {
  let folder = packageRoot.appendingPathComponent("examples/components")
  let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
    $0.hasSuffix(".json")
  }.sorted()
  return files.map { file in
    let text = try! String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
    return try! DefinitionParser.parse(text, file: file)
  }
}()

/// The tokens of `examples/tokens/spacing.tokens.json`, by path.
let exampleTokens: [String: DesignToken] = {
  let url = packageRoot.appendingPathComponent("examples/tokens/spacing.tokens.json")
  let text = try! String(contentsOf: url, encoding: .utf8)
  let result = try! TokenFileParser.parse(text, file: "spacing.tokens.json")
  return Dictionary(uniqueKeysWithValues: result.tokens.map { ($0.path, $0) })
}()

func example(_ name: String) -> ComponentDefinition {
  exampleDefinitions.first { $0.name == name }!
}

/// Parses an inline definition.
func define(_ json: String) throws -> ComponentDefinition {
  try DefinitionParser.parse(json, file: "inline.json")
}

/// Resolves `name` among the examples plus `extra` definitions (extra ones win).
func resolve(
  _ name: String, arguments: JSONObject = JSONObject(), extra: [ComponentDefinition] = [],
  tokens: [String: DesignToken] = exampleTokens
) throws(ResolutionError) -> ResolvedComponent {
  var byName: [String: ComponentDefinition] = [:]
  for d in exampleDefinitions + extra { byName[d.name] = d }
  var resolver = Resolver(
    source: InMemoryComponentSource(Array(byName.values)), tokens: TokenResolver(tokens: tokens))
  return try resolver.resolve(name, arguments: arguments)
}

/// Resolves and lays out.
func layOut(
  _ name: String, arguments: JSONObject = JSONObject(), extra: [ComponentDefinition] = [],
  proposal: ProposedSize = .unspecified
) throws -> LaidOutComponent {
  LaidOutComponent(try resolve(name, arguments: arguments, extra: extra), proposal: proposal)
}

/// Every node of a laid-out component with its info, in document order.
func nodes(_ laidOut: LaidOutComponent) -> [(node: LayoutNode, info: ViewInfo, depth: Int)] {
  laidOut.nodes().map { ($0.node, laidOut.info($0.node)!, $0.depth) }
}

/// Compares `actual` with the golden file `__Snapshots__/<name>`; records it when it is
/// missing or `RECORD_GOLDENS=1`, and then fails asking for a re-run.
func assertGolden(
  _ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  let url = snapshotsFolder.appendingPathComponent(name)
  let record = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
  guard !record, let expected = try? String(contentsOf: url, encoding: .utf8) else {
    do {
      try FileManager.default.createDirectory(
        at: snapshotsFolder, withIntermediateDirectories: true)
      try actual.write(to: url, atomically: true, encoding: .utf8)
      Issue.record("recorded \(url.path), re-run (and review it)", sourceLocation: sourceLocation)
    } catch {
      Issue.record("cannot write \(url.path): \(error)", sourceLocation: sourceLocation)
    }
    return
  }
  if expected != actual {
    Issue.record(
      "\(name) differs from the golden file (- golden, + actual; RECORD_GOLDENS=1 to re-record):\n\(lineDiff(expected, actual))",
      sourceLocation: sourceLocation)
  }
}

/// A line diff: the longest common subsequence, then `-`/`+` lines with two lines of
/// context.
func lineDiff(_ old: String, _ new: String) -> String {
  let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  var lcs = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
  for i in stride(from: a.count - 1, through: 0, by: -1) {
    for j in stride(from: b.count - 1, through: 0, by: -1) {
      lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
    }
  }
  var lines: [(Character, String)] = []
  var i = 0
  var j = 0
  while i < a.count || j < b.count {
    if i < a.count, j < b.count, a[i] == b[j] {
      lines.append((" ", a[i]))
      i += 1
      j += 1
    } else if j < b.count, i == a.count || lcs[i][j + 1] >= lcs[i + 1][j] {
      lines.append(("+", b[j]))
      j += 1
    } else {
      lines.append(("-", a[i]))
      i += 1
    }
  }
  var out: [String] = []
  for (k, line) in lines.enumerated() {
    let near = lines[max(0, k - 2)...min(lines.count - 1, k + 2)].contains { $0.0 != " " }
    if near { out.append("\(line.0) \(line.1)") }
  }
  return out.joined(separator: "\n")
}
