import CatalogFonts
import CatalogLayout
import CatalogModel
import CatalogRender
import CatalogResolver
import CatalogStore
import Foundation

/// `catalog render NAME`: resolves a component with arguments and lays it out.
enum RenderCommand: Subcommand {
  static let spec = CommandSpec(
    name: "render", abstract: "Resolve a component and print its layout tree with frames.",
    discussion: "Without --width and --height the component is proposed no size and takes its ideal size, as SwiftUI does for an unspecified proposal.",
    arguments: [.init(name: "name", help: "The component's name.")],
    options: [
      .init(name: "argument", valueName: "name=value", help: "An argument for a parameter; repeat for several. Values are read by the parameter's type (numbers, true/false, {token}, null, or JSON for lists).", isRepeating: true, short: "a"),
      .init(name: "variant", valueName: "name", help: "Start from the arguments of a stored variant."),
      .init(name: "width", valueName: "points", help: "The width proposed to the component (a number or 'infinity')."),
      .init(name: "height", valueName: "points", help: "The height proposed to the component (a number or 'infinity')."),
      .init(name: "platform", valueName: "name", help: "The platform whose defaults apply (default: ios)."),
      .init(name: "input", valueName: "modifier=context", help: "A resolver input (DTCG Resolver module), e.g. density=compact; repeat for several.", isRepeating: true),
      .init(name: "text-metrics", valueName: "font|fixed", help: "How Text is measured: 'font' (glyph advances of the Inter font through FreeType) or 'fixed' (every character half an em, deterministic). Default: font when Inter can be loaded, else fixed with a warning; the environment variable CATALOG_TEXT_METRICS changes the default."),
      .init(name: "layout-direction", valueName: "ltr|rtl", help: "Left-to-right (default) or right-to-left layout: rtl places HStacks from the right and mirrors leading/trailing."),
      .init(name: "format", valueName: "format", help: "tree, json, svg, png, html or swiftui (default: tree). png needs rsvg-convert (Debian: librsvg2-bin) and --output."),
      .init(name: "scale", valueName: "factor", help: "svg and png: pixels per point (default: 1)."),
      .init(name: "output", valueName: "path", help: "Write the result to this file instead of standard output (required for png)."),
    ],
    flags: [
      .init(name: "explain", help: "Show where every length comes from (literal, argument, token chain, platform default)."),
      .init(name: "matrix", help: "Render every case: the defaults, each variant, and the optional parameters all absent, each alone and all present, in every mode context of the stored resolver document."),
    ])

  static func run(_ args: [String], _ context: Context) throws(CommandError) {
    let parsed = try ArgumentParser.parse(args, spec: spec, path: ["render"])
    let format = parsed.option("format") ?? "tree"
    guard ["tree", "json", "svg", "png", "html", "swiftui"].contains(format) else {
      throw .usage("The value '\(format)' is invalid for '--format <format>'. Please provide one of 'tree', 'json', 'svg', 'png', 'html' or 'swiftui'.", command: ["render"])
    }
    let scale = try RenderOutput.scale(parsed.option("scale"))
    if format == "png", parsed.option("output") == nil {
      throw .usage("--format png writes binary data; give --output FILE.png", command: ["render"])
    }
    let width = try proposal(parsed.option("width"), "width")
    let height = try proposal(parsed.option("height"), "height")
    let layout = try layoutOptions(parsed.option("text-metrics"), parsed.option("layout-direction"), context)
    let session = try CatalogSession(path: context.databasePath(parsed), create: false, readOnly: true)
    let name = parsed.positionals[0]
    guard let definition = try session.definition(named: name) else {
      throw .failure("no component named '\(name)' in \(session.path)")
    }
    var arguments = JSONObject()
    if let variantName = parsed.option("variant") {
      guard let variant = definition.variants.first(where: { $0.name == variantName }) else {
        let known = definition.variants.map(\.name)
        throw .failure("\(name) has no variant '\(variantName)'\(known.isEmpty ? "; it has no variants" : "; its variants: \(known.joined(separator: ", "))")")
      }
      arguments = variant.arguments
    }
    for raw in parsed.values("argument") {
      guard let eq = raw.firstIndex(of: "="), eq != raw.startIndex else {
        throw .usage("The value '\(raw)' is invalid for '--argument <name=value>': expected name=value", command: ["render"])
      }
      let key = String(raw[..<eq])
      let text = String(raw[raw.index(after: eq)...])
      guard let parameter = definition.parameter(named: key) else {
        let declared = definition.parameters.map(\.name)
        throw .failure("\(name) has no parameter '\(key)'\(declared.isEmpty ? "; it has no parameters" : "; its parameters: \(declared.joined(separator: ", "))")")
      }
      arguments[key] = try value(text, for: parameter, component: name)
    }
    let platform = try loadPlatform(parsed.option("platform") ?? "ios", session)
    if parsed.flag("matrix") {
      if parsed.option("variant") != nil || !parsed.values("argument").isEmpty {
        throw .usage("--matrix renders every case; it does not take --variant or --argument", command: ["render"])
      }
      if format != "tree" && format != "json" || parsed.option("output") != nil {
        throw .usage("--matrix prints every case as a tree or JSON; it does not take --format \(format) or --output", command: ["render"])
      }
      try renderMatrix(definition, platform: platform, session: session, proposal: ProposedSize(width: width, height: height), format: format, explain: parsed.flag("explain"), context, layout: layout)
      return
    }
    let inputs = try RenderInputs.parse(parsed.values("input"), command: ["render"])
    var resolver = Resolver(source: StoreComponentSource(session: session), tokens: try session.tokenResolver(inputs: inputs), platform: platform)
    let resolved: ResolvedComponent
    do {
      resolved = try resolver.resolve(name, arguments: arguments)
    } catch {
      throw .failure("\(error)")
    }
    for warning in resolved.warnings { context.output.err("warning: \(warning)\n") }
    let laidOut = LaidOutComponent(
      resolved, proposal: ProposedSize(width: width, height: height),
      layoutDirection: layout.direction, textMeasurer: layout.measurer)
    let text: String
    switch format {
    case "json": text = JSONRenderer.render(laidOut)
    case "svg", "png": text = SVGRenderer.render(laidOut, scale: scale)
    case "html": text = HTMLRenderer.render(laidOut).html
    case "swiftui": text = try RenderOutput.swiftUI(name, session)
    default: text = TreeRenderer.render(laidOut, explain: parsed.flag("explain"))
    }
    try RenderOutput.write(text, format: format, to: parsed.option("output"), context)
  }

