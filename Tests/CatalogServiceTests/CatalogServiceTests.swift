import CatalogCLI
import CatalogModel
import CatalogRender
import CatalogResolver
import CatalogStore
import CatalogTokens
import Foundation
import Testing

@testable import CatalogService

/// The package's top folder, found from this file.
private let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A temporary folder, removed when released.
private final class Folder {
  let url: URL
  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "CatalogServiceTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }
  deinit { try? FileManager.default.removeItem(at: url) }
  func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// The library on its own: `CatalogKit` users add, render and edit components through
/// ``CatalogService`` and get the rows the command line writes.
@Suite struct CatalogServiceTests {
  static let tokens =
    #"{"space": {"$type": "dimension", "sm": {"$value": {"value": 4, "unit": "px"}}, "md": {"$value": "{space.sm}"}}}"#
  static let row =
    #"{"name": "Row", "parameters": {"title": {"type": "string", "default": "Title"}, "gap": {"type": "length", "default": 8}}, "variants": {"wide": {"gap": 20}}, "body": {"type": "HStack", "spacing": "$gap", "children": [{"type": "Text", "text": "$title", "modifiers": [{"padding": {"edges": "all", "length": "{space.md}"}}]}]}}"#
  static let card =
    #"{"name": "Card", "body": {"type": "VStack", "spacing": 2, "children": [{"type": "Row", "arguments": {"title": "A"}}, {"type": "Row", "arguments": {"title": "B", "gap": "{space.sm}"}}]}}"#
  static let rowEdited = row.replacingOccurrences(
    of: #""spacing": "$gap""#, with: #""spacing": 12"#)

  /// Every derived row of a catalog file, as text, for comparing two files.
  static func rows(_ path: String) throws -> [String] {
    let store = try CatalogStore(path: path, mode: .readOnly)
    var out: [String] = []
    for sql in [
      "SELECT c.name, p.position, p.name, p.type, p.default_value, p.is_optional FROM component_parameter p JOIN component c ON c.id = p.component_id ORDER BY 1, 2",
      "SELECT c.name, v.position, v.name, v.arguments FROM component_variant v JOIN component c ON c.id = v.component_id ORDER BY 1, 2",
      "SELECT c.name, l.json_path, l.property, l.source, l.literal_points, l.token_path, l.parameter FROM component_length l JOIN component c ON c.id = l.component_id ORDER BY 1, 2, 3",
      "SELECT c.name, i.json_path, i.instance_of FROM component_instance i JOIN component c ON c.id = i.component_id ORDER BY 1, 2",
      "SELECT name, definition, revision FROM component ORDER BY name",
      "SELECT path, value, resolved_value, resolved_points, alias_of FROM token ORDER BY path",
    ] {
      for row in try store.query(sql) {
        out.append(
          row.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value ?? "NULL")" }.joined(
            separator: " "))
      }
    }
    return out
  }

