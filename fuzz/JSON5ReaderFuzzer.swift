// libFuzzer target for the JSON5 token-file reader (CatalogTokens/JSON5Reader.swift).
// Built by `fuzz/run.sh json5 SECONDS`.
//
// Every input is refused with a `TokenFileError` or read; what is read must have a
// position for its root and write as JSON that parses again. A crash is a finding.
import CatalogModel
import CatalogTokens

@_cdecl("LLVMFuzzerTestOneInput")
public func json5ReaderFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  do {
    let source = try JSON5Reader.read(bytes: bytes, file: "fuzz.json5")
    let compact = JSONWriter.compact(source.root)
    guard (try? JSONParser.parse(compact, file: "compact.json")) != nil else {
      fatalError("JSON5 read a value that writes as JSON its parser refuses: \(compact.prefix(200))")
    }
    _ = source.location(of: "")
  } catch {
    _ = error.description
  }
  return 0
}
