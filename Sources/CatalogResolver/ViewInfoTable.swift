import CatalogModel

/// The ``ViewInfo`` of every node of a resolved component, stored compactly and built on
/// demand.
///
/// Resolving records, per node, a fixed-size record: the view or modifier name and its JSON
/// path (shared strings, not copies), the component as an index into a table of names, the
/// instance chain as an index into a table of chains, the descriptor as an index into a
/// table where equal descriptors are stored once, and the lengths as a range of one flat
/// array. A ``ViewInfo`` (with its provenance strings) is assembled only when a renderer,
/// printer or check reads ``subscript(_:)``, so resolving a large tree allocates nothing per
/// node beyond its record.
public struct ViewInfoTable: RandomAccessCollection, Sendable {
  /// One node's record: no array and no per-node allocation.
  struct Record: Sendable {
    /// The view or modifier name (`VStack`, `padding`): an index into
    /// ``ViewInfoTable/strings``.
    var kind: Int32
    /// Its JSON path in the component's definition: an index into ``ViewInfoTable/strings``.
    var path: Int32
    /// Index into ``ViewInfoTable/components``.
    var component: Int32
    /// Index into ``ViewInfoTable/chains``.
    var chain: Int32
    /// Index into ``ViewInfoTable/descriptors``.
    var descriptor: Int32
    /// The first of its lengths in ``ViewInfoTable/lengths``.
    var lengthStart: Int32
    /// How many lengths it has.
    var lengthCount: UInt16
    /// True for modifiers.
    var isModifier: Bool
    /// True when the node has extras (``ViewInfoTable/extraIndex`` holds their index): the
    /// rare case keeps its index out of the record, 28 bytes per node instead of 32.
    var hasExtras = false
  }

  /// The rarely set fields of a ``ViewInfo`` (traits and drawing-only modifiers).
  struct Extras: Sendable {
    var layoutPriority: Double?
    var opacity: Double?
    var isHidden = false
    var clipShape: String?
    var destination: String?
  }

  // Same shape as LayoutTree's columns (one array per field), kept because each is a column of
  // its own flat table read by index.
  /// One record per node, by tag. A record holds no reference (only numbers), so copying
  /// one retains nothing.
  var records: [Record] = []
  /// The kinds and paths records point to (nodes copied from one another share entries).
  var strings: [String] = []
  /// Component names, by the index a record holds.
  var components: [String] = []
  /// Instance chains, by the index a record holds (each one reference to links shared with
  /// the chains it extends).
  var chains: [InstanceChain] = []
  /// Descriptors; equal descriptors recorded in a row share one entry.
  var descriptors: [ViewDescriptor] = []
  /// Every node's lengths, each node's contiguous.
  var lengths: [ResolvedLength] = []
  /// The extras of the nodes that have some.
  var extras: [Extras] = []
  /// Index into ``extras`` of each node that has extras, by tag.
  private var extraIndex: [Int32: Int32] = [:]
  /// For each descriptor case, the index of the last descriptor of that case recorded (the
  /// leaves of a list repeat the same descriptor: it is stored once).
  private var lastDescriptorOfCase: [Int32] = []

  /// Creates an empty table.
  public init() {}

  /// Creates a table holding `infos`, in order.
  ///
  /// - Parameter infos: The infos, indexed by node tag.
  public init(_ infos: [ViewInfo]) {
    for info in infos { append(info) }
  }

  /// The first tag (0).
  public var startIndex: Int { 0 }
  /// One past the last tag.
  public var endIndex: Int { records.count }

  /// The info of the node whose tag is `tag`, assembled from the records.
  ///
  /// - Parameter tag: A node's tag, from `0` to `count - 1`.
  /// - Returns: Its ``ViewInfo``; setting it replaces the node's record.
  public subscript(tag: Int) -> ViewInfo {
    get {
      let r = records[tag]
      let start = Int(r.lengthStart)
      var info = ViewInfo(
        kind: strings[Int(r.kind)], component: components[Int(r.component)],
        path: strings[Int(r.path)],
        chain: chains[Int(r.chain)], isModifier: r.isModifier,
        lengths: Array(lengths[start..<start + Int(r.lengthCount)]),
        descriptor: descriptors[Int(r.descriptor)])
      if r.hasExtras, let x = extraIndex[Int32(tag)] {
        let e = extras[Int(x)]
        info.layoutPriority = e.layoutPriority
        info.opacity = e.opacity
        info.isHidden = e.isHidden
        info.clipShape = e.clipShape
        info.destination = e.destination
      }
      return info
    }
    set {
      if records[tag].hasExtras { extraIndex[Int32(tag)] = nil }
      records[tag] = makeRecord(newValue, tag: tag)
    }
  }

