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
