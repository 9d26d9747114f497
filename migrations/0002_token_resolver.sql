-- Migration 0002: DTCG Resolver module documents (modes and themes), and token set
-- ordering helpers.
--
-- A resolver document (DTCG Resolver module 2025.10) layers token sources: sets, and
-- modifiers whose contexts hold alternative sources (`density`: `comfortable`,
-- `compact`). `catalog render NAME --input density=compact` resolves tokens through it.
-- The whole document is kept as JSON (references to other files inlined, so it stands
-- alone); its modifiers and contexts are also rows, so sqlite3 users can list the inputs
-- a render accepts.

-- One resolver document.
CREATE TABLE resolver_document (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL
    CONSTRAINT resolver_document_name_is_unique UNIQUE
    CONSTRAINT resolver_document_name_is_not_empty CHECK (
      length(name) BETWEEN 1 AND 128 AND name = trim(name)),
  -- The spec's version; 2025.10 is the only one.
  version TEXT NOT NULL
    CONSTRAINT resolver_document_version_is_known CHECK (version = '2025.10'),
  description TEXT,
  -- The document as JSON text, with file references inlined.
  document TEXT NOT NULL
    CONSTRAINT resolver_document_document_is_json_object CHECK (
      json_valid(document) AND json_type(document) = 'object'),
  -- The file it was imported from, as the user named it.
  source TEXT,
  revision INTEGER NOT NULL DEFAULT 1
    CONSTRAINT resolver_document_revision_is_positive CHECK (revision >= 1),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    CONSTRAINT resolver_document_updated_at_is_utc_timestamp CHECK (
      updated_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]*Z')
) STRICT;

-- One modifier of a resolver document, in resolution order.
CREATE TABLE resolver_modifier (
  id INTEGER PRIMARY KEY,
  resolver_document_id INTEGER NOT NULL
    REFERENCES resolver_document (id) ON DELETE CASCADE,
  name TEXT NOT NULL
    CONSTRAINT resolver_modifier_name_is_not_empty CHECK (length(name) >= 1),
  description TEXT,
  -- The context used when an input does not name this modifier; NULL: an input is required.
  default_context TEXT,
  position INTEGER NOT NULL
    CONSTRAINT resolver_modifier_position_is_not_negative CHECK (position >= 0),
  CONSTRAINT resolver_modifier_name_is_unique_in_document UNIQUE (resolver_document_id, name)
) STRICT;

-- One context of a modifier, in document order.
CREATE TABLE resolver_context (
  resolver_modifier_id INTEGER NOT NULL
    REFERENCES resolver_modifier (id) ON DELETE CASCADE,
  name TEXT NOT NULL
    CONSTRAINT resolver_context_name_is_not_empty CHECK (length(name) >= 1),
  position INTEGER NOT NULL
    CONSTRAINT resolver_context_position_is_not_negative CHECK (position >= 0),
  -- How many tokens the context's sources define.
  token_count INTEGER NOT NULL
    CONSTRAINT resolver_context_token_count_is_not_negative CHECK (token_count >= 0),
  PRIMARY KEY (resolver_modifier_id, name)
) STRICT;

-- The inputs a render accepts: one row per modifier, with its contexts and default.
CREATE VIEW resolver_input AS
SELECT
  d.name AS resolver,
  m.name AS modifier,
  (SELECT group_concat(c.name, ', ')
     FROM (SELECT name FROM resolver_context
            WHERE resolver_modifier_id = m.id ORDER BY position) AS c) AS contexts,
  m.default_context AS default_context
FROM resolver_modifier AS m
JOIN resolver_document AS d ON d.id = m.resolver_document_id
ORDER BY d.name, m.position;
