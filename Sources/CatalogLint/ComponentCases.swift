import CatalogModel

/// One case of a component: the arguments (and mode contexts) it is rendered with.
public struct ComponentCase: Sendable, Equatable {
  /// `defaults`, `variant compact`, `compact=true, artist=absent`.
  public var label: String
  /// The JSON path the case comes from (`variants.compact`; empty for the defaults and
  /// generated combinations).
  public var path: String
  /// The arguments; `null` means an optional parameter left absent.
  public var arguments: JSONObject
  /// Resolver inputs (modifier → context), empty for the catalog's own tokens.
  public var inputs: [String: String]

  /// Creates a case.
  /// - Parameters:
  ///   - label: What the case is called in reports.
  ///   - path: Where it is defined, if anywhere.
  ///   - arguments: The arguments.
  ///   - inputs: Mode contexts.
  public init(
    label: String, path: String = "", arguments: JSONObject, inputs: [String: String] = [:]
  ) {
    self.label = label
    self.path = path
    self.arguments = arguments
    self.inputs = inputs
  }
}

/// The one generator of a component's cases, shared by `render --matrix`, `lint`
/// (`variant-fails`) and the impact of a change (`--dry-run`).
///
/// - ``baseline(_:)``: the defaults (when no parameter is required) and each variant.
/// - ``matrix(_:modes:coverage:limit:)``: the baseline, then combinations of every
///   parameter that has a small set of values: booleans (both values), enumerations (each
///   allowed value), optional parameters (absent and present) and mode contexts (each
///   context of each modifier), all pairs of values by default (pairwise testing) or the
///   full product, up to a limit that reports how many cases it left out.
public enum ComponentCases {
  /// How many combinations `matrix` produces.
  public enum Coverage: String, Sendable, CaseIterable {
    /// Every pair of values of any two parameters appears in some case (all-pairs).
    case pairwise
    /// Every combination (the Cartesian product).
    case full
  }

  /// One dimension of the matrix: a parameter or a modifier, with its values.
  public struct Factor: Sendable, Equatable {
    /// The parameter's or modifier's name.
    public var name: String
    /// Whether this is a resolver modifier (mode) rather than a parameter.
    public var isMode: Bool
    /// The values with their labels (`true`, `absent`, `compact`).
    public var values: [(label: String, value: JSONValue)]

    /// Two factors are equal when their names, kinds, labels and values are.
    public static func == (a: Factor, b: Factor) -> Bool {
      a.name == b.name && a.isMode == b.isMode && a.values.map(\.label) == b.values.map(\.label)
        && a.values.map(\.value) == b.values.map(\.value)
    }
  }

  /// The defaults (when no parameter is required) and each variant, in order.
  /// - Parameter definition: The component.
  /// - Returns: The cases.
  public static func baseline(_ definition: ComponentDefinition) -> [ComponentCase] {
    var cases: [ComponentCase] = []
    if !definition.parameters.contains(where: \.isRequired) {
      cases.append(ComponentCase(label: "defaults", arguments: JSONObject()))
    }
    for v in definition.variants {
      cases.append(
        ComponentCase(
          label: "variant \(v.name)", path: JSONPath.appending(key: v.name, to: "variants"),
          arguments: v.arguments))
    }
    return cases
  }

  /// The factors of a component: its parameters with a small set of values, then the modes.
  /// - Parameters:
  ///   - definition: The component.
  ///   - modes: Each resolver modifier with its contexts.
  /// - Returns: The factors, parameters in declaration order.
  public static func factors(
    _ definition: ComponentDefinition, modes: [(modifier: String, contexts: [String])] = []
  ) -> [Factor] {
    var out: [Factor] = []
    for p in definition.parameters {
      var values: [(String, JSONValue)] = []
      if p.type == .boolean {
        values = [("false", .bool(false)), ("true", .bool(true))]
      } else if p.type == .string, let allowed = p.allowedValues, !allowed.isEmpty {
        values = allowed.map { ($0, .string($0)) }
      } else if p.isOptional {
        values = [("present", sample(p, in: definition))]
      }
      if p.isOptional { values.insert(("absent", .null), at: 0) }
      if values.count > 1 { out.append(Factor(name: p.name, isMode: false, values: values)) }
    }
    for (modifier, contexts) in modes where contexts.count > 1 {
      out.append(Factor(name: modifier, isMode: true, values: contexts.map { ($0, .string($0)) }))
    }
    return out
  }

