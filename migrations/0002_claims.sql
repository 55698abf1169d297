-- Scheduled work claimed once across processes: a reminder or deadline notice is sent by
-- the process whose claim row is new, or whose lease had run out (its claimer died
-- before saving the notice as told).
CREATE TABLE claims (
    key text PRIMARY KEY,
    lease_until timestamptz NOT NULL
);
