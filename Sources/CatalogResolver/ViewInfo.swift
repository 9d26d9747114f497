/// What the resolver knows about one layout node: a label for people, where it was
/// defined, and its lengths with provenance.
public struct ViewInfo: Sendable, Equatable {
  /// The view or modifier name (`VStack`, `Text`, `padding`).
  public var kind: String
  /// A short SwiftUI-like label (`Text("Untitled").font(.headline)`, `padding(.bottom, 8)`).
  public var label: String
  /// The component and JSON path it comes from (`TrackRow body.children[0]`).
  public var source: String
  /// The chain of instances it was expanded through (`Card › TrackRow › VSStack`).
  public var instances: [String]
  /// True for modifiers (they wrap a view).
  public var isModifier: Bool
  /// The lengths it uses, resolved.
  public var lengths: [ResolvedLength]
  /// Extra attributes for renderers (`text`, `font`, `color`, `alignment`, `edges`).
  public var attributes: [String: String]
}
