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
    let shown = findings.filter { !$0.isIgnored }
    let errors = shown.filter { $0.level == .error }.count
    let warnings = shown.filter { $0.level == .warning }.count
    out +=
      shown.isEmpty
      ? "No problems found.\n"
      : "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s").\n"
    return out
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
    let rules: [JSONValue] = LintRule.all.map { r in
      .object(
        JSONObject([
          ("id", .string(r.id)),
          ("shortDescription", .object(JSONObject([("text", .string(r.summary))]))),
          ("fullDescription", .object(JSONObject([("text", .string(r.rationale))]))),
          ("defaultConfiguration", .object(JSONObject([("level", .string(r.level.rawValue))]))),
        ]))
    }
    let results: [JSONValue] = findings.map { f in
      var result = JSONObject([
        ("ruleId", .string(f.rule)), ("level", .string(f.level.rawValue)),
        ("message", .object(JSONObject([("text", .string(f.message))]))),
        (
          "locations",
          .array([
            .object(
              JSONObject([
                (
                  "logicalLocations",
                  .array([
                    .object(
                      JSONObject([
                        ("name", .string(f.path)),
                        (
                          "fullyQualifiedName",
                          .string(
                            [f.component, f.path].compactMap { $0 }.filter { !$0.isEmpty }.joined(
                              separator: "/"))
                        ),
                        ("kind", .string(f.component == nil ? "token" : "member")),
                      ]))
                  ])
                )
              ]))
          ])
        ),
      ])
      if f.isIgnored {
        result["suppressions"] = .array([.object(JSONObject([("kind", .string("inSource"))]))])
      }
      return .object(result)
    }
    let run = JSONObject([
      (
        "tool",
        .object(
          JSONObject([
            (
              "driver",
              .object(
                JSONObject([
                  ("name", .string("catalog lint")), ("informationUri", .string("README.md#lint")),
                  ("rules", .array(rules)),
                ]))
            )
          ]))
      ),
      ("results", .array(results)),
    ])
    return JSONWriter.pretty(
      .object(
        JSONObject([
          ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
          ("version", .string("2.1.0")),
          ("runs", .array([.object(run)])),
        ])))
  }
}
