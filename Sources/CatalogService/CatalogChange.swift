import CatalogLint
import CatalogModel
import CatalogResolver
import CatalogTokens

/// One change to a catalog, for ``CatalogService/apply(_:options:)``.
///
/// Several changes given together are saved in one transaction and checked together: a
/// component may instance another saved in the same call, a token file may alias tokens
/// of another imported with it.
public enum CatalogChange {
  /// Adds or updates a component (a new revision).
  /// - `expectedRevision`: `nil` saves over whatever is stored (`catalog add`); `0`
  ///   creates (the component must not exist); `n` updates revision `n` only (an editor's
  ///   save: someone else's save in between is a ``CatalogError/conflict(name:expected:actual:)``).
  /// - `file`: where the definition came from, for error locations.
  case saveComponent(ComponentDefinition, expectedRevision: Int? = nil, file: String? = nil)
  /// Saves revision `revision` of component `name` again, as a new revision (change
  /// `revert`); brings back a removed component.
  case revertComponent(name: String, revision: Int)
  /// Removes component `name` (its history is kept). Refused while other components use
  /// it, unless ``ChangeOptions/force``.
  case removeComponent(name: String)
  /// Imports DTCG tokens into a set (created when new): each token added, changed or left.
  /// `positions` is the file the tokens were read from, so that a refusal names
  /// `file:line:column` (nil: the file's name and the token's JSON path).
  case importTokens([DesignToken], set: String, source: String?, positions: TokenSource? = nil)
  /// Imports a file's tokens into a set and removes the set's tokens the file no longer
  /// has, so the set equals the file (`add --prune`). Removing a token a component still
  /// uses (directly or through a chain of aliases and math) and that no other set defines
  /// is refused unless ``ChangeOptions/force``.
  case syncTokenSet([DesignToken], set: String, source: String?, positions: TokenSource? = nil)
  /// Makes a set hold exactly `tokens`, provided its tokens are still at the revisions
  /// `expectedRevisions` (path → revision) the caller read (a token-set editor's save).
  case replaceTokenSet(name: String, tokens: [DesignToken], expectedRevisions: [String: Int])
  /// Sets one token's `$value` (JSON or an alias), creating it when needed. `type`
  /// defaults to the token's current `$type`, else `dimension`; a bare number for a
  /// dimension means px. `set` defaults to the set that wins the path; for a new path, the
  /// catalog's only set (with several, or none, it is refused naming them: never invented).
  case setToken(path: String, value: JSONValue, type: String? = nil, set: String? = nil)
  /// Removes a token from one set, or from every set (`nil`).
  case removeToken(path: String, set: String?)
  /// Renames a token in every set and rewrites every alias to it in tokens, components
  /// and resolver documents.
  case renameToken(from: String, to: String)
  /// Moves a token set to `position` in the precedence order (0 lowest; the last wins).
  case moveTokenSet(name: String, position: Int)
  /// Renames a token set (`tokens sets --rename OLD --to NEW`), keeping its place, tokens
  /// and history; the new name must pass ``TokenSetName/problem(in:)``.
  case renameTokenSet(name: String, to: String)
  /// Removes a token set and its tokens (`tokens sets --remove S`, `import --prune` of a
  /// folder that no longer has the set). What used its tokens is checked as for
  /// ``removeToken(path:set:)``: a token another set still defines keeps resolving there.
  case removeTokenSet(name: String)
  /// Adds a platform or changes its defaults (spacing, padding, display scale in points).
  case savePlatform(Platform)
  /// Saves a DTCG resolver document (modes), named `name` or by its own name or file.
  case saveResolverDocument(ResolverDocument, file: String, name: String?)
  /// Removes a stored resolver document with its modifiers and contexts (`tokens resolvers
  /// --remove NAME`, `import --prune` of a folder that no longer has it). Components do not
  /// name resolver documents, so nothing stored depends on it; a `--input` for one of its
  /// modifiers is refused afterwards as for any unknown modifier.
  case removeResolverDocument(name: String)
  /// Saves revision `revision` of the resolver document `name` again, as a new revision
  /// (change `revert`; `tokens resolvers --revert NAME --revision N`); brings back a
  /// removed document. Its sources that name token sets read them as they are now.
  case revertResolverDocument(name: String, revision: Int)
}

