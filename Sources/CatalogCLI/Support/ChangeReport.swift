import CatalogLint
import CatalogModel
import CatalogResolver
import CatalogService
import CatalogSystem
import CatalogTokens

/// The line `catalog` prints for each thing a change did (the service's ``ChangeEvent``s).
package enum ChangeReport {
  /// The lines a write command prints for a change: one per event; for a dry run in the
  /// conditional (`Would add …`), then `Dry run: nothing was saved.` and the frames the
  /// change would move.
  /// - Parameters:
  ///   - result: What the service did (or would do).
  ///   - dryRun: Whether nothing was saved.
  /// - Returns: The lines, without newlines.
  package static func lines(_ result: ChangeResult, dryRun: Bool) -> [String] {
    var report = result.events.map(line)
    guard dryRun else { return report }
    report = report.map(conditional)
    report.append("Dry run: nothing was saved.")
    report.append(ImpactAnalyzer.report(result.impact).trimmed(.newlines))
    return report
  }

  /// An event's line as a dry run says it: `Would add …` for `Added …`.
  /// - Parameter line: The line ``line(_:)`` gave.
  /// - Returns: The line in the conditional, or as it was when it names no action.
  package static func conditional(_ line: String) -> String {
    for (done, would) in [
      ("Imported", "Would import"), ("Added", "Would add"), ("Updated", "Would update"),
      ("Unchanged", "Would leave unchanged"), ("Pruned", "Would prune"),
      ("Removed", "Would remove"), ("Saved", "Would save"),
    ] where line.hasPrefix(done) {
      return would + line.dropFirst(done.count)
    }
    return line
  }

  /// One line for an event, without a newline.
  /// - Parameter event: What the service did.
  /// - Returns: The line (`Added TrackRow (revision 1)`).
  package static func line(_ event: ChangeEvent) -> String {
    switch event {
    case .componentSaved(let name, let revision, let created):
      return "\(created ? "Added" : "Updated") \(name) (revision \(revision))"
    case .componentUnchanged(let name, let revision):
      return "Unchanged \(name) (revision \(revision))"
    case .componentReverted(let name, let from, let revision):
      return "Reverted \(name) to revision \(from) (saved as revision \(revision))"
    case .componentRemoved(let name):
      return "Removed \(name)"
    case .tokensImported(let set, let source, let count, let added, let changed, let unchanged):
      return
        "Imported \(Plural.count(count, "token")) from \(source ?? "input") into set '\(set)' (\(added) added, \(changed) changed, \(unchanged) unchanged)"
    case .tokensPruned(let set, let paths):
      return paths.isEmpty
        ? "Pruned nothing from set '\(set)': it has no token the file lacks"
        : "Pruned \(Plural.count(paths.count, "token")) from set '\(set)': "
          + paths.map { "{\($0)}" }.joined(separator: ", ")
    case .tokenSetReplaced(let set, let added, let changed, let removed):
      return "Saved token set '\(set)': \(added) added, \(changed) changed, \(removed) removed"
    case .tokenSaved(let path, let set, let value, let points, let revision, let outcome):
      return
        "\(outcome.prefix(1).uppercased() + outcome.dropFirst()) {\(path)} = \(TokenValue.shortDescription(value))\(points.map { " (\(formatPoints($0))pt)" } ?? "") in set '\(set)' (revision \(revision))"
    case .tokenRemoved(let path, let sets, let uses):
      return
        "Removed {\(path)} from \(sets.map { "'\($0)'" }.joined(separator: ", "))\(uses == 0 ? "" : "; \(Plural.count(uses, "use")) in components no longer resolve")"
    case .tokenRenamed(let from, let to, let sets, let aliases):
      return
        "Renamed {\(from)} to {\(to)} in \(Plural.count(sets, "set")); \(Plural.count(aliases, "token alias", "token aliases")) updated"
    case .tokenSetMoved(let set, let position):
      return "Moved token set '\(set)' to position \(position)"
    case .tokenSetRenamed(let from, let to):
      return "Renamed token set '\(from)' to '\(to)'"
    case .resolverDocumentRemoved(let name):
      return "Removed resolver document '\(NameText.quoted(name))'"
    case .tokenSetRemoved(let set, let tokens):
      return "Removed token set '\(set)' and its \(Plural.count(tokens.count, "token"))"
    case .platformSaved(let name, let created):
      return "\(created ? "Added" : "Updated") platform \(name)"
    case .resolverDocumentSaved(let name, let source, let revision, let steps, let modifiers):
      return
        "Imported resolver '\(NameText.quoted(name))' from \(NameText.quoted(source ?? "input")) (revision \(revision)): \(Plural.count(steps, "step"))\(modifiers.isEmpty ? "" : "; modifiers: \(modifiers.map(NameText.quoted).joined(separator: "; ")); * = default")"
    }
  }
}
