import CatalogModel
import CatalogSystem

/// Reads the token files that a resolver document's `$ref`s name (Resolver §4.2: a
/// reference that is not `#/…` is a file, relative to the document).
///
/// Files stay inside the document's folder: a `$ref` that is an absolute path, climbs out
/// with `..`, or reaches a file through a symbolic link that points outside is refused
/// unless `allowOutsideReferences` (the CLI's `--allow-outside-refs`), so importing a
/// document from someone else cannot read `/proc/self/environ` or `~/.ssh`. Only regular
/// files are read. A file that does not parse is reported by position only: messages never
/// repeat the content of a referenced file.
public struct ResolverFileLoader: Sendable {
  /// The folder holding the resolver document.
  public let folder: URL
  /// Whether references may leave `folder`.
  public let allowOutsideReferences: Bool
  /// The document's name, for messages.
  public let document: String

  /// Creates a loader.
  /// - Parameters:
  ///   - document: The resolver document's path (its folder bounds the references).
  ///   - allowOutsideReferences: Accept references leaving the folder.
  public init(document: String, allowOutsideReferences: Bool = false) {
    self.document = document
    self.folder = UserPath.fileURL(document).deletingLastPathComponent()
    self.allowOutsideReferences = allowOutsideReferences
  }

  /// Reads the token tree a `$ref` names.
  ///
  /// - Parameter reference: The `$ref` text (`tokens/base.json`).
  /// - Returns: The file's JSON (JSON, JSON5 or YAML).
  /// - Throws: ``TokenFileError`` when the reference leaves the folder (unless allowed),
  ///   names no regular file, or the file does not parse (position only).
  public func load(_ reference: String) throws(TokenFileError) -> JSONValue {
    func refuse(_ message: String) -> TokenFileError {
      TokenFileError(diagnostics: [
        TokenDiagnostic(
          .error, location: document, path: "", message: "$ref \(reference): \(message)")
      ])
    }
    let isAbsolute = reference.hasPrefix("/")
    if isAbsolute && !allowOutsideReferences {
      throw refuse(
        "an absolute path; references must stay inside the document's folder (pass --allow-outside-refs to allow it) (Resolver §4.2)"
      )
    }
    let candidate = isAbsolute ? reference : folder.appendingPathComponent(reference).path
    let lexical = UserPath.fileURL(candidate).standardized.path
    let lexicalBase = folder.standardized.path
    if !allowOutsideReferences
      && !lexical.hasPrefix(lexicalBase.hasSuffix("/") ? lexicalBase : lexicalBase + "/")
    {
      throw refuse(
        "the path leaves the document's folder; pass --allow-outside-refs to read it (Resolver §4.2)"
      )
    }
    guard let real = FolderBoundary.realPath(candidate) else {
      throw refuse("no such file \(candidate) (Resolver §4.2)")
    }
    // The one rule for files a folder leads to (a catalog folder's files follow it too).
    if !allowOutsideReferences,
      let outside = FolderBoundary.outsideTarget(of: candidate, folder: folder.path)
    {
      throw refuse(
        "the file is outside the document's folder (it resolves to \(outside)); pass --allow-outside-refs to read it (Resolver §4.2)"
      )
    }
    var info = stat()
    guard stat(real, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
      throw refuse("not a regular file (Resolver §4.2)")
    }
    guard let data = FileManager.default.contents(atPath: real) else {
      throw refuse("the file cannot be read")
    }
    do {
      return try TokenSource.read(bytes: [UInt8](data), file: reference).root
    } catch {
      // Position only: the parser's message may quote the file's content.
      let at = error.diagnostics.first?.location ?? reference
      throw refuse(
        "not a JSON, JSON5 or YAML token file (it stops parsing at \(at); its content is not shown)"
      )
    }
  }
}
