import CatalogLayout
import CatalogModel
import CatalogResolver

extension CatalogComparison {
  /// The output formats of `catalog compare`.
  public enum Format: String, Sendable, CaseIterable {
    /// Lines for a terminal.
    case text
    /// A pull-request comment: counts first, details folded in `<details>`.
    case markdown
    /// Machine-readable JSON.
    case json
    /// SARIF 2.1.0, one result per moved frame and per removed component or token.
    case sarif
  }

  /// The counts line: `2 components changed, 1 added, …`.
  public var summary: String {
    func count(_ n: Int, _ what: String) -> String { "\(n) \(what)" }
    let c = components
    return [
      count(
        c.filter { $0.kind == .added }.count,
        "component\(c.filter { $0.kind == .added }.count == 1 ? "" : "s") added"),
      count(c.filter { $0.kind == .removed }.count, "removed"),
      count(c.filter { $0.kind == .changed }.count, "changed"),
      count(tokens.added.count, "token\(tokens.added.count == 1 ? "" : "s") added"),
      count(tokens.removed.count, "removed"),
      count(tokens.changed.count, "changed"),
      count(tokens.renamed.count, "renamed"),
      count(frames.count, "frame\(frames.count == 1 ? "" : "s") moved")
        + " in \(Set(frames.map { "\($0.component)/\($0.label)" }).count) case\(Set(frames.map { "\($0.component)/\($0.label)" }).count == 1 ? "" : "s")",
    ].joined(separator: ", ")
  }

  /// The comparison in a format.
  /// - Parameters:
  ///   - format: text, markdown, json or sarif.
  ///   - base: The base's name as given (`git:main`).
  ///   - head: The head's name.
  /// - Returns: Text ending with a newline.
  public func render(_ format: Format, base: String, head: String) -> String {
    switch format {
    case .text: return text(base: base, head: head)
    case .markdown: return markdown(base: base, head: head)
    case .json: return JSONWriter.pretty(json(base: base, head: head))
    case .sarif: return sarif()
    }
  }

  static func frame(_ r: Rect?) -> String {
    guard let r else { return "-" }
    return
      "(\(formatPoints(r.minX)), \(formatPoints(r.minY))) \(formatPoints(r.width))×\(formatPoints(r.height))"
  }

  func componentLines() -> [String] {
    var out: [String] = []
    for c in components {
      switch c.kind {
      case .added: out.append("+ component \(c.name)")
      case .removed: out.append("- component \(c.name)")
      case .changed:
        out.append("~ component \(c.name)")
        out.append(contentsOf: c.changes.map { "    \($0)" })
      }
    }
    return out
  }

  func frameLines() -> [String] {
    var out: [String] = []
    var last = ""
    for f in frames {
      let heading = "\(f.component) (\(f.label))"
      if heading != last {
        out.append(heading + ":")
        last = heading
      }
      if let error = f.error {
        out.append("    no longer resolves: \(error)")
        continue
      }
      out.append("    \(f.view)  \(Self.frame(f.old)) → \(Self.frame(f.new))  (\(f.source))")
      for cause in f.causes { out.append("      because \(cause)") }
    }
    return out
  }

  func text(base: String, head: String) -> String {
    if isEmpty { return "No differences between \(base) and \(head).\n" }
    var out = ["Comparing \(base) → \(head): \(summary)"]
    let componentLines = componentLines()
    if !componentLines.isEmpty { out += ["", "Components:"] + componentLines.map { "  " + $0 } }
    if !tokens.isEmpty || !tokenSets.isEmpty {
      out += ["", "Tokens:"] + (tokenSets + tokens.lines).map { "  " + $0 }
    }
    if !other.isEmpty { out += ["", "Resolvers and platforms:"] + other.map { "  " + $0 } }
    if !frames.isEmpty { out += ["", "Frame impact:"] + frameLines().map { "  " + $0 } }
    return out.joined(separator: "\n") + "\n"
  }

  /// Markdown for a pull-request comment; every value goes through ``markdownCode(_:)``.
  func markdown(base: String, head: String) -> String {
    var out = ["### Catalog changes: \(Self.markdownCode(base)) → \(Self.markdownCode(head))", ""]
    if isEmpty {
      out.append("No differences.")
      return out.joined(separator: "\n") + "\n"
    }
    let c = components
    out += [
      "| | added | removed | changed | renamed |", "|---|---:|---:|---:|---:|",
      "| components | \(c.filter { $0.kind == .added }.count) | \(c.filter { $0.kind == .removed }.count) | \(c.filter { $0.kind == .changed }.count) | |",
      "| tokens | \(tokens.added.count) | \(tokens.removed.count) | \(tokens.changed.count) | \(tokens.renamed.count) |",
      "",
      "**\(frames.count) frame\(frames.count == 1 ? "" : "s") move** in \(Set(frames.map { "\($0.component)/\($0.label)" }).count) component case\(Set(frames.map { "\($0.component)/\($0.label)" }).count == 1 ? "" : "s").",
      "",
    ]
    func details(_ title: String, _ lines: [String]) {
      guard !lines.isEmpty else { return }
      out +=
        ["<details><summary>\(title)</summary>", "", "```text"] + lines.map(Self.fenceSafe) + [
          "```", "", "</details>", "",
        ]
    }
    details("Frame impact (\(frames.count))", frameLines())
    details("Components (\(components.count))", componentLines())
    details(
      "Tokens (\(tokens.added.count + tokens.removed.count + tokens.changed.count + tokens.renamed.count))",
      tokenSets + tokens.lines)
    details("Resolvers and platforms (\(other.count))", other)
    return out.joined(separator: "\n")
  }

