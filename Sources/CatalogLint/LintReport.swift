import CatalogModel

/// Writes lint findings as text, JSON or SARIF 2.1.0, for people, scripts and editors.
public enum LintReport {
  /// One finding per line (`warning[rule]: Component: path: message`) and a summary line.
  /// - Parameters:
  ///   - findings: The findings; ignored ones are left out unless `includeIgnored`.
  ///   - includeIgnored: Show suppressed findings, marked `(ignored: reason)`.
  ///   - reasons: The `lint.ignore` reasons by component and rule.
  /// - Returns: Text ending with a newline.
  public static func text(_ findings: [LintFinding], includeIgnored: Bool = false) -> String {
    var out = ""
    for f in findings where includeIgnored || !f.isIgnored {
      out += f.description + (f.isIgnored ? " (ignored by the component's lint.ignore)" : "") + "\n"
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
