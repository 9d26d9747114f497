import Testing

@testable import CatalogTestSupport

/// The list printed at the end of `swift test` for tests skipped for want of something
/// outside the repository.
@Suite struct SkipReportTests {
  @Test func nothingSkippedPrintsNothing() {
    #expect(SkipReport.summary(of: []) == "")
  }

  @Test func groupsByRequirementAndSaysWhereItComesFrom() {
    let summary = SkipReport.summary(of: [
      .init(
        test: "suite RealFilesTests", requirement: "../shared/real-tokens", source: "token files",
        failed: false),
      .init(
        test: "browserBoxesMatchOurFrames()", requirement: "chromium",
        source: "Debian package chromium", failed: false),
      .init(
        test: "suite DTCGTestSuiteTests", requirement: "../shared/real-tokens",
        source: "token files", failed: false),
    ])
    #expect(
      summary == """

        ==== 3 test(s) or suite(s) SKIPPED: what they need is missing ====
        ../shared/real-tokens is missing: token files
          skipped suite DTCGTestSuiteTests
          skipped suite RealFilesTests
        chromium is missing: Debian package chromium
          skipped browserBoxesMatchOurFrames()
        (README, Requirements: where this comes from; with CI=true these fail.)

        """)
  }

  @Test func failuresInCIAreCountedApart() {
    let summary = SkipReport.summary(of: [
      .init(test: "t()", requirement: "x", source: "y", failed: true)
    ])
    #expect(summary.contains("0 test(s) or suite(s) SKIPPED, 1 FAILED (CI=true)"))
    #expect(summary.contains("  FAILED  t()"))
  }
}
