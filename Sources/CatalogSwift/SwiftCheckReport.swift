import CatalogModel

/// Writes `check-swift` diagnostics as text, JSON or SARIF 2.1.0 with real
/// file:line:column locations (so code-review tools can annotate the lines).
public enum SwiftCheckReport {
  /// The rules `check-swift` and `import-swift` report, with a summary each.
  public static let rules: [(id: String, level: SwiftDiagnosticLevel, summary: String)] = [
    (
      "hard-coded-length", .warning,
      "A literal spacing, padding or frame length that equals a token."
    ),
    ("unknown-token", .error, "A token reference the catalog does not define."),
    (
      "deprecated-token", .warning,
      "A token reference the catalog marks $deprecated (DTCG Format §5.2.4)."
    ),
    (
      "padding-on-empty-stack", .warning,
      "Padding on a stack whose children may all be absent; SwiftUI keeps it."
    ),
    (
      "component-drift", .error,
      "A view whose Swift body differs from the stored component of the same name."
    ),
    ("syntax-error", .error, "Swift the parser could not read."),
  ]

  /// `file:line:column: level: message [rule]` per diagnostic, then a summary line.
  /// - Parameter diagnostics: The diagnostics.
  /// - Returns: Text ending with a newline.
  public static func text(_ diagnostics: [SwiftBridgeDiagnostic]) -> String {
    diagnostics.map { "\($0)\n" }.joined()
      + DiagnosticReport.summary(levels: diagnostics.map(\.level.rawValue))
  }

  /// A JSON array: `{"file", "line", "column", "level", "rule", "message", "component", "fix"}`.
  /// - Parameter diagnostics: The diagnostics.
  /// - Returns: Pretty JSON ending with a newline.
  public static func json(_ diagnostics: [SwiftBridgeDiagnostic]) -> String {
    JSONWriter.pretty(
      .array(
        diagnostics.map { d in
          .object(
            JSONObject([
              ("file", .string(d.location.file)), ("line", .number(Double(d.location.line))),
              ("column", .number(Double(d.location.column))),
              ("level", .string(d.level.rawValue)), ("rule", .string(d.rule)),
              ("message", .string(d.message)),
              ("component", d.component.map { .string($0) } ?? .null),
              ("fix", d.fix.map { .string($0.replacement) } ?? .null),
            ]))
        })) + "\n"
  }

  /// SARIF 2.1.0: one run of `catalog check-swift` with physical locations (`artifactLocation.uri`
  /// and a `region` with `startLine`/`startColumn`, §3.30) and fixes as replacements (§3.55).
  /// - Parameter diagnostics: The diagnostics.
  /// - Returns: Pretty JSON ending with a newline.
  public static func sarif(_ diagnostics: [SwiftBridgeDiagnostic]) -> String {
    let rules = Self.rules.map { r in
      DiagnosticReport.rule(id: r.id, summary: r.summary, level: r.level.rawValue)
    }
    let results: [JSONValue] = diagnostics.map { d in
      let physical = JSONObject([
        ("artifactLocation", .object(JSONObject([("uri", .string(d.location.file))]))),
        (
          "region",
          .object(
            JSONObject([
              ("startLine", .number(Double(d.location.line))),
              ("startColumn", .number(Double(d.location.column))),
            ]))
        ),
      ])
      var result = DiagnosticReport.result(
        ruleId: d.rule, level: d.level.rawValue, text: d.message,
        locations: [.object(JSONObject([("physicalLocation", .object(physical))]))])
      if let fix = d.fix {
        result["fixes"] = .array([
          .object(
            JSONObject([
              ("description", DiagnosticReport.message("Use \(fix.replacement)")),
              (
                "artifactChanges",
                .array([
                  .object(
                    JSONObject([
                      (
                        "artifactLocation", .object(JSONObject([("uri", .string(d.location.file))]))
                      ),
                      (
                        "replacements",
                        .array([
                          .object(
                            JSONObject([
                              (
                                "deletedRegion",
                                .object(
                                  JSONObject([
                                    ("byteOffset", .number(Double(fix.start))),
                                    ("byteLength", .number(Double(fix.end - fix.start))),
                                  ]))
                              ),
                              (
                                "insertedContent", DiagnosticReport.message(fix.replacement)
                              ),
                            ]))
                        ])
                      ),
                    ]))
                ])
              ),
            ]))
        ])
      }
      return .object(result)
    }
    return DiagnosticReport.sarif(
      tool: "catalog check-swift", informationUri: "README.md#the-swift-bridge", rules: rules,
      results: results) + "\n"
  }

  /// `\r[=====>      ]  42% 420/1000 files`, for a terminal.
  /// - Parameters:
  ///   - done: Files parsed.
  ///   - total: Files in all.
  /// - Returns: The line, starting with a carriage return, no newline.
  public static func progressLine(done: Int, total: Int) -> String {
    let width = 30
    let filled = total == 0 ? width : done * width / total
    let bar =
      String(repeating: "=", count: filled) + (filled < width ? ">" : "")
      + String(repeating: " ", count: max(0, width - filled - 1))
    let percent = total == 0 ? 100 : done * 100 / total
    return
      "\r[\(bar)] \(String(repeating: " ", count: percent < 10 ? 2 : percent < 100 ? 1 : 0))\(percent)% \(done)/\(total) files"
  }
}
