import CatalogLayout
import CatalogModel
import CatalogRender
import CatalogResolver
import Foundation
import Testing

/// Redline labels are decluttered: read back from the SVG (every example, its variants, at
/// `--width 390`, and rows of repeated instances of each example), label pills never
/// overlap one another or the drawing, no leader line crosses a label, leaders do not cross
/// one another in the gutters, and a distance repeated by several instances of one
/// component is labelled once.
@Suite struct RedlineLabelTests {
  /// A label read back from the SVG: its pill and its leader's segments, in points.
  struct Label {
    var number: Int
    var pill: Rect
    var leader: [(Point, Point)]
    var text = ""
  }

  static func attribute(_ name: String, _ line: Substring) -> String? {
    guard let r = line.range(of: " \(name)=\"") else { return nil }
    return String(line[r.upperBound...].prefix { $0 != "\"" })
  }

  /// The segments of a path's `d` made of `M`, `L`, `H` and `V` commands (absolute).
  static func segments(_ d: String) -> [(Point, Point)] {
    var out: [(Point, Point)] = []
    var current = Point(x: 0, y: 0)
    var scanner = d[...]
    while let command = scanner.first {
      scanner = scanner.dropFirst()
      let text = scanner.prefix { !"MLHV".contains($0) }
      scanner = scanner.dropFirst(text.count)
      let numbers = text.split(separator: " ").compactMap { Double($0) }
      switch command {
      case "M" where numbers.count == 2: current = Point(x: numbers[0], y: numbers[1])
      case "L" where numbers.count == 2:
        let next = Point(x: numbers[0], y: numbers[1])
        out.append((current, next))
        current = next
      case "H" where numbers.count == 1:
        let next = Point(x: numbers[0], y: current.y)
        out.append((current, next))
        current = next
      case "V" where numbers.count == 1:
        let next = Point(x: current.x, y: numbers[0])
        out.append((current, next))
        current = next
      default: break
      }
    }
    return out
  }

  /// The labels of an SVG (the pills and leaders in the redline layer, by `data-label`).
  static func labels(_ svg: String) -> [Label] {
    var byNumber: [Int: Label] = [:]
    var inRedlines = false
    for line in svg.split(separator: "\n") {
      if line.contains("data-layer=\"redlines\"") { inRedlines = true }
      guard inRedlines, let number = attribute("data-label", line).flatMap({ Int($0) }) else {
        continue
      }
      var label =
        byNumber[number]
        ?? Label(number: number, pill: Rect(x: 0, y: 0, width: 0, height: 0), leader: [])
      if line.contains("<rect "), line.contains("rx=\"3\" fill=\"#ffffff\""),
        let x = attribute("x", line).flatMap(Double.init),
        let y = attribute("y", line).flatMap(Double.init),
        let w = attribute("width", line).flatMap(Double.init),
        let h = attribute("height", line).flatMap(Double.init)
      {
        label.pill = Rect(x: x, y: y, width: w, height: h)
      } else if line.contains("<path "), let d = attribute("d", line) {
        label.leader = segments(d)
      } else if line.contains("<text "), let open = line.firstIndex(of: ">"),
        let close = line.range(of: "</text>")
      {
        label.text = String(line[line.index(after: open)..<close.lowerBound])
      }
      byNumber[number] = label
    }
    return byNumber.keys.sorted().compactMap { byNumber[$0] }
  }

  static func overlap(_ a: Rect, _ b: Rect) -> Bool {
    a.minX < b.maxX - 0.001 && b.minX < a.maxX - 0.001 && a.minY < b.maxY - 0.001
      && b.minY < a.maxY - 0.001
  }

  /// Whether a segment passes through a rectangle's interior (shrunk by a quarter point, so
  /// touching an edge is not crossing).
  static func crosses(_ s: (Point, Point), _ r: Rect) -> Bool {
    let inner = Rect(
      x: r.minX + 0.25, y: r.minY + 0.25, width: max(r.width - 0.5, 0),
      height: max(r.height - 0.5, 0))
    var t0 = 0.0
    var t1 = 1.0
    let (p, q) = s
    let dx = q.x - p.x
    let dy = q.y - p.y
    for (pk, qk) in [
      (-dx, p.x - inner.minX), (dx, inner.maxX - p.x), (-dy, p.y - inner.minY),
      (dy, inner.maxY - p.y),
    ] {
      if pk == 0 {
        if qk <= 0 { return false }
      } else {
        let t = qk / pk
        if pk < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
      }
    }
    return t0 < t1
  }

