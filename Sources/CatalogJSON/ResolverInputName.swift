/// The one rule for the names of a resolver document's modifiers and contexts, and of the
/// Tokens Studio theme groups and themes that become them, checked where a document is
/// imported (`add`, `tokens import-resolver`, a catalog folder's `resolvers/`).
///
/// Resolver inputs are matched without case (`--input Density=Compact`; Resolver §5
/// suggests it), so two modifiers of a document, or two contexts of a modifier, that differ
/// only in case could never both be chosen: `--input m=A` would pick whichever came first.
/// Inputs are written `modifier=context`, several joined by `,` (`--input a=b,c=d`,
/// `?input=a=b,c=d`), and their surrounding spaces are dropped, so a name holding `=` or
/// `,`, or starting or ending with a space, could not be given either.
public enum ResolverInputName {
  /// Why `name` cannot name a modifier or a context, or nil when it can.
  ///
  /// Refused: an empty name, one starting or ending with a space, one holding `=` or `,`,
  /// the characters ``NameText/problem(in:)`` refuses in every name (control, invisible,
  /// bidirectional), and a name that differs from one of `siblings` only in case.
  /// - Parameters:
  ///   - name: The name as the document spells it.
  ///   - kind: What is named, for the message (`modifier`, `context of the modifier 'm'`).
  ///   - siblings: The names it must not clash with (the document's other modifiers, or the
  ///     modifier's other contexts); the name itself may be among them.
  /// - Returns: The reason in words, or nil.
  public static func problem(in name: String, kind: String, siblings: some Sequence<String>)
    -> String?
  {
    if name.isEmpty { return "a \(kind) name may not be empty" }
    if name.first == " " || name.last == " " {
      return
        "a \(kind) name may not start or end with a space (inputs are read without their spaces)"
    }
    if name.contains("=") || name.contains(",") {
      return
        "a \(kind) name may not hold '=' or ',' (inputs are written modifier=context, joined by ',')"
    }
    if let problem = NameText.problem(in: name) { return problem }
    let lowered = name.lowercased()
    if let other = siblings.first(where: { $0 != name && $0.lowercased() == lowered }) {
      return
        "the \(kind) '\(NameText.quoted(name))' differs from '\(NameText.quoted(other))' only in case; inputs are matched without case (Resolver §5), so only one of them could be chosen: rename one"
    }
    return nil
  }
}