  /// Reserves room for `nodes` records (a caller that expects that many nodes avoids
  /// regrowing).
  ///
  /// - Parameter nodes: The expected number of nodes.
  mutating func reserveCapacity(_ nodes: Int) {
    records.reserveCapacity(nodes)
  }

  /// Appends `info` as the next tag's.
  ///
  /// - Parameter info: The node's info.
  public mutating func append(_ info: ViewInfo) {
    records.append(makeRecord(info, tag: records.count))
  }

  /// A record for `info` as node `tag`'s, its strings, descriptor, lengths and extras added
  /// to the tables.
  private mutating func makeRecord(_ info: ViewInfo, tag: Int) -> Record {
    let component = internComponent(info.component)
    chains.append(info.chain)
    let lengthStart = Int32(lengths.count)
    lengths.append(contentsOf: info.lengths)
    var record = Record(
      kind: string(info.kind), path: string(info.path), component: component,
      chain: Int32(chains.count - 1),
      descriptor: record(info.descriptor), lengthStart: lengthStart,
      lengthCount: UInt16(info.lengths.count), isModifier: info.isModifier)
    let e = Extras(
      layoutPriority: info.layoutPriority, opacity: info.opacity, isHidden: info.isHidden,
      clipShape: info.clipShape, destination: info.destination)
    if e.layoutPriority != nil || e.opacity != nil || e.isHidden || e.clipShape != nil
      || e.destination != nil
    {
      extras.append(e)
      extraIndex[Int32(tag)] = Int32(extras.count - 1)
      record.hasExtras = true
    }
    return record
  }

  /// `s` added to ``strings``, and its index (no hashing per node: nodes that repeat a
  /// record share its entries instead).
  @inline(__always)
  private mutating func string(_ s: String) -> Int32 {
    strings.append(s)
    return Int32(strings.count - 1)
  }

  /// The index of component name `name` in ``components``, added when new.
  mutating func internComponent(_ name: String) -> Int32 {
    if let i = components.firstIndex(of: name) { return Int32(i) }
    components.append(name)
    return Int32(components.count - 1)
  }

  /// Appends a node's record (the resolver's path: the strings are shared, the component and
  /// chain are indices the resolver already holds, the lengths are passed without an array).
  mutating func append(
    kind: String, path: String, component: Int32, chain: Int32, isModifier: Bool,
    descriptor: ViewDescriptor, length: ResolvedLength? = nil
  ) {
    let lengthStart = Int32(lengths.count)
    if let length { lengths.append(length) }
    records.append(
      Record(
        kind: string(kind), path: string(path), component: component, chain: chain,
        descriptor: record(descriptor), lengthStart: lengthStart,
        lengthCount: length == nil ? 0 : 1, isModifier: isModifier))
  }

  /// Appends a node's record whose descriptor is already in the table (see
  /// ``descriptorIndex(_:)``) and that has no lengths.
  mutating func append(
    kind: String, path: String, component: Int32, chain: Int32, isModifier: Bool,
    descriptorIndex: Int32
  ) {
    records.append(
      Record(
        kind: string(kind), path: string(path), component: component, chain: chain,
        descriptor: descriptorIndex,
        lengthStart: Int32(lengths.count), lengthCount: 0, isModifier: isModifier))
  }

  /// The index of `descriptor` in the table, recording it when it is not the last one of its
  /// case (a caller that emits the same descriptor for many nodes records it once).
  mutating func descriptorIndex(_ descriptor: ViewDescriptor) -> Int32 { record(descriptor) }

  /// Appends a node's record with several lengths.
  mutating func append(
    kind: String, path: String, component: Int32, chain: Int32, isModifier: Bool,
    descriptor: ViewDescriptor, lengths nodeLengths: [ResolvedLength]
  ) {
    let lengthStart = Int32(lengths.count)
    lengths.append(contentsOf: nodeLengths)
    records.append(
      Record(
        kind: string(kind), path: string(path), component: component, chain: chain,
        descriptor: record(descriptor), lengthStart: lengthStart,
        lengthCount: UInt16(nodeLengths.count), isModifier: isModifier))
  }

  /// The index of `descriptor` in ``descriptors``: the last one of the same case when equal,
  /// else a new entry.
  private mutating func record(_ descriptor: ViewDescriptor) -> Int32 {
    let c = descriptor.caseIndex
    if c >= lastDescriptorOfCase.count {
      lastDescriptorOfCase.append(
        contentsOf: repeatElement(-1, count: c + 1 - lastDescriptorOfCase.count))
    }
    let last = lastDescriptorOfCase[c]
    if last >= 0, descriptors[Int(last)].isSame(as: descriptor) { return last }
    descriptors.append(descriptor)
    let i = Int32(descriptors.count - 1)
    lastDescriptorOfCase[c] = i
    return i
  }

