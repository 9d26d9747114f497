import CatalogLayout
import CatalogModel
import CatalogTokens

/// Where the resolver finds stored components by name.
public protocol ComponentSource {
  /// The definition stored under `name`, or nil.
  /// - Parameter name: A component name.
  /// - Returns: The definition, or nil when no component has that name.
  /// - Throws: Whatever the storage throws; it is passed through.
  func definition(named name: String) throws -> ComponentDefinition?
}

/// A ``ComponentSource`` over definitions held in memory (tests, `add` checks).
public struct InMemoryComponentSource: ComponentSource {
  /// The definitions by name.
  public var definitions: [String: ComponentDefinition]
  /// Creates a source.
  public init(_ definitions: [ComponentDefinition]) {
    var byName: [String: ComponentDefinition] = [:]
    for d in definitions { byName[d.name] = d }
    self.definitions = byName
  }
  /// The definition with that name.
  public func definition(named name: String) throws -> ComponentDefinition? { definitions[name] }
}

/// Expands a stored component into a layout tree, following SwiftUI's view-list rules.
///
/// Rules (DESIGN.md "Resolution and layout semantics"; `docs/layout-reference.md` §2.1):
/// - **Views are lists.** `EmptyView`, a false `when` and an empty `ForEach` give no
///   members; `Group` and `ForEach` give their children's members; a stack gives exactly one
///   member, even when empty, unless it has `collapsesWhenEmpty` and no member remains.
/// - **Modifiers apply to each member**, in order; on zero members they produce nothing.
/// - **Instances** bind arguments to the component's parameters (defaults fill the rest),
///   then expand its body; `children` fill its default `Slot`, `slots` its named ones, each
///   resolved in the caller's scope. A cycle between components is an error naming it.
/// - **Lengths** resolve to points with provenance: literals, `$parameters`, token aliases
///   (chains followed) and the platform default (`nil` spacing stays nil for the layout
///   engine's per-pair default; `nil` padding becomes the platform's 16).
/// - **Layout priority** is a trait: the last `layoutPriority` in a chain is carried by the
///   outermost wrapper, which is what the parent stack sees.
public struct Resolver {
  /// The deepest nesting of views, modifiers and instances resolved before giving up with
  /// an error (each level as ``depthInside(_:at:)`` counts it).
  public static let maximumDepth = 256

  /// The one measure of nesting depth (issue 12, point 2), shared by the resolver and the
  /// checks made when a component is saved: a view at `depth` holds its own content (its
  /// children, slots, instanced body, `background`/`overlay` views) as if it were at this
  /// depth, one level deeper for each of its modifiers, since each modifier wraps the
  /// view in one more layout node. A long modifier chain is a deep tree, and every writer
  /// of the tree (JSON, HTML, SwiftUI, the text tree) follows it.
  /// - Parameters:
  ///   - view: The view.
  ///   - depth: The view's own depth (a body's root is 0).
  /// - Returns: `depth` plus the number of the view's modifiers.
  public static func depthInside(_ view: ViewDefinition, at depth: Int) -> Int {
    depth + view.modifiers.count
  }
  /// The most layout nodes one resolution may produce.
  public static let maximumNodeCount = 500_000
  /// The most layout nodes this resolver produces before an error; `maximumNodeCount`
  /// unless raised by a caller that lays out bigger trees on purpose (`catalog-bench`'s
  /// 1m-leaf trees, about 1.2 M nodes). Commands keep the default.
  public var nodeLimit = Resolver.maximumNodeCount

  private let source: ComponentSource
  let tokens: TokenResolver
  let platform: Platform
  /// The info of each node, by tag, recorded as indices (see ``ViewInfoTable``).
  var infos = ViewInfoTable()
  /// Numbers each resolution, so a definition's component index is recomputed per table.
  private var generation = 0
  /// The layout tree being built: each view's node is appended once its children exist.
  var tree = LayoutTree()
  /// The nodes room was last reserved for in ``tree`` and ``infos`` (see `reserveForRows`).
  private var reservedNodes = 0
  private var definitions: [String: DefinitionBox] = [:]
  /// The last component looked up by name.
  private var lastLookupName: String?
  private var lastLookupBox: DefinitionBox?
  private var tokenCache: [String: (points: Double, steps: [String])] = [:]
  /// Warnings collected during resolution (deprecated tokens).
  public private(set) var warnings: [String] = []

  /// Creates a resolver.
  /// - Parameters:
  ///   - source: Where instances are looked up.
  ///   - tokens: The catalog's tokens.
  ///   - platform: The platform whose defaults `nil` lengths take.
  public init(source: ComponentSource, tokens: TokenResolver, platform: Platform = .ios) {
    self.source = source
    self.tokens = tokens
    self.platform = platform
  }

  /// Resolves a component with arguments into layout nodes.
  ///
  /// - Parameters:
  ///   - name: The component to render.
  ///   - arguments: Arguments by parameter name, checked against the parameters.
  /// - Returns: The members the component resolves to (zero or more) and the info for each
  ///   node's `tag`.
  /// - Throws: ``ResolutionError`` naming the component, JSON path and problem.
  public mutating func resolve(_ name: String, arguments: JSONObject = JSONObject())
    throws(ResolutionError) -> ResolvedComponent
  {
    infos = ViewInfoTable()
    generation += 1
    tree = LayoutTree()
    reservedNodes = 0
    warnings = []
    tokenCache = [:]
    guard let box = try lookup(name, from: nil, caller: nil) else {
      throw ResolutionError(
        component: name, path: "", message: "no component named '\(name)' in the catalog")
    }
    let bound = try bind(
      arguments: arguments.members.map { CompiledView.Argument($0) }, callerScope: nil, to: box,
      path: "arguments", callerComponent: name)
    let chain = InstanceChain([name])
    let scope = Scope(
      box: box, arguments: bound, slots: [:], instances: chain, chain: chainIndex(chain),
      caller: nil)
    var members: [Int] = []
    enter(box)
    try expand(box.body, in: scope, depth: 0, into: &members)
    let result = ResolvedComponent(
      name: name, tree: tree, memberNodes: members, infos: infos, warnings: warnings,
      platform: platform)
    tree = LayoutTree()
    return result
  }

  // MARK: - Scopes

  /// Where an argument's value came from; turned into provenance text only when a length
  /// uses it (resolving a large tree formats no strings for arguments it never explains).
  /// Only the recursive cases are boxed, so a ForEach element's or index's origin costs no
  /// allocation.
  enum Origin: Sendable, Equatable {
    case argument(key: String, component: String)
    indirect case caller(key: String, name: String, callerComponent: String, parent: Origin?)
    case defaultValue(parameter: String, component: String)
    case absent(parameter: String)
    case element(Int)
    case index(Int)
    indirect case member(String, parent: Origin)

    var steps: [String] {
      switch self {
      case .argument(let key, let component): return ["argument \(key) of \(component)"]
      case .caller(let key, let name, let callerComponent, let parent):
        return ["$\(key)", "$\(name) of \(callerComponent)"]
          + (parent?.steps.dropFirst().map { $0 } ?? [])
      case .defaultValue(let parameter, let component):
        return ["default of $\(parameter) in \(component)"]
      case .absent(let parameter): return ["$\(parameter) absent"]
      case .element(let i): return ["element \(i) of ForEach"]
      case .index(let i): return ["index \(i) of ForEach"]
      case .member(let name, let parent): return ["member \(name)"] + parent.steps
      }
    }
  }

  struct Bound {
    var value: JSONValue?
    var origin: Origin
  }

  /// A view or modifier already emitted in a component scope (see ``Scope/emitted``).
  /// Holds only numbers, so reading one retains nothing; the scope keeps the view alive
  /// (``Scope/emittedViews``), so its identity is not reused while the entry exists.
  struct Emitted {
    /// The view.
    let view: ObjectIdentifier
    /// The modifier's index in the view's modifiers; -1 for the view itself.
    let modifier: Int
    /// The first node emitted: later nodes share its kind and side-table entry.
    let node: Int
    /// Its info record: later nodes share its strings, descriptor and lengths.
    let record: ViewInfoTable.Record
  }

  /// The nodes one expansion of a plain instance's body made: its scope's arguments are the
  /// component's defaults and it has no slots, so every expansion of the body in that scope
  /// at the same depth makes the same nodes, records and members (``Scope/expansion``).
  struct Expansion {
    /// The nodes, contiguous in the tree (children first).
    let nodes: Range<Int>
    /// The tag of the first node: the nodes' records follow it in the same order.
    let firstRecord: Int
    /// The body's members, in order (nodes of ``nodes``).
    let members: [Int]
    /// Each member's layout priority and extras when the body had expanded: the caller's
    /// modifiers (`layoutPriority`, `opacity`) change the members afterwards, and a copy
    /// starts from the state the body left.
    let memberPriorities: [Double]
    let memberExtras: [ViewInfoTable.Extras?]
  }

