import Foundation
import Testing

/// A token of a Tokens Studio file whose value DTCG cannot hold is kept by `add` (exit 0),
/// never dropped: the import warns, `doctor` and `lint --tokens` report it as an error until
/// it is fixed, a DTCG export writes it as stored and says so, and a catalog folder's
/// manifest lists it in `keptValues` so the folder imports (issue 14 point 3).
@Suite struct KeptDialectValueTests {
  @Test func aKeptValueIsReportedByEveryCommand() throws {
    let s = try Sandbox()
    let file = try s.write(
      "studio.tokens.json",
      """
      {"space": {"sm": {"value": "4", "type": "spacing"}},
       "ls": {"increased": {"value": "150%", "type": "letterSpacing"}}}
      """)
    let add = s.run(["add", file])
    #expect(add.status == 0, "\(add.err)")
    #expect(add.out.contains("Imported 2 tokens"), "\(add.out)")
    #expect(
      add.err.contains(
        "ls.increased: kept, but its value cannot be computed: a dimension's $value must be"),
      "\(add.err)")
    let doctor = s.run(["doctor"])
    #expect(doctor.status == 1)
    #expect(
      doctor.out.contains(
        "token-value: token ls.increased: its value cannot be computed: {ls.increased} is not valid DTCG:"
      ), "\(doctor.out)\(doctor.err)")
    let lint = s.run(["lint", "--tokens"])
    #expect(lint.status == 1)
    #expect(lint.out.contains("error[unresolved-token]: ls.increased:"), "\(lint.out)")
    let export = s.run(["tokens", "export", "--format", "dtcg"])
    #expect(export.status == 0, "\(export.err)")
    #expect(export.out.contains("\"150%\""), "\(export.out)")
    #expect(
      export.err.contains("{ls.increased} (dimension): its value cannot be computed:"),
      "\(export.err)")
    #expect(export.err.contains("; written as stored"), "\(export.err)")
    // A catalog folder lists it in keptValues, so import keeps it, and only it.
    let folder = s.run(["export", s.path("team")])
    #expect(folder.status == 0, "\(folder.err)")
    let manifest = try String(
      contentsOfFile: s.path("team") + "/catalog.json", encoding: .utf8)
    #expect(manifest.contains("\"keptValues\": [\n    \"ls.increased\"\n  ]"), "\(manifest)")
    let imported = s.run(["import", s.path("team")], db: s.path("copy.db"))
    #expect(imported.status == 0, "\(imported.err)")
    #expect(imported.err.contains("ls.increased: kept, but its value cannot be computed"))
    let copyDoctor = s.run(["doctor"], db: s.path("copy.db"))
    #expect(copyDoctor.status == 1)
    #expect(copyDoctor.out.contains("token ls.increased"), "\(copyDoctor.out)")
  }

  /// A composite kept with a member that cannot be computed does not refuse the file as
  /// "would break {t}" (before: exit 1, naming `fontSize` while the cause was
  /// `letterSpacing: "0%"`), and `doctor` reports each kept token once.
  @Test func aKeptCompositeIsImportedAndReportedOnce() throws {
    let s = try Sandbox()
    let file = try s.write(
      "studio.tokens.json",
      """
      {"sp": {"value": "8", "type": "spacing"},
       "t": {"value": {"fontFamily": "Inter", "fontWeight": "Regular", "fontSize": "{sp} / 0",
         "lineHeight": "1.5", "letterSpacing": "0%"}, "type": "typography"},
       "bd": {"value": {"color": "rgba({blue}, 0.5)", "width": "1", "style": "solid"},
         "type": "border"},
       "blue": {"value": "#0000ff", "type": "color"},
       "ok": {"value": {"fontFamily": "Inter", "fontWeight": "Bold Italic", "fontSize": "16",
         "lineHeight": "AUTO", "letterSpacing": "0%"}, "type": "typography"}}
      """)
    let add = s.run(["add", file])
    #expect(add.status == 0, "\(add.err)")
    #expect(!add.err.contains("would break"), "\(add.err)")
    // The font size names a token, so it is kept as written (computed when used); the
    // letter spacing in % of it cannot be computed: one warning, naming it.
    #expect(
      add.err.contains("t: kept, but its value cannot be computed: letterSpacing:"), "\(add.err)")
    #expect(!add.err.contains("t: kept, but its value cannot be computed: cannot compute"))
    // `rgba({blue}, 0.5)` is computed by the token graph (issue 14): not kept as an error.
    #expect(!add.err.contains("bd: kept"), "\(add.err)")
    let bd = s.run(["tokens", "get", "bd"])
    #expect(bd.status == 0, "\(bd.err)")
    #expect(
      bd.out.contains(
        ##""color":{"colorSpace":"srgb","components":[0,0,1],"hex":"#0000ff","alpha":0.5}"##),
      "\(bd.out)")
    let ok = s.run(["tokens", "get", "ok"])
    #expect(ok.status == 0, "\(ok.err)")
    let doctor = s.run(["doctor"])
    #expect(doctor.status == 1)
    let lines = doctor.out.split(separator: "\n").filter { $0.contains("token ") }
    #expect(lines.count == 1, "\(doctor.out)")
    #expect(
      lines.contains {
        $0.hasPrefix(
          #"token-value: token t: its value cannot be computed: cannot compute {t}: fontSize: "{sp} / 0": division by zero"#
        )
      }, "\(doctor.out)")
    #expect(doctor.err.contains("1 problem found"), "\(doctor.err)")
  }
}