  @Test func theLibraryAddsRendersAndEditsLikeTheCommandLine() throws {
    let folder = try Folder()
    // Through the library only.
    let library = folder.path("library.db")
    let catalog = try CatalogService(path: library, create: true)
    let tokens = try TokenFileParser.parse(Self.tokens, file: "spacing.tokens.json").tokens
    let added = try catalog.apply([
      .importTokens(tokens, set: "spacing", source: "spacing.tokens.json"),
      .saveComponent(try DefinitionParser.parse(Self.row, file: "Row.json")),
      .saveComponent(try DefinitionParser.parse(Self.card, file: "Card.json")),
    ])
    #expect(added.saved)
    #expect(added.events.contains(.componentSaved(name: "Card", revision: 1, created: true)))
    var resolver = Resolver(source: catalog.componentSource, tokens: try catalog.tokenResolver())
    let resolved = try resolver.resolve("Card", arguments: JSONObject())
    #expect(LaidOutComponent(resolved, proposal: .unspecified).size.height > 0)
    let edited = try catalog.apply([
      .saveComponent(
        try DefinitionParser.parse(Self.rowEdited, file: "Row.json"), expectedRevision: 1)
    ])
    #expect(edited.events == [.componentSaved(name: "Row", revision: 2, created: false)])

    // Through the command line.
    let cli = folder.path("cli.db")
    let files = [
      ("spacing.tokens.json", Self.tokens), ("Row.json", Self.row), ("Card.json", Self.card),
    ].map { name, text in
      let path = folder.path(name)
      _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
      return path
    }
    let output = Output()
    #expect(
      CatalogCommand.run(["--db", cli, "add"] + files, environment: [:], output: output) == 0)
    _ = FileManager.default.createFile(atPath: files[1], contents: Data(Self.rowEdited.utf8))
    #expect(
      CatalogCommand.run(["--db", cli, "add", files[1]], environment: [:], output: output) == 0)

    let libraryRows = try Self.rows(library)
    #expect(!libraryRows.filter { $0.contains("source=token") }.isEmpty)
    #expect(libraryRows == (try Self.rows(cli)))
  }

  /// The store's doc example, followed to the letter, yields the derived rows.
  @Test func theStoreDocExampleWritesDerivedRows() throws {
    let folder = try Folder()
    let path = folder.path("catalog.db")
    let catalog = try CatalogService(path: path, create: true)
    let definition = try DefinitionParser.parse(
      #"{"name": "Gap", "body": {"type": "Spacer", "minLength": 8}}"#)
    try catalog.apply([.saveComponent(definition)])
    let rows = try CatalogStore(path: path, mode: .readOnly).query(
      "SELECT property, source, literal_points FROM component_length")
    #expect(rows.count == 1)
    #expect(rows.first?["property"] == "minLength")
  }

  @Test func typedErrorsNameTheComponentAndPath() throws {
    let catalog = try CatalogService(path: ":memory:", create: true)
    let card = try DefinitionParser.parse(Self.card, file: "Card.json")
    #expect(throws: CatalogError.self) {
      try catalog.apply([.saveComponent(card, file: "Card.json")])
    }
    do {
      try catalog.apply([.saveComponent(card, file: "Card.json")])
    } catch {
      guard case .invalid(let problems) = error else {
        Issue.record("expected .invalid, got \(error)")
        return
      }
      #expect(
        problems.map(\.location).contains(
          CatalogLocation(component: "Card", jsonPath: "body.children[0].type", file: "Card.json")),
        "\(problems)")
    }
    #expect(try catalog.components().isEmpty)
  }

  @Test func filesAreReadIntoChangesAsAddReadsThem() throws {
    let catalog = try CatalogService(path: ":memory:", create: true)
    let files = [
      ("Card.json", Self.card), ("Row.json", Self.row), ("spacing.tokens.json", Self.tokens),
    ].map {
      InputFile(path: $0.0, bytes: Array($0.1.utf8))
    }
    let prepared = try catalog.changes(for: files, set: nil, strict: false)
    #expect(prepared.changes.count == 3)
    let result = try catalog.apply(prepared.changes)
    #expect(
      result.events.first
        == .tokensImported(
          set: "spacing", source: "spacing.tokens.json", count: 2, added: 2, changed: 0,
          unchanged: 0))
    #expect(try catalog.components().map(\.name) == ["Card", "Row"])
    // The same component twice is refused with both files named.
    #expect(throws: CatalogError.self) {
      try catalog.changes(
        for: [files[1], InputFile(path: "Row2.json", bytes: Array(Self.row.utf8))], set: nil,
        strict: false)
    }
  }

  @Test func aDryRunSavesNothing() throws {
    let catalog = try CatalogService(path: ":memory:", create: true)
    let row = try DefinitionParser.parse(
      Self.row.replacingOccurrences(of: #""{space.md}""#, with: "4"), file: "Row.json")
    let result = try catalog.apply([.saveComponent(row)], options: ChangeOptions(dryRun: true))
    #expect(!result.saved)
    #expect(try catalog.component(named: "Row") == nil)
  }

  @Test func theCommandLineImportsNoStoreType() throws {
    let folder = packageRoot.appendingPathComponent("Sources/CatalogCLI")
    let files =
      FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter {
        $0.hasSuffix(".swift")
      } ?? []
    #expect(files.count > 10)
    for file in files {
      let text = try String(
        contentsOfFile: folder.appendingPathComponent(file).path, encoding: .utf8)
      #expect(!text.contains("import CatalogStore"), "\(file) imports CatalogStore")
      for storeName in [
        "CatalogStore(", "StoreError", "ComponentInput", "TokenInput", "inTransaction",
      ] {
        #expect(!text.contains(storeName), "\(file) uses \(storeName)")
      }
    }
    let manifest = try String(
      contentsOfFile: packageRoot.appendingPathComponent("Package.swift").path, encoding: .utf8)
    guard let start = manifest.range(of: #"name: "CatalogCLI","#) else {
      Issue.record("no CatalogCLI target in Package.swift")
      return
    }
    let target = manifest[start.upperBound...].prefix { $0 != ")" }
    #expect(!target.contains("\"CatalogStore\""), "CatalogCLI depends on CatalogStore: \(target)")
  }
}

/// Storage failures keep SQLite's result code for callers to match.
@Suite struct CatalogErrorTests {
  @Test func aFileThatIsNotACatalogIsAMatchableCase() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "CatalogErrorTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("notes.txt").path
    _ = FileManager.default.createFile(
      atPath: path, contents: Data(String(repeating: "not a database\n", count: 100).utf8))
    do {
      _ = try CatalogService(path: path, create: false)
      Issue.record("expected an error")
    } catch {
      guard case .notACatalog(let where_, _) = error else {
        Issue.record("expected .notACatalog, got \(error)")
        return
      }
      #expect(where_ == path)
    }
    #expect(throws: CatalogError.noCatalog(path: folder.appendingPathComponent("none.db").path)) {
      _ = try CatalogService(path: folder.appendingPathComponent("none.db").path, create: false)
    }
  }

  @Test func storageErrorsCarryTheirResultCode() {
    let error = CatalogError.from(
      StoreError.sqlite(code: 13, extendedCode: 13, message: "database or disk is full", sql: nil))
    guard case .storage(_, let code) = error else {
      Issue.record("expected .storage, got \(error)")
      return
    }
    #expect(code?.primary == .full)
  }
}

