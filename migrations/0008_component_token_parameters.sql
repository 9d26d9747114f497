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
