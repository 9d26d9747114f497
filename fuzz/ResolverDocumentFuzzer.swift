// libFuzzer target for DTCG resolver documents (CatalogTokens/ResolverDocument*.swift):
// parse, pick contexts, resolve every permutation (up to 16). Built by
// `fuzz/run.sh resolver SECONDS`. `$ref`s to files are refused (no file system access).
//
// Every input is refused with a `TokenFileError` or gives tokens; a crash, a sanitizer
// report or a run past the limits (`$ref` fan-out) is a finding.
import CatalogModel
import CatalogTokens

@_cdecl("LLVMFuzzerTestOneInput")
public func resolverDocumentFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let document = try? JSONParser.parse(bytes: bytes, file: "fuzz.resolver.json") else { return 0 }
  guard ResolverDocument.isResolverDocument(document.root) else { return 0 }
  do {
    let resolver = try ResolverDocument.parse(source: TokenSource(document: document, bytes: bytes))
    for inputs in resolver.permutations(limit: 16) {
      if let resolution = try? resolver.resolve(inputs: inputs) {
        for token in resolution.tokens { _ = JSONWriter.compact(token.value) }
      }
    }
  } catch {
    _ = error.description
  }
  return 0
}
