import Foundation
import Testing

/// A token of a Tokens Studio file whose value DTCG cannot hold is kept by `add` (exit 0),
/// never dropped: the import warns, `doctor` and `lint --tokens` report it as an error until
/// it is fixed, and a DTCG export writes it as stored and says so (issue 14 point 3).
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
  }
}
