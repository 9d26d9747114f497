import Foundation

@testable import CatalogLayout

/// A JSON value, decoded with `JSONDecoder` (fixtures only).
enum JSONValue: Decodable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  init(from decoder: any Decoder) throws {
    let c = try decoder.singleValueContainer()
    if c.decodeNil() {
      self = .null
    } else if let b = try? c.decode(Bool.self) {
      self = .bool(b)
    } else if let n = try? c.decode(Double.self) {
      self = .number(n)
    } else if let s = try? c.decode(String.self) {
      self = .string(s)
    } else if let a = try? c.decode([JSONValue].self) {
      self = .array(a)
    } else {
      self = .object(try c.decode([String: JSONValue].self))
    }
  }

  subscript(key: String) -> JSONValue? {
    if case .object(let o) = self { return o[key] }
    return nil
  }

  var number: Double? {
    switch self {
    case .number(let n): return n
    case .string("infinity"): return .infinity
    default: return nil
    }
  }

  var string: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  var array: [JSONValue]? {
    if case .array(let a) = self { return a }
    return nil
  }
}

struct FixtureError: Error, CustomStringConvertible {
  var description: String
}

/// A parsed fixture: see `Fixtures/README.md`.
struct Fixture {
  var note: String
  var proposal: ProposedSize
  var scale: Double
  var direction: LayoutDirection
  var input: LayoutNode
  var expect: ExpectedFrame

  init(data: Data) throws {
    let json = try JSONDecoder().decode(JSONValue.self, from: data)
    note = json["note"]?.string ?? ""
    let p = json["proposal"]
    proposal = ProposedSize(width: p?["width"]?.number, height: p?["height"]?.number)
    scale = json["scale"]?.number ?? 3
    direction = json["direction"]?.string == "rtl" ? .rightToLeft : .leftToRight
    guard let input = json["input"], let expect = json["expect"] else {
      throw FixtureError(description: "a fixture needs \"input\" and \"expect\"")
    }
    self.input = try FixtureTree.node(input, path: "input")
    self.expect = try ExpectedFrame(expect, path: "expect")
  }
}

/// The expected frame of one node and of its children, in the input's shape.
struct ExpectedFrame {
  var frame: Rect
  var children: [ExpectedFrame]

  init(_ json: JSONValue, path: String) throws {
    guard let f = json["frame"]?.array?.compactMap(\.number), f.count == 4 else {
      throw FixtureError(description: "\(path): \"frame\" must be [x, y, width, height]")
    }
    frame = Rect(x: f[0], y: f[1], width: f[2], height: f[3])
    var kids: [JSONValue] = json["children"]?.array ?? []
    if let child = json["child"] { kids = [child] }
    children = try kids.enumerated().map { try ExpectedFrame($1, path: "\(path).children[\($0)]") }
  }
}

/// Builds `LayoutNode` trees from the fixture format.
enum FixtureTree {
  static func alignment(_ json: JSONValue?, default fallback: Alignment = .center) throws
    -> Alignment
  {
    guard let json else { return fallback }
    if case .null = json { return fallback }
    if let name = json.string {
      let table: [String: Alignment] = [
        "center": .center,
        "topLeading": Alignment(horizontal: .leading, vertical: .top),
        "top": Alignment(horizontal: .center, vertical: .top),
        "topTrailing": Alignment(horizontal: .trailing, vertical: .top),
        "leading": Alignment(horizontal: .leading, vertical: .center),
        "trailing": Alignment(horizontal: .trailing, vertical: .center),
        "bottomLeading": Alignment(horizontal: .leading, vertical: .bottom),
        "bottom": Alignment(horizontal: .center, vertical: .bottom),
        "bottomTrailing": Alignment(horizontal: .trailing, vertical: .bottom),
        "firstTextBaseline": Alignment(horizontal: .center, vertical: .firstTextBaseline),
        "lastTextBaseline": Alignment(horizontal: .center, vertical: .lastTextBaseline),
      ]
      guard let a = table[name] else {
        throw FixtureError(description: "unknown alignment \(name)")
      }
      return a
    }
    let h =
      json["horizontal"]?.string.flatMap(HorizontalAlignment.init(rawValue:)) ?? fallback.horizontal
    let v = json["vertical"]?.string.flatMap(VerticalAlignment.init(rawValue:)) ?? fallback.vertical
    return Alignment(horizontal: h, vertical: v)
  }

