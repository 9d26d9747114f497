import CatalogModel
import CatalogServer
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Reading commands on a catalog nobody may write, input files that
/// are not regular files, messages about a backup's or a new catalog's folder, and the
/// server's query parameters.
@Suite struct ReadOnlyInputAndQueryTests {
  static let token = #"{"gap": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}}"#

  /// `tokens export`, `tokens sets` and `tokens diff` said "cannot be written" on a WAL
  /// catalog in a folder the user cannot write, where `list` and `render` read it: every
  /// reading command opens the catalog read-only.
  @Test(
    .enabled(
      if: canRunUnprivileged,
      "as root, needs setpriv (util-linux) to read as nobody"))
  func everyReadingCommandReadsACatalogNobodyMayWrite() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    #expect(s.run(["init", "--example"]).status == 0)
    let a = try s.write("a.tokens.json", Self.token)
    let b = try s.write("b.tokens.json", Self.token.replacingOccurrences(of: "4", with: "6"))
    #expect(s.run(["add", a, b]).status == 0)
    #expect(StartupTests.sidecars(s.db).isEmpty)
    let before = try StartupTests.fingerprint(s.db)
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: s.db)
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: s.url.path)
    defer {
      try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: s.url.path)
    }
    for args in [
      ["tokens", "export"], ["tokens", "export", "--format", "css"], ["tokens", "sets"],
      ["tokens", "diff", "a", "b"], ["tokens", "list"], ["list"], ["tokens", "get", "gap"],
      ["platforms", "list"],
    ] {
      let run = try runBinaryUnprivileged(binary, ["--db", s.db] + args)
      #expect(run.status == 0, "\(args): \(run.err)")
      #expect(!run.err.contains("cannot be written"), "\(args): \(run.err)")
    }
    #expect(StartupTests.sidecars(s.db).isEmpty)
    let after = try StartupTests.fingerprint(s.db)
    #expect(after.0 == before.0 && after.1 == before.1)
  }

  /// `add` on a named FIFO nobody writes waited forever in `open(2)`: it is refused at
  /// once, naming the path and what it is. (A helper thread opens the FIFO for writing
  /// after a while, so that a command still waiting ends, and the test fails, not hangs.)
  @Test func aNamedFIFOIsRefusedAtOnce() throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let fifo = s.path("ff.tokens.json")
    #expect(mkfifo(fifo, 0o600) == 0)
    let unblocker = FIFOUnblocker(fifo)
    defer { unblocker.stop() }
    for command in [["add", fifo], ["tokens", "diff", fifo, fifo]] {
      let r = s.run(command)
      #expect(r.status == 1, "\(command): \(r.err)")
      #expect(
        r.err.contains(
          "\(fifo): cannot read the file: it is a named pipe (FIFO), not a regular file"),
        "\(command): \(r.err)")
    }
    // A device is refused the same way, by the same rule.
    let device = s.run(["add", "/dev/zero"])
    #expect(device.status == 1)
    #expect(
      device.err.contains("/dev/zero: cannot read the file: it is a character device"),
      "\(device.err)")
  }

  /// `backup bk` onto a folder said "a file named 'bk' already exists"; a backup into a
  /// folder that does not exist said "cannot open the catalog at …" of the backup; `add`
  /// into `--db /nonexistent/dir/x.db` named the temporary `.x.db.creating-PID-N`.
  @Test func backupAndNewCatalogMessagesNameTheFolder() throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    try FileManager.default.createDirectory(
      atPath: s.path("bk"), withIntermediateDirectories: false)
    let folder = s.run(["backup", s.path("bk")])
    #expect(folder.status == 1)
    // Said by the rule for every output's kind (OutputPathRule.kindProblem, issue 12).
    #expect(
      folder.err.contains("will not write '\(s.path("bk"))': it is a folder, not a file"),
      "\(folder.err)")

    let missing = s.path("nonexistent") + "/x.db"
    let backup = s.run(["backup", missing])
    #expect(backup.status == 1)
    #expect(
      backup.err.contains(
        "cannot back up the catalog to '\(missing)': the folder '\(s.path("nonexistent"))' does not exist"
      ), "\(backup.err)")
    #expect(!backup.err.contains("cannot open the catalog"), "\(backup.err)")

    let file = try s.write("a.tokens.json", Self.token)
    let add = s.run(["add", file], db: missing)
    #expect(add.status == 1)
    #expect(
      add.err.contains(
        "cannot open the catalog at '\(missing)': the folder '\(s.path("nonexistent"))' does not exist"
      ), "\(add.err)")
    #expect(!add.err.contains(".creating-"), "\(add.err)")
  }

  static func answer(
    _ server: CatalogServer, _ path: String, _ arguments: [(name: String, value: String)]
  ) -> (Int, String) {
    let r = server.response(method: "GET", path: path, arguments: arguments)
    let message =
      (try? json(String(decoding: r.body, as: UTF8.self)))?.objectValue?["error"]?.objectValue?[
        "message"]?.stringValue ?? ""
    return (r.status, message)
  }

  /// Unknown and repeated query parameters were ignored: each is a 400 naming it, with the
  /// parameters the path reads (and a close one).
  @Test func unknownAndRepeatedQueryParametersAreRefused() throws {
    let s = try Sandbox.withExamples()
    let server = try CatalogServer(.init(databasePath: s.db, port: 0)) { _ in }
    let unknown = Self.answer(server, "/api/components/TrackRow", [("a", "b")])
    #expect(unknown.0 == 400)
    #expect(
      unknown.1
        == "unknown query parameter 'a'; /api/components/TrackRow takes variant, width, height, input, scale",
      "\(unknown.1)")
    let close = Self.answer(server, "/render/TrackRow.svg", [("widht", "10")])
    #expect(close.0 == 400)
    #expect(close.1.contains("did you mean 'width'"), "\(close.1)")
    let none = Self.answer(server, "/api/tokens", [("width", "10")])
    #expect(none.0 == 400)
    #expect(none.1.contains("/api/tokens takes no query parameters"), "\(none.1)")
    for (path, name) in [
      ("/api/components/TrackRow", "width"), ("/render/TrackRow.svg", "variant"),
      ("/tokens.css", "input"),
    ] {
      let twice = Self.answer(server, path, [(name, "1"), (name, "2")])
      #expect(twice.0 == 400, "\(path)")
      #expect(twice.1.hasPrefix("query parameter '\(name)' is given more than once"), "\(twice.1)")
    }
    // What the routes read is still read; the index takes the site's search (`q`).
    #expect(Self.answer(server, "/", [("q", "card")]).0 == 200)
    #expect(Self.answer(server, "/api/components/TrackRow", [("width", "320")]).0 == 200)
  }

  /// Over HTTP: a repeated parameter is a 400, and `/api/components/%00` is named as it
  /// was requested (it was "/api/components/", the path cut at the NUL byte).
  @Test func theServerNamesThePathAsRequested() throws {
    let s = try Sandbox.withExamples()
    let server = try CatalogServer(.init(databasePath: s.db, port: 0)) { _ in }
    try server.start()
    defer { server.stop() }
    let twice = try LoopbackHTTP.request(
      server.port, "/api/components/TrackRow?width=10&width=20")
    #expect(twice.status == 400, "\(twice.text)")
    #expect(twice.text.contains("'width' is given more than once"), "\(twice.text)")
    let unknown = try LoopbackHTTP.request(server.port, "/api/components/TrackRow?a=b")
    #expect(unknown.status == 400, "\(unknown.text)")
    let nul = try LoopbackHTTP.request(server.port, "/api/components/%00")
    #expect(nul.status == 404)
    #expect(nul.text.contains("%00"), "\(nul.text)")
    let page = try LoopbackHTTP.request(server.port, "/no%00where")
    #expect(page.status == 404)
    #expect(page.text.contains("no such page: /no%00where"), "\(page.text)")
    // Other escapes are decoded as before.
    let svg = try LoopbackHTTP.request(server.port, "/render/Track%52ow.svg?width=%3320")
    #expect(svg.status == 200, "\(svg.text.prefix(200))")
  }
}

