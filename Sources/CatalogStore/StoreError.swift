import CatalogEscaping
internal import CatalogSystem

/// Why the catalog store could not do what was asked.
///
/// Every case's ``description`` is a sentence a command-line tool can print after
/// `Error: `. Nothing was changed when one of these is thrown: each change runs in a
/// transaction that is rolled back on failure.
public enum StoreError: Error, CustomStringConvertible, Equatable, Sendable {
  /// SQLite reported an error.
  ///
  /// `code` is the primary result code (`19` for `SQLITE_CONSTRAINT`), `extendedCode` the
  /// extended one (`275` for `SQLITE_CONSTRAINT_CHECK`), `message` what `sqlite3_errmsg`
  /// said and `sql` the statement being run, if any. A failed named CHECK constraint of
  /// the catalog's schema is described in words and by name.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/rescode.html>
  case sqlite(code: Int32, extendedCode: Int32, message: String, sql: String?)
  /// The file was written by a newer version of catalog: its schema version `found` is
  /// above the newest this version knows, `supported`. The file was left as it was.
  case newerSchema(found: Int, supported: Int)
  /// SQLite found the catalog file at `path` damaged (`SQLITE_CORRUPT`); `message` is
  /// what `sqlite3_errmsg` said. The message names the file in the commands it suggests.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/recovery.html>
  case damaged(path: String, extendedCode: Int32, message: String)
  /// The file at `path` is not a catalog: not an SQLite database, or another
  /// application's database. The file was left as it was.
  case notACatalog(path: String, reason: String)
  /// SQLite could not open or create the file at `path`.
  case cannotOpen(path: String, reason: String)
  /// A backup cannot be written at `path` (its folder does not exist, or the copy cannot be
  /// created or put in place): said of the backup, not of the catalog.
  case cannotBackUp(path: String, reason: String)
  /// The catalog at `path` was opened read-only (or the file cannot be written), so it
  /// cannot be changed.
  case readOnly(path: String)
  /// A read-only open found schema version `found`, older than the `required` one; a
  /// read-write open (any command that writes, or `catalog init`) upgrades the file.
  case outdatedSchema(found: Int, required: Int)
  /// There is no `kind` (`"component"`, `"token set"`) named `name`.
  case notFound(kind: String, name: String)
  /// A `kind` named `name` already exists.
  case alreadyExists(kind: String, name: String)
  /// Component `name` is at revision `actual` (0 when it no longer exists), not at the
  /// `expected` revision the change was made from: someone else saved it in between.
  case conflict(name: String, expected: Int, actual: Int)
  /// Component `name` cannot be removed because the components `by` use it.
  case inUse(name: String, by: [String])
  /// A `kind` name holds characters names may not hold (`NameText.problem(in:)`):
  /// control, invisible or bidirectional characters.
  case invalidName(kind: String, name: String, reason: String)
  /// Another connection held the catalog's write lock for longer than the busy timeout
  /// (`SQLITE_BUSY`).
  case locked(path: String)

