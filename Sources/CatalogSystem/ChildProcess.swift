#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs another program and waits for it (`posix_spawn(3)`), standing in for Foundation's
/// `Process` so that `catalog` links no Foundation (issue 17, point 4).
///
/// Standard input is `/dev/null`, this process's own, or bytes written to a pipe; standard
/// output and error are this process's own or collected. Collected streams and written
/// input are served together (`poll(2)`), so no full pipe blocks the child.
package enum ChildProcess {
  /// The child's standard input.
  package enum Input: Sendable {
    /// `/dev/null`.
    case nullDevice
    /// This process's standard input.
    case inherit
    /// These bytes, then end of file.
    case bytes([UInt8])
  }

  /// How the child ended and what it wrote.
  package struct Result: Sendable {
    /// The exit status (0–255), or the signal number when `signalled`.
    package var status: Int32
    /// Whether a signal ended the child.
    package var signalled: Bool
    /// Its standard output, when collected.
    package var output: [UInt8]
    /// Its standard error, when collected.
    package var error: [UInt8]
  }

  /// Runs `executable` and waits for it to end.
  ///
  /// - Parameters:
  ///   - executable: The program's path (not searched on `PATH`).
  ///   - arguments: Its arguments (after `argv[0]`, which is `executable`).
  ///   - environment: Its environment; `nil` passes this process's.
  ///   - directory: Where it runs; `nil` for this process's working directory.
  ///   - input: Its standard input.
  ///   - collect: Whether standard output and error are collected (else they are this
  ///     process's own).
  /// - Returns: The status and the collected output.
  /// - Throws: ``ChildProcessError`` when it cannot be started (the `strerror(3)` text).
  package static func run(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
    directory: String? = nil, input: Input = .nullDevice, collect: Bool = true
  ) throws(ChildProcessError) -> Result {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Pipes: [read, write] for input, output, error; -1 when unused.
    var inputPipe: [Int32] = [-1, -1]
    var outputPipe: [Int32] = [-1, -1]
    var errorPipe: [Int32] = [-1, -1]
    func closeAll() {
      for fd in inputPipe + outputPipe + errorPipe where fd >= 0 { close(fd) }
    }
    do throws(ChildProcessError) {
      if case .bytes = input { inputPipe = try makePipe() }
      if collect {
        outputPipe = try makePipe()
        errorPipe = try makePipe()
      }
    } catch {
      closeAll()
      throw error
    }
    switch input {
    case .nullDevice:
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    case .inherit:
      break
    case .bytes:
      posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
    }
    if collect {
      posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
      posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
    }
    // Another working directory: `/bin/sh` changes to it and then replaces itself with the
    // program (posix_spawn_file_actions_addchdir_np is not in every C library's headers).
    let command =
      directory.map { ["/bin/sh", "-c", "cd -- \"$0\" && exec \"$@\"", $0, executable] }
      ?? [executable]
    let argv = (command + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
    defer {
      for pointer in argv + (envp ?? []) { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned: Int32 =
      if let envp {
        posix_spawn(&pid, command[0], &actions, nil, argv, envp)
      } else {
        posix_spawn(&pid, command[0], &actions, nil, argv, environ)
      }
    guard spawned == 0 else {
      closeAll()
      throw ChildProcessError(message: String(cString: strerror(spawned)))
    }
    // The child's ends belong to the child now.
    for fd in [inputPipe[0], outputPipe[1], errorPipe[1]] where fd >= 0 { close(fd) }
    inputPipe[0] = -1
    outputPipe[1] = -1
    errorPipe[1] = -1
    var result = Result(status: 0, signalled: false, output: [], error: [])
    var pending: [UInt8] = []
    if case .bytes(let bytes) = input { pending = bytes }
    serve(
      input: &inputPipe[1], pending: pending, output: &outputPipe[0], error: &errorPipe[0],
      into: &result)
    closeAll()
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    // <sys/wait.h>: WIFSIGNALED / WTERMSIG / WEXITSTATUS (macros Swift cannot import).
    let signal = status & 0x7f
    if signal != 0 && signal != 0x7f {
      result.signalled = true
      result.status = signal
    } else {
      result.status = (status >> 8) & 0xff
    }
    return result
  }

  /// Writes `pending` to `input` and reads `output` and `error` until both end, whichever
  /// is ready first (`poll(2)`); closes each descriptor when done with it (sets it to -1).
  private static func serve(
    input: inout Int32, pending: [UInt8], output: inout Int32, error: inout Int32,
    into result: inout Result
  ) {
    var written = 0
    if input >= 0 && pending.isEmpty {
      close(input)
      input = -1
    }
    // A reader that closed its input early must not kill this process.
    let previous = signal(SIGPIPE, SIG_IGN)
    defer { signal(SIGPIPE, previous) }
    var buffer = [UInt8](repeating: 0, count: 65536)
    while input >= 0 || output >= 0 || error >= 0 {
      var fds: [pollfd] = []
      if input >= 0 { fds.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
      if output >= 0 { fds.append(pollfd(fd: output, events: Int16(POLLIN), revents: 0)) }
      if error >= 0 { fds.append(pollfd(fd: error, events: Int16(POLLIN), revents: 0)) }
      let ready = poll(&fds, nfds_t(fds.count), -1)
      if ready < 0 {
        if errno == EINTR { continue }
        break
      }
      for entry in fds where entry.revents != 0 {
        if entry.fd == input {
          // At most PIPE_BUF bytes: POLLOUT promises that much room, so this never blocks.
          let count = pending[written...].withUnsafeBytes {
            write(input, $0.baseAddress, min($0.count, Int(PIPE_BUF)))
          }
          if count > 0 { written += count }
          if count < 0 && errno != EINTR && errno != EAGAIN || written >= pending.count {
            close(input)
            input = -1
          }
        } else {
          let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
          if count > 0 {
            if entry.fd == output {
              result.output += buffer[..<count]
            } else {
              result.error += buffer[..<count]
            }
          } else if count == 0 || errno != EINTR && errno != EAGAIN {
            close(entry.fd)
            if entry.fd == output { output = -1 } else { error = -1 }
          }
        }
      }
    }
  }
}

extension ChildProcess {
  /// A pipe, `[read end, write end]`, both closed on `exec` in this process's other
  /// children (the spawned child gets its ends through `dup2`).
  fileprivate static func makePipe() throws(ChildProcessError) -> [Int32] {
    var pair: [Int32] = [-1, -1]
    guard pipe(&pair) == 0 else {
      throw ChildProcessError(message: "cannot make a pipe: \(String(cString: strerror(errno)))")
    }
    _ = fcntl(pair[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(pair[1], F_SETFD, FD_CLOEXEC)
    return pair
  }
}

/// Why a program could not be started.
package struct ChildProcessError: Error, Sendable, CustomStringConvertible {
  /// What went wrong (the system's words).
  package var message: String
  /// The message.
  package var description: String { message }
}
