import CatalogLayout
import CatalogModel
import CatalogRender
import CatalogResolver
import CatalogTokens

/// Runs the lint rules (``LintRule/all``) over stored components and tokens.
///
/// Rules that depend on what a component renders (`padding-on-empty-stack`,
/// `variant-fails`) resolve it with the real resolver, so they follow exactly the view-list
/// semantics `render` uses.
public struct Linter {
  /// The most argument combinations tried per component by `padding-on-empty-stack`.
  public static let maximumCombinations = 256

  private let definitions: [String: ComponentDefinition]
  private let tokens: TokenResolver
  private let platform: Platform
  /// Every component, for the resolver: built once, so linting n components costs O(n),
  /// not O(n²) (issue 12, point 2).
  private let source: InMemoryComponentSource
  /// One resolver for every resolution the rules make: each component's definition is
  /// loaded and compiled once per linter, not once per case and component (a component on a
  /// 250-deep chain loaded all 250 again for each of its cases; issue 12, point 2).
  private let shared: SharedResolver
  /// The dimension tokens by points, computed once per linter (not once per component).
  private let scale: [(path: String, points: Double, semantic: Bool, category: TokenCategory?)]
  /// The groups with a `$root` token (``GroupReference/rootedGroups(among:)``), computed
  /// once per linter: a length written `{group}` for one is reported with its fix.
  private let rootedGroups: Set<String>

  /// Creates a linter.
  /// - Parameters:
  ///   - definitions: Every stored component (instances are looked up among them).
  ///   - tokens: The catalog's tokens, the winning one per path.
  ///   - platform: The platform resolution uses (its defaults are allowed literals).
  public init(definitions: [ComponentDefinition], tokens: TokenResolver, platform: Platform = .ios)
  {
    var byName: [String: ComponentDefinition] = [:]
    for d in definitions { byName[d.name] = d }
    self.definitions = byName
    self.tokens = tokens
    self.platform = platform
    self.source = InMemoryComponentSource(definitions)
    self.shared = SharedResolver(
      Resolver(source: source, tokens: tokens, platform: platform))
    self.scale = Self.scale(tokens)
    self.rootedGroups = GroupReference.rootedGroups(among: tokens.tokens.keys)
  }

  /// A resolver held by reference, so the linter's non-mutating rules share it. Each
  /// `resolve` starts afresh; only the loaded definitions carry over.
  private final class SharedResolver {
    var resolver: Resolver
    init(_ resolver: Resolver) { self.resolver = resolver }
  }

  /// Dimension tokens by points, semantic tokens (aliases) first, then shorter paths, then
  /// alphabetical: the order a fix picks from.
  private static func scale(_ tokens: TokenResolver) -> [(
    path: String, points: Double, semantic: Bool, category: TokenCategory?
  )] {
    var scale: [(path: String, points: Double, semantic: Bool, category: TokenCategory?)] = []
    for (path, token) in tokens.tokens {
      guard let r = try? tokens.resolveValue(path), r.type == "dimension", let p = r.points else {
        continue
      }
      scale.append(
        (
          path, p, token.aliasTarget != nil,
          TokenCategory.of(path: path, extensions: token.extensions)
        ))
    }
    scale.sort { a, b in
      if a.semantic != b.semantic { return a.semantic }
      if a.path.count != b.path.count { return a.path.count < b.path.count }
      return a.path < b.path
    }
    return scale
  }

  /// Lints components.
  ///
  /// - Parameters:
  ///   - names: The components to lint; nil for all, in name order.
  ///   - enabled: Extra opt-in rules to run (`platform-default-spacing`).
  /// - Returns: The findings, component by component, in document order; findings a
  ///   definition's `lint.ignore` suppresses are included with `isIgnored` set.
  public func lint(_ names: [String]? = nil, enabling enabled: Set<String> = []) -> [LintFinding] {
    var seen = Set<String>()
    let selected = (names ?? definitions.keys.sorted()).filter { seen.insert($0).inserted }
      .compactMap { definitions[$0] }
    var out: [LintFinding] = []
    for definition in selected {
      var findings: [LintFinding] = []
      findings += hardCodedLengths(definition)
      findings += tokenProblems(definition)
      if enabled.contains("platform-default-spacing") {
        findings += platformDefaultSpacing(definition)
      }
      findings += unusedParameters(definition)
      findings += variantsAndEmptyStacks(definition)
      out += findings.map { finding in
        var f = finding
        f.isIgnored = definition.lintIgnores[f.rule] != nil
        return f
      }
    }
    return out
  }

