import CatalogModel
import CatalogResolver
import CatalogTokens

/// `catalog site OUTDIR`: a static, browsable catalog (a small Storybook), as files.
///
/// Pages (plain HTML and CSS with one inline script for the search box; no external
/// resources, relative links only, so the folder can be opened from disk or served
/// anywhere):
/// - `index.html`: a card per component (a thumbnail — its default preview, the inline SVG
///   of ``SVGRenderer`` scaled to the card —, its name, description and tags) and a table
///   of every token (path, type, readable value, users, description; deprecated tokens
///   marked). A search box filters cards and token rows by name, description and tag as
///   you type (every word must match; `index.html?q=card` opens with a query);
/// - `components/NAME.html`: the description, tags, parameters, an SVG preview for its
///   defaults and for each variant, the components and tokens it uses (with their values)
///   and the components that use it;
/// - `tokens/PATH.html` (``tokenFileName(_:)``): the token's type, readable value
///   (``TokenValueText``), value as written, alias chain, deprecation, description, the
///   tokens that refer to it and every component that uses it, directly or through aliases
///   (``TokenGraph/uses(of:direct:)``, the same answer as `tokens usage`).
///
/// A component's tags (the catalog has no tag field) are its variants' names, the
/// components and tokens it uses, and `deprecated-token` when it names a deprecated token.
/// A variant that fails to resolve shows its error instead of a preview.
public enum SiteRenderer {
  /// One previewed case: the title and either the SVG or an error message.
  public typealias Preview = (title: String, svg: String?, error: String?)