  /// Appends a copy of the records `range` (the nodes of one expansion copied by the
  /// resolver): the copies share their strings, descriptors and lengths; a record with
  /// extras gets its own copy of them, so a later change to one node's extras leaves the
  /// other's alone.
  ///
  /// - Parameter range: Tags of this table.
  mutating func appendCopy(of range: Range<Int>) {
    let first = records.count
    if range.count < 16 {
      for k in range { records.append(records[k]) }
    } else {
      // Room filled with the first record, then the run copied within the buffer: no
      // temporary array (fresh memory for a long run, faulted in once more).
      records.append(contentsOf: repeatElement(records[range.lowerBound], count: range.count))
      records.withUnsafeMutableBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        (base + first).update(from: base + range.lowerBound, count: range.count)
      }
    }
    for k in first..<records.count where records[k].hasExtras {
      let source = Int32(range.lowerBound + (k - first))
      guard let x = extraIndex[source] else {
        records[k].hasExtras = false
        continue
      }
      extras.append(extras[Int(x)])
      extraIndex[Int32(k)] = Int32(extras.count - 1)
    }
  }

  /// The extras of the node with tag `tag`, nil when it has none.
  func extras(of tag: Int) -> Extras? {
    guard records[tag].hasExtras, let i = extraIndex[Int32(tag)] else { return nil }
    return extras[Int(i)]
  }

  /// Replaces the extras of the node with tag `tag` (nil: none).
  mutating func setExtras(_ value: Extras?, of tag: Int) {
    guard let value else {
      records[tag].hasExtras = false
      extraIndex[Int32(tag)] = nil
      return
    }
    extras.append(value)
    extraIndex[Int32(tag)] = Int32(extras.count - 1)
    records[tag].hasExtras = true
  }

  /// Changes the extras of the node with tag `tag`.
  mutating func updateExtras(_ tag: Int, _ change: (inout Extras) -> Void) {
    let i: Int32
    if records[tag].hasExtras, let known = extraIndex[Int32(tag)] {
      i = known
    } else {
      extras.append(Extras())
      i = Int32(extras.count - 1)
      extraIndex[Int32(tag)] = i
      records[tag].hasExtras = true
    }
    change(&extras[Int(i)])
  }
}

extension ViewDescriptor {
  /// True when `other` is equal to this descriptor, checked field by field for the cases
  /// repeated by lists (texts, stacks, padding); false for the others, which are then
  /// stored again (the derived `==` goes through generic value witnesses, slower than a copy).
  func isSame(as other: ViewDescriptor) -> Bool {
    switch (self, other) {
    case (.text(let a, let fa, let la, let ca), .text(let b, let fb, let lb, let cb)):
      return a == b && fa == fb && la == lb && ca == cb
    case (.stack(let ta, let aa, let sa, let ca), .stack(let tb, let ab, let sb, let cb)):
      return ta == tb && aa == ab && sa == sb && ca == cb
    case (.zStack(let aa, let ca), .zStack(let ab, let cb)):
      return aa == ab && ca == cb
    case (.padding(let ea, let aa), .padding(let eb, let ab)):
      return ea == eb && aa == ab
    case (.color(let a), .color(let b)):
      return a == b
    case (.spacer(let a), .spacer(let b)):
      return a == b
    case (.divider, .divider), (.geometryReader, .geometryReader):
      return true
    default:
      return false
    }
  }

  /// A small number per case (the descriptor table keeps the last descriptor of each case).
  var caseIndex: Int {
    switch self {
    case .stack: return 0
    case .zStack: return 1
    case .text: return 2
    case .spacer: return 3
    case .divider: return 4
    case .color: return 5
    case .padding: return 6
    case .frame: return 7
    case .fixedSize: return 8
    case .implicitRoot: return 9
    case .background: return 10
    case .overlay: return 11
    case .offset: return 12
    case .border: return 13
    case .secondaryGroup: return 14
    case .shape: return 15
    case .image: return 16
    case .control: return 17
    case .toggleSwitch: return 18
    case .grid: return 19
    case .gridRow: return 20
    case .lazyStack: return 21
    case .scrollView: return 22
    case .viewThatFits: return 23
    case .geometryReader: return 24
    case .alignmentGuide: return 25
    case .insets: return 26
    case .aspectRatio: return 27
    }
  }
}