  /// Where two segments cross at one point inside both (not at an end, not collinear).
  static func crossing(_ a: (Point, Point), _ b: (Point, Point)) -> Point? {
    let r = (x: a.1.x - a.0.x, y: a.1.y - a.0.y)
    let s = (x: b.1.x - b.0.x, y: b.1.y - b.0.y)
    let denominator = r.x * s.y - r.y * s.x
    guard abs(denominator) > 1e-9 else { return nil }
    let qp = (x: b.0.x - a.0.x, y: b.0.y - a.0.y)
    let t = (qp.x * s.y - qp.y * s.x) / denominator
    let u = (qp.x * r.y - qp.y * r.x) / denominator
    let e = 1e-6
    guard t > e, t < 1 - e, u > e, u < 1 - e else { return nil }
    return Point(x: a.0.x + t * r.x, y: a.0.y + t * r.y)
  }

  /// Every problem in one drawing.
  static func problems(_ svg: String, drawing: Rect, name: String) -> [String] {
    var out: [String] = []
    let labels = Self.labels(svg)
    for (i, a) in labels.enumerated() {
      if a.pill.width == 0 || a.leader.isEmpty {
        out.append("\(name): label \(a.number) has no pill or no leader")
      }
      if overlap(a.pill, drawing) { out.append("\(name): label \(a.number) covers the drawing") }
      for b in labels[(i + 1)...] where overlap(a.pill, b.pill) {
        out.append("\(name): labels \(a.number) and \(b.number) overlap")
      }
      for b in labels where b.number != a.number {
        if b.leader.contains(where: { crosses($0, a.pill) }) {
          out.append("\(name): the leader of label \(b.number) crosses label \(a.number)")
        }
      }
      // Leaders cross the drawing to reach the gutters; in the gutters they never cross.
      for b in labels[(i + 1)...] {
        for s in a.leader {
          for t in b.leader {
            if let p = crossing(s, t),
              !(p.x > drawing.minX && p.x < drawing.maxX && p.y > drawing.minY
                && p.y < drawing.maxY)
            {
              out.append("\(name): leaders of labels \(a.number) and \(b.number) cross at \(p)")
            }
          }
        }
      }
    }
    return out
  }

  /// Rows of repeated instances: for every example component (with its first variant's
  /// arguments when it has one), a VStack of three copies and an HStack of two.
  static func repeatedInstances(_ catalog: ExampleCatalog) throws -> [ComponentDefinition] {
    try catalog.definitions.flatMap { d -> [ComponentDefinition] in
      let arguments = JSONWriter.compact(.object(d.variants.first?.arguments ?? JSONObject()))
      let instance = "{\"type\":\"\(d.name)\",\"arguments\":\(arguments)}"
      return try [("VStack", 3), ("HStack", 2)].map { stack, count in
        try DefinitionParser.parse(
          "{\"name\":\"Repeated\(stack)\(d.name)\",\"body\":{\"type\":\"\(stack)\",\"spacing\":8,\"children\":[\(Array(repeating: instance, count: count).joined(separator: ","))]}}",
          file: "repeated.json")
      }
    }
  }