  /// Inline code for Markdown: backticks inside become `'`, so the text cannot end the span.
  static func markdownCode(_ text: String) -> String {
    "`" + text.replacing("`", with: "'") + "`"
  }

  /// A line inside a fenced block: a line of backticks could close the fence, so they are
  /// replaced.
  static func fenceSafe(_ line: String) -> String {
    line.replacing("```", with: "'''")
  }

  func json(base: String, head: String) -> JSONValue {
    func rect(_ r: Rect?) -> JSONValue {
      guard let r else { return .null }
      return .object(
        JSONObject([
          ("x", .number(r.minX)), ("y", .number(r.minY)), ("width", .number(r.width)),
          ("height", .number(r.height)),
        ]))
    }
    let componentJSON: [JSONValue] = components.map { c in
      .object(
        JSONObject([
          ("name", .string(c.name)), ("kind", .string(c.kind.rawValue)),
          (
            "changes",
            .array(
              c.changes.map { ch in
                .object(
                  JSONObject([
                    ("kind", .string(ch.kind.rawValue)), ("path", .string(ch.path)),
                    ("old", ch.old ?? .null), ("new", ch.new ?? .null),
                  ]))
              })
          ),
        ]))
    }
    let tokenJSON = JSONObject([
      ("added", .array(tokens.added.map { .string($0) })),
      ("removed", .array(tokens.removed.map { .string($0) })),
      (
        "changed",
        .array(
          tokens.changed.map {
            .object(
              JSONObject([
                ("path", .string($0.path)), ("old", .string($0.old)), ("new", .string($0.new)),
              ]))
          })
      ),
      (
        "renamed",
        .array(
          tokens.renamed.map {
            .object(JSONObject([("old", .string($0.old)), ("new", .string($0.new))]))
          })
      ),
      ("sets", .array(tokenSets.map { .string($0) })),
    ])
    let frameJSON: [JSONValue] = frames.map { f in
      .object(
        JSONObject([
          ("component", .string(f.component)), ("case", .string(f.label)),
          ("view", .string(f.view)), ("source", .string(f.source)),
          ("old", rect(f.old)), ("new", rect(f.new)),
          ("causes", .array(f.causes.map { .string($0) })),
          ("error", f.error.map { .string($0) } ?? .null),
        ]))
    }
    return .object(
      JSONObject([
        ("base", .string(base)), ("head", .string(head)), ("components", .array(componentJSON)),
        ("tokens", .object(tokenJSON)),
        ("other", .array(other.map { .string($0) })), ("frames", .array(frameJSON)),
      ]))
  }

  /// SARIF 2.1.0: a `frame-moved` note per moved view (error when a case no longer
  /// resolves), a `component-removed` / `token-removed` warning per removal.
  func sarif() -> String {
    func result(_ rule: String, _ level: String, _ message: String, _ name: String) -> JSONValue {
      .object(
        JSONObject([
          ("ruleId", .string(rule)), ("level", .string(level)),
          ("message", .object(JSONObject([("text", .string(message))]))),
          (
            "locations",
            .array([
              .object(
                JSONObject([
                  (
                    "logicalLocations",
                    .array([.object(JSONObject([("fullyQualifiedName", .string(name))]))])
                  )
                ]))
            ])
          ),
        ]))
    }
    var results: [JSONValue] = []
    for f in frames {
      if let error = f.error {
        results.append(
          result(
            "case-breaks", "error", "\(f.component) (\(f.label)) no longer resolves: \(error)",
            "\(f.component)/\(f.label)"))
      } else {
        let because = f.causes.isEmpty ? "" : " because " + f.causes.joined(separator: "; ")
        results.append(
          result(
            "frame-moved", "note",
            "\(f.component) (\(f.label)) \(f.view): \(Self.frame(f.old)) → \(Self.frame(f.new))\(because)",
            f.source.replacing(" ", with: "/")))
      }
    }
    for c in components where c.kind == .removed {
      results.append(
        result("component-removed", "warning", "component \(c.name) was removed", c.name))
    }
    for t in tokens.removed {
      results.append(result("token-removed", "warning", "token {\(t)} was removed", t))
    }
    let rules: [JSONValue] = [
      ("frame-moved", "A view's frame moves."),
      ("case-breaks", "A component case no longer resolves."),
      ("component-removed", "A component is removed."), ("token-removed", "A token is removed."),
    ].map {
      .object(
        JSONObject([
          ("id", .string($0.0)),
          ("shortDescription", .object(JSONObject([("text", .string($0.1))]))),
        ]))
    }
    let run = JSONObject([
      (
        "tool",
        .object(
          JSONObject([
            (
              "driver",
              .object(JSONObject([("name", .string("catalog compare")), ("rules", .array(rules))]))
            )
          ]))
      ),
      ("results", .array(results)),
    ])
    return JSONWriter.pretty(
      .object(
        JSONObject([
          ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
          ("version", .string("2.1.0")), ("runs", .array([.object(run)])),
        ])))
  }
}
