import CatalogModel
import CatalogRender
import CatalogResolver
import CatalogTestSupport
import Foundation
import Testing

@Suite struct SiteTests {
  static func site() throws -> [(path: String, contents: String)] {
    let catalog = try ExampleCatalog.load()
    return SiteRenderer.render(
      definitions: catalog.definitions, tokens: catalog.tokens, resolver: catalog.resolver
    ) { d, v in
      SVGRenderer.render(
        try catalog.layOut(
          .init(component: d.name, variant: v?.name, arguments: v?.arguments ?? JSONObject())))
    }
  }

  @Test func indexAndOnePagePerComponentWithEveryLinkResolving() throws {
    let files = try Self.site()
    let catalog = try ExampleCatalog.load()
    #expect(files.map(\.path).contains("index.html"))
    for d in catalog.definitions {
      #expect(files.map(\.path).contains("components/\(d.name).html"))
    }
    let byPath = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents) })
    var broken: [String] = []
    for (path, contents) in files {
      let base = URL(fileURLWithPath: "/site/" + path).deletingLastPathComponent()
      var rest = contents[...]
      while let r = rest.range(of: "href=\"") {
        let after = rest[r.upperBound...]
        guard let end = after.firstIndex(of: "\"") else { break }
        let href = String(after[..<end])
        rest = after[end...]
        let parts = href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(
          String.init)
        let target =
          parts[0].isEmpty
          ? path
          : String(
            base.appendingPathComponent(parts[0]).standardized.path.dropFirst("/site/".count))
        guard let page = byPath[target] else {
          broken.append("\(path): \(href)")
          continue
        }
        if parts.count == 2, !page.contains("id=\"\(parts[1])\"") {
          broken.append("\(path): \(href) (no such anchor)")
        }
      }
    }
    #expect(broken.isEmpty, "broken links:\n\(broken.joined(separator: "\n"))")
    let trackRow = try #require(byPath["components/TrackRow.html"])
    #expect(trackRow.contains("<svg"))
    #expect(trackRow.contains("Variant <code>full</code>"))
    #expect(trackRow.contains("<a href=\"AlbumCard.html\">AlbumCard</a>"))
    #expect(trackRow.contains("<a href=\"VSStack.html\">VSStack</a>"))
    #expect(trackRow.contains("index.html#token-space.sm"))
  }

  @Test(.requires(.chromium)) func pagesLoadInChromiumWithoutConsoleErrors() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "catalog-site-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    let files = try Self.site()
    for (path, contents) in files {
      let url = dir.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try contents.write(to: url, atomically: true, encoding: .utf8)
    }
    for (path, _) in files {
      let result = try Chromium.dumpDOM(dir.appendingPathComponent(path), budgetMilliseconds: 2_000)
      #expect(result.dom.contains("</html>"), "\(path) did not load")
      let console = result.log.split(separator: "\n").filter {
        $0.contains("CONSOLE") || $0.contains("Uncaught") || $0.contains("Failed to load resource")
      }
      #expect(console.isEmpty, "\(path): \(console.joined(separator: "\n"))")
    }
  }
}