  /// An alignment guide key: `{"horizontal": "trailing"}` or `{"vertical": "firstTextBaseline"}`.
  static func key(_ json: JSONValue?) throws -> AlignmentKey? {
    guard let json, json != .null else { return nil }
    if let h = json["horizontal"]?.string {
      guard let v = HorizontalAlignment(rawValue: h) else {
        throw FixtureError(description: "bad guide \(h)")
      }
      return .horizontal(v)
    }
    if let name = json["vertical"]?.string {
      guard let v = VerticalAlignment(rawValue: name) else {
        throw FixtureError(description: "bad guide \(name)")
      }
      return .vertical(v)
    }
    throw FixtureError(description: "a guide is {\"horizontal\": …} or {\"vertical\": …}")
  }

  static func node(_ json: JSONValue, path: String) throws -> LayoutNode {
    guard case .object(let o) = json else {
      throw FixtureError(description: "\(path): node must be an object")
    }
    func kids() throws -> [LayoutNode] {
      var list = json["children"]?.array ?? []
      if let c = json["child"] { list = [c] }
      return try list.enumerated().map { try node($1, path: "\(path).children[\($0)]") }
    }
    let kind: LayoutKind
    if let args = o["HStack"] ?? o["VStack"] {
      let axis: Axis = o["HStack"] != nil ? .horizontal : .vertical
      var a = Alignment.center
      if let name = args["alignment"]?.string {
        if axis == .horizontal {
          guard let v = VerticalAlignment(rawValue: name) else {
            throw FixtureError(description: "\(path): bad alignment")
          }
          a.vertical = v
        } else {
          guard let h = HorizontalAlignment(rawValue: name) else {
            throw FixtureError(description: "\(path): bad alignment")
          }
          a.horizontal = h
        }
      }
      kind = .stack(axis: axis, alignment: a, spacing: args["spacing"]?.number)
    } else if let args = o["ZStack"] {
      kind = .zStack(alignment: try alignment(args["alignment"]))
    } else if let text = o["Text"] {
      let style = TextStyle(
        style: o["style"]?.string ?? "body", size: o["size"]?.number,
        lineLimit: o["lineLimit"]?.number.map { Int($0) })
      kind = .text(text.string ?? "", style)
    } else if let name = o["Color"] {
      kind = .color(name.string ?? "")
    } else if let args = o["Spacer"] {
      kind = .spacer(minLength: args["minLength"]?.number)
    } else if o["Divider"] != nil {
      kind = .divider
    } else if let args = o["padding"] {
      var insets = EdgeInsets()
      if let all = args["all"]?.number {
        insets = EdgeInsets(top: all, leading: all, bottom: all, trailing: all)
      }
      if let h = args["horizontal"]?.number {
        insets.leading = h
        insets.trailing = h
      }
      if let v = args["vertical"]?.number {
        insets.top = v
        insets.bottom = v
      }
      if let t = args["top"]?.number { insets.top = t }
      if let l = args["leading"]?.number { insets.leading = l }
      if let b = args["bottom"]?.number { insets.bottom = b }
      if let r = args["trailing"]?.number { insets.trailing = r }
      kind = .padding(insets)
    } else if let args = o["frame"] {
      kind = .frame(
        FrameSpec(
          width: args["width"]?.number, height: args["height"]?.number,
          minWidth: args["minWidth"]?.number, idealWidth: args["idealWidth"]?.number,
          maxWidth: args["maxWidth"]?.number,
          minHeight: args["minHeight"]?.number, idealHeight: args["idealHeight"]?.number,
          maxHeight: args["maxHeight"]?.number,
          alignment: try alignment(args["alignment"])))
    } else if let args = o["fixedSize"] {
      kind = .fixedSize(
        horizontal: args["horizontal"].map { $0 == .bool(true) } ?? true,
        vertical: args["vertical"].map { $0 == .bool(true) } ?? true)
    } else if let args = o["offset"] {
      kind = .offset(x: args["x"]?.number ?? 0, y: args["y"]?.number ?? 0)
    } else if let args = o["background"] ?? o["overlay"] {
      let a = try alignment(args["alignment"])
      kind = o["background"] != nil ? .background(alignment: a) : .overlay(alignment: a)
    } else if let args = o["alignmentGuide"] {
      guard let guide = try key(args["guide"]) else {
        throw FixtureError(description: "\(path): alignmentGuide needs \"guide\"")
      }
      kind = .alignmentGuide(
        AlignmentGuideSpec(
          guide: guide, relativeTo: try key(args["relativeTo"]), offset: args["offset"]?.number ?? 0
        ))
    } else if let shape = try shapeKind(o) {
      kind = .shape(shape)
    } else if let args = o["Image"] {
      kind = .image(
        ImageSpec(
          width: args["width"]?.number ?? 0, height: args["height"]?.number ?? 0,
          isResizable: args["resizable"] == .bool(true)))
    } else if let args = o["aspectRatio"] {
      kind = .aspectRatio(
        args["ratio"]?.number, args["contentMode"]?.string == "fill" ? .fill : .fit)
    } else if let args = o["Grid"] {
      kind = .grid(
        GridSpec(
          alignment: try alignment(args["alignment"]),
          horizontalSpacing: args["horizontalSpacing"]?.number,
          verticalSpacing: args["verticalSpacing"]?.number))
    } else if let args = o["GridRow"] {
      kind = .gridRow(
        alignment: args["alignment"]?.string.flatMap(VerticalAlignment.init(rawValue:)))
    } else if let args = o["ScrollView"] {
      kind = .scrollView(args["axis"]?.string == "horizontal" ? .horizontal : .vertical)
    } else if let args = o["ViewThatFits"] {
      let axes = args["in"]?.string ?? "both"
      kind = .viewThatFits(horizontal: axes != "vertical", vertical: axes != "horizontal")
    } else if o["GeometryReader"] != nil {
      kind = .geometryReader
    } else {
      throw FixtureError(description: "\(path): unknown node \(o.keys.sorted())")
    }
    let built = LayoutNode(kind, children: try kids(), layoutPriority: o["priority"]?.number ?? 0)
    if let cell = o["gridCell"] {
      let unsized = cell["unsizedAxes"]?.string ?? ""
      built.gridCell = GridCellTraits(
        columns: Int(cell["columns"]?.number ?? 1),
        columnAlignment: cell["columnAlignment"]?.string.flatMap(
          HorizontalAlignment.init(rawValue:)),
        unsizedHorizontally: unsized == "horizontal" || unsized == "all",
        unsizedVertically: unsized == "vertical" || unsized == "all")
    }
    return built
  }