  struct SlotContent {
    var views: [CompiledView]
    var scope: Scope
  }

  /// A stored definition, held by reference so scopes and caches do not copy it.
  final class DefinitionBox {
    let definition: ComponentDefinition
    /// The bindings of an instance that gives no arguments, computed once.
    var defaultBindings: [Bound]?
    /// The parameters' names, in order: a scope's arguments are stored in this order
    /// (``Scope/arguments``), one per parameter.
    let parameterNames: [String]
    /// The component's name and parameters (read without copying the definition).
    let name: String
    let parameters: [ParameterDefinition]
    /// Whether each parameter is optional (read per argument without copying its definition).
    let optionalParameters: [Bool]
    /// Each parameter's type when an argument fits it exactly when it is a JSON value of the
    /// type's case (a string without allowed values, a number, a boolean, a list without
    /// record members); nil when `ParameterDefinition.problem(with:)` must check more.
    let plainTypes: [ParameterType?]
    /// The body, compiled (its views held by reference, read in place).
    let body: CompiledView
    /// The resolution ``componentIndex`` belongs to.
    var generation = -1
    /// The index of the component's name in the current resolution's info table.
    var componentIndex: Int32 = 0
    /// The resolution ``chainCount`` belongs to.
    var chainGeneration = -1
    /// How many times the component is on the instance chain of the scope being expanded
    /// (``Resolver/enter(_:)``): a cycle check is one comparison, not a walk of the chain.
    var chainCount = 0
    init(_ definition: ComponentDefinition) {
      self.definition = definition
      self.body = CompiledView(definition.body)
      self.parameterNames = definition.parameters.map(\.name)
      self.name = definition.name
      self.parameters = definition.parameters
      self.optionalParameters = definition.parameters.map(\.isOptional)
      self.plainTypes = definition.parameters.map { parameter -> ParameterType? in
        switch parameter.type {
        case .string: parameter.allowedValues == nil ? .string : nil
        case .list: parameter.items == nil ? .list : nil
        case .number, .boolean: parameter.type
        case .integer, .length, .alignment: nil
        }
      }
      var template: [Bound] = []
      var required: [Int] = []
      for (k, parameter) in definition.parameters.enumerated() {
        if let d = parameter.defaultValue {
          template.append(
            Bound(
              value: d,
              origin: .defaultValue(parameter: parameter.name, component: definition.name)))
        } else {
          template.append(Bound(value: nil, origin: .absent(parameter: parameter.name)))
          if !parameter.isOptional { required.append(k) }
        }
      }
      self.bindingTemplate = template
      self.requiredParameters = required
    }

    /// The bindings before any argument: each parameter's default, or absent (a required
    /// parameter's place is filled by its argument; ``Resolver/bind`` checks it is given).
    let bindingTemplate: [Bound]
    /// The positions of the parameters that have no default and are not optional.
    let requiredParameters: [Int]

    /// True when `value` fits parameter `k` without ``ParameterDefinition/problem(with:)``
    /// (see ``plainTypes``): the check the rows of a list pass, without copying the
    /// parameter's definition.
    @inline(__always)
    func plainlyFits(_ k: Int, _ value: JSONValue) -> Bool {
      switch (plainTypes[k], value) {
      case (.number?, .number), (.boolean?, .bool), (.string?, .string), (.list?, .array):
        return true
      default:
        return false
      }
    }

    /// The position of parameter `name` among ``parameterNames`` (a scan: components have
    /// few parameters, and comparing short names is cheaper than hashing them).
    @inline(__always)
    func parameterIndex(_ name: String) -> Int? {
      parameterNames.withUnsafeBufferPointer { names -> Int? in
        for k in names.indices where names[k] == name { return k }
        return nil
      }
    }
  }

  /// A view definition held by reference, its children compiled on first use and kept: a
  /// component's body is expanded from the same nodes for every instance, and a node's
  /// definition is read in place (a constant of a final class) instead of being copied.
  final class CompiledView {
    let view: ViewDefinition
    private(set) lazy var children: [CompiledView] = view.children.map(CompiledView.init)
    /// The view's built-in kind (nil for an instance), read without copying the definition.
    let builtin: BuiltinView?
    /// Whether the view has a `when` condition.
    let hasWhen: Bool
    /// Whether the view has modifiers.
    let hasModifiers: Bool
    /// The instance's arguments, read once (see ``Argument``).
    private(set) lazy var arguments: [Argument] = view.arguments.members.map { Argument($0) }

    /// One argument of an instance as written, its `$` reference or `$$` escape worked out
    /// once per view instead of once per expansion (a class: reading one retains once).
    final class Argument {
      /// The parameter it binds.
      let key: String
      /// The value as written.
      let raw: JSONValue
      /// `name` for a value `"$name"` (read in the caller's scope); nil otherwise.
      let reference: String?
      /// The value a `"$$…"` string stands for (the string without its first `$`), else
      /// `raw`.
      let literal: JSONValue

      convenience init(_ member: (key: String, value: JSONValue)) {
        self.init(key: member.key, value: member.value)
      }

      init(key: String, value: JSONValue) {
        let member = (key: key, value: value)
        self.key = member.key
        raw = member.value
        if case .string(let s) = member.value, s.hasPrefix("$") {
          if s.hasPrefix("$$") {
            reference = nil
            literal = .string(String(s.dropFirst()))
          } else {
            reference = String(s.dropFirst())
            literal = member.value
          }
        } else {
          reference = nil
          literal = member.value
        }
      }
    }

    init(_ view: ViewDefinition) {
      self.view = view
      self.builtin = view.builtin
      self.hasWhen = view.when != nil
      self.hasModifiers = !view.modifiers.isEmpty
    }
  }

  /// The arguments, slots and instance chain visible to a view. `ForEach` makes one child
  /// scope holding only its element and index (updated for each element, so a loop makes
  /// one scope, not one per element), and reads everything else from its parent.
  final class Scope {
    let box: DefinitionBox
    /// The bound arguments, one per parameter of ``box``, in the order of its parameters (no
    /// dictionary per scope); empty for a ForEach scope, which reads its home's.
    let arguments: [Bound]
    /// A ForEach scope's element name (`item` by default); nil for a component's scope.
    let elementName: String?
    /// A ForEach scope's list (empty for a counted loop, whose elements are the indices).
    @exclusivity(unchecked) var elements: [JSONValue] = []
    /// The current index of a ForEach scope; its element and index values are made only
    /// when a view reads them.
    @exclusivity(unchecked) var position = 0
    /// The current element of a ForEach scope.
    var element: Bound { Bound(value: elementValue, origin: .element(position)) }
    /// The current index of a ForEach scope.
    var index: Bound { Bound(value: .number(Double(position)), origin: .index(position)) }
    /// Whether a view read this ForEach scope's element or index (``binding(_:)``) since the
    /// loop last cleared it: rows that read neither expand to the same number of views.
    @exclusivity(unchecked) var rowRead = false
    /// The current element's value.
    var elementValue: JSONValue {
      position < elements.count ? elements[position] : .number(Double(position))
    }
    let parent: Scope?
    let slots: [String: SlotContent]
    /// The instance chain (links shared with the caller's chain).
    let instances: InstanceChain
    /// The index of ``instances`` in the resolution's info table.
    let chain: Int32
    /// The component scope the instance making this scope was written in (nil for the
    /// component resolved, and for a ForEach scope, which reads its home's). Not counted:
    /// this scope is used only while its caller's expansion runs, or reused from the
    /// caller's ``lastPlainInstance``, so the caller outlives every use.
    unowned(unsafe) let caller: Scope?
    /// The instance chain of the last component instanced from this scope (rows of a list
    /// instance the same component: the chain is built once, not once per row).
    var lastChainName: String?
    var lastChain = InstanceChain([])
    var lastChainIndex: Int32 = 0
    /// The scope of the last instance made from this scope with no arguments and no slots:
    /// such a scope depends only on the component and the chain, so the rows of a list
    /// share one.
    @exclusivity(unchecked) var lastPlainInstance: Scope?
    /// The plain instance view ``lastPlainInstance`` was made for (held, so its identity
    /// stays its own).
    @exclusivity(unchecked) var lastPlainView: CompiledView?
    /// The component scope this scope reads its arguments, slots and chain from: itself, or
    /// for a ForEach scope its nearest component ancestor. Instances made from a ForEach
    /// scope are the same as instances made from it (a plain instance of a list's rows is
    /// made once, not once per loop).
    ///
    /// Not counted: a component scope is its own home, and a ForEach scope's parent chain
    /// holds its home for as long as the ForEach scope lives.
    unowned(unsafe) private(set) var home: Scope! = nil
    /// Views and modifiers already emitted in this component scope. A component scope's
    /// arguments never change, so a view or modifier expanded again in it resolves to the same
    /// kind, descriptor and lengths (the rows of a list): the new node copies the first one's
    /// instead of resolving them again.
    @exclusivity(unchecked) var emitted: [Emitted] = []
    /// The views of ``emitted``, held so that their identities stay theirs.
    var emittedViews: [CompiledView] = []
    /// Whether this scope records what its views emit (``emitted``): only a scope whose views
    /// may expand again in it does, a plain instance's (reused by the rows of a list) or one
    /// that fills another component's slots (a slot inside a `ForEach` expands its content
    /// once per element). A scope made for one instance with arguments expands its body once:
    /// recording would allocate for nothing.
    @exclusivity(unchecked) var remembers = false
    /// What the first expansion of this plain instance scope's body made, to be copied by the
    /// next expansions at the same depth (see ``Resolver/expandPlainBody(of:depth:into:)``);
    /// nil when it cannot be copied.
    var expansion: Expansion?
    /// The depth ``expansion`` was made at; -1 before the first expansion.
    var expansionDepth = -1

