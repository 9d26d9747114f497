import CatalogStore

// The catalog's rows as the service hands them to callers. They are plain values (no
// connection behind them); callers read them, and change the catalog only through
// ``CatalogService/apply(_:options:)``.

/// A stored component: name, description, definition JSON, revision, timestamps.
public typealias StoredComponent = ComponentRecord
/// One saved revision of a component (the definition is `nil` for a removal).
public typealias StoredRevision = RevisionRecord
/// A stored token: set, path, type, value, resolved value and points, revision.
public typealias StoredToken = TokenRecord
/// A token set with its precedence and token count.
public typealias StoredTokenSet = TokenSetRecord
/// One saved value of a token.
public typealias StoredTokenRevision = TokenRevisionRecord
/// Where a component uses a token (component, JSON path, property, points).
public typealias StoredTokenUse = TokenUsageRecord
/// A stored DTCG resolver document with its modifiers.
public typealias StoredResolverDocument = ResolverDocumentRecord
/// A problem SQLite's checks or the catalog's invariants found.
public typealias HealthFinding = HealthProblem
/// Counts of a token import: added, changed, unchanged.
public typealias TokenImportCounts = TokenImportSummary
