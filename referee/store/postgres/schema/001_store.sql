-- referee store schema 1: what the folder store keeps, in tables, with its guarantees enforced by the database.
-- Applied by `referee db upgrade` in one transaction, with the row of schema_version that says it is there.

CREATE TABLE schema_version (
    version integer PRIMARY KEY,
    applied timestamptz NOT NULL DEFAULT now()
);

-- One row per match: its index row (the header's fields), its head (entry count and last hash, kept by the
-- entries' trigger: the head record of the folder store), the witness of its round's close, and, for a match
-- an import --replace took the id of, when (its entries stay: nothing is ever deleted).
CREATE TABLE matches (
    key bigserial PRIMARY KEY,
    id text NOT NULL,
    created text NOT NULL,
    entries integer NOT NULL DEFAULT 0,
    head text NOT NULL DEFAULT repeat('0', 64),
    rules text NOT NULL DEFAULT '?',
    date text,
    event text,
    "table" text,
    round text,
    witness_entries integer,
    witness_head text,
    replaced text
);
CREATE UNIQUE INDEX matches_in_effect ON matches (id) WHERE replaced IS NULL;

-- A match's entries: append-only and hash-chained (referee.store.chain seals them; `verify` recomputes every
-- hash client-side). The database checks the link: each entry must follow its match's head, in the same
-- transaction, under the match row's lock.
CREATE TABLE entries (
    match_key bigint NOT NULL REFERENCES matches (key),
    seq integer NOT NULL CHECK (seq >= 1),
    kind text NOT NULL CHECK (kind IN ('event', 'undo', 'void', 'amend')),
    time text NOT NULL,
    referee text NOT NULL,
    directive text NOT NULL,
    target integer,
    reason text NOT NULL,
    prev text NOT NULL,
    hash text NOT NULL,
    UNIQUE (match_key, seq)
);

-- An event's own log (referee.store.eventlog): the same chain, under the id event:<id>.
CREATE TABLE events (
    id text PRIMARY KEY,
    entries integer NOT NULL DEFAULT 0,
    head text NOT NULL DEFAULT repeat('0', 64)
);

CREATE TABLE event_entries (
    event_id text NOT NULL REFERENCES events (id),
    seq integer NOT NULL CHECK (seq >= 1),
    kind text NOT NULL CHECK (kind = 'event'),
    time text NOT NULL,
    referee text NOT NULL,
    directive text NOT NULL,
    target integer CHECK (target IS NULL),
    reason text NOT NULL,
    prev text NOT NULL,
    hash text NOT NULL,
    UNIQUE (event_id, seq)
);

-- The web server's tokens: only each token's SHA-256 is kept.
CREATE TABLE tokens (
    key bigserial PRIMARY KEY,
    name text NOT NULL,
    role text NOT NULL CHECK (role IN ('referee', 'director')),
    event text,
    tables integer[] NOT NULL DEFAULT '{}',
    hash text NOT NULL,
    created text NOT NULL,
    revoked text
);
CREATE UNIQUE INDEX tokens_valid ON tokens (name) WHERE revoked IS NULL;

-- The summary cache: a match's summary for an event, at the chain head it was computed at, sealed.
CREATE TABLE summaries (
    event_id text NOT NULL,
    match_id text NOT NULL,
    entries integer NOT NULL,
    head text NOT NULL,
    row text NOT NULL,
    seal text NOT NULL,
    PRIMARY KEY (event_id, match_id)
);

-- What changed, in order: the cursor of watch() is an id of this table. Written by the entries' triggers;
-- each row is announced with NOTIFY referee_changes when its transaction commits.
CREATE TABLE changes (
    id bigserial PRIMARY KEY,
    match_id text,
    event_id text,
    at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION referee_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'referee: % is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'RF002';
END
$$;

CREATE FUNCTION referee_link_entry() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    n integer;
    h text;
    mid text;
BEGIN
    SELECT entries, head, id INTO n, h, mid FROM matches WHERE key = NEW.match_key FOR UPDATE;
    IF NEW.seq <> n + 1 OR NEW.prev <> h THEN
        RAISE EXCEPTION 'referee: entry #% of match % does not follow its head (entry #%)', NEW.seq, mid, n
            USING ERRCODE = 'RF001';
    END IF;
    UPDATE matches SET entries = NEW.seq, head = NEW.hash WHERE key = NEW.match_key;
    INSERT INTO changes (match_id) VALUES (mid);
    RETURN NEW;
END
$$;

CREATE FUNCTION referee_link_event_entry() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    n integer;
    h text;
BEGIN
    SELECT entries, head INTO n, h FROM events WHERE id = NEW.event_id FOR UPDATE;
    IF NEW.seq <> n + 1 OR NEW.prev <> h THEN
        RAISE EXCEPTION 'referee: entry #% of event % does not follow its head (entry #%)', NEW.seq, NEW.event_id, n
            USING ERRCODE = 'RF001';
    END IF;
    UPDATE events SET entries = NEW.seq, head = NEW.hash WHERE id = NEW.event_id;
    INSERT INTO changes (event_id) VALUES (NEW.event_id);
    RETURN NEW;
END
$$;

CREATE FUNCTION referee_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('referee_changes', NEW.id::text);
    RETURN NULL;
END
$$;

CREATE TRIGGER entries_append_only BEFORE UPDATE OR DELETE ON entries
    FOR EACH ROW EXECUTE FUNCTION referee_append_only();
CREATE TRIGGER entries_no_truncate BEFORE TRUNCATE ON entries
    FOR EACH STATEMENT EXECUTE FUNCTION referee_append_only();
CREATE TRIGGER entries_link BEFORE INSERT ON entries
    FOR EACH ROW EXECUTE FUNCTION referee_link_entry();

CREATE TRIGGER event_entries_append_only BEFORE UPDATE OR DELETE ON event_entries
    FOR EACH ROW EXECUTE FUNCTION referee_append_only();
CREATE TRIGGER event_entries_no_truncate BEFORE TRUNCATE ON event_entries
    FOR EACH STATEMENT EXECUTE FUNCTION referee_append_only();
CREATE TRIGGER event_entries_link BEFORE INSERT ON event_entries
    FOR EACH ROW EXECUTE FUNCTION referee_link_event_entry();

CREATE TRIGGER changes_notify AFTER INSERT ON changes
    FOR EACH ROW EXECUTE FUNCTION referee_notify_change();
