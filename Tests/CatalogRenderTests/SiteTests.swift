import CatalogModel
import CatalogRender
import CatalogResolver
import CatalogTestSupport
import CatalogTokens
import Foundation
import Testing

@Suite struct SiteTests {
  /// The example catalog, with `space.xs` marked deprecated so the site has one to mark.
  static func catalog() throws -> ExampleCatalog {
    var catalog = try ExampleCatalog.load()
    var byPath: [String: DesignToken] = [:]
    for k in catalog.tokens.indices {
      if catalog.tokens[k].path == "space.xs" {
        catalog.tokens[k].deprecated = .string("use {space.sm}")
      }
      byPath[catalog.tokens[k].path] = catalog.tokens[k]
    }
    catalog.resolver = TokenResolver(tokens: byPath)
    return catalog
  }

  static func site(_ catalog: ExampleCatalog) -> [(path: String, contents: String)] {
    SiteRenderer.render(
      definitions: catalog.definitions, tokens: catalog.tokens, resolver: catalog.resolver
    ) { d, v in
      SVGRenderer.render(
        try catalog.layOut(
          .init(component: d.name, variant: v?.name, arguments: v?.arguments ?? JSONObject())))
    }
  }

  /// The tags the site documents for a component (its variants, the components and tokens
  /// it uses, `deprecated-token`), computed here independently of the renderer.
  static func searchText(_ d: ComponentDefinition, deprecated: Set<String>) -> String {
    let tokens = Set(d.tokenUses.map(\.token))
    var words = [d.name, d.description ?? ""] + d.variants.map(\.name)
    words += d.instanceUses.map(\.component) + tokens.sorted()
    if !tokens.isDisjoint(with: deprecated) { words.append("deprecated-token") }
    return words.joined(separator: " ").lowercased()
  }

