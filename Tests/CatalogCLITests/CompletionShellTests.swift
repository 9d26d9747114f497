import CatalogTestSupport
import Foundation
import Testing

@testable import CatalogCLI

extension ExternalRequirement {
  /// zsh, for `zsh -n` and running the zsh completion function.
  static let zsh = program(["zsh"], package: "zsh")
  /// fish, for `fish --no-execute` and `complete -C`.
  static let fish = program(["fish"], package: "fish")
}

/// The scripts `catalog completion bash|zsh|fish` writes, in the real shells: each is
/// accepted by the shell's syntax check, and each completes every command and the options
/// of a nested command (`tokens set`) through the built binary.
@Suite struct CompletionShellTests {
  /// Every command `catalog --help` lists (the hidden `__complete` left out).
  static var commandNames: [String] {
    CatalogCommand.commands.map { $0.spec }.filter { !$0.isHidden }.map(\.name)
  }

  /// The options `catalog tokens set --` offers, as the spec declares them.
  static var nestedOptions: [String] {
    let spec = CatalogCommand.spec(for: ["tokens", "set"])
    return (spec.options.map(\.name) + spec.flags.map(\.name)).map { "--\($0)" }
  }

  /// Runs `program arguments…` with the built binary first on PATH; returns stdout, and
  /// records stderr and the exit status when it fails.
  func shell(_ program: String, _ arguments: [String], binary: URL, in s: Sandbox) throws -> String
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [program] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] =
      binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    environment["CATALOG_DB"] = s.db
    environment["HOME"] = s.url.path
    environment["XDG_CONFIG_HOME"] = s.path("config")
    environment["XDG_DATA_HOME"] = s.path("data")
    process.environment = environment
    process.currentDirectoryURL = s.url
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    let errors = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(
      process.terminationStatus == 0,
      "\(program) \(arguments): \(String(decoding: errors, as: UTF8.self))")
    return String(decoding: data, as: UTF8.self)
  }

  func script(_ shell: String, _ s: Sandbox) throws -> String {
    let r = catalog(["completion", shell])
    #expect(r.status == 0)
    return try s.write("catalog.\(shell)", r.out)
  }

  @Test func bashAcceptsTheScript() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    _ = try shell("bash", ["-n", try script("bash", s)], binary: binary, in: s)
  }

  @Test(.requires(.zsh)) func zshAcceptsTheScript() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    _ = try shell("zsh", ["-n", try script("zsh", s)], binary: binary, in: s)
  }

  @Test(.requires(.fish)) func fishAcceptsTheScript() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    _ = try shell("fish", ["--no-execute", try script("fish", s)], binary: binary, in: s)
  }

  /// A script that is not valid is refused by the check (so the checks above can fail).
  @Test(.requires(.zsh), .requires(.fish)) func theSyntaxChecksRefuseABrokenScript() throws {
    let s = try Sandbox()
    for (program, flag, text) in [
      ("bash", "-n", "_catalog() { if then; }\n"), ("zsh", "-n", "_catalog() { if then; }\n"),
      ("fish", "--no-execute", "function __catalog_complete\n  echo (\nend\n"),
    ] {
      let file = try s.write("broken.\(program)", text)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [program, flag, file]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus != 0, "\(program) accepted a broken script")
    }
  }

  @Test func bashCompletesEveryCommandAndANestedCommandsOptions() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox.withExamples()
    let file = try script("bash", s)
    func complete(_ words: [String]) throws -> [String] {
      let quoted = words.map { "'\($0)'" }.joined(separator: " ")
      let driver =
        "source '\(file)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _catalog; printf '%s\\n' \"${COMPREPLY[@]}\""
      return try shell("bash", ["--norc", "--noprofile", "-c", driver], binary: binary, in: s)
        .split(separator: "\n").map(String.init)
    }
    #expect(Set(try complete(["catalog", ""])) == Set(Self.commandNames))
    #expect(
      Set(try complete(["catalog", "tokens", "set", "--"])).isSuperset(of: Self.nestedOptions))
  }

  @Test(.requires(.zsh)) func zshCompletesEveryCommandAndANestedCommandsOptions() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox.withExamples()
    let file = try script("zsh", s)
    // zsh's completion system runs only in an interactive shell; the function is run
    // as written, with `compdef`, `compadd` and `_files` standing in for the system's
    // (each prints what it would offer).
    func complete(_ words: [String]) throws -> [String] {
      let quoted = words.map { "'\($0)'" }.joined(separator: " ")
      let driver = """
        compdef() { : }
        compadd() { if [[ $1 == -a ]]; then print -l -- "${(@P)2}"; else print -l -- "$@"; fi }
        _files() { print -- __files__ }
        source '\(file)'
        words=(\(quoted))
        CURRENT=\(words.count)
        _catalog
        """
      return try shell("zsh", ["-f", "-c", driver], binary: binary, in: s)
        .split(separator: "\n").map(String.init)
    }
    #expect(Set(try complete(["catalog", ""])) == Set(Self.commandNames))
    #expect(
      Set(try complete(["catalog", "tokens", "set", "--"])).isSuperset(of: Self.nestedOptions))
    #expect(try complete(["catalog", "render", "Track"]).contains("TrackRow"))
  }

  @Test(.requires(.fish)) func fishCompletesEveryCommandAndANestedCommandsOptions() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox.withExamples()
    let file = try script("fish", s)
    // `complete -C LINE` asks fish's own completion machinery what it offers for LINE.
    func complete(_ line: String) throws -> [String] {
      try shell(
        "fish", ["--no-config", "-c", "source '\(file)'; complete -C '\(line)'"], binary: binary,
        in: s
      )
      .split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
    }
    #expect(Set(try complete("catalog ")).isSuperset(of: Self.commandNames))
    #expect(Set(try complete("catalog tokens set --")).isSuperset(of: Self.nestedOptions))
    #expect(try complete("catalog render Track").contains("TrackRow"))
  }

  /// A catalog whose token names would run commands if a shell expanded them.
  static func hostileCatalog() throws -> (Sandbox, names: [String]) {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let names = ["x$(touch pwned1)", "x`touch pwned2`", "x$HOME", "it's", "x a b", "x*"]
    var document: [String: Any] = [:]
    for name in names {
      document[name] = ["$type": "dimension", "$value": ["value": 1, "unit": "px"]]
    }
    let file = try s.write(
      "evil.tokens.json",
      String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self))
    #expect(s.run(["add", file]).status == 0)
    return (s, names)
  }

  /// zsh hands the names to `compadd` as they are (it quotes what it inserts) and runs none.
  @Test(.requires(.zsh)) func zshRunsNoHostileName() throws {
    let binary = try #require(builtBinary)
    let (s, names) = try Self.hostileCatalog()
    let file = try script("zsh", s)
    let driver = """
      compdef() { : }
      compadd() { if [[ $1 == -a ]]; then print -l -- "${(@P)2}"; else print -l -- "$@"; fi }
      _files() { print -- __files__ }
      source '\(file)'
      words=(catalog tokens get x)
      CURRENT=4
      _catalog
      """
    let out = try shell("zsh", ["-f", "-c", driver], binary: binary, in: s)
    #expect(Set(out.split(separator: "\n").map(String.init)) == Set(names))
    #expect(!FileManager.default.fileExists(atPath: s.path("pwned1")))
    #expect(!FileManager.default.fileExists(atPath: s.path("pwned2")))
  }

  /// fish offers the names (escaping what it inserts) and runs none.
  @Test(.requires(.fish)) func fishRunsNoHostileName() throws {
    let binary = try #require(builtBinary)
    let (s, _) = try Self.hostileCatalog()
    let file = try script("fish", s)
    let out = try shell(
      "fish", ["--no-config", "-c", "source '\(file)'; complete -C 'catalog tokens get it'"],
      binary: binary, in: s)
    #expect(out.contains("it"), "\(out)")
    #expect(!FileManager.default.fileExists(atPath: s.path("pwned1")))
    #expect(!FileManager.default.fileExists(atPath: s.path("pwned2")))
  }
}
