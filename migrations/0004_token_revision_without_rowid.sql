-- Migration 0004: token_revision becomes a WITHOUT ROWID table.
--
-- A token import writes a revision row per token (a million for a file of a million
-- tokens). As a rowid table with a composite primary key, each row was written twice: to
-- the table and to the primary key's index. WITHOUT ROWID stores the row in its primary
-- key's b-tree only (https://www.sqlite.org/withoutrowid.html, §1: for tables whose
-- primary key is not a single integer). The columns, their meaning and the constraint
-- names stay as migration 0001 made them. `change` is checked with `=` comparisons instead
-- of `IN (…)`: the same rule, but SQLite 3.40 built a temporary table for the `IN` list on
-- every row written (issue 12 point 3). Existing rows are copied as they are.
--
-- SQLite's procedure for a table change (https://www.sqlite.org/lang_altertable.html,
-- §7): the program turns foreign keys off around this file; create the new table, copy,
-- drop the old one, rename. Nothing refers to token_revision (it has no foreign key, no
-- view reads it), so no view or trigger needs to be made again.

CREATE TABLE token_revision_new (
  token_set_name TEXT NOT NULL,
  path TEXT NOT NULL,
  revision INTEGER NOT NULL
    CONSTRAINT token_revision_revision_is_positive CHECK (revision >= 1),
  -- The $value as saved; NULL for a removal.
  value TEXT
    CONSTRAINT token_revision_value_is_json CHECK (value IS NULL OR json_valid(value)),
  change TEXT NOT NULL
    CONSTRAINT token_revision_change_is_known CHECK (
      change = 'create' OR change = 'update' OR change = 'remove' OR change = 'revert'),
  saved_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    CONSTRAINT token_revision_saved_at_is_utc_timestamp CHECK (
      saved_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]*Z'),
  PRIMARY KEY (token_set_name, path, revision),
  CONSTRAINT token_revision_removal_has_no_value CHECK ((change = 'remove') = (value IS NULL))
) STRICT, WITHOUT ROWID;

INSERT INTO token_revision_new (token_set_name, path, revision, value, change, saved_at)
SELECT token_set_name, path, revision, value, change, saved_at FROM token_revision;

DROP TABLE token_revision;

ALTER TABLE token_revision_new RENAME TO token_revision;