/// Issue 14 points 4, 5 and 7 through the service's single write path.
@Suite struct CatalogServiceTokenSyncTests {
  static let file = InputFile(
    path: "space.tokens.json",
    bytes: Array(
      #"{"space": {"$type": "dimension", "a": {"$value": {"value": 4, "unit": "px"}}, "b": {"$value": "{space.a}"}}}"#
        .utf8))

  @Test("syncTokenSet removes what the file lacks and reports it; an import leaves it")
  func prune() throws {
    let catalog = try CatalogService(path: ":memory:", create: true)
    try catalog.apply(try catalog.changes(for: [Self.file], set: nil, strict: false).changes)
    let smaller = InputFile(
      path: "space.tokens.json",
      bytes: Array(
        #"{"space": {"$type": "dimension", "a": {"$value": {"value": 4, "unit": "px"}}}}"#.utf8))
    let kept = try catalog.apply(
      try catalog.changes(for: [smaller], set: nil, strict: false).changes)
    #expect(!kept.events.contains { if case .tokensPruned = $0 { true } else { false } })
    #expect(try catalog.tokenResolver().tokens["space.b"] != nil)
    let prepared = try catalog.changes(for: [smaller], set: nil, strict: false, prune: true)
    let result = try catalog.apply(prepared.changes)
    #expect(result.events.last == .tokensPruned(set: "space", paths: ["space.b"]))
    #expect(try catalog.tokenResolver().tokens["space.b"] == nil)
  }

  @Test("setToken on a new path: the only set, else refused naming the sets; never 'default'")
  func newTokenSet() throws {
    let catalog = try CatalogService(path: ":memory:", create: true)
    #expect(throws: CatalogError.self) {
      try catalog.apply([.setToken(path: "space.c", value: .number(8))])
    }
    #expect(try catalog.tokenSets().isEmpty)
    try catalog.apply(try catalog.changes(for: [Self.file], set: nil, strict: false).changes)
    let result = try catalog.apply([.setToken(path: "space.c", value: .number(8))])
    guard case .tokenSaved(_, let set, _, let points, _, _) = result.events.first else {
      Issue.record("no token saved")
      return
    }
    #expect(set == "space")
    #expect(points == 8)
  }

  @Test("a dangling alias is refused unless allowDangling, then saved with the option")
  func dangling() throws {
    let catalog = try CatalogService(path: ":memory:", create: true)
    let dangling = InputFile(
      path: "d.tokens.json",
      bytes: Array(#"{"x": {"$type": "dimension", "$value": "{nope.y}"}}"#.utf8))
    #expect(throws: CatalogError.self) {
      try catalog.changes(for: [dangling], set: nil, strict: false)
    }
    let prepared = try catalog.changes(
      for: [dangling], set: nil, strict: false, allowDangling: true)
    #expect(
      prepared.warnings.contains { $0.contains(TokenAlias.danglingMessage("nope.y", kept: true)) })
    #expect(throws: CatalogError.self) { try catalog.apply(prepared.changes) }
    try catalog.apply(prepared.changes, options: ChangeOptions(allowsDangling: true))
    #expect(try catalog.tokenResolver().tokens["x"] != nil)
  }

  @Test("a Tokens Studio multi-set file: one set per set in tokenSetOrder and a resolver")
  func tokensStudio() throws {
    let catalog = try CatalogService(path: ":memory:", create: true)
    let studio = InputFile(
      path: "studio.json",
      bytes: Array(
        #"{"base": {"spacing": {"sm": {"value": "8", "type": "spacing"}}}, "app": {"spacing": {"md": {"value": "{spacing.sm} * 2", "type": "spacing"}}}, "$metadata": {"tokenSetOrder": ["app", "base"]}}"#
          .utf8))
    let prepared = try catalog.changes(for: [studio], set: nil, strict: false)
    try catalog.apply(prepared.changes)
    #expect(try catalog.tokenSets().map(\.name) == ["app", "base"])
    #expect(try catalog.tokenResolver().resolve("spacing.md").points == 16)
  }
}