    init(
      box: DefinitionBox, arguments: [Bound], slots: [String: SlotContent],
      instances: InstanceChain, chain: Int32, caller: Scope?
    ) {
      self.box = box
      self.arguments = arguments
      self.elementName = nil
      self.parent = nil
      self.slots = slots
      self.instances = instances
      self.chain = chain
      self.caller = caller
      self.home = self
    }

    init(child parent: Scope, elementName: String) {
      self.box = parent.box
      self.arguments = []
      self.elementName = elementName
      self.parent = parent
      self.slots = parent.slots
      self.instances = parent.instances
      self.chain = parent.chain
      self.caller = nil
      self.home = parent.home
    }

    var name: String { box.name }

    /// The value of `$key`: a parameter, a ForEach element or index, or a member of a
    /// record element (`row.title`, absent when the element leaves it out).
    func bound(_ key: String) -> Bound? {
      // A byte scan: `String.contains` is slow on the hot path of every `$` lookup.
      guard Self.hasMember(key) else { return boundName(key) }
      guard var b = boundName(ReferencePath.base(key)) else { return nil }
      for member in ReferencePath.members(key) {
        b = Bound(value: b.value?.objectValue?[member], origin: .member(member, parent: b.origin))
      }
      return b
    }

    /// True when `key` names a member (`row.title`): a scan of its bytes in place.
    @inline(__always)
    static func hasMember(_ key: String) -> Bool {
      let dot = UInt8(ascii: ".")
      if let found = key.utf8.withContiguousStorageIfAvailable({ $0.contains(dot) }) {
        return found
      }
      return key.utf8.contains(dot)
    }

    /// What binds a name (`$title`, no members) in a scope.
    enum Binding {
      /// The element of this ForEach scope.
      case element(Scope)
      /// The index of this ForEach scope.
      case index(Scope)
      /// An argument of this component scope.
      case argument(Scope)
    }

    /// The scoping rule of `$name`, in one place for ``bound(_:)`` and ``value(_:)``: the
    /// nearest ForEach scope's element when it is named so, else its `index`, else the
    /// component's arguments (README "Definition format", ForEach).
    /// - Parameter key: The name, without members.
    /// - Returns: What binds it, or nil.
    @inline(__always)
    private func binding(_ key: String) -> Binding? {
      var scope: Scope? = self
      while let s = scope {
        if let name = s.elementName {
          if key == name {
            s.rowRead = true
            return .element(s)
          }
          if key == "index" {
            s.rowRead = true
            return .index(s)
          }
        }
        if s.parent == nil { return .argument(s) }
        scope = s.parent
      }
      return nil
    }

    private func boundName(_ key: String) -> Bound? {
      switch binding(key) {
      case .element(let s)?: s.element
      case .index(let s)?: s.index
      case .argument(let s)?: s.lastArgument.get(key) { s.argument(key) }
      case nil: nil
      }
    }

    /// The value of `$key` (as ``bound(_:)``, without building its origin: the hot path of
    /// every `when` and argument value).
    func value(_ key: String) -> JSONValue? {
      guard !Self.hasMember(key) else { return bound(key)?.value }
      switch binding(key) {
      case .element(let s)?: return s.elementValue
      case .index(let s)?: return .number(Double(s.position))
      case .argument(let s)?: return s.lastValue.get(key) { s.argument(key)?.value }
      case nil: return nil
      }
    }

    /// The argument bound to parameter `key` of this component scope, nil when the component
    /// has no such parameter.
    @inline(__always)
    func argument(_ key: String) -> Bound? {
      guard let k = box.parameterIndex(key), k < arguments.count else { return nil }
      return arguments[k]
    }

    /// The last argument, and the last argument value, looked up in a component's scope (its
    /// arguments never change; the rows of a list read the same `$title` of a shared scope):
    /// no hashing when repeated.
    @exclusivity(unchecked) private var lastArgument = LastLookup<Bound>()
    @exclusivity(unchecked) private var lastValue = LastLookup<JSONValue>()
  }

  private static let defaultSlot = "content"

  /// The compiled definition of `name`, read from the source once. A damaged stored
  /// definition (``DamagedDefinition``) is reported as that component's damage, at its
  /// own JSON path, with the instance that reaches it (`caller`'s `path`), never as a
  /// place in the caller (review 21).
  private mutating func lookup(_ name: String, from path: String?, caller: String?)
    throws(ResolutionError) -> DefinitionBox?
  {
    // The rows of a list instance the same component: compare with the last name first.
    if lastLookupName == name, let box = lastLookupBox { return box }
    if let d = definitions[name] {
      lastLookupName = name
      lastLookupBox = d
      return d
    }
    do {
      guard let d = try source.definition(named: name) else { return nil }
      let box = DefinitionBox(d)
      definitions[name] = box
      return box
    } catch let damaged as DamagedDefinition {
      guard let caller, let path else {
        throw ResolutionError(
          component: name, path: damaged.path, message: damaged.message + damaged.advice)
      }
      throw ResolutionError(
        component: name, path: damaged.path, message: damaged.reached(from: caller, at: path))
    } catch {
      throw ResolutionError(
        component: name, path: path ?? "", message: "cannot load component '\(name)': \(error)")
    }
  }

  /// Binds arguments to parameters: unknown ones and wrong types are errors, missing
  /// required ones too; defaults fill the rest.
  ///
  /// - Parameters:
  ///   - arguments: The arguments as written (`$name` values read from `callerScope`).
  ///   - callerScope: The scope the instance is written in; nil for the component rendered.
  ///   - box: The component instanced.
  ///   - path: The arguments' JSON path (formatted only for an error).
  ///   - callerComponent: The component named in an error.
  /// - Returns: One binding per parameter of the component, in the parameters' order.
  /// - Throws: ``ResolutionError`` for an unknown parameter, a wrong type or a missing
  ///   required argument (the first in the arguments' order, then in the parameters').
  private func bind(
    arguments: [CompiledView.Argument], callerScope: Scope?, to box: DefinitionBox,
    path: @autoclosure () -> String, callerComponent: @autoclosure () -> String
  ) throws(ResolutionError) -> [Bound] {
    // The defaults first (a required parameter's place is filled below or is an error).
    var bound = box.bindingTemplate
    for argument in arguments {
      let key = argument.key
      guard let k = box.parameterIndex(key) else {
        let declared = box.parameterNames
        throw ResolutionError(
          component: callerComponent(), path: JSONPath.appending(key: key, to: path()),
          message:
            "\(box.name) has no parameter '\(key)'\(declared.isEmpty ? "" : "; its parameters: \(declared.joined(separator: ", "))")\(NameSuggestion.didYouMean(key, among: declared))"
        )
      }
      let value: JSONValue?
      let origin: Origin
      if let callerScope, let name = argument.reference {
        let from = callerScope.bound(name)
        value = from?.value
        origin = .caller(
          key: key, name: name, callerComponent: callerScope.name, parent: from?.origin)
      } else {
        value = argument.literal
        origin = .argument(key: key, component: box.name)
      }
      if let v = value, !(box.optionalParameters[k] && v.isNull), !box.plainlyFits(k, v),
        let problem = box.parameters.withUnsafeBufferPointer({ $0[k].problem(with: v) })
      {
        throw ResolutionError(
          component: callerComponent(), path: JSONPath.appending(key: key, to: path()),
          message: "argument '\(key)' of \(box.name) must be \(problem)")
      }
      bound[k] = Bound(value: value, origin: origin)
    }
    for k in box.requiredParameters
    where !arguments.contains(where: { $0.key == box.parameterNames[k] }) {
      let parameter = box.parameters[k]
      throw ResolutionError(
        component: callerComponent(), path: path(),
        message:
          "missing argument '\(parameter.name)' (a required \(parameter.type.rawValue) parameter of \(box.name))"
      )
    }
    return bound
  }

  // MARK: - Views

