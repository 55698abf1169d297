-- How many parts of a notice split into several Discord messages were delivered, so
-- that whichever process tries it next (a reminder at its next round, a DM after its
-- claim's lease) resumes after them. `key`: a reminder by channel and the wait it
-- tells, a DM by its outbox id. Deleted once the notice is delivered or given up;
-- a write also drops rows older than a week (`at`, app seconds) and the oldest past
-- 10,000.
CREATE TABLE sent_parts (
    key text PRIMARY KEY,
    parts integer NOT NULL,
    at bigint NOT NULL
);
CREATE INDEX sent_parts_at ON sent_parts (at);
