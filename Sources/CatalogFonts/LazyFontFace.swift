import CatalogSystem

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A font face opened with FreeType on first use, falling back to another face when the
/// file cannot be read then (it was checked to exist when the measurer was made).
final class LazyFontFace: @unchecked Sendable {
  private let path: String?
  private let fallback: FontFace
  private let lock = Lock()
  private var opened: FontFace?

  /// A face for `path` (nil: always `fallback`).
  init(path: String?, fallback: FontFace) {
    self.path = path
    self.fallback = fallback
  }

  /// The face, opened on the first call (under a lock; any thread).
  var face: FontFace {
    lock.lock()
    defer { lock.unlock() }
    if let opened { return opened }
    let face = path.flatMap { try? FontFace(path: $0) } ?? fallback
    opened = face
    return face
  }
}