  /// The error as a sentence, for people.
  public var description: String {
    switch self {
    case .sqlite(let code, let extendedCode, let message, let sql):
      return StoreError.describeSQLite(
        code: code, extendedCode: extendedCode, message: message, sql: sql)
    case .newerSchema(let found, let supported):
      return "this catalog was made by a newer version of catalog (schema version \(found); "
        + "this version of catalog supports up to schema version \(supported)); "
        + "upgrade catalog to use it"
    case .notACatalog(let path, let reason):
      return "'\(path)' is not a catalog: \(reason)"
    case .cannotOpen(let path, let reason):
      return "cannot open the catalog at '\(path)': \(reason)"
    case .cannotBackUp(let path, let reason):
      return "cannot back up the catalog to '\(path)': \(reason)"
    case .damaged(let path, _, let message):
      return StoreError.damagedFile(path: path, message: message)
    case .readOnly(let path):
      let foreign = StoreError.sidecarsBlockingWrites(of: path)
      if !foreign.isEmpty {
        let files = foreign.map { "'\($0)'" }.joined(separator: " and ")
        return
          "the catalog at '\(path)' cannot be written: \(files) beside it \(foreign.count == 1 ? "belongs" : "belong") to another user and cannot be written by you (SQLite's write-ahead log and shared-memory files, left by that user's catalog while it was open); once nobody has the catalog open, that user (or the folder's owner) can remove them, or you can read and write the catalog from one account"
      }
      return
        "the catalog at '\(path)' cannot be written: the file or its folder is read-only (a write also needs SQLite to create '\(path)-wal' and '\(path)-shm' beside it)"
    // Same shape as the other cases' messages (a case and its sentence), kept because each error
    // says its own thing.
    case .outdatedSchema(let found, let required):
      return "the catalog has schema version \(found) but this version of catalog needs "
        + "schema version \(required); run a command that writes, such as `catalog init`, "
        + "to upgrade it"
    case .notFound(let kind, let name):
      return "there is no \(kind) named '\(name)'"
    case .alreadyExists(let kind, let name):
      return "a \(kind) named '\(name)' already exists"
    case .conflict(let name, let expected, let actual):
      if actual == 0 {
        return "component '\(name)' was removed by someone else (you edited revision \(expected))"
      }
      return "component '\(name)' was changed by someone else (you edited revision "
        + "\(expected), it is now at \(actual))"
    case .inUse(let name, let users):
      let noun = users.count == 1 ? "component" : "components"
      return "component '\(name)' is used by the \(noun) \(StoreError.list(users)); "
        + "change or remove them first, or pass --force to remove it anyway (they keep instances of it that `doctor` reports)"
    case .invalidName(let kind, let name, let reason):
      return "the \(kind) name '\(name)' is refused: \(reason)"
    case .locked(let path):
      return "the catalog at '\(path)' is locked by another process; try again"
    }
  }

  /// The `-wal` and `-shm` files beside the catalog at `path` that belong to another user
  /// and that this process cannot write: SQLite then cannot change the catalog, although
  /// the catalog file itself is writable. The cause ``readOnly(path:)`` names first.
  ///
  /// - Parameter path: The catalog file.
  /// - Returns: The paths of such files, `-wal` first; empty when there are none.
  static func sidecarsBlockingWrites(of path: String) -> [String] {
    [path + "-wal", path + "-shm"].filter {
      FileStatus.isOwnedByAnotherUser(atPath: $0) && !FileStatus.isWritable(atPath: $0)
    }
  }

  // MARK: - Describing SQLite errors

