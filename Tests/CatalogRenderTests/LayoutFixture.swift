import CatalogLayout
import Foundation

/// Reads the layout fixtures of `Tests/CatalogLayoutTests/Fixtures` (format in its
/// README) into layout trees, for the browser comparison.
struct LayoutFixture {
  var name: String
  var proposal: ProposedSize
  var scale: Double
  var direction: LayoutDirection
  var root: LayoutNode

  struct Problem: Error, CustomStringConvertible { var description: String }

  static func all() throws -> [LayoutFixture] {
    let folder = ExampleCatalog.root.appendingPathComponent("Tests/CatalogLayoutTests/Fixtures")
    var out: [LayoutFixture] = []
    let fm = FileManager.default
    for category in try fm.contentsOfDirectory(atPath: folder.path).sorted() {
      let dir = folder.appendingPathComponent(category)
      var isDir: ObjCBool = false
      guard fm.fileExists(atPath: dir.path, isDirectory: &isDir), isDir.boolValue else { continue }
      for file in try fm.contentsOfDirectory(atPath: dir.path).sorted()
      where file.hasSuffix(".json") {
        let data = try Data(contentsOf: dir.appendingPathComponent(file))
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
          let input = json["input"]
        else {
          throw Problem(description: "\(category)/\(file): no input")
        }
        let p = json["proposal"] as? [String: Any]
        let root: LayoutNode
        do { root = try node(input) } catch {
          // Node kinds this reader does not know (offset, background, overlay, alignment
          // guides) are not translated to CSS either.
          print("skipped fixture \(category)/\(file): \(error)")
          continue
        }
        out.append(
          LayoutFixture(
            name: "\(category)/\(file.dropLast(5))",
            proposal: ProposedSize(width: number(p?["width"]), height: number(p?["height"])),
            scale: number(json["scale"]) ?? 3,
            direction: json["direction"] as? String == "rtl" ? .rightToLeft : .leftToRight,
            root: root))
      }
    }
    return out
  }

  static func number(_ v: Any?) -> Double? {
    if let n = v as? NSNumber { return n.doubleValue }
    if let s = v as? String, s == "infinity" { return .infinity }
    return nil
  }

  static func alignment(_ v: Any?) throws -> Alignment {
    guard let v else { return .center }
    if let o = v as? [String: Any] {
      return Alignment(
        horizontal: HorizontalAlignment(rawValue: o["horizontal"] as? String ?? "center")
          ?? .center,
        vertical: VerticalAlignment(rawValue: o["vertical"] as? String ?? "center") ?? .center)
    }
    guard let name = v as? String else { return .center }
    let table: [String: (HorizontalAlignment, VerticalAlignment)] = [
      "center": (.center, .center), "topLeading": (.leading, .top), "top": (.center, .top),
      "topTrailing": (.trailing, .top),
      "leading": (.leading, .center), "trailing": (.trailing, .center),
      "bottomLeading": (.leading, .bottom),
      "bottom": (.center, .bottom), "bottomTrailing": (.trailing, .bottom),
      "firstTextBaseline": (.center, .firstTextBaseline),
      "lastTextBaseline": (.center, .lastTextBaseline),
    ]
    guard let a = table[name] else { throw Problem(description: "unknown alignment \(name)") }
    return Alignment(horizontal: a.0, vertical: a.1)
  }

  static func node(_ any: Any) throws -> LayoutNode {
    guard let o = any as? [String: Any] else {
      throw Problem(description: "a node must be an object")
    }
    var kids = try (o["children"] as? [Any] ?? []).map(node)
    if let child = o["child"] { kids = [try node(child)] }
    let priority = number(o["priority"]) ?? 0
    let kind: LayoutKind
    if let s = o["HStack"] as? [String: Any] ?? (o["HStack"] != nil ? [:] : nil) {
      let v = VerticalAlignment(rawValue: s["alignment"] as? String ?? "center") ?? .center
      kind = .stack(
        axis: .horizontal, alignment: Alignment(horizontal: .center, vertical: v),
        spacing: number(s["spacing"]))
    } else if let s = o["VStack"] as? [String: Any] ?? (o["VStack"] != nil ? [:] : nil) {
      let h = HorizontalAlignment(rawValue: s["alignment"] as? String ?? "center") ?? .center
      kind = .stack(
        axis: .vertical, alignment: Alignment(horizontal: h, vertical: .center),
        spacing: number(s["spacing"]))
    } else if let s = o["ZStack"] as? [String: Any] ?? (o["ZStack"] != nil ? [:] : nil) {
      kind = .zStack(alignment: try alignment(s["alignment"]))
    } else if let text = o["Text"] as? String {
      kind = .text(
        text,
        TextStyle(
          style: o["style"] as? String ?? "body", size: number(o["size"]),
          lineLimit: (o["lineLimit"] as? NSNumber)?.intValue))
    } else if let color = o["Color"] as? String {
      kind = .color(color)
    } else if let s = o["Spacer"] as? [String: Any] {
      kind = .spacer(minLength: number(s["minLength"]))
    } else if o["Divider"] != nil {
      kind = .divider
    } else if let s = o["padding"] as? [String: Any] {
      func edge(_ name: String, _ group: String) -> Double {
        number(s[name]) ?? number(s[group]) ?? number(s["all"]) ?? 0
      }
      kind = .padding(
        EdgeInsets(
          top: edge("top", "vertical"), leading: edge("leading", "horizontal"),
          bottom: edge("bottom", "vertical"), trailing: edge("trailing", "horizontal")))
    } else if let s = o["frame"] as? [String: Any] {
      kind = .frame(
        FrameSpec(
          width: number(s["width"]), height: number(s["height"]), minWidth: number(s["minWidth"]),
          idealWidth: number(s["idealWidth"]),
          maxWidth: number(s["maxWidth"]), minHeight: number(s["minHeight"]),
          idealHeight: number(s["idealHeight"]),
          maxHeight: number(s["maxHeight"]), alignment: try alignment(s["alignment"])))
    } else if let s = o["fixedSize"] as? [String: Any] {
      kind = .fixedSize(
        horizontal: s["horizontal"] as? Bool ?? true, vertical: s["vertical"] as? Bool ?? true)
    } else if o["Rectangle"] != nil {
      kind = .shape(.rectangle)
    } else if let s = o["RoundedRectangle"] as? [String: Any] {
      kind = .shape(.roundedRectangle(cornerRadius: number(s["cornerRadius"]) ?? 0))
    } else if o["Capsule"] != nil {
      kind = .shape(.capsule)
    } else if o["Circle"] != nil {
      kind = .shape(.circle)
    } else if o["Ellipse"] != nil {
      kind = .shape(.ellipse)
    } else if let s = o["Image"] as? [String: Any] {
      kind = .image(
        ImageSpec(
          width: number(s["width"]) ?? 0, height: number(s["height"]) ?? 0,
          isResizable: s["resizable"] as? Bool ?? false))
    } else {
      throw Problem(description: "unknown node \(o.keys.sorted())")
    }
    return LayoutNode(kind, children: kids, layoutPriority: priority)
  }
}
