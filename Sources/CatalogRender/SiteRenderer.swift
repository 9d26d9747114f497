import CatalogModel
import CatalogResolver
import CatalogTokens

/// `catalog site OUTDIR`: a static, browsable catalog (a small Storybook), as files.
///
/// Pages (plain HTML and CSS, no scripts, no external resources, relative links only, so
/// the folder can be opened from disk or served anywhere):
/// - `index.html`: every component (name, description, parameters) and every token (path,
///   type, value as written, resolved points, description, the components using it);
/// - `components/NAME.html`: the component's description, parameters, an SVG preview
///   (``SVGRenderer``) for its defaults and for each variant, the components and tokens it
///   uses (linked) and the components that use it (linked).
/// A variant that fails to resolve shows its error instead of a preview.
public enum SiteRenderer {
  /// One previewed case: the title and either the SVG or an error message.
  public typealias Preview = (title: String, svg: String?, error: String?)

  /// Builds the site.
  ///
  /// - Parameters:
  ///   - definitions: Every stored component.
  ///   - tokens: Every token (for the index), by path.
  ///   - resolver: Resolves token paths to points (for the index).
  ///   - preview: Lays out and draws a component with a variant's arguments (nil: its
  ///     defaults); returns the SVG or throws an error to show.
  /// - Returns: Relative file path → contents, in a stable order.
  public static func render(
    definitions: [ComponentDefinition], tokens: [DesignToken], resolver: TokenResolver,
    preview: (ComponentDefinition, VariantDefinition?) throws -> String
  ) -> [(path: String, contents: String)] {
    let sorted = definitions.sorted { $0.name < $1.name }
    var usedBy: [String: [String]] = [:]
    var tokenUsers: [String: [String]] = [:]
    for d in sorted {
      for use in Set(d.instanceUses.map(\.component)).sorted() {
        usedBy[use, default: []].append(d.name)
      }
      for token in Set(d.tokenUses.map(\.token)).sorted() {
        tokenUsers[token, default: []].append(d.name)
      }
    }
    var files: [(String, String)] = []
    // Index.
    var body =
      "<h1>Component catalog</h1>\n<p>\(sorted.count) component\(sorted.count == 1 ? "" : "s"), \(tokens.count) token\(tokens.count == 1 ? "" : "s").</p>\n"
    body +=
      "<h2 id=\"components\">Components</h2>\n<table>\n<tr><th>Component</th><th>Description</th><th>Parameters</th></tr>\n"
    for d in sorted {
      body +=
        "<tr><td><a href=\"components/\(d.name).html\">\(e(d.name))</a></td><td>\(e(d.description ?? ""))</td><td><code>\(e(d.parameters.map(\.summary).joined(separator: ", ")))</code></td></tr>\n"
    }
    body +=
      "</table>\n<h2 id=\"tokens\">Tokens</h2>\n<table>\n<tr><th>Token</th><th>Type</th><th>Value</th><th>Points</th><th>Used by</th><th>Description</th></tr>\n"
    for t in tokens.sorted(by: { $0.path < $1.path }) {
      let points = (try? resolver.resolve(t.path))?.points.map(formatPoints) ?? ""
      // Users through any chain of aliases and math too (the token graph's answer).
      let users = Set(resolver.graph.uses(of: t.path) { tokenUsers[$0] ?? [] }.map(\.use)).sorted()
        .map { "<a href=\"components/\($0).html\">\(e($0))</a>" }.joined(separator: ", ")
      body +=
        "<tr id=\"token-\(e(t.path))\"><td><code>\(e(t.path))</code></td><td>\(e(t.type ?? ""))</td><td><code>\(e(JSONWriter.compact(t.value)))</code></td><td>\(points)</td><td>\(users)</td><td>\(e(t.description ?? ""))</td></tr>\n"
    }
    body += "</table>\n"
    files.append(("index.html", page(title: "Component catalog", body: body, root: "")))
    // One page per component.
    for d in sorted {
      var b = "<p><a href=\"../index.html\">← Catalog</a></p>\n<h1>\(e(d.name))</h1>\n"
      if let text = d.description { b += "<p>\(e(text))</p>\n" }
      b += "<h2>Parameters</h2>\n"
      if d.parameters.isEmpty {
        b += "<p>None.</p>\n"
      } else {
        b += "<table>\n<tr><th>Name</th><th>Type</th><th>Default</th><th>Description</th></tr>\n"
        for p in d.parameters {
          let def =
            p.defaultValue.map { JSONWriter.compact($0) }
            ?? (p.isOptional ? "optional" : "required")
          b +=
            "<tr><td><code>\(e(p.name))</code></td><td>\(e(p.type.rawValue))\(p.allowedValues.map { ": " + e($0.joined(separator: " | ")) } ?? "")</td><td><code>\(e(def))</code></td><td>\(e(p.description ?? ""))</td></tr>\n"
        }
        b += "</table>\n"
      }
      b += "<h2>Previews</h2>\n"
      let cases: [VariantDefinition?] = [nil] + d.variants.map { Optional($0) }
      for v in cases {
        let title =
          v.map {
            "Variant <code>\(e($0.name))</code>: <code>\(e(JSONWriter.compact(.object($0.arguments))))</code>"
          } ?? "Defaults"
        b += "<h3>\(title)</h3>\n"
        do {
          b += "<figure>\(try preview(d, v))</figure>\n"
        } catch {
          b += "<p class=\"error\">\(e("\(error)"))</p>\n"
        }
      }
      let uses = Set(d.instanceUses.map(\.component)).sorted()
      b +=
        "<h2>Uses</h2>\n<p>Components: \(uses.isEmpty ? "none" : uses.map { link($0, known: sorted) }.joined(separator: ", "))</p>\n"
      let tokenUses = d.tokenUses
      if tokenUses.isEmpty {
        b += "<p>Tokens: none</p>\n"
      } else {
        b += "<table>\n<tr><th>Token</th><th>Where</th></tr>\n"
        for use in tokenUses {
          b +=
            "<tr><td><a href=\"../index.html#token-\(e(use.token))\"><code>\(e(use.token))</code></a></td><td><code>\(e(use.path))</code></td></tr>\n"
        }
        b += "</table>\n"
      }
      let users = usedBy[d.name] ?? []
      b +=
        "<h2>Used by</h2>\n<p>\(users.isEmpty ? "No other component." : users.map { link($0, known: sorted) }.joined(separator: ", "))</p>\n"
      files.append(("components/\(d.name).html", page(title: d.name, body: b, root: "../")))
    }
    return files
  }

  private static func link(_ name: String, known: [ComponentDefinition]) -> String {
    known.contains { $0.name == name }
      ? "<a href=\"\(name).html\">\(e(name))</a>" : "\(e(name)) (not in the catalog)"
  }

  private static func page(title: String, body: String, root: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <title>\(e(title))</title>
    <style>
    body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 72em; padding: 0 1em; color: #1c1c1e; }
    table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
    th, td { border-bottom: 1px solid #d1d1d6; padding: 0.3em 0.8em; text-align: left; vertical-align: top; }
    code { font-size: 0.92em; }
    figure { margin: 0.5em 0 1.5em; display: inline-block; border: 1px solid #d1d1d6; }
    .error { color: #c00; }
    </style>
    </head>
    <body>
    \(body)</body>
    </html>

    """
  }

  private static func e(_ s: String) -> String { SVGRenderer.escape(s) }
}
