import CatalogSystem

/// The one reading of a number written as text outside a JSON document (defined in
/// CatalogSystem, where `catalog serve` and the command line's `StrictNumber` use it too).
public typealias DecimalText = CatalogSystem.DecimalText
