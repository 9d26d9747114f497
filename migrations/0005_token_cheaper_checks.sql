-- Migration 0005: the `token` table's CHECK constraints, written with fewer operations.
--
-- A token import checks every constraint of every row it writes (a million for a file of a
-- million tokens; issue 12 point 3). Two constraints are written again, with the same
-- meaning and the same names:
-- - token_path_is_dotted_names: six GLOBs and a length() became two instr() and one GLOB
--   (a GLOB starting `*[` tries the set at every position; instr() scans once). A path is
--   refused when it holds `{` or `}`, is empty, starts or ends with `.`, holds `..`, or has
--   a name starting with `$` (at the start or after a `.`). With a `.` added at both ends,
--   the last five are one rule: the text holds a `.` followed by `.` or `$`
--   (`.` || '' || `.` is `..`; `.a` gives `..a`; `a.` gives `.a..`; `$a` gives `.$a`).
-- - token_resolved_value_is_json: a resolved value equal to the value (every literal
--   token) is valid JSON because the value is (token_value_is_json checks it in the same
--   row), so json_valid() runs only for a resolved value that differs.
-- The other constraints, the columns, the rows and their ids stay as they are.
--
-- SQLite's procedure for a table change (https://www.sqlite.org/lang_altertable.html,
-- §7): the program turns foreign keys off around this file and runs
-- `PRAGMA foreign_key_check` before it commits (Migrator); create the new table, copy the
-- rows, drop the old table, rename the new one, and make the indexes and the views that
-- use the table again, exactly as migrations 0001 and 0003 made them. Nothing refers to
-- `token` by a foreign key, and no trigger uses it.

CREATE TABLE token_new (
  id INTEGER PRIMARY KEY,
  token_set_id INTEGER NOT NULL REFERENCES token_set (id) ON DELETE CASCADE,
  -- The DTCG path: group and token names joined by dots (`space.sm`). DTCG names never
  -- start with '$' and never contain '{', '}' or '.'.
  path TEXT NOT NULL
    CONSTRAINT token_path_is_dotted_names CHECK (
      instr(path, '{') = 0 AND instr(path, '}') = 0
      AND '.' || path || '.' NOT GLOB '*.[.$]*'),
  -- The DTCG $type, as resolved at import (inherited from groups or from an alias).
  type TEXT,
  -- The $value exactly as written, aliases kept (`"{base.size.8}"`).
  value TEXT NOT NULL
    CONSTRAINT token_value_is_json CHECK (json_valid(value)),
  -- The value with the alias chain followed; NULL when it could not be resolved.
  resolved_value TEXT
    CONSTRAINT token_resolved_value_is_json CHECK (
      resolved_value IS NULL OR resolved_value = value OR json_valid(resolved_value)),
  -- For dimensions and numbers: the value in points (px 1:1, rem x 16).
  resolved_points REAL,
  -- The first hop of an alias (`base.size.8`); NULL for a literal value.
  alias_of TEXT,
  description TEXT,
  -- The $deprecated value: true, false or a message (JSON text).
  deprecated TEXT
    CONSTRAINT token_deprecated_is_boolean_or_text CHECK (
      deprecated IS NULL
      OR (json_valid(deprecated) AND json_type(deprecated) IN ('true', 'false', 'text'))),
  -- The $extensions object (JSON text).
  extensions TEXT
    CONSTRAINT token_extensions_is_json_object CHECK (
      extensions IS NULL OR (json_valid(extensions) AND json_type(extensions) = 'object')),
  revision INTEGER NOT NULL
    CONSTRAINT token_revision_is_positive CHECK (revision >= 1),
  CONSTRAINT token_path_is_unique_in_set UNIQUE (token_set_id, path)
) STRICT;

INSERT INTO token_new (id, token_set_id, path, type, value, resolved_value, resolved_points,
                       alias_of, description, deprecated, extensions, revision)
SELECT id, token_set_id, path, type, value, resolved_value, resolved_points,
       alias_of, description, deprecated, extensions, revision
FROM token;

-- The views that read `token` (token_usage reads token_resolved) go first: SQLite checks
-- every view when a table is renamed.
DROP VIEW token_usage;
DROP VIEW token_resolved;
DROP TABLE token;
ALTER TABLE token_new RENAME TO token;

CREATE INDEX token_path ON token (path);

CREATE INDEX token_with_reference ON token (path, value) WHERE value GLOB '*{[^"}]*';

-- One row per token path: the token from the set with the highest precedence that
-- defines it.
CREATE VIEW token_resolved AS
SELECT
  s.name AS token_set,
  t.path AS path,
  t.type AS type,
  t.value AS value,
  t.resolved_value AS resolved_value,
  t.resolved_points AS resolved_points,
  t.deprecated AS deprecated
FROM token AS t
JOIN token_set AS s ON s.id = t.token_set_id
WHERE s.precedence = (
  SELECT max(s2.precedence)
  FROM token AS t2
  JOIN token_set AS s2 ON s2.id = t2.token_set_id
  WHERE t2.path = t.path)
ORDER BY t.path;

-- One row per token a component's lengths use, with the winning token's set and value;
-- token_set and resolved_points are NULL when no set defines the token.
CREATE VIEW token_usage AS
SELECT
  c.name AS component,
  l.token_path AS token_path,
  l.json_path AS json_path,
  l.property AS property,
  r.token_set AS token_set,
  r.resolved_points AS resolved_points
FROM component_length AS l
JOIN component AS c ON c.id = l.component_id
LEFT JOIN token_resolved AS r ON r.path = l.token_path
WHERE l.source = 'token'
ORDER BY c.name, l.json_path, l.property;
