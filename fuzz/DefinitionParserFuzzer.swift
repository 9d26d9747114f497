// libFuzzer target for CatalogModel: the JSON parser, the definition parser and the JSON
// writer. Built by `fuzz/run.sh definition SECONDS` against the package's own sources
// (`Sources/CatalogModel`), not through SwiftPM.
//
// Every input must either be refused with a `DefinitionError` / `JSONParseError` or parse;
// a crash, a sanitizer report or a broken invariant below is a finding. Invariants:
// - what the parser accepts, `JSONWriter.compact` writes back as JSON that parses to the
//   same value (the catalog stores definitions that way);
// - a definition that parses parses again from its stored (compact) form to an equal one;
// - `JSONDiff` of a value with itself is empty.
import CatalogModel

@_cdecl("LLVMFuzzerTestOneInput")
public func definitionParserFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let document: JSONDocument
  do {
    document = try JSONParser.parse(bytes: bytes, file: "fuzz.json")
  } catch {
    _ = error.description
    return 0
  }
  let compact = JSONWriter.compact(document.root)
  guard let again = try? JSONParser.parse(compact, file: "compact.json") else {
    fatalError("JSONWriter.compact wrote JSON its parser refuses: \(compact.prefix(200))")
  }
  guard again.root == document.root else {
    fatalError("JSON round trip changed the value: \(compact.prefix(200))")
  }
  _ = JSONWriter.pretty(document.root)
  if !JSONDiff.changes(from: document.root, to: document.root).isEmpty {
    fatalError("JSONDiff of a value with itself is not empty")
  }
  do {
    let definition = try DefinitionParser.parse(document: document)
    let stored = JSONWriter.compact(definition.json)
    guard let reparsed = try? DefinitionParser.parse(stored, file: "stored.json") else {
      fatalError("a definition that parsed does not parse from its stored form: \(stored.prefix(200))")
    }
    guard reparsed == definition else {
      fatalError("a definition changed through its stored form: \(stored.prefix(200))")
    }
    _ = definition.lengthUses
    _ = definition.instanceUses
  } catch {
    _ = error.description
  }
  return 0
}