/// How ``CatalogService/apply(_:options:)`` treats a change.
public struct ChangeOptions: Sendable {
  /// Save even when the change breaks what depends on it (the problems come back as
  /// ``ChangeResult/warnings``). Invalid input is refused whatever this says.
  public var force: Bool
  /// Check everything and compute the layout impact, then save nothing.
  public var dryRun: Bool
  /// In a dry run, lay every component out before and after (``ChangeResult/impact``);
  /// an editor that only checks a text turns this off.
  public var computesImpact: Bool
  /// Keep token aliases (and math operands) that name no token (`--allow-dangling`): the
  /// dependents check does not count them; `doctor` reports them until the token exists
  /// (``TokenAlias/danglingMessage(_:kept:)``, the one rule).
  public var allowsDangling: Bool
  /// Let ``CatalogChange/setToken(path:value:type:set:)`` create the set it names
  /// (`tokens set --new-set`); without it an unknown set is refused with the sets there
  /// are and the nearest name (``CatalogService/requireTokenSet(_:)``), so a mistyped name
  /// never becomes a new set that wins every path.
  public var createsTokenSet: Bool
  /// Keep an instance of a component the catalog does not hold (`import --force`), as
  /// `remove --force` leaves one: the problem comes back as a warning instead of refusing
  /// the change, so a folder exported from such a catalog imports back into an equal one
  /// (review 17). So is every other problem a documented `--force` can leave in a
  /// component (``CatalogProblem/isLeftByForce``: a length naming a removed or retyped
  /// token, an argument of a renamed parameter; review 20). Every other invalid input is
  /// still refused.
  public var keepsMissingComponents = false
  /// Tokens whose stored value the input keeps as written on purpose (a catalog folder's
  /// `keptValues`: its catalog holds them so, `add --force` or a vendor dialect's value):
  /// the dependents check does not refuse them (``CatalogService/isKeptAsWritten(_:listed:)``,
  /// the one rule); `doctor` reports them until they are fixed.
  public var keptValues: Set<String> = []

  /// Creates options.
  /// - Parameters:
  ///   - force: Save even when dependents break.
  ///   - dryRun: Save nothing; report what would change.
  ///   - computesImpact: In a dry run, compute the layout impact.
  ///   - allowsDangling: Keep aliases that name no token.
  ///   - createsTokenSet: Let `setToken` create the set it names.
  public init(
    force: Bool = false, dryRun: Bool = false, computesImpact: Bool = true,
    allowsDangling: Bool = false, createsTokenSet: Bool = false
  ) {
    self.createsTokenSet = createsTokenSet
    self.force = force
    self.dryRun = dryRun
    self.computesImpact = computesImpact
    self.allowsDangling = allowsDangling
  }
}

/// What one change did (or, in a dry run, would do).
public enum ChangeEvent: Sendable, Equatable {
  /// A component was created (`created`) or updated, as revision `revision`.
  case componentSaved(name: String, revision: Int, created: Bool)
  /// A component's definition was already as given; it stays at `revision`.
  case componentUnchanged(name: String, revision: Int)
  /// A component was saved again as in revision `from`, as revision `revision`.
  case componentReverted(name: String, from: Int, revision: Int)
  /// A component was removed.
  case componentRemoved(name: String)
  /// `count` tokens were imported into `set` from `source`.
  case tokensImported(
    set: String, source: String?, count: Int, added: Int, changed: Int, unchanged: Int)
  /// `--prune` removed `paths` from `set` (the file no longer has them).
  case tokensPruned(set: String, paths: [String])
  /// A token set was replaced.
  case tokenSetReplaced(set: String, added: Int, changed: Int, removed: Int)
  /// A token was saved: `outcome` is `added`, `updated` or `unchanged`; `points` is its
  /// resolved length in points, when it is one.
  case tokenSaved(
    path: String, set: String, value: JSONValue, points: Double?, revision: Int, outcome: String)
  /// A token was removed from `sets`; `uses` components' lengths used it.
  case tokenRemoved(path: String, sets: [String], uses: Int)
  /// A token was renamed in `sets` sets; `aliases` token aliases were rewritten.
  case tokenRenamed(from: String, to: String, sets: Int, aliases: Int)
  /// A token set was moved to `position`.
  case tokenSetMoved(set: String, position: Int)
  /// A token set was renamed.
  case tokenSetRenamed(from: String, to: String)
  /// A token set was removed with its `tokens` (their paths).
  case tokenSetRemoved(set: String, tokens: [String])
  /// A resolver document was removed.
  case resolverDocumentRemoved(name: String)
  /// A platform was added (`created`) or changed.
  case platformSaved(name: String, created: Bool)
  /// A resolver document was saved as `revision` from `source`, with `steps` resolution
  /// steps and its `modifiers` (`mode (light*, dark)`, `*` marking the default).
  case resolverDocumentSaved(
    name: String, source: String?, revision: Int, steps: Int, modifiers: [String])
}

/// The outcome of ``CatalogService/apply(_:options:)``.
public struct ChangeResult: Sendable {
  /// What each change did, in order (components a rename rewrote included).
  public var events: [ChangeEvent] = []
  /// Notes about converted input (a legacy `8px` value read as a DTCG dimension).
  public var notes: [String] = []
  /// What the change breaks, when saved with ``ChangeOptions/force``; and imported tokens
  /// kept although their value cannot be computed with the catalog's tokens, as `doctor`
  /// grades them (`doctor`'s `token-value` check).
  public var warnings: [CatalogProblem] = []
  /// In a dry run: every component and variant whose frames the change would move.
  public var impact: [ImpactAnalyzer.Entry] = []
  /// Whether the change was saved (false for a dry run).
  public var saved = false
}
