-- referee store schema 2: the chain kinds of disputes and confirmations, and the one-time sign-in links.
-- Applied by `referee db upgrade` in one transaction, with the row of schema_version that says it is there.

-- A match's entries may be remarks too (referee.store.chain.REMARKS: disputes, their alternatives, rulings,
-- appeals and decisions, and the opponents' confirmations), chained and verified as every entry, ignored by
-- the replay. The list is the chain's KINDS.
ALTER TABLE entries DROP CONSTRAINT entries_kind_check;
ALTER TABLE entries ADD CONSTRAINT entries_kind_check
    CHECK (kind IN ('event', 'undo', 'void', 'amend',
                    'dispute', 'alternative', 'ruling', 'appeal', 'decision', 'confirm'));

-- One-time sign-in links (referee.store.signin): the code's SHA-256 only, whose token it signs in (the holder's
-- name and a prefix of the token's hash), when it was made and when it was used (once).
CREATE TABLE signin_links (
    hash text PRIMARY KEY,
    name text NOT NULL,
    token text NOT NULL,
    made text NOT NULL,
    used text
);
