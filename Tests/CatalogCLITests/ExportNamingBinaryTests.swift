import Foundation
import Testing

/// The built binary on the naming collision, the refused flag pairs and the lint/doctor
/// agreement: exit codes, and messages on stderr with nothing on stdout.
@Suite struct ExportNamingBinaryTests {
  static let colliding =
    #"{"a": {"b2": {"$type": "dimension", "$value": {"value": 1, "unit": "px"}}}, "aB2": {"$type": "dimension", "$value": {"value": 2, "unit": "px"}}}"#

  @Test(
    .enabled(if: builtBinary != nil, "needs the built catalog"),
    arguments: [
      ("swift", "Swift name aB2"), ("js", "JavaScript name aB2"),
      ("css", "CSS custom property name a-b2"), ("scss", "SCSS variable name a-b2"),
      ("android", "Android resource name a_b2"),
    ])
  func aNameCollisionFailsTheExportNamingBothTokens(_ format: String, _ name: String) throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    #expect(try runBinary(binary, ["--db", s.db, "init"], in: s.url).status == 0)
    let file = try s.write("c.tokens.json", Self.colliding)
    #expect(try runBinary(binary, ["--db", s.db, "add", file], in: s.url).status == 0)
    let r = try runBinary(
      binary, ["--db", s.db, "tokens", "export", "--format", format], in: s.url)
    #expect(r.status == 1)
    #expect(r.out == "")
    #expect(
      r.err
        == "Error: the tokens {a.b2} and {aB2} both become the \(name); rename one of them (catalog tokens rename OLD NEW)\n"
    )
    // DTCG keeps paths: no collision.
    let dtcg = try runBinary(binary, ["--db", s.db, "tokens", "export"], in: s.url)
    #expect(dtcg.status == 0)
  }

  @Test(.enabled(if: builtBinary != nil, "needs the built catalog"))
  func quietWithVerboseExits64OnStderr() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    let r = try runBinary(
      binary, ["--db", s.db, "add", "x.json", "--quiet", "--verbose"], in: s.url)
    #expect(r.status == 64)
    #expect(r.out == "")
    #expect(r.err.hasPrefix("Error: --quiet and --verbose cannot be used together"))
  }

  /// `lint --tokens` exited 1 where `doctor` exited 0 for an alias left dangling by
  /// `tokens remove --force`; both now call it a warning and exit 0.
  @Test(.enabled(if: builtBinary != nil, "needs the built catalog"))
  func lintTokensAndDoctorAgreeOnADanglingAlias() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    #expect(try runBinary(binary, ["--db", s.db, "init"], in: s.url).status == 0)
    let file = try s.write(
      "r.tokens.json",
      #"{"base": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}, "alias": {"$type": "dimension", "$value": "{base}"}}"#
    )
    #expect(try runBinary(binary, ["--db", s.db, "add", file], in: s.url).status == 0)
    #expect(
      try runBinary(binary, ["--db", s.db, "tokens", "remove", "base", "--force"], in: s.url)
        .status == 0)
    let doctor = try runBinary(binary, ["--db", s.db, "doctor"], in: s.url)
    let lint = try runBinary(binary, ["--db", s.db, "lint", "--tokens"], in: s.url)
    #expect(doctor.status == 0, "\(doctor.out)\(doctor.err)")
    #expect(lint.status == 0, "\(lint.out)\(lint.err)")
    #expect((lint.out + lint.err).contains("warning[unresolved-token]: alias"))
  }
}