  /// Builds the site.
  ///
  /// - Parameters:
  ///   - definitions: Every stored component.
  ///   - tokens: Every token, by path.
  ///   - resolver: Resolves token paths (values, points, alias chains) and holds the
  ///     ``TokenGraph`` that finds users through aliases.
  ///   - progress: Called after each component and each token page with (done, total).
  ///   - preview: Lays out and draws a component with a variant's arguments (nil: its
  ///     defaults); returns the SVG or throws an error to show.
  /// - Returns: Relative file path → contents, in a stable order.
  public static func render(
    definitions: [ComponentDefinition], tokens: [DesignToken], resolver: TokenResolver,
    progress: ((Int, Int) -> Void)? = nil,
    preview: (ComponentDefinition, VariantDefinition?) throws -> String
  ) -> [(path: String, contents: String)] {
    let sorted = definitions.sorted { $0.name < $1.name }
    let sortedTokens = tokens.sorted { $0.path < $1.path }
    let known = Set(sorted.map(\.name))
    let byName = Dictionary(sorted.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    let total = sorted.count + sortedTokens.count
    var done = 0
    var usedBy: [String: [String]] = [:]
    // Direct token uses of every type (lengths, borders, shadows, colours): stored token
    // path → (component, JSON path), in component order.
    var tokenUsers: [String: [(component: String, path: String)]] = [:]
    for d in sorted {
      for use in Set(d.instanceUses.map(\.component)).sorted() {
        usedBy[use, default: []].append(d.name)
      }
      for use in d.tokenUses(components: { byName[$0] }) {
        tokenUsers[use.storedToken, default: []].append((d.name, use.path))
      }
    }
    // Users through any chain of aliases, math and composite members (the token graph's
    // answer, shared with `tokens usage` and lint).
    var allUsers: [String: [(use: (component: String, path: String), chain: [String])]] = [:]
    for t in sortedTokens {
      allUsers[t.path] = resolver.graph.uses(of: t.path) { tokenUsers[$0] ?? [] }
    }
    let deprecated = Set(
      sortedTokens.filter { TokenValueText.isDeprecated($0.deprecated) }.map(\.path))

    var files: [(String, String)] = []
    var cards = ""
    var componentPages: [(String, String)] = []
    for (number, d) in sorted.enumerated() {
      let tags = self.tags(d, deprecated: deprecated)
      // Previews: the defaults, then each variant.
      var figures = ""
      var thumbnail: String?
      let cases: [VariantDefinition?] = [nil] + d.variants.map { Optional($0) }
      for (k, v) in cases.enumerated() {
        let title =
          v.map {
            "Variant <code>\(e($0.name))</code>: <code>\(e(JSONWriter.compact(.object($0.arguments))))</code>"
          } ?? "Defaults"
        do {
          let svg = try preview(d, v)
          if v == nil { thumbnail = svg }
          figures +=
            "<figure id=\"preview-\(k)\">\(scopedIDs(svg, prefix: "v\(k)"))<figcaption>\(title)</figcaption></figure>\n"
        } catch {
          figures +=
            "<figure id=\"preview-\(k)\"><p class=\"error\">\(e("\(error)"))</p><figcaption>\(title)</figcaption></figure>\n"
        }
      }
      let search = ([d.name, d.description ?? ""] + tags).joined(separator: " ").lowercased()
      let href = "components/\(d.name).html"
      cards += "<article class=\"card\" data-search=\"\(e(search))\">"
      cards +=
        "<a class=\"thumb\" href=\"\(href)\" aria-label=\"\(e(d.name))\">\(thumbnail.map { scopedIDs($0, prefix: "c\(number)") } ?? "<span class=\"error\">no preview</span>")</a>"
      cards += "<h3><a href=\"\(href)\">\(e(d.name))</a></h3>"
      cards += "<p>\(e(d.description ?? ""))</p>"
      cards += tagList(tags) + "</article>\n"
      componentPages.append(
        (
          href,
          componentPage(
            d, tags: tags, figures: figures, usedBy: usedBy[d.name] ?? [], known: known,
            deprecated: deprecated, resolver: resolver)
        ))
      done += 1
      progress?(done, total)
    }

    // Index.
    var body = "<header>\n<h1>Component catalog</h1>\n"
    body +=
      "<p>\(plural(sorted.count, "component")), \(plural(sortedTokens.count, "token")). <a href=\"#components\">Components</a> · <a href=\"#tokens\">Tokens</a></p>\n"
    body +=
      "<p class=\"search\"><label for=\"filter\">Search</label> <input type=\"search\" id=\"filter\" placeholder=\"Name, description or tag\" autocomplete=\"off\"> <span id=\"filter-count\" aria-live=\"polite\"></span></p>\n</header>\n"
    body += "<h2 id=\"components\">Components</h2>\n<div class=\"cards\">\n\(cards)</div>\n"
    body += "<p id=\"no-match\" hidden>Nothing matches the search.</p>\n"
    body += "<h2 id=\"tokens\">Tokens</h2>\n"
    body +=
      "<table class=\"tokens\">\n<thead><tr><th>Token</th><th>Type</th><th>Value</th><th>Used by</th><th>Description</th></tr></thead>\n<tbody>\n"
    for t in sortedTokens {
      let isDeprecated = deprecated.contains(t.path)
      let users = Set((allUsers[t.path] ?? []).map(\.use.component)).sorted()
      let search = [
        t.path, t.type ?? "", t.description ?? "", isDeprecated ? "deprecated" : "",
      ].joined(separator: " ").lowercased()
      body +=
        "<tr id=\"token-\(e(t.path))\" data-search=\"\(e(search))\"\(isDeprecated ? " class=\"deprecated\"" : "")><td><a href=\"tokens/\(tokenFileName(t.path))\"><code>\(e(t.path))</code></a>\(isDeprecated ? " <span class=\"badge\">deprecated</span>" : "")</td><td>\(e(t.type ?? ""))</td><td>\(valueCell(t, resolver: resolver))</td><td>\(users.isEmpty ? "—" : plural(users.count, "component"))</td><td>\(e(t.description ?? ""))</td></tr>\n"
    }
    body += "</tbody>\n</table>\n"
    files.append(("index.html", page(title: "Component catalog", body: body, script: true)))
    files += componentPages

    // One page per token.
    for t in sortedTokens {
      files.append(
        (
          "tokens/\(tokenFileName(t.path))",
          tokenPage(
            t, users: allUsers[t.path] ?? [], known: known, deprecated: deprecated,
            resolver: resolver)
        ))
      done += 1
      progress?(done, total)
    }
    return files
  }

  /// A component's tags: its variants' names, the components and tokens it uses, and
  /// `deprecated-token` when one of those tokens is deprecated.
  static func tags(_ d: ComponentDefinition, deprecated: Set<String>) -> [String] {
    let tokens = Set(d.tokenUses.map(\.token))
    var out = d.variants.map(\.name)
    out += Set(d.instanceUses.map(\.component)).sorted()
    out += tokens.sorted()
    if !tokens.isDisjoint(with: deprecated) { out.append("deprecated-token") }
    var seen = Set<String>()
    return out.filter { seen.insert($0).inserted }
  }

  /// The tags as a list: buttons that search for their tag (the index), or plain labels.
  private static func tagList(_ tags: [String], buttons: Bool = true) -> String {
    guard !tags.isEmpty else { return "" }
    return "<ul class=\"tags\">"
      + tags.map {
        buttons
          ? "<li><button type=\"button\" class=\"tag\" data-tag=\"\(e($0.lowercased()))\">\(e($0))</button></li>"
          : "<li><span class=\"tag\">\(e($0))</span></li>"
      }.joined() + "</ul>"
  }

  private static func componentPage(
    _ d: ComponentDefinition, tags: [String], figures: String, usedBy: [String],
    known: Set<String>, deprecated: Set<String>, resolver: TokenResolver
  ) -> String {
    var b = "<nav><a href=\"../index.html\">← Catalog</a></nav>\n<h1>\(e(d.name))</h1>\n"
    if let text = d.description { b += "<p>\(e(text))</p>\n" }
    b += tagList(tags, buttons: false) + "\n"
    b += "<h2>Parameters</h2>\n"
    if d.parameters.isEmpty {
      b += "<p>None.</p>\n"
    } else {
      b +=
        "<table>\n<thead><tr><th>Name</th><th>Type</th><th>Default</th><th>Description</th></tr></thead>\n"
      for p in d.parameters {
        let def =
          p.defaultValue.map { JSONWriter.compact($0) }
          ?? (p.isOptional ? "optional" : "required")
        b +=
          "<tr><td><code>\(e(p.name))</code></td><td>\(e(p.type.rawValue))\(p.allowedValues.map { ": " + e($0.joined(separator: " | ")) } ?? "")</td><td><code>\(e(def))</code></td><td>\(e(p.description ?? ""))</td></tr>\n"
      }
      b += "</table>\n"
    }
    b += "<h2>Previews</h2>\n<div class=\"previews\">\n\(figures)</div>\n"
    let uses = Set(d.instanceUses.map(\.component)).sorted()
    b +=
      "<h2>Uses</h2>\n<p>Components: \(uses.isEmpty ? "none" : uses.map { link($0, known: known) }.joined(separator: ", "))</p>\n"
    let tokenUses = d.tokenUses
    if tokenUses.isEmpty {
      b += "<p>Tokens: none</p>\n"
    } else {
      b +=
        "<table>\n<thead><tr><th>Token</th><th>Value</th><th>Where</th></tr></thead>\n"
      for use in tokenUses {
        let token = resolver.tokens[use.token]
        let name =
          token == nil
          ? "<code>\(e(use.token))</code> (not in the catalog)"
          : "<a href=\"../tokens/\(tokenFileName(use.token))\"><code>\(e(use.token))</code></a>"
        b +=
          "<tr\(deprecated.contains(use.token) ? " class=\"deprecated\"" : "")><td>\(name)\(deprecated.contains(use.token) ? " <span class=\"badge\">deprecated</span>" : "")</td><td>\(token.map { valueCell($0, resolver: resolver) } ?? "")</td><td><code>\(e(use.path))</code></td></tr>\n"
      }
      b += "</table>\n"
    }
    b +=
      "<h2>Used by</h2>\n<p>\(usedBy.isEmpty ? "No other component." : usedBy.map { link($0, known: known) }.joined(separator: ", "))</p>\n"
    return page(title: d.name, body: b, script: false)
  }

  private static func tokenPage(
    _ t: DesignToken, users: [(use: (component: String, path: String), chain: [String])],
    known: Set<String>, deprecated: Set<String>, resolver: TokenResolver
  ) -> String {
    var b =
      "<nav><a href=\"../index.html\">← Catalog</a> · <a href=\"../index.html#tokens\">Tokens</a></nav>\n"
    b += "<h1><code>\(e(t.path))</code>"
    if deprecated.contains(t.path) { b += " <span class=\"badge\">deprecated</span>" }
    b += "</h1>\n"
    if let text = t.description { b += "<p>\(e(text))</p>\n" }
    if deprecated.contains(t.path) {
      b +=
        "<p class=\"deprecated\">Deprecated\(t.deprecated?.stringValue.map { ": " + e($0) } ?? ".")</p>\n"
    }
    b += "<dl>\n"
    b += "<dt>Type</dt><dd>\(e(t.type ?? "none"))</dd>\n"
    b += "<dt>Value</dt><dd>\(valueCell(t, resolver: resolver))</dd>\n"
    b += "<dt>As written</dt><dd><code>\(e(JSONWriter.compact(t.value)))</code></dd>\n"
    if let resolution = try? resolver.resolve(t.path), resolution.chain.count > 1 {
      b +=
        "<dt>Alias chain</dt><dd>\(resolution.chain.map { tokenLink($0, known: resolver) }.joined(separator: " → "))</dd>\n"
    }
    let references = TokenGraph.allReferences(of: t).filter { $0 != t.path }
    if !references.isEmpty {
      b +=
        "<dt>Refers to</dt><dd>\(references.map { tokenLink($0, known: resolver) }.joined(separator: ", "))</dd>\n"
    }
    if let location = t.location {
      b += "<dt>Defined at</dt><dd><code>\(e(location))</code></dd>\n"
    }
    if let origin = t.origin { b += "<dt>Context</dt><dd>\(e(origin))</dd>\n" }
    b += "</dl>\n"
    b += "<h2>Used by</h2>\n"
    if users.isEmpty {
      b += "<p>No component uses it, directly or through an alias.</p>\n"
    } else {
      b +=
        "<table>\n<thead><tr><th>Component</th><th>Where</th><th>Through</th></tr></thead>\n"
      for u in users {
        let through =
          u.chain.count <= 1
          ? "directly"
          : u.chain.map { tokenLink($0, known: resolver) }.joined(separator: " → ")
        b +=
          "<tr><td>\(link(u.use.component, known: known, folder: "../components/"))</td><td><code>\(e(u.use.path))</code></td><td>\(through)</td></tr>\n"
      }
      b += "</table>\n"
    }
    let dependents = resolver.graph.dependents(of: t.path)
    b += "<h2>Tokens that refer to it</h2>\n"
    if dependents.isEmpty {
      b += "<p>None.</p>\n"
    } else {
      b += "<ul>\n"
      for d in dependents {
        b += "<li>\(d.chain.map { tokenLink($0, known: resolver) }.joined(separator: " → "))</li>\n"
      }
      b += "</ul>\n"
    }
    return page(title: t.path, body: b, script: false)
  }

  /// The readable value with a colour swatch when it is a colour. An expression naming
  /// tokens (`{size.w} * 2`, `rgba({colors.red}, 25%)`, member math) shows its computed
  /// value, as README says (review 20: it showed the text as written, with no swatch);
  /// the text as written is on the token's page ("As written").
  private static func valueCell(_ token: DesignToken, resolver: TokenResolver) -> String {
    var value = token.value
    if token.aliasTarget == nil, !TokenGraph.allReferences(of: token).isEmpty {
      guard let computed = try? resolver.resolveValue(token.path).value else {
        return e(JSONWriter.compact(token.value)) + " (cannot be computed)"
      }
      value = computed
    }
    let swatch = TokenValueText.swatch(value, resolver: resolver).map {
      "<span class=\"swatch\" style=\"background: \($0)\"></span>"
    }
    return (swatch ?? "") + e(TokenValueText.text(value, resolver: resolver))
  }

  /// A link from a token page to another token's page, or its name when it is not stored.
  private static func tokenLink(_ path: String, known resolver: TokenResolver) -> String {
    resolver.tokens[path] == nil
      ? "<code>\(e(path))</code>"
      : "<a href=\"\(tokenFileName(path))\"><code>\(e(path))</code></a>"
  }

  /// The file name of a token's page (`space.sm.html`): letters, digits, `.`, `-` and `_`
  /// are kept, every other byte of the UTF-8 path is written `~XX` (hex), so any DTCG name
  /// gives a safe, unique, link-ready name; a name over 200 bytes is cut and ends with a
  /// hash of the whole path (which tells case apart too).
  ///
  /// Two paths never give names that differ only in case, which a case-insensitive file
  /// system (macOS, Windows) would keep as one file: a path with an upper-case letter ends
  /// with `~` and 8 hex digits of its hash (`Space.SM~1a2b3c4d.html` beside
  /// `space.sm.html`). A name whose part before the first `.` is a Windows device name
  /// (`CON`, `PRN`, `AUX`, `NUL`, `COM0`–`COM9`, `LPT0`–`LPT9`, any case) has its first
  /// letter written `~XX` (`~63on.html`), as Windows cannot create such a file.
  ///
  /// - Parameter path: The token's path.
  /// - Returns: The file name, ending `.html`.
  public static func tokenFileName(_ path: String) -> String {
    let hex = Array("0123456789ABCDEF")
    func escaped(_ byte: UInt8) -> String {
      "~" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
    }
    var out = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"),
        UInt8(ascii: "_"):
        out.append(Character(UnicodeScalar(byte)))
      default:
        out += escaped(byte)
      }
    }
    let base = out.prefix { $0 != "." }.uppercased()
    let reserved =
      ["CON", "PRN", "AUX", "NUL"].contains(base)
      || ((base.hasPrefix("COM") || base.hasPrefix("LPT")) && base.count == 4
        && base.last?.isASCII == true && base.last?.isNumber == true)
    if reserved, let first = out.utf8.first {
      out = escaped(first) + out.dropFirst()
    }
    // FNV-1a over the path's bytes: stable across runs and platforms.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in path.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    if out.utf8.count > 200 {
      out = String(out.prefix(180)) + "~" + String(hash, radix: 16)
    } else if path.utf8.contains(where: { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) {
      let tag = String(hash & 0xFFFF_FFFF, radix: 16)
      out += "~" + String(repeating: "0", count: 8 - tag.count) + tag
    }
    return out + ".html"
  }

  /// Makes the `id`s of an inline SVG (clip paths, shadow filters) unique in a page that
  /// holds several drawings: `id="clip1"` → `id="v2-clip1"` and `url(#clip1)` likewise.
  /// One pass over the UTF-8 bytes; a drawing without ids is returned as it is.
  static func scopedIDs(_ svg: String, prefix: String) -> String {
    var svg = svg
    // Read in place (a drawing is tens of kilobytes, each page holds several; copying it
    // into an array and comparing slices cost about 7 % of `catalog site`; issue 17,
    // point 5).
    let scoped = svg.withUTF8 { source -> [UInt8]? in
      let id = Array(" id=\"".utf8)
      let url = Array("url(#".utf8)
      var bytes: [UInt8] = []
      var start = 0
      var k = 0
      // Whether `pattern` starts at `k`.
      func matches(_ pattern: [UInt8]) -> Bool {
        guard k + pattern.count <= source.count else { return false }
        for j in 1..<pattern.count where source[k + j] != pattern[j] { return false }
        return true
      }
      while k < source.count {
        let byte = source[k]
        let pattern: [UInt8]?
        if byte == UInt8(ascii: " ") {
          pattern = matches(id) ? id : nil
        } else if byte == UInt8(ascii: "u") {
          pattern = matches(url) ? url : nil
        } else {
          pattern = nil
        }
        guard let pattern else {
          k += 1
          continue
        }
        if bytes.isEmpty { bytes.reserveCapacity(source.count + 64) }
        bytes += UnsafeBufferPointer(rebasing: source[start..<k + pattern.count])
        bytes += "\(prefix)-".utf8
        k += pattern.count
        start = k
      }
      guard !bytes.isEmpty else { return nil }
      bytes += UnsafeBufferPointer(rebasing: source[start...])
      return bytes
    }
    guard let scoped else { return svg }
    return String(decoding: scoped, as: UTF8.self)
  }

  private static func link(_ name: String, known: Set<String>, folder: String = "") -> String {
    known.contains(name)
      ? "<a href=\"\(folder)\(name).html\">\(e(name))</a>" : "\(e(name)) (not in the catalog)"
  }

  private static func plural(_ n: Int, _ noun: String) -> String {
    "\(n) \(noun)\(n == 1 ? "" : "s")"
  }

  private static func page(title: String, body: String, script: Bool) -> String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>\(e(title))</title>
    <style>
    \(SiteAssets.css)</style>
    </head>
    <body>
    \(body)\(script ? "<script>\n\(SiteAssets.searchScript)</script>\n" : "")</body>
    </html>

    """
  }

  private static func e(_ s: String) -> String { SVGRenderer.escape(s) }
}
