import CatalogModel
import Foundation
import Testing

@testable import CatalogStore

/// Issue 14 review, point 3: a value whose points are not finite (`1e308rem`, math that
/// overflows) is refused where it is accepted, naming the token and the value; a number
/// that would read as 0 (`1e-400`) or infinity (`1e400`, in YAML too) is refused as out of
/// range; JSON output never holds `inf`; doctor reports such a value stored before.
@Suite struct TokenNumberRangeTests {
  @Test(
    "an import of 1e308rem or of math that overflows is refused naming token and value (built binary)"
  )
  func importRefused() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    let rem = try s.write(
      "rem.tokens.json",
      #"{"big": {"$type": "dimension", "rem": {"$value": {"value": 1e308, "unit": "rem"}}}}"#)
    let r = try runBinary(binary, ["--db", s.db, "add", rem], in: s.url)
    #expect(r.status == 1)
    #expect(r.err.contains("rem.tokens.json:1:50: big.rem: 1e+308rem is out of range"), "\(r.err)")
    let math = try s.write(
      "math.tokens.json",
      #"{"big": {"$type": "dimension", "rem": {"$value": {"value": 1e306, "unit": "rem"}}, "m": {"$value": "{big.rem} * 100"}}}"#
    )
    let m = try runBinary(binary, ["--db", s.db, "add", math], in: s.url)
    #expect(m.status == 1, "lenient import keeps no infinite value")
    #expect(m.err.contains(#"big.m: "{big.rem} * 100" = 1e+308rem is out of range"#), "\(m.err)")
    #expect(!m.err.contains("inf"), "\(m.err)")
  }

  @Test(
    "tokens set refuses values out of range, naming the token",
    arguments: [
      ("1e308rem", "1e+308rem is out of range"),
      (#"{"value":1e308,"unit":"rem"}"#, "1e+308rem is out of range"),
      ("1e-400", "the number 1e-400 is out of range"),
      ("1e-400px", "the number 1e-400 in \"1e-400px\" is out of range"),
      (#"{"value":1e-400,"unit":"px"}"#, "value: the number 1e-400 is out of range"),
    ])
  func setRefused(value: String, message: String) throws {
    let s = try Sandbox()
    #expect(s.run(["tokens", "set", "space.md", "8", "--set", "base"]).status == 0)
    let r = s.run(["tokens", "set", "space.x", value])
    #expect(r.status == 1)
    #expect(r.err.contains("{space.x}: ") && r.err.contains(message), "\(r.err)")
    #expect(!r.err.contains("at most about 1.8e308") || !message.contains("1e-400"), "\(r.err)")
  }

  @Test(
    "1e-400 in a token file is refused, not stored as 0; YAML's 1e400 is out of range, not a string"
  )
  func fileNumbers() throws {
    let s = try Sandbox()
    let json = try s.write(
      "tiny.tokens.json",
      #"{"t": {"$type": "dimension", "$value": {"value": 1e-400, "unit": "px"}}}"#)
    let j = s.run(["add", json])
    #expect(j.status == 1)
    #expect(
      j.err.contains(
        "t.$value.value: the number 1e-400 is out of range; expected a finite number (0, or at least about 4.9e-324 in size"
      ), "\(j.err)")
    let yaml = try s.write(
      "big.tokens.yaml",
      "big:\n  $type: dimension\n  x:\n    $value:\n      value: 1e400\n      unit: px\n")
    let y = s.run(["add", yaml])
    #expect(y.status == 1)
    #expect(
      y.err.contains("big.tokens.yaml:5:14: big.x.$value.value: the number 1e400 is out of range"),
      "\(y.err)")
    #expect(!y.err.contains("got string"))
    #expect(s.run(["tokens", "list"]).status != 0, "nothing was saved")
  }

  @Test("a non-finite value stored before the rule: doctor reports it and JSON output holds no inf")
  func storedNonFinite() throws {
    let s = try Sandbox()
    #expect(s.run(["tokens", "set", "space.md", "8", "--set", "base"]).status == 0)
    // As a catalog written before the rule holds it (or as someone at the sqlite3 prompt).
    do {
      let store = try CatalogStore(path: s.db)
      try store.execute(
        #"UPDATE token SET value = '{"value":1e308,"unit":"rem"}', resolved_value = '{"value":1e308,"unit":"rem"}', resolved_points = 9e999"#
      )
    }
    let list = s.run(["tokens", "list", "--json"])
    #expect(list.status == 0)
    #expect(!list.out.contains("inf"), "\(list.out)")
    #expect(try json(list.out).arrayValue?.first?.objectValue?["points"] == .null)
    #expect(!s.run(["tokens", "list"]).out.contains("inf pt"))
    let doctor = s.run(["doctor"])
    #expect(doctor.status == 1)
    #expect(
      doctor.out.contains("space.md") && doctor.out.contains("1e+308rem is out of range"),
      "\(doctor.out)\(doctor.err)")
    #expect(doctor.out.contains("(infinity points)"), "\(doctor.out)")
  }

  @Test("large points are written by the one formatter in listings")
  func largePoints() throws {
    let s = try Sandbox()
    #expect(s.run(["tokens", "set", "space.huge", "1e20", "--set", "base"]).status == 0)
    let list = s.run(["tokens", "list"]).out
    #expect(list.contains("1e+20px = 1e+20pt"), "\(list)")
  }
}
