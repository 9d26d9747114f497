import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Small rules a fresh user met: a platform name checked before SQLite sees it, a file given
/// twice, an empty `--output`, and messages that said a place or a count twice, suggested
/// the name being defined, named one unreadable file of several, or were not bounded.
@Suite struct InputRulesAndBoundedMessagesTests {
  // MARK: - platform names

  @Test("platforms set refuses a name that is not a lower-case identifier, in words")
  func platformNameRule() throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    for name in ["a b", "Mac", "9os", "", String(repeating: "a", count: 65)] {
      let r = s.run(["platforms", "set", name, "--spacing", "8", "--padding", "8", "--scale", "2"])
      #expect(r.status == 1, "\(name): \(r.err)")
      #expect(r.err.contains("is refused"), "\(name): \(r.err)")
      #expect(r.err.contains("a platform name is a lower-case letter followed by"), "\(r.err)")
      #expect(!r.err.contains("CHECK"), "\(r.err)")
    }
    // Said first, before the options a new platform needs.
    let bare = s.run(["platforms", "set", "a b", "--spacing", "8"])
    #expect(bare.err.contains("the platform name 'a b' is refused"), "\(bare.err)")
    #expect(
      s.run(["platforms", "set", "watch_os2", "--spacing", "8", "--padding", "8", "--scale", "2"])
        .status == 0)
  }

  @Test("the built binary refuses a bad platform name with exit 1 and no SQLite words")
  func platformNameRuleBinary() throws {
    let binary = try #require(builtBinary, "build with 'swift build --build-tests'")
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let r = try runBinary(
      binary,
      [
        "--db", s.db, "platforms", "set", "a b", "--spacing", "1", "--padding", "1", "--scale", "1",
      ],
      in: s.url, deadline: 60)
    #expect(r.status == 1)
    #expect(r.err.hasPrefix("Error: the platform name 'a b' is refused"), "\(r.err)")
    #expect(!r.err.contains("constraint"), "\(r.err)")
  }

  @Test("a folder's platforms.json with a bad name is refused at its JSON path")
  func platformNameInFolder() throws {
    let s = try Sandbox()
    #expect(s.run(["init", "--example"]).status == 0)
    #expect(s.run(["export", s.path("out")]).status == 0)
    try s.write(
      "out/platforms.json",
      #"[{"name": "ios", "defaultSpacing": 8, "defaultPadding": 16, "displayScale": 3}, {"name": "Apple TV", "defaultSpacing": 8, "defaultPadding": 16, "displayScale": 2}]"#
    )
    let r = s.run(["import", s.path("out")], db: s.path("other.db"))
    #expect(r.status == 1)
    #expect(
      r.err.contains("platforms.json: [1].name: the platform name 'Apple TV' is refused"),
      "\(r.err)")
    #expect(!r.err.contains("CHECK"), "\(r.err)")
  }

  // MARK: - warning summary

  @Test("a summary of one kind of warning says the count once")
  func summaryOfOneKind() throws {
    let s = try Sandbox()
    // 30 boolean tokens (each not imported) beside one token that is.
    let members =
      (0..<30).map { #""f\#($0)": {"$type": "boolean", "$value": true}"# }
      + [#""gap": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}"#]
    let file = try s.write("flags.tokens.json", "{\(members.joined(separator: ", "))}")
    let r = s.run(["add", file])
    #expect(r.status == 0, "\(r.err)")
    #expect(
      r.err.contains("… and 10 more warnings (each a token not imported; --verbose to show all)"),
      "\(r.err)")
    #expect(!r.err.contains("10 tokens not imported"), "\(r.err)")
  }

  // MARK: - the view limit

  @Test("the view-limit refusal says its place once")
  func viewLimitPlaceOnce() throws {
    let s = try Sandbox()
    let file = try s.write(
      "Nest.json",
      #"{"name":"Nest","body":{"type":"ForEach","count":10000,"children":[{"type":"ForEach","count":10000,"children":[{"type":"Text","text":"x"}]}]}}"#
    )
    let r = s.run(["add", file])
    #expect(r.status == 1)
    #expect(r.err.contains("resolves to more than 500000 views"), "\(r.err)")
    let line = try #require(r.err.split(separator: "\n").first { $0.contains("500000") })
    #expect(line.components(separatedBy: "Nest:").count == 2, "\(line)")
    #expect(line.contains("defaults does not render: the component resolves"), "\(line)")
  }

  // MARK: - suggestions

  @Test("an unknown view type is never answered with the component's own name")
  func noSelfSuggestion() throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let r = s.run(["add", try s.write("Q.json", #"{"name": "Q", "body": {"type": "R"}}"#)])
    #expect(r.status == 1)
    #expect(r.err.contains("unknown view type 'R'"), "\(r.err)")
    #expect(!r.err.contains("did you mean 'Q'"), "\(r.err)")
    // Another component of that name is still suggested.
    #expect(
      s.run([
        "add", try s.write("P.json", #"{"name": "P", "body": {"type": "Text", "text": "p"}}"#),
      ]).status == 0)
    let again = s.run(["add", try s.write("Q2.json", #"{"name": "Q", "body": {"type": "R"}}"#)])
    #expect(again.err.contains("did you mean 'P'"), "\(again.err)")
  }

  // MARK: - unreadable files

  @Test("every FIFO of a catalog folder is named, not only the first")
  func everyFIFOIsNamed() throws {
    let s = try Sandbox()
    #expect(s.run(["init", "--example"]).status == 0)
    #expect(s.run(["export", s.path("out")]).status == 0)
    #expect(mkfifo(s.path("out/components/P1.json"), 0o600) == 0)
    #expect(mkfifo(s.path("out/components/P2.json"), 0o600) == 0)
    for args in [["import", s.path("out")], ["check", s.path("out")]] {
      let r = s.run(args, db: s.path("other.db"))
      #expect(r.status == 1, "\(args)")
      #expect(
        r.err.contains("components/P1.json: cannot read the file: it is a named pipe"), "\(r.err)")
      #expect(
        r.err.contains("components/P2.json: cannot read the file: it is a named pipe"), "\(r.err)")
    }
  }

  #if CATALOG_SWIFT_BRIDGE
    @Test("check-swift and import-swift name every FIFO of a folder")
    func everySwiftFIFOIsNamed() throws {
      let binary = try #require(builtBinary, "build with 'swift build --build-tests'")
      let s = try Sandbox()
      try FileManager.default.createDirectory(
        at: s.url.appendingPathComponent("d"), withIntermediateDirectories: true)
      try s.write(
        "d/V.swift", "import SwiftUI\nstruct V: View {\n  var body: some View { Text(\"a\") }\n}\n")
      #expect(mkfifo(s.path("d/p.swift"), 0o600) == 0)
      #expect(mkfifo(s.path("d/q.swift"), 0o600) == 0)
      for args in [["check-swift", "d"], ["import-swift", "d"]] {
        let r = try runBinary(binary, ["--db", s.db] + args, in: s.url, deadline: 60)
        #expect(r.status == 1, "\(args): \(r.out)\(r.err)")
        #expect(r.err.contains("p.swift: cannot read the file: it is a named pipe"), "\(r.err)")
        #expect(r.err.contains("q.swift: cannot read the file: it is a named pipe"), "\(r.err)")
      }
    }
  #endif

  // MARK: - a file given twice

  @Test("add reads a file given twice once, and says so")
  func fileGivenTwice() throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let card = try s.write("C.json", #"{"name": "C", "body": {"type": "Text", "text": "c"}}"#)
    let r = s.run(["add", card, card, s.url.path + "/./C.json"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.err.contains("C.json: the file is given 3 times (as "), "\(r.err)")
    #expect(r.err.contains("it is read once"), "\(r.err)")
    let history = s.run(["history", "C"])
    #expect(history.out.components(separatedBy: "create").count == 2, "\(history.out)")
    let tokens = try s.write(
      "t.tokens.json", #"{"gap": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}}"#)
    let t = s.run(["add", tokens, tokens])
    #expect(t.status == 0, "\(t.err)")
    #expect(t.err.contains("t.tokens.json: the file is given twice; it is read once"), "\(t.err)")
  }

  // MARK: - empty --output

  @Test("an empty --output is a usage error (exit 64), in-process too")
  func emptyOutputIsUsage() throws {
    let s = try Sandbox.withExamples()
    for args in [["render", "TrackRow", "--output", ""], ["tokens", "export", "--output", ""]] {
      let r = s.run(args)
      #expect(r.status == 64, "\(args): \(r.err)")
      #expect(r.err.contains("the path is empty, which names no file"), "\(r.err)")
      #expect(r.err.contains("Usage:"), "\(r.err)")
    }
  }

  /// An empty path argument is the same usage error as an empty `--output`, for every
  /// command whose argument is a path; before, `add ''` said `Error: : no such file` (exit 1).
  @Test(
    "an empty path argument is a usage error (exit 64)",
    arguments: [
      ["add", ""], ["import", ""], ["check", ""], ["compare", "", "x"],
      ["tokens", "import-resolver", ""], ["site", ""],
    ])
  func emptyPathArgumentIsUsage(_ args: [String]) throws {
    let s = try Sandbox.withExamples()
    let r = s.run(args)
    #expect(r.status == 64, "\(args): \(r.err)")
    #expect(
      r.err.contains("is invalid for '<") && r.err.contains("the path is empty"), "\(r.err)")
    #expect(r.err.contains("Usage:"), "\(r.err)")
  }

  /// However it is spelled: `x.json ./x.json` reported it twice (a missing file has no
  /// inode to compare, so the paths are compared as written, made standard).
  @Test(
    "a missing file given twice is reported once",
    arguments: ["missing.json", "./missing.json", "sub/../missing.json"])
  func missingFileOnce(again: String) throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["add", s.path("missing.json"), s.path(again)])
    #expect(r.status == 1)
    #expect(r.err.components(separatedBy: "missing.json: no such file").count == 2, "\(r.err)")
    if again != "missing.json" { #expect(!r.err.contains(s.path(again)), "\(r.err)") }
  }

  // MARK: - render warnings

  @Test("render's warnings are bounded, and --verbose lists all")
  func renderWarningsBounded() throws {
    let s = try Sandbox()
    // A deprecated token used by 30 views: one warning per view.
    let tokens = try s.write(
      "space.tokens.json",
      #"{"space": {"old": {"$type": "dimension", "$deprecated": "use another", "$value": {"value": 4, "unit": "px"}}}}"#
    )
    #expect(s.run(["add", tokens]).status == 0)
    let texts = (0..<30).map {
      #"{"type": "Text", "text": "t\#($0)", "modifiers": [{"padding": {"length": "{space.old}"}}]}"#
    }
    let file = try s.write(
      "W.json",
      #"{"name": "W", "body": {"type": "VStack", "children": ["# + texts.joined(separator: ", ")
        + "]}}")
    let add = s.run(["add", file])
    #expect(add.status == 0, "\(add.err)")
    let r = s.run(["render", "W"])
    #expect(r.status == 0, "\(r.err)")
    let warnings = r.err.split(separator: "\n").filter { $0.hasPrefix("warning:") }
    #expect(warnings.count == 20, "\(r.err)")
    #expect(r.err.contains("… and 10 more warnings (--verbose to show all)"), "\(r.err)")
    let verbose = s.run(["render", "W", "--verbose"])
    #expect(verbose.err.split(separator: "\n").filter { $0.hasPrefix("warning:") }.count == 30)
    #expect(s.run(["render", "W", "--quiet"]).err.isEmpty)
  }

  // MARK: - token collisions

  @Test("token collisions are bounded as every list is: 20, then how many more")
  func collisionsBounded() throws {
    let s = try Sandbox()
    let base = (0..<30).map {
      #""t\#($0)": {"$type": "dimension", "$value": {"value": 1, "unit": "px"}}"#
    }
    #expect(
      s.run(["add", try s.write("a.tokens.json", "{\(base.joined(separator: ", "))}")]).status == 0)
    let inside = (0..<30).map {
      #""t\#($0)": {"x": {"$type": "dimension", "$value": {"value": 1, "unit": "px"}}}"#
    }
    let r = s.run(["add", try s.write("b.tokens.json", "{\(inside.joined(separator: ", "))}")])
    #expect(r.status == 1)
    let collisions = r.err.split(separator: "\n").filter {
      $0.contains("would be inside the token")
    }
    #expect(collisions.count == 20, "\(r.err)")
    #expect(r.err.contains("… and 10 more"), "\(r.err)")
    #expect(!r.err.contains("more tokens collide"), "\(r.err)")
    let verbose = s.run(["add", s.path("b.tokens.json"), "--verbose"])
    #expect(
      verbose.err.split(separator: "\n").filter { $0.contains("would be inside the token") }.count
        == 30, "\(verbose.err)")
  }
}
