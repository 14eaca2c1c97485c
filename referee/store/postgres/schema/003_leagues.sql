-- referee store schema 3: leagues (a season of events held at several clubs) and the club of a token.
-- Applied by `referee db upgrade` in one transaction, with the row of schema_version that says it is there.

-- A league and the events it groups, each naming the club (venue) it was held at (referee.store.leagues).
CREATE TABLE leagues (
    id text PRIMARY KEY,
    title text NOT NULL,
    created text NOT NULL
);

CREATE TABLE league_events (
    league_id text NOT NULL REFERENCES leagues (id),
    position integer NOT NULL CHECK (position >= 1),
    event_id text NOT NULL,
    club text NOT NULL,
    added text NOT NULL,
    PRIMARY KEY (league_id, event_id),
    UNIQUE (league_id, position)
);

-- A club director's token: it writes to the events its club holds in a league only (referee.web.access).
ALTER TABLE tokens ADD COLUMN club text;
