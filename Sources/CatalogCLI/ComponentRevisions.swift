import CatalogModel
import CatalogService

/// Reading a component's saved revisions for `history`, `show --revision`, `diff` and
/// `revert`: the revision list, one revision's definition, and revision arguments.
struct ComponentRevisions {
  let name: String
  /// Every revision, oldest first (removals included).
  let revisions: [StoredRevision]

  /// Loads the history of `name`.
  ///
  /// - Throws: ``CommandError/failure(_:)`` when the component was never saved.
  init(_ name: String, session: CatalogSession) throws(CommandError) {
    self.name = name
    do {
      revisions = try session.service.history(ofComponent: name)
    } catch {
      if case .notFound = error {
        throw session.unknownComponent(name, "was ever saved in \(session.path)")
      }
      throw CommandError(error)
    }
  }

  /// The newest revision.
  var latest: StoredRevision? { revisions.last }

  /// Reads a revision argument: a number (`3`) or `r3`, decimal digits only.
  ///
  /// - Throws: ``CommandError/usage(_:command:)`` when it is not a revision number.
  static func number(_ text: String, command: [String]) throws(CommandError) -> Int {
    let digits = text.hasPrefix("r") ? String(text.dropFirst()) : text
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(digits),
      n >= 1
    else {
      throw .usage(
        "The value '\(text)' is not a revision number: expected 1 or more (see 'catalog history')",
        command: command)
    }
    return n
  }

  /// The revision numbered `number`.
  ///
  /// - Throws: ``CommandError/failure(_:)`` naming the revisions there are.
  func revision(_ number: Int) throws(CommandError) -> StoredRevision {
    guard let found = revisions.first(where: { $0.revision == number }) else {
      let range = revisions.map(\.revision)
      throw .failure(
        "\(name) has no revision \(number); its revisions are \(Self.describe(range)) (see 'catalog history \(name)')"
      )
    }
    return found
  }

  /// The parsed definition saved in revision `number`.
  ///
  /// - Throws: ``CommandError/failure(_:)`` when the revision is a removal or its
  ///   definition no longer parses.
  func definition(_ number: Int) throws(CommandError) -> ComponentDefinition {
    let record = try revision(number)
    guard let text = record.definition else {
      throw .failure("revision \(number) of \(name) is its removal; it has no definition")
    }
    do {
      return try DefinitionParser.parse(text, file: "\(name)@\(number)")
    } catch {
      throw .failure("revision \(number) of \(name) no longer parses: \(error)")
    }
  }

  /// The JSON saved in revision `number` (`nil` for a removal).
  func json(_ number: Int) throws(CommandError) -> JSONValue? {
    guard let text = try revision(number).definition else { return nil }
    do { return try JSONParser.parse(text, file: "\(name)@\(number)").root } catch {
      throw .failure("revision \(number) of \(name) is not valid JSON: \(error)")
    }
  }

  /// `1`, `1 and 2`, `1 to 9`.
  static func describe(_ numbers: [Int]) -> String {
    guard let first = numbers.first, let last = numbers.last else { return "none" }
    if numbers.count == 1 { return "\(first)" }
    if numbers.count == 2 { return "\(first) and \(last)" }
    return "\(first) to \(last)"
  }
}