  /// Lints tokens: the `unused-token` rule. A token's own problems (dangling aliases,
  /// uncomputable math, cycles) are `doctor`'s token check, which `lint` reports through
  /// the service (`CatalogService.tokenLintFindings()`), not a copy of it here.
  /// - Returns: One finding per token that no component uses, directly or through an
  ///   alias or math expression of a used token.
  public func lintTokens() -> [LintFinding] {
    // One answer for "is it used": the token graph's closure under aliases, math and
    // composite members, as `tokens usage` and `tokens remove` see it.
    let used = tokens.graph.required(
      from: definitions.values.flatMap {
        $0.tokenUses(components: { definitions[$0] }).map(\.storedToken)
      })
    return tokens.tokens.keys.sorted().filter { !used.contains($0) }.map { path in
      LintFinding(
        rule: "unused-token", level: .warning, component: nil, path: path,
        message: "no component uses {\(path)}, directly or through another token", fix: nil,
        isIgnored: false)
    }
  }

  // MARK: - hard-coded-length

  private func hardCodedLengths(_ definition: ComponentDefinition) -> [LintFinding] {
    // The catalog "has tokens" only if there are dimension tokens.
    guard !scale.isEmpty else { return [] }
    var out: [LintFinding] = []
    for use in definition.lengthUses {
      guard case .points(let p) = use.length, p != 0 else { continue }
      let property = use.property
      // Spacing, padding and frames, and the lengths of shapes, images and grids (issue 19:
      // corner radius, stroke width and icon size come from dimension tokens).
      guard
        property == "spacing" || property.hasPrefix("padding") || property.hasPrefix("frame")
          || ["cornerRadius", "lineWidth", "horizontalSpacing", "verticalSpacing"].contains(
            property)
          || property.hasPrefix("image.")
      else { continue }
      // Only tokens of the right kind (TokenCategory): a spacing token never sizes a frame.
      // Tokens of that category first, then tokens with none; other lengths take any.
      let needed = TokenCategory.needed(by: property)
      let fitting =
        needed.map { n in scale.filter { $0.category == n } + scale.filter { $0.category == nil } }
        ?? scale
      if let exact = fitting.first(where: { abs($0.points - p) < 1e-9 }) {
        out.append(
          LintFinding(
            rule: "hard-coded-length", level: .warning, component: definition.name, path: use.path,
            message:
              "the literal \(JSONWriter.number(p)) in \(property) has the value of the token {\(exact.path)}; use the token",
            fix: LintFix(path: use.path, value: "{\(exact.path)}"), isIgnored: false))
      } else {
        let below = fitting.filter { $0.points < p }.max { $0.points < $1.points }
        let above = fitting.filter { $0.points > p }.min { $0.points < $1.points }
        let nearest = [below, above].compactMap { $0 }.map {
          "{\($0.path)} (\(JSONWriter.number($0.points)))"
        }
        out.append(
          LintFinding(
            rule: "hard-coded-length", level: .warning, component: definition.name, path: use.path,
            message: Self.offScaleMessage(p, property: property, nearest: nearest, needed: needed),
            fix: nil, isIgnored: false))
      }
    }
    return out
  }

