import CatalogModel
import Foundation
import Testing

@testable import CatalogResolver

/// Review 21, point 1: the cycles of one group of components were reported one per attempt
/// (`G → H → G`, then after fixing it `G → I → G`). Every elementary cycle is reported up
/// front, bounded, by the one rule `add`, `import`, `edit`, `doctor` and `lint` use.
@Suite struct Review21CycleTests {
  static let cyclic = [
    #"{"name": "G", "body": {"type": "VStack", "children": [{"type": "H"}, {"type": "I"}]}}"#,
    #"{"name": "H", "body": {"type": "VStack", "children": [{"type": "G"}]}}"#,
    #"{"name": "I", "body": {"type": "VStack", "children": [{"type": "G"}]}}"#,
  ]

  /// A complete instance graph of `n` components (`D0` … each instancing every other).
  static func complete(_ n: Int, prefix: String = "D") -> [String] {
    (0..<n).map { i in
      let children = (0..<n).filter { $0 != i }.map { #"{"type": "\#(prefix)\#($0)"}"# }
      return
        #"{"name": "\#(prefix)\#(i)", "body": {"type": "VStack", "children": [\#(children.joined(separator: ", "))]}}"#
    }
  }

  func definitions(_ texts: [String]) throws -> [ComponentDefinition] {
    try texts.map { try DefinitionParser.parse($0) }
  }

  @Test func everyElementaryCycleOfAGroupIsFound() throws {
    let graph = InstanceNesting(try definitions(Self.cyclic))
    let found = try #require(graph.elementaryCycles(inGroupOf: "H", limit: 20))
    #expect(found.cycles == [["G", "H", "G"], ["G", "I", "G"]])
    #expect(found.more == 0 && !found.moreIsLowerBound)
    #expect(graph.elementaryCycles(inGroupOf: "Nope", limit: 20) == nil)
    // A self-instance is a cycle of one.
    let own = InstanceNesting(
      try definitions([#"{"name": "S", "body": {"type": "S"}}"#]))
    #expect(own.elementaryCycles(inGroupOf: "S", limit: 20)?.cycles == [["S", "S"]])
  }

  @Test(arguments: [(3, 5), (4, 20), (5, 84)])
  func aCompleteGraphHasItsKnownNumberOfCycles(n: Int, cycles: Int) throws {
    // Σ over k ≥ 2 of C(n, k)·(k − 1)!: 5, 20, 84.
    let graph = InstanceNesting(try definitions(Self.complete(n)))
    let found = try #require(graph.elementaryCycles(inGroupOf: "D0", limit: 3))
    #expect(found.cycles.count == 3)
    #expect(found.cycles.count + found.more == cycles)
    #expect(!found.moreIsLowerBound)
    #expect(Set(found.cycles.map { $0.joined() }).count == 3)
  }

  @Test func aLongRingIsOneCycleFoundWithinTheBound() throws {
    // Each start is removed after its search, with what can close no further cycle: a ring
    // of 3,000 is one cycle, found without reaching the step bound (one walk per start
    // would follow 4.5 million instances).
    let ring = (0..<3_000).map { i in
      #"{"name": "C\#(i)", "body": {"type": "C\#((i + 1) % 3_000)"}}"#
    }
    let graph = InstanceNesting(try definitions(ring))
    let found = try #require(graph.elementaryCycles(inGroupOf: "C7", limit: 20))
    #expect(found.cycles.count == 1 && found.cycles[0].count == 3_001)
    #expect(found.more == 0 && !found.moreIsLowerBound)
  }

  @Test func aDenseGraphGivesABoundedCountNotAnExplosion() throws {
    // 14 components each instancing all others hold billions of cycles.
    let graph = InstanceNesting(try definitions(Self.complete(14)))
    let found = try #require(graph.elementaryCycles(inGroupOf: "D3", limit: 20))
    #expect(found.cycles.count == 20)
    #expect(found.moreIsLowerBound)
    #expect(found.more == InstanceNesting.cycleCountLimit - 20)
  }

  @Test func addReportsEveryCycleOfTheGroupAtOnce() throws {
    let s = try Sandbox()
    let files = try Self.cyclic.enumerated().map { try s.write("\(["G", "H", "I"][$0]).json", $1) }
    let r = s.run(["add"] + files)
    #expect(r.status == 1)
    #expect(
      r.err.contains(
        "G: body.children[0].type: components instance each other in a cycle: G → H → G"
      ), "\(r.err)")
    #expect(
      r.err.contains(
        "G: body.children[1].type: components instance each other in a cycle: G → I → G"
      ), "\(r.err)")
    #expect(r.err.components(separatedBy: "in a cycle").count == 3, "each cycle once: \(r.err)")
  }

  @Test func aDenseGroupIsRefusedWithTheFirstCyclesAndACount() throws {
    let s = try Sandbox()
    let files = try Self.complete(14).enumerated().map { try s.write("D\($0).json", $1) }
    let r = s.run(["add", "--verbose"] + files)
    #expect(r.status == 1)
    #expect(r.err.components(separatedBy: "in a cycle:").count == 21, "\(r.err)")
    #expect(
      r.err.contains("components instance each other in at least 9980 more cycles among D0, D1"),
      "\(r.err)")
  }

  @Test func doctorAndLintReportEveryStoredCycleOnce() throws {
    let s = try Sandbox()
    let g = try s.write("G.json", #"{"name": "G", "body": {"type": "Text", "text": "g"}}"#)
    let h = try s.write("H.json", Self.cyclic[1])
    let i = try s.write("I.json", Self.cyclic[2])
    #expect(s.run(["add", g, h, i]).status == 0)
    guard
      try sqlite3(
        s.db,
        #"UPDATE component SET definition = '\#(Self.cyclic[0])' WHERE name = 'G'"#) != nil
    else {
      Issue.record("the sqlite3 shell is needed (Debian: sqlite3)")
      return
    }
    let doctor = s.run(["doctor"])
    #expect(doctor.status == 1)
    #expect(
      doctor.out.contains(
        "cycle: G body.children[0].type: components instance each other in a cycle: G → H → G"),
      "\(doctor.out)")
    #expect(
      doctor.out.contains(
        "cycle: G body.children[1].type: components instance each other in a cycle: G → I → G"),
      "\(doctor.out)")
    #expect(!doctor.out.contains("does not render"), "\(doctor.out)")
    let lint = s.run(["lint"])
    #expect(lint.status == 1)
    #expect(
      lint.out.contains(
        "error[variant-fails]: G: body.children[0].type: components instance each other in a cycle: G → H → G"
      ), "\(lint.out)")
    #expect(lint.out.contains("cycle: G → I → G"), "\(lint.out)")
    #expect(lint.out.components(separatedBy: "in a cycle").count == 3, "\(lint.out)")
  }

