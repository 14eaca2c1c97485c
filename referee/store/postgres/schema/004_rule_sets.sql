-- referee store schema 4: the rule sets matches are pinned to (referee.store.pinning).
-- Applied by `referee db upgrade` in one transaction, with the row of schema_version that says it is there.

-- A rule set's content as a match pinned it: the canonical text of its resolved values (what is hashed),
-- keyed by the pin a match header carries (`rules-hash=`, the first 16 hex digits of the SHA-256), with the
-- name, title and source it had when first kept (labels, not hashed). Written once, never changed: a
-- trigger refuses UPDATE and DELETE, as on entries.
CREATE TABLE rule_sets (
    pin text PRIMARY KEY CHECK (pin ~ '^[0-9a-f]{16}$'),
    digest text NOT NULL CHECK (digest ~ '^[0-9a-f]{64}$' AND left(digest, 16) = pin),
    game text NOT NULL,
    name text NOT NULL,
    title text NOT NULL,
    source text NOT NULL,
    content text NOT NULL,
    kept text NOT NULL
);

CREATE FUNCTION rule_sets_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'rule_sets are kept as written: % refused', TG_OP;
END;
$$;

CREATE TRIGGER rule_sets_kept BEFORE UPDATE OR DELETE ON rule_sets
    FOR EACH ROW EXECUTE FUNCTION rule_sets_kept();
