import CatalogServer
import Foundation
import Testing

/// Two Tokens Studio multi-set files naming one set in one `add` are refused naming both
/// files (as two files named after one set are), and `serve`'s token exports go through
/// the same `CatalogService.tokenExport` as `tokens export`: the same resolver documents
/// and no token left out silently.
@Suite struct TokenExportParityTests {
  @Test("two Tokens Studio files with one set name in one add are refused, naming both")
  func studioSetClash() throws {
    let s = try Sandbox()
    for folder in ["one", "two"] {
      try FileManager.default.createDirectory(
        at: s.url.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    let one = try s.write(
      "one/studio.json",
      #"{"global": {"spacing": {"sm": {"value": "4", "type": "spacing"}}}, "$metadata": {"tokenSetOrder": ["global"]}}"#
    )
    let two = try s.write(
      "two/studio.json",
      #"{"global": {"spacing": {"md": {"value": "8", "type": "spacing"}}}, "$metadata": {"tokenSetOrder": ["global"]}}"#
    )
    let r = s.run(["add", one, two])
    #expect(r.status == 1, "\(r.out)")
    #expect(
      r.err.contains(
        "the token files \(one) and \(two) would both go into the set 'global', merging their tokens"
      ), "\(r.err)")
    #expect(s.run(["tokens", "list"]).out.isEmpty, "nothing was saved")
    // The same file twice is one file.
    #expect(s.run(["add", one, one]).status == 0)
  }

  static func catalog() throws -> Sandbox {
    let s = try Sandbox()
    let tokens = try s.write(
      "t.tokens.json",
      #"{"space": {"$type": "dimension", "sm": {"$value": {"value": 8, "unit": "px"}}}, "brand": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0, 0]}}}"#
    )
    let density = try s.write(
      "density.resolver.json",
      ##"{"version": "2025.10", "modifiers": {"density": {"default": "regular", "contexts": {"regular": [{}], "compact": [{"space": {"$type": "dimension", "sm": {"$value": {"value": 4, "unit": "px"}}}}]}}}, "resolutionOrder": [{"$ref": "#/modifiers/density"}]}"##
    )
    let theme = try s.write(
      "theme.resolver.json",
      ##"{"version": "2025.10", "modifiers": {"theme": {"default": "light", "contexts": {"light": [{}], "dark": [{"brand": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0, 1]}}}]}}}, "resolutionOrder": [{"$ref": "#/modifiers/theme"}]}"##
    )
    #expect(s.run(["add", tokens]).status == 0)
    #expect(s.run(["add", density]).status == 0)
    #expect(s.run(["add", theme]).status == 0)
    return s
  }

  @Test("serve applies every resolver document the inputs name, as tokens export does")
  func everyDocument() throws {
    let s = try Self.catalog()
    let server = try CatalogServer(.init(databasePath: s.db, port: 0)) { _ in }
    let r = server.response(
      method: "GET", path: "/tokens.css", query: ["input": "density=compact,theme=dark"])
    #expect(r.status == 200, "\(String(decoding: r.body, as: UTF8.self))")
    let cli = s.run([
      "tokens", "export", "--format", "css", "--input", "density=compact,theme=dark",
    ])
    #expect(cli.status == 0, "\(cli.err)")
    let body = String(decoding: r.body, as: UTF8.self)
    #expect(body.contains("--space-sm: 4px"), "\(body)")
    // The same declarations as the CLI's (the header line names the catalog differently).
    #expect(
      body.split(separator: "\n").dropFirst() == cli.out.split(separator: "\n").dropFirst(),
      "\(body)\n---\n\(cli.out)")
    let unknown = server.response(method: "GET", path: "/tokens.css", query: ["input": "densty=x"])
    #expect(unknown.status == 400)
  }

  @Test("serve's Swift export names the tokens it leaves out, in a header and the comment")
  func omissionWarnings() throws {
    let s = try Self.catalog()
    let server = try CatalogServer(.init(databasePath: s.db, port: 0)) { _ in }
    let r = server.response(method: "GET", path: "/tokens.swift", query: [:])
    #expect(r.status == 200)
    let cli = s.run(["tokens", "export", "--format", "swift"])
    let expected = "1 color token is not in the swift export"
    #expect(cli.err.contains(expected), "\(cli.err)")
    #expect(
      r.headers.contains { $0.0 == "X-Catalog-Warning" && $0.1.hasPrefix(expected) },
      "\(r.headers)")
    let body = String(decoding: r.body, as: UTF8.self)
    #expect(
      body.hasPrefix("// Design tokens from the catalog. Not exported (1): \(expected)"), "\(body)")
    // JSON has no comments: the header only.
    let json = server.response(method: "GET", path: "/tokens.json", query: [:])
    #expect(json.status == 200 && !json.headers.contains { $0.0 == "X-Catalog-Warning" })
  }
}
