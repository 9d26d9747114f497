import CatalogModel
import CatalogTestSupport
import CatalogTokens
import Foundation
import Testing

/// `tokens export --name`: a Swift type name the file can use, and only for the Swift export
/// (review 15, point 7).
@Suite struct TokenExportNameTests {
  static let sandbox = Result { try Sandbox.withExamples() }

  /// `_` and `CGFloat` were accepted, and the file then failed `swiftc -typecheck`.
  @Test(arguments: ["_", "CGFloat", "Double", "Font", "SwiftUI", "Type", "class", "1x", "a-b"])
  func namesTheFileCannotUseAreUsageErrors(_ name: String) throws {
    let r = try Self.sandbox.get().run(["tokens", "export", "--format", "swift", "--name", name])
    #expect(r.status == 64, "\(name): \(r.err)")
    #expect(r.err.contains("--name <type>"), "\(r.err)")
    #expect(TokenExporter.swiftTypeNameProblem(name) != nil)
  }

  /// `--name` with `--format css` was ignored silently.
  @Test func nameWithAnotherFormatIsRefused() throws {
    let r = try Self.sandbox.get().run(["tokens", "export", "--format", "css", "--name", "X"])
    #expect(r.status == 64, "\(r.err)")
    #expect(r.err.contains("--name names the Swift export's enum"), "\(r.err)")
  }

  @Test func anAcceptedNameTypeChecks() throws {
    let r = try Self.sandbox.get().run(["tokens", "export", "--format", "swift", "--name", "Theme"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("public enum Theme {"))
    #expect(TokenExporter.swiftTypeNameProblem("Theme") == nil)
    let errors = try SwiftUIStub.typecheck(sources: [("Theme.swift", r.out)])
    #expect(errors.isEmpty, "\(errors)")
  }
}

/// `render --width infinity --format json` wrote `proposal.width: null`, as for no width,
/// while the size said `"infinity"` (review 15, point 8).
@Suite struct RenderJSONProposalTests {
  @Test func anInfiniteProposalIsWrittenAsTheSizeIs() throws {
    let s = try Sandbox.withExamples()
    func proposal(_ args: [String]) throws -> JSONValue? {
      let r = s.run(["render", "SettingsScreen", "--format", "json"] + args)
      #expect(r.status == 0, "\(r.err)")
      return try json(r.out).objectValue?["proposal"]
    }
    let infinite = try proposal(["--width", "infinity"])?.objectValue
    #expect(infinite?["width"] == .string("infinity"))
    #expect(infinite?["height"] == .null)
    #expect(try proposal(["--width", "320"])?.objectValue?["width"] == .number(320))
    #expect(try proposal([])?.objectValue?["width"] == .null)
  }
}