  /// Expands one view, appending its members to `out` (no array per view).
  ///
  /// The hot path (instances, texts, stacks, ForEach) reads the fields it needs from the
  /// compiled node; the view definition, a large value, is read whole only by the rarer
  /// views' function (``expandOther(_:in:depth:into:)``).
  private mutating func expand(
    _ node: CompiledView, in scope: Scope, depth: Int, into out: inout [Int]
  ) throws(ResolutionError) {
    // Each modifier is one level (``depthInside(_:at:)``): a stored view with thousands
    // of modifiers stops here, before its deep tree is built.
    let depth = node.hasModifiers ? Self.depthInside(node.view, at: depth) : depth
    guard depth < Self.maximumDepth else {
      throw ResolutionError(
        component: scope.name, path: node.view.path,
        message:
          "views, modifiers and instances are nested more than \(Self.maximumDepth) deep (each modifier is one level)"
      )
    }
    // A false `when` removes the view: no slot, no spacing, its modifiers vanish with it.
    if node.hasWhen, let when = node.view.when, !when.evaluate({ scope.value($0) }) {
      return
    }
    let start = out.count
    switch node.builtin {
    case nil:
      try expandInstance(node, in: scope, depth: depth, into: &out)
    case .ForEach?:
      try expandForEach(node, in: scope, depth: depth, into: &out)
    case .VStack?, .HStack?, .ZStack?:
      var children: [Int] = []
      // One allocation for the usual stack (its members are appended one by one).
      children.reserveCapacity(16)
      try expandCompiled(node.children, in: scope, depth: depth, into: &children)
      // `collapsesWhenEmpty`: `Group(subviews:)` with `if !subviews.isEmpty`, no view at all.
      if !(children.isEmpty && node.view.collapsesWhenEmpty) {
        if let repeated = try repeatEmitted(node, modifier: -1, children: children, in: scope) {
          out.append(repeated)
        } else {
          let made = try makeStack(node.view, children: children, in: scope)
          remember(node, modifier: -1, node: made, in: scope)
          out.append(made)
        }
      }
    case .Text?:
      if let repeated = try repeatEmitted(node, modifier: -1, children: [], in: scope) {
        out.append(repeated)
      } else {
        let made = try makeText(node.view, in: scope)
        remember(node, modifier: -1, node: made, in: scope)
        out.append(made)
      }
    default:
      try expandOther(node, in: scope, depth: depth, into: &out)
    }
    if out.count == start || !node.hasModifiers { return }
    try applyModifiers(of: node, in: scope, depth: depth, toMembersFrom: start, of: &out)
  }

  /// Expands the views ``expand(_:in:depth:into:)`` does not handle itself.
  private mutating func expandOther(
    _ node: CompiledView, in scope: Scope, depth: Int, into out: inout [Int]
  ) throws(ResolutionError) {
    let view = node.view
    switch view.builtin {
    case .Group?:
      try expandCompiled(node.children, in: scope, depth: depth, into: &out)
    case .Slot?:
      let name = view.slotName ?? Self.defaultSlot
      if let content = scope.slots[name] {
        // The slot's views belong to the caller's scope: the chain is the caller's while
        // they expand (a component they instance may be the one whose slot they fill).
        let target: Scope = content.scope.home
        leaveChain(from: scope.home, to: target)
        try expandCompiled(content.views, in: content.scope, depth: depth, into: &out)
        reenterChain(from: scope.home, to: target)
      }
    case .Spacer?:
      let minLength = try resolveLength(
        view.minLength, property: "minLength", at: view.path, ".minLength", in: scope)
      out.append(
        try newNode(
          .spacer(minLength: minLength.points), kind: "Spacer",
          descriptor: .spacer(minLength: minLength.points), view: view, scope: scope,
          length: minLength))
    case .Divider?:
      out.append(
        try newNode(.divider, kind: "Divider", descriptor: .divider, view: view, scope: scope))
    case .Color?:
      let color =
        try colour(
          string(view.color, in: scope, path: "\(view.path).color"), in: scope,
          path: "\(view.path).color") ?? "clear"
      out.append(
        try newNode(
          .color(color), kind: "Color", descriptor: .color(color), view: view, scope: scope))
    case .EmptyView?, nil, .ForEach?, .VStack?, .HStack?, .ZStack?, .Text?:
      // EmptyView gives no member; the others are expanded by `expand`.
      break
    default:
      // Shapes, images, controls and the other containers.
      try expandVocabulary(view, in: scope, depth: depth, into: &out)
    }
  }

  /// Applies the view's modifiers to each of its members `out[start...]`, in order
  /// (SwiftUI: a modifier on a group applies to all of its members, not to the group).
  private mutating func applyModifiers(
    of node: CompiledView, in scope: Scope, depth: Int, toMembersFrom start: Int,
    of out: inout [Int]
  ) throws(ResolutionError) {
    let view = node.view
    for (m, modifier) in view.modifiers.enumerated() {
      if let when = modifier.when, !when.evaluate({ scope.value($0) }) { continue }
      let repeatable = modifier.modifier.isPlainWrapper
      for i in start..<out.count {
        if repeatable,
          let repeated = try repeatEmitted(node, modifier: m, wrapping: out[i], in: scope)
        {
          out[i] = repeated
          continue
        }
        let made = try apply(modifier, to: out[i], view: view, in: scope, depth: depth)
        if repeatable, made != out[i] { remember(node, modifier: m, node: made, in: scope) }
        out[i] = made
      }
    }
  }

  // MARK: - Repeated views

  /// The most views and modifiers a component scope remembers (``Scope/emitted``).
  private static let emittedLimit = 16

  /// Records that `node` is what view `view` (or its modifier `modifier`) emitted in
  /// `scope`, so the next expansion in the same component scope copies it.
  private func remember(_ view: CompiledView, modifier: Int, node: Int, in scope: Scope) {
    guard scope.parent == nil, scope.remembers, scope.emitted.count < Self.emittedLimit else {
      return
    }
    var record = infos.records[tag(node)]
    record.hasExtras = false
    scope.emittedViews.append(view)
    scope.emitted.append(
      Emitted(view: ObjectIdentifier(view), modifier: modifier, node: node, record: record))
  }

  /// What `view` (or its modifier `modifier`) emitted before in `scope`, if it did.
  @inline(__always)
  private func emitted(_ view: CompiledView, modifier: Int, in scope: Scope) -> Emitted? {
    guard scope.parent == nil, scope.remembers else { return nil }
    let id = ObjectIdentifier(view)
    return scope.emitted.withUnsafeBufferPointer { entries -> Emitted? in
      for k in entries.indices where entries[k].view == id && entries[k].modifier == modifier {
        return entries[k]
      }
      return nil
    }
  }

  /// A copy of the view node `view` emitted before in this component scope, over new
  /// `children`; nil when it has not emitted one.
  private mutating func repeatEmitted(
    _ view: CompiledView, modifier: Int, children: [Int], in scope: Scope
  ) throws(ResolutionError) -> Int? {
    guard let e = emitted(view, modifier: modifier, in: scope) else { return nil }
    try checkNodeLimit(scope, path: view.view.path)
    let node: Int?
    if children.isEmpty {
      node = tree.append(sameKindAs: e.node, child: nil, tag: infos.count)
    } else {
      node = tree.append(sameKindAs: e.node, children: children, tag: infos.count)
    }
    guard let node else { return nil }
    infos.records.append(e.record)
    return node
  }

  /// A copy of the modifier node emitted before in this component scope, wrapping
  /// `member` (the layout priority and grid-cell traits move out as in ``wrap``).
  private mutating func repeatEmitted(
    _ view: CompiledView, modifier: Int, wrapping member: Int, in scope: Scope
  ) throws(ResolutionError) -> Int? {
    guard let e = emitted(view, modifier: modifier, in: scope) else { return nil }
    try checkNodeLimit(scope, path: infos.strings[Int(e.record.path)])
    guard
      let node = tree.append(
        sameKindAs: e.node, child: member, layoutPriority: tree.layoutPriority(of: member),
        tag: infos.count)
    else { return nil }
    let traits = tree.gridCell(of: member)
    if traits != GridCellTraits() { tree.setGridCell(traits, of: node) }
    infos.records.append(e.record)
    return node
  }

  /// Throws when one more node would pass ``nodeLimit``.
  @inline(__always)
  private func checkNodeLimit(_ scope: Scope, path: @autoclosure () -> String)
    throws(ResolutionError)
  {
    guard infos.count >= nodeLimit else { return }
    throw nodeLimitError(scope, path: path())
  }

  /// The error for a resolution past ``nodeLimit`` (the one message of the view limit).
  private func nodeLimitError(_ scope: Scope, path: String) -> ResolutionError {
    ResolutionError(
      component: scope.name, path: path,
      message:
        "the component resolves to more than \(nodeLimit) views (nested ForEach or instances multiply quickly)"
    )
  }

  /// Expands views given as definitions (a modifier's content, a control's children): each
  /// is held by a ``CompiledView`` for the expansion.
  mutating func expandChildren(
    _ children: [ViewDefinition], in scope: Scope, depth: Int, into out: inout [Int]
  ) throws(ResolutionError) {
    for k in children.indices {
      try expand(CompiledView(children[k]), in: scope, depth: depth + 1, into: &out)
    }
  }