  /// A shape node: `{"Rectangle": {}}`, `{"RoundedRectangle": {"cornerRadius": 8}}`,
  /// `{"Capsule": {}}`, `{"Circle": {}}`, `{"Ellipse": {}}`; nil for other nodes.
  static func shapeKind(_ o: [String: JSONValue]) throws -> ShapeKind? {
    if o["Rectangle"] != nil { return .rectangle }
    if let args = o["RoundedRectangle"] {
      return .roundedRectangle(cornerRadius: args["cornerRadius"]?.number ?? 0)
    }
    if o["Capsule"] != nil { return .capsule }
    if o["Circle"] != nil { return .circle }
    if o["Ellipse"] != nil { return .ellipse }
    return nil
  }

  /// A short name for diffs.
  static func label(_ node: LayoutNode) -> String {
    switch node.kind {
    case .stack(let axis, _, _): return axis == .horizontal ? "HStack" : "VStack"
    case .zStack: return "ZStack"
    case .text(let s, _): return "Text(\"\(s)\")"
    case .spacer: return "Spacer"
    case .divider: return "Divider"
    case .color(let c): return "Color(\(c))"
    case .padding: return "padding"
    case .frame: return "frame"
    case .fixedSize: return "fixedSize"
    case .offset: return "offset"
    case .background: return "background"
    case .overlay: return "overlay"
    case .alignmentGuide: return "alignmentGuide"
    case .shape(let k): return k.name
    case .image: return "Image"
    case .aspectRatio: return "aspectRatio"
    case .grid: return "Grid"
    case .gridRow: return "GridRow"
    case .scrollView: return "ScrollView"
    case .viewThatFits: return "ViewThatFits"
    case .geometryReader: return "GeometryReader"
    }
  }
}
