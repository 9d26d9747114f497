// libFuzzer target for CatalogJSON's parser in its JSON5 dialect
// (CatalogJSON/JSONParser.swift, JSONParser+JSON5.swift). Built by `fuzz/run.sh json5 SECONDS`.
//
// Every input is refused with a `JSONParseError` or read; what is read must have a
// position for its root, write as strict JSON that parses again to the same value, and
// write the same text the second time (kept number lexemes included). A crash is a finding.
import CatalogJSON

@_cdecl("LLVMFuzzerTestOneInput")
public func json5ReaderFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  do {
    let document = try JSONParser.parse(bytes: bytes, file: "fuzz.json5", dialect: .json5)
    let compact = JSONWriter.compact(document.root)
    guard let again = try? JSONParser.parse(compact, file: "compact.json") else {
      fatalError("JSON5 read a value that writes as JSON its parser refuses: \(compact.prefix(200))")
    }
    guard again.root == document.root, JSONWriter.compact(again.root) == compact else {
      fatalError("JSON5 → JSON → JSON changed the value or its text: \(compact.prefix(200))")
    }
    guard document.position(of: "") != nil else { fatalError("the root has no position") }
  } catch {
    _ = error.description
  }
  return 0
}
