-- referee store schema 5: the venues that sync into this store (referee sync; referee.store.venuesyncs).
-- Applied by `referee db upgrade` in one transaction, with the row of schema_version that says it is there.

-- Each venue's last complete pass, by the venue's name: when it ended (UTC, ISO 8601), the entries it pushed, how
-- many of the venue's entries it left waiting (behind a conflict or a chain that does not read sound) and how many
-- chains it stopped. Only a record (the league's pages show it): a venue's next pass replaces its row.
CREATE TABLE venue_syncs (
    venue text PRIMARY KEY CHECK (venue <> ''),
    synced text NOT NULL,
    pushed integer NOT NULL CHECK (pushed >= 0),
    waiting integer NOT NULL CHECK (waiting >= 0),
    stopped integer NOT NULL CHECK (stopped >= 0)
);
