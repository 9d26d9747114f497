import Foundation
import Testing

/// `catalog completion bash` loaded into a real bash: commands, options, option values,
/// component names and token paths from the catalog.
@Suite struct CompletionScriptTests {
  /// Completes `line` (the words typed so far, the last one being completed) in bash with
  /// the script sourced and the built binary first on PATH.
  /// With `asTyped`, each candidate is printed as the shell reads the word it inserts
  /// (`eval`), so a name inserted unquoted shows up changed, or runs.
  func complete(_ words: [String], _ s: Sandbox, binary: URL, asTyped: Bool = false) throws
    -> [String]
  {
    let script = try s.write("catalog.bash", catalog(["completion", "bash"]).out)
    let quoted = words.map { "'\($0.replacingOccurrences(of: "'", with: "'\\''"))'" }.joined(
      separator: " ")
    let print =
      asTyped
      ? #"for r in "${COMPREPLY[@]}"; do eval "v=$r"; printf '%s\n' "$v"; done"#
      : #"printf '%s\n' "${COMPREPLY[@]}""#
    let driver = """
      source '\(script)'
      COMP_WORDS=(\(quoted))
      COMP_CWORD=\(words.count - 1)
      _catalog
      \(print)
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["--norc", "--noprofile", "-c", driver]
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] =
      binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    environment["CATALOG_DB"] = s.db
    process.environment = environment
    process.currentDirectoryURL = s.url
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  @Test func bashCompletesCommandsOptionsValuesAndCatalogNames() throws {
    guard let binary = builtBinary else {
      Issue.record("the catalog executable was not found; build it with 'swift build'")
      return
    }
    guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else {
      Issue.record("bash is needed at /bin/bash")
      return
    }
    let s = try Sandbox.withExamples()
    #expect(try complete(["catalog", "ren"], s, binary: binary) == ["render"])
    #expect(
      try complete(["catalog", "tokens", "re"], s, binary: binary).sorted() == [
        "remove", "rename", "resolvers",
      ])
    #expect(
      try complete(["catalog", "render", "Track"], s, binary: binary).sorted() == [
        "TrackListRow", "TrackRow",
      ])
    #expect(
      try complete(["catalog", "render", "TrackRow", "--for"], s, binary: binary) == ["--format"])
    #expect(
      try complete(["catalog", "render", "TrackRow", "--format", "s"], s, binary: binary).sorted()
        == ["svg", "swiftui"])
    #expect(
      try complete(["catalog", "tokens", "get", "space.m"], s, binary: binary) == ["space.md"])
    #expect(
      try complete(["catalog", "--db", s.db, "show", "Album"], s, binary: binary) == ["AlbumCard"])
    // `lint --rule` is a declared choice: its values are the rule ids.
    #expect(
      try complete(["catalog", "lint", "--rule", "unu"], s, binary: binary).sorted() == [
        "unused-parameter", "unused-token",
      ])
  }

  /// Token names are data: `$(…)`, backquotes, variables, quotes, spaces and globs in a
  /// name are neither run nor expanded by the completion, and each completes to a word the
  /// shell reads back as the name. (`compgen -W` ran `$(touch …)` and gave nothing at all
  /// for a name with `'`.)
  @Test func hostileTokenNamesCompleteLiterallyAndRunNothing() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let names = [
      "x$(touch pwned1)", "x`touch pwned2`", "x$HOME", "it's", #"x"q"#, "x a b",
      "x*", "x?[ab]", "x\\", "x;touch pwned3",
    ]
    var document: [String: Any] = [:]
    for name in names {
      document[name] = ["$type": "dimension", "$value": ["value": 1, "unit": "px"]]
    }
    let file = try s.write(
      "evil.tokens.json",
      String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self))
    let add = s.run(["add", file])
    #expect(add.status == 0, "\(add.err)")
    for (typed, expected) in [
      ("x", names.filter { $0.hasPrefix("x") }), ("it", ["it's"]),
      ("x\\$", ["x$(touch pwned1)", "x$HOME"]),
      ("", names),
    ] {
      let completed = try complete(
        ["catalog", "--db", s.db, "tokens", "get", typed], s, binary: binary, asTyped: true)
      #expect(completed.sorted() == expected.sorted(), "typed \(typed)")
    }
    for sentinel in ["pwned1", "pwned2", "pwned3"] {
      #expect(!FileManager.default.fileExists(atPath: s.path(sentinel)), "\(sentinel) was run")
    }
  }
}