  @Test func theBinaryPrintsEveryCycleOnStandardError() throws {
    let binary = try #require(builtBinary, "build with 'swift build --build-tests'")
    let s = try Sandbox()
    let files = try Self.cyclic.enumerated().map { try s.write("\(["G", "H", "I"][$0]).json", $1) }
    let r = try runBinary(binary, ["--db", s.db, "add"] + files, in: s.url)
    #expect(r.status == 1)
    #expect(r.out == "")
    #expect(r.err.contains("G → H → G") && r.err.contains("G → I → G"), "\(r.err)")
  }
}

/// Review 21, point 2: a stored but damaged definition is said to be damaged (with its
/// reason, its JSON path and what to do), never missing; one that does not use a token does
/// not block its rename; `check-swift` checks the rest.
@Suite struct Review21DamagedDefinitionTests {
  /// The example catalog with TrackRow's font broken by hand (it fails validation at
  /// `body.children[0].font`), or nil (with an issue recorded) without the sqlite3 shell.
  static func damaged(_ sql: String? = nil) throws -> Sandbox? {
    let s = try Sandbox.withExamples()
    guard
      try sqlite3(
        s.db,
        sql
          ?? #"UPDATE component SET definition = replace(definition, '"headline"', '"headlinex"') WHERE name = 'TrackRow'"#
      ) != nil
    else {
      Issue.record("the sqlite3 shell is needed (Debian: sqlite3)")
      return nil
    }
    return s
  }

