-- referee store schema 6: the client id a phone gave an entry it queued (issue 32: phones offline).
-- Applied by `referee db upgrade` in one transaction, with the row of schema_version that says it is there.

-- A phone queues each entry with an id of its own making and sends it again until answered; the entry stored
-- keeps it (referee.store.chain.Unsealed.client, hashed with it), so that a resend is answered with the entry
-- already stored, never stored twice. NULL on every entry no phone named (every entry before schema 6).
ALTER TABLE entries ADD COLUMN client text CHECK (client IS NULL OR length(client) BETWEEN 1 AND 64);
