/// How a command ends other than by succeeding, following swift-argument-parser's
/// conventions: usage errors exit 64 (`EX_USAGE`) with the usage line; other failures exit
/// 1 with `Error: …`; help exits 0 on stdout.
public enum CommandError: Error, Equatable {
  /// The command line is wrong (unknown option, missing argument, bad value): exit 64.
  case usage(String, command: [String])
  /// The command failed (bad input file, unknown component, database problem): exit 1.
  case failure(String)
  /// Help was asked for: print it to stdout, exit 0.
  case help(command: [String])
  /// The command already printed its report and only needs the exit status (e.g. `add`
  /// after listing each file's problems): exit 1.
  case silentFailure
  /// The command ran in another process (`catalog-swift`), which printed its own output
  /// and messages: exit with that process's status.
  case exitStatus(Int32)
}

/// The exit statuses `catalog` uses.
public enum ExitStatus {
  /// Success.
  public static let success: Int32 = 0
  /// A failure other than a usage error.
  public static let failure: Int32 = 1
  /// A usage error (`EX_USAGE` from sysexits.h).
  public static let usage: Int32 = 64
}
