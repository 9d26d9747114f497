import CatalogStore
import Foundation
import Testing

/// Eight processes (the built program) editing one component a hundred times each
/// (issue 7, point 3): every change is saved or reported as a conflict with its text kept
/// in a file; none is lost, none crashes, no raw "database is locked" escapes.
@Suite(.serialized) struct ConcurrentWriterTests {
  /// What the writers did, shared between their threads.
  final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var entries: [(mark: String, run: Run)] = []
    func add(_ mark: String, _ run: Run) {
      lock.lock()
      entries.append((mark, run))
      lock.unlock()
    }
  }

  @Test func eightWritersAHundredChangesEach() throws {
    let binary = try #require(builtBinary)
    let s = try Sandbox()
    let shared = try s.write(
      "Shared.json",
      #"{"name": "Shared", "description": "start", "body": {"type": "Color", "color": "red"}}"#)
    #expect(s.run(["add", shared]).status == 0)
    // The "editor" puts this change's mark in the description.
    let editor = try s.script(
      "ed.sh", #"sed -i "s/\"description\": \"[^\"]*\"/\"description\": \"$MARK\"/" "$1""#)
    let writers = 8
    let changes = 100
    let log = Log()
    DispatchQueue.concurrentPerform(iterations: writers) { writer in
      for change in 0..<changes {
        let mark = "w\(writer)-c\(change)"
        do {
          let run = try runBinary(
            binary, ["--db", s.db, "edit", "Shared"], in: s.url,
            environment: ["EDITOR": editor, "VISUAL": "", "MARK": mark])
          log.add(mark, run)
        } catch {
          log.add(mark, Run(status: -1, out: "", err: "cannot run: \(error)"))
        }
      }
    }
    #expect(log.entries.count == writers * changes)
    var saved: [String: Int] = [:]
    var conflicts = 0
    var locked = 0
    for (mark, run) in log.entries {
      #expect(!run.err.contains("database is locked"), "\(mark): \(run.err)")
      #expect(!run.err.contains("SQLite error"), "\(mark): \(run.err)")
      if run.status == 0, run.out.hasPrefix("Saved Shared (revision "),
        let revision = Int(
          run.out.dropFirst("Saved Shared (revision ".count).prefix { $0.isNumber })
      {
        saved[mark] = revision
      } else if run.status == 1, run.err.contains("component 'Shared' was changed by someone else")
      {
        conflicts += 1
        // The conflicting text is in the file the message names.
        let kept =
          run.err.components(separatedBy: "your text is kept in ").last?.components(
            separatedBy: ":"
          ).first ?? ""
        let text = (try? String(contentsOfFile: kept, encoding: .utf8)) ?? ""
        #expect(text.contains("\"\(mark)\""), "\(mark): \(run.err)")
      } else if run.status == 1, run.err.contains("is locked by another process; try again") {
        locked += 1
      } else {
        Issue.record("\(mark): unexpected outcome, status \(run.status): \(run.out)\(run.err)")
      }
    }
    // None lost: the history holds exactly the saved marks, each once, at the revision
    // its writer was told.
    let store = try CatalogStore(path: s.db, mode: .readOnly)
    let history = try store.componentHistory(named: "Shared")
    #expect(history.count == 1 + saved.count)
    var inHistory: [String: Int] = [:]
    for record in history.dropFirst() {
      let definition = record.definition ?? ""
      let mark =
        definition.components(separatedBy: #""description":""#).last?.components(separatedBy: "\"")
        .first ?? "?"
      #expect(inHistory[mark] == nil, "\(mark) saved twice")
      inHistory[mark] = record.revision
    }
    #expect(inHistory == saved)
    #expect(saved.count + conflicts + locked == writers * changes)
    #expect(!saved.isEmpty)
    print(
      "concurrent writers: \(saved.count) saved, \(conflicts) conflicts reported, \(locked) lock timeouts reported"
    )
  }
}
