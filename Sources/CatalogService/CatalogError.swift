import CatalogModel
import CatalogStore

/// Where a problem is: the component, the JSON path inside its definition, the token, and
/// the file and position (`file:line:column`) when the input came from a file.
public struct CatalogLocation: Sendable, Equatable, CustomStringConvertible {
  /// The component, when the problem is in one.
  public var component: String?
  /// The JSON path inside the component's definition (`body.children[1].spacing`).
  public var jsonPath: String?
  /// The token path, when the problem is a token's.
  public var token: String?
  /// The file and position (`Card.json:14:21`), when known.
  public var file: String?

  /// Creates a location; leave out what is unknown.
  /// - Parameters:
  ///   - component: The component's name.
  ///   - jsonPath: The JSON path inside the definition.
  ///   - token: The token path.
  ///   - file: `file`, `file:line` or `file:line:column`.
  public init(
    component: String? = nil, jsonPath: String? = nil, token: String? = nil, file: String? = nil
  ) {
    self.component = component
    self.jsonPath = jsonPath
    self.token = token
    self.file = file
  }

  /// `file: component: path`, leaving out what is unknown (a token's problem names its
  /// token in the message).
  public var description: String { DiagnosticText.place([file, component, jsonPath]) }
}

/// One thing wrong with a change or with the catalog: where, and what was expected.
public struct CatalogProblem: Sendable, Equatable, CustomStringConvertible {
  /// Where the problem is.
  public var location: CatalogLocation
  /// What is wrong and what was expected.
  public var message: String
  /// The component an instance names that the catalog does not hold, when that is the
  /// problem (``DefinitionChecker``): the one problem `import --force` keeps
  /// (``ChangeOptions/keepsMissingComponents``), as `remove --force` leaves it.
  public var missingComponent: String? = nil
  /// Whether a documented `--force` on another change can leave this problem in a
  /// component (``DefinitionChecker``): a length naming a token removed or retyped
  /// (`tokens remove space.sm --force`), an argument or slot of an instance whose component
  /// changed its parameters (`add V.json --force`). `import --force` keeps it with a
  /// warning (``ChangeOptions/keepsMissingComponents``), so a folder `export` wrote from
  /// such a catalog imports back.
  public var isLeftByForce = false
  /// The damaged stored component an instance reaches, when that is the problem
  /// (``DefinitionChecker``, ``DamagedDefinition``): not counted against a component that a
  /// change rewrites on the user's behalf (`tokens rename`), which held the instance before.
  public var reachesDamaged: String? = nil

  /// Creates a problem.
  /// - Parameters:
  ///   - location: Where it is.
  ///   - message: What is wrong and what was expected.
  public init(_ location: CatalogLocation, _ message: String) {
    self.location = location
    self.message = message
  }

  /// Creates a problem from a definition error (component, file position, JSON path).
  /// - Parameter error: The parser's or checker's error.
  public init(_ error: DefinitionError) {
    self.location = CatalogLocation(
      component: error.component, jsonPath: error.path, file: error.location)
    self.message = error.message
  }

  /// `location: message`.
  public var description: String {
    DiagnosticText.whereAndWhat([location.file, location.component, location.jsonPath], message)
  }
}

