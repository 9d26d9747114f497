// GENERATED FILE: do not edit.
//
// Written by scripts/generate-migrations.sh from migrations/*.sql, the source of
// truth. To change the schema, add a migrations/NNNN_name.sql file and run the script
// again; MigrationTests fails when this file and the .sql files differ.
//
// Same shape as each other: a migration that rebuilds a table (token_cheaper_checks) repeats
// its columns and creates again the views that read it (token_resolved, token_usage), as
// do the revision tables' change and saved_at columns; kept because SQLite has no shared
// definitions and a migration stays as it was applied.

extension Migration {
  /// Every migration in `migrations/`, in order (generated).
  static let all: [Migration] = [
    Migration(
      version: 1,
      name: "create_catalog",
      sql: #"""
        -- Migration 0001: create the catalog.
        --
        -- The schema is a public interface for people who open the file with the sqlite3 shell.
        -- This migration and every later one follow these conventions:
        --
        -- * Every table is STRICT: a value of the wrong type is refused, never converted.
        -- * Names are singular snake_case: table `component`, column `component_id`.
        -- * A rule a person could break from the shell is a named CHECK constraint,
        --   `CONSTRAINT <table>_<column>_<rule> CHECK (...)`, so the name shows in the error
        --   message (`CHECK constraint failed: component_name_is_identifier`).
        -- * Relations are foreign keys, and every child key column leads an index (often the
        --   primary key). The catalog program turns `PRAGMA foreign_keys` on for each connection;
        --   do the same in the shell before changing rows by hand.
        -- * JSON is TEXT checked with json_valid (and json_type where its shape is fixed).
        --   Lengths are points; a token path is the DTCG dotted path without braces (`space.sm`).
        -- * Booleans are INTEGER 0 or 1. Timestamps are ISO-8601 TEXT in UTC with milliseconds
        --   (`2025-01-31T09:30:00.000Z`), written by SQLite's strftime.
        -- * Views are the interface for sqlite3 users: later migrations may change tables, the
        --   views keep their names and columns.
        -- * `PRAGMA user_version` is the number of the last migration applied. The program runs
        --   each migration file in its own transaction (BEGIN IMMEDIATE, the file,
        --   PRAGMA user_version = N, COMMIT), so files hold no transaction statements.
        -- * `PRAGMA application_id` is 1129598023 (0x43544C47, "CTLG"): it marks the file as a
        --   catalog for the program and for file(1).

        PRAGMA application_id = 1129598023;

        -- MARK: - Components

        -- A named, stored component definition (the JSON the catalog reads and writes).
        CREATE TABLE component (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL
            CONSTRAINT component_name_is_unique UNIQUE
            CONSTRAINT component_name_is_identifier CHECK (
              name GLOB '[A-Za-z_]*' AND name NOT GLOB '*[^A-Za-z0-9_]*' AND length(name) <= 128),
          description TEXT,
          definition TEXT NOT NULL
            CONSTRAINT component_definition_is_json_object CHECK (
              json_valid(definition) AND json_type(definition) = 'object'),
          revision INTEGER NOT NULL
            CONSTRAINT component_revision_is_positive CHECK (revision >= 1),
          created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
            CONSTRAINT component_created_at_is_utc_timestamp CHECK (
              created_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]*Z'),
          updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
            CONSTRAINT component_updated_at_is_utc_timestamp CHECK (
              updated_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]*Z')
        ) STRICT;

        -- A component's typed inputs, in the order the definition lists them.
        CREATE TABLE component_parameter (
          component_id INTEGER NOT NULL REFERENCES component (id) ON DELETE CASCADE,
          position INTEGER NOT NULL
            CONSTRAINT component_parameter_position_is_not_negative CHECK (position >= 0),
          name TEXT NOT NULL
            CONSTRAINT component_parameter_name_is_identifier CHECK (
              name GLOB '[A-Za-z_]*' AND name NOT GLOB '*[^A-Za-z0-9_]*' AND length(name) <= 128),
          type TEXT NOT NULL
            CONSTRAINT component_parameter_type_is_not_empty CHECK (length(type) >= 1),
          -- The default as JSON text (`"Untitled"`, `8`, `true`); NULL when there is none.
          default_value TEXT
            CONSTRAINT component_parameter_default_value_is_json CHECK (
              default_value IS NULL OR json_valid(default_value)),
          is_optional INTEGER NOT NULL DEFAULT 0
            CONSTRAINT component_parameter_is_optional_is_boolean CHECK (is_optional IN (0, 1)),
          PRIMARY KEY (component_id, position),
          CONSTRAINT component_parameter_name_is_unique UNIQUE (component_id, name)
        ) STRICT;

        -- A named set of arguments stored with a component, in the order the definition lists them.
        CREATE TABLE component_variant (
          component_id INTEGER NOT NULL REFERENCES component (id) ON DELETE CASCADE,
          position INTEGER NOT NULL
            CONSTRAINT component_variant_position_is_not_negative CHECK (position >= 0),
          name TEXT NOT NULL
            CONSTRAINT component_variant_name_is_not_empty CHECK (length(name) BETWEEN 1 AND 128),
          arguments TEXT NOT NULL
            CONSTRAINT component_variant_arguments_is_json_object CHECK (
              json_valid(arguments) AND json_type(arguments) = 'object'),
          PRIMARY KEY (component_id, position),
          CONSTRAINT component_variant_name_is_unique UNIQUE (component_id, name)
        ) STRICT;

        -- One row per length written in a definition, and where its value comes from:
        -- 'literal' (a number of points), 'token' (an alias such as {space.sm}), 'parameter'
        -- ($gap) or 'default' (absent or null: the platform default, SwiftUI's nil).
        -- A padding with several edges has one row per edge, all with the same json_path.
        CREATE TABLE component_length (
          component_id INTEGER NOT NULL REFERENCES component (id) ON DELETE CASCADE,
          -- Where the length is written: `body.children[1].modifiers[0].padding.length`.
          json_path TEXT NOT NULL
            CONSTRAINT component_length_json_path_is_not_empty CHECK (length(json_path) >= 1),
          -- What it sizes: `padding.bottom`, `spacing`, `frame.width`.
          property TEXT NOT NULL
            CONSTRAINT component_length_property_is_not_empty CHECK (length(property) >= 1),
          source TEXT NOT NULL
            CONSTRAINT component_length_source_is_known CHECK (
              source IN ('literal', 'token', 'parameter', 'default')),
          literal_points REAL,
          token_path TEXT,
          parameter TEXT,
          PRIMARY KEY (component_id, json_path, property),
          CONSTRAINT component_length_literal_has_points CHECK (
            (source = 'literal') = (literal_points IS NOT NULL)),
          CONSTRAINT component_length_token_has_path CHECK (
            (source = 'token') = (token_path IS NOT NULL)
            AND (token_path IS NULL OR length(token_path) >= 1)),
          CONSTRAINT component_length_parameter_has_name CHECK (
            (source = 'parameter') = (parameter IS NOT NULL)
            AND (parameter IS NULL OR length(parameter) >= 1))
        ) STRICT;

        CREATE INDEX component_length_token_path ON component_length (token_path)
          WHERE token_path IS NOT NULL;

        -- Which stored components a component uses, and where (`body.children[0]`). instance_of
        -- is a name, not a foreign key: it may name a component that was removed with force.
        CREATE TABLE component_instance (
          component_id INTEGER NOT NULL REFERENCES component (id) ON DELETE CASCADE,
          json_path TEXT NOT NULL
            CONSTRAINT component_instance_json_path_is_not_empty CHECK (length(json_path) >= 1),
          instance_of TEXT NOT NULL
            CONSTRAINT component_instance_instance_of_is_identifier CHECK (
              instance_of GLOB '[A-Za-z_]*' AND instance_of NOT GLOB '*[^A-Za-z0-9_]*'
              AND length(instance_of) <= 128),
          PRIMARY KEY (component_id, json_path)
        ) STRICT;

        CREATE INDEX component_instance_instance_of ON component_instance (instance_of);

        -- Every saved version of every component, kept after the component is removed (so it
        -- has no foreign key). Revision numbers go on across a removal and a new create.
        CREATE TABLE component_revision (
          component_name TEXT NOT NULL,
          revision INTEGER NOT NULL
            CONSTRAINT component_revision_revision_is_positive CHECK (revision >= 1),
          -- The definition as saved; NULL for a removal.
          definition TEXT
            CONSTRAINT component_revision_definition_is_json_object CHECK (
              definition IS NULL OR (json_valid(definition) AND json_type(definition) = 'object')),
          change TEXT NOT NULL
            CONSTRAINT component_revision_change_is_known CHECK (
              change IN ('create', 'update', 'remove', 'revert')),
          saved_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
            CONSTRAINT component_revision_saved_at_is_utc_timestamp CHECK (
              saved_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]*Z'),
          PRIMARY KEY (component_name, revision),
          CONSTRAINT component_revision_removal_has_no_definition CHECK (
            (change = 'remove') = (definition IS NULL))
        ) STRICT;

        -- MARK: - Tokens

        -- A set of design tokens imported from one DTCG file. When two sets define the same
        -- path, the set with the higher precedence wins.
        CREATE TABLE token_set (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL
            CONSTRAINT token_set_name_is_unique UNIQUE
            CONSTRAINT token_set_name_is_not_empty CHECK (
              length(name) BETWEEN 1 AND 128 AND name = trim(name)),
          description TEXT,
          precedence INTEGER NOT NULL
            CONSTRAINT token_set_precedence_is_unique UNIQUE,
          -- The file the set was last imported from, as the user named it.
          source TEXT,
          created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
            CONSTRAINT token_set_created_at_is_utc_timestamp CHECK (
              created_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]*Z')
        ) STRICT;

        -- One DTCG token of a set.
        CREATE TABLE token (
          id INTEGER PRIMARY KEY,
          token_set_id INTEGER NOT NULL REFERENCES token_set (id) ON DELETE CASCADE,
          -- The DTCG path: group and token names joined by dots (`space.sm`). DTCG names never
          -- start with '$' and never contain '{', '}' or '.'.
          path TEXT NOT NULL
            CONSTRAINT token_path_is_dotted_names CHECK (
              length(path) >= 1
              AND path NOT GLOB '*[{}]*'
              AND path NOT GLOB '$*' AND path NOT GLOB '*.$*'
              AND path NOT GLOB '.*' AND path NOT GLOB '*.' AND path NOT GLOB '*..*'),
          -- The DTCG $type, as resolved at import (inherited from groups or from an alias).
          type TEXT,
          -- The $value exactly as written, aliases kept (`"{base.size.8}"`).
          value TEXT NOT NULL
            CONSTRAINT token_value_is_json CHECK (json_valid(value)),
          -- The value with the alias chain followed; NULL when it could not be resolved.
          resolved_value TEXT
            CONSTRAINT token_resolved_value_is_json CHECK (
              resolved_value IS NULL OR json_valid(resolved_value)),
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

        CREATE INDEX token_path ON token (path);

        -- Every saved value of every token, kept after the token or its set is removed.
        CREATE TABLE token_revision (
          token_set_name TEXT NOT NULL,
          path TEXT NOT NULL,
          revision INTEGER NOT NULL
            CONSTRAINT token_revision_revision_is_positive CHECK (revision >= 1),
          -- The $value as saved; NULL for a removal.
          value TEXT
            CONSTRAINT token_revision_value_is_json CHECK (value IS NULL OR json_valid(value)),
          change TEXT NOT NULL
            CONSTRAINT token_revision_change_is_known CHECK (
              change IN ('create', 'update', 'remove', 'revert')),
          saved_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
            CONSTRAINT token_revision_saved_at_is_utc_timestamp CHECK (
              saved_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]*Z'),
          PRIMARY KEY (token_set_name, path, revision),
          CONSTRAINT token_revision_removal_has_no_value CHECK ((change = 'remove') = (value IS NULL))
        ) STRICT;

        -- MARK: - Platforms

        -- What SwiftUI's nil means on each platform, in points, and its pixels per point.
        CREATE TABLE platform (
          name TEXT PRIMARY KEY
            CONSTRAINT platform_name_is_lowercase_identifier CHECK (
              name GLOB '[a-z]*' AND name NOT GLOB '*[^a-z0-9_]*' AND length(name) <= 64),
          default_spacing REAL NOT NULL
            CONSTRAINT platform_default_spacing_is_not_negative CHECK (default_spacing >= 0),
          default_padding REAL NOT NULL
            CONSTRAINT platform_default_padding_is_not_negative CHECK (default_padding >= 0),
          display_scale REAL NOT NULL
            CONSTRAINT platform_display_scale_is_positive CHECK (display_scale > 0)
        ) STRICT;

        INSERT INTO platform (name, default_spacing, default_padding, display_scale)
        VALUES ('ios', 8, 16, 3);

        -- MARK: - Views

        -- One row per component: its parameters written as in Swift
        -- (`title: string = "Untitled", artist: string?`), how many distinct tokens its lengths
        -- use, and the stored components it uses.
        CREATE VIEW component_summary AS
        SELECT
          c.name AS name,
          c.description AS description,
          c.revision AS revision,
          (SELECT group_concat(
                    p.name || ': ' || p.type
                    || CASE WHEN p.is_optional = 1 THEN '?' ELSE '' END
                    || CASE WHEN p.default_value IS NOT NULL THEN ' = ' || p.default_value ELSE '' END,
                    ', ')
             FROM (SELECT * FROM component_parameter
                    WHERE component_id = c.id ORDER BY position) AS p) AS parameters,
          (SELECT count(*) FROM component_parameter WHERE component_id = c.id) AS parameter_count,
          (SELECT count(DISTINCT token_path) FROM component_length
            WHERE component_id = c.id AND source = 'token') AS token_count,
          (SELECT group_concat(i.instance_of, ', ')
             FROM (SELECT DISTINCT instance_of FROM component_instance
                    WHERE component_id = c.id ORDER BY instance_of) AS i) AS instances,
          c.updated_at AS updated_at
        FROM component AS c
        ORDER BY c.name;

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

        -- One row per length written as a number of points instead of a token.
        CREATE VIEW hard_coded_length AS
        SELECT
          c.name AS component,
          l.json_path AS json_path,
          l.property AS property,
          l.literal_points AS points
        FROM component_length AS l
        JOIN component AS c ON c.id = l.component_id
        WHERE l.source = 'literal'
        ORDER BY c.name, l.json_path, l.property;

        """#),
    Migration(
      version: 2,
      name: "token_resolver",
      sql: #"""
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

        """#),
    Migration(
      version: 3,
      name: "token_reference_index",
      sql: #"""
        -- Migration 0003: an index of the tokens whose value holds a reference.
        --
        -- Every token write asks which stored tokens refer to the paths it changes (the reverse
        -- token graph of the dependents check). Only tokens whose `$value` holds a `{…}` reference
        -- (an alias, a math operand, a composite member) can; in a catalog of a million tokens they
        -- are a few percent. This partial index holds exactly those rows, so the question reads
        -- them without scanning the whole token table. Values are compact JSON, where an object
        -- opens with `{"`; a reference is a `{` followed by anything else. The WHERE clause is the
        -- one `CatalogStore.referencingTokenValues()` asks with, which lets SQLite use the index
        -- (https://www.sqlite.org/partialindex.html §2.1: the query's WHERE must name the same term).
        CREATE INDEX token_with_reference ON token (path, value) WHERE value GLOB '*{[^"}]*';

        """#),
    Migration(
      version: 4,
      name: "token_revision_without_rowid",
      sql: #"""
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

        """#),
    Migration(
      version: 5,
      name: "token_cheaper_checks",
      sql: #"""
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

        """#),
    Migration(
      version: 6,
      name: "component_token",
      sql: #"""
        -- Migration 0006: every token a component names, of every type.
        --
        -- `component_length` holds lengths, so the tokens a component names for anything else —
        -- a shape's border (`"strokeBorder": "{border.card}"`), its shadow (`"shadow":
        -- "{shadow.card}"`), a colour (`"fill": "{color.brand}"`) — were in no row, and
        -- `token_usage`, `tokens usage`, `tokens remove` and the dependents check of every write
        -- missed them (issue 14, point 1). `component_token` holds one row per token reference,
        -- lengths included, with the kind of value it gives (`kind`, which decides the token types
        -- it takes); `token_usage` and `component_summary` read it. `component_length` keeps every
        -- length, as before.
        --
        -- SQL cannot parse a definition, so the rows of the components already stored are derived
        -- by the program right after this file runs, in the same transaction
        -- (`Migration.deriveRows`, from `ComponentDefinition.tokenUses`, the one derivation every
        -- save uses). A definition that no longer parses gets no rows; `doctor` reports it.

        CREATE TABLE component_token (
          component_id INTEGER NOT NULL REFERENCES component (id) ON DELETE CASCADE,
          -- Where the reference is written: `body.strokeBorder`, `body.modifiers[0].padding.length`.
          json_path TEXT NOT NULL
            CONSTRAINT component_token_json_path_is_not_empty CHECK (length(json_path) >= 1),
          -- What it gives a value to: `strokeBorder`, `shadow`, `fill`, `padding.bottom`.
          property TEXT NOT NULL
            CONSTRAINT component_token_property_is_not_empty CHECK (length(property) >= 1),
          -- The stored path of the token named (`{group.$root}` is stored as `group`).
          token_path TEXT NOT NULL
            CONSTRAINT component_token_token_path_is_not_empty CHECK (length(token_path) >= 1),
          -- The kind of value: a length takes a dimension or number token, a border a border
          -- token, a shadow a shadow token, a colour a color token.
          kind TEXT NOT NULL
            CONSTRAINT component_token_kind_is_known CHECK (
              kind IN ('length', 'border', 'shadow', 'color')),
          PRIMARY KEY (component_id, json_path, property)
        ) STRICT;

        CREATE INDEX component_token_token_path ON component_token (token_path);

        -- One row per token a component names, of every type, with the winning token's set, type
        -- and points; token_set, token_type and resolved_points are NULL when no set defines the
        -- token (resolved_points also for a token without points: a border, a shadow, a colour).
        DROP VIEW token_usage;
        CREATE VIEW token_usage AS
        SELECT
          c.name AS component,
          u.token_path AS token_path,
          u.json_path AS json_path,
          u.property AS property,
          r.token_set AS token_set,
          r.resolved_points AS resolved_points,
          u.kind AS kind,
          r.type AS token_type
        FROM component_token AS u
        JOIN component AS c ON c.id = u.component_id
        LEFT JOIN token_resolved AS r ON r.path = u.token_path
        ORDER BY c.name, u.json_path, u.property;

        -- One row per component: its parameters written as in Swift
        -- (`title: string = "Untitled", artist: string?`), how many distinct tokens it names (of
        -- every type, since this migration), and the stored components it uses.
        DROP VIEW component_summary;
        CREATE VIEW component_summary AS
        SELECT
          c.name AS name,
          c.description AS description,
          c.revision AS revision,
          (SELECT group_concat(
                    p.name || ': ' || p.type
                    || CASE WHEN p.is_optional = 1 THEN '?' ELSE '' END
                    || CASE WHEN p.default_value IS NOT NULL THEN ' = ' || p.default_value ELSE '' END,
                    ', ')
             FROM (SELECT * FROM component_parameter
                    WHERE component_id = c.id ORDER BY position) AS p) AS parameters,
          (SELECT count(*) FROM component_parameter WHERE component_id = c.id) AS parameter_count,
          (SELECT count(DISTINCT token_path) FROM component_token
            WHERE component_id = c.id) AS token_count,
          (SELECT group_concat(i.instance_of, ', ')
             FROM (SELECT DISTINCT instance_of FROM component_instance
                    WHERE component_id = c.id ORDER BY instance_of) AS i) AS instances,
          c.updated_at AS updated_at
        FROM component AS c
        ORDER BY c.name;

        """#),
    Migration(
      version: 7,
      name: "resolver_document_revision",
      sql: #"""
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

        """#),
    Migration(
      version: 8,
      name: "component_token_parameters",
      sql: #"""
        -- Migration 0008: the tokens a component passes through its parameters.
        --
        -- A token given to a parameter — a default (`"tint": {"type": "string", "default":
        -- "{colors.x}"}`), a variant's argument, an instance's argument — is a use of the kind the
        -- parameter gives a value to: a `length` parameter a length, a `string` parameter that the
        -- body writes into a colour (`"fill": "$tint"`) a colour, one passed on to an instance what
        -- that component's parameter takes (`ComponentDefinition.parameterTokenKinds`). Before, only
        -- a `length` parameter's default was a row, and every variant's or instance's argument
        -- written as `{…}` was a length, so a colour named through a parameter was no use of it
        -- (`tokens usage`, `tokens remove`, the site's "Used by", doctor and lint missed it) and a
        -- variant giving a colour token was refused as "a length needs a dimension or number token"
        -- (issue 14, point 1).
        --
        -- The rows change meaning, so every stored component's rows are derived again: deleted
        -- here, then derived by the program right after this file runs, in the same transaction
        -- (`Migration.deriveRows`, from `ComponentDefinition.tokenUses(components:)` with every
        -- stored component known, the one derivation every save uses). A definition that no longer
        -- parses gets no rows; `doctor` reports it.

        DELETE FROM component_token;

        """#),
  ]
}