  /// Expands views held by reference: a component's body and its children, compiled once
  /// per definition, are read in place (an array's element passed to a function is copied,
  /// retaining every field of the large view definition).
  mutating func expandCompiled(
    _ children: [CompiledView], in scope: Scope, depth: Int, into out: inout [Int]
  ) throws(ResolutionError) {
    for k in children.indices {
      try expand(children[k], in: scope, depth: depth + 1, into: &out)
    }
  }

  private mutating func expandForEach(
    _ node: CompiledView, in scope: Scope, depth: Int, into out: inout [Int]
  ) throws(ResolutionError) {
    let view = node.view
    var elements: [JSONValue] = []
    var count = 0
    switch view.forEach {
    case .list(let name)?:
      switch scope.value(name) {
      case .array(let a)?: elements = a
      case nil, .null?: elements = []
      case let other?:
        throw ResolutionError(
          component: scope.name, path: "\(view.path).in",
          message: "$\(name) must be a list; got \(other.typeName)")
      }
      count = elements.count
    case .count(let expression)?:
      let value: JSONValue?
      switch expression {
      case .literal(let v): value = v
      case .parameter(let p): value = scope.value(p)
      }
      guard let n = value?.numberValue, n >= 0, n == n.rounded(), n <= 10_000 else {
        throw ResolutionError(
          component: scope.name, path: "\(view.path).count",
          message: "the count must be a whole number from 0 to 10000")
      }
      count = Int(n)
    case nil:
      count = 0
    }
    let inner = Scope(child: scope, elementName: view.forEachElement)
    inner.elements = elements
    // Read once: the body is the same for every element.
    let children = node.children
    for i in 0..<count {
      // Fail fast when the views multiply past the limit (a ForEach inside a ForEach).
      try checkNodeLimit(scope, path: view.path)
      inner.position = i
      let before = infos.count
      try expandCompiled(children, in: inner, depth: depth, into: &out)
      if i == 0 && count > 1 {
        let each = infos.count - before
        if !inner.rowRead { try checkRowsFit(each: each, rows: count - 1, scope, path: view.path) }
        reserveForRows(each: each, rows: count - 1)
      }
    }
  }

  /// The view limit (``nodeLimit``) counted before the rows are expanded: a first row that
  /// read neither its element nor its index (``Scope/rowRead``) expands like every other row,
  /// so the loop's size is known after one row, and a loop past the limit fails at once
  /// instead of after expanding up to 500,000 views (review 17: `doctor` took 78 s on a
  /// catalog holding such a loop).
  /// - Parameters:
  ///   - each: The views one row made.
  ///   - rows: The rows still to expand.
  ///   - scope: The scope of the loop, for the error.
  ///   - path: The loop's JSON path, for the error.
  /// - Throws: ``ResolutionError``, the same as ``checkNodeLimit(_:path:)`` throws.
  private func checkRowsFit(each: Int, rows: Int, _ scope: Scope, path: String)
    throws(ResolutionError)
  {
    let (more, overflow) = each.multipliedReportingOverflow(by: rows)
    guard overflow || infos.count + more > nodeLimit else { return }
    throw nodeLimitError(scope, path: path)
  }

  /// Makes room in the tree and the info table for `rows` more rows of a list, each as
  /// large as the first (capped by ``nodeLimit``): the arrays are allocated once at about
  /// their final size instead of being copied at every doubling.
  /// Only a jump to at least twice the room already there is reserved, so inner lists (each
  /// reserving a little more) never make the arrays be copied again and again. The room
  /// includes ``reserveSlack`` more nodes for the views around the loop, added after its rows.
  private mutating func reserveForRows(each nodes: Int, rows: Int) {
    guard nodes > 0 else { return }
    let (more, overflow) = nodes.multipliedReportingOverflow(by: rows)
    let expected = overflow ? nodeLimit : min(infos.count + more, nodeLimit)
    guard expected >= 2 * max(infos.count, reservedNodes) else { return }
    let room = min(expected + Self.reserveSlack, nodeLimit)
    tree.reserveCapacity(room)
    infos.reserveCapacity(room)
    reservedNodes = room
  }

  /// Nodes reserved beyond a list's rows: the stacks and modifiers around the list, resolved
  /// after its rows. Without them a tree only a few nodes larger than its last list (the
  /// padded stack holding it) regrew every array at its last nodes: at 1k leaves of
  /// catalog-bench's nested tree that copy was a tenth of the resolver's time, and the new
  /// arrays twice the memory.
  static let reserveSlack = 64

  private mutating func expandInstance(
    _ node: CompiledView, in scope: Scope, depth: Int, into out: inout [Int]
  ) throws(ResolutionError) {
    // A ForEach scope's instances are its component scope's (same arguments, slots, chain).
    let home: Scope = scope.home
    // The rows of a list expand the same plain instance view: its scope, made the first
    // time (and checked for cycles then), is reused without looking the component up.
    if home.lastPlainView === node, let reused = home.lastPlainInstance {
      try expandPlainBody(of: reused, depth: depth + 1, into: &out)
      return
    }
    let view = node.view
    guard let box = try lookup(view.type, from: view.path, caller: scope.name) else {
      throw ResolutionError(
        component: scope.name, path: "\(view.path).type",
        message:
          "unknown view type '\(view.type)': not a built-in view and no stored component has that name"
      )
    }
    let isPlain = view.arguments.isEmpty && view.children.isEmpty && view.slots.isEmpty
    // The reused scope passed the cycle check below when it was made from this scope.
    if isPlain, let reused = home.lastPlainInstance, reused.box === box {
      home.lastPlainView = node
      try expandPlainBody(of: reused, depth: depth + 1, into: &out)
      return
    }
    let name = box.name
    if isOnChain(box) {
      // Only now are the chain's names listed, for the message.
      let names = scope.instances.names
      let cycle = names[(names.firstIndex(of: name) ?? 0)...] + [name]
      throw ResolutionError(
        component: scope.name, path: view.path,
        message: "components instance each other in a cycle: \(cycle.joined(separator: " → "))")
    }
    let arguments: [Bound]
    if view.arguments.isEmpty, let cached = box.defaultBindings {
      arguments = cached
    } else {
      arguments = try bind(
        arguments: node.arguments, callerScope: scope, to: box,
        path: "\(view.path).arguments", callerComponent: scope.name)
      if view.arguments.isEmpty { box.defaultBindings = arguments }
    }
    var slots: [String: SlotContent] = [:]
    if !view.children.isEmpty {
      slots[Self.defaultSlot] = SlotContent(views: node.children, scope: scope)
    }
    for slot in view.slots {
      slots[slot.name] = SlotContent(views: slot.views.map(CompiledView.init), scope: scope)
    }
    // The slots' views expand in this scope, maybe more than once (a slot in a ForEach).
    if !slots.isEmpty { home.remembers = true }
    let chain = instanceChain(of: home, appending: name)
    let inner = Scope(
      box: box, arguments: arguments, slots: slots, instances: chain.instances, chain: chain.index,
      caller: home)
    if isPlain {
      inner.remembers = true
      home.lastPlainInstance = inner
      home.lastPlainView = node
      try expandPlainBody(of: inner, depth: depth + 1, into: &out)
      return
    }
    enter(box)
    try expand(box.body, in: inner, depth: depth + 1, into: &out)
    leave(box)
  }

  /// Expands the body of a plain instance's scope (no arguments, no children, no slots):
  /// the first time at a depth in full, remembering the nodes it made; later, at the same
  /// depth, by copying those nodes and their records (the rows of a list of one component,
  /// and every repeated subtree inside them, are copied instead of resolved again).
  ///
  /// Such a body resolves the same way every time: its scope's arguments are the
  /// component's defaults, it has no slots, no ForEach element of the caller reaches it, and
  /// its chain is the scope's. A copy that would pass ``nodeLimit``, and a body whose nodes
  /// do not form a self-contained run (see `LayoutTree.isSelfContained`), are expanded in
  /// full, so errors are the same as without copying.
  private mutating func expandPlainBody(of scope: Scope, depth: Int, into out: inout [Int])
    throws(ResolutionError)
  {
    if scope.expansionDepth == depth, let e = scope.expansion,
      infos.count + e.nodes.count <= nodeLimit, !tree.hasGridCells(in: e.nodes)
    {
      let tagShift = infos.count - e.firstRecord
      let offset = tree.appendCopy(of: e.nodes, tagShift: tagShift)
      infos.appendCopy(of: e.firstRecord..<e.firstRecord + e.nodes.count)
      for j in e.members.indices {
        let member = e.members[j] + offset
        tree.setLayoutPriority(e.memberPriorities[j], of: member)
        infos.setExtras(e.memberExtras[j], of: tag(member))
        out.append(member)
      }
      return
    }
    let firstNode = tree.count
    let firstRecord = infos.count
    let start = out.count
    enter(scope.box)
    try expand(scope.box.body, in: scope, depth: depth, into: &out)
    leave(scope.box)
    guard scope.expansionDepth != depth else { return }
    scope.expansionDepth = depth
    scope.expansion = nil
    let nodes = firstNode..<tree.count
    // A one-node body (a list's text rows) is left to the per-view copies (`repeatEmitted`):
    // a run copy cost about 1,130 instructions per one-text row of wide-10k.
    guard nodes.count > 1, infos.count - firstRecord == nodes.count, tree.isSelfContained(nodes)
    else { return }
    for k in nodes where tag(k) != firstRecord + (k - firstNode) { return }
    let members = Array(out[start...])
    guard members.allSatisfy({ nodes.contains($0) }) else { return }
    scope.expansion = Expansion(
      nodes: nodes, firstRecord: firstRecord, members: members,
      memberPriorities: members.map { tree.layoutPriority(of: $0) },
      memberExtras: members.map { infos.extras(of: tag($0)) })
  }