  /// The hard-coded-length message for a literal that equals no token: the nearest fitting
  /// tokens below and above, or, when the catalog has no token of the kind the property
  /// needs (``TokenCategory``), that there is none (an empty "nearest:" says nothing).
  ///
  /// - Parameters:
  ///   - points: The literal, in points.
  ///   - property: The length property (`frame.height`).
  ///   - nearest: The nearest fitting tokens, formatted (`{space.md} (16)`).
  ///   - needed: The category the property takes, nil for any dimension token.
  /// - Returns: The message.
  static func offScaleMessage(
    _ points: Double, property: String, nearest: [String], needed: TokenCategory?
  ) -> String {
    let literal =
      "the literal \(JSONWriter.number(points)) in \(property) is not on the token scale"
    guard nearest.isEmpty else {
      return "\(literal); nearest: \(nearest.joined(separator: " and "))"
    }
    // Uncategorised tokens fit every property, so with none fitting, every dimension token
    // is of another category (the rule runs only when the catalog has some).
    guard let needed else { return "\(literal); no dimension token in the catalog" }
    let others = TokenCategory.allCases.filter { $0 != needed }.map(\.rawValue)
    return
      "\(literal); no \(needed.rawValue) token in the catalog (its dimension tokens are all \(others.joined(separator: " or ")) tokens)"
  }

  // MARK: - Tokens

  private func tokenProblems(_ definition: ComponentDefinition) -> [LintFinding] {
    var out: [LintFinding] = []
    for use in definition.tokenUses(components: { definitions[$0] }) {
      // `{group}` for a group with a `$root` token (stored before the rule, or forced): the
      // rule of token files and `add` (GroupReference); `--fix` writes `{group.$root}`.
      if rootedGroups.contains(use.token) {
        out.append(
          LintFinding(
            rule: "unresolved-token", level: .warning, component: definition.name, path: use.path,
            message: GroupReference.message(use.token, strict: true),
            fix: LintFix(path: use.path, value: "{\(use.token).$root}"), isIgnored: false))
      }
      do {
        let r = try tokens.resolve(use.token)
        // The one type rule of token uses (TokenUseKind), for every kind of use.
        if !use.kind.accepts(type: r.type, points: r.points) {
          out.append(
            LintFinding(
              rule: "unresolved-token", level: .error, component: definition.name, path: use.path,
              message: "{\(use.token)} is a \(r.type ?? "untyped") token; \(use.kind.requirement)",
              fix: nil, isIgnored: false))
        }
        if let deprecated = r.deprecated {
          var message = "{\(use.token)} is deprecated"
          if let text = deprecated.stringValue { message += ": \(text)" }
          // Only a replacement the use takes (a length token for a length) becomes a fix.
          let replacement = deprecated.stringValue.flatMap { Self.references(in: $0).first }
            .flatMap { path in
              (try? tokens.resolve(path)).flatMap {
                use.kind.accepts(type: $0.type, points: $0.points) ? path : nil
              }
            }
          out.append(
            LintFinding(
              rule: "deprecated-token", level: .warning, component: definition.name, path: use.path,
              message: message, fix: replacement.map { LintFix(path: use.path, value: "{\($0)}") },
              isIgnored: false))
        }
      } catch {
        out.append(
          LintFinding(
            rule: "unresolved-token", level: .error, component: definition.name, path: use.path,
            message: tokens.graph.describe(error, reachedFrom: use.token), fix: nil,
            isIgnored: false))
      }
    }
    return out
  }

  // MARK: - platform-default-spacing

  private func platformDefaultSpacing(_ definition: ComponentDefinition) -> [LintFinding] {
    definition.lengthUses.filter { $0.property == "spacing" && $0.length == .platformDefault }.map {
      use in
      LintFinding(
        rule: "platform-default-spacing", level: .warning, component: definition.name,
        path: use.path,
        message:
          "spacing is left to the platform default (SwiftUI's nil: \(JSONWriter.number(platform.defaultSpacing)) between ordinary views on \(platform.name), other values next to Text and on other platforms); give it a token",
        fix: nil, isIgnored: false)
    }
  }

  // MARK: - unused-parameter

  private func unusedParameters(_ definition: ComponentDefinition) -> [LintFinding] {
    guard let body = definition.json.objectValue?["body"] else { return [] }
    var used = Set<String>()
    var stack = [body]
    while let value = stack.popLast() {
      switch value {
      case .string(let s): used.formUnion(Self.parameterReferences(in: s))
      case .array(let a): stack += a
      case .object(let o): stack += o.members.map(\.value)
      default: break
      }
    }
    return definition.parameters.filter { !used.contains($0.name) }.map { p in
      LintFinding(
        rule: "unused-parameter", level: .warning, component: definition.name, path: p.path,
        message: "the parameter $\(p.name) is never used in the body", fix: nil, isIgnored: false)
    }
  }

