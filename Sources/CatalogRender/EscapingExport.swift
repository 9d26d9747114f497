/// The renderers' escaping functions live in `CatalogEscaping` (shared with the token
/// exporters); CatalogRender's users see them as before.
@_exported import CatalogEscaping