  /// The instance chain of `scope` followed by `name`, and its index in the info table; the
  /// rows of a list instance the same component, so the last chain built is reused. One
  /// link, whatever the chain's length.
  private mutating func instanceChain(of scope: Scope, appending name: String) -> (
    instances: InstanceChain, index: Int32
  ) {
    if scope.lastChainName == name { return (scope.lastChain, scope.lastChainIndex) }
    let instances = scope.instances.appending(name)
    let index = chainIndex(instances)
    scope.lastChainName = name
    scope.lastChain = instances
    scope.lastChainIndex = index
    return (instances, index)
  }

  /// Adds an instance chain to the info table.
  private mutating func chainIndex(_ instances: InstanceChain) -> Int32 {
    infos.chains.append(instances)
    return Int32(infos.chains.count - 1)
  }

  // MARK: - The instance chain being expanded

  // The rule "a component instanced from a scope whose chain holds it is a cycle" is checked
  // by counting, per component, its places on the chain of the scope being expanded: one
  // more when an instance's body expands, one less after; a slot's views expand in their
  // caller's scope, so the components between the two leave the count meanwhile. Each
  // check is then one comparison instead of a walk of the chain (a chain `d` deep cost
  // `d²/2` comparisons; issue 12, point 2).

  /// Counts `box` on the chain: its body is about to expand.
  @inline(__always)
  private func enter(_ box: DefinitionBox) {
    if box.chainGeneration != generation {
      box.chainGeneration = generation
      box.chainCount = 0
    }
    box.chainCount += 1
  }

  /// Uncounts `box`: its body has expanded.
  @inline(__always)
  private func leave(_ box: DefinitionBox) {
    box.chainCount -= 1
  }

  /// Whether `box` is on the chain of the scope being expanded.
  @inline(__always)
  private func isOnChain(_ box: DefinitionBox) -> Bool {
    box.chainGeneration == generation && box.chainCount > 0
  }

  /// Uncounts the components from `scope` up to (not including) `target`, one of the
  /// scopes on its chain of callers: the chain becomes `target`'s.
  private func leaveChain(from scope: Scope, to target: Scope) {
    var s: Scope? = scope
    while let c = s, c !== target {
      leave(c.box)
      s = c.caller
    }
  }

  /// Counts again the components ``leaveChain(from:to:)`` uncounted.
  private func reenterChain(from scope: Scope, to target: Scope) {
    var s: Scope? = scope
    while let c = s, c !== target {
      enter(c.box)
      s = c.caller
    }
  }

  /// The index of the scope's component name in the info table.
  @inline(__always)
  mutating func componentIndex(_ scope: Scope) -> Int32 {
    let box = scope.box
    if box.generation == generation { return box.componentIndex }
    box.componentIndex = infos.internComponent(box.name)
    box.generation = generation
    return box.componentIndex
  }

  // MARK: - Built-in views

  mutating func makeStack(_ view: ViewDefinition, children: [Int], in scope: Scope)
    throws(ResolutionError) -> Int
  {
    let alignmentName =
      try string(view.alignment, in: scope, path: "\(view.path).alignment") ?? "center"
    let kind: LayoutKind
    var length: ResolvedLength?
    let descriptor: ViewDescriptor
    switch view.builtin {
    case .HStack?, .VStack?:
      let axis: Axis = view.builtin == .HStack ? .horizontal : .vertical
      let spacing = try resolveLength(
        view.spacing, property: "spacing", at: view.path, ".spacing", in: scope)
      length = spacing
      let alignment: Alignment
      if axis == .vertical {
        guard let h = HorizontalAlignment(rawValue: alignmentName) else {
          throw ResolutionError(
            component: scope.name, path: "\(view.path).alignment",
            message:
              "a VStack alignment must be leading, center or trailing; got '\(alignmentName)'")
        }
        alignment = Alignment(horizontal: h, vertical: .center)
      } else {
        guard let v = VerticalAlignment(rawValue: alignmentName) else {
          throw ResolutionError(
            component: scope.name, path: "\(view.path).alignment",
            message:
              "an HStack alignment must be top, center, bottom, firstTextBaseline or lastTextBaseline; got '\(alignmentName)'"
          )
        }
        alignment = Alignment(horizontal: .center, vertical: v)
      }
      kind = .stack(axis: axis, alignment: alignment, spacing: spacing.points)
      descriptor = .stack(
        type: view.type, alignment: alignmentName, spacing: spacing.points,
        collapsesWhenEmpty: view.collapsesWhenEmpty)
    default:
      let alignment = try Self.alignment2D(
        alignmentName, component: scope.name, path: "\(view.path).alignment")
      kind = .zStack(alignment: alignment)
      descriptor = .zStack(alignment: alignmentName, collapsesWhenEmpty: view.collapsesWhenEmpty)
    }
    return try newNode(
      kind, kind: view.type, descriptor: descriptor, view: view, scope: scope, length: length,
      children: children)
  }

  static func alignment2D(_ name: String, component: String, path: String) throws(ResolutionError)
    -> Alignment
  {
    let table: [String: Alignment] = [
      "topLeading": Alignment(horizontal: .leading, vertical: .top),
      "top": Alignment(horizontal: .center, vertical: .top),
      "topTrailing": Alignment(horizontal: .trailing, vertical: .top),
      "leading": Alignment(horizontal: .leading, vertical: .center),
      "center": .center, "trailing": Alignment(horizontal: .trailing, vertical: .center),
      "bottomLeading": Alignment(horizontal: .leading, vertical: .bottom),
      "bottom": Alignment(horizontal: .center, vertical: .bottom),
      "bottomTrailing": Alignment(horizontal: .trailing, vertical: .bottom),
    ]
    guard let a = table[name] else {
      throw ResolutionError(
        component: component, path: path,
        message:
          "unknown alignment '\(name)'; expected one of \(AlignmentName.twoDimensional.joined(separator: ", "))"
      )
    }
    return a
  }

  /// A `Text` view's node, its text interned in the tree.
  mutating func makeText(_ view: ViewDefinition, in scope: Scope) throws(ResolutionError) -> Int {
    let (string, style, descriptor) = try textParts(view, in: scope)
    return try newTextNode(
      tree.textID(string, style: style), descriptor: infos.descriptorIndex(descriptor),
      view: view, scope: scope)
  }

  /// Appends a `Text` node for an interned text and a recorded descriptor.
  private mutating func newTextNode(
    _ textID: Int32, descriptor: Int32, view: ViewDefinition, scope: Scope
  ) throws(ResolutionError) -> Int {
    try checkNodeLimit(scope, path: view.path)
    // `textID` comes from `tree.textID`, so the tree accepts it.
    let node = tree.appendText(textID, tag: infos.count) ?? -1
    infos.append(
      kind: "Text", path: view.path, component: componentIndex(scope), chain: scope.chain,
      isModifier: false, descriptorIndex: descriptor)
    return node
  }

  /// A `Text` view's string, style and descriptor, resolved in `scope`.
  private func textParts(_ view: ViewDefinition, in scope: Scope) throws(ResolutionError) -> (
    String, TextStyle, ViewDescriptor
  ) {
    var text = ""
    switch view.text {
    case .literal(let v)?: text = v.stringValue ?? JSONWriter.compact(v)
    case .parameter(let name)?:
      switch scope.value(name) {
      case .string(let s)?: text = s
      case .number(let n)?: text = JSONWriter.number(n.value)
      case .bool(let b)?: text = b ? "true" : "false"
      case nil, .null?: text = ""
      case let other?: text = JSONWriter.compact(other)
      }
    case nil: break
    }
    var font = "body"
    if view.font != nil {
      font = try string(view.font, in: scope, path: "\(view.path).font") ?? "body"
      guard TextStyleName.all.contains(font) else {
        throw ResolutionError(
          component: scope.name, path: "\(view.path).font",
          message:
            "unknown text style '\(font)'; expected one of \(TextStyleName.all.joined(separator: ", "))"
        )
      }
    }
    let color =
      view.foregroundColor == nil
      ? nil
      : try colour(
        string(view.foregroundColor, in: scope, path: "\(view.path).foregroundColor"),
        in: scope, path: "\(view.path).foregroundColor")
    return (
      text, TextStyle(style: font, lineLimit: view.lineLimit),
      .text(text, font: font, lineLimit: view.lineLimit, foregroundColor: color)
    )
  }