  static let damage =
    "TrackRow is stored but damaged: the stored definition no longer parses at body.children[0].font: unknown text style 'headlinex'"
  static let advice =
    "fix it with `catalog edit TrackRow`, bring back a revision that parses with `catalog revert TrackRow`"

  @Test(arguments: [
    ["show", "TrackRow"], ["render", "TrackRow"], ["render", "TrackRow", "--variant", "full"],
  ])
  func commandsNamingItSayItIsDamaged(args: [String]) throws {
    guard let s = try Self.damaged() else { return }
    let r = s.run(args)
    #expect(r.status == 1)
    #expect(r.err.contains(Self.damage), "\(args): \(r.err)")
    #expect(r.err.contains(Self.advice), "\(r.err)")
    #expect(!r.err.contains("no stored component"), "\(r.err)")
  }

  @Test func renderingAComponentThatReachesItBlamesTheDamagedOne() throws {
    guard let s = try Self.damaged() else { return }
    let r = s.run(["render", "AlbumCard"])
    #expect(r.status == 1)
    #expect(r.err.hasPrefix("Error: TrackRow: body.children[0].font: \(Self.damage)"), "\(r.err)")
    #expect(r.err.contains("AlbumCard's body.children[1] instance reaches it"), "\(r.err)")
  }

  @Test func addingAComponentThatInstancesItSaysItIsDamaged() throws {
    guard let s = try Self.damaged() else { return }
    let file = try s.write("Uses.json", #"{"name": "Uses", "body": {"type": "TrackRow"}}"#)
    let r = s.run(["add", file])
    #expect(r.status == 1)
    #expect(r.err.contains("Uses: body.type: \(Self.damage)"), "\(r.err)")
    #expect(r.err.contains("Uses's body instance reaches it"), "\(r.err)")
    #expect(!r.err.contains("no stored component has that name"), "\(r.err)")
  }

  @Test func doctorSaysWhatReachesIt() throws {
    guard let s = try Self.damaged() else { return }
    let r = s.run(["doctor"])
    #expect(r.status == 1)
    #expect(
      r.out.contains("definition: TrackRow: body.children[0].font: \(Self.damage)"), "\(r.out)")
    #expect(r.out.contains("AlbumCard's body.children[1] instance reaches it"), "\(r.out)")
    #expect(!r.out.contains("no stored component"), "\(r.out)")
  }

  @Test func aRenameItDoesNotConcernGoesThrough() throws {
    guard let s = try Self.damaged() else { return }
    // AlbumCard uses {space.md} and instances TrackRow; TrackRow does not name {space.md}.
    let r = s.run(["tokens", "rename", "space.md", "space.medium"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("Updated AlbumCard"), "\(r.out)")
  }

  @Test func aRenameOfATokenItNamesIsRefusedSayingSo() throws {
    guard let s = try Self.damaged() else { return }
    let r = s.run(["tokens", "rename", "space.sm", "space.small"])
    #expect(r.status == 1)
    #expect(
      r.err.contains(
        "TrackRow: body.children[0].font: cannot rename {space.sm}: \(Self.damage)"), "\(r.err)")
    #expect(r.err.contains("its stored text names {space.sm}"), "\(r.err)")
    #expect(r.err.contains("then rename again"), "\(r.err)")
    #expect(s.run(["tokens", "get", "space.sm"]).status == 0, "nothing was renamed")
  }

  @Test func staleRowsOfADamagedComponentDoNotBlockARename() throws {
    // The damaged text no longer names {space.sm}, though its derived rows still do.
    guard
      let s = try Self.damaged(
        #"UPDATE component SET definition = '{"name": "TrackRow", "body": {"type": "Text", "padding": 3}}' WHERE name = 'TrackRow'"#
      )
    else { return }
    let r = s.run(["tokens", "rename", "space.sm", "space.small"])
    #expect(r.status == 0, "\(r.err)")
  }

