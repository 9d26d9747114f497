extension TokenAlias {
  /// The one dangling-alias rule (``danglingMessage(_:kept:)``) as `tokens set` says it:
  /// `tokens set` writes one token and keeps no alias that names nothing (it takes no
  /// `--allow-dangling`, which is for files imported in several steps), so the message
  /// says how to create the target instead (DTCG Format §7.4.5).
  /// - Parameter target: The path the alias names.
  /// - Returns: The message.
  public static func danglingMessageForSet(_ target: String) -> String {
    let hint = spacesHint(target)
    if !hint.isEmpty {
      return
        "the alias {\(target)} names no token of the catalog\(hint); tokens set keeps no alias that names nothing (§7.4.5)"
    }
    return
      "the alias {\(target)} names no token of the catalog\(spacesHint(target)); create it first (catalog tokens set \(target) VALUE), or import the file that defines it; tokens set keeps no alias that names nothing (§7.4.5)"
  }
}
