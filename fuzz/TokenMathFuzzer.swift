// libFuzzer target for token math (CatalogTokens/TokenMath.swift): `{a} * 2 + 4px`.
// Built by `fuzz/run.sh math SECONDS`.
//
// Every input is refused with an error or evaluates to a quantity; a crash or sanitizer
// report is a finding. References resolve to 4px, except `{loop}`, which throws (as a
// cycle does).
import CatalogTokens

struct Cycle: Error {}

@_cdecl("LLVMFuzzerTestOneInput")
public func tokenMathFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data else { return 0 }
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  _ = TokenMath.isExpression(text)
  do {
    let q = try TokenMath.evaluate(text) { path in
      if path == "loop" { throw Cycle() }
      return TokenMath.Quantity(4, unit: "px")
    }
    _ = q
  } catch {
    _ = "\(error)"
  }
  return 0
}
