/// A lint rule: its identifier, default severity and why it exists.
public struct LintRule: Sendable, Equatable {
  /// The rule's identifier (`hard-coded-length`), used in output, `--rule` and `lint.ignore`.
  public var id: String
  /// The severity its findings have.
  public var level: LintLevel
  /// One line saying what it finds.
  public var summary: String
  /// Why it matters, for the README and `catalog lint --rules`.
  public var rationale: String
  /// True for rules that run only when asked for (`--rule ID` or `--all-rules`).
  public var isOptIn: Bool

  /// Every rule, in the order they are documented.
  public static let all: [LintRule] = [
    LintRule(
      id: "hard-coded-length", level: .warning,
      summary: "A literal length in spacing, padding or a frame where the catalog has tokens.",
      rationale:
        "Components should refer to the spacing scale, so that changing a token changes every component and the catalog can say which. 0 and the platform default (null) are allowed. The finding suggests the token with that value, or the nearest ones on the scale; --fix rewrites exact matches.",
      isOptIn: false),
    LintRule(
      id: "padding-on-empty-stack", level: .warning,
      summary: "Padding on a stack whose children may all be absent, so it shows empty space.",
      rationale:
        "SwiftUI keeps a stack's padding when every child is absent: VStack {}.padding(.horizontal, 20).padding(.vertical, 24) is 40×48 of nothing (the seed's problem). The finding names arguments that empty the stack; mark the stack collapsesWhenEmpty (SwiftUI's Group(subviews:) with if !subviews.isEmpty) or give the padding a when condition.",
      isOptIn: false),
    LintRule(
      id: "platform-default-spacing", level: .warning,
      summary:
        "A stack's spacing left to the platform default in a component meant to be platform-neutral.",
      rationale:
        "spacing: nil means SwiftUI chooses per pair of views and per platform (8 between ordinary views on iOS, other values next to Text and on other platforms), so the same component lays out differently across platforms. Opt-in, for catalogs that promise platform-neutral components.",
      isOptIn: true),
    LintRule(
      id: "deprecated-token", level: .warning,
      summary: "A component uses a token marked $deprecated.",
      rationale:
        "DTCG's $deprecated (Format §5.2.4) says a token is on its way out; the message may name the replacement, which the finding repeats.",
      isOptIn: false),
    LintRule(
      id: "unresolved-token", level: .error,
      summary: "A token alias that does not resolve (missing token, cycle, or not a length).",
      rationale:
        "The component cannot be rendered until the alias names a dimension or number token.",
      isOptIn: false),
    LintRule(
      id: "unused-parameter", level: .warning,
      summary: "A parameter the body never uses.",
      rationale: "An argument that changes nothing misleads the people who set it.",
      isOptIn: false),
    LintRule(
      id: "variant-fails", level: .error,
      summary: "A stored variant (or the defaults) fails to resolve.",
      rationale: "A variant is a promise that the component renders with those arguments.",
      isOptIn: false),
    LintRule(
      id: "damaged-definition", level: .error,
      summary: "A stored definition that no longer parses (edited outside catalog, say).",
      rationale:
        "The component cannot be linted, rendered or exported until a revision that parses is brought back (catalog revert) or it is removed; the other components are linted meanwhile.",
      isOptIn: false),
    LintRule(
      id: "unused-token", level: .warning,
      summary:
        "A token no component uses, directly or through another token's alias (catalog lint --tokens).",
      rationale: "Unused tokens grow the scale without purpose; remove them or use them.",
      isOptIn: false),
  ]

  /// The rule with this identifier.
  /// - Parameter id: A rule identifier.
  /// - Returns: The rule, or nil.
  public static func named(_ id: String) -> LintRule? { all.first { $0.id == id } }
}

/// How serious a finding is (SARIF's `level` values).
public enum LintLevel: String, Sendable, Equatable, Comparable {
  case note, warning, error

  /// Note < warning < error.
  public static func < (a: LintLevel, b: LintLevel) -> Bool {
    let order: [LintLevel] = [.note, .warning, .error]
    return (order.firstIndex(of: a) ?? 0) < (order.firstIndex(of: b) ?? 0)
  }
}

/// One problem found by a rule, located by component and JSON path.
public struct LintFinding: Sendable, Equatable, CustomStringConvertible {
  /// The rule's identifier.
  public var rule: String
  /// Its severity.
  public var level: LintLevel
  /// The component, or nil for findings about tokens.
  public var component: String?
  /// The JSON path in the component's definition, or the token path.
  public var path: String
  /// What is wrong and what to do.
  public var message: String
  /// A mechanical fix (`--fix`): the value to write at `path`.
  public var fix: LintFix?
  /// True when the definition's `lint.ignore` suppresses the rule here.
  public var isIgnored: Bool

  /// A finding of the `unresolved-token` rule about a stored token, from the token check
  /// `doctor` runs (the service's `tokenProblems()`): a warning when `doctor` says warning,
  /// else an error, the message `{path}: ` and `doctor`'s message (without the prefix when
  /// `doctor`'s message starts with the token already).
  /// - Parameters:
  ///   - path: The token's path.
  ///   - message: `doctor`'s message.
  ///   - isWarning: Whether `doctor` grades it a warning.
  /// - Returns: The finding.
  public static func tokenProblem(path: String, message: String, isWarning: Bool) -> LintFinding {
    LintFinding(
      rule: "unresolved-token", level: isWarning ? .warning : .error, component: nil, path: path,
      message: message.hasPrefix("{\(path)}") ? message : "{\(path)}: \(message)", fix: nil,
      isIgnored: false)
  }

  /// A `variant-fails` finding for an instance cycle: the cycle rule's problem (every
  /// elementary cycle once, the service's `instanceCycles(among:)`), at the instance that
  /// enters the cycle.
  /// - Parameters:
  ///   - component: The component the cycle begins with.
  ///   - path: The instance's JSON path (`body.children[0].type`).
  ///   - message: The cycle rule's message.
  /// - Returns: The finding (an error).
  public static func instanceCycle(component: String?, path: String, message: String)
    -> LintFinding
  {
    LintFinding(
      rule: "variant-fails", level: .error, component: component, path: path, message: message,
      fix: nil, isIgnored: false)
  }

  /// A finding of the `damaged-definition` rule: a stored definition that no longer parses.
  /// - Parameters:
  ///   - component: The component.
  ///   - path: The JSON path in its stored definition where it fails ("" for the whole text).
  ///   - message: What is wrong (the service's problem message and advice).
  /// - Returns: The finding (an error).
  public static func damagedDefinition(component: String, path: String = "", message: String)
    -> LintFinding
  {
    LintFinding(
      rule: "damaged-definition", level: .error, component: component, path: path,
      message: message, fix: nil, isIgnored: false)
  }

  /// `warning[rule]: Component: path: message`.
  public var description: String {
    var s = "\(level.rawValue)[\(rule)]: "
    if let component { s += "\(component): " }
    if !path.isEmpty { s += "\(path): " }
    return s + message
  }
}

/// A mechanical change that fixes a finding: replace the JSON value at `path`.
public struct LintFix: Sendable, Equatable {
  /// The JSON path to replace.
  public var path: String
  /// The new value (a token alias string).
  public var value: String
}
