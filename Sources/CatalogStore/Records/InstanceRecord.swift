/// A place where a definition uses another stored component (a row of `component_instance`).
/// Added with ``ComponentInput/addInstance(at:of:)``, so the memberwise initialiser stays
/// internal.
public struct InstanceRecord: Sendable, Equatable {
  /// Where the instance is: `body.children[0]`.
  public var jsonPath: String
  /// The name of the component used (`VSStack`).
  public var instanceOf: String
}
