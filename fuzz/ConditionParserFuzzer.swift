// libFuzzer target for the `when` condition parser (CatalogModel/Condition.swift). Built
// by `fuzz/run.sh condition SECONDS`.
//
// Every input is refused with a `ConditionSyntaxError` or parses; a crash, a sanitizer
// report or a broken invariant is a finding. Invariants: the canonical form
// (`description`) parses to an equal condition; evaluation with any arguments returns.
import CatalogModel

@_cdecl("LLVMFuzzerTestOneInput")
public func conditionParserFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data else { return 0 }
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let condition: Condition
  do {
    condition = try Condition.parse(text)
  } catch {
    _ = error.description
    return 0
  }
  let canonical = condition.description
  guard let again = try? Condition.parse(canonical), again == condition else {
    fatalError("the canonical form does not parse back to the same condition: \(canonical.prefix(200))")
  }
  _ = condition.parameters
  _ = condition.evaluate { _ in nil }
  _ = condition.evaluate { name in name.count.isMultiple(of: 2) ? .bool(true) : .string(name) }
  return 0
}