  @Test func labelsNeverOverlapNorCrossLeadersOverEveryExampleAndRepeatedInstances() throws {
    var catalog = try ExampleCatalog.load()
    let repeated = try Self.repeatedInstances(catalog)
    catalog.definitions += repeated
    let cases =
      catalog.cases.filter { c in !repeated.contains { $0.name == c.component } }
      + repeated.map {
        ExampleCatalog.Case(component: $0.name, variant: nil, arguments: JSONObject())
      }
    var problems: [String] = []
    var labels = 0
    for c in cases {
      for proposal in [ProposedSize.unspecified, ProposedSize(width: 390, height: nil)] {
        let laidOut = try catalog.layOut(c, proposal: proposal)
        let svg = SVGRenderer.render(laidOut)
        labels += Self.labels(svg).count
        let drawing = Rect(x: 0, y: 0, width: laidOut.size.width, height: laidOut.size.height)
        problems += Self.problems(svg, drawing: drawing, name: "\(c.name) \(proposal)")
      }
    }
    #expect(labels > 100, "too few labels to check (\(labels))")
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test func repeatedInstancesLabelTheirSpacingOnce() throws {
    var catalog = try ExampleCatalog.load()
    let repeated = try Self.repeatedInstances(catalog)
    catalog.definitions += repeated
    var checked = 0
    for d in catalog.definitions where !repeated.contains(where: { $0.name == d.name }) {
      let arguments = d.variants.first?.arguments ?? JSONObject()
      let one = Self.labels(
        SVGRenderer.render(
          try catalog.layOut(.init(component: d.name, variant: nil, arguments: arguments))))
      let three = try catalog.layOut(
        .init(component: "RepeatedVStack\(d.name)", variant: nil, arguments: JSONObject()))
      let svg = SVGRenderer.render(three)
      let labels = Self.labels(svg)
      // Each copy's distances are labelled once; the stack adds one label per gap (`8`).
      let gaps = labels.filter { $0.text == "8" }.count - one.filter { $0.text == "8" }.count
      #expect(gaps == (three.size.height > 0 ? 2 : 0), "\(d.name): \(gaps) gap labels")
      #expect(
        labels.count == one.count + gaps,
        "\(d.name): \(labels.count) labels for three copies, \(one.count) for one, \(gaps) gaps")
      // The dimension lines are still drawn for every copy.
      let lines = svg.components(separatedBy: "stroke-width=\"1\" fill=\"none\"").count - 1
      #expect(lines >= 3 * one.count, "\(d.name): \(lines) dimension lines")
      checked += one.isEmpty ? 0 : 1
    }
    #expect(checked >= 8)
  }

  /// A chain of paddings on every edge, each its own distance: enough labels that the right
  /// gutter's reach far below the drawing, where the bottom gutter's rows must avoid them,
  /// and the bottom labels' leaders push one another down row after row (the placing looks
  /// only at the labels near each one: the same rules must still hold).
  @Test func aDeepPaddingChainKeepsItsLabelsApart() throws {
    var body = #"{ "type": "Text", "text": "Leaf" }"#
    for level in 0..<40 {
      let edges =
        level % 3 == 0 ? #"["all"]"# : level % 3 == 1 ? #"["leading", "top"]"# : #"["horizontal"]"#
      body = """
        { "type": "VStack", "children": [ \(body) ], "modifiers": [
          { "padding": { "edges": \(edges), "length": \(level % 5 + 1) } } ] }
        """
    }
    var catalog = try ExampleCatalog.load()
    catalog.definitions.append(
      try DefinitionParser.parse(
        #"{ "name": "DeepPadding", "body": "# + body + " }", file: "deep.json"))
    let laidOut = try catalog.layOut(
      .init(component: "DeepPadding", variant: nil, arguments: JSONObject()))
    let svg = SVGRenderer.render(laidOut)
    let labels = Self.labels(svg)
    #expect(labels.count > 100, "\(labels.count) labels")
    // The right gutter's labels reach below the drawing, into the bottom gutter's rows.
    #expect(
      labels.contains {
        $0.pill.minX > laidOut.size.width && $0.pill.minY > laidOut.size.height + 12
      })
    let drawing = Rect(x: 0, y: 0, width: laidOut.size.width, height: laidOut.size.height)
    let problems = Self.problems(svg, drawing: drawing, name: "DeepPadding")
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test func theChecksFindOverlapsAndCrossings() {
    // The checks themselves: overlapping pills, a leader through a pill, crossing leaders.
    #expect(
      Self.overlap(Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 5, y: 5, width: 10, height: 10))
    )
    #expect(
      !Self.overlap(
        Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 10, y: 0, width: 10, height: 10)))
    #expect(
      Self.crosses(
        (Point(x: 5, y: -5), Point(x: 5, y: 20)), Rect(x: 0, y: 0, width: 10, height: 10)))
    #expect(
      !Self.crosses(
        (Point(x: 0, y: -5), Point(x: 0, y: 20)), Rect(x: 0, y: 0, width: 10, height: 10)))
    #expect(
      Self.crossing(
        (Point(x: 0, y: 0), Point(x: 10, y: 10)), (Point(x: 0, y: 10), Point(x: 10, y: 0))) != nil)
    #expect(
      Self.crossing(
        (Point(x: 0, y: 0), Point(x: 10, y: 0)), (Point(x: 5, y: 0), Point(x: 15, y: 0))) == nil)
    #expect(Self.segments("M1 2H5V7L0 0").count == 3)
  }
}