/// `/api/tokens` names each token's set from one map built with the snapshot (it searched
/// every set for every token: 293 s for 20,000 tokens); the winning set is the last one
/// holding the path, as the winning token is.
@Suite struct ServerTokenSetTests {
  @Test func eachTokenNamesTheSetItsWinningValueComesFrom() throws {
    let s = try Sandbox()
    let base = try s.write(
      "base.tokens.json",
      #"{"space": {"$type": "dimension", "a": {"$value": {"value": 4, "unit": "px"}}, "b": {"$value": {"value": 8, "unit": "px"}}}}"#
    )
    let brand = try s.write(
      "brand.tokens.json",
      #"{"space": {"$type": "dimension", "b": {"$value": {"value": 12, "unit": "px"}}}}"#)
    #expect(s.run(["add", "--set", "base", base]).status == 0)
    #expect(s.run(["add", "--set", "brand", brand]).status == 0)
    let server = try CatalogServer(.init(databasePath: s.db, port: 0)) { _ in }
    let r = server.response(method: "GET", path: "/api/tokens", arguments: [])
    #expect(r.status == 200)
    let rows = try #require(try json(String(decoding: r.body, as: UTF8.self)).arrayValue)
    var sets: [String: String] = [:]
    var points: [String: Double] = [:]
    for row in rows {
      guard let o = row.objectValue, let path = o["path"]?.stringValue else { continue }
      sets[path] = o["set"]?.stringValue
      points[path] = o["points"]?.numberValue
    }
    #expect(sets == ["space.a": "base", "space.b": "brand"], "\(rows)")
    #expect(points == ["space.a": 4, "space.b": 12], "\(rows)")
  }
}
