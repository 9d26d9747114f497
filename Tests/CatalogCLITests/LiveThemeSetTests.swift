import Foundation
import Testing

/// A Tokens Studio theme selects catalog sets rather than copying them (issue 14 point 7):
/// its resolver document's sources name each set as a DTCG `$ref` to the set's file in a
/// catalog folder (`../tokens/compact.tokens.json`), read from the set whenever the document
/// is resolved. Before, the document held copies of the sets' tokens, so `tokens set … --set
/// compact` left `--input density=Compact` on the old value.
@Suite struct LiveThemeSetTests {
  static let studio = #"""
    {
      "global": {"spacing": {"sm": {"$value": "8px", "$type": "dimension"},
                             "md": {"$value": "{spacing.sm}", "$type": "dimension"}}},
      "compact": {"spacing": {"sm": {"$value": "4px", "$type": "dimension"}}},
      "comfortable": {"spacing": {"sm": {"$value": "12px", "$type": "dimension"}}},
      "$themes": [
        {"name": "Compact", "group": "density",
         "selectedTokenSets": {"global": "source", "compact": "enabled"}},
        {"name": "Comfortable", "group": "density",
         "selectedTokenSets": {"global": "source", "comfortable": "enabled"}}
      ],
      "$metadata": {"tokenSetOrder": ["global", "compact", "comfortable"]}
    }
    """#

  /// A sandbox with the Tokens Studio file added.
  static func added() throws -> Sandbox {
    let s = try Sandbox()
    let r = s.run(["add", try s.write("studio.json", studio)])
    #expect(r.status == 0, "\(r.err)")
    return s
  }

  /// The CSS value of `--NAME` for an input (`density=Compact`), or nil.
  static func css(_ s: Sandbox, _ input: String, _ name: String, db: String? = nil) -> String? {
    let r = s.run(["tokens", "export", "--format", "css", "--input", input], db: db)
    for line in r.out.split(separator: "\n") {
      let text = line.trimmingCharacters(in: .whitespaces)
      if text.hasPrefix("--\(name):") {
        return String(text.dropFirst(name.count + 3).dropLast()).trimmingCharacters(
          in: .whitespaces)
      }
    }
    return nil
  }

  @Test func aThemeNamesItsSetsAndReadsThemLive() throws {
    let s = try Self.added()
    let document = s.run(["tokens", "resolvers", "--export", "studio"]).out
    #expect(document.contains(#""$ref": "../tokens/compact.tokens.json""#), "\(document)")
    #expect(!document.contains("$value"), "no copied token: \(document)")
    #expect(Self.css(s, "density=Compact", "spacing-sm") == "4px")
    #expect(Self.css(s, "density=Comfortable", "spacing-sm") == "12px")
    // Editing the set changes the theme that selects it, and the alias through it.
    let set = s.run(["tokens", "set", "spacing.sm", "100", "--set", "compact"])
    #expect(set.status == 0, "\(set.err)")
    #expect(Self.css(s, "density=Compact", "spacing-sm") == "100px")
    #expect(Self.css(s, "density=Compact", "spacing-md") == "100px")
    #expect(Self.css(s, "density=Comfortable", "spacing-sm") == "12px")
    // `tokens resolvers` lists each context's sources.
    let list = s.run(["tokens", "resolvers"]).out
    #expect(list.contains("Compact: sets global, compact"), "\(list)")
    #expect(list.contains("Comfortable: sets global, comfortable"), "\(list)")
    #expect(s.run(["doctor"]).status == 0, "\(s.run(["doctor"]).out)")
  }

  @Test func removingASetAThemeSelectsIsRefusedNamingTheDocumentAndContext() throws {
    let s = try Self.added()
    let r = s.run(["tokens", "sets", "--remove", "compact"])
    #expect(r.status == 1)
    #expect(r.err.contains("resolver document 'studio'"), "\(r.err)")
    #expect(r.err.contains("density=Compact"), "\(r.err)")
    #expect(r.err.contains("--force"), "\(r.err)")
    #expect(TokenSetRemovalTests.sets(s) == ["global", "compact", "comfortable"])
    // --force removes it; the document is kept and doctor names the missing set.
    let forced = s.run(["tokens", "sets", "--remove", "compact", "--force"])
    #expect(forced.status == 0, "\(forced.err)")
    #expect(forced.err.contains("resolver document 'studio'"), "\(forced.err)")
    let doctor = s.run(["doctor"])
    #expect(doctor.status == 1)
    #expect(doctor.out.contains("resolver-set"), "\(doctor.out)")
    #expect(doctor.out.contains("token set 'compact'"), "\(doctor.out)")
    #expect(doctor.out.contains("density=Compact"), "\(doctor.out)")
    let render = s.run(["tokens", "export", "--format", "css", "--input", "density=Compact"])
    #expect(render.status != 0)
    #expect(render.err.contains("token set 'compact'"), "\(render.err)")
    // The set coming back (the same file again) makes the theme whole.
    #expect(s.run(["add", s.path("studio.json")]).status == 0)
    #expect(Self.css(s, "density=Compact", "spacing-sm") == "4px")
    #expect(s.run(["doctor"]).status == 0, "\(s.run(["doctor"]).out)")
  }

  @Test func renamesAndMovesKeepTheThemeWorking() throws {
    let s = try Self.added()
    // A token renamed inside a set the theme selects.
    let rename = s.run(["tokens", "rename", "spacing.sm", "spacing.small"])
    #expect(rename.status == 0, "\(rename.err)")
    #expect(Self.css(s, "density=Compact", "spacing-small") == "4px")
    #expect(Self.css(s, "density=Compact", "spacing-sm") == nil)
    // Precedence: the context's sets still win for its input.
    #expect(s.run(["tokens", "sets", "--move", "compact", "--to", "first"]).status == 0)
    #expect(Self.css(s, "density=Compact", "spacing-small") == "4px")
    // A renamed set: the document names it by its new name (a new revision).
    let renamed = s.run(["tokens", "sets", "--rename", "compact", "--to", "dense"])
    #expect(renamed.status == 0, "\(renamed.err)")
    let document = s.run(["tokens", "resolvers", "--export", "studio"]).out
    #expect(document.contains("../tokens/dense.tokens.json"), "\(document)")
    #expect(!document.contains("../tokens/compact.tokens.json"), "\(document)")
    #expect(Self.css(s, "density=Compact", "spacing-small") == "4px")
    #expect(s.run(["tokens", "resolvers"]).out.contains("Compact: sets global, dense"))
    #expect(s.run(["doctor"]).status == 0, "\(s.run(["doctor"]).out)")
  }

  @Test func exportImportExportIsByteIdenticalAndStaysLive() throws {
    let s = try Self.added()
    let one = s.path("one")
    let two = s.path("two")
    #expect(s.run(["export", one]).status == 0)
    let file = try String(contentsOfFile: one + "/resolvers/studio.resolver.json", encoding: .utf8)
    #expect(file.contains(#""$ref": "../tokens/compact.tokens.json""#), "\(file)")
    // The reference is a real file of the folder, as other DTCG tools read it.
    #expect(FileManager.default.fileExists(atPath: one + "/tokens/compact.tokens.json"))
    let other = s.path("other.db")
    let imported = s.run(["import", one], db: other)
    #expect(imported.status == 0, "\(imported.err)")
    #expect(s.run(["export", two], db: other).status == 0)
    for path in try FileManager.default.subpathsOfDirectory(atPath: one) {
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: one + "/" + path, isDirectory: &isDirectory)
      if isDirectory.boolValue { continue }
      #expect(
        FileManager.default.contents(atPath: one + "/" + path)
          == FileManager.default.contents(atPath: two + "/" + path), "\(path)")
    }
    // Imported as a live reference, not a copy.
    #expect(
      s.run(["tokens", "set", "spacing.sm", "50", "--set", "compact"], db: other).status == 0)
    #expect(Self.css(s, "density=Compact", "spacing-sm", db: other) == "50px")
    // A second import of the same folder changes nothing; --prune still works.
    #expect(
      s.run(["tokens", "set", "x", "1px", "--set", "extra", "--new-set"], db: other).status == 0)
    let prune = s.run(["import", one, "--prune", "--force"], db: other)
    #expect(prune.status == 0, "\(prune.err)")
    #expect((prune.out + prune.err).contains("Removed token set 'extra'"), "\(prune.out)")
    #expect(Self.css(s, "density=Compact", "spacing-sm", db: other) == "4px")
  }

  @Test func addStudioPruneDropsASetAndItsThemeTogether() throws {
    let s = try Self.added()
    // The file drops the set 'comfortable' and the theme that selected it.
    let smaller = #"""
      {
        "global": {"spacing": {"sm": {"$value": "8px", "$type": "dimension"},
                               "md": {"$value": "{spacing.sm}", "$type": "dimension"}}},
        "compact": {"spacing": {"sm": {"$value": "4px", "$type": "dimension"}}},
        "roomy": {"spacing": {"sm": {"$value": "16px", "$type": "dimension"}}},
        "$themes": [
          {"name": "Compact", "group": "density",
           "selectedTokenSets": {"global": "source", "compact": "enabled"}},
          {"name": "Roomy", "group": "density",
           "selectedTokenSets": {"global": "source", "roomy": "enabled"}}
        ],
        "$metadata": {"tokenSetOrder": ["global", "compact", "roomy"]}
      }
      """#
    _ = try s.write("studio.json", smaller)
    let r = s.run(["add", s.path("studio.json"), "--prune"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("Removed token set 'comfortable'"), "\(r.out)")
    #expect(TokenSetRemovalTests.sets(s) == ["global", "compact", "roomy"])
    #expect(Self.css(s, "density=Compact", "spacing-sm") == "4px")
    #expect(Self.css(s, "density=Roomy", "spacing-sm") == "16px")
    #expect(s.run(["tokens", "resolvers"]).out.contains("Roomy: sets global, roomy"))
    #expect(s.run(["doctor"]).status == 0, "\(s.run(["doctor"]).out)")
  }

  @Test func aStoredCopyKeepsWorkingAndAddingTheFileAgainMakesItLive() throws {
    let s = try Self.added()
    // A document stored by an earlier version: its sets hold copies of the tokens.
    let legacy = #"""
      {"name": "studio", "version": "2025.10",
       "sets": {"global": {"sources": [{"spacing": {"sm": {"$value": {"value": 8, "unit": "px"}, "$type": "dimension"}}}]},
                "compact": {"sources": [{"spacing": {"sm": {"$value": {"value": 4, "unit": "px"}, "$type": "dimension"}}}]},
                "comfortable": {"sources": [{"spacing": {"sm": {"$value": {"value": 12, "unit": "px"}, "$type": "dimension"}}}]}},
       "modifiers": {"density": {"contexts": {
         "Compact": [{"$ref": "#/sets/global"}, {"$ref": "#/sets/compact"}],
         "Comfortable": [{"$ref": "#/sets/global"}, {"$ref": "#/sets/comfortable"}]},
         "default": "Compact"}},
       "resolutionOrder": [{"$ref": "#/modifiers/density"}]}
      """#
    let put = s.run(["tokens", "import-resolver", try s.write("legacy.resolver.json", legacy)])
    #expect(put.status == 0, "\(put.err)")
    #expect(s.run(["tokens", "resolvers"]).out.contains("Compact: 2 tokens inline"))
    #expect(Self.css(s, "density=Compact", "spacing-sm") == "4px")
    // The copy does not follow the set (the old behaviour, kept for stored copies) …
    #expect(s.run(["tokens", "set", "spacing.sm", "6", "--set", "compact"]).status == 0)
    #expect(Self.css(s, "density=Compact", "spacing-sm") == "4px")
    // … until the Tokens Studio file is added again: then the theme names its sets.
    #expect(s.run(["tokens", "set", "spacing.sm", "4", "--set", "compact"]).status == 0)
    #expect(s.run(["add", s.path("studio.json")]).status == 0)
    #expect(s.run(["tokens", "resolvers"]).out.contains("Compact: sets global, compact"))
    #expect(s.run(["tokens", "set", "spacing.sm", "6", "--set", "compact"]).status == 0)
    #expect(Self.css(s, "density=Compact", "spacing-sm") == "6px")
  }

  @Test func aRemovedDocumentIsKeptInItsHistoryAndComesBack() throws {
    let s = try Self.added()
    let removed = s.run(["tokens", "resolvers", "--remove", "studio"])
    #expect(removed.status == 0, "\(removed.err)")
    #expect(removed.out.contains("--history studio"), "\(removed.out)")
    #expect(Self.css(s, "density=Compact", "spacing-sm") == nil)
    let history = s.run(["tokens", "resolvers", "--history", "studio"])
    #expect(history.status == 0, "\(history.err)")
    let rows = history.out.split(separator: "\n").dropFirst().map {
      $0.split(separator: " ").prefix(2).joined(separator: " ")
    }
    #expect(rows == ["1 create", "2 remove"], "\(history.out)")
    let old = s.run(["tokens", "resolvers", "--export", "studio", "--revision", "1"])
    #expect(old.out.contains("../tokens/compact.tokens.json"), "\(old.out)")
    #expect(s.run(["tokens", "resolvers", "--export", "studio", "--revision", "2"]).status == 1)
    let revert = s.run(["tokens", "resolvers", "--revert", "studio", "--revision", "1"])
    #expect(revert.status == 0, "\(revert.err)")
    #expect(revert.out.contains("again as revision 3"), "\(revert.out)")
    #expect(Self.css(s, "density=Compact", "spacing-sm") == "4px")
    // A re-import is a revision too.
    #expect(s.run(["add", s.path("studio.json")]).status == 0)
    let again = s.run(["tokens", "resolvers", "--history", "studio"]).out
    #expect(again.contains("3         revert"), "\(again)")
    // An unknown name, or --revision without an action, is refused.
    #expect(s.run(["tokens", "resolvers", "--history", "nope"]).status == 1)
    #expect(s.run(["tokens", "resolvers", "--revision", "1"]).status == 64)
  }
}