/// Why the catalog service refused a change or could not read the catalog.
///
/// Every case carries what a caller needs to act on it; ``description`` is a sentence a
/// command-line tool prints after `Error: `. When a change throws, nothing was saved: every
/// change runs in one SQLite transaction that is rolled back.
public enum CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
  /// There is no catalog file at `path` (read commands never create one).
  case noCatalog(path: String)
  /// The input itself is invalid: a definition that does not parse or names unknown
  /// components, tokens or parameters; a token value of the wrong type. One problem each.
  case invalid([CatalogProblem])
  /// The change is valid on its own but breaks what depends on it: components that
  /// instance a changed or removed component, lengths whose token changed type, aliases
  /// that no longer resolve. Pass ``ChangeOptions/force`` to save anyway.
  case breaksDependents([CatalogProblem])
  /// There is no `kind` (`component`, `token`, `token set`, `revision`, `variant`,
  /// `resolver document`, `platform`) named `name`; `known` lists the ones there are.
  case notFound(kind: String, name: String, known: [String])
  /// A stored value no longer parses (a definition edited at the sqlite3 prompt, say).
  case corrupt(CatalogProblem)
  /// Component `name` is at revision `actual` (0: removed), not `expected`: someone else
  /// saved it in between.
  case conflict(name: String, expected: Int, actual: Int)
  /// Token set `set` was changed by someone else while it was being edited: the tokens
  /// `paths` are not at the revisions the edit started from.
  case tokenSetConflict(set: String, paths: [String])
  /// Component `name` is used by the components `by`.
  case inUse(name: String, by: [String])
  /// Another process held the write lock longer than the busy timeout.
  case locked(path: String)
  /// The file or its folder cannot be written.
  case readOnly(path: String)
  /// The file is not a catalog (not SQLite, or another application's database).
  case notACatalog(path: String, reason: String)
  /// A read-only open found an old schema: `found` is below `required`.
  case outdatedSchema(found: Int, required: Int)
  /// The file was made by a newer catalog: schema `found` is above `supported`.
  case newerSchema(found: Int, supported: Int)
  /// SQLite could not open or create the file at `path`.
  case cannotOpen(path: String, reason: String)
  /// Any other storage failure: SQLite's message put in words, and its result code when
  /// SQLite gave one (match `code?.primary == .full` for a full disk, say).
  case storage(String, code: SQLiteResultCode? = nil)
  /// A command refused to write `path`, before writing anything: ``OutputPathRule`` (the
  /// path is empty or is the catalog) or ``SiteFolder/checkReplaceable(_:)`` (a folder
  /// `catalog site` did not write). `reason` says why and what to do.
  case refusedOutput(path: String, reason: String)

  /// A refused change's problems as `add` and `import` print them, one `Error:` line each:
  /// `file:line:column: would break {y}: …`, the place first as every other error puts it,
  /// and the last line ending with how to save anyway (review 16: the hint was a line of
  /// its own, and the place followed "would break").
  /// The hint goes on the last line printed: the last of the first `shown` lines when the
  /// list is longer (``BoundedList``), so it is never cut off with the rest.
  /// - Parameters:
  ///   - problems: The problems of ``breaksDependents(_:)``.
  ///   - shown: How many lines will be printed (nil: all of them).
  /// - Returns: The lines, without `Error: `.
  public static func breakingLines(_ problems: [CatalogProblem], shown: Int? = BoundedList.limit)
    -> [String]
  {
    var lines = problems.map { p in
      var rest = p.location
      rest.file = nil
      return DiagnosticText.whereAndWhat(
        [p.location.file], "would break \(CatalogProblem(rest, p.message))")
    }
    let last = min(lines.count, shown ?? lines.count) - 1
    if last >= 0 { lines[last] += " (pass --force to save anyway)" }
    return lines
  }

  /// The error as one or more lines for people.
  public var description: String {
    switch self {
    case .noCatalog(let path) where path.isEmpty:
      return
        "cannot open the catalog (--db ''): \(EmptyPath.explanation("names no file")); give the catalog file with --db PATH, or leave --db out to use $CATALOG_DB or ./catalog.db"
    case .noCatalog(let path):
      if let loop = CatalogStore.symbolicLinkLoop(path) {
        return "no catalog at '\(path)': \(loop)"
      }
      return
        "no catalog at '\(path)'; create one with 'catalog init', or choose another with --db or $CATALOG_DB"
    case .invalid(let problems):
      return BoundedList.lines(problems.map(\.description), noun: "problem").joined(separator: "\n")
    case .breaksDependents(let problems):
      // The names in first-seen order, each once: a set answers "seen?" (a search of the
      // list made 20,000 broken dependents cost 200 million comparisons).
      var names: [String] = []
      var seen = Set<String>()
      for p in problems {
        let name = p.location.component ?? p.location.token.map { "{\($0)}" } ?? ""
        if !name.isEmpty && seen.insert(name).inserted { names.append(name) }
      }
      let what = names.isEmpty ? "" : " " + BoundedList.inline(names, limit: 8)
      let shown = BoundedList.lines(problems.map(\.description), noun: "reference").joined(
        separator: "\n  ")
      return
        "the change would break\(what) (\(Plural.count(problems.count, "reference"))); nothing was saved (pass --force to save anyway):\n  \(shown)"
    case .notFound(let kind, let name, let known):
      let list = known.isEmpty ? "" : " (there are: \(BoundedList.inline(known)))"
      return "no \(kind) named '\(name)'\(list)\(NameSuggestion.didYouMean(name, among: known))"
    case .corrupt(let problem):
      return "the catalog holds an invalid value: \(problem)"
    case .conflict(let name, let expected, let actual):
      if actual == 0 {
        return "component '\(name)' was removed by someone else (you edited revision \(expected))"
      }
      return
        "component '\(name)' was changed by someone else (you edited revision \(expected), it is now at \(actual))"
    case .tokenSetConflict(let set, let paths):
      let shown = BoundedList.inline(paths.map { "{\($0)}" }, limit: 5)
      return "token set '\(set)' was changed by someone else while you edited it (\(shown))"
    case .inUse(let name, let users):
      return
        "component '\(name)' is used by the \(users.count == 1 ? "component" : "components") \(BoundedList.inline(users)); change or remove them first, or pass --force to remove it anyway (they keep instances of it that `doctor` reports)"
    case .locked(let path):
      return "the catalog at '\(path)' is locked by another process; try again"
    case .readOnly(let path):
      return StoreError.readOnly(path: path).description
    case .notACatalog(let path, let reason):
      return "'\(path)' is not a catalog: \(reason)"
    case .outdatedSchema(let found, let required):
      return StoreError.outdatedSchema(found: found, required: required).description
    case .newerSchema(let found, let supported):
      return StoreError.newerSchema(found: found, supported: supported).description
    case .cannotOpen(let path, let reason):
      return StoreError.cannotOpen(path: path, reason: reason).description
    case .storage(let message, _):
      return message
    case .refusedOutput(let path, let reason):
      return "will not write '\(path)': \(reason)"
    }
  }

  /// The catalog error for a store error: the same case where there is one, else its words.
  /// - Parameter error: What the store threw.
  /// - Returns: The matching ``CatalogError``.
  static func from(_ error: StoreError) -> CatalogError {
    switch error {
    case .conflict(let name, let expected, let actual):
      return .conflict(name: name, expected: expected, actual: actual)
    case .inUse(let name, let by): return .inUse(name: name, by: by)
    case .locked(let path): return .locked(path: path)
    case .readOnly(let path): return .readOnly(path: path)
    case .notACatalog(let path, let reason): return .notACatalog(path: path, reason: reason)
    case .outdatedSchema(let found, let required):
      return .outdatedSchema(found: found, required: required)
    case .newerSchema(let found, let supported):
      return .newerSchema(found: found, supported: supported)
    case .notFound(let kind, let name): return .notFound(kind: kind, name: name, known: [])
    case .cannotOpen(let path, let reason): return .cannotOpen(path: path, reason: reason)
    default: return .storage(error.description, code: error.resultCode)
    }
  }

  /// Runs `body`, turning any error into a ``CatalogError``.
  static func wrapping<T>(_ body: () throws -> T) throws(CatalogError) -> T {
    do { return try body() } catch let error as CatalogError { throw error } catch let error
      as StoreError
    {
      throw from(error)
    } catch let error as DefinitionError {
      throw .invalid([CatalogProblem(error)])
    } catch {
      throw .storage("\(error)")
    }
  }
}

/// Counts with the right plural: `1 token`, `2 tokens`, `1 alias`, `3 aliases`.
public enum Plural {
  /// `count noun`, the noun in the plural unless `count` is 1.
  /// - Parameters:
  ///   - count: How many.
  ///   - noun: The singular noun.
  ///   - plural: The plural when it is not the noun plus `s` (`aliases`).
  /// - Returns: The phrase.
  public static func count(_ count: Int, _ noun: String, _ plural: String? = nil) -> String {
    "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
  }
}
