// The JSON value, parser, writer, paths and diff live in `CatalogJSON`; every module that
// imports `CatalogModel` (definitions are JSON) sees them too.
@_exported import CatalogJSON
