import CatalogModel
import CatalogRender
import CatalogTokens
import Foundation
import Testing

@testable import CatalogSwift

/// `render --format swiftui` → `import-swift` gives back the same definition; `import-swift`
/// → `render --format swiftui` gives source that SwiftParser reads without errors.
@Suite struct RoundTripTests {
  /// Renders `name` with `definitions` and imports every component of the source.
  static func roundTrip(_ name: String, _ definitions: [ComponentDefinition], tokens: TokenResolver)
    throws -> (String, SwiftImportResult)
  {
    let byName = Dictionary(definitions.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    let source = try SwiftUIRenderer.render(name, definitions: byName, tokens: tokens)
    let file = SwiftSourceFile(text: source, path: "\(name).swift")
    return (
      source,
      SwiftComponentImporter(tokenNames: SwiftTokenNames(tokens: tokens)).importFiles([file])
    )
  }

  @Test func everyExampleComesBackTheSame() throws {
    let examples = try Fixtures.examples()
    let tokens = try Fixtures.tokens()
    for d in examples {
      let (source, result) = try Self.roundTrip(d.name, examples, tokens: tokens)
      #expect(result.failed.isEmpty, "\(d.name): \(result.diagnostics)")
      #expect(
        !result.diagnostics.contains { $0.level != .note },
        "\(d.name): \(result.diagnostics.map(\.description))")
      let back = try #require(result.component(d.name), "\(d.name) not imported from:\n\(source)")
      #expect(
        SwiftRoundTrip.sameDefinition(back, d),
        "\(d.name):\n\(JSONWriter.pretty(back.json))\nfrom:\n\(source)")
    }
  }

  @Test func hundredRandomComponentsComeBackTheSame() throws {
    let tokens = try Fixtures.tokens()
    var generator = RandomComponents(seed: 15)
    var failures = 0
    var seen: Set<String> = []
    for i in 0..<100 {
      let d = try generator.component(named: "Random\(i)")
      ComponentDefinition.visit(d.body) { v in
        seen.insert(v.type)
        for m in v.modifiers { seen.insert(m.modifier.name) }
        if v.forEach != nil, v.forEachElement == "row" { seen.insert("records") }
      }
      let (source, result) = try Self.roundTrip(d.name, [d], tokens: tokens)
      guard let back = result.component(d.name), SwiftRoundTrip.sameDefinition(back, d) else {
        failures += 1
        if failures <= 3 {
          Issue.record(
            "\(d.name) differs:\n\(JSONWriter.compact(d.json))\n→\n\(result.component(d.name).map { JSONWriter.compact($0.json) } ?? "nothing: \(result.diagnostics)")\nfrom:\n\(source)"
          )
        }
        continue
      }
    }
    #expect(failures == 0)
    // The seeded set covers the whole vocabulary of issue 19.
    let vocabulary = [
      "Rectangle", "RoundedRectangle", "Capsule", "Circle", "Ellipse", "Image", "Label", "Button",
      "Toggle", "Link", "Grid", "GridRow", "LazyVStack", "LazyHStack", "ScrollView", "ViewThatFits",
      "GeometryReader", "records", "aspectRatio", "scaledTo", "clipped", "clipShape",
      "gridCellColumns", "gridColumnAlignment", "gridCellUnsizedAxes",
    ]
    #expect(vocabulary.filter { !seen.contains($0) } == [])
  }

  @Test func importedSeedsRenderToSourceSwiftParserReads() throws {
    let result = try Fixtures.importing([
      "SeedViews.swift", "OptionalViews.swift", "Features.swift", "Vocabulary.swift",
    ])
    #expect(result.component("ProfileHeader") != nil && result.component("SettingsRows") != nil)
    let tokens = try Fixtures.tokens()
    let byName = Dictionary(
      result.components.map { ($0.definition.name, $0.definition) }, uniquingKeysWith: { a, _ in a }
    )
    #expect(byName.count >= 8)
    for name in byName.keys.sorted() {
      let source = try SwiftUIRenderer.render(name, definitions: byName, tokens: tokens)
      let parsed = SwiftSourceFile(text: source, path: "\(name).swift")
      #expect(parsed.syntaxErrors().isEmpty, "\(name):\n\(source)")
      // And it reads back as the same component.
      let again = SwiftComponentImporter(tokenNames: SwiftTokenNames(tokens: tokens)).importFiles([
        parsed
      ])
      // Every component comes back (an import that failed would otherwise pass unseen).
      let back = try #require(again.component(name), "\(name): \(again.diagnostics)")
      if let original = byName[name] {
        #expect(
          SwiftRoundTrip.sameDefinition(back, original, ignoringDescriptionAndVariants: true),
          "\(name): \(JSONWriter.compact(back.json))")
      }
    }
  }
}

