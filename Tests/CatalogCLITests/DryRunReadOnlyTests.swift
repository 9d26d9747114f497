import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A dry run writes nothing, so it works where reading commands work: on a catalog file of
/// mode 444 in a folder nobody may write (before: `add --dry-run`, `import --dry-run`,
/// `tokens set --dry-run` and `lint --fix --dry-run` opened the catalog read-write and
/// failed there). The catalog and its folder are unchanged afterwards.
@Suite struct DryRunReadOnlyTests {
  @Test(
    .enabled(
      if: canRunUnprivileged,
      "as root, needs setpriv (util-linux) to run as nobody"))
  func everyDryRunWorksOnACatalogNobodyMayWrite() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    #expect(s.run(["init", "--example"]).status == 0)
    let a = try s.write("a.tokens.json", ReadOnlyInputAndQueryTests.token)
    #expect(s.run(["add", a]).status == 0)
    let folder = s.path("exported")
    #expect(s.run(["export", folder]).status == 0)
    // A writer last, so the catalog has no -wal/-shm beside it (a reader may leave them).
    #expect(s.run(["add", a]).status == 0)
    let b = try s.write(
      "a2.tokens.json", ReadOnlyInputAndQueryTests.token.replacingOccurrences(of: "4", with: "6"))
    #expect(StartupTests.sidecars(s.db).isEmpty)
    let before = try StartupTests.fingerprint(s.db)
    let listing = try FileManager.default.contentsOfDirectory(atPath: s.url.path).sorted()
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: s.db)
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: s.url.path)
    defer {
      try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: s.url.path)
    }
    for (args, expected) in [
      (["add", b, "--dry-run"], "nothing was saved"),
      (["add", a, "--prune", "--dry-run"], "nothing was saved"),
      (["tokens", "import", b, "--dry-run"], "nothing was saved"),
      (["tokens", "set", "gap", "8", "--dry-run"], "Dry run: {gap} would be 8px"),
      (["import", folder, "--dry-run"], "5 unchanged"),
      (["lint", "--fix", "--dry-run"], "Dry run: nothing was saved."),
    ] {
      let run = try runBinaryUnprivileged(binary, ["--db", s.db] + args)
      #expect(run.status == 0, "\(args): \(run.err)")
      #expect(run.out.lowercased().contains(expected.lowercased()), "\(args): \(run.out)")
    }
    #expect(StartupTests.sidecars(s.db).isEmpty)
    let after = try StartupTests.fingerprint(s.db)
    #expect(after.0 == before.0 && after.1 == before.1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: s.url.path).sorted() == listing)
  }
}