  /// What each named CHECK constraint of the schema means, in words.
  static let constraintMeanings: [String: String] = [
    "component_name_is_identifier":
      "a component name must be an identifier: a letter or underscore, then letters, "
      + "digits or underscores, at most 128 characters",
    "component_definition_is_json_object": "a component definition must be a JSON object",
    "component_revision_is_positive": "a component revision must be 1 or more",
    "component_parameter_position_is_not_negative": "a parameter position must be 0 or more",
    "component_parameter_name_is_identifier":
      "a parameter name must be an identifier: a letter or underscore, then letters, "
      + "digits or underscores, at most 128 characters",
    "component_parameter_type_is_not_empty": "a parameter must have a type",
    "component_parameter_default_value_is_json": "a parameter default must be JSON text",
    "component_parameter_is_optional_is_boolean": "is_optional must be 0 or 1",
    "component_variant_position_is_not_negative": "a variant position must be 0 or more",
    "component_variant_name_is_not_empty": "a variant name must be 1 to 128 characters",
    "component_variant_arguments_is_json_object": "a variant's arguments must be a JSON object",
    "component_length_json_path_is_not_empty": "a length must have a JSON path",
    "component_length_property_is_not_empty": "a length must name the property it sizes",
    "component_length_source_is_known":
      "a length's source must be 'literal', 'token', 'parameter' or 'default'",
    "component_length_literal_has_points":
      "a literal length must have a number of points, and only a literal length has one",
    "component_length_token_has_path":
      "a token length must name its token, and only a token length names one",
    "component_length_parameter_has_name":
      "a parameter length must name its parameter, and only a parameter length names one",
    "component_token_json_path_is_not_empty": "a token use must have a JSON path",
    "component_token_property_is_not_empty":
      "a token use must name the property it gives a value to",
    "component_token_token_path_is_not_empty": "a token use must name its token",
    "component_token_kind_is_known":
      "a token use's kind must be 'length', 'border', 'shadow' or 'color'",
    "component_instance_json_path_is_not_empty": "an instance must have a JSON path",
    "component_instance_instance_of_is_identifier":
      "an instance must name a component with an identifier",
    "component_revision_revision_is_positive": "a revision number must be 1 or more",
    "component_revision_definition_is_json_object":
      "a saved definition must be a JSON object",
    "component_revision_change_is_known":
      "a revision's change must be 'create', 'update', 'remove' or 'revert'",
    "component_revision_removal_has_no_definition":
      "a removal has no definition, and every other revision has one",
    "token_set_name_is_not_empty":
      "a token set name must be 1 to 128 characters without surrounding spaces",
    "token_path_is_dotted_names":
      "a token path must be names joined by dots, none starting with '$' and none "
      + "containing '{' or '}'",
    "token_value_is_json": "a token value must be JSON text",
    "token_resolved_value_is_json": "a resolved token value must be JSON text",
    "token_deprecated_is_boolean_or_text": "$deprecated must be true, false or a message",
    "token_extensions_is_json_object": "$extensions must be a JSON object",
    "token_revision_is_positive": "a token revision must be 1 or more",
    "token_revision_revision_is_positive": "a token revision must be 1 or more",
    "token_revision_value_is_json": "a saved token value must be JSON text",
    "token_revision_change_is_known":
      "a revision's change must be 'create', 'update', 'remove' or 'revert'",
    "token_revision_removal_has_no_value":
      "a removal has no value, and every other revision has one",
    "platform_name_is_lowercase_identifier":
      "a platform name must be a lowercase identifier of at most 64 characters",
    "platform_default_spacing_is_not_negative": "a platform's default spacing must be 0 or more",
    "platform_default_padding_is_not_negative": "a platform's default padding must be 0 or more",
    "platform_display_scale_is_positive": "a platform's display scale must be more than 0",
  ]

  /// What each UNIQUE constraint of the schema means, keyed by SQLite's column list.
  static let uniqueMeanings: [String: String] = [
    "component.name": "a component with that name already exists",
    "component_parameter.component_id, component_parameter.name":
      "two parameters of the component have the same name",
    "component_variant.component_id, component_variant.name":
      "two variants of the component have the same name",
    "component_length.component_id, component_length.json_path, component_length.property":
      "the same length (JSON path and property) is listed twice",
    "component_token.component_id, component_token.json_path, component_token.property":
      "the same token use (JSON path and property) is listed twice",
    "component_instance.component_id, component_instance.json_path":
      "two instances have the same JSON path",
    "token_set.name": "a token set with that name already exists",
    "token.token_set_id, token.path": "the token set already has a token with that path",
  ]

  private static func describeSQLite(
    code: Int32, extendedCode: Int32, message: String, sql: String?
  ) -> String {
    let checkPrefix = "CHECK constraint failed: "
    if message.hasPrefix(checkPrefix) {
      let name = String(message.dropFirst(checkPrefix.count))
      if let meaning = constraintMeanings[name] {
        return "\(meaning) (CHECK constraint \(name) failed)"
      }
      return "the catalog refused the change: CHECK constraint \(name) failed"
    }
    let uniquePrefix = "UNIQUE constraint failed: "
    if message.hasPrefix(uniquePrefix),
      let meaning = uniqueMeanings[String(message.dropFirst(uniquePrefix.count))]
    {
      return "\(meaning) (\(message))"
    }
    if let plain = plainTrouble(code: code, message: message) { return plain }
    var text = "SQLite error \(extendedCode): \(message)"
    if let sql, !sql.isEmpty {
      text += " (while running `\(abbreviated(sql))`)"
    }
    return text
  }