/// A composite `add --force` kept with a member alias that now names a token of another
/// type is a value kept as written: the folder's manifest lists it in `keptValues`, and
/// `import` of that folder keeps it (before: not listed, and refused as "would break").
@Suite struct ForcedKeptValueRoundTripTests {
  @Test func aForcedCompositeRoundTrips() throws {
    let s = try Sandbox()
    let a = try s.write(
      "a.tokens.json",
      """
      {"c": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0, 0]}},
       "line": {"$type": "border", "$value": {"color": "{c}",
         "width": {"value": 1, "unit": "px"}, "style": "solid"}}}
      """)
    let b = try s.write(
      "b.tokens.json", #"{"c": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}}"#)
    #expect(s.run(["add", a]).status == 0)
    #expect(s.run(["add", b]).status == 1)
    let forced = s.run(["add", "--force", b])
    #expect(forced.status == 0, "\(forced.err)")
    let folder = s.run(["export", s.path("team")])
    #expect(folder.status == 0, "\(folder.err)")
    let manifest = try String(contentsOfFile: s.path("team") + "/catalog.json", encoding: .utf8)
    #expect(manifest.contains("\"keptValues\": [\n    \"line\"\n  ]"), "\(manifest)")
    let imported = s.run(["import", s.path("team")], db: s.path("copy.db"))
    #expect(imported.status == 0, "\(imported.err)")
    #expect(!imported.err.contains("would break"), "\(imported.err)")
    // The copy is the catalog: the same tokens, and doctor reports the same problem.
    let again = s.run(["export", s.path("copy")], db: s.path("copy.db"))
    #expect(again.status == 0, "\(again.err)")
    for file in ["catalog.json", "tokens/a.tokens.json", "tokens/b.tokens.json"] {
      let one = try String(contentsOfFile: s.path("team") + "/" + file, encoding: .utf8)
      let two = try String(contentsOfFile: s.path("copy") + "/" + file, encoding: .utf8)
      #expect(one == two, "\(file)")
    }
    let doctor = s.run(["doctor"], db: s.path("copy.db"))
    #expect(doctor.out.contains("token line: its value cannot be computed"), "\(doctor.out)")
  }

  /// A whole-value alias `add --force` left naming a token of another type (issue 14: a
  /// plain `import` of the exported folder refused it as "would break {c}").
  @Test func aForcedWholeValueAliasRoundTrips() throws {
    let s = try Sandbox()
    let a = try s.write(
      "a.tokens.json",
      """
      {"w": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}},
       "c": {"$type": "dimension", "$value": "{w}"}}
      """)
    let b = try s.write(
      "b.tokens.json",
      #"{"w": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0, 0]}}}"#)
    #expect(s.run(["add", a]).status == 0)
    #expect(s.run(["add", b]).status == 1)
    #expect(s.run(["add", "--force", b]).status == 0)
    #expect(s.run(["export", s.path("team")]).status == 0)
    let manifest = try String(contentsOfFile: s.path("team") + "/catalog.json", encoding: .utf8)
    #expect(manifest.contains("\"keptValues\": [\n    \"c\"\n  ]"), "\(manifest)")
    let imported = s.run(["import", s.path("team")], db: s.path("copy.db"))
    #expect(imported.status == 0, "\(imported.err)")
    #expect(!imported.err.contains("would break"), "\(imported.err)")
    #expect(s.run(["export", s.path("copy")], db: s.path("copy.db")).status == 0)
    for file in ["catalog.json", "tokens/a.tokens.json", "tokens/b.tokens.json"] {
      let one = try String(contentsOfFile: s.path("team") + "/" + file, encoding: .utf8)
      let two = try String(contentsOfFile: s.path("copy") + "/" + file, encoding: .utf8)
      #expect(one == two, "\(file)")
    }
    // Doctor reports it in both, as after the forced add.
    let doctor = s.run(["doctor"], db: s.path("copy.db"))
    #expect(
      doctor.out.contains(
        "{c} is a dimension token but its alias now resolves to a color token (DTCG §7.4.5)"),
      "\(doctor.out)")
  }
}
