import CatalogSystem

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A scratch folder for one command run (`check`'s scratch catalog, `edit`'s file).
enum TemporaryFolder {
  /// Makes a new, empty folder `PREFIX-UUID` in the system's temporary folder.
  /// - Parameters:
  ///   - prefix: The start of the folder's name (`catalog-edit`).
  ///   - failure: The start of the error message when it cannot be made.
  /// - Returns: The folder; the caller removes it.
  /// - Throws: ``CommandError/failure(_:)`` naming the system's reason.
  static func make(prefix: String, failure: String) throws(CommandError) -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(prefix)-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw .failure("\(failure): \(SystemText.describe(error))")
    }
    return folder
  }
}
