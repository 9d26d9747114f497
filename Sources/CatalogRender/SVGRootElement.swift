/// The root `<svg …>` start tag of an SVG document, read for its size: what `render
/// --format png` sizes the picture by and what `--matrix` lays its grid cells out by.
struct SVGRootElement {
  /// The tag's text after `<svg ` up to its `>`.
  private let tag: Substring

  /// Finds the root element's start tag.
  /// - Parameter svg: An SVG document.
  /// - Returns: nil when the document has no `<svg ` start tag.
  init?(_ svg: String) {
    guard let start = svg.firstRange(of: "<svg "),
      let end = svg[start.upperBound...].firstIndex(of: ">")
    else { return nil }
    tag = svg[start.upperBound..<end]
  }

  /// An attribute's quoted text (`name="…"`), or nil when the tag does not have it.
  /// - Parameter name: The attribute's name.
  /// - Returns: The text between its quotes.
  func attribute(_ name: String) -> Substring? {
    guard
      let r = tag.firstRange(of: " \(name)=\"")
        ?? (tag.hasPrefix("\(name)=\"") ? tag.firstRange(of: "\(name)=\"") : nil),
      let close = tag[r.upperBound...].firstIndex(of: "\"")
    else { return nil }
    return tag[r.upperBound..<close]
  }

  /// The `width` and `height` attributes (0 for one that is missing or not a number): the
  /// pixel size a viewer draws the document at (points × scale in this module's output).
  var pixelSize: (width: Double, height: Double) {
    (number("width"), number("height"))
  }

  /// An attribute as a number; 0 when it is missing or not a number.
  private func number(_ name: String) -> Double { attribute(name).flatMap { Double($0) } ?? 0 }

  /// The size in points: the `viewBox`'s width and height when it has four numbers (this
  /// module's documents draw in points), else ``pixelSize``.
  var pointSize: (width: Double, height: Double) {
    if let box = attribute("viewBox") {
      let parts = box.split(separator: " ").compactMap { Double($0) }
      if parts.count == 4 { return (parts[2], parts[3]) }
    }
    return pixelSize
  }
}
