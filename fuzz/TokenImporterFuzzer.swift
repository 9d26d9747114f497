// libFuzzer target for CatalogTokens: what `catalog add FILE.tokens.json` runs before
// saving: read the file (as JSON, JSON5 and YAML in turn), parse the DTCG tokens, then
// resolve every token's alias chain. Built by `fuzz/run.sh tokens SECONDS` against the
// package's sources (`Sources/CatalogModel`, `Sources/CatalogTokens`, libyaml).
//
// Every input must either be refused with a `TokenFileError` or give tokens whose
// resolution succeeds or throws; a crash or sanitizer report is a finding.
import CatalogModel
import CatalogTokens

@_cdecl("LLVMFuzzerTestOneInput")
public func tokenImporterFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  for file in ["fuzz.tokens.json", "fuzz.json5", "fuzz.yaml"] {
    let source: TokenSource
    do {
      source = try TokenSource.read(bytes: bytes, file: file)
    } catch {
      _ = error.description
      continue
    }
    for strict in [false, true] {
      do {
        let result = try TokenFileParser.parse(
          source: source,
          options: .init(strict: strict, unresolvedReferences: strict ? .error : .warning))
        var byPath: [String: DesignToken] = [:]
        for token in result.tokens { byPath[token.path] = token }
        let resolver = TokenResolver(tokens: byPath)
        for token in result.tokens {
          if let resolution = try? resolver.resolve(token.path) {
            _ = JSONWriter.compact(resolution.value)
            _ = resolution.points
          }
          _ = JSONWriter.compact(token.value)
          _ = token.aliasTarget
        }
      } catch {
        _ = error.description
      }
    }
  }
  return 0
}