  // MARK: - variant-fails and padding-on-empty-stack

  private func variantsAndEmptyStacks(_ definition: ComponentDefinition) -> [LintFinding] {
    var out: [LintFinding] = []
    // The shared case generator: the defaults (when nothing is required) and each variant.
    let cases: [(label: String, path: String, arguments: JSONObject)] = ComponentCases.baseline(
      definition
    ).map { c in
      (
        c.path.isEmpty
          ? "the default arguments" : "variant '\(c.label.dropFirst("variant ".count))'", c.path,
        c.arguments
      )
    }
    // The defaults' resolution, kept for padding-on-empty-stack below: a component with no
    // parameter that shows or hides views tries exactly these arguments there (one
    // resolution per component instead of two).
    var resolvedDefaults: ResolvedComponent?
    for c in cases {
      do {
        let resolved = try shared.resolver.resolve(definition.name, arguments: c.arguments)
        if c.arguments.members.isEmpty { resolvedDefaults = resolved }
      } catch {
        out.append(
          LintFinding(
            rule: "variant-fails", level: .error, component: definition.name, path: c.path,
            message: "\(c.label) \(c.path.isEmpty ? "do" : "does") not resolve: \(error)", fix: nil,
            isIgnored: false))
      }
    }
    // padding-on-empty-stack: try argument combinations and look for a padding whose
    // content is a stack with no members; then keep only the arguments that matter (those
    // whose other values make the stack non-empty).
    let axes = self.axes(for: definition)
    var reported = Set<String>()
    for arguments in combinations(axes) {
      let reused = arguments.members.isEmpty ? resolvedDefaults : nil
      for (path, found) in emptyPaddings(definition, arguments, source: source, resolved: reused)
      where !reported.contains(path) {
        reported.insert(path)
        var relevant: [(String, JSONValue)] = []
        for (name, values) in axes {
          let current = arguments[name] ?? .null
          let matters = values.contains { v in
            guard v != current else { return false }
            var other = arguments
            other[name] = v
            return emptyPaddings(definition, other, source: source)[path] == nil
          }
          if matters { relevant.append((name, current)) }
        }
        let given = relevant.filter { !$0.1.isNull }.map { "\($0.0)=\(JSONWriter.compact($0.1))" }
        let absent = relevant.filter { $0.1.isNull }.map(\.0)
        var how: [String] = []
        if !given.isEmpty { how.append(given.joined(separator: ", ")) }
        if !absent.isEmpty { how.append("\(absent.joined(separator: ", ")) absent") }
        let when = relevant.isEmpty ? "for every argument" : "with \(how.joined(separator: "; "))"
        out.append(
          LintFinding(
            rule: "padding-on-empty-stack", level: .warning, component: definition.name, path: path,
            message:
              "\(when) every child of the \(found.stack) is absent, but this padding still takes \(JSONWriter.number(found.insets.leading + found.insets.trailing))×\(JSONWriter.number(found.insets.top + found.insets.bottom)) pt; set collapsesWhenEmpty on the stack, or give the padding a when condition",
            fix: nil, isIgnored: false))
      }
    }
    return out
  }

  /// The paddings written in `definition` (by JSON path) whose content is a stack with
  /// no members, for one set of arguments.
  ///
  /// `resolved`, when given, is `definition` already resolved with `arguments`.
  private func emptyPaddings(
    _ definition: ComponentDefinition, _ arguments: JSONObject, source: InMemoryComponentSource,
    resolved given: ResolvedComponent? = nil
  ) -> [String: (insets: EdgeInsets, stack: String)] {
    guard
      var resolved = given
        ?? (try? shared.resolver.resolve(definition.name, arguments: arguments)),
      let root = resolved.root()
    else { return [:] }
    var out: [String: (insets: EdgeInsets, stack: String)] = [:]
    var stack = [root]
    while let node = stack.popLast() {
      stack += node.children
      guard case .padding(let insets) = node.kind,
        insets.top + insets.bottom + insets.leading + insets.trailing > 0,
        let info = resolved.infos[safe: node.tag]
      else { continue }
      let (component, path) = Self.split(info.source)
      guard component == definition.name else { continue }
      var inner = node.children.first
      while let n = inner, Self.isModifier(n.kind) { inner = n.children.first }
      guard let content = inner, Self.isStack(content.kind), content.children.isEmpty else {
        continue
      }
      out[path] = (insets, resolved.infos[safe: content.tag]?.kind ?? "stack")
    }
    return out
  }

