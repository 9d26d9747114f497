import CatalogServer
import Foundation
import Testing

/// `--set S` shows S's own values in every command and format (issue 14 review, point 1):
/// the set's view is the catalog with S laid over it, so an alias inside S resolves to S's
/// own target, and an alias to a path only another set holds to the catalog's winner.
@Suite struct TokenSetViewExportTests {
  /// Set `a` (lower precedence) and set `b`, which wins `space.sm` and `space.gap`.
  static func catalog() throws -> Sandbox {
    let s = try Sandbox()
    let a = try s.write(
      "a.tokens.json",
      #"{"space": {"$type": "dimension", "sm": {"$value": {"value": 4, "unit": "px"}}, "gap": {"$value": "{space.sm}"}, "edge": {"$value": "{space.xl}"}}}"#
    )
    let b = try s.write(
      "b.tokens.json",
      #"{"space": {"$type": "dimension", "sm": {"$value": {"value": 8, "unit": "px"}}, "gap": {"$value": {"value": 20, "unit": "px"}}, "xl": {"$value": {"value": 32, "unit": "px"}}}}"#
    )
    #expect(s.run(["add", a, b]).status == 0)
    return s
  }

  /// Each format's spelling of `space.sm`, `space.gap` and `space.edge` with set `a`'s own
  /// values: sm 4, gap = a's sm = 4, edge = {space.xl}, only in `b`, = 32.
  static let expected: [(format: String, lines: [String])] = [
    ("css", ["--space-sm: 4px;", "--space-gap: 4px;", "--space-edge: 32px;"]),
    ("scss", ["$space-sm: 4px;", "$space-gap: 4px;", "$space-edge: 32px;"]),
    ("js", [#"spaceSm = "4px";"#, #"spaceGap = "4px";"#, #"spaceEdge = "32px";"#]),
    ("swift", ["spaceSm: CGFloat = 4", "spaceGap: CGFloat = 4", "spaceEdge: CGFloat = 32"]),
    (
      "android",
      [
        #"<dimen name="space_sm">4dp</dimen>"#, #"<dimen name="space_gap">4dp</dimen>"#,
        #"<dimen name="space_edge">32dp</dimen>"#,
      ]
    ),
    ("json-flat", [#""space.gap": {"#, #""value": 4"#, #""value": 32"#]),
    ("json-nested", [#""gap": {"#, #""value": 4"#, #""value": 32"#]),
  ]

  @Test("export --set a writes a's own values in every format", arguments: expected)
  func exportWritesTheSetsOwnValues(format: String, lines: [String]) throws {
    let s = try Self.catalog()
    let r = s.run(["tokens", "export", "--set", "a", "--format", format])
    #expect(r.status == 0, "\(r.err)")
    for line in lines { #expect(r.out.contains(line), "\(format): \(line)\n\(r.out)") }
    for wrong in [
      "8px", "20px", "8dp", "20dp", "= 8\n", "= 20\n", "\"value\": 8,", "\"value\": 20,",
    ] {
      #expect(!r.out.contains(wrong), "\(format): b's value \(wrong)\n\(r.out)")
    }
    // The DTCG export keeps the aliases as written: {space.xl} names the catalog's token.
    let dtcg = s.run(["tokens", "export", "--set", "a"])
    #expect(dtcg.out.contains(#""$value": "{space.sm}""#), "\(dtcg.out)")
    #expect(dtcg.out.contains(#""$value": "{space.xl}""#), "\(dtcg.out)")
  }

  @Test func getAndListWithSetResolveWithinTheSet() throws {
    let s = try Self.catalog()
    let get = s.run(["tokens", "get", "space.gap", "--set", "a", "--json"])
    #expect(get.status == 0, "\(get.err)")
    let o = try #require(
      try JSONSerialization.jsonObject(with: Data(get.out.utf8)) as? [String: Any])
    #expect(o["points"] as? Double == 4, "\(get.out)")
    #expect(o["chain"] as? [String] == ["space.gap", "space.sm"], "\(get.out)")
    #expect(o["set"] as? String == "a")
    // Without --set: the winner, b's 20px.
    let winner = s.run(["tokens", "get", "space.gap", "--json"])
    #expect(winner.out.contains("\"points\" : 20") || winner.out.contains("\"points\": 20"))
    let list = s.run(["tokens", "list", "--set", "a"])
    #expect(
      list.out.contains("space.gap   dimension  {space.sm} = 4pt  [a, overridden by b]"),
      "\(list.out)")
    #expect(list.out.contains("space.edge  dimension  {space.xl} = 32pt  [a]"), "\(list.out)")
  }

  @Test("export --set via the built binary: a's values on stdout, exit 0")
  func exportSetBinary() throws {
    let binary = try #require(builtBinary)
    let s = try Self.catalog()
    let r = try runBinary(
      binary, ["--db", s.db, "tokens", "export", "--set", "a", "--format", "css"], in: s.url)
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("--space-gap: 4px;"), "\(r.out)")
    #expect(r.err.isEmpty, "\(r.err)")
    let get = try runBinary(
      binary, ["--db", s.db, "tokens", "get", "space.gap", "--set", "a"], in: s.url)
    #expect(get.out.contains("= {space.sm} ← 4px = 4pt"), "\(get.out)")
  }
}

/// `--all-contexts` with several resolver documents exports each document's contexts,
/// naming the document (issue 14 review, point 3).
@Suite struct TokenExportSeveralResolversTests {
  static func catalog() throws -> Sandbox {
    let s = try Sandbox()
    let base = try s.write(
      "base.tokens.json",
      #"{"space": {"$type": "dimension", "sm": {"$value": {"value": 8, "unit": "px"}}}, "radius": {"$type": "dimension", "md": {"$value": {"value": 6, "unit": "px"}}}}"#
    )
    let density = try s.write(
      "density.resolver.json",
      ##"{"version": "2025.10", "name": "density", "sets": {"base": {"sources": [{"space": {"$type": "dimension", "sm": {"$value": {"value": 8, "unit": "px"}}}}]}}, "modifiers": {"density": {"contexts": {"regular": [], "compact": [{"space": {"sm": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}}}]}, "default": "regular"}}, "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/density"}]}"##
    )
    let theme = try s.write(
      "theme.resolver.json",
      ##"{"version": "2025.10", "name": "theme", "sets": {"base": {"sources": [{"radius": {"$type": "dimension", "md": {"$value": {"value": 6, "unit": "px"}}}}]}}, "modifiers": {"theme": {"contexts": {"light": [], "round": [{"radius": {"md": {"$type": "dimension", "$value": {"value": 12, "unit": "px"}}}}]}, "default": "light"}}, "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}]}"##
    )
    let add = s.run(["add", base, density, theme])
    #expect(add.status == 0, "\(add.err)")
    return s
  }

  @Test func cssBlocksNameEachDocument() throws {
    let s = try Self.catalog()
    let r = s.run(["tokens", "export", "--format", "css", "--all-contexts"])
    #expect(r.status == 0, "\(r.err)")
    #expect(
      r.out.hasSuffix(
        """
        :root {
          --space-sm: 8px;
          --radius-md: 6px;
        }
        /* resolver density */
        [data-density="compact"] {
          --space-sm: 4px;
        }
        /* resolver theme */
        [data-theme="round"] {
          --radius-md: 12px;
        }

        """), "\(r.out)")
    // --input picks the document that has the modifier.
    let round = s.run(["tokens", "export", "--format", "css", "--input", "theme=round"])
    #expect(round.status == 0, "\(round.err)")
    #expect(round.out.contains("--radius-md: 12px;") && round.out.contains("--space-sm: 8px;"))
    // Inputs for two documents: each applies its own.
    let both = s.run([
      "tokens", "export", "--format", "css", "--input", "theme=round", "--input", "density=compact",
    ])
    #expect(both.status == 0, "\(both.err)")
    #expect(both.out.contains("--radius-md: 12px;") && both.out.contains("--space-sm: 4px;"))
    let unknown = s.run(["tokens", "export", "--input", "shape=x"])
    #expect(unknown.status == 1)
    #expect(
      unknown.err.contains(
        "no resolver document has it; the documents and their modifiers: density (density); theme (theme)"
      ),
      "\(unknown.err)")
  }

  @Test("render --input with a modifier of each document applies both, via the built binary")
  func renderTakesEachInputFromItsDocument() throws {
    let binary = try #require(builtBinary)
    let s = try Self.catalog()
    _ = try s.write(
      "Gap.json",
      #"{"name":"Gap","body":{"type":"VStack","spacing":"{space.sm}","children":[{"type":"Text","text":"a"},{"type":"Text","text":"b"}],"modifiers":[{"padding":{"length":"{radius.md}"}}]}}"#
    )
    #expect(try runBinary(binary, ["--db", s.db, "add", "Gap.json"], in: s.url).status == 0)
    let r = try runBinary(
      binary,
      [
        "--db", s.db, "render", "Gap", "--input", "density=compact", "--input", "theme=round",
        "--explain",
      ], in: s.url)
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("padding.all = 12pt ← {radius.md} (theme=round) ← 12px"), "\(r.out)")
    #expect(r.out.contains("spacing = 4pt ← {space.sm} (density=compact) ← 4px"), "\(r.out)")
  }

  @Test("serve's layout and render routes apply every document an input names, as render --input")
  func serveTakesEachInputFromItsDocument() throws {
    let s = try Self.catalog()
    let gap = try s.write(
      "Gap.json",
      #"{"name":"Gap","body":{"type":"VStack","spacing":"{space.sm}","children":[{"type":"Text","text":"a"},{"type":"Text","text":"b"}],"modifiers":[{"padding":{"length":"{radius.md}"}}]}}"#
    )
    #expect(s.run(["add", gap]).status == 0)
    let server = try CatalogServer(.init(databasePath: s.db, port: 0)) { _ in }
    try server.start()
    defer { server.stop() }
    let query = ["input": "density=compact,theme=round"]
    // Was 400: only a document holding every input's modifier applied, and none does.
    let layout = server.response(method: "GET", path: "/api/components/Gap", query: query)
    #expect(layout.status == 200, "\(String(decoding: layout.body, as: UTF8.self))")
    let cli = s.run([
      "render", "Gap", "--input", "density=compact", "--input", "theme=round", "--format", "json",
    ])
    #expect(cli.status == 0, "\(cli.err)")
    #expect(try json(String(decoding: layout.body, as: UTF8.self)) == json(cli.out))
    let svg = server.response(method: "GET", path: "/render/Gap.svg", query: query)
    #expect(svg.status == 200)
    let cliSVG = s.run([
      "render", "Gap", "--input", "density=compact", "--input", "theme=round", "--format", "svg",
    ])
    #expect(String(decoding: svg.body, as: UTF8.self) == cliSVG.out)
    // An input no document has is the request's fault, named as the CLI names it.
    let unknown = server.response(
      method: "GET", path: "/api/components/Gap", query: ["input": "shape=x"])
    #expect(unknown.status == 400)
    #expect(
      String(decoding: unknown.body, as: UTF8.self).contains(
        "no resolver document has it; the documents and their modifiers: density (density); theme (theme)"
      ))
  }

  @Test("one file per context, named after its document, via the built binary")
  func filesNameTheDocumentBinary() throws {
    let binary = try #require(builtBinary)
    let s = try Self.catalog()
    let r = try runBinary(
      binary,
      [
        "--db", s.db, "tokens", "export", "--format", "json-flat", "--all-contexts", "--output",
        "x.json",
      ],
      in: s.url)
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("x.density.density-compact.json, x.theme.theme-round.json"), "\(r.out)")
    let round = try String(
      contentsOf: s.url.appendingPathComponent("x.theme.theme-round.json"), encoding: .utf8)
    #expect(round.contains("\"value\": 12"), "\(round)")
    #expect(round.contains("\"value\": 8"), "\(round)")
    let compact = try String(
      contentsOf: s.url.appendingPathComponent("x.density.density-compact.json"), encoding: .utf8)
    #expect(compact.contains("\"value\": 4") && compact.contains("\"value\": 6"), "\(compact)")
  }
}
