import CatalogServer
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 12's leftovers: an import that puts a token inside a token, a kept token whose value
/// cannot be computed with the catalog's tokens, an infinite proposal drawn, the blame of a
/// dangling alias further down, a set renamed to its own name, and `--db` naming a FIFO.
@Suite struct HardeningLeftoverTests {
  /// A catalog with the example's `spacing` set (`space.md` is a plain token).
  static func example() throws -> Sandbox {
    let s = try Sandbox()
    #expect(s.run(["init", "--example"]).status == 0)
    return s
  }

  // MARK: - A token inside a token, by an import

  static let inside = """
    {
      "space": {
        "md": {
          "y": {"$type": "dimension", "$value": {"value": 3, "unit": "px"}}
        }
      }
    }
    """

  /// `add` and `tokens import` accepted `space.md.y` while `space.md` is a token, which
  /// `tokens set` refuses: the same rule, naming the file's position and both tokens.
  @Test(arguments: [["add"], ["tokens", "import"], ["add", "--prune"], ["add", "--dry-run"]])
  func aFileTokenInsideACatalogTokenIsRefused(_ command: [String]) throws {
    let s = try Self.example()
    let file = try s.write("in.tokens.json", Self.inside)
    let r = s.run(command + [file])
    #expect(r.status == 1, "\(command): \(r.err)")
    #expect(
      r.err.contains(
        "Error: \(file):4:12: {space.md.y} would be inside the token {space.md} of set 'spacing'; a token holds no tokens"
      ), "\(command): \(r.err)")
    #expect(!s.run(["tokens", "list"]).out.contains("space.md.y"))
  }

  /// The reverse: the file's token `space` would hold the catalog's `space.md`, in another
  /// set or in the same set (which keeps its tokens on an import).
  @Test(arguments: ["other", "spacing"])
  func aCatalogTokenInsideAFileTokenIsRefused(_ set: String) throws {
    let s = try Self.example()
    let file = try s.write(
      "whole.tokens.json",
      #"{"space": {"$type": "dimension", "$value": {"value": 1, "unit": "px"}}}"#)
    let r = s.run(["tokens", "import", file, "--set", set])
    #expect(r.status == 1, "\(r.err)")
    #expect(
      r.err.contains("\(file):1:11: {space} is a token, and set 'spacing' holds {space."),
      "\(r.err)")
  }

  /// A group's `$root` token holds members (DTCG Format §6.2): a file adding a member below
  /// a catalog root token, or a root token of its own, is accepted; so is a `--prune` that
  /// drops the set's token the file's token would have held.
  @Test func groupRootsAndAReplacedSetAreAccepted() throws {
    let s = try Self.example()
    let color = #"{"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0, 1]}}"#
    let roots = try s.write(
      "a.tokens.json", #"{"accent": {"$root": \#(color), "light": \#(color)}}"#)
    #expect(s.run(["add", roots]).status == 0)
    let member = try s.write("b.tokens.json", #"{"accent": {"dark": \#(color)}}"#)
    let added = s.run(["add", member])
    #expect(added.status == 0, "\(added.err)")
    // A set that held `gap.x` becomes a set with the token `gap`.
    let first = try s.write(
      "g.tokens.json", #"{"gap": {"x": {"$type": "dimension", "$value": "2px"}}}"#)
    #expect(s.run(["add", first]).status == 0)
    let second = try s.write(
      "g2.tokens.json", #"{"gap": {"$type": "dimension", "$value": "2px"}}"#)
    #expect(s.run(["tokens", "import", second, "--set", "g"]).status == 1)
    let pruned = s.run(["tokens", "import", second, "--set", "g", "--prune"])
    #expect(pruned.status == 0, "\(pruned.err)")
  }

  // MARK: - Kept tokens whose value cannot be computed

  /// Math on a catalog token that cannot be computed (`{space.md} / 0`) and math on a
  /// catalog alias that names no token were kept without a word; they are kept with the
  /// warning `doctor` gives, graded as `doctor` grades them.
  @Test func aKeptTokenThatCannotBeComputedIsWarnedAsDoctorGradesIt() throws {
    let s = try Self.example()
    let dangling = try s.write(
      "d.tokens.json", #"{"m": {"al": {"$type": "dimension", "$value": "{nope}"}}}"#)
    #expect(s.run(["add", "--allow-dangling", dangling]).status == 0)
    let file = try s.write(
      "m.tokens.json",
      """
      {
        "n": {
          "$type": "dimension",
          "div": {"$value": "{space.md} / 0"},
          "onal": {"$value": "{m.al} * 2"}
        }
      }
      """)
    for flags in [["--allow-dangling", "--dry-run"], ["--allow-dangling"]] {
      let r = s.run(["add"] + flags + [file])
      #expect(r.status == 0, "\(r.err)")
      #expect(
        r.err.contains(
          "\(file):4:12: n.div: kept, but its value cannot be computed: cannot compute {n.div}: division by zero; doctor reports it as an error"
        ), "\(r.err)")
      #expect(
        r.err.contains(
          "\(file):5:13: n.onal: kept, but its value cannot be computed: unknown token {nope} (through {n.onal} → {m.al} → {nope})"
        ), "\(r.err)")
      #expect(r.err.contains("doctor reports it as a warning"), "\(r.err)")
    }
    let doctor = s.run(["doctor"])
    #expect(
      (doctor.out + doctor.err).contains(
        "token-value: token n.div: its value cannot be computed: cannot compute {n.div}: division by zero"
      ), "\(doctor.out)\(doctor.err)")
    #expect(
      (doctor.out + doctor.err).contains(
        "warning: token-value: token n.onal: its value cannot be computed: unknown token {nope} (through {n.onal} → {m.al} → {nope})"
      ), "\(doctor.out)\(doctor.err)")
  }

  // MARK: - Drawing an infinite proposal

  /// `--width infinity` wrote "infinity" into the SVG and the HTML: svg, png and html refuse
  /// a proposal they cannot draw (usage, 64); tree and json show it.
  @Test func anInfiniteProposalIsRefusedForDrawingsOnly() throws {
    let s = try Self.example()
    let fill = try s.write(
      "Fill.json",
      #"{"name": "Fill", "body": {"type": "HStack", "children": [{"type": "Text", "text": "a"}, {"type": "Spacer"}]}}"#
    )
    #expect(s.run(["add", fill]).status == 0)
    for (format, option) in [("svg", "--width"), ("html", "--height"), ("png", "--width")] {
      let r = s.run(
        [
          "render", "Fill", option, "infinity", "--format", format, "--output",
          s.path("o.\(format)"),
        ])
      #expect(r.status == 64, "\(format): \(r.err)")
      #expect(
        r.err.contains(
          "\(option) infinity cannot be drawn: \(format) draws frames of a finite size"))
      #expect(!FileManager.default.fileExists(atPath: s.path("o.\(format)")))
    }
    let matrix = s.run(["render", "Fill", "--matrix", "--format", "svg", "--width", "infinity"])
    #expect(matrix.status == 64, "\(matrix.err)")
    for format in ["tree", "json"] {
      let r = s.run(["render", "Fill", "--width", "infinity", "--format", format])
      #expect(r.status == 0, "\(r.err)")
      #expect(r.out.contains("infinity"))
    }
    // The server follows the same rule for its drawings.
    let server = try CatalogServer(.init(databasePath: s.db, port: 0)) { _ in }
    let svg = server.response(method: "GET", path: "/render/Fill.svg", query: ["width": "infinity"])
    #expect(svg.status == 400)
    #expect(String(decoding: svg.body, as: UTF8.self).contains("width infinity cannot be drawn"))
    let json = server.response(
      method: "GET", path: "/api/components/Fill", query: ["width": "infinity"])
    #expect(json.status == 200)
  }

  // MARK: - Messages and no-ops

  /// `tokens set m.x '{m.dang}'` said that the alias {nope} names no token, blaming m.x for
  /// what m.dang refers to; it names m.x and {m.dang}.
  @Test func aDanglingReferenceFurtherDownNamesTheTokenThatHoldsIt() throws {
    let s = try Self.example()
    let file = try s.write(
      "m.tokens.json", #"{"m": {"$type": "dimension", "dang": {"$value": "{nope} * 2"}}}"#)
    #expect(s.run(["add", "--allow-dangling", file]).status == 0)
    let r = s.run(["tokens", "set", "m.x", "{m.dang}", "--set", "m"])
    #expect(r.status == 1)
    #expect(
      r.err.contains(
        "{m.x}: it refers to {m.dang}, whose value cannot be computed: unknown token {nope} (referenced by {m.dang})"
      ), "\(r.err)")
    #expect(!r.err.contains("the alias {nope} names no token"), "\(r.err)")
    // Its own dangling alias is still said as before.
    let own = s.run(["tokens", "set", "m.y", "{zz}", "--set", "m"])
    #expect(own.err.contains("{m.y}: the alias {zz} names no token of the catalog"), "\(own.err)")
  }

  /// Renaming a set to its own name exited 1; it changes nothing and says so.
  @Test func renamingASetToItsOwnNameIsANote() throws {
    let s = try Self.example()
    let r = s.run(["tokens", "sets", "--rename", "spacing", "--to", "spacing"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.err.contains("Nothing to rename: the token set is already named 'spacing'"))
    #expect(s.run(["tokens", "sets"]).out.contains("spacing"))
  }

  /// `--db` naming a FIFO gave "disk I/O error" (and a read could wait for a writer): it is
  /// refused before SQLite opens it, by the rule input files follow; a device too.
  @Test func aDatabasePathThatIsNotARegularFileIsRefused() throws {
    let s = try Sandbox()
    let fifo = s.path("pipe.db")
    #expect(mkfifo(fifo, 0o600) == 0)
    let unblocker = FIFOUnblocker(fifo)
    defer { unblocker.stop() }
    let file = try s.write("Gap.json", #"{"name": "Gap", "body": {"type": "Spacer"}}"#)
    for args in [
      ["list"], ["add", file], ["tokens", "list"], ["doctor"], ["add", "--dry-run", file],
    ] {
      let r = s.run(["--db", fifo] + args)
      #expect(r.status == 1, "\(args): \(r.err)")
      #expect(
        (r.err + r.out).contains(
          "'\(fifo)' is not a catalog: it is a named pipe (FIFO), not a regular file"),
        "\(args): \(r.err)\(r.out)")
      #expect(!r.err.contains("disk I/O"), "\(args): \(r.err)")
    }
    let device = s.run(["--db", "/dev/null", "list"])
    #expect(device.err.contains("it is a character device, not a regular file"), "\(device.err)")
  }
}