  /// A string property's value (a literal or a `$parameter`); `path` is formatted only for
  /// an error (every stack and text reads one: no string is built per node).
  func string(
    _ expression: ValueExpression?, in scope: Scope, path: @autoclosure () -> String
  ) throws(ResolutionError) -> String? {
    switch expression {
    case nil: return nil
    case .literal(let v)?: return v.stringValue ?? JSONWriter.compact(v)
    case .parameter(let name)?:
      switch scope.value(name) {
      case nil, .null?: return nil
      case .string(let s)?: return s
      case let other?:
        throw ResolutionError(
          component: scope.name, path: path(),
          message: "$\(name) must be a string here; got \(other.typeName)")
      }
    }
  }

  // MARK: - Modifiers

  private mutating func apply(
    _ modifier: ModifierDefinition, to member: Int, view: ViewDefinition, in scope: Scope,
    depth: Int
  ) throws(ResolutionError) -> Int {
    switch modifier.modifier {
    case .background(let content), .overlay(let content):
      // The content is resolved in the modified view's scope; several views are stacked in
      // a ZStack, none leaves the view as it is (reference §3.5).
      var views: [Int] = []
      try expandChildren(content.views, in: scope, depth: depth, into: &views)
      guard !views.isEmpty else { return member }
      let isBackground: Bool
      if case .background = modifier.modifier { isBackground = true } else { isBackground = false }
      let name = isBackground ? "background" : "overlay"
      let alignmentName =
        try string(content.alignment, in: scope, path: "\(modifier.path).\(name).alignment")
        ?? "center"
      let alignment = try Self.alignment2D(
        alignmentName, component: scope.name, path: "\(modifier.path).\(name).alignment")
      var secondary = views[0]
      if views.count > 1 {
        secondary = tree.append(.zStack(alignment: alignment), children: views, tag: infos.count)
        infos.append(
          ViewInfo(
            kind: "ZStack", component: scope.name, path: "\(modifier.path).\(name)",
            chain: scope.instances,
            isModifier: false, lengths: [], descriptor: .secondaryGroup(count: views.count)))
      }
      return try wrap(
        member, isBackground ? .background(alignment: alignment) : .overlay(alignment: alignment),
        kind: name,
        descriptor: isBackground
          ? .background(alignment: alignmentName) : .overlay(alignment: alignmentName),
        modifier: modifier, scope: scope, lengths: [], secondary: secondary)
    case .offset(let x, let y):
      let rx = try resolveLength(
        x, property: "offset.x", at: modifier.path, ".offset.x", in: scope)
      let ry = try resolveLength(
        y, property: "offset.y", at: modifier.path, ".offset.y", in: scope)
      let dx = rx.points ?? 0
      let dy = ry.points ?? 0
      let lengths = [rx, ry].filter { $0.points != 0 }
      return try wrap(
        member, .offset(x: dx, y: dy), kind: "offset", descriptor: .offset(x: dx, y: dy),
        modifier: modifier, scope: scope, lengths: lengths)
    case .opacity(let value):
      infos.updateExtras(tag(member)) { $0.opacity = value * ($0.opacity ?? 1) }
      return member
    case .hidden:
      infos.updateExtras(tag(member)) { $0.isHidden = true }
      return member
    case .border(let written, let width):
      // A `$parameter` colour is the argument (a colour name, hex or token), as for `fill`.
      let text =
        try string(
          ValueExpression.parse(string: written), in: scope, path: "\(modifier.path).border.color")
        ?? "gray"
      let color = try colour(text, in: scope, path: "\(modifier.path).border.color") ?? text
      let w = try resolveLength(
        width, property: "border.width", at: modifier.path, ".border.width", in: scope)
      let stroke = tree.append(.color(color), tag: infos.count)
      infos.append(
        ViewInfo(
          kind: "Color", component: scope.name, path: "\(modifier.path).border",
          chain: scope.instances,
          isModifier: false, lengths: [], descriptor: .color(color)))
      return try wrap(
        member, .overlay(alignment: .center), kind: "border",
        descriptor: .border(color: color, width: w.points ?? 1),
        modifier: modifier, scope: scope, length: w, secondary: stroke)
    case .aspectRatio, .clipped, .clipShape, .gridCellColumns, .gridColumnAlignment,
      .gridCellUnsizedAxes:
      return try applyVocabulary(modifier, to: member, in: scope)
    case .layoutPriority(let p):
      // A trait: it passes through later modifiers to the parent stack.
      tree.setLayoutPriority(p, of: member)
      infos.updateExtras(tag(member)) { $0.layoutPriority = p }
      return member
    case .padding(let edges, let length):
      let property = edges == .all ? "padding.all" : "padding." + edges.joinedNames(separator: "+")
      let resolved = try resolveLength(
        length, property: property, at: modifier.path, ".padding.length", in: scope,
        defaultPoints: platform.defaultPadding)
      let amount = resolved.points ?? platform.defaultPadding
      let insets = EdgeInsets(
        top: edges.contains(.top) ? amount : 0, leading: edges.contains(.leading) ? amount : 0,
        bottom: edges.contains(.bottom) ? amount : 0,
        trailing: edges.contains(.trailing) ? amount : 0)
      return try wrap(
        member, .padding(insets), kind: "padding",
        descriptor: .padding(edges: edges, amount: amount), modifier: modifier, scope: scope,
        length: resolved)
    case .frame(let frame):
      var spec = FrameSpec()
      var lengths: [ResolvedLength] = []
      var parameters: [FrameParameter] = []
      for (name, length) in frame.lengths {
        let value: Double
        if length == .infinity {
          value = .infinity
          lengths.append(
            ResolvedLength(
              property: "frame.\(name)", points: .infinity, provenance: [".infinity"],
              source: "\(scope.name) \(modifier.path).frame.\(name)"))
        } else {
          let r = try resolveLength(
            length, property: "frame.\(name)", at: modifier.path, ".frame.\(name)", in: scope)
          guard let p = r.points else {
            // `nil` for a frame parameter means "not given".
            continue
          }
          if p < 0 || !p.isFinite {
            throw ResolutionError(
              component: scope.name, path: "\(modifier.path).frame.\(name)",
              message:
                "a frame length must be a finite number of points ≥ 0; got \(formatPoints(p))")
          }
          value = p
          lengths.append(r)
        }
        parameters.append(FrameParameter(name: name, points: value))
        switch name {
        case "width": spec.width = value
        case "height": spec.height = value
        case "minWidth": spec.minWidth = value
        case "idealWidth": spec.idealWidth = value
        case "maxWidth": spec.maxWidth = value
        case "minHeight": spec.minHeight = value
        case "idealHeight": spec.idealHeight = value
        default: spec.maxHeight = value
        }
      }
      let alignmentName =
        try string(frame.alignment, in: scope, path: "\(modifier.path).frame.alignment") ?? "center"
      spec.alignment = try Self.alignment2D(
        alignmentName, component: scope.name, path: "\(modifier.path).frame.alignment")
      return try wrap(
        member, .frame(spec), kind: "frame",
        descriptor: .frame(parameters: parameters, alignment: alignmentName), modifier: modifier,
        scope: scope, lengths: lengths)
    case .fixedSize(let h, let v):
      return try wrap(
        member, .fixedSize(horizontal: h, vertical: v), kind: "fixedSize",
        descriptor: .fixedSize(horizontal: h, vertical: v), modifier: modifier, scope: scope,
        lengths: [])
    }
  }

  // MARK: - Lengths

  /// Resolves a length to points with provenance.
  ///
  /// - `nil`/absent: the platform default. For padding it is `defaultPoints` (16 on iOS);
  ///   for stack spacing and Spacer minimum it stays nil so the layout engine applies the
  ///   per-pair default (8 between ordinary views, 0 next to a Spacer).
  /// The largest length accepted, in points (larger values are errors, so sums of lengths
  /// can never overflow to infinity).
  public static let maximumLength = 1_000_000.0

  /// The rule that a length is finite and at most ``maximumLength`` points either way, so
  /// sums of lengths can never overflow (only a length written `.infinity`, SwiftUI's
  /// unbounded maximum size, may be infinite). Render and every write (the service's
  /// definition and token checks) call this one function.
  ///
  /// - Parameters:
  ///   - points: The length's value in points, after parameters and tokens resolve.
  ///   - length: The length as written (`.infinity` allows an infinite value).
  /// - Returns: `nil` when the length is within the bound, else the rule in words
  ///   ("lengths must be finite and at most 1000000 points").
  public static func lengthBoundProblem(_ points: Double, writtenAs length: Length) -> String? {
    if points == .infinity && length == .infinity { return nil }
    if points.isFinite && abs(points) <= maximumLength { return nil }
    return "lengths must be finite and at most \(formatPoints(maximumLength)) points"
  }

