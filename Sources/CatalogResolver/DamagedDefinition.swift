import CatalogModel

/// A component the catalog stores whose stored definition no longer decodes or no longer
/// passes validation (a row changed at the `sqlite3` prompt, say): the one wording of such a
/// row for every command that reads it (`render`, `show`, `diff`, `edit`'s checks, `tokens
/// rename`, `lint`, `site`, `export`, `serve`, `check-swift`, `doctor`), so that it is never
/// called missing (review 21).
public struct DamagedDefinition: Error, Sendable, Equatable, CustomStringConvertible {
  /// The component's name (its row).
  public var component: String
  /// The JSON path in the stored definition where it fails (`body.children[0].font`), or an
  /// empty string when the stored text is no JSON at all.
  public var path: String
  /// Why it fails, without the place (the parser's or validator's message).
  public var reason: String

  /// Creates a description of a damaged stored definition.
  /// - Parameters:
  ///   - component: The component's name.
  ///   - path: The JSON path inside its definition ("" for the whole text).
  ///   - reason: What is wrong there.
  public init(component: String, path: String, reason: String) {
    self.component = component
    self.path = path
    self.reason = reason
  }

  /// The damage from the error that parsing the stored row threw: a ``DefinitionError``
  /// keeps its JSON path; anything else (text that is no JSON) is placed at the whole text.
  /// - Parameters:
  ///   - component: The component's name.
  ///   - error: The parser's error.
  /// - Returns: The damage.
  public static func from(component: String, error: any Error) -> DamagedDefinition {
    if let error = error as? DefinitionError {
      return DamagedDefinition(component: component, path: error.path, reason: error.message)
    }
    return DamagedDefinition(component: component, path: "", reason: "\(error)")
  }

  /// `TrackRow is stored but damaged: its stored definition no longer parses at
  /// body.children[0].font: unknown text style …`.
  public var message: String {
    "\(component) is stored but damaged: the stored definition no longer parses\(path.isEmpty ? "" : " at \(path)"): \(reason)"
  }

  /// What to do, starting with `; `: edit it, revert it to a revision that parses, or remove it.
  public var advice: String { Self.advice(component) }

  /// ``advice``'s wording for a component.
  /// - Parameter component: The damaged component.
  /// - Returns: The advice, starting with `; `.
  public static func advice(_ component: String) -> String {
    "; fix it with `catalog edit \(component)`, bring back a revision that parses with `catalog revert \(component)` (`catalog history \(component)` lists them), or remove it with `catalog remove \(component)`"
  }

  /// The message for a component whose instance reaches this damaged one: said to be
  /// ``component``'s damage (at its own path), reached from `caller`'s instance at `path`.
  /// - Parameters:
  ///   - caller: The component holding the instance.
  ///   - path: The instance's JSON path in `caller`.
  /// - Returns: The sentence, with the advice.
  public func reached(from caller: String, at path: String) -> String {
    "\(message); \(caller)'s \(path) instance reaches it\(advice)"
  }

  /// ``message`` with ``advice``.
  public var description: String { message + advice }
}
