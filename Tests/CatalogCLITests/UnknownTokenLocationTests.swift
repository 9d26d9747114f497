import Testing

/// Review 15, item 3: an unknown token in a shorthand padding (`"padding": "{space.smm}"`)
/// was reported at the file only (`Foo4.json: Foo4: body.modifiers[0].padding.length: …`):
/// the parser's path `padding.length` is not written in the file. It is placed at the
/// nearest value that is, as unknown views and parameters are.
@Suite struct UnknownTokenLocationTests {
  @Test func anUnknownTokenInAShorthandPaddingHasLineAndColumn() throws {
    let s = try Sandbox()
    #expect(s.run(["init", "--example"]).status == 0)
    let file = try s.write(
      "Foo4.json",
      """
      {"name":"Foo4",
       "body":{"type":"Text","text":"hi",
       "modifiers":[{"padding":"{space.smm}"}]}}
      """)
    let run = s.run(["add", file])
    #expect(run.status != 0)
    #expect(
      run.err.contains("Foo4.json:3:26: Foo4: body.modifiers[0].padding.length: unknown token"),
      "\(run.err)")
  }
}
