-- Direct messages waiting to be sent, claimed once across processes: a scheduler takes
-- the rows whose claim has ended (`FOR UPDATE SKIP LOCKED`, in one statement with the
-- new lease) and deletes each once Discord took it, so a DM queued by a process that
-- then died is sent by another. Times are the app's Unix seconds; `claimed_until` 0:
-- never claimed (claimable at once).
CREATE TABLE outbox (
    id bigserial PRIMARY KEY,
    recipient bigint NOT NULL,
    channel bigint NOT NULL,
    lang text NOT NULL,
    body text NOT NULL,
    -- The attachments, in order: names and bytes (PNG pictures).
    file_names text[] NOT NULL,
    file_data bytea[] NOT NULL,
    created bigint NOT NULL,
    claimed_until bigint NOT NULL DEFAULT 0
);
CREATE INDEX outbox_claimed_until ON outbox (claimed_until);

-- A new DM wakes every process's scheduler on the due times' channel (see 0004), with
-- the time it is claimable (0: now), once its insert has committed.
CREATE FUNCTION outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('carcassonne_due', NEW.claimed_until::text);
    RETURN NULL;
END
$$;
CREATE TRIGGER outbox_queued AFTER INSERT ON outbox
    FOR EACH ROW EXECUTE FUNCTION outbox_notify();
