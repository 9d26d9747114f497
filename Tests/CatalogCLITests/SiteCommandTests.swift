import Foundation
import Testing

@testable import CatalogCLI

/// `catalog site`: the folder written in one move, rewritten in place, and the progress
/// reporter every long command shares.
@Suite struct SiteCommandTests {
  @Test func writesIndexComponentAndTokenPagesIntoANewFolder() throws {
    let s = try Sandbox.withExamples()
    let out = s.path("site/nested")
    let r = s.run(["site", out])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.err.isEmpty, "no progress bar or message in captured output: \(r.err)")
    let fm = FileManager.default
    #expect(fm.fileExists(atPath: out + "/index.html"))
    #expect(fm.fileExists(atPath: out + "/components/TrackRow.html"))
    #expect(fm.fileExists(atPath: out + "/tokens/space.sm.html"))
    // Nothing left of the staging folder.
    let siblings = try fm.contentsOfDirectory(atPath: s.path("site"))
    #expect(siblings == ["nested"], "\(siblings)")
    let pages =
      1 + exampleComponentNames.count + exampleTokenCount
    #expect(r.out.hasPrefix("Wrote \(pages) pages to "), "\(r.out)")
  }

  @Test func rewritingReplacesTheSitesPagesAndKeepsOtherFiles() throws {
    let s = try Sandbox.withExamples()
    let out = s.path("site")
    // A page of a component that is removed afterwards, and a file of the user's.
    let gone = try s.write("Gone.json", #"{"name": "Gone", "body": {"type": "Spacer"}}"#)
    #expect(s.run(["add", gone]).status == 0)
    #expect(s.run(["site", out]).status == 0)
    #expect(FileManager.default.fileExists(atPath: out + "/components/Gone.html"))
    #expect(s.run(["remove", "Gone"]).status == 0)
    try "mine".write(toFile: out + "/README.txt", atomically: false, encoding: .utf8)
    let again = s.run(["site", out])
    #expect(again.status == 0, "\(again.err)")
    let fm = FileManager.default
    #expect(!fm.fileExists(atPath: out + "/components/Gone.html"), "a stale page survived")
    #expect(fm.fileExists(atPath: out + "/components/TrackRow.html"))
    #expect((try? String(contentsOfFile: out + "/README.txt", encoding: .utf8)) == "mine")
    let entries = try fm.contentsOfDirectory(atPath: out).sorted()
    #expect(
      entries == [".catalog-site", "README.txt", "components", "index.html", "tokens"],
      "\(entries)")
  }

  @Test func aFileInTheWayIsAnErrorAndChangesNothing() throws {
    let s = try Sandbox.withExamples()
    let file = try s.write("site", "not a folder")
    let r = s.run(["site", file])
    #expect(r.status == 1)
    #expect(r.err.contains("it is a file, not a folder"), "\(r.err)")
    #expect((try? String(contentsOfFile: file, encoding: .utf8)) == "not a folder")
  }

  /// A reporter on a fake clock that records what it writes.
  final class Recorder: @unchecked Sendable {
    var text = ""
    var time = 0.0
    func reporter(total: Int, enabled: Bool = true) -> ProgressReporter {
      ProgressReporter(
        label: "site", total: total, sink: enabled ? { self.text += $0 } : nil,
        now: { self.time })
    }
  }

  @Test func theBarWaitsASecondThenRedrawsInPlaceAndIsErased() {
    let r = Recorder()
    let bar = r.reporter(total: 500)
    bar.advance(to: 10)
    r.time = 0.9
    bar.advance(to: 100)
    #expect(r.text.isEmpty, "drawn before a second passed")
    r.time = 1.2
    bar.advance(to: 120)
    #expect(r.text == "\r" + ProgressReporter.line(label: "site", done: 120, total: 500))
    r.time = 1.25
    bar.advance(to: 130)
    #expect(!r.text.contains("130/500"), "redrawn sooner than the interval")
    r.time = 1.4
    bar.advance(to: 140)
    #expect(r.text.hasSuffix("140/500 28%"))
    bar.finish()
    #expect(r.text.hasSuffix("\r\u{1B}[K"))
  }

  @Test func aQuickCommandOrANonTerminalShowsNothing() {
    let quick = Recorder()
    let bar = quick.reporter(total: 3)
    bar.advance(to: 3)
    bar.finish()
    #expect(quick.text.isEmpty)
    let off = Recorder()
    let silent = off.reporter(total: 3, enabled: false)
    off.time = 5
    silent.advance(to: 1)
    silent.finish()
    #expect(off.text.isEmpty)
    // Captured output (in-process runs, pipes) is never a terminal.
    #expect(!Output().standardErrorIsTerminal)
  }

  @Test(arguments: [
    (0, 500, "site [>                             ] 0/500 0%"),
    (250, 500, "site [===============>              ] 250/500 50%"),
    (500, 500, "site [==============================] 500/500 100%"),
    (0, 0, "site [==============================] 0/0 100%"),
  ])
  func barLines(done: Int, total: Int, line: String) {
    #expect(ProgressReporter.line(label: "site", done: done, total: total) == line)
  }
}

/// The phases of work without a count (`add` and `import` of big files).
@Suite struct ProgressPhaseTests {
  @Test func aPhaseShowsItsNameAndElapsedTimeAfterASecond() {
    let r = SiteCommandTests.Recorder()
    let bar = ProgressReporter(
      label: "add", total: 0, sink: { r.text += $0 }, now: { r.time })
    bar.phase("reading and checking 1 file")
    r.time = 0.5
    bar.tick()
    #expect(r.text.isEmpty, "drawn before a second passed")
    r.time = 2.34
    bar.tick()
    #expect(r.text == "\radd: reading and checking 1 file… 2.3 s\u{1B}[K")
    bar.phase("saving")
    r.time = 3.0
    bar.tick()
    #expect(r.text.hasSuffix("\radd: saving… 0.6 s\u{1B}[K"))
    bar.finish()
    #expect(r.text.hasSuffix("\r\u{1B}[K"))
    // After finish, a late tick draws nothing.
    let before = r.text
    bar.tick()
    #expect(r.text == before)
  }

  @Test func addAndImportPrintNoProgressInCapturedOutput() throws {
    let s = try Sandbox()
    #expect(s.run(["init"]).status == 0)
    let add = s.run(["add"] + exampleFiles)
    #expect(add.status == 0)
    #expect(!add.err.contains("\r") && !add.err.contains("…"), "\(add.err)")
  }
}
