import CatalogSystem

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs the user's text editor on a file and reads the result back, for `catalog edit`.
///
/// The editor is `$VISUAL`, else `$EDITOR`, else `vi` (the order git and crontab use). Its
/// value is a shell command line, so `EDITOR="code --wait"` works: it runs as
/// `/bin/sh -c '<editor> "$1"' sh FILE`, with the terminal's standard streams.
///
/// When an edited text is invalid, ``errorHeader(_:)`` writes the error at the top of the
/// file as lines starting with `//` and the editor is opened again. JSON has no comments,
/// so ``strippingHeader(_:)`` turns every leading `//` line back into an empty line before
/// the text is parsed: line numbers in later errors still match the file the user sees.
enum EditorLauncher {
  /// The first line of every error header.
  static let headerMarker = "// catalog edit:"

  /// The editor command line: `$VISUAL`, else `$EDITOR`, else `vi`; empty values are
  /// skipped.
  ///
  /// - Parameter environment: The process environment.
  /// - Returns: A shell command line.
  static func editor(in environment: [String: String]) -> String {
    for key in ["VISUAL", "EDITOR"] {
      if let value = environment[key], !value.trimmed(.whitespaces).isEmpty {
        return value
      }
    }
    return "vi"
  }

  /// Opens `file` in the editor and waits for it to exit.
  ///
  /// - Parameters:
  ///   - file: The file to edit.
  ///   - environment: The environment (the editor is chosen from it and it is passed on).
  /// - Throws: ``CommandError/failure(_:)`` when the editor cannot be started or exits
  ///   with a non-zero status (the file is kept and named in the message).
  static func edit(_ file: String, environment: [String: String]) throws(CommandError) {
    let editor = editor(in: environment)
    let result: ChildProcess.Result
    do {
      result = try ChildProcess.run(
        "/bin/sh", ["-c", "\(editor) \"$1\"", "sh", file], environment: environment,
        input: .inherit, collect: false)
    } catch {
      throw .failure("cannot start the editor '\(editor)': \(error.message); nothing was saved")
    }
    if result.signalled {
      throw .failure(
        "the editor '\(editor)' was killed by signal \(result.status); nothing was saved (your text is in \(file))"
      )
    }
    if result.status != 0 {
      throw .failure(
        "the editor '\(editor)' exited with status \(result.status); nothing was saved (your text is in \(file))"
      )
    }
  }

  /// The comment block written above an invalid text.
  ///
  /// - Parameter error: The error message (may span several lines).
  /// - Returns: Lines starting with `//`, ending with a newline.
  static func errorHeader(_ error: String) -> String {
    var lines = [
      "\(headerMarker) this text was NOT saved because it has an error:"
    ]
    for line in error.split(separator: "\n", omittingEmptySubsequences: false) {
      lines.append("//   \(line)")
    }
    lines.append("// Fix it and save to try again, or empty the file to cancel.")
    lines.append("// Lines starting with // at the top are removed before the text is read.")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The text with its leading `//` lines (an error header, or the user's own notes there)
  /// replaced by empty lines, so positions in errors stay those of the file.
  ///
  /// - Parameter text: The file's text.
  /// - Returns: The text JSON parsing sees.
  static func strippingHeader(_ text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for index in lines.indices {
      let trimmed = lines[index].drop(while: { $0 == " " || $0 == "\t" })
      if trimmed.hasPrefix("//") {
        lines[index] = ""
      } else if !trimmed.isEmpty && trimmed != "\r" {
        break
      }
    }
    return lines.joined(separator: "\n")
  }

  /// Reads a file as UTF-8.
  ///
  /// - Parameter file: The file.
  /// - Returns: Its text.
  /// - Throws: ``CommandError/failure(_:)`` when it is missing, unreadable, over 64 MiB
  ///   or not UTF-8.
  static func read(_ file: String) throws(CommandError) -> String {
    let bytes = try AddCommand.readFile(file)
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw .failure("\(file): the file is not valid UTF-8; nothing was saved")
    }
    return text
  }

  /// Writes `text` to `file`, replacing it.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - file: The file.
  /// - Throws: ``CommandError/failure(_:)`` when it cannot be written.
  static func write(_ text: String, to file: String) throws(CommandError) {
    do {
      try Data(text.utf8).write(to: UserPath.fileURL(file), options: .atomic)
    } catch {
      throw .failure("cannot write \(file): \(SystemText.describe(error))")
    }
  }

  /// Keeps a text the catalog could not save in a file next to the catalog (else in the
  /// temporary folder), so no work is lost: `NAME.unsaved-20250131T093000Z-1234.json`.
  ///
  /// - Parameters:
  ///   - text: The user's text.
  ///   - name: The component name or token set, for the file name.
  ///   - catalogPath: The catalog file.
  /// - Returns: The path written, or `nil` when no folder could be written.
  static func keepUnsaved(_ text: String, name: String, catalogPath: String) -> String? {
    let stamp = SystemText.basicUTCTimestamp(secondsSince1970: Date().timeIntervalSince1970)
    let safeName = String(
      name.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" ? $0 : "_" }.prefix(64))
    let fileName =
      "\(safeName).unsaved-\(stamp)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8)).json"
    let catalogFolder = UserPath.fileURL(catalogPath).deletingLastPathComponent()
    for folder in [catalogFolder, FileManager.default.temporaryDirectory] {
      let url = folder.appendingPathComponent(fileName)
      if (try? Data(text.utf8).write(to: url, options: .withoutOverwriting)) != nil {
        return url.path
      }
    }
    return nil
  }
}
