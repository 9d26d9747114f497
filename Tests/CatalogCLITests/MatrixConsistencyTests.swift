import CatalogModel
import Foundation
import Testing

/// `render --matrix` (variants × optional presence × mode contexts) agrees with itself
/// across formats: for every example component (and the matrix example) with the density
/// modes stored, each case's frames in the tree output, the JSON output and the SVG grid
/// (element coordinates of each cell) are the same, node for node, or the command warned.
@Suite struct MatrixConsistencyTests {
  struct Frame: Equatable, CustomStringConvertible {
    var x, y, width, height: Double
    var description: String { "(\(x), \(y)) \(width)×\(height)" }
    func same(_ o: Frame) -> Bool {
      abs(x - o.x) < 0.001 && abs(y - o.y) < 0.001 && abs(width - o.width) < 0.001
        && abs(height - o.height) < 0.001
    }
  }

  /// Each case of the JSON output: its label and its nodes (view name, frame) in document
  /// order.
  static func jsonCases(_ text: String) throws -> [(
    label: String, hasMode: Bool, nodes: [(view: String, frame: Frame)]
  )] {
    guard case .array(let cases) = try json(text) else { return [] }
    return cases.map { c in
      let object = c.objectValue ?? JSONObject()
      var nodes: [(String, Frame)] = []
      var stack: [JSONValue] = [object["layout"]?.objectValue?["root"] ?? .null]
      while let node = stack.popLast() {
        guard let o = node.objectValue else { continue }
        if let f = o["frame"]?.objectValue, let x = f["x"]?.numberValue,
          let y = f["y"]?.numberValue,
          let w = f["width"]?.numberValue, let h = f["height"]?.numberValue
        {
          nodes.append((o["view"]?.stringValue ?? "", Frame(x: x, y: y, width: w, height: h)))
        }
        stack.append(contentsOf: (o["children"]?.arrayValue ?? []).reversed())
      }
      let hasMode = !(object["inputs"]?.objectValue?.isEmpty ?? true)
      return (object["case"]?.stringValue ?? "", hasMode, nodes)
    }
  }

  /// Each case of the tree output (`== label` blocks): the frames at the ends of its lines.
  static func treeCases(_ text: String) -> [[Frame]] {
    var out: [[Frame]] = []
    for line in text.split(separator: "\n") {
      if line.hasPrefix("== ") {
        out.append([])
        continue
      }
      guard !out.isEmpty, let open = line.range(of: "  (", options: .backwards) else { continue }
      let parts = line[open.upperBound...].replacingOccurrences(of: ")", with: "")
        .replacingOccurrences(of: ",", with: "").split(separator: " ")
      guard parts.count >= 3, let x = Double(parts[0]), let y = Double(parts[1]) else { continue }
      let size = parts[2].split(separator: "×")
      guard size.count == 2, let w = Double(size[0]), let h = Double(size[1]) else { continue }
      out[out.count - 1].append(Frame(x: x, y: y, width: w, height: h))
    }
    return out
  }

  /// Each cell of the SVG grid: for each node index, the first `<rect>` drawn for it
  /// (outside the redline layer), in the cell's own coordinates.
  static func svgCells(_ text: String) -> [[Int: Frame]] {
    text.components(separatedBy: "<svg x=\"").dropFirst().map { cell in
      var out: [Int: Frame] = [:]
      for line in cell.split(separator: "\n") {
        if line.contains("data-layer=\"redlines\"") { break }
        guard line.contains("<rect "), let r = line.range(of: " data-node=\"") else { continue }
        guard let index = Int(line[r.upperBound...].prefix { $0.isNumber }), out[index] == nil
        else { continue }
        func attribute(_ name: String) -> Double? {
          guard let r = line.range(of: " \(name)=\"") else { return nil }
          return Double(line[r.upperBound...].prefix { $0 != "\"" })
        }
        if let x = attribute("x"), let y = attribute("y"), let w = attribute("width"),
          let h = attribute("height")
        {
          out[index] = Frame(x: x, y: y, width: w, height: h)
        }
      }
      return out
    }
  }

  /// Views whose first SVG rectangle is their frame.
  static let boxedViews: Set<String> = ["Color", "Text", "VStack", "HStack", "ZStack", "Image"]

  @Test func treeJSONAndSVGAgreeForEveryMatrixCase() throws {
    let s = try Sandbox.withExamples()
    let extra = [
      cliPackageRoot.appendingPathComponent("examples/tokens/density.resolver.json").path,
      cliPackageRoot.appendingPathComponent("examples/matrix/SettingsRow.json").path,
    ]
    let add = s.run(["add"] + extra)
    try #require(add.status == 0, "\(add.err)")
    var problems: [String] = []
    var cases = 0
    var modeCases = 0
    var compared = 0
    for name in exampleComponentNames + ["SettingsRow"] {
      for width in [nil, "390"] {
        let size = width.map { ["--width", $0] } ?? []
        let jsonRun = s.run(["render", name, "--matrix", "--format", "json"] + size)
        let treeRun = s.run(["render", name, "--matrix"] + size)
        let svgRun = s.run(["render", name, "--matrix", "--format", "svg"] + size)
        // A failing case fails every format alike; warnings are said on stderr alike.
        #expect(jsonRun.status == treeRun.status && treeRun.status == svgRun.status, "\(name)")
        #expect(jsonRun.err == treeRun.err && treeRun.err == svgRun.err, "\(name): warnings differ")
        let json = try Self.jsonCases(jsonRun.out)
        let tree = Self.treeCases(treeRun.out)
        let svg = Self.svgCells(svgRun.out)
        let label = "\(name)\(width.map { " --width \($0)" } ?? "")"
        guard json.count == tree.count, json.count == svg.count else {
          problems.append(
            "\(label): \(json.count) JSON cases, \(tree.count) tree, \(svg.count) SVG")
          continue
        }
        cases += json.count
        modeCases += json.filter(\.hasMode).count
        for (k, c) in json.enumerated() {
          let frames = c.nodes.map(\.frame)
          if tree[k].count != frames.count {
            problems.append(
              "\(label) case '\(c.label)': tree \(tree[k].count) frames, JSON \(frames.count)")
          }
          for (i, f) in frames.enumerated() {
            if i < tree[k].count, !tree[k][i].same(f) {
              problems.append("\(label) case '\(c.label)' node \(i): tree \(tree[k][i]), JSON \(f)")
            }
            if Self.boxedViews.contains(c.nodes[i].view), let r = svg[k][i] {
              compared += 1
              if !r.same(f) {
                problems.append("\(label) case '\(c.label)' node \(i): svg \(r), JSON \(f)")
              }
            }
          }
        }
      }
    }
    #expect(cases > 60, "too few matrix cases (\(cases))")
    #expect(modeCases > 0, "no case of the density modes")
    #expect(compared > 300, "too few SVG boxes compared (\(compared))")
    #expect(problems.isEmpty, "\(problems.prefix(40).joined(separator: "\n"))")
  }
}
