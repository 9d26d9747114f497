import CatalogFonts
import CatalogLayout
import CatalogLint
import CatalogModel
import CatalogRender
import CatalogResolver
import CatalogService
import CatalogSystem
import CatalogTokens

/// `catalog render NAME`: resolves a component with arguments and lays it out.
enum RenderCommand: ParsedCommand {
  static let argument = CommandSpec.Option(
    name: "argument", valueName: "name=value",
    help:
      "An argument for a parameter; repeat for several. Values are read by the parameter's type (numbers, true/false, {token}, null, or JSON for lists).",
    isRepeating: true, short: "a")
  /// The `--variant` option.
  static let variant = CommandSpec.Option(
    name: "variant", valueName: "name", help: "Start from the arguments of a stored variant.")
  /// The `--width` option.
  static let width = CommandSpec.Option(
    name: "width", valueName: "points", help: "The width proposed to the component, in points.",
    type: .number(min: 0, max: Resolver.maximumLength, allowsInfinity: true))
  /// The `--height` option.
  static let height = CommandSpec.Option(
    name: "height", valueName: "points", help: "The height proposed to the component, in points.",
    type: .number(min: 0, max: Resolver.maximumLength, allowsInfinity: true))
  /// The `--text-metrics` option.
  static let textMetrics = CommandSpec.Option(
    name: "text-metrics", valueName: "font|fixed",
    help:
      "How Text is measured: 'font' (glyph advances of the Inter font through FreeType) or 'fixed' (every character half an em, deterministic). Default: font when Inter can be loaded, else fixed with a warning; the environment variable CATALOG_TEXT_METRICS changes the default.",
    type: .choice(["font", "fixed"]))
  /// The `--layout-direction` option.
  static let layoutDirection = CommandSpec.Option(
    name: "layout-direction", valueName: "ltr|rtl",
    help:
      "Left-to-right or right-to-left layout: rtl places HStacks from the right and mirrors leading/trailing.",
    type: .choice(["ltr", "rtl"]), defaultValue: "ltr")
  /// The `--format` option.
  static let format = CommandSpec.Option(
    name: "format", valueName: "format",
    help: "The output; png needs rsvg-convert (Debian: librsvg2-bin) and --output.",
    type: .choice(["tree", "json", "svg", "png", "html", "swiftui"]), defaultValue: "tree")
  /// The `--scale` option.
  static let scale = CommandSpec.Option(
    name: "scale", valueName: "factor", help: "svg and png: pixels per point.",
    type: .number(min: SVGRenderer.scaleRange.lowerBound, max: SVGRenderer.scaleRange.upperBound),
    defaultValue: "1")
  /// The `--max-cases` option.
  static let maxCases = CommandSpec.Option(
    name: "max-cases", valueName: "n",
    help: "--matrix: the most cases rendered; the rest are counted and reported as skipped.",
    type: .number(min: 1, max: 10_000), defaultValue: "64")
  // Same shape as TokensCommand's --references and --all-contexts (two flags declared one after the
  // other), kept because each is one command's own flag with its own help text; flags several
  // commands take are declared once in CommandSpec+Shared.swift.
  /// The `--explain` flag.
  static let explain = CommandSpec.Flag(
    name: "explain",
    help: "Show where every length comes from (literal, argument, token chain, platform default).")
  /// The `--matrix` flag.
  static let matrix = CommandSpec.Flag(
    name: "matrix",
    help:
      "Render every case: the defaults, each variant, then combinations of the booleans (both values), enumerations (each value), optional parameters (absent and present) and the stored resolver document's mode contexts: every pair of values (pairwise, the default) or every combination (full). Prints trees, a JSON array, or one SVG with a grid of the cases.",
    values: ["pairwise", "full"])