  /// The cases of `--matrix`: the defaults, each variant, and for the optional parameters
  /// all absent, each alone and all present (present values come from the first variant
  /// that gives one, else a sample of the parameter's type). Cases with the same arguments
  /// as an earlier one are left out.
  static func matrixCases(_ definition: ComponentDefinition) -> [(label: String, arguments: JSONObject)] {
    var cases: [(String, JSONObject)] = [("defaults", JSONObject())]
    for v in definition.variants { cases.append(("variant \(v.name)", v.arguments)) }
    let optional = definition.parameters.filter(\.isOptional)
    if !optional.isEmpty {
      func sample(_ p: ParameterDefinition) -> JSONValue {
        for v in definition.variants { if let a = v.arguments[p.name], !a.isNull { return a } }
        switch p.type {
        case .string: return .string(p.allowedValues?.first ?? "Sample \(p.name)")
        case .number: return .number(1)
        case .boolean: return .bool(true)
        case .length: return .number(8)
        case .alignment: return .string("center")
        case .list: return .array([.string("Sample")])
        }
      }
      cases.append(("all optional absent", JSONObject(optional.map { ($0.name, .null) })))
      for p in optional {
        cases.append(("only \(p.name)", JSONObject(optional.map { ($0.name, $0.name == p.name ? sample($0) : .null) })))
      }
      cases.append(("all optional present", JSONObject(optional.map { ($0.name, sample($0)) })))
    }
    // Cases with the same arguments (explicit nulls dropped) are one case with both labels.
    var keys: [JSONObject] = []
    var out: [(label: String, arguments: JSONObject)] = []
    for (label, arguments) in cases {
      let key = JSONObject(arguments.members.filter { !$0.value.isNull }.sorted { $0.key < $1.key })
      if let i = keys.firstIndex(of: key) {
        out[i].label += " = \(label)"
        continue
      }
      keys.append(key)
      out.append((label, arguments))
    }
    return out
  }