  /// The values tried for each parameter that can make views appear or disappear
  /// (optional, boolean, list, enumeration): its absent/false/empty value and a present one.
  private func axes(for definition: ComponentDefinition) -> [(String, [JSONValue])] {
    var axes: [(String, [JSONValue])] = []
    for p in definition.parameters {
      var values: [JSONValue] = []
      let sample: JSONValue? =
        definition.variants.lazy.compactMap { $0.arguments[p.name] }.first(where: { !$0.isNull })
        ?? p.defaultValue
      switch p.type {
      case .boolean: values = [.bool(false), .bool(true)]
      case .list:
        values = [
          .array([]),
          sample.flatMap { $0.arrayValue?.isEmpty == false ? $0 : nil }
            ?? .array([.string("Sample")]),
        ]
      case .string where p.allowedValues != nil:
        values = (p.allowedValues ?? []).prefix(4).map { .string($0) }
      default:
        if p.isOptional {
          values = [.null, sample ?? Self.sample(for: p.type)]
        } else if p.isRequired {
          values = [sample ?? Self.sample(for: p.type)]
        }
      }
      if !values.isEmpty { axes.append((p.name, values)) }
    }
    return axes
  }

  /// Every combination of the axes' values, capped at ``maximumCombinations``.
  private func combinations(_ axes: [(String, [JSONValue])]) -> [JSONObject] {
    var out: [JSONObject] = [JSONObject()]
    for (name, values) in axes {
      var next: [JSONObject] = []
      for partial in out {
        for v in values where next.count < Self.maximumCombinations {
          var o = partial
          o[name] = v
          next.append(o)
        }
      }
      out = next
    }
    return out
  }

  private static func sample(for type: ParameterType) -> JSONValue {
    switch type {
    case .string: return .string("Sample")
    case .number, .integer: return .number(1)
    case .boolean: return .bool(true)
    case .length: return .number(8)
    case .alignment: return .string("center")
    case .list: return .array([.string("Sample")])
    }
  }

  private static func isModifier(_ kind: LayoutKind) -> Bool {
    switch kind {
    case .padding, .frame, .fixedSize: return true
    default: return false
    }
  }

  private static func isStack(_ kind: LayoutKind) -> Bool {
    switch kind {
    case .stack, .zStack: return true
    default: return false
    }
  }

  /// `TrackRow body.children[0]` → (`TrackRow`, `body.children[0]`).
  static func split(_ source: String) -> (String, String) {
    guard let space = source.firstIndex(of: " ") else { return (source, "") }
    return (String(source[..<space]), String(source[source.index(after: space)...]))
  }

  /// Token paths referenced as `{path}` in a string.
  static func references(in text: String) -> [String] {
    var out: [String] = []
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      out.append(String(rest[rest.index(after: open)..<close]))
      rest = rest[rest.index(after: close)...]
    }
    return out
  }

  /// Parameter names referenced as `$name` in a string (`$$` is a literal dollar).
  static func parameterReferences(in text: String) -> Set<String> {
    var out = Set<String>()
    let chars = Array(text.unicodeScalars)
    var i = 0
    while i < chars.count {
      if chars[i] == "$" {
        if i + 1 < chars.count, chars[i + 1] == "$" {
          i += 2
          continue
        }
        var j = i + 1
        while j < chars.count,
          chars[j] == "_" || (chars[j].isASCII && chars[j].properties.isAlphabetic)
            || ("0"..."9").contains(chars[j])
        { j += 1 }
        if j > i + 1 { out.insert(String(String.UnicodeScalarView(chars[(i + 1)..<j]))) }
        i = j
      } else {
        i += 1
      }
    }
    return out
  }
}

extension RandomAccessCollection where Index == Int {
  subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
