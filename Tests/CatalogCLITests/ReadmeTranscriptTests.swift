import Foundation
import Testing

/// Every transcript in README.md's code blocks, a `$ catalog …` line followed by its
/// output, is what the command prints today: run in-process against a copy of the catalog
/// it names (`--db catalog.db.example`), or an empty one, and compared line by line.
@Suite struct ReadmeTranscriptTests {
  /// One `$ catalog …` line and the output lines under it.
  struct Transcript: Sendable, CustomTestStringConvertible {
    var line: Int
    var arguments: [String]
    var output: [String]
    var testDescription: String { "README.md:\(line)" }
  }

  /// The transcripts of a Markdown text: inside fenced blocks, from each `$ catalog ` line
  /// to the next `$ ` line or the end of the block.
  static func transcripts(in markdown: String) -> [Transcript] {
    var out: [Transcript] = []
    var inside = false
    // The transcript whose output lines are being read, if any.
    var open = false
    for (index, line) in markdown.components(separatedBy: "\n").enumerated() {
      if line.hasPrefix("```") {
        inside.toggle()
        open = false
        continue
      }
      guard inside else { continue }
      if line.hasPrefix("$ ") {
        let words = shellWords(String(line.dropFirst(2)))
        open = words.first == "catalog"
        if open {
          out.append(Transcript(line: index + 1, arguments: Array(words.dropFirst()), output: []))
        }
      } else if open {
        out[out.count - 1].output.append(line)
      }
    }
    return out
  }

  /// Splits a shell command line into words: spaces separate, '…' and "…" quote.
  static func shellWords(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quote: Character?
    var inWord = false
    for c in text {
      if let q = quote {
        if c == q { quote = nil } else { current.append(c) }
      } else if c == "'" || c == "\"" {
        quote = c
        inWord = true
      } else if c == " " {
        if inWord { words.append(current) }
        current = ""
        inWord = false
      } else {
        current.append(c)
        inWord = true
      }
    }
    if inWord { words.append(current) }
    return words
  }

  static func readmeTranscripts() -> [Transcript] {
    let url = cliPackageRoot.appendingPathComponent("README.md")
    return transcripts(in: (try? String(contentsOf: url, encoding: .utf8)) ?? "")
  }

  @Test func theReadmeHasTranscripts() {
    #expect(Self.readmeTranscripts().count >= 2)
  }

  @Test(arguments: readmeTranscripts())
  func everyTranscriptIsWhatTheCommandPrints(_ transcript: Transcript) throws {
    let sandbox = try Sandbox()
    var arguments = transcript.arguments
    if let index = arguments.firstIndex(of: "--db"), index + 1 < arguments.count {
      // A copy of the named catalog (from the package's folder), so nothing is written to it.
      let named = cliPackageRoot.appendingPathComponent(arguments[index + 1])
      if FileManager.default.fileExists(atPath: named.path) {
        try FileManager.default.copyItem(atPath: named.path, toPath: sandbox.db)
      }
      arguments[index + 1] = sandbox.db
    } else {
      arguments = ["--db", sandbox.db] + arguments
    }
    // What a user gets: the default text metrics (Inter when installed).
    var environment = ProcessInfo.processInfo.environment
    environment["CATALOG_DB"] = nil
    environment["CATALOG_TEXT_METRICS"] = nil
    let run = catalog(arguments, environment: environment)
    var expected = transcript.output
    while expected.last?.isEmpty == true { expected.removeLast() }
    var actual = run.out.components(separatedBy: "\n")
    while actual.last?.isEmpty == true { actual.removeLast() }
    #expect(
      actual == expected,
      "README.md:\(transcript.line): catalog \(transcript.arguments.joined(separator: " ")) prints (status \(run.status)):\n\(run.out)\(run.err)"
    )
  }

  @Test func transcriptsAreFoundOnlyInBlocksAndSplitLikeAShell() {
    let markdown = """
      $ catalog list
      ```sh
      $ catalog --db 'my catalog.db' render "A B"
      line 1
      $ ls
      ignored
      $ catalog list

      ```
      ```
      after the block
      ```
      """
    let found = Self.transcripts(in: markdown)
    #expect(found.map(\.line) == [3, 7])
    #expect(found[0].arguments == ["--db", "my catalog.db", "render", "A B"])
    #expect(found[0].output == ["line 1"])
    #expect(found[1].output == [""])
  }
}