  static let spec = CommandSpec(
    name: "render", abstract: "Resolve a component and print its layout tree with frames.",
    discussion: """
      Without --width and --height the component is proposed no size and takes its ideal size, as \
      SwiftUI does for an unspecified proposal.
      """,
    arguments: [.componentName],
    options: [
      argument,
      variant,
      width,
      height,
      .platform,
      .input,
      textMetrics,
      layoutDirection,
      format,
      scale,
      .output.withHelp(
        "Write the result to this file instead of standard output (required for png)."),
      maxCases,
    ],
    flags: [
      explain,
      matrix,
    ] + WarningPrinter.flags)

  /// The options given that `--format swiftui` does not use: it writes the component's
  /// source, not one case laid out (review 17: they were ignored without a word).
  /// - Parameter parsed: The command line.
  /// - Returns: Each option as written in the help (`-a/--argument`, `--width`), in the
  ///   help's order.
  static func ignoredBySwiftUI(_ parsed: ParsedArguments) -> [String] {
    var out: [String] = []
    if !parsed.values(Self.argument).isEmpty { out.append("-a/--argument") }
    let options: [(CommandSpec.Option, String)] = [
      (Self.variant, "--variant"), (Self.width, "--width"), (Self.height, "--height"),
      (.platform, "--platform"), (Self.textMetrics, "--text-metrics"),
      (Self.layoutDirection, "--layout-direction"), (Self.scale, "--scale"),
      (Self.maxCases, "--max-cases"),
    ]
    for (option, name) in options where !parsed.values(option).isEmpty { out.append(name) }
    if !parsed.values(.input).isEmpty { out.append("--input") }
    if parsed.flag(Self.explain) { out.append("--explain") }
    return out
  }

