import CatalogModel
import CatalogResolver
import CatalogStore
import CatalogTokens

/// Checks definitions against the catalog before they are saved: every instance names a
/// component (stored or in the same batch) and passes arguments it declares with the
/// right types, every token alias names a token, and no components instance each other
/// in a cycle.
struct DefinitionChecker {
  /// The definitions being saved together, by name.
  let batch: [String: ComponentDefinition]
  let service: CatalogService
  let tokens: TokenResolver

  init(service: CatalogService, batch: [ComponentDefinition]) throws(CatalogError) {
    self.service = service
    var byName: [String: ComponentDefinition] = [:]
    for d in batch { byName[d.name] = d }
    self.batch = byName
    self.tokens = try service.tokenResolver()
  }

  /// The definition of `name`: from the batch, else stored.
  func definition(_ name: String) -> ComponentDefinition? {
    if let d = batch[name] { return d }
    return try? service.definition(named: name)
  }

  /// Every problem of `definition` against the catalog and the batch, each with the
  /// component and JSON path.
  func problems(in definition: ComponentDefinition) -> [CatalogProblem] {
    var out: [CatalogProblem] = []
    func fail(_ path: String, _ message: String) {
      out.append(
        CatalogProblem(CatalogLocation(component: definition.name, jsonPath: path), message))
    }
    for use in definition.tokenUses {
      do {
        let r = try tokens.resolve(use.token)
        if r.points == nil {
          fail(
            use.path,
            "the token {\(use.token)} is a \(r.type ?? "untyped") token; a length needs a dimension or number token"
          )
        }
      } catch {
        fail(use.path, "\(error)")
      }
    }
    for use in definition.instanceUses {
      guard
        let target = definition.name == use.component ? definition : self.definition(use.component)
      else {
        fail(
          "\(use.path).type",
          "unknown view type '\(use.component)': not a built-in view (\(BuiltinView.allCases.map(\.rawValue).joined(separator: ", "))) and no stored component has that name"
        )
        continue
      }
      var instance: ViewDefinition?
      ComponentDefinition.visit(definition.body) { if $0.path == use.path { instance = $0 } }
      guard let instance else { continue }
      for (key, value) in instance.arguments.members {
        let argPath = JSONPath.appending(key: key, to: "\(use.path).arguments")
        guard let parameter = target.parameter(named: key) else {
          fail(
            argPath,
            "\(target.name) has no parameter '\(key)'\(target.parameters.isEmpty ? "" : "; its parameters: \(target.parameters.map(\.name).joined(separator: ", "))")"
          )
          continue
        }
        if case .string(let s) = value, s.hasPrefix("$"), !s.hasPrefix("$$") { continue }
        if !(parameter.isOptional && value.isNull), let problem = parameter.problem(with: value) {
          fail(argPath, "argument '\(key)' of \(target.name) must be \(problem)")
        }
      }
      for parameter in target.parameters
      where parameter.isRequired && instance.arguments[parameter.name] == nil {
        fail(
          "\(use.path).arguments",
          "missing argument '\(parameter.name)' (a required \(parameter.type.rawValue) parameter of \(target.name))"
        )
      }
      for slot in instance.slots {
        var found = false
        ComponentDefinition.visit(target.body) {
          if $0.builtin == .Slot && $0.slotName == slot.name { found = true }
        }
        if !found {
          fail(
            JSONPath.appending(key: slot.name, to: "\(use.path).slots"),
            "\(target.name) has no slot named '\(slot.name)'")
        }
      }
    }
    if let cycle = cycle(from: definition.name) {
      fail("", "components instance each other in a cycle: \(cycle.joined(separator: " → "))")
    } else if let chain = longestChain(from: definition.name), chain.count > Resolver.maximumDepth {
      fail(
        "",
        "instances nest \(Plural.count(chain.count, "component")) deep (\(chain.prefix(3).joined(separator: " → ")) → … → \(chain.last ?? "")); rendering stops at \(Resolver.maximumDepth) levels of views and instances"
      )
    }
    return out
  }

  /// The longest chain of instances starting at `start` (no cycles), found iteratively.
  func longestChain(from start: String) -> [String]? {
    var best: [String: [String]] = [:]
    var stack: [(name: String, expanded: Bool)] = [(start, false)]
    var onPath = Set<String>()
    while let (name, expanded) = stack.popLast() {
      if best[name] != nil { continue }
      let children = Array(Set((definition(name)?.instanceUses ?? []).map(\.component))).sorted()
      if expanded {
        onPath.remove(name)
        let longest = children.compactMap { best[$0] }.max { $0.count < $1.count } ?? []
        best[name] = [name] + longest
        continue
      }
      guard !onPath.contains(name) else { return nil }
      onPath.insert(name)
      stack.append((name, true))
      for c in children where best[c] == nil && !onPath.contains(c) { stack.append((c, false)) }
      if best.count > 100_000 { return nil }
    }
    return best[start]
  }

  /// A cycle of instances reachable from `start` that passes through `start`, if any
  /// (iterative depth-first search).
  func cycle(from start: String) -> [String]? {
    var stack: [(name: String, path: [String])] = [(start, [start])]
    var visited = Set<String>()
    while let (name, path) = stack.popLast() {
      guard let d = definition(name) else { continue }
      for use in d.instanceUses {
        if use.component == start { return path + [start] }
        if visited.insert(use.component).inserted {
          stack.append((use.component, path + [use.component]))
        }
      }
    }
    return nil
  }
}
