import CatalogModel

extension LegacyTokenConverter.Converter {
  /// A token that also has child tokens (a group's own value, as Tokens Studio and Style
  /// Dictionary files write it: `"spacing": {"value": "6", "sm": {"value": "8"}}`) as a
  /// DTCG group whose own value is its root token (DTCG Format §6.2, `$root`):
  /// `{"$root": {"$value": …}, "sm": {…}}`, so neither the value nor the children are lost,
  /// and the catalog's sets, `render` and a resolver document's contexts (which read the
  /// merged tree through this same converter) see one token graph. Nil when the object has
  /// no child holding a token (its other keys are the token's own properties), and for
  /// every dialect but `value`/`type` files.
  ///
  /// - Parameters:
  ///   - token: The converted token, or nil when it was not imported (its children still are).
  ///   - object: The token's object as written.
  ///   - path: Its token path.
  ///   - jsonPath: Its JSON path, for warnings.
  ///   - groupType: The type inherited from its group.
  ///   - depth: Its depth in the file.
  /// - Returns: The group, or nil.
  mutating func rootGroup(
    _ token: JSONObject?, _ object: JSONObject, path: [String], jsonPath: String,
    groupType: String?, depth: Int
  ) -> JSONObject? {
    // Tokens Studio and Style Dictionary (`value`/`type`) only: Spectrum's `sets` and the
    // other dialects' token objects hold their modes, not child tokens.
    guard shape.kind == .valueProperty else { return nil }
    let children = object.members.filter { member in
      !member.key.hasPrefix("$") && !Self.tokenProperties.contains(member.key)
        && (member.value.objectValue.map { containsToken($0, depth: depth + 1) } ?? false)
    }
    guard !children.isEmpty else { return nil }
    warn(
      jsonPath, path,
      "a token with child tokens (\(children.map { "'\($0.key)'" }.joined(separator: ", "))): its own value is the group's root token {\(path.joined(separator: ".")).$root} (§6.2)"
    )
    let type = object["type"]?.stringValue.flatMap { mapType($0, jsonPath, path) } ?? groupType
    var group = self.group(
      JSONObject(children), path: path, jsonPath: jsonPath, groupType: type, depth: depth + 1)
    if let token { group.members.insert(("$root", .object(token)), at: 0) }
    return group
  }

  /// The keys a `value`/`type` token uses for itself (Style Dictionary's and Tokens
  /// Studio's token properties), never child tokens.
  static let tokenProperties: Set<String> = [
    "value", "type", "description", "comment", "attributes", "deprecated", "deprecated_comment",
    "renamed", "original", "name", "path", "filePath", "isSource",
  ]

  /// Whether an object is a token or holds one at any depth (up to the file's depth limit).
  func containsToken(_ object: JSONObject, depth: Int) -> Bool {
    guard depth < TokenSource.maximumDepth else { return false }
    if isToken(object) { return true }
    return object.members.contains { member in
      !member.key.hasPrefix("$")
        && (member.value.objectValue.map { containsToken($0, depth: depth + 1) } ?? false)
    }
  }
}