  static func run(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    let format = parsed.option(Self.format) ?? "tree"
    let scale = parsed.number(Self.scale) ?? 1
    if format == "png", parsed.option(.output) == nil {
      throw .usage("--format png writes binary data; give --output FILE.png", command: ["render"])
    }
    let width = parsed.number(Self.width)
    let height = parsed.number(Self.height)
    if let problem = DrawnProposal.problem(width: width, height: height, format: format) {
      throw .usage(problem, command: ["render"])
    }
    if format == "swiftui" {
      // A usage error before any warning: the run does nothing, so nothing is "ignored".
      if parsed.flag(Self.matrix) {
        throw .usage(
          "--matrix prints every case as a tree, JSON or one SVG grid; it does not take --format swiftui",
          command: ["render"])
      }
      let ignored = ignoredBySwiftUI(parsed)
      if !ignored.isEmpty {
        context.output.err(
          "warning: swiftui: \(ignored.joined(separator: ", ")) \(ignored.count == 1 ? "does" : "do") not apply to --format swiftui, which writes the component's whole declaration (its parameters and a #Preview per variant), not one laid-out case; ignored\n"
        )
      }
      try renderSwiftUI(parsed, context)
      return
    }
    let layout = try layoutOptions(
      parsed.option(Self.textMetrics), parsed.option(Self.layoutDirection), context)
    let session = try context.openCatalog(parsed, readOnly: true)
    let name = parsed.argument(.componentName)
    guard let definition = try session.definition(named: name) else {
      throw session.unknownComponent(name)
    }
    var arguments = JSONObject()
    if let variantName = parsed.option(Self.variant) {
      guard let variant = definition.variants.first(where: { $0.name == variantName }) else {
        let known = definition.variants.map(\.name)
        throw .failure(
          "\(name) has no variant '\(variantName)'\(known.isEmpty ? "; it has no variants" : "; its variants: \(known.joined(separator: ", "))")\(NameSuggestion.didYouMean(variantName, among: known))"
        )
      }
      arguments = variant.arguments
    }
    for raw in parsed.values(Self.argument) {
      guard let eq = raw.firstIndex(of: "="), eq != raw.startIndex else {
        throw .usage(
          "The value '\(raw)' is invalid for '--argument <name=value>': expected name=value",
          command: ["render"])
      }
      let key = NameText.normalized(String(raw[..<eq]))
      let text = String(raw[raw.index(after: eq)...])
      if parsed.values(Self.argument).filter({ $0.hasPrefix(key + "=") }).count > 1 {
        throw .usage(
          "The argument '\(key)' is given more than once in --argument; give each parameter once",
          command: ["render"])
      }
      guard let parameter = definition.parameter(named: key) else {
        let declared = definition.parameters.map(\.name)
        throw .failure(
          "\(name) has no parameter '\(key)'\(declared.isEmpty ? "; it has no parameters" : "; its parameters: \(declared.joined(separator: ", "))")\(NameSuggestion.didYouMean(key, among: declared))"
        )
      }
      arguments[key] = try value(text, for: parameter, component: name)
    }
    let platform = try loadPlatform(parsed.option(.platform) ?? "ios", session)
    if parsed.flag(Self.matrix) {
      if parsed.option(Self.variant) != nil || !parsed.values(Self.argument).isEmpty {
        throw .usage(
          "--matrix renders every case; it does not take --variant or --argument",
          command: ["render"])
      }
      guard ["tree", "json", "svg"].contains(format) else {
        throw .usage(
          "--matrix prints every case as a tree, JSON or one SVG grid; it does not take --format \(format)",
          command: ["render"])
      }
      let coverage =
        ComponentCases.Coverage(rawValue: parsed.flagValue(Self.matrix) ?? "pairwise") ?? .pairwise
      let text = try renderMatrix(
        definition, platform: platform, session: session,
        proposal: ProposedSize(width: width, height: height), format: format,
        explain: parsed.flag(Self.explain), coverage: coverage,
        limit: Int(parsed.number(Self.maxCases) ?? 64), scale: scale, context, layout: layout)
      try RenderOutput.write(
        text.output, format: format, to: parsed.option(.output), catalog: session.path, context)
      if !text.failures.isEmpty { throw .failure(text.failures.joined(separator: "\n")) }
      return
    }
    let inputs = try RenderInputs.parse(parsed.values(.input), command: ["render"])
    // The tokens `-a` values name (`gap={space.lg}`), whether or not a stored definition
    // uses them; one that names no token fails here, with the nearest stored path.
    var argumentTokens: [(key: String, path: String)] = []
    for raw in parsed.values(Self.argument) {
      let key = NameText.normalized(String(raw.prefix { $0 != "=" }))
      // `{group}` for a group with a `$root` token: the rule of token files and `add`
      // (GroupReference), lenient here: rewritten to `{group.$root}` with a warning.
      if let value = arguments[key], TokenAlias.target(of: value) != nil {
        let (rewritten, groups) = try session.run {
          try session.service.rewritingGroupReferences(value, valuePath: "")
        }
        for (group, _) in groups {
          context.output.err(
            "warning: argument '\(key)' of \(name): \(GroupReference.message(group, strict: false))\n"
          )
        }
        arguments[key] = rewritten
      }
      if let value = arguments[key], let path = TokenAlias.target(of: value) {
        argumentTokens.append((key, path))
      }
    }
    let tokens = try session.componentTokenResolver(
      for: definition, inputs: inputs, including: argumentTokens.map(\.path))
    for (key, path) in argumentTokens {
      do { _ = try tokens.resolve(path) } catch {
        guard case .unknown(path, nil) = error else { continue }
        if let group = session.service.groupReferenceMessage(for: path) {
          throw .failure("argument '\(key)' of \(name): \(group)")
        }
        throw .failure(
          "argument '\(key)' of \(name): \(error)\(session.service.tokenSuggestion(for: path))")
      }
      // The token's type, by the rule a variant's or an instance's argument is checked by.
      if let value = arguments[key],
        let problem = session.service.argumentTokenProblem(
          definition, parameter: key, value: value, tokens: tokens)
      {
        throw .failure("argument '\(key)' of \(name): \(problem)")
      }
    }
    // The definition already read is handed to the resolver rather than read and parsed again.
    var resolver = Resolver(
      source: PreparedComponentSource(definition, rest: session.componentSource), tokens: tokens,
      platform: platform)
    let resolved: ResolvedComponent
    do {
      resolved = try resolver.resolve(name, arguments: arguments)
    } catch {
      throw .failure("\(error)")
    }
    // Every warning through one printer: the first 20, then a count (--verbose, --quiet).
    let warnings = WarningPrinter(parsed, context)
    for warning in resolved.warnings { warnings.warn("warning: \(warning)") }
    let laidOut = LaidOutComponent(
      resolved, proposal: ProposedSize(width: width, height: height),
      layoutDirection: layout.direction, textMeasurer: layout.measurer)
    let text: String
    switch format {
    case "json": text = JSONRenderer.render(laidOut)
    case "svg", "png": text = SVGRenderer.render(laidOut, scale: scale)
    case "html":
      // What CSS cannot express is said on stderr, naming the view (issue 19).
      let page = HTMLRenderer.render(laidOut)
      for reason in page.inexpressible { warnings.warn("warning: html: \(reason)") }
      text = page.html
    default: text = TreeRenderer.render(laidOut, explain: parsed.flag(Self.explain))
    }
    warnings.finish()
    try RenderOutput.write(
      text, format: format, to: parsed.option(.output), catalog: session.path, context)
    // Closed before the objects are kept until exit, so SQLite removes `-wal`/`-shm`.
    session.service.close()
    context.output.keepUntilExit(laidOut, resolved, resolver, definition, tokens, session, text)
  }

