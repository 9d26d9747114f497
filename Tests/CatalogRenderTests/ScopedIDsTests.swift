import Testing

@testable import CatalogRender

/// `SiteRenderer.scopedIDs` (issue 17 point 5 rewrote it to read the drawing in place):
/// every ` id="` and `url(#` gets the prefix, nothing else changes.
@Suite struct ScopedIDsTests {
  @Test(
    "ids and url(#…) references get the prefix; other text is kept byte for byte",
    arguments: [
      ("", ""),
      ("<svg></svg>", "<svg></svg>"),
      (
        "<clipPath id=\"clip1\"><rect/></clipPath><g clip-path=\"url(#clip1)\">",
        "<clipPath id=\"v2-clip1\"><rect/></clipPath><g clip-path=\"url(#v2-clip1)\">"
      ),
      (" id=\"", " id=\"v2-"),
      ("url(#", "url(#v2-"),
      ("url(", "url("), (" id=", " id="),
      ("uuu url url(#a) id=\"b\"", "uuu url url(#v2-a) id=\"v2-b\""),
      ("é id=\"ü\" → url(#ß)", "é id=\"v2-ü\" → url(#v2-ß)"),
    ])
  func scoped(svg: String, expected: String) {
    #expect(SiteRenderer.scopedIDs(svg, prefix: "v2") == expected)
  }
}