  /// The cases of `render --matrix`: the baseline, then the combinations.
  ///
  /// - Parameters:
  ///   - definition: The component.
  ///   - modes: Each resolver modifier with its contexts.
  ///   - coverage: All pairs (default) or the full product.
  ///   - limit: The most cases returned.
  /// - Returns: The cases (duplicates merged, labels joined with ` = `) and how many
  ///   more there were beyond `limit`.
  public static func matrix(
    _ definition: ComponentDefinition, modes: [(modifier: String, contexts: [String])] = [],
    coverage: Coverage = .pairwise,
    limit: Int = 64
  ) -> (cases: [ComponentCase], skipped: Int) {
    let factors = factors(definition, modes: modes)
    // Required parameters that are not factors get a sample value in every combination.
    var fixed = JSONObject()
    for p in definition.parameters
    where p.isRequired && !factors.contains(where: { !$0.isMode && $0.name == p.name }) {
      fixed[p.name] = sample(p, in: definition)
    }
    let rows =
      coverage == .full
      ? product(factors.map(\.values.count)) : pairwise(factors.map(\.values.count))
    var cases = baseline(definition)
    for row in rows {
      var arguments = fixed
      var inputs: [String: String] = [:]
      var labels: [String] = []
      for (f, v) in zip(factors, row) {
        let (label, value) = f.values[v]
        if f.isMode { inputs[f.name] = label } else { arguments[f.name] = value }
        labels.append("\(f.name)=\(label)")
      }
      cases.append(
        ComponentCase(label: labels.joined(separator: ", "), arguments: arguments, inputs: inputs))
    }
    // Cases with the same arguments (explicit nulls dropped) and inputs are one case.
    var keys: [String] = []
    var unique: [ComponentCase] = []
    for c in cases {
      // Defaults filled in: `defaults` and `compact=false` (its default) are one case.
      var effective = JSONObject()
      for p in definition.parameters { if let d = p.defaultValue { effective[p.name] = d } }
      for (k, v) in c.arguments.members { effective[k] = v }
      let key =
        JSONWriter.compact(
          .object(
            JSONObject(effective.members.filter { !$0.value.isNull }.sorted { $0.key < $1.key })))
        + c.inputs.sorted { $0.key < $1.key }.map { "|\($0.key)=\($0.value)" }.joined()
      if let i = keys.firstIndex(of: key) {
        unique[i].label += " = \(c.label)"
        continue
      }
      keys.append(key)
      unique.append(c)
    }
    let kept = max(limit, 0)
    return (Array(unique.prefix(kept)), max(0, unique.count - kept))
  }

  /// A value of a parameter for a "present" case: the first variant's non-null value,
  /// else its default, else a sample of its type.
  static func sample(_ p: ParameterDefinition, in definition: ComponentDefinition) -> JSONValue {
    for v in definition.variants { if let a = v.arguments[p.name], !a.isNull { return a } }
    if let d = p.defaultValue, !d.isNull { return d }
    switch p.type {
    case .string: return .string(p.allowedValues?.first ?? "Sample \(p.name)")
    case .number: return .number(1)
    case .boolean: return .bool(true)
    case .length: return .number(8)
    case .alignment: return .string("center")
    case .list: return p.sampleRecords ?? .array([.string("Sample")])
    }
  }

  /// Every combination of value indices (the Cartesian product), first factor slowest.
  /// Stops after 100,000 rows (the caller's limit is far below).
  static func product(_ sizes: [Int]) -> [[Int]] {
    guard !sizes.isEmpty else { return [] }
    var rows: [[Int]] = [[]]
    for size in sizes {
      var next: [[Int]] = []
      for row in rows {
        for v in 0..<size where next.count < 100_000 { next.append(row + [v]) }
      }
      rows = next
    }
    return rows
  }

  /// All-pairs test rows: every pair of values of any two factors appears in some row.
  ///
  /// Greedy construction (in the manner of AETG, Cohen et al. 1997): each new row starts
  /// from the first pair not yet covered and gives every other factor the value that
  /// covers the most uncovered pairs with the values already chosen. Deterministic.
  static func pairwise(_ sizes: [Int]) -> [[Int]] {
    let n = sizes.count
    if n == 0 { return [] }
    if n == 1 { return (0..<sizes[0]).map { [$0] } }
    struct Pair: Hashable, Comparable {
      var f1: Int, v1: Int, f2: Int, v2: Int
      static func < (a: Pair, b: Pair) -> Bool {
        (a.f1, a.v1, a.f2, a.v2) < (b.f1, b.v1, b.f2, b.v2)
      }
    }
    var uncovered = Set<Pair>()
    for i in 0..<n {
      for j in (i + 1)..<n {
        for a in 0..<sizes[i] {
          for b in 0..<sizes[j] { uncovered.insert(Pair(f1: i, v1: a, f2: j, v2: b)) }
        }
      }
    }
    var rows: [[Int]] = []
    while let seed = uncovered.min(), rows.count < 10_000 {
      var row = [Int](repeating: -1, count: n)
      row[seed.f1] = seed.v1
      row[seed.f2] = seed.v2
      for f in 0..<n where row[f] == -1 {
        var best = 0
        var bestGain = -1
        for v in 0..<sizes[f] {
          var gain = 0
          for g in 0..<n where row[g] != -1 {
            let pair =
              g < f ? Pair(f1: g, v1: row[g], f2: f, v2: v) : Pair(f1: f, v1: v, f2: g, v2: row[g])
            if uncovered.contains(pair) { gain += 1 }
          }
          if gain > bestGain {
            best = v
            bestGain = gain
          }
        }
        row[f] = best
      }
      for i in 0..<n {
        for j in (i + 1)..<n { uncovered.remove(Pair(f1: i, v1: row[i], f2: j, v2: row[j])) }
      }
      rows.append(row)
    }
    return rows
  }
}
