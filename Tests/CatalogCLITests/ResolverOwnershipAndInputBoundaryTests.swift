import Foundation
import Testing

/// Fresh-user review 17 (a): a modifier name owned by two resolver documents, where an
/// imported resolver document's source is recorded, FIFOs given to the Swift bridge, and
/// catalog folder files leading outside the folder.
@Suite struct ResolverOwnershipAndInputBoundaryTests {
  /// The example catalog and `v2.resolver.json`: the example's density document with a
  /// third context `spacious`.
  static func exampleWithSecondDensity() throws -> Sandbox {
    let s = try Sandbox()
    // The example catalog file, which holds the density document and TrackRow.
    try FileManager.default.copyItem(
      atPath: cliPackageRoot.appendingPathComponent("catalog.db.example").path, toPath: s.db)
    let text = try String(
      contentsOf: cliPackageRoot.appendingPathComponent("examples/tokens/density.resolver.json"),
      encoding: .utf8)
    let v2 = text.replacingOccurrences(
      of: #""regular": [ {} ],"#, with: #""regular": [ {} ], "spacious": [ {} ],"#)
    #expect(v2 != text)
    try s.write("v2.resolver.json", v2)
    return s
  }

  @Test("a second document with a stored document's modifier name is refused, naming both")
  func sharedModifierRefusedAtImport() throws {
    let s = try Self.exampleWithSecondDensity()
    // Before: exit 0, and `--input density=spacious` then failed in every command.
    let r = s.run(["tokens", "import-resolver", s.path("v2.resolver.json"), "--name", "density-v2"])
    #expect(r.status == 1, "\(r.out)")
    #expect(
      r.err.contains(
        "the modifier 'density' of the resolver document 'density-v2' is already a modifier of the stored resolver document 'density'"
      ), "\(r.err)")
    #expect(r.err.contains("import this file with --name density"), "\(r.err)")
    #expect(r.err.contains("Nothing was saved."))
    // `add` reads resolver documents through the same change.
    let add = s.run(["add", s.path("v2.resolver.json")])
    #expect(add.status == 1)
    #expect(add.err.contains("is already a modifier of the stored resolver document"), "\(add.err)")
    // The way out: replace the stored document; its new context then renders.
    let replace = s.run([
      "tokens", "import-resolver", s.path("v2.resolver.json"), "--name", "density",
    ])
    #expect(replace.status == 0, "\(replace.err)")
    let render = s.run(["render", "TrackRow", "--input", "density=spacious"])
    #expect(render.status == 0, "\(render.err)")
    #expect(s.run(["tokens", "export", "--all-contexts", "--format", "css"]).status == 0)
  }

