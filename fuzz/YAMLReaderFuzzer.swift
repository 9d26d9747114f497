// libFuzzer target for the YAML token-file reader (CatalogTokens/YAMLReader.swift, on
// libyaml). Built by `fuzz/run.sh yaml SECONDS`.
//
// Every input is refused with a `TokenFileError` or read; what is read must write as JSON
// that parses again. A crash, a sanitizer report or a run past the time and memory limits
// (anchor blow-up) is a finding.
import CatalogModel
import CatalogTokens

@_cdecl("LLVMFuzzerTestOneInput")
public func yamlReaderFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  do {
    let source = try YAMLReader.read(bytes: bytes, file: "fuzz.yaml")
    let compact = JSONWriter.compact(source.root)
    guard (try? JSONParser.parse(compact, file: "compact.json")) != nil else {
      fatalError("YAML read a value that writes as JSON its parser refuses: \(compact.prefix(200))")
    }
  } catch {
    _ = error.description
  }
  return 0
}
