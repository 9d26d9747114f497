import CatalogModel
import Foundation
import Testing

/// Every ```` ```json ```` block of README.md is something the catalog accepts: a component
/// definition is added to a copy of `catalog.db.example` and rendered (defaults and every
/// variant); a DTCG token file or resolver document is added and every example component
/// rendered. A block meant as a fragment says so on the line before it with
/// `<!-- snippet: not addable (why) -->`; any other block fails, so the README can never
/// show a definition the catalog refuses (issue 18).
@Suite struct ReadmeSnippetTests {
  /// One ```` ```json ```` block.
  struct Snippet: Sendable, CustomTestStringConvertible {
    /// The line of the opening fence (1-based).
    var line: Int
    var text: String
    /// The reason given by a `<!-- snippet: not addable (why) -->` marker, if any.
    var notAddable: String?
    var testDescription: String { "README.md:\(line)" }
  }

  /// The reason in a line holding the marker that exempts a block,
  /// `<!-- snippet: not addable (why) -->`; nil without one.
  static func markerReason(_ line: String) -> String? {
    line.firstMatch(of: #/<!--\s*snippet:\s*not addable\s*\((.+)\)\s*-->/#).map { String($0.1) }
  }

  /// The ```` ```json ```` blocks of README.md.
  static func snippets() -> [Snippet] {
    let url = cliPackageRoot.appendingPathComponent("README.md")
    guard let readme = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    return snippets(in: readme)
  }

  /// The ```` ```json ```` blocks of a Markdown text, each with the reason of a marker on
  /// the line just before its fence.
  static func snippets(in markdown: String) -> [Snippet] {
    let lines = markdown.components(separatedBy: "\n")
    var out: [Snippet] = []
    var index = 0
    while index < lines.count {
      let fence = lines[index].trimmingCharacters(in: .whitespaces)
      guard fence == "```json" || fence == "```jsonc" || fence == "```json5" else {
        index += 1
        continue
      }
      let start = index
      var body: [String] = []
      index += 1
      while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
        body.append(lines[index])
        index += 1
      }
      let previous = start > 0 ? lines[start - 1] : ""
      out.append(
        Snippet(
          line: start + 1, text: body.joined(separator: "\n"), notAddable: markerReason(previous)))
      index += 1
    }
    return out
  }

  static let markerHint =
    "if it is a fragment, put <!-- snippet: not addable (why) --> on the line before the fence"

  /// What is wrong with a snippet: empty when the catalog accepts it and renders with it.
  /// A definition is added to a copy of `catalog.db.example` and rendered with its
  /// defaults and every variant; a token file or resolver document is added and every
  /// example component rendered.
  static func problems(_ snippet: Snippet) throws -> [String] {
    let place = "README.md:\(snippet.line)"
    if let reason = snippet.notAddable {
      return reason.trimmingCharacters(in: .whitespaces).isEmpty
        ? ["\(place): the marker must say why the block is not addable"] : []
    }
    let document: JSONDocument
    do {
      document = try JSONParser.parse(snippet.text, file: place)
    } catch {
      return ["\(place): not JSON (\(error)); \(markerHint)"]
    }
    guard let object = document.root.objectValue else {
      return ["\(place): not a JSON object; \(markerHint)"]
    }
    let sandbox = try Sandbox()
    try FileManager.default.copyItem(
      atPath: cliPackageRoot.appendingPathComponent("catalog.db.example").path, toPath: sandbox.db)
    var problems: [String] = []
    if object["body"] != nil {
      // A component definition.
      guard let name = object["name"]?.stringValue else {
        return ["\(place): a definition without a name"]
      }
      let add = sandbox.run(["add", try sandbox.write("\(name).json", snippet.text)])
      guard add.status == 0 else {
        return ["\(place): catalog add refused the definition:\n\(add.err)"]
      }
      var cases: [[String]] = [[]]
      for (variant, _) in object["variants"]?.objectValue?.members ?? [] {
        cases.append(["--variant", variant])
      }
      for extra in cases {
        let render = sandbox.run(["render", name] + extra)
        if render.status != 0 || !render.out.hasPrefix("\(name) on ios") {
          problems.append(
            "\(place): render \(([name] + extra).joined(separator: " ")) failed:\n\(render.err)")
        }
      }
    } else if object["resolutionOrder"] != nil || containsKey("$value", in: document.root) {
      // A DTCG resolver document or token file.
      let file = object["resolutionOrder"] != nil ? "readme.resolver.json" : "readme.tokens.json"
      let add = sandbox.run(["add", try sandbox.write(file, snippet.text)])
      guard add.status == 0 else {
        return ["\(place): catalog add refused the token file:\n\(add.err)"]
      }
      for name in exampleComponentNames {
        let render = sandbox.run(["render", name])
        if render.status != 0 {
          problems.append("\(place): after adding it, render \(name) failed:\n\(render.err)")
        }
      }
    } else {
      problems.append(
        "\(place): a ```json block that is neither a component definition (with \"body\") nor a DTCG token file or resolver document; \(markerHint)"
      )
    }
    return problems
  }