  /// `render NAME --format swiftui`: the component's whole declaration. Nothing is resolved
  /// or laid out, so the options of one laid-out case (``ignoredBySwiftUI(_:)``, already
  /// warned about) are not read at all: a variant or argument the component lacks is no error
  /// here (review: they were said to be ignored, yet a bad one failed the command).
  /// `--matrix` stays a usage error (checked by the caller before any warning), as for the
  /// other formats it does not take.
  static func renderSwiftUI(_ parsed: ParsedArguments, _ context: Context) throws(CommandError) {
    let session = try context.openCatalog(parsed, readOnly: true)
    let name = parsed.argument(.componentName)
    guard let definition = try session.definition(named: name) else {
      throw session.unknownComponent(name)
    }
    // The nesting limit `render` applies when it resolves (nothing is resolved here).
    do { try SwiftUIRenderer.checkDepth(definition) } catch { throw .failure("\(error)") }
    // Renames that keep generated names clear of Swift's and SwiftUI's (issue 13).
    let output = try RenderOutput.swiftUI(name, session)
    let warnings = WarningPrinter(parsed, context)
    for warning in output.warnings { warnings.warn("warning: swiftui: \(warning)") }
    warnings.finish()
    try RenderOutput.write(
      output.source, format: "swiftui", to: parsed.option(.output), catalog: session.path,
      context)
    session.service.close()
  }