  @Test func indexAndOnePagePerComponentAndTokenWithEveryLinkResolving() throws {
    let catalog = try Self.catalog()
    let files = Self.site(catalog)
    #expect(files.map(\.path).contains("index.html"))
    for d in catalog.definitions {
      #expect(files.map(\.path).contains("components/\(d.name).html"))
    }
    for t in catalog.tokens {
      #expect(files.map(\.path).contains("tokens/\(SiteRenderer.tokenFileName(t.path))"))
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
    #expect(trackRow.contains("../tokens/space.sm.html"))
    // Values as a designer reads them, not raw JSON.
    #expect(trackRow.contains("→ base.size.8 (8 px = 8 pt)"))
  }

  @Test func indexHasAThumbnailCardPerComponentAndTheSearchBox() throws {
    let catalog = try Self.catalog()
    let index = try #require(Self.site(catalog).first { $0.path == "index.html" }?.contents)
    let cards = index.components(separatedBy: "<article class=\"card\"").dropFirst()
    #expect(cards.count == catalog.definitions.count)
    for card in cards {
      #expect(card.contains("<a class=\"thumb\""), "a card without a thumbnail link")
      #expect(card.contains("<svg"), "a card without its inline SVG thumbnail")
    }
    #expect(index.contains("<input type=\"search\" id=\"filter\""))
    #expect(index.contains("<script>"))
    // No external resource: no src attribute, no http(s) link except SVG's namespace.
    #expect(!index.contains(" src=\""))
    #expect(!index.replacing("xmlns=\"http://www.w3.org/2000/svg\"", with: "").contains("http"))
  }

  @Test func idsAreUniqueInEveryPageWithSeveralDrawings() throws {
    let catalog = try Self.catalog()
    for (path, contents) in Self.site(catalog) {
      var ids: [String: Int] = [:]
      var rest = contents[...]
      while let r = rest.range(of: " id=\"") {
        let after = rest[r.upperBound...]
        guard let end = after.firstIndex(of: "\"") else { break }
        ids[String(after[..<end]), default: 0] += 1
        rest = after[end...]
      }
      let repeated = ids.filter { $0.value > 1 }.keys.sorted()
      #expect(repeated.isEmpty, "\(path): repeated ids \(repeated)")
    }
  }

  @Test func tokenValuesAreReadableAndDeprecatedTokensMarked() throws {
    let catalog = try Self.catalog()
    let files = Dictionary(uniqueKeysWithValues: Self.site(catalog).map { ($0.path, $0.contents) })
    let index = try #require(files["index.html"])
    // `4 px = 4 pt`, rem in points, composites member by member.
    #expect(index.contains("4 px = 4 pt"))
    #expect(index.contains("2 rem = 32 pt"))
    #expect(index.contains("offsetY 2 px = 2 pt · blur 8 px = 8 pt"))
    #expect(index.contains("color #c7c7cc · width → stroke.hairline (1 px = 1 pt) · style solid"))
    #expect(!index.contains("{&quot;value&quot;"), "raw dimension JSON in the index")
    // Deprecated: the row, its page, and the cards of components using it.
    let row = try #require(
      index.components(separatedBy: "\n").first { $0.contains("id=\"token-space.xs\"") })
    #expect(
      row.contains("class=\"deprecated\"")
        && row.contains("<span class=\"badge\">deprecated</span>"))
    let page = try #require(files["tokens/space.xs.html"])
    #expect(page.contains("Deprecated: use {space.sm}"))
    #expect(index.contains("data-tag=\"deprecated-token\""))
  }

  @Test func tokenPagesListUsersThroughAliases() throws {
    let catalog = try Self.catalog()
    let files = Dictionary(uniqueKeysWithValues: Self.site(catalog).map { ($0.path, $0.contents) })
    // base.size.8 is used by no component directly; space.sm aliases it, TrackRow uses that.
    let page = try #require(files["tokens/base.size.8.html"])
    let users = try #require(page.components(separatedBy: "<h2>Used by</h2>").last)
    #expect(users.contains("<a href=\"../components/TrackRow.html\">TrackRow</a>"))
    #expect(
      users.contains(
        "<a href=\"space.sm.html\"><code>space.sm</code></a> → <a href=\"base.size.8.html\"><code>base.size.8</code></a>"
      ))
    // Every component the graph finds is listed, directly or through aliases.
    for t in catalog.tokens {
      let expected = Set(
        catalog.resolver.graph.uses(of: t.path) { path in
          catalog.definitions.filter { d in d.tokenUses.contains { $0.token == path } }.map(\.name)
        }.map(\.use))
      let text = try #require(files["tokens/\(SiteRenderer.tokenFileName(t.path))"])
      for name in expected {
        #expect(text.contains("../components/\(name).html"), "\(t.path) page misses \(name)")
      }
      if expected.isEmpty { #expect(text.contains("No component uses it")) }
    }
  }

  @Test(arguments: [
    ("space.sm", "space.sm.html"), ("color/brand", "color~2Fbrand.html"),
    ("a b", "a~20b.html"), ("naïve", "na~C3~AFve.html"), ("x~y", "x~7Ey.html"),
  ])
  func tokenFileNamesAreSafeAndDistinct(path: String, file: String) {
    #expect(SiteRenderer.tokenFileName(path) == file)
  }

  /// `Space.SM.html` beside `space.sm.html`, `CON.html` beside `con.html`: one file on a
  /// case-insensitive file system, and `CON` cannot be created on Windows (review 15,
  /// point 6).
  @Test func tokenFileNamesNeverDifferOnlyInCaseNorNameADevice() {
    let paths = [
      "space.sm", "Space.SM", "space.SM", "CON", "con", "Con.x", "nul.a.b", "com1", "LPT9.z",
      "fontSize", "fontsize", "console", "com10",
    ]
    let names = paths.map(SiteRenderer.tokenFileName)
    #expect(Set(names.map { $0.lowercased() }).count == paths.count, "\(names)")
    let devices = Set(["CON", "PRN", "AUX", "NUL"] + (0...9).flatMap { ["COM\($0)", "LPT\($0)"] })
    for name in names {
      #expect(!devices.contains(String(name.prefix { $0 != "." }).uppercased()), "\(name)")
    }
    #expect(SiteRenderer.tokenFileName("space.sm") == "space.sm.html")
    #expect(SiteRenderer.tokenFileName("con") == "~63on.html")
    #expect(SiteRenderer.tokenFileName("console") == "console.html")
    #expect(SiteRenderer.tokenFileName("Space.SM").hasPrefix("Space.SM~"))
  }

  @Test func longTokenPathsGetAShortFileName() {
    let long = String(repeating: "group.", count: 60) + "token"
    let name = SiteRenderer.tokenFileName(long)
    #expect(name.utf8.count <= 210)
    #expect(name != SiteRenderer.tokenFileName(long + "2"))
  }

  /// Writes the site to a temporary folder.
  static func write(_ files: [(path: String, contents: String)]) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "catalog-site-\(UUID().uuidString)")
    for (path, contents) in files {
      let url = dir.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try contents.write(to: url, atomically: false, encoding: .utf8)
    }
    return dir
  }

  /// The search words the browser test types, with what a person expects to find.
  static let queries = ["track", "card", "SPACE.SM row", "deprecated", "zzz-no-such-thing", ""]

  /// One Chromium run loads every page in turn in an iframe of a harness page and reports,
  /// as JSON: each page's links (resolved by the browser) and ids, and on the index, the
  /// cards and token rows visible after typing each query and after clicking a tag.
  static func harness(pages: [String], queries: [String]) -> String {
    func js(_ strings: [String]) -> String {
      "["
        + strings.map { "\"\($0.replacing("\\", with: "\\\\").replacing("\"", with: "\\\""))\"" }
        .joined(separator: ",") + "]"
    }
    return """
      <!DOCTYPE html>
      <html><head><meta charset="utf-8"><title>harness</title></head><body>
      <pre id="result">pending</pre>
      <script>
      "use strict";
      var pages = \(js(pages));
      var queries = \(js(queries));
      var result = { pages: {}, errors: [] };
      var frame = document.createElement("iframe");
      frame.style.width = "1280px";
      frame.style.height = "900px";
      document.body.appendChild(frame);
      function visible(d, selector) {
        return Array.prototype.filter.call(d.querySelectorAll(selector), function (e) {
          return frame.contentWindow.getComputedStyle(e).display !== "none";
        });
      }
      function state(d, query) {
        return {
          query: query,
          box: d.getElementById("filter").value,
          cards: visible(d, ".card").map(function (c) { return c.querySelector("h3").textContent; }),
          tokens: visible(d, "tr[data-search]").map(function (r) { return r.querySelector("code").textContent; }),
          noMatch: visible(d, "#no-match").length > 0,
          count: d.getElementById("filter-count").textContent
        };
      }
      function search(d) {
        var box = d.getElementById("filter");
        var out = queries.map(function (q) {
          box.value = q;
          box.dispatchEvent(new Event("input", { bubbles: true }));
          return state(d, q);
        });
        var tag = d.querySelector(".card button.tag");
        tag.click();
        out.push(state(d, "click:" + tag.getAttribute("data-tag")));
        return out;
      }
      var k = 0;
      function next() {
        if (k >= pages.length) {
          document.getElementById("result").textContent = encodeURIComponent(JSON.stringify(result));
          return;
        }
        var path = pages[k++];
        frame.onload = function () {
          try {
            var d = frame.contentDocument;
            var entry = {
              links: Array.prototype.map.call(d.querySelectorAll("a[href]"), function (a) { return a.href; }),
              ids: Array.prototype.map.call(d.querySelectorAll("[id]"), function (e) { return e.id; }),
              title: d.title
            };
            if (path === "index.html") { entry.search = search(d); }
            if (path.indexOf("index.html?q=") === 0) { entry.search = [state(d, path)]; }
            result.pages[path] = entry;
          } catch (e) {
            result.errors.push(path + ": " + e);
          }
          setTimeout(next, 0);
        };
        frame.src = path;
      }
      next();
      </script>
      </body></html>

      """
  }

  @Test(.requires(.chromium)) func inChromiumLinksResolveSearchFiltersAndNothingIsLogged() throws {
    let catalog = try Self.catalog()
    let files = Self.site(catalog)
    let dir = try Self.write(files)
    defer { try? FileManager.default.removeItem(at: dir) }
    let pages = files.map(\.path) + ["index.html?q=track"]
    try Self.harness(pages: pages, queries: Self.queries).write(
      to: dir.appendingPathComponent("harness.html"), atomically: false, encoding: .utf8)
    let run = try Chromium.dumpDOM(
      dir.appendingPathComponent("harness.html"), budgetMilliseconds: 60_000)
    // No console message, failed load or script error from any page.
    let console = run.log.split(separator: "\n").filter {
      $0.contains("CONSOLE") || $0.contains("Uncaught") || $0.contains("Failed to load resource")
    }
    #expect(console.isEmpty, "\(console.joined(separator: "\n"))")
    let encoded = try #require(
      run.dom.components(separatedBy: "<pre id=\"result\">").last?.components(separatedBy: "</pre>")
        .first)
    let json = try #require(encoded.removingPercentEncoding, "no result: \(encoded.prefix(200))")
    let result = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect((result["errors"] as? [String] ?? ["?"]).isEmpty, "\(result["errors"] ?? "")")
    let loaded = try #require(result["pages"] as? [String: [String: Any]])
    #expect(Set(loaded.keys) == Set(pages), "pages the harness could not read")
    // Every link, as the browser resolved it, names a page of the site and an id in it.
    var broken: [String] = []
    let root = dir.resolvingSymlinksInPath().path
    for (page, entry) in loaded {
      for link in entry["links"] as? [String] ?? [] {
        guard let url = URL(string: link), url.isFileURL else {
          broken.append("\(page): \(link) (not a file link)")
          continue
        }
        let target = URL(fileURLWithPath: url.path).resolvingSymlinksInPath().path
        guard target.hasPrefix(root + "/") else {
          broken.append("\(page): \(link) (outside the site)")
          continue
        }
        let relative = String(target.dropFirst(root.count + 1))
        guard let targetEntry = loaded[relative] else {
          broken.append("\(page): \(link) (no such page)")
          continue
        }
        if let fragment = url.fragment, !fragment.isEmpty,
          !(targetEntry["ids"] as? [String] ?? []).contains(
            fragment.removingPercentEncoding ?? fragment)
        {
          broken.append("\(page): \(link) (no such anchor)")
        }
      }
    }
    #expect(broken.isEmpty, "\(broken.joined(separator: "\n"))")
    // The search box: each query shows exactly the cards whose name, description or tags
    // hold every word, and the token rows likewise.
    let deprecated = Set(catalog.tokens.filter { $0.deprecated != nil }.map(\.path))
    func expectedCards(_ query: String) -> [String] {
      let words = query.lowercased().split(separator: " ").map(String.init)
      return catalog.definitions.filter { d in
        let text = Self.searchText(d, deprecated: deprecated)
        return words.allSatisfy { text.contains($0) }
      }.map(\.name).sorted()
    }
    func expectedTokens(_ query: String) -> [String] {
      let words = query.lowercased().split(separator: " ").map(String.init)
      return catalog.tokens.filter { t in
        let text = [
          t.path, t.type ?? "", t.description ?? "",
          deprecated.contains(t.path) ? "deprecated" : "",
        ].joined(separator: " ").lowercased()
        return words.allSatisfy { text.contains($0) }
      }.map(\.path).sorted()
    }
    let states = try #require(loaded["index.html"]?["search"] as? [[String: Any]])
    #expect(states.count == Self.queries.count + 1)
    var sawFiltering = false
    for s in states {
      let query = s["query"] as? String ?? ""
      let typed = query.hasPrefix("click:") ? s["box"] as? String ?? "" : query
      if query.hasPrefix("click:") { #expect(typed == String(query.dropFirst(6))) }
      let cards = (s["cards"] as? [String] ?? []).sorted()
      let tokens = (s["tokens"] as? [String] ?? []).sorted()
      #expect(cards == expectedCards(typed), "query '\(query)': cards \(cards)")
      #expect(tokens == expectedTokens(typed), "query '\(query)': tokens \(tokens)")
      let nothing = cards.isEmpty && tokens.isEmpty
      #expect((s["noMatch"] as? Bool) == nothing, "query '\(query)': the no-match line")
      if !cards.isEmpty && cards.count < catalog.definitions.count { sawFiltering = true }
    }
    #expect(sawFiltering, "no query filtered the cards")
    let fromAddress = try #require(
      (loaded["index.html?q=track"]?["search"] as? [[String: Any]])?.first)
    #expect(((fromAddress["cards"] as? [String]) ?? []).sorted() == expectedCards("track"))
  }

  @Test(.requires(.chromium)) func screenshotsOfTheIndexAndAComponentPage() throws {
    let catalog = try Self.catalog()
    let dir = try Self.write(Self.site(catalog))
    defer { try? FileManager.default.removeItem(at: dir) }
    let artifacts = try Chromium.artifactsFolder("site")
    for (page, name) in [("index.html", "index.png"), ("components/TrackRow.html", "TrackRow.png")]
    {
      let png = artifacts.appendingPathComponent(name)
      try? FileManager.default.removeItem(at: png)
      try Chromium.screenshot(dir.appendingPathComponent(page), to: png, width: 1280, height: 900)
      let data = try Data(contentsOf: png)
      // A PNG of 1280×900: the signature, then IHDR's width and height (big-endian).
      #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
      let size = data.count >= 24 ? (data[16..<20], data[20..<24]) : (Data(), Data())
      #expect(size.0.reduce(0) { $0 << 8 | Int($1) } == 1280, "\(name) width")
      #expect(size.1.reduce(0) { $0 << 8 | Int($1) } == 900, "\(name) height")
      #expect(data.count > 20_000, "\(name) looks blank (\(data.count) bytes)")
    }
  }
}