  @Test func theWayOutTheMessageOffersWorks() throws {
    guard let s = try Self.damaged() else { return }
    // `catalog edit TrackRow` with an editor that fixes the font saves it (the damaged row
    // is no previous definition to compare with).
    let editor = try s.script("fix.sh", "sed -i 's/headlinex/headline/' \"$1\"")
    let edit = s.runEditing(["edit", "TrackRow"], editor: editor)
    #expect(edit.status == 0, "\(edit.err)")
    #expect(s.run(["render", "AlbumCard"]).status == 0)
    #expect(s.run(["tokens", "rename", "space.sm", "space.small"]).status == 0)
  }

  @Test func lintPlacesTheDamageAtItsPath() throws {
    guard let s = try Self.damaged() else { return }
    let r = s.run(["lint", "TrackRow"])
    #expect(r.status == 1)
    #expect(
      r.out.contains("error[damaged-definition]: TrackRow: body.children[0].font: \(Self.damage)"),
      "\(r.out)")
  }

  @Test func theBinaryRendersTheErrorOnStandardErrorAndChecksSwiftAgainstTheRest() throws {
    let binary = try #require(builtBinary, "build with 'swift build --build-tests'")
    guard let s = try Self.damaged() else { return }
    let render = try runBinary(binary, ["--db", s.db, "render", "AlbumCard"], in: s.url)
    #expect(render.status == 1)
    #expect(render.out == "")
    #expect(render.err.hasPrefix("Error: TrackRow: body.children[0].font: \(Self.damage)"))
    let swiftBridge = binary.deletingLastPathComponent().appendingPathComponent("catalog-swift")
    guard FileManager.default.isExecutableFile(atPath: swiftBridge.path) else { return }
    let app = s.path("app")
    try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
    try s.write(
      "app/V.swift",
      "import SwiftUI\nstruct V: View { var body: some View { VStack(spacing: 8) { Text(\"a\") } } }\n"
    )
    let check = try runBinary(binary, ["--db", s.db, "check-swift", app], in: s.url)
    #expect(check.status == 1, "\(check.err)")
    #expect(check.out.contains("V.swift:2:"), "the rest was checked: \(check.out)")
    #expect(
      check.err.contains("Error: TrackRow: body.children[0].font: \(Self.damage)"), "\(check.err)")
  }
}

/// Review 21, point 3: `tokens usage GROUP` lists the uses of every token of the group.
@Suite struct Review21GroupUsageTests {
  @Test func aGroupListsItsTokensUsesByToken() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["tokens", "usage", "space"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("{space.sm}: "), "\(r.out)")
    #expect(
      r.out.contains(
        "\n  {space.sm}  TrackRow  body.children[0].modifiers[0].padding.length  padding.bottom = 8pt\n"
      ), "\(r.out)")
    // Each token's own uses, as `tokens usage TOKEN` prints them, indented under it.
    let one = s.run(["tokens", "usage", "space.sm"])
    for line in one.out.split(separator: "\n") { #expect(r.out.contains("  \(line)\n")) }
    let json = try json(s.run(["tokens", "usage", "--json", "space"]).out)
    let tokens = Set(
      (json.arrayValue ?? []).compactMap { $0.objectValue?["chain"]?.arrayValue?.last }.map {
        JSONWriter.compact($0)
      })
    #expect(tokens.contains(#""space.sm""#) && tokens.contains(#""space.lg""#), "\(tokens)")
    #expect(s.run(["tokens", "usage", "spacee"]).status == 1)
  }

  @Test func aGroupNoComponentUsesSaysSo() throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let file = try s.write(
      "t.tokens.json",
      #"{"gap": {"a": {"$type": "dimension", "$value": {"value": 1, "unit": "px"}}, "b": {"$type": "dimension", "$value": {"value": 2, "unit": "px"}}}}"#
    )
    #expect(s.run(["add", file]).status == 0)
    let r = s.run(["tokens", "usage", "gap"])
    #expect(r.status == 0)
    #expect(
      r.out
        == "No component uses a token of the group {gap}, directly or through another token (its 2 tokens: {gap.a}, {gap.b}).\n"
    )
  }
}