  /// Renders the cases of `--matrix` (``ComponentCases/matrix(_:modes:coverage:limit:)``):
  /// trees one after the other, a JSON array, or one SVG with the cases in a grid. A case
  /// that fails is reported and the others are still rendered; skipped cases are counted
  /// on standard error.
  ///
  /// - Returns: The output text and one message per failing case.
  static func renderMatrix(
    _ definition: ComponentDefinition, platform: Platform, session: CatalogSession,
    proposal: ProposedSize,
    format: String, explain: Bool, coverage: ComponentCases.Coverage, limit: Int, scale: Double,
    _ context: Context,
    layout: (measurer: (any TextMeasurer)?, direction: LayoutDirection) = (nil, .leftToRight)
  ) throws(CommandError) -> (output: String, failures: [String]) {
    // Mode contexts: the first stored resolver document's modifiers (DTCG Resolver module).
    let modes = try session.run { try session.service.modes() }
    let (cases, skipped, uncoveredPairs) = ComponentCases.matrix(
      definition, modes: modes, coverage: coverage, limit: limit)
    var tokensByInputs: [[String: String]: TokenResolver] = [:]
    var json: [JSONValue] = []
    var cells: [SVGGrid.Cell] = []
    var text = ""
    var failures: [String] = []
    for testCase in cases {
      let tokens: TokenResolver
      if let cached = tokensByInputs[testCase.inputs] {
        tokens = cached
      } else {
        tokens = try session.tokenResolver(inputs: testCase.inputs)
        tokensByInputs[testCase.inputs] = tokens
      }
      let mode = testCase.inputs.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
        separator: ", ")
      let label =
        mode.isEmpty || testCase.label.contains(mode)
        ? testCase.label : "\(testCase.label) [\(mode)]"
      // The definition already read is handed to the resolver rather than read and parsed again.
      var resolver = Resolver(
        source: PreparedComponentSource(definition, rest: session.componentSource), tokens: tokens,
        platform: platform)
      let resolved: ResolvedComponent
      do {
        resolved = try resolver.resolve(definition.name, arguments: testCase.arguments)
      } catch {
        // One failing case (a broken variant) does not hide the others; exit 1 at the end.
        failures.append("case '\(label)': \(error)")
        continue
      }
      let laidOut = LaidOutComponent(
        resolved, proposal: proposal, layoutDirection: layout.direction,
        textMeasurer: layout.measurer)
      let arguments = testCase.arguments.members.map { "\($0.key)=\(JSONWriter.compact($0.value))" }
        .joined(separator: ", ")
      switch format {
      case "json":
        let layoutJSON = (try? JSONParser.parse(JSONRenderer.render(laidOut)).root) ?? .null
        json.append(
          .object(
            JSONObject([
              ("case", .string(testCase.label)), ("arguments", .object(testCase.arguments)),
              (
                "inputs",
                .object(
                  JSONObject(
                    testCase.inputs.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))
              ),
              ("layout", layoutJSON),
            ])))
      case "svg":
        let number = cells.count + 1
        let size =
          laidOut.root == nil
          ? "no view"
          : "\(formatPoints(laidOut.size.width)) × \(formatPoints(laidOut.size.height)) pt"
        cells.append(
          SVGGrid.Cell(
            label: label, svg: SVGRenderer.render(laidOut, scale: 1, title: "\(number) · \(size)")))
      default:
        if !text.isEmpty { text += "\n" }
        text += "== \(label)\(arguments.isEmpty ? "" : ": \(arguments)")\n"
        text += TreeRenderer.render(laidOut, explain: explain)
      }
    }
    if skipped > 0 || uncoveredPairs > 0 {
      // Counted, not enumerated (``ComponentCases/matrix(_:modes:coverage:limit:)``).
      var left: [String] = []
      if skipped == Int.max {
        left.append("more than \(Int.max) more cases skipped")
      } else if skipped > 0 {
        left.append("\(Plural.count(skipped, "more case")) skipped")
      }
      if uncoveredPairs > 0 {
        left.append(
          "\(Plural.count(uncoveredPairs, "pair")) of parameter values not covered by the cases rendered"
        )
      }
      context.output.err(
        "note: rendered \(Plural.count(cases.count, "case")); \(left.joined(separator: "; ")) (raise --max-cases\(coverage == .full ? ", or use --matrix=pairwise" : ""))\n"
      )
    }
    switch format {
    case "json": return (JSONWriter.pretty(.array(json)), failures)
    case "svg":
      return (
        SVGGrid.render(
          cells,
          title: "\(definition.name) · \(Plural.count(cells.count, "case")) (\(coverage.rawValue))",
          scale: scale), failures
      )
    default: return (text, failures)
    }
  }

  /// `--text-metrics` and `--layout-direction`. `font` loads Inter with FreeType (an error
  /// when asked for explicitly and it cannot be loaded); with no option the default is
  /// `$CATALOG_TEXT_METRICS`, else `font` when Inter loads and `fixed` (with a one-line
  /// warning on stderr) when it does not. `fixed` returns nil: `LaidOutComponent`'s
  /// deterministic fixed-advance metrics.
  static func layoutOptions(
    _ metrics: String?, _ direction: String?, _ context: Context
  ) throws(CommandError) -> (measurer: (any TextMeasurer)?, direction: LayoutDirection) {
    let layoutDirection: LayoutDirection
    switch direction ?? "ltr" {
    case "ltr", "left-to-right": layoutDirection = .leftToRight
    case "rtl", "right-to-left": layoutDirection = .rightToLeft
    case let other:
      throw .usage(
        "The value '\(other)' is invalid for '--layout-direction <ltr|rtl>'. Please provide one of 'ltr' or 'rtl'.",
        command: ["render"])
    }
    let explicit = metrics != nil
    let choice = metrics ?? context.environment["CATALOG_TEXT_METRICS"] ?? "font"
    switch choice {
    case "fixed":
      return (nil, layoutDirection)
    case "font":
      do {
        return (try FreeTypeTextMeasurer(), layoutDirection)
      } catch {
        if explicit { throw .failure("--text-metrics font: \(error)") }
        context.output.err("warning: \(error); using fixed text metrics\n")
        return (nil, layoutDirection)
      }
    default:
      throw .usage(
        "The value '\(choice)' (from CATALOG_TEXT_METRICS) is invalid for '--text-metrics <font|fixed>'. Please provide one of 'font' or 'fixed'\(NameSuggestion.didYouMean(choice, among: ["font", "fixed"]).replacing("; did", with: ". Did"))",
        command: ["render"])
    }
  }

  /// Reads a command-line argument by the parameter's type.
  static func value(_ text: String, for parameter: ParameterDefinition, component: String)
    throws(CommandError) -> JSONValue
  {
    // One Unicode form, as every string of a stored definition (JSONParser), so that a
    // token `{café}` typed decomposed names the stored one (issue 12, point 8).
    let text = NameText.normalized(text)
    let value: JSONValue
    switch parameter.type {
    case .string, .alignment:
      value = text == "null" && parameter.isOptional ? .null : .string(text)
    case .number, .integer:
      // An integer's wholeness is the parameter's rule (ParameterType.problem), checked with
      // every other argument.
      guard let n = StrictNumber.decimal(text) else {
        throw .failure(
          "argument '\(parameter.name)' of \(component) must be a \(parameter.type == .integer ? "whole " : "")number; got '\(text)'"
        )
      }
      value = .number(n)
    case .boolean:
      guard text == "true" || text == "false" else {
        throw .failure(
          "argument '\(parameter.name)' of \(component) must be true or false; got '\(text)'")
      }
      value = .bool(text == "true")
    case .length:
      if text == "null" {
        value = .null
      } else if let n = StrictNumber.decimal(text) {
        value = .number(n)
      } else {
        value = .string(text)
      }
    case .list:
      guard let parsed = try? JSONParser.parse(text, file: "--argument \(parameter.name)").root,
        parsed.arrayValue != nil
      else {
        throw .failure(
          "argument '\(parameter.name)' of \(component) must be a JSON array like [\"a\",\"b\"]; got '\(text)'"
        )
      }
      value = parsed
    }
    if !(parameter.isOptional && value.isNull), let problem = parameter.problem(with: value) {
      throw .failure("argument '\(parameter.name)' of \(component) must be \(problem)")
    }
    return value
  }

  static func loadPlatform(_ name: String, _ session: CatalogSession) throws(CommandError)
    -> Platform
  {
    let record: Platform?
    do { record = try session.service.platform(named: name) } catch { throw .failure("\(error)") }
    guard let record else {
      let known = try session.run { try session.service.platforms().map(\.name) }
      throw .failure(
        "unknown platform '\(name)'; the known ones are \(known.joined(separator: ", "))\(NameSuggestion.didYouMean(name, among: known)) (add one with 'catalog platforms set')"
      )
    }
    return record
  }
}