  static func renderMatrix(
    _ definition: ComponentDefinition, platform: Platform, session: CatalogSession, proposal: ProposedSize,
    format: String, explain: Bool, _ context: Context,
    layout: (measurer: (any TextMeasurer)?, direction: LayoutDirection) = (nil, .leftToRight)
  ) throws(CommandError) {
    // Mode contexts: every combination of the stored resolver documents' modifiers'
    // contexts (DTCG Resolver module), or just the catalog's tokens when there are none.
    var contexts: [[String: String]] = [[:]]
    do {
      for document in try session.store.resolverDocuments().prefix(1) {
        for modifier in document.input.modifiers where !modifier.contexts.isEmpty {
          contexts = contexts.flatMap { partial in
            modifier.contexts.map { c in partial.merging([modifier.name: c.name]) { $1 } }
          }.prefix(64).map { $0 }
        }
      }
    } catch {
      throw .failure("\(error)")
    }
    var json: [JSONValue] = []
    var failures: [String] = []
    var index = 0
    for inputs in contexts {
      let tokens = try session.tokenResolver(inputs: inputs)
      let mode = inputs.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
      for testCase in matrixCases(definition) {
        var resolver = Resolver(source: StoreComponentSource(session: session), tokens: tokens, platform: platform)
        let resolved: ResolvedComponent
        let label = mode.isEmpty ? testCase.label : "\(testCase.label) [\(mode)]"
        do {
          resolved = try resolver.resolve(definition.name, arguments: testCase.arguments)
        } catch {
          // One failing case (a broken variant) does not hide the others; exit 1 at the end.
          failures.append("case '\(label)': \(error)")
          continue
        }
        let laidOut = LaidOutComponent(resolved, proposal: proposal, layoutDirection: layout.direction, textMeasurer: layout.measurer)
        let arguments = testCase.arguments.members.map { "\($0.key)=\(JSONWriter.compact($0.value))" }.joined(separator: ", ")
        if format == "json" {
          let layout = (try? JSONParser.parse(JSONRenderer.render(laidOut)).root) ?? .null
          json.append(.object(JSONObject([
            ("case", .string(testCase.label)), ("arguments", .object(testCase.arguments)),
            ("inputs", .object(JSONObject(inputs.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))),
            ("layout", layout),
          ])))
        } else {
          if index > 0 { context.output.out("\n") }
          context.output.out("== \(label)\(arguments.isEmpty ? "" : ": \(arguments)")\n")
          context.output.out(TreeRenderer.render(laidOut, explain: explain))
        }
        index += 1
      }
    }
    if format == "json" { context.output.out(JSONWriter.pretty(.array(json))) }
    if !failures.isEmpty {
      throw .failure(failures.joined(separator: "\n"))
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
      throw .usage("The value '\(other)' is invalid for '--layout-direction <ltr|rtl>'. Please provide one of 'ltr' or 'rtl'.", command: ["render"])
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
      throw .usage("The value '\(choice)' is invalid for '--text-metrics <font|fixed>'. Please provide one of 'font' or 'fixed'.", command: ["render"])
    }
  }

  static func proposal(_ text: String?, _ name: String) throws(CommandError) -> Double? {
    guard let text else { return nil }
    if text == "infinity" || text == "inf" { return .infinity }
    guard let v = Double(text), v.isFinite, v >= 0 else {
      throw .usage("The value '\(text)' is invalid for '--\(name) <points>': expected a number of points ≥ 0 or 'infinity'", command: ["render"])
    }
    return v
  }

  /// Reads a command-line argument by the parameter's type.
  static func value(_ text: String, for parameter: ParameterDefinition, component: String) throws(CommandError) -> JSONValue {
    let value: JSONValue
    switch parameter.type {
    case .string, .alignment:
      value = text == "null" && parameter.isOptional ? .null : .string(text)
    case .number:
      guard let n = Double(text), n.isFinite else { throw .failure("argument '\(parameter.name)' of \(component) must be a number; got '\(text)'") }
      value = .number(n)
    case .boolean:
      guard text == "true" || text == "false" else { throw .failure("argument '\(parameter.name)' of \(component) must be true or false; got '\(text)'") }
      value = .bool(text == "true")
    case .length:
      if text == "null" { value = .null } else if let n = Double(text), n.isFinite { value = .number(n) } else { value = .string(text) }
    case .list:
      guard let parsed = try? JSONParser.parse(text, file: "--argument \(parameter.name)").root, parsed.arrayValue != nil else {
        throw .failure("argument '\(parameter.name)' of \(component) must be a JSON array like [\"a\",\"b\"]; got '\(text)'")
      }
      value = parsed
    }
    if !(parameter.isOptional && value.isNull), let problem = parameter.type.problem(with: value, allowedValues: parameter.allowedValues) {
      throw .failure("argument '\(parameter.name)' of \(component) must be \(problem)")
    }
    return value
  }

  static func loadPlatform(_ name: String, _ session: CatalogSession) throws(CommandError) -> Platform {
    let record: PlatformRecord?
    do { record = try session.store.platform(named: name) } catch { throw .failure("\(error)") }
    guard let record else { throw .failure("unknown platform '\(name)'; the catalog's platform table lists the known ones") }
    return Platform(name: record.name, defaultSpacing: record.defaultSpacing, defaultPadding: record.defaultPadding, displayScale: record.displayScale)
  }
}
