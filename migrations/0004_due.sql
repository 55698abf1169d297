-- Each running game's next due time (a reminder, a turn-limit notice, a decision's
-- default), in the app's Unix seconds, kept by every write of the record (NULL:
-- nothing due: a lobby, a finished game, nobody awaited). Schedulers find what is due,
-- and the earliest due time, with one indexed query; the bot fills the existing rows in
-- this migration's transaction.
ALTER TABLE games ADD COLUMN due_at bigint;
CREATE INDEX games_due_at ON games (due_at) WHERE due_at IS NOT NULL;

-- Every process's scheduler listens on `carcassonne_due`: a due time set or changed by
-- any process wakes them all (the payload is the time), and only once the write has
-- committed (NOTIFY is delivered at commit, never for a rolled-back write).
CREATE FUNCTION games_due_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.due_at IS NOT NULL
        AND (TG_OP = 'INSERT' OR NEW.due_at IS DISTINCT FROM OLD.due_at) THEN
        PERFORM pg_notify('carcassonne_due', NEW.due_at::text);
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER games_due AFTER INSERT OR UPDATE OF due_at ON games
    FOR EACH ROW EXECUTE FUNCTION games_due_notify();
