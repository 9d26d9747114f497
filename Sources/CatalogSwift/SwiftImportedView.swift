import CatalogModel

/// A view read from Swift, before it becomes definition JSON: the definition's properties
/// with the source location of each, so findings on the definition (lint rules, frame
/// differences) can point back at the Swift line.
struct SwiftImportedView {
  /// `type` and the built-in properties, in the order the definition writes them.
  var type: String
  var properties: [(key: String, value: JSONValue, location: SwiftSourceLocation?)] = []
  var location: SwiftSourceLocation
  var when: Condition?
  var arguments: [(key: String, value: JSONValue, location: SwiftSourceLocation?)] = []
  var children: [SwiftImportedView] = []
  var hasChildren = false
  var slots: [(name: String, views: [SwiftImportedView])] = []
  var modifiers: [SwiftImportedModifier] = []

  init(_ type: String, at location: SwiftSourceLocation) {
    self.type = type
    self.location = location
  }

  mutating func set(_ key: String, _ value: JSONValue, at location: SwiftSourceLocation? = nil) {
    if let k = properties.firstIndex(where: { $0.key == key }) {
      properties[k] = (key, value, location)
    } else {
      properties.append((key, value, location))
    }
  }

  func property(_ key: String) -> JSONValue? { properties.first { $0.key == key }?.value }

  /// A container's children: the views of the call's trailing closure (`VStack { … }`),
  /// none when it has no closure; either way the view is a container.
  mutating func readChildren(of call: SwiftCall, _ reader: SwiftBodyReader) {
    hasChildren = true
    if let closure = call.trailingClosure { children = reader.views(closure.statements) }
  }

  /// Adds a condition: `when` becomes `old && new`.
  mutating func require(_ condition: Condition) {
    when = when.map { .and($0, condition) } ?? condition
  }

  /// The definition JSON of the view at `path`, recording every located member.
  func json(path: String, locations: inout [String: SwiftSourceLocation]) -> JSONValue {
    locations[path] = location
    var members: [(key: String, value: JSONValue)] = [("type", .string(type))]
    for p in properties {
      members.append((p.key, p.value))
      if let l = p.location { locations["\(path).\(p.key)"] = l }
    }
    if let when { members.append(("when", .string(when.description))) }
    if !arguments.isEmpty {
      var object = JSONObject()
      for a in arguments {
        object.members.append((a.key, a.value))
        if let l = a.location {
          locations[JSONPath.appending(key: a.key, to: "\(path).arguments")] = l
        }
      }
      members.append(("arguments", .object(object)))
    }
    if hasChildren || !children.isEmpty {
      members.append(
        (
          "children",
          .array(
            children.enumerated().map { i, c in
              c.json(path: "\(path).children[\(i)]", locations: &locations)
            })
        ))
    }
    if !slots.isEmpty {
      var object = JSONObject()
      for (name, views) in slots {
        let slotPath = JSONPath.appending(key: name, to: "\(path).slots")
        object.members.append(
          (
            name,
            .array(
              views.enumerated().map { i, v in
                v.json(path: "\(slotPath)[\(i)]", locations: &locations)
              })
          ))
      }
      members.append(("slots", .object(object)))
    }
    if !modifiers.isEmpty {
      members.append(
        (
          "modifiers",
          .array(
            modifiers.enumerated().map { i, m in
              m.json(path: "\(path).modifiers[\(i)]", locations: &locations)
            })
        ))
    }
    return .object(JSONObject(members))
  }
}

/// A modifier read from Swift: its definition member (`padding`, …) and value, the
/// location of each length, and the views of a `background`/`overlay`.
struct SwiftImportedModifier {
  var name: String
  /// The value; for `background`/`overlay` with views, the alignment only (views below).
  var value: JSONValue
  var location: SwiftSourceLocation
  /// Locations of members of the value (`length`, `width`, `x`).
  var valueLocations: [String: SwiftSourceLocation] = [:]
  var content: [SwiftImportedView]? = nil
  var when: Condition?

  func json(path: String, locations: inout [String: SwiftSourceLocation]) -> JSONValue {
    locations[path] = location
    let inner = JSONPath.appending(key: name, to: path)
    for (key, l) in valueLocations { locations[key.isEmpty ? inner : "\(inner).\(key)"] = l }
    var value = self.value
    if let content {
      var object = value.objectValue ?? JSONObject()
      if content.count == 1 && object.isEmpty {
        value = content[0].json(path: inner, locations: &locations)
      } else if content.count == 1 {
        // {"content": view, "alignment": …}: one view is written as the view itself.
        object.members.insert(
          ("content", content[0].json(path: "\(inner).content", locations: &locations)), at: 0)
        value = .object(object)
      } else {
        object.members.insert(
          (
            "content",
            .array(
              content.enumerated().map { i, v in
                v.json(path: "\(inner).content[\(i)]", locations: &locations)
              })
          ), at: 0)
        value = .object(object)
      }
    }
    var members: [(key: String, value: JSONValue)] = [(name, value)]
    if let when { members.append(("when", .string(when.description))) }
    return .object(JSONObject(members))
  }
}
