/// What `lint` and `check-swift` reports share: the summary line and the SARIF 2.1.0 log
/// around their results (OASIS Static Analysis Results Interchange Format 2.1.0). Each
/// report builds its own results (logical locations for lint, physical ones for Swift);
/// the envelope, the rule descriptors and the summary are written here once.
public enum DiagnosticReport {
  /// `No problems found.` when nothing is shown, else `2 errors, 1 warning.`; with a newline.
  /// - Parameter levels: The level (`error`, `warning`) of each problem shown.
  /// - Returns: The summary line.
  public static func summary(levels: [String]) -> String {
    let errors = levels.filter { $0 == "error" }.count
    let warnings = levels.filter { $0 == "warning" }.count
    return levels.isEmpty
      ? "No problems found.\n"
      : "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s").\n"
  }

  /// `{"text": …}`, SARIF's message and description object (§3.11).
  /// - Parameter text: The plain text.
  /// - Returns: The object.
  public static func message(_ text: String) -> JSONValue {
    .object(JSONObject([("text", .string(text))]))
  }

  /// A rule descriptor (`reportingDescriptor`, §3.49): its id, short (and full) description
  /// and default level.
  /// - Parameters:
  ///   - id: The rule id.
  ///   - summary: The one-line description.
  ///   - rationale: The full description, when the rule has one.
  ///   - level: `error` or `warning`.
  /// - Returns: The descriptor.
  public static func rule(id: String, summary: String, rationale: String? = nil, level: String)
    -> JSONValue
  {
    var descriptor = JSONObject([("id", .string(id)), ("shortDescription", message(summary))])
    if let rationale { descriptor["fullDescription"] = message(rationale) }
    descriptor["defaultConfiguration"] = .object(JSONObject([("level", .string(level))]))
    return .object(descriptor)
  }

  /// A result (§3.27) with its rule, level, message and locations; the caller adds
  /// `suppressions` or `fixes`.
  /// - Parameters:
  ///   - ruleId: The rule id.
  ///   - level: `error` or `warning`.
  ///   - text: The message.
  ///   - locations: The `location` objects (§3.28).
  /// - Returns: The result object.
  public static func result(ruleId: String, level: String, text: String, locations: [JSONValue])
    -> JSONObject
  {
    JSONObject([
      ("ruleId", .string(ruleId)), ("level", .string(level)), ("message", message(text)),
      ("locations", .array(locations)),
    ])
  }

  /// The whole SARIF 2.1.0 log: one run of `tool` with its rules and results (§3.13, §3.14).
  /// - Parameters:
  ///   - tool: The driver's name (`catalog lint`).
  ///   - informationUri: Where the tool is documented.
  ///   - rules: The rule descriptors.
  ///   - results: The results.
  /// - Returns: Pretty JSON (no trailing newline).
  public static func sarif(
    tool: String, informationUri: String, rules: [JSONValue], results: [JSONValue]
  ) -> String {
    let driver = JSONObject([
      ("name", .string(tool)), ("informationUri", .string(informationUri)),
      ("rules", .array(rules)),
    ])
    let run = JSONObject([
      ("tool", .object(JSONObject([("driver", .object(driver))]))),
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
