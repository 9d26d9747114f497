import Foundation
import Testing

/// The views of issue 19 through the CLI: HTML warnings on stderr, provenance, SwiftUI.
@Suite struct VocabularyCommandTests {
  @Test func htmlNamesTheViewsCSSCannotExpressOnStderr() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["render", "SettingsScreen", "--format", "html", "--text-metrics", "fixed"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.hasPrefix("<!DOCTYPE html>"))
    #expect(r.err.contains("warning: html: ScrollView(.vertical): a ScrollView"), "\(r.err)")
    #expect(r.out.contains("data-inexpressible=\"ScrollView(.vertical): a ScrollView"))
    #expect(
      r.err.contains(
        "warning: html: Grid(alignment: .leading, horizontalSpacing: 16, verticalSpacing: 8): a Grid"
      ), "\(r.err)")
    #expect(!r.out.contains("warning"))
  }

  @Test func explainShowsWhereShapeAndImageLengthsComeFrom() throws {
    let s = try Sandbox.withExamples()
    let r = s.run(["render", "AvatarRow", "--explain", "--text-metrics", "fixed"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("lineWidth = 1pt ← {border.card} ← {stroke.hairline} ← 1px"))
    #expect(r.out.contains("image.width = 40pt ← {icon.avatar} ← 40px"))
    #expect(r.out.contains("cornerRadius = 6pt ← {radius.sm} ← 6px"))
  }

  @Test func recordsRenderAndWrongRecordsAreRefused() throws {
    let s = try Sandbox.withExamples()
    let ok = s.run([
      "render", "SettingsList", "--argument", #"rows=[{"title": "VPN", "icon": "network"}]"#,
      "--text-metrics", "fixed",
    ])
    #expect(ok.status == 0, "\(ok.err)")
    #expect(ok.out.contains(#"Text("VPN")"#))
    let bad = s.run([
      "render", "SettingsList", "--argument", #"rows=[{"titel": "VPN", "icon": "network"}]"#,
    ])
    #expect(bad.status != 0)
    #expect(bad.err.contains("element 0 has an unknown member 'titel'"), "\(bad.err)")
  }

  @Test func anInstanceGivingWrongRecordsIsRefusedAtAdd() throws {
    let s = try Sandbox.withExamples()
    let file = try s.write(
      "Uses.json",
      #"{"name": "Uses", "body": {"type": "SettingsList", "arguments": {"rows": [{"title": 1, "icon": "x"}]}}}"#
    )
    let r = s.run(["add", file])
    #expect(r.status != 0)
    #expect(r.err.contains("Uses: body.arguments.rows"), "\(r.err)")
    #expect(r.err.contains("'title'"), "\(r.err)")
  }

  @Test func theMatrixSamplesAnOptionalRecordListWithRecords() throws {
    let s = try Sandbox.withExamples()
    let file = try s.write(
      "Optional.json",
      #"{"name": "Optional", "parameters": {"rows": {"type": "list", "optional": true, "items": {"title": "string", "n": "number"}}}, "body": {"type": "VStack", "children": [{"type": "ForEach", "in": "$rows", "as": "row", "children": [{"type": "Text", "text": "$row.title"}]}]}}"#
    )
    #expect(s.run(["add", file]).status == 0)
    let r = s.run(["render", "Optional", "--matrix"])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains(#"Text("Sample title")"#), "\(r.out)")
  }
}