  /// Resolves `length`, written at `path` + `suffix` of the scope's component (the full JSON
  /// path is only formatted for an error or when the source is read).
  mutating func resolveLength(
    _ length: Length, property: String, at path: String, _ suffix: String, in scope: Scope,
    defaultPoints: Double? = nil
  ) throws(ResolutionError) -> ResolvedLength {
    let resolved = try resolveUncheckedLength(
      length, property: property, at: path, suffix, in: scope, defaultPoints: defaultPoints)
    if let p = resolved.points, let rule = Self.lengthBoundProblem(p, writtenAs: length) {
      throw ResolutionError(
        component: scope.name, path: path + suffix,
        message:
          "\(property) is \(formatPoints(p)) points (\(resolved.provenance.joined(separator: " ← "))); \(rule)"
      )
    }
    return resolved
  }

  private mutating func resolveUncheckedLength(
    _ length: Length, property: String, at path: String, _ suffix: String, in scope: Scope,
    defaultPoints: Double? = nil
  ) throws(ResolutionError) -> ResolvedLength {
    let source = ResolvedLength.Location.parts(component: scope.name, path: path, suffix: suffix)
    switch length {
    case .points(let p):
      return ResolvedLength(
        property: property, points: p, explanation: .literal(p), location: source)
    case .infinity:
      return ResolvedLength(
        property: property, points: .infinity, explanation: .steps([".infinity"]),
        location: source)
    case .platformDefault:
      return ResolvedLength(
        property: property, points: defaultPoints,
        explanation: .platformDefault(
          platform: platform.name, defaultSpacing: platform.defaultSpacing, applied: defaultPoints),
        location: source)
    case .token(let path_):
      let (points, steps) = try resolveToken(path_, component: scope.name, path: path + suffix)
      return ResolvedLength(
        property: property, points: points, explanation: .steps(steps), location: source)
    case .parameter(let name):
      guard let bound = scope.bound(name) else {
        throw ResolutionError(
          component: scope.name, path: path + suffix, message: "unknown parameter $\(name)")
      }
      // The provenance (`$name`, the argument's origin, the value's steps) is formatted
      // only when read.
      switch bound.value {
      case nil, .null?:
        return ResolvedLength(
          property: property, points: defaultPoints,
          explanation: .parameter(
            name: name, origin: bound.origin,
            value: .platformDefault(
              platform: platform.name, defaultSpacing: platform.defaultSpacing,
              applied: defaultPoints)),
          location: source)
      case .number(let p)?:
        return ResolvedLength(
          property: property, points: p.value,
          explanation: .parameter(name: name, origin: bound.origin, value: .literal(p.value)),
          location: source)
      case .string(let s)? where TokenAlias.target(of: .string(s)) != nil:
        let (points, steps) = try resolveToken(
          TokenAlias.target(of: .string(s)) ?? s, component: scope.name, path: path + suffix)
        return ResolvedLength(
          property: property, points: points,
          explanation: .parameter(name: name, origin: bound.origin, value: .steps(steps)),
          location: source)
      case let other?:
        throw ResolutionError(
          component: scope.name, path: path + suffix,
          message:
            "$\(name) is used as a length but its value is \(JSONWriter.compact(other)); expected a number of points, a token alias or null"
        )
      }
    }
  }

  mutating func resolveToken(_ path: String, component: String, path jsonPath: String)
    throws(ResolutionError) -> (Double, [String])
  {
    // Memoised per resolution: a token used by thousands of views is followed once.
    if let cached = tokenCache[path] { return cached }
    let resolution: TokenResolver.Resolution
    do {
      resolution = try tokens.resolve(path)
    } catch {
      // Reached through other tokens: the whole chain (TokenGraph.describe).
      throw ResolutionError(
        component: component, path: jsonPath,
        message: tokens.graph.describe(error, reachedFrom: path))
    }
    guard let points = resolution.points else {
      throw ResolutionError(
        component: component, path: jsonPath,
        message:
          "the token {\(path)} is a \(resolution.type ?? "untyped") token; a length needs a dimension or number token"
      )
    }
    if let deprecated = resolution.deprecated {
      var note = deprecated.stringValue.map { ": \($0)" } ?? ""
      // DTCG Format §5.2.4: a deprecation message may name the replacement as an alias.
      if let message = deprecated.stringValue, let open = message.firstIndex(of: "{"),
        let close = message[open...].firstIndex(of: "}")
      {
        let replacement = String(message[message.index(after: open)..<close])
        if let r = try? tokens.resolve(replacement), let p = r.points {
          note += " (replacement {\(replacement)} = \(formatPoints(p))pt)"
        }
      }
      let warning = "\(component): \(jsonPath): the token {\(path)} is deprecated\(note)"
      if !warnings.contains(warning) { warnings.append(warning) }
    }
    let result = (
      points: points,
      steps: resolution.describedChain + [TokenValue.shortDescription(resolution.value)]
    )
    // Deprecated tokens are not cached, so each use gets its warning.
    if resolution.deprecated == nil { tokenCache[path] = result }
    return result
  }

  // MARK: - Nodes

  /// The tag (index into `infos`) of tree node `node`.
  @inline(__always)
  func tag(_ node: Int) -> Int { tree.tags[node] }

  mutating func newNode(
    _ kind: LayoutKind, kind name: String, descriptor: ViewDescriptor, view: ViewDefinition,
    scope: Scope, length: ResolvedLength? = nil,
    lengths: [ResolvedLength] = [], children: [Int] = []
  ) throws(ResolutionError) -> Int {
    try checkNodeLimit(scope, path: view.path)
    let node = tree.append(kind, children: children, tag: infos.count)
    appendInfo(
      kind: name, path: view.path, isModifier: false, descriptor: descriptor, scope: scope,
      length: length, lengths: lengths)
    return node
  }

  /// Records the info of the node just appended (a view's or a modifier's): its kind, path,
  /// component, instance chain, descriptor and lengths (`length` first).
  @inline(__always)
  private mutating func appendInfo(
    kind name: String, path: String, isModifier: Bool, descriptor: ViewDescriptor, scope: Scope,
    length: ResolvedLength?, lengths: [ResolvedLength]
  ) {
    let component = componentIndex(scope)
    if lengths.isEmpty {
      infos.append(
        kind: name, path: path, component: component, chain: scope.chain,
        isModifier: isModifier, descriptor: descriptor, length: length)
    } else {
      infos.append(
        kind: name, path: path, component: component, chain: scope.chain,
        isModifier: isModifier, descriptor: descriptor,
        lengths: (length.map { [$0] } ?? []) + lengths)
    }
  }

  /// Wraps `member` in a modifier node (with `secondary` as its second child for a
  /// background or overlay).
  mutating func wrap(
    _ member: Int, _ kind: LayoutKind, kind name: String, descriptor: ViewDescriptor,
    modifier: ModifierDefinition, scope: Scope, length: ResolvedLength? = nil,
    lengths: [ResolvedLength] = [], secondary: Int? = nil
  ) throws(ResolutionError) -> Int {
    try checkNodeLimit(scope, path: modifier.path)
    // The layout priority trait moves to the outermost wrapper.
    let priority = tree.layoutPriority(of: member)
    let node: Int
    if let secondary {
      node = tree.append(
        kind, children: [member, secondary], layoutPriority: priority, tag: infos.count)
    } else {
      node = tree.append(kind, child: member, layoutPriority: priority, tag: infos.count)
    }
    // Grid-cell traits pass through later modifiers like the priority (SwiftUI traits).
    let traits = tree.gridCell(of: member)
    if traits != GridCellTraits() { tree.setGridCell(traits, of: node) }
    appendInfo(
      kind: name, path: modifier.path, isModifier: true, descriptor: descriptor, scope: scope,
      length: length, lengths: lengths)
    return node
  }
}

extension Modifier {
  /// True for the modifiers that wrap a member in one node whose kind, descriptor and
  /// lengths depend only on the scope's values (no content views): a component scope emits
  /// them once and copies them for repeated expansions.
  fileprivate var isPlainWrapper: Bool {
    switch self {
    case .padding, .frame, .offset, .fixedSize: return true
    default: return false
    }
  }
}

/// A one-entry memo of a look-up by name (a scope's last `$` argument): the last key and
/// what it gave. Two properties, not a tuple: an optional tuple is copied through the
/// runtime's generic value witnesses.
struct LastLookup<Value> {
  private var key: String?
  private var value: Value?

  /// What `key` gives: the remembered answer when `key` is the last one asked, else
  /// `lookUp()`, remembered.
  @inline(__always)
  mutating func get(_ key: String, _ lookUp: () -> Value?) -> Value? {
    if self.key == key { return value }
    let found = lookUp()
    self.key = key
    value = found
    return found
  }
}
