import CatalogCLI
import Foundation
import Testing

/// "Did you mean": every look-up of a name that misses suggests the nearest known one
/// (`NameSuggestion`), on the command line and in definitions, with the existing exit
/// codes: 64 for usage errors (options, their values, commands), 1 for names looked up in
/// the catalog or a definition.
@Suite struct SuggestionTests {
  /// One mistyped name: the command line, the exit status, and what stderr must say.
  struct Case: Sendable, CustomTestStringConvertible {
    var kind: String
    var args: [String]
    var status: Int32
    var message: String
    var testDescription: String { kind }
  }

  static let commandLineCases: [Case] = [
    Case(
      kind: "command", args: ["rendr", "TrackRow"], status: 64,
      message: "Unknown command 'rendr'; did you mean 'render'?"),
    Case(
      kind: "subcommand", args: ["tokens", "lsit"], status: 64,
      message: "Unknown subcommand 'lsit'; did you mean 'list'?"),
    Case(
      kind: "option (transposed letters)", args: ["render", "TrackRow", "--widht", "100"],
      status: 64, message: "Unknown option '--widht'; did you mean '--width'?"),
    Case(
      kind: "global option", args: ["list", "--dbb", "x.db"], status: 64,
      message: "Unknown option '--dbb'; did you mean '--db'?"),
    Case(
      kind: "global option before the command", args: ["--dbb", "x.db", "list"], status: 64,
      message: "Unknown option '--dbb'; did you mean '--db'?"),
    Case(
      kind: "token path (rename)", args: ["tokens", "rename", "space.mdd", "space.x"], status: 1,
      message: "no token {space.mdd}; did you mean {space.md}?"),
    Case(
      kind: "token path (history)", args: ["tokens", "history", "space.mdd"], status: 1,
      message: "no history for {space.mdd}; did you mean {space.md}?"),
    Case(
      kind: "token set", args: ["tokens", "export", "--set", "spacng"], status: 1,
      message: "did you mean 'spacing'?"),
    Case(
      kind: "format value", args: ["render", "TrackRow", "--format", "svgg"], status: 64,
      message: "Did you mean 'svg'?"),
    Case(
      kind: "text metrics value", args: ["render", "TrackRow", "--text-metrics", "fxed"],
      status: 64, message: "Did you mean 'fixed'?"),
    Case(
      kind: "lint rule", args: ["lint", "--rule", "hard-coded-lenght"], status: 64,
      message: "Unknown rule 'hard-coded-lenght'; did you mean 'hard-coded-length'?"),
    Case(
      kind: "component", args: ["render", "TrackRo"], status: 1,
      message: "no component named 'TrackRo'"),
    Case(
      kind: "component (show, case)", args: ["show", "trackrow"], status: 1,
      message: "did you mean 'TrackRow'?"),
    Case(
      kind: "component (history)", args: ["history", "AlbumCrad"], status: 1,
      message: "did you mean 'AlbumCard'?"),
    Case(
      kind: "variant", args: ["render", "TrackRow", "--variant", "no-artst"], status: 1,
      message:
        "TrackRow has no variant 'no-artst'; its variants: no-artist, full; did you mean 'no-artist'?"
    ),
    Case(
      kind: "platform", args: ["render", "TrackRow", "--platform", "iso"], status: 1,
      message: "did you mean 'ios'?"),
    Case(
      kind: "token path", args: ["tokens", "get", "space.mdd"], status: 1,
      message: "no token {space.mdd}; did you mean {space.md}?"),
    Case(
      kind: "argument name", args: ["render", "TrackRow", "-a", "titel=Intro"], status: 1,
      message:
        "TrackRow has no parameter 'titel'; its parameters: title, artist; did you mean 'title'?"
    ),
  ]

  @Test(arguments: commandLineCases)
  func commandLine(_ c: Case) throws {
    let s = try Sandbox.withExamples()
    let r = s.run(c.args)
    #expect(r.status == c.status, "\(r.err)")
    #expect(r.err.contains(c.message), "\(r.err)")
    #expect(r.out.isEmpty)
  }

  /// A definition with one mistyped name, and what `add` must say about it.
  static let definitionCases: [(kind: String, body: String, message: String)] = [
    (
      "view type", #"{"type": "VStak", "children": []}"#,
      "unknown view type 'VStak'"
    ),
    (
      "component used as a view", #"{"type": "TrackRw"}"#,
      "did you mean 'TrackRow'?"
    ),
    (
      "property", #"{"type": "VStack", "spcing": 4, "children": []}"#,
      "unknown property 'spcing'"
    ),
    (
      "modifier", #"{"type": "Text", "text": "a", "modifiers": [{"paddng": 4}]}"#,
      "did you mean 'padding'?"
    ),
    (
      "alignment value", #"{"type": "VStack", "alignment": "leadng", "children": []}"#,
      "did you mean 'leading'?"
    ),
    (
      "token path", #"{"type": "VStack", "spacing": "{space.mdd}", "children": []}"#,
      "unknown token {space.mdd}; did you mean {space.md}?"
    ),
    (
      "instance argument", #"{"type": "TrackRow", "arguments": {"titel": "A"}}"#,
      "TrackRow has no parameter 'titel'; its parameters: title, artist; did you mean 'title'?"
    ),
  ]

  @Test(arguments: 0..<definitionCases.count)
  func definition(_ index: Int) throws {
    let c = Self.definitionCases[index]
    let s = try Sandbox.withExamples()
    let file = try s.write("Typo.json", #"{"name": "Typo", "body": "# + c.body + "}")
    let r = s.run(["add", file])
    #expect(r.status == 1, "\(c.kind): \(r.err)")
    #expect(r.err.contains(c.message), "\(c.kind): \(r.err)")
    #expect(r.err.contains("did you mean"), "\(c.kind): \(r.err)")
  }

  @Test func parameterReferenceSuggestsTheDeclaredName() throws {
    let s = try Sandbox()
    let file = try s.write(
      "P.json",
      #"{"name": "P", "parameters": {"title": {"type": "string", "default": "x"}}, "body": {"type": "Text", "text": "$titel"}}"#
    )
    let r = s.run(["add", file])
    #expect(r.status == 1)
    #expect(
      r.err.contains(
        "unknown parameter $titel; declared parameters: $title; did you mean '$title'?"))
  }

  @Test func nothingNearSuggestsNothing() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["render", "Zzzzzzzz"])
    #expect(r.status == 1)
    #expect(r.err.contains("no component named 'Zzzzzzzz'"))
    #expect(!r.err.contains("did you mean"))
  }

  @Test func theBuiltBinarySuggestsOnStandardError() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox.withExamples()
    let usage = try runBinary(
      binary, ["--db", s.db, "render", "TrackRow", "--widht", "10"], in: s.url)
    #expect(usage.status == 64)
    #expect(usage.err.contains("did you mean '--width'?"))
    #expect(usage.out.isEmpty)
    let lookup = try runBinary(
      binary, ["--db", s.db, "render", "TrackRow", "-a", "titel=A"], in: s.url,
      environment: ["CATALOG_TEXT_METRICS": "fixed"])
    #expect(lookup.status == 1)
    #expect(lookup.err.hasPrefix("Error: TrackRow has no parameter 'titel'"))
    #expect(lookup.err.contains("did you mean 'title'?"))
    #expect(lookup.out.isEmpty)
  }
}