/// Random component definitions within what Swift source can carry, from a seed
/// (SplitMix64, so every run generates the same 100).
struct RandomComponents {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  private mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  private mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
  private mutating func pick<T>(_ items: [T]) -> T { items[int(items.count)] }
  private mutating func chance(_ percent: Int) -> Bool { int(100) < percent }

  private var parameters: [(String, String)] = []  // name, type

  mutating func component(named name: String) throws -> ComponentDefinition {
    parameters = []
    var params = JSONObject()
    let kinds = ["string", "optional", "boolean", "number", "length", "alignment", "records"]
    for k in 0..<int(5) {
      let kind = pick(kinds)
      let p = "p\(k)\(kind.prefix(1))"
      var spec: [(String, JSONValue)]
      switch kind {
      case "string":
        spec = [
          ("type", .string("string")),
          ("default", .string(pick(["Title", "a b", "$dollar", "quote \" here", "ünï"]))),
        ]
      case "optional": spec = [("type", .string("string")), ("optional", .bool(true))]
      case "records":
        // A list of records (issue 19): `items` with a required and an optional member.
        let items = JSONObject([
          ("title", .string("string")),
          (
            "subtitle",
            .object(JSONObject([("type", .string("string")), ("optional", .bool(true))]))
          ),
        ])
        var records: [JSONValue] = [
          .object(JSONObject([("title", .string("Wi-Fi")), ("subtitle", .string("Home"))]))
        ]
        if chance(50) { records.append(.object(JSONObject([("title", .string("VPN"))]))) }
        spec = [("type", .string("list")), ("items", .object(items)), ("default", .array(records))]
      case "boolean": spec = [("type", .string("boolean")), ("default", .bool(chance(50)))]
      case "number": spec = [("type", .string("number")), ("default", .number(Double(int(10))))]
      case "length":
        spec = [
          ("type", .string("length")),
          (
            "default",
            chance(50)
              ? .number(Double(int(30)))
              : .string(pick(["{space.sm}", "{space.inset.horizontal}", "{size.artwork}"]))
          ),
        ]
      default:
        spec = [
          ("type", .string("alignment")),
          ("default", .string(pick(["leading", "center", "trailing"]))),
        ]
      }
      if chance(30) { spec.append(("description", .string("About \(p)."))) }
      params.members.append((p, .object(JSONObject(spec))))
      parameters.append((p, kind))
    }
    var members: [(String, JSONValue)] = [("name", .string(name))]
    if chance(50) { members.append(("description", .string("Random component \(name)."))) }
    if !params.isEmpty { members.append(("parameters", .object(params))) }
    let variantParams = parameters.filter {
      ["string", "boolean", "number", "records"].contains($0.1)
    }
    if let (p, kind) = variantParams.first, chance(60) {
      let value: JSONValue =
        kind == "string"
        ? .string("v")
        : kind == "boolean"
          ? .bool(true)
          : kind == "records"
            ? .array([
              .object(JSONObject([("title", .string("Airplane")), ("subtitle", .string("Off"))]))
            ])
            : .number(7)
      members.append(
        ("variants", .object(JSONObject([("one", .object(JSONObject([(p, value)])))]))))
    }
    members.append(("body", view(depth: 0, root: true)))
    return try DefinitionParser.parse(json: .object(JSONObject(members)))
  }

