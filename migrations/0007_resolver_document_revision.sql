-- Migration 0007: the history of resolver documents.
--
-- A resolver document kept only its latest JSON: `tokens resolvers --remove`, a re-import
-- and a `tokens rename` that rewrote it left no way back, while every save and removal of
-- a component or a token is a revision ("History is kept"). `resolver_document_revision`
-- holds every saved version of every document, kept after the document is removed, as
-- `component_revision` does for components: `tokens resolvers --history NAME` lists it,
-- `--export NAME --revision N` prints one, `--revert NAME --revision N` saves one again
-- (bringing a removed document back).
--
-- A document already stored gets one row, its current revision as stored, written by the
-- program right after this file runs, in the same transaction (`Migration.deriveRows`,
-- through `CatalogStore.insertResolverRevision`, the one insert every save uses).

-- Every saved version of every resolver document, kept after the document is removed.
CREATE TABLE resolver_document_revision (
  document_name TEXT NOT NULL,
  revision INTEGER NOT NULL
    CONSTRAINT resolver_document_revision_revision_is_positive CHECK (revision >= 1),
  -- The document as saved (JSON text, as resolver_document.document); NULL for a removal.
  document TEXT
    CONSTRAINT resolver_document_revision_document_is_json_object CHECK (
      document IS NULL OR (json_valid(document) AND json_type(document) = 'object')),
  -- The file it was imported from, as recorded.
  source TEXT,
  change TEXT NOT NULL
    CONSTRAINT resolver_document_revision_change_is_known CHECK (
      change IN ('create', 'update', 'remove', 'revert')),
  saved_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    CONSTRAINT resolver_document_revision_saved_at_is_utc_timestamp CHECK (
      saved_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]*Z'),
  PRIMARY KEY (document_name, revision),
  CONSTRAINT resolver_document_revision_removal_has_no_document CHECK (
    (change = 'remove') = (document IS NULL))
) STRICT;
