import CatalogModel

/// Writes lint findings as text, JSON or SARIF 2.1.0, for people, scripts and editors.
public enum LintReport {
  /// One finding per line (`warning[rule]: Component: path: message`) and a summary line.
  /// With a `limit`, each rule shows its first `limit` findings, then how many more
  /// (``BoundedList``): 20,000 dangling aliases are 20 lines and a count, and never push
  /// another rule's findings out of sight. The summary counts every finding.
  /// - Parameters:
  ///   - findings: The findings; ignored ones are left out unless `includeIgnored`.
  ///   - includeIgnored: Show suppressed findings, marked `(ignored: reason)`.
  ///   - limit: The most findings shown per rule (nil: every one).
  /// - Returns: Text ending with a newline.
  public static func text(
    _ findings: [LintFinding], includeIgnored: Bool = false, limit: Int? = nil
  ) -> String {
    var out = ""
    var shown: [String: Int] = [:]
    var hidden: [(rule: String, count: Int)] = []
    for f in findings where includeIgnored || !f.isIgnored {
      let count = shown[f.rule, default: 0]
      shown[f.rule] = count + 1
      if let limit, count >= limit {
        if let i = hidden.firstIndex(where: { $0.rule == f.rule }) {
          hidden[i].count += 1
        } else {
          hidden.append((f.rule, 1))
        }
        continue
      }
      out += f.description + (f.isIgnored ? " (ignored by the component's lint.ignore)" : "") + "\n"
    }
    for (rule, count) in hidden {
      out +=
        BoundedList.moreLine(
          count, "\(rule) finding", hint: "--verbose or --format json lists all") + "\n"
    }
    return out
      + DiagnosticReport.summary(levels: findings.filter { !$0.isIgnored }.map(\.level.rawValue))
  }

  /// A JSON array of findings: `{"rule", "level", "component", "path", "message", "fix", "ignored"}`.
  /// - Parameter findings: The findings.
  /// - Returns: Pretty JSON.
  public static func json(_ findings: [LintFinding]) -> String {
    JSONWriter.pretty(
      .array(
        findings.map { f in
          .object(
            JSONObject([
              ("rule", .string(f.rule)), ("level", .string(f.level.rawValue)),
              ("component", f.component.map { .string($0) } ?? .null), ("path", .string(f.path)),
              ("message", .string(f.message)),
              (
                "fix",
                f.fix.map {
                  .object(JSONObject([("path", .string($0.path)), ("value", .string($0.value))]))
                } ?? .null
              ),
              ("ignored", .bool(f.isIgnored)),
            ]))
        }))
  }

  /// SARIF 2.1.0 (OASIS Static Analysis Results Interchange Format): one run of the tool
  /// `catalog lint`, its rules, and one result per finding with a logical location
  /// `Component/json.path` (suppressed findings carry a `suppressions` entry).
  /// - Parameter findings: The findings.
  /// - Returns: Pretty JSON.
  public static func sarif(_ findings: [LintFinding]) -> String {
    let rules = LintRule.all.map { r in
      DiagnosticReport.rule(
        id: r.id, summary: r.summary, rationale: r.rationale, level: r.level.rawValue)
    }
    let results: [JSONValue] = findings.map { f in
      let logical = JSONObject([
        ("name", .string(f.path)),
        (
          "fullyQualifiedName",
          .string(
            [f.component, f.path].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "/"))
        ),
        ("kind", .string(f.component == nil ? "token" : "member")),
      ])
      var result = DiagnosticReport.result(
        ruleId: f.rule, level: f.level.rawValue, text: f.message,
        locations: [.object(JSONObject([("logicalLocations", .array([.object(logical)]))]))])
      if f.isIgnored {
        result["suppressions"] = .array([.object(JSONObject([("kind", .string("inSource"))]))])
      }
      return .object(result)
    }
    return DiagnosticReport.sarif(
      tool: "catalog lint", informationUri: "README.md#lint", rules: rules, results: results)
  }
}