  /// A length that is not the platform default (`nil`).
  private mutating func length(nonNull: Bool) -> JSONValue {
    var l = length()
    while nonNull && l == .null { l = length() }
    return l
  }

  private mutating func length() -> JSONValue {
    let lengths = parameters.filter { $0.1 == "length" }.map { JSONValue.string("$\($0.0)") }
    return pick(
      [.number(Double(int(40))), .string("{space.sm}"), .string("{space.xs}"), .null, .number(8)]
        + lengths)
  }

  private mutating func condition() -> String? {
    var options: [String] = []
    for (p, kind) in parameters {
      switch kind {
      case "boolean": options += ["$\(p)", "!$\(p)"]
      case "optional": options += ["$\(p)", "!$\(p)"]
      case "string": options += ["$\(p) == 'x'", "$\(p) != 'Title'"]
      default: break
      }
    }
    if options.count >= 2 && chance(20) { return "\(pick(options)) && \(pick(options))" }
    return options.isEmpty ? nil : pick(options)
  }

  private mutating func view(depth: Int, root: Bool = false) -> JSONValue {
    var v: [(String, JSONValue)]
    let containers =
      depth < 3
      ? [
        "VStack", "HStack", "ZStack", "Group", "LazyVStack", "LazyHStack", "ScrollView",
        "ViewThatFits", "GeometryReader", "Grid", "Button",
      ] : []
    let leaves = [
      "Text", "Text", "Spacer", "Divider", "Color", "EmptyView", "Rectangle", "RoundedRectangle",
      "Capsule", "Circle", "Ellipse", "Image", "Label", "Button", "Toggle", "Link",
    ]
    let type =
      root
      ? pick(["VStack", "HStack", "ZStack", "LazyVStack", "ScrollView", "Grid"])
      : pick(
        containers + leaves
          + (depth < 3 && parameters.contains { $0.1 == "records" } ? ["ForEach", "ForEach"] : []))
    v = [("type", .string(type))]
    let strings = parameters.filter { $0.1 == "string" }.map { "$\($0.0)" }
    var children: [JSONValue]? = nil
    switch type {
    case "ForEach":
      let p = parameters.first { $0.1 == "records" }?.0 ?? ""
      v.append(("in", .string("$\(p)")))
      v.append(("as", .string("row")))
      var row: [(String, JSONValue)] = [
        ("type", .string("HStack")),
        (
          "children",
          .array([
            .object(
              JSONObject([
                ("type", .string("Label")), ("title", .string("$row.title")),
                ("systemImage", .string("wifi")),
              ])),
            .object(
              JSONObject([
                ("type", .string("Text")), ("text", .string("$row.subtitle")),
                ("when", .string("$row.subtitle")),
              ])),
          ])
        ),
      ]
      if chance(50) { row.append(("when", .string("!$row.subtitle"))) }
      children = [.object(JSONObject(row))]
    case "Rectangle", "RoundedRectangle", "Capsule", "Circle", "Ellipse":
      if type == "RoundedRectangle" {
        v.append(("cornerRadius", pick([.number(8), .string("{space.sm}")])))
      }
      if chance(70) { v.append(("fill", .string(pick(["red", "gray", "blue"])))) }
      if chance(50) {
        let key = pick(["stroke", "strokeBorder"])
        v.append(
          (
            key,
            chance(30)
              ? .string("white")
              : .object(
                JSONObject([("color", .string("black")), ("lineWidth", length(nonNull: true))]))
          ))
      }
    case "Image":
      if chance(50) {
        v.append(("systemName", .string(pick(["wifi", "star.fill"] + strings))))
        if chance(30) { v.append(("font", .string("title2"))) }
      } else {
        v.append(("image", .string("avatar")))
        v.append(("size", .array([.number(Double(10 + int(40))), length(nonNull: true)])))
        if chance(50) { v.append(("resizable", .bool(true))) }
      }
      if chance(30) { v.append(("foregroundColor", .string("secondary"))) }
    case "Label":
      v.append(("title", .string(pick(["Wi-Fi", "two words"] + strings))))
      v.append(("systemImage", .string("wifi")))
      if chance(30) { v.append(("font", .string("caption"))) }
    case "Button":
      if depth < 3, chance(40) {
        children = [view(depth: depth + 1)]
      } else {
        v.append(("title", .string(pick(["OK", "Sign Out"] + strings))))
        if chance(30) { v.append(("font", .string("headline"))) }
      }
      if chance(60) { v.append(("buttonStyle", .string(pick(ButtonStyleName.all)))) }
    case "Toggle":
      v.append(("title", .string(pick(["Airplane Mode"] + strings))))
      let flags = parameters.filter { $0.1 == "boolean" }.map { JSONValue.string("$\($0.0)") }
      if chance(70) { v.append(("isOn", pick([.bool(true), .bool(false)] + flags))) }
    case "Link":
      v.append(("title", .string(pick(["Privacy"] + strings))))
      v.append(("destination", .string("https://example.com/a")))
    case "ScrollView":
      if chance(40) { v.append(("axes", .string("horizontal"))) }
    case "ViewThatFits":
      if chance(50) { v.append(("in", .string(pick(["horizontal", "vertical"])))) }
    case "Grid":
      if chance(50) { v.append(("alignment", .string(pick(["leading", "topLeading", "center"])))) }
      if chance(50) { v.append(("horizontalSpacing", length(nonNull: true))) }
      if chance(50) { v.append(("verticalSpacing", length(nonNull: true))) }
      var rows: [JSONValue] = []
      for _ in 0..<(1 + int(3)) {
        if chance(20) {
          rows.append(
            .object(
              JSONObject([
                ("type", .string("Rectangle")), ("fill", .string("gray")),
                (
                  "modifiers",
                  .array([.object(JSONObject([("gridCellUnsizedAxes", .string("horizontal"))]))])
                ),
              ])))
          continue
        }
        var row: [(String, JSONValue)] = [("type", .string("GridRow"))]
        if chance(30) { row.append(("alignment", .string(pick(["top", "bottom"])))) }
        var cells: [JSONValue] = []
        for _ in 0..<(1 + int(3)) {
          var cell: [(String, JSONValue)] = [("type", .string("Text")), ("text", .string("Cell"))]
          if chance(30) {
            cell.append(
              (
                "modifiers",
                .array([
                  chance(50)
                    ? .object(JSONObject([("gridCellColumns", .number(Double(1 + int(2))))]))
                    : .object(
                      JSONObject([("gridColumnAlignment", .string(pick(AlignmentName.horizontal)))])
                    )
                ])
              ))
          }
          cells.append(.object(JSONObject(cell)))
        }
        row.append(("children", .array(cells)))
        rows.append(.object(JSONObject(row)))
      }
      children = rows
    case "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack":
      let vertical = type == "VStack" || type == "LazyVStack"
      let alignments =
        vertical
        ? AlignmentName.horizontal
        : type == "ZStack" ? AlignmentName.twoDimensional : ["top", "center", "bottom"]
      let parameterAlignments =
        vertical ? parameters.filter { $0.1 == "alignment" }.map { "$\($0.0)" } : []
      if chance(60) { v.append(("alignment", .string(pick(alignments + parameterAlignments)))) }
      if type != "ZStack", chance(70) {
        let l = length()
        if l != .null { v.append(("spacing", l)) }
      }
      if type != "ZStack", !root, chance(10) { v.append(("collapsesWhenEmpty", .bool(true))) }
    case "Text":
      let strings = parameters.filter { $0.1 == "string" || $0.1 == "optional" }.map { "$\($0.0)" }
      v.append(("text", .string(pick(["Hello", "$$price", "two words"] + strings))))
      if chance(30) { v.append(("font", .string(pick(["headline", "caption", "title2"])))) }
      if chance(30) { v.append(("foregroundColor", .string(pick(["secondary", "red", "blue"])))) }
      if chance(20) { v.append(("lineLimit", .number(Double(1 + int(3))))) }
    case "Spacer":
      if chance(50) {
        let l = length()
        if l != .null { v.append(("minLength", l)) }
      }
    case "Color":
      v.append(("color", .string(pick(["red", "gray", "blue"]))))
    default: break
    }
    if !root, chance(30), let c = condition() { v.append(("when", .string(c))) }
    if children == nil,
      [
        "VStack", "HStack", "ZStack", "Group", "LazyVStack", "LazyHStack", "ScrollView",
        "ViewThatFits", "GeometryReader",
      ].contains(type)
    {
      var list: [JSONValue] = []
      for _ in 0..<(1 + int(3)) { list.append(view(depth: depth + 1)) }
      children = list
    }
    if let children { v.append(("children", .array(children))) }
    var modifiers: [JSONValue] = []
    for _ in 0..<int(4) { modifiers.append(modifier(depth: depth)) }
    if !modifiers.isEmpty { v.append(("modifiers", .array(modifiers))) }
    return .object(JSONObject(v))
  }

