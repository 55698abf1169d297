-- What processes sharing the database coordinate besides the games.

-- Interactions an endpoint process took, by id, with their signed timestamp (Unix
-- seconds): a signed request replayed to any process is refused. Rows outlive the
-- timestamp's few seconds of validity by a margin, then are swept.
CREATE TABLE interactions (
    id bigint PRIMARY KEY,
    signed_at bigint NOT NULL
);
CREATE INDEX interactions_signed_at ON interactions (signed_at);

-- Discord's global REST budget, per token whatever the number of processes: the
-- grants of the last second (the database's clock), taken one at a time under an
-- advisory lock.
CREATE TABLE rest_grants (
    at timestamptz NOT NULL
);
CREATE INDEX rest_grants_at ON rest_grants (at);
