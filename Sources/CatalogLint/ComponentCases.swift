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
  /// Combinations are generated one at a time and generation stops at `limit` (issue 12,
  /// point 2): 40 booleans (2^40 combinations) cost as much as `limit` cases. How many
  /// were left out is computed, not enumerated: for `full`, the product of the factors'
  /// sizes less the combinations that repeat a baseline case; for `pairwise`, the value
  /// pairs no returned case covers (how many more rows the greedy construction would add
  /// is only known by running it).
  ///
  /// - Parameters:
  ///   - definition: The component.
  ///   - modes: Each resolver modifier with its contexts.
  ///   - coverage: All pairs (default) or the full product.
  ///   - limit: The most cases returned.
  /// - Returns: The cases (duplicates merged, labels joined with ` = `); how many more
  ///   cases there are beyond `limit` (`Int.max` when the count does not fit: at least
  ///   that many); and, for `pairwise`, how many pairs of values the cases leave uncovered.
  public static func matrix(
    _ definition: ComponentDefinition, modes: [(modifier: String, contexts: [String])] = [],
    coverage: Coverage = .pairwise,
    limit: Int = 64
  ) -> (cases: [ComponentCase], skipped: Int, uncoveredPairs: Int) {
    let factors = factors(definition, modes: modes)
    // Required parameters that are not factors get a sample value in every combination.
    var fixed = JSONObject()
    for p in definition.parameters
    where p.isRequired && !factors.contains(where: { !$0.isMode && $0.name == p.name }) {
      fixed[p.name] = sample(p, in: definition)
    }
    var defaults = JSONObject()
    for p in definition.parameters { if let d = p.defaultValue { defaults[p.name] = d } }
    func combination(_ row: [Int]) -> ComponentCase {
      var arguments = fixed
      var inputs: [String: String] = [:]
      var labels: [String] = []
      for (f, v) in zip(factors, row) {
        let (label, value) = f.values[v]
        if f.isMode { inputs[f.name] = label } else { arguments[f.name] = value }
        labels.append("\(f.name)=\(label)")
      }
      return ComponentCase(
        label: labels.joined(separator: ", "), arguments: arguments, inputs: inputs)
    }
    // Cases with the same arguments (explicit nulls dropped) and inputs are one case.
    // Defaults filled in: `defaults` and `compact=false` (its default) are one case.
    func key(_ c: ComponentCase) -> String {
      var effective = defaults
      for (k, v) in c.arguments.members { effective[k] = v }
      return
        JSONWriter.compact(
          .object(
            JSONObject(effective.members.filter { !$0.value.isNull }.sorted { $0.key < $1.key })))
        + c.inputs.sorted { $0.key < $1.key }.map { "|\($0.key)=\($0.value)" }.joined()
    }
    var unique: [ComponentCase] = []
    var index: [String: Int] = [:]
    for c in baseline(definition) {
      let k = key(c)
      if let i = index[k] {
        unique[i].label += " = \(c.label)"
      } else {
        index[k] = unique.count
        unique.append(c)
      }
    }
    let kept = max(limit, 0)
    let sizes = factors.map(\.values.count)
    switch coverage {
    case .full:
      // The combinations that repeat a baseline case, found from each case's values (at
      // most one each: combinations differ in some factor's value).
      var repeats = 0
      for i in unique.indices {
        guard let row = row(matching: unique[i], factors: factors, defaults: defaults) else {
          continue
        }
        let c = combination(row)
        guard key(c) == key(unique[i]) else { continue }
        unique[i].label += " = \(c.label)"
        repeats += 1
      }
      let combinations = sizes.isEmpty ? 0 : saturatingProduct(sizes)
      let total =
        combinations == Int.max ? Int.max : unique.count + combinations - repeats
      var cases = Array(unique.prefix(kept))
      var rows = ProductRows(sizes: sizes)
      while cases.count < kept, let row = rows.next() {
        let c = combination(row)
        if index[key(c)] == nil { cases.append(c) }
      }
      return (cases, total == Int.max ? Int.max : max(0, total - cases.count), 0)
    case .pairwise:
      var cases = Array(unique.prefix(kept))
      var rows = PairwiseRows(sizes: sizes)
      while cases.count < kept, let row = rows.next() {
        let c = combination(row)
        if let i = index[key(c)] {
          if i < cases.count { cases[i].label += " = \(c.label)" }
        } else {
          cases.append(c)
        }
      }
      return (cases, max(0, unique.count - kept), rows.uncovered)
    }
  }

  /// The combination whose values a case has, when every factor's value is among the
  /// factor's values: the value indices, or nil. Mode factors never match (a baseline
  /// case has no mode inputs).
  static func row(matching c: ComponentCase, factors: [Factor], defaults: JSONObject)
    -> [Int]?
  {
    var row: [Int] = []
    for f in factors {
      guard !f.isMode else { return nil }
      let value = c.arguments[f.name] ?? defaults[f.name] ?? .null
      let text = value.isNull ? nil : JSONWriter.compact(value)
      guard
        let v = f.values.firstIndex(where: {
          ($0.value.isNull ? nil : JSONWriter.compact($0.value)) == text
        })
      else { return nil }
      row.append(v)
    }
    return row
  }

  /// The product of `sizes`, or `Int.max` when it does not fit.
  static func saturatingProduct(_ sizes: [Int]) -> Int {
    var total = 1
    for size in sizes {
      let (next, overflow) = total.multipliedReportingOverflow(by: size)
      if overflow { return Int.max }
      total = next
    }
    return total
  }

  /// A value of a parameter for a "present" case: the first variant's non-null value,
  /// else its default, else a sample of its type.
  static func sample(_ p: ParameterDefinition, in definition: ComponentDefinition) -> JSONValue {
    for v in definition.variants { if let a = v.arguments[p.name], !a.isNull { return a } }
    if let d = p.defaultValue, !d.isNull { return d }
    switch p.type {
    case .string: return .string(p.allowedValues?.first ?? "Sample \(p.name)")
    case .number, .integer: return .number(1)
    case .boolean: return .bool(true)
    case .length: return .number(8)
    case .alignment: return .string("center")
    case .list: return p.sampleRecords ?? .array([.string("Sample")])
    }
  }

  /// Every combination of value indices (the Cartesian product), first factor slowest.
  /// - Parameter sizes: Each factor's number of values.
  /// - Returns: The rows (none when there are no factors).
  static func product(_ sizes: [Int]) -> [[Int]] {
    Array(IteratorSequence(ProductRows(sizes: sizes)))
  }

  /// The rows of the Cartesian product one at a time, first factor slowest (an odometer):
  /// each row costs the number of factors, whatever the product's size.
  struct ProductRows: IteratorProtocol {
    /// Each factor's number of values.
    let sizes: [Int]
    /// The next row, or nil when every row has been given.
    private var current: [Int]?

    /// Starts at the first row (none when there are no factors or one has no values).
    init(sizes: [Int]) {
      self.sizes = sizes
      current = sizes.isEmpty || sizes.contains(where: { $0 <= 0 }) ? nil : sizes.map { _ in 0 }
    }

    /// The next row of value indices.
    mutating func next() -> [Int]? {
      guard let row = current else { return nil }
      var following = row
      var f = sizes.count - 1
      while f >= 0 {
        following[f] += 1
        if following[f] < sizes[f] { break }
        following[f] = 0
        f -= 1
      }
      current = f < 0 ? nil : following
      return row
    }
  }

  /// All-pairs test rows: every pair of values of any two factors appears in some row.
  /// - Parameter sizes: Each factor's number of values.
  /// - Returns: The rows (``PairwiseRows``).
  static func pairwise(_ sizes: [Int]) -> [[Int]] {
    Array(IteratorSequence(PairwiseRows(sizes: sizes)))
  }

  /// All-pairs test rows, one at a time: every pair of values of any two factors appears
  /// in some row once the rows run out.
  ///
  /// Greedy construction (in the manner of AETG, Cohen et al. 1997): each new row starts
  /// from the first pair not yet covered and gives every other factor the value that
  /// covers the most uncovered pairs with the values already chosen. Deterministic. The
  /// pairs are never listed: the covered ones are remembered, and a cursor walks the pairs
  /// in order to the first uncovered one, so a row costs the factors squared times their
  /// values, and stopping after a few rows costs only those rows.
  struct PairwiseRows: IteratorProtocol {
    /// A pair of values of two factors, `f1 < f2`.
    struct Pair: Hashable {
      var f1: Int, v1: Int, f2: Int, v2: Int
    }
    /// Each factor's number of values.
    let sizes: [Int]
    /// The pairs the rows given so far cover.
    private var covered = Set<Pair>()
    /// The first pair, in order, that may not be covered (earlier ones all are).
    private var cursor: Pair?
    /// How many pairs there are in all.
    let pairCount: Int

    /// How many pairs the rows given so far leave uncovered.
    var uncovered: Int { pairCount - covered.count }

    /// Starts before the first row.
    /// - Parameter sizes: Each factor's number of values (each at least one).
    init(sizes: [Int]) {
      self.sizes = sizes
      // Pairs of factors i < j: the sum over j of size(j) × the sizes before j.
      var count = 0
      var before = 0
      for size in sizes {
        let (pairs, o1) = before.multipliedReportingOverflow(by: size)
        let (sum, o2) = count.addingReportingOverflow(pairs)
        count = o1 || o2 ? Int.max : sum
        before = min(before + size, Int.max / 2)
      }
      pairCount = sizes.count == 1 ? sizes[0] : count
      cursor = sizes.count >= 2 ? Pair(f1: 0, v1: 0, f2: 1, v2: 0) : nil
      single = sizes.count == 1 ? 0 : nil
    }

    /// With one factor, each of its values is a row: the next one.
    private var single: Int?

    /// The pair after `p` in order (f1, v1, f2, v2), or nil after the last.
    private func after(_ p: Pair) -> Pair? {
      var q = p
      q.v2 += 1
      if q.v2 < sizes[q.f2] { return q }
      q.v2 = 0
      q.f2 += 1
      if q.f2 < sizes.count { return q }
      q.v1 += 1
      q.f2 = q.f1 + 1
      if q.v1 < sizes[q.f1] { return q }
      q.v1 = 0
      q.f1 += 1
      q.f2 = q.f1 + 1
      return q.f2 < sizes.count ? q : nil
    }

    /// The next row of value indices, or nil once every pair is covered.
    mutating func next() -> [Int]? {
      if let v = single {
        guard v < sizes[0] else { return nil }
        single = v + 1
        covered.insert(Pair(f1: 0, v1: v, f2: 0, v2: v))
        return [v]
      }
      while let p = cursor, covered.contains(p) {
        cursor = after(p)
      }
      guard let seed = cursor else { return nil }
      let n = sizes.count
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
            if !covered.contains(pair) { gain += 1 }
          }
          if gain > bestGain {
            best = v
            bestGain = gain
          }
        }
        row[f] = best
      }
      for i in 0..<n {
        for j in (i + 1)..<n { covered.insert(Pair(f1: i, v1: row[i], f2: j, v2: row[j])) }
      }
      return row
    }
  }
}
