import Foundation
import Testing

/// `catalog init --example`: a new catalog with a spacing token set and two components,
/// and three commands to try that work on it; `catalog --help` ends with the same ones.
@Suite struct InitExampleTests {
  /// The commands listed under "Try next:", as argument lists without `catalog`.
  static func nextCommands(_ text: String) -> [[String]] {
    guard let range = text.range(of: "Try next:\n") else { return [] }
    return text[range.upperBound...].split(separator: "\n").map {
      $0.trimmingCharacters(in: .whitespaces).split(separator: " ").map(String.init)
    }.filter { $0.first == "catalog" }.map { Array($0.dropFirst()) }
  }

  @Test func createsTheExampleAndEveryNextCommandWorks() throws {
    let s = try Sandbox()
    let run = s.run(["init", "--example"])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.err.isEmpty)
    #expect(run.out.contains("Initialized catalog at \(s.db)"))
    let commands = Self.nextCommands(run.out)
    #expect(commands.count == 3)
    #expect(commands.allSatisfy { $0.prefix(2) == ["--db", s.db] })
    let list = s.run(["list"])
    #expect(list.out.contains("Card") && list.out.contains("TitleBlock"))
    let tokens = s.run(["tokens", "list", "--set", "spacing"])
    #expect(tokens.status == 0)
    for path in ["space.xs", "space.sm", "space.md", "space.lg", "card.padding"] {
      #expect(tokens.out.contains(path), "\(tokens.out)")
    }
    for command in commands {
      let result = catalog(command)
      #expect(result.status == 0, "catalog \(command.joined(separator: " ")): \(result.err)")
      #expect(result.err.isEmpty, "catalog \(command.joined(separator: " ")) warned: \(result.err)")
      #expect(!result.out.isEmpty)
    }
    // The render shows the instance and the token chain.
    let render = s.run(["render", "Card", "--variant", "long", "--explain"])
    #expect(render.out.contains("from TitleBlock body"))
    #expect(render.out.contains("← {card.padding} ← {space.md} ← 16px"))
  }

  @Test func withoutDbTheCommandsAreBareAndMatchTheHelp() throws {
    let steps = Self.nextCommands(InitCommandText.nextSteps)
    #expect(steps.count == 3)
    let help = catalog(["--help"])
    #expect(help.status == 0)
    let tail = help.out[help.out.range(of: "GET STARTED:")!.upperBound...]
    let helpCommands = tail.split(separator: "\n").compactMap { line -> [String]? in
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard trimmed.hasPrefix("catalog ") else { return nil }
      // The command is separated from its description by two spaces.
      let command = trimmed.components(separatedBy: "  ")[0]
      return Array(command.split(separator: " ").map(String.init).dropFirst())
    }
    #expect(helpCommands == [["init", "--example"]] + steps)
    #expect(help.out.hasSuffix(String(tail)))
  }

  @Test func theBuiltBinaryInACleanFolder() throws {
    let binary = try #require(builtBinary, "the catalog executable is not built")
    let s = try Sandbox()
    // No --db and no $CATALOG_DB: ./catalog.db, and bare commands.
    let run = try runBinary(binary, ["init", "--example"], in: s.url)
    #expect(run.status == 0)
    #expect(run.err == "")
    #expect(run.out.hasPrefix("Initialized catalog at catalog.db"))
    #expect(Self.nextCommands(run.out).count == 3)
    #expect(FileManager.default.fileExists(atPath: s.path("catalog.db")))
    for command in Self.nextCommands(run.out) {
      let next = try runBinary(binary, command, in: s.url)
      #expect(next.status == 0, "catalog \(command.joined(separator: " ")): \(next.err)")
      #expect(next.err == "")
    }
    let again = try runBinary(binary, ["init", "--example"], in: s.url)
    #expect(again.status == 1)
    #expect(again.out == "")
    #expect(again.err.hasPrefix("Error: catalog.db already holds 2 component(s) and 5 token(s)"))
  }

  @Test func refusedOnACatalogThatHoldsSomething() throws {
    let s = try Sandbox.withExamples()
    let before = s.run(["list"]).out
    let run = s.run(["init", "--example"])
    #expect(run.status == 1)
    #expect(run.out.isEmpty)
    #expect(
      run.err.contains("already holds") && run.err.contains("--example fills a new catalog only"))
    #expect(s.run(["list"]).out == before)
  }

  @Test func anEmptyCatalogFromInitCanTakeTheExample() throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let run = s.run(["init", "--example"])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains("is ready"))
    #expect(run.out.contains("Try next:"))
  }
}

/// The "Try next:" text printed without `--db`.
enum InitCommandText {
  static let nextSteps: String = {
    let s = try? Sandbox()
    guard let s else { return "" }
    // Through the environment variable, so no --db is repeated in the commands.
    return catalog(
      ["init", "--example"], environment: ["CATALOG_DB": s.db, "CATALOG_TEXT_METRICS": "fixed"]
    ).out
  }()
}