  private mutating func modifier(depth: Int) -> JSONValue {
    let m: (String, JSONValue)
    switch int(14) {
    case 10:
      m = (
        "aspectRatio",
        .object(
          JSONObject([
            ("ratio", chance(70) ? .number(pick([1.5, 0.75, 2])) : .null),
            ("contentMode", .string(pick(["fit", "fill"]))),
          ]))
      )
    case 11: m = (pick(["scaledToFit", "scaledToFill", "clipped"]), .bool(true))
    case 12:
      m = (
        "clipShape",
        chance(70)
          ? .string(pick(["Rectangle", "Capsule", "Circle", "Ellipse"]))
          : .object(
            JSONObject([("type", .string("RoundedRectangle")), ("cornerRadius", .number(6))]))
      )
    case 0, 1:
      let edges = pick([
        ["bottom"], ["horizontal"], ["leading", "bottom"], ["all"], ["top", "trailing"],
      ])
      m = (
        "padding",
        .object(JSONObject([("edges", .array(edges.map { .string($0) })), ("length", length())]))
      )
    case 2:
      var f: [(String, JSONValue)] = [("width", .number(Double(10 + int(50))))]
      if chance(50) { f.append(("height", pick([.string("{size.artwork}"), .number(20)]))) }
      if chance(30) { f.append(("alignment", .string("topLeading"))) }
      m = ("frame", .object(JSONObject(f)))
    case 3:
      m = (
        "frame", .object(JSONObject([("minWidth", .number(0)), ("maxWidth", .string("infinity"))]))
      )
    case 4:
      m = (
        "fixedSize",
        chance(50)
          ? .bool(true)
          : .object(JSONObject([("horizontal", .bool(true)), ("vertical", .bool(false))]))
      )
    case 5: m = ("layoutPriority", .number(Double(int(3))))
    case 6:
      m = ("offset", .object(JSONObject([("x", .number(Double(int(5)))), ("y", .number(-2))])))
    case 7: m = ("opacity", .number(0.5))
    case 8:
      m = (
        "border",
        .object(JSONObject([("color", .string("red")), ("width", .number(Double(1 + int(2))))]))
      )
    default:
      m = (
        pick(["background", "overlay"]),
        .object(JSONObject([("type", .string("Color")), ("color", .string("yellow"))]))
      )
    }
    return .object(JSONObject([m]))
  }
}
