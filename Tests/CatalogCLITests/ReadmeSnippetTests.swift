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

  static func snippets() -> [Snippet] {
    let url = cliPackageRoot.appendingPathComponent("README.md")
    guard let readme = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    let lines = readme.components(separatedBy: "\n")
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
      let reason = Self.markerReason(previous)
      out.append(Snippet(line: start + 1, text: body.joined(separator: "\n"), notAddable: reason))
      index += 1
    }
    return out
  }

  @Test func theReadmeHasSnippets() {
    // The definition example and the instance example at least; zero would mean the
    // extraction broke and every other test here passes vacuously.
    #expect(Self.snippets().filter { $0.notAddable == nil }.count >= 2)
  }

  @Test(arguments: snippets())
  func everySnippetIsAcceptedAndRenders(_ snippet: Snippet) throws {
    if let reason = snippet.notAddable {
      #expect(
        !reason.trimmingCharacters(in: .whitespaces).isEmpty,
        "the marker must say why the block is not addable")
      return
    }
    let where_ = "README.md:\(snippet.line)"
    let document: JSONDocument
    do {
      document = try JSONParser.parse(snippet.text, file: where_)
    } catch {
      Issue.record(
        "\(where_): not JSON (\(error)); if it is a fragment, put <!-- snippet: not addable (why) --> on the line before the fence"
      )
      return
    }
    let object = document.root.objectValue
    let sandbox = try Sandbox()
    try FileManager.default.copyItem(
      atPath: cliPackageRoot.appendingPathComponent("catalog.db.example").path, toPath: sandbox.db)

    if let object, object["body"] != nil {
      // A component definition.
      let name = try #require(object["name"]?.stringValue, "\(where_): a definition without a name")
      let file = try sandbox.write("\(name).json", snippet.text)
      let add = sandbox.run(["add", file])
      try #require(
        add.status == 0, "\(where_): catalog add refused the README's definition:\n\(add.err)")
      var cases: [[String]] = [[]]
      for (variant, _) in object["variants"]?.objectValue?.members ?? [] {
        cases.append(["--variant", variant])
      }
      for extra in cases {
        let render = sandbox.run(["render", name] + extra)
        #expect(
          render.status == 0,
          "\(where_): render \(name) \(extra.joined(separator: " ")) failed:\n\(render.err)")
        #expect(render.out.hasPrefix("\(name) on ios"), "\(where_): \(render.out)")
      }
    } else if let object,
      object["resolutionOrder"] != nil || Self.containsKey("$value", in: document.root)
    {
      // A DTCG resolver document or token file.
      let file = try sandbox.write(
        object["resolutionOrder"] != nil ? "readme.resolver.json" : "readme.tokens.json",
        snippet.text)
      let add = sandbox.run(["add", file])
      try #require(
        add.status == 0, "\(where_): catalog add refused the README's token file:\n\(add.err)")
      for name in exampleComponentNames {
        let render = sandbox.run(["render", name])
        #expect(
          render.status == 0, "\(where_): after adding it, render \(name) failed:\n\(render.err)")
      }
    } else {
      Issue.record(
        "\(where_): a ```json block that is neither a component definition (with \"body\") nor a DTCG token file or resolver document; if it is a fragment, put <!-- snippet: not addable (why) --> on the line before the fence"
      )
    }
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