  /// What happened and what to do, for the SQLite errors that mean trouble with the file
  /// rather than with the change: I/O errors, a damaged file, a full disk, a file SQLite
  /// cannot open, and a schema that lacks what the migrations made. SQLite's own words
  /// follow in parentheses.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/rescode.html>,
  /// <https://www.sqlite.org/howtocorrupt.html>
  ///
  /// - Parameters:
  ///   - code: The primary result code.
  ///   - message: What `sqlite3_errmsg` said.
  /// - Returns: The sentence, or nil for other errors.
  static func plainTrouble(code: Int32, message: String) -> String? {
    switch code & 0xff {
    case 10:  // SQLITE_IOERR
      return "the disk failed to read or write the catalog file (\(message)); no change was saved. "
        + "Check the disk and the file system (a removed drive, a network share that went away), then try again; "
        + "if it happens again, \(restoreAdvice(path: nil, startsSentence: false))"
    case 11:  // SQLITE_CORRUPT
      return damagedFile(path: nil, message: message)
    case 13:  // SQLITE_FULL
      return "the disk is full (\(message)); nothing was saved. Free some space and try again"
    case 14:  // SQLITE_CANTOPEN
      return "SQLite could not open the catalog file or its journal (\(message)). "
        + "Check that the folder exists and can be written: SQLite creates the '-wal' and '-shm' files beside the catalog"
    case 1 where message.hasPrefix("no such table") || message.hasPrefix("no such column"):
      return
        "the catalog's schema lacks what this version of catalog expects (\(message)): the file's "
        + "schema version says it is up to date, but it was changed by hand or by a broken build. "
        + restoreAdvice(path: nil, startsSentence: true)
    default:
      return nil
    }
  }

  /// A damaged catalog file (`SQLITE_CORRUPT`) and what to do: the one sentence of
  /// ``damaged(path:extendedCode:message:)`` and of a damaged file found by a statement
  /// (``plainTrouble(code:message:)``), naming the file in its commands when it is known.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/recovery.html>
  ///
  /// - Parameters:
  ///   - path: The catalog file, or nil when the error does not say which.
  ///   - message: What `sqlite3_errmsg` said.
  /// - Returns: The sentence.
  static func damagedFile(path: String?, message: String) -> String {
    let recover =
      path.map { "`sqlite3 \(Escaping.shellWord($0)) .recover | sqlite3 recovered.db`" }
      ?? "the sqlite3 shell's `.recover` command"
    return "the catalog file\(path.map { " '\($0)'" } ?? "") is damaged (\(message)). "
      + "\(restoreAdvice(path: path, startsSentence: true)); \(recover) may save what is left"
  }

  /// The advice for a catalog file that may be damaged: see the damage with `catalog
  /// doctor`, then restore a backup. One wording for every message that gives it.
  ///
  /// - Parameters:
  ///   - path: The catalog file, named with `--db` in the command when known.
  ///   - startsSentence: Whether the advice starts a sentence (`Run …`, else `run …`).
  /// - Returns: The advice, without a final full stop.
  static func restoreAdvice(path: String?, startsSentence: Bool) -> String {
    let doctor = path.map { "catalog --db \(Escaping.shellWord($0)) doctor" } ?? "catalog doctor"
    return (startsSentence ? "Run" : "run")
      + " `\(doctor)` to see the damage, and restore a backup (made with `catalog backup PATH`)"
  }

  /// A message as `catalog doctor` shows it: the advice to run `catalog doctor`
  /// (``restoreAdvice(path:startsSentence:)``, in any of its forms) becomes the advice to
  /// restore a backup, since doctor is what is running (review 19: doctor on a damaged file
  /// said "Run catalog doctor").
  /// - Parameters:
  ///   - message: An error's message.
  ///   - path: The catalog file doctor checks.
  /// - Returns: The message without advice to run doctor.
  public static func inDoctor(_ message: String, path: String) -> String {
    var out = message
    for file in [path, nil] as [String?] {
      for starts in [true, false] {
        out = out.replacing(
          restoreAdvice(path: file, startsSentence: starts),
          with: (starts ? "Restore" : "restore") + " a backup (made with `catalog backup PATH`)")
      }
    }
    return out
  }

  /// The SQL on one line, cut to a readable length.
  private static func abbreviated(_ sql: String) -> String {
    let words = sql.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
    let line = words.joined(separator: " ")
    return line.count > 160 ? String(line.prefix(157)) + "..." : line
  }

  /// `A`, `A and B`, `A, B and C`.
  private static func list(_ names: [String]) -> String {
    guard let last = names.last else { return "" }
    if names.count == 1 { return last }
    return names.dropLast().joined(separator: ", ") + " and " + last
  }
}
