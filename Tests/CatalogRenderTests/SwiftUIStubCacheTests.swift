import CatalogTestSupport
import Foundation
import Testing

/// The stand-in SwiftUI module is built once per build into `.build`, never into a
/// per-process temporary folder that stays behind (issue 12 leftovers).
@Suite struct SwiftUIStubCacheTests {
  @Test func theStubLivesInOneFolderPerBuildAndLeavesNothingInTmp() throws {
    let folder = try SwiftUIStub.builtFolder()
    #expect(folder.standardizedFileURL.path == SwiftUIStub.cacheFolder.standardizedFileURL.path)
    #expect(
      folder.path.hasPrefix(ExternalRequirement.packageRoot.appendingPathComponent(".build").path))
    #expect(
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("SwiftUI.swiftmodule").path))
    let tmp = FileManager.default.temporaryDirectory.path
    let pid = ProcessInfo.processInfo.processIdentifier
    let left = try FileManager.default.contentsOfDirectory(atPath: tmp).filter {
      $0.hasPrefix("catalog-swiftui-stub-\(pid)-")
    }
    #expect(left.isEmpty, "left in \(tmp): \(left)")
    // The building folder beside the cache was removed.
    let siblings = try FileManager.default.contentsOfDirectory(
      atPath: folder.deletingLastPathComponent().path)
    #expect(!siblings.contains { $0.hasPrefix("building-\(pid)-") })
  }
}