  @Test func theReadmeHasSnippets() {
    // The definition example and the instance example at least; zero would mean the
    // extraction broke and every other test here passes vacuously.
    #expect(Self.snippets().filter { $0.notAddable == nil }.count >= 2)
  }

  @Test(arguments: snippets())
  func everySnippetIsAcceptedAndRenders(_ snippet: Snippet) throws {
    let problems = try Self.problems(snippet)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  /// The checker itself, on a Markdown text of our own: it accepts what the catalog
  /// accepts and catches each kind of bad block.
  @Test func theCheckerCatchesEachKindOfBadBlock() throws {
    let markdown = """
      ```json
      {"space": {"$type": "dimension", "huge": {"$value": {"value": 99, "unit": "px"}}}}
      ```
      ```json
      {"name": "Bad", "body": {"type": "VStack", "arguments": {"alignment": "leading"}}}
      ```
      ```json
      {"padding": 8}
      ```
      <!-- snippet: not addable (a modifier alone) -->
      ```json
      {"padding": 8}
      ```
      ```json
      "edges": ["bottom"]
      ```
      ```json
      {"name": "Missing", "body": {"type": "NoSuchComponent"}}
      ```
      """
    let found = Self.snippets(in: markdown)
    #expect(found.map(\.line) == [1, 4, 7, 11, 14, 17])
    #expect(found.map(\.notAddable) == [nil, nil, nil, "a modifier alone", nil, nil])
    let problems = try found.map { try Self.problems($0) }
    #expect(problems[0].isEmpty, "a token file is accepted: \(problems[0])")
    #expect(
      problems[1].first?.contains("catalog add refused the definition") == true, "\(problems[1])")
    #expect(problems[1].first?.contains("arguments") == true, "\(problems[1])")
    #expect(problems[2].first?.contains("neither a component definition") == true, "\(problems[2])")
    #expect(problems[3].isEmpty)
    #expect(problems[4].first?.contains("not JSON") == true, "\(problems[4])")
    #expect(
      problems[5].first?.contains("catalog add refused the definition") == true, "\(problems[5])")
  }

  @Test func theMarkerNeedsAReason() {
    let marked = "<!-- snippet: not addable (a modifier alone) -->"
    #expect(Self.markerReason(marked) == "a modifier alone")
    #expect(Self.markerReason("<!-- snippet: not addable -->") == nil)
  }

  static func containsKey(_ key: String, in value: JSONValue, depth: Int = 0) -> Bool {
    guard depth < 64, let object = value.objectValue else { return false }
    return object.members.contains {
      $0.key == key || containsKey(key, in: $0.value, depth: depth + 1)
    }
  }
}