  @Test("doctor reports a stored pair, and --input naming the modifier says why it fails")
  func storedPairReported() throws {
    let s = try Self.exampleWithSecondDensity()
    let file = try String(contentsOfFile: s.path("v2.resolver.json"), encoding: .utf8)
    try s.write("v3.resolver.json", file.replacingOccurrences(of: "density", with: "dens"))
    #expect(
      s.run(["tokens", "import-resolver", s.path("v3.resolver.json"), "--name", "v2"]).status == 0)
    // A catalog made before the rule: the pair written directly.
    guard
      try sqlite3(s.db, "UPDATE resolver_modifier SET name = 'density' WHERE name = 'dens'")
        != nil
    else {
      Issue.record("the sqlite3 shell is needed (Debian: sqlite3)")
      return
    }
    let doctor = s.run(["doctor"])
    #expect(doctor.status == 1)
    #expect(
      (doctor.out + doctor.err).contains(
        "the resolver documents 'density' and 'v2' both have the modifier 'density'"),
      "\(doctor.out)\(doctor.err)")
    let render = s.run(["render", "TrackRow", "--input", "density=compact"])
    #expect(render.status != 0)
    #expect(render.err.contains("both have the modifier 'density'"), "\(render.err)")
    // An input naming another document's modifier only is not concerned.
    #expect(s.run(["render", "TrackRow"]).status == 0)
  }

  @Test("an imported resolver document's source is recorded relative to the catalog's folder")
  func resolverSourceRelativeToCatalog() throws {
    let binary = try #require(builtBinary, "build with 'swift build --build-tests'")
    let s = try Sandbox()
    try FileManager.default.createDirectory(
      at: s.url.appendingPathComponent("work/resolvers"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: s.url.appendingPathComponent("run"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: cliPackageRoot.appendingPathComponent("examples/tokens/density.resolver.json").path,
      toPath: s.path("work/resolvers/d.resolver.json"))
    let r = try runBinary(
      binary,
      ["--db", "../catalog.db", "tokens", "import-resolver", "../work/resolvers/d.resolver.json"],
      in: s.url.appendingPathComponent("run"))
    #expect(r.status == 0, "\(r.err)")
    let list = try runBinary(binary, ["--db", s.db, "tokens", "resolvers"], in: s.url)
    // Before: "from ../work/resolvers/d.resolver.json" (relative to where the command ran).
    #expect(list.out.contains("from work/resolvers/d.resolver.json"), "\(list.out)")
  }

  @Test("a catalog folder file leading outside the folder is refused, its content unshown")
  func folderSymlinkOutside() throws {
    let s = try Sandbox()
    #expect(s.run(["init", "--example"]).status == 0)
    let folder = s.path("exported")
    #expect(s.run(["export", folder]).status == 0)
    let secret = try s.write("secret.json", "SECRET-CONTENT 42")
    try FileManager.default.createSymbolicLink(
      atPath: s.path("exported/components/Leak.json"), withDestinationPath: secret)
    let other = s.path("other.db")
    let r = s.run(["import", folder], db: other)
    #expect(r.status == 1)
    #expect(r.err.contains("components/Leak.json"), "\(r.err)")
    #expect(r.err.contains("leads outside the folder"), "\(r.err)")
    #expect(!r.err.contains("SECRET"), "\(r.err)")
    let check = s.run(["check", folder], db: other)
    #expect(check.status == 1)
    #expect(!(check.out + check.err).contains("SECRET"), "\(check.out)\(check.err)")
    // A token file leading out is refused the same way, whatever the manifest lists.
    try FileManager.default.removeItem(atPath: s.path("exported/components/Leak.json"))
    let tokens = try FileManager.default.contentsOfDirectory(atPath: s.path("exported/tokens"))
    let first = try #require(tokens.sorted().first)
    try s.write(
      "outside.tokens.json", #"{"leak": {"$type": "dimension", "$value": "12345px"}}"#)
    try FileManager.default.removeItem(atPath: s.path("exported/tokens/\(first)"))
    try FileManager.default.createSymbolicLink(
      atPath: s.path("exported/tokens/\(first)"), withDestinationPath: s.path("outside.tokens.json")
    )
    let t = s.run(["check", folder], db: other)
    #expect(t.status == 1)
    #expect((t.out + t.err).contains("leads outside the folder"), "\(t.out)\(t.err)")
    #expect(!(t.out + t.err).contains("12345"), "\(t.out)\(t.err)")
    // --allow-outside-refs reads it, as it does a resolver document's $ref.
    let allowed = s.run(["import", folder, "--allow-outside-refs"], db: other)
    #expect(!allowed.err.contains("leads outside the folder"), "\(allowed.err)")
  }

  #if CATALOG_SWIFT_BRIDGE
    @Test("check-swift and import-swift refuse a FIFO instead of waiting forever")
    func swiftBridgeFIFO() throws {
      let binary = try #require(builtBinary, "build with 'swift build --build-tests'")
      let s = try Sandbox()
      try FileManager.default.createDirectory(
        at: s.url.appendingPathComponent("d"), withIntermediateDirectories: true)
      try s.write(
        "d/V.swift", "import SwiftUI\nstruct V: View {\n  var body: some View { Text(\"a\") }\n}\n")
      #expect(mkfifo(s.path("d/p.swift"), 0o600) == 0)
      for args in [["check-swift", "d"], ["check-swift", "d/p.swift"], ["import-swift", "d"]] {
        let r = try runBinary(binary, ["--db", s.db] + args, in: s.url, deadline: 60)
        #expect(r.status == 1, "\(args): \(r.out)\(r.err)")
        #expect(
          r.err.contains(
            "p.swift: cannot read the file: it is a named pipe (FIFO), not a regular file"),
          "\(args): \(r.err)")
      }
    }
  #endif
}
