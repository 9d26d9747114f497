import CatalogService

extension CatalogSession {
  /// The last step `add` and `import` share: apply the changes in one transaction under
  /// the progress bar's "saving" (or, for a dry run, "checking") phase; on refusal print
  /// each problem and say nothing was saved (``AddCommand/reportProblems(_:_:command:)``);
  /// then print the service's warnings through the command's ``WarningPrinter``.
  /// - Parameters:
  ///   - changes: The changes.
  ///   - prepared: The files the changes were read from, to place a problem of one of
  ///     their tokens in its file (``PreparedInput/placed(_:in:)``).
  ///   - options: `force`, `dryRun`, `allowsDangling`.
  ///   - progress: The command's progress bar (finished here).
  ///   - warnings: The command's warning printer.
  ///   - context: Where to print.
  ///   - command: The command to run again once the input is fixed (`add`, `import`).
  /// - Returns: What was saved (or would be).
  /// - Throws: ``CommandError/silentFailure`` when the changes were refused (the problems
  ///   are printed).
  func saveImport(
    _ changes: [CatalogChange], placing prepared: PreparedInput?, options: ChangeOptions,
    progress: ProgressReporter,
    warnings: WarningPrinter, _ context: Context, command: String
  ) throws(CommandError) -> ChangeResult {
    let result: ChangeResult
    progress.phase(options.dryRun ? "checking the changes" : "saving")
    do {
      result = try apply(changes, options: options)
    } catch {
      progress.finish()
      if case .breaksDependents(let problems) = error, let prepared {
        throw AddCommand.reportProblems(
          .breaksDependents(prepared.placed(problems, in: changes)), context, command: command,
          verbose: warnings.verbose)
      }
      throw AddCommand.reportProblems(error, context, command: command, verbose: warnings.verbose)
    }
    progress.finish()
    let forced = prepared.map { $0.placed(result.warnings, in: changes) } ?? result.warnings
    for warning in forced { warnings.warn("warning: \(warning)") }
    return result
  }
}
