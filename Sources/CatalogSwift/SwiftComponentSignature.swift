import CatalogModel
import CatalogRender

/// What an instance call needs to know about a component: its parameters with their
/// argument labels, and its slots. Built from a Swift `struct` (its `init`, or the
/// memberwise initialiser) or from a stored definition.
struct SwiftComponentSignature: Sendable {
  struct Parameter: Sendable {
    /// The parameter's name in the definition.
    var name: String
    /// The argument label (`nil` for `_`, positional).
    var label: String?
    var type: ParameterType
    var isOptional: Bool
    /// An enumeration's cases, for a string parameter of an `enum` type.
    var values: [String]?
    /// The Swift type as written (`HorizontalAlignment`), for alignment kinds.
    var swiftType: String
  }

  var name: String
  var parameters: [Parameter]
  /// Slots in the order declared; `nil` name is the default slot.
  var slots: [(label: String, slot: String?)]
  /// True for a stored definition: unlabelled arguments fill parameters in order (its
  /// Swift source may declare `init(_ alignment: …)`, which the definition cannot say).
  var acceptsPositionalArguments = false

  /// The signature of a stored definition, as the SwiftUI writer declares it (memberwise:
  /// labels are parameter names; the default slot is `content`).
  init(definition d: ComponentDefinition) {
    name = d.name
    parameters = d.parameters.map {
      Parameter(
        name: $0.name, label: SwiftUINames.memberLabel($0.name), type: $0.type,
        isOptional: $0.isOptional,
        values: $0.allowedValues, swiftType: "")
    }
    var slots: [(String, String?)] = []
    ComponentDefinition.visit(d.body) { v in
      guard v.builtin == .Slot else { return }
      let label = v.slotName ?? "content"
      if !slots.contains(where: { $0.0 == label }) { slots.append((label, v.slotName)) }
    }
    self.slots = slots
    acceptsPositionalArguments = true
  }

  init(name: String, parameters: [Parameter], slots: [(label: String, slot: String?)]) {
    self.name = name
    self.parameters = parameters
    self.slots = slots
  }

  func parameter(named name: String) -> Parameter? { parameters.first { $0.name == name } }
}
