-- The first schema: one table per sled tree of the embedded store, so that `export`
-- and `import` map entry for entry. Channel and user ids are Discord snowflakes (u64),
-- stored as bigint with the same bits; revisions likewise.

-- Store-wide revisions: every save, closing, archive and quarantine takes the next.
CREATE SEQUENCE revisions AS bigint MINVALUE 0 START 1;

-- One game (or lobby) per channel: the record's JSON, and its revision (also inside the
-- JSON) for the compare-and-swap of a save.
CREATE TABLE games (
    channel bigint PRIMARY KEY,
    revision bigint NOT NULL,
    data bytea NOT NULL
);

-- Finished games, by channel and the revision of their end.
CREATE TABLE history (
    channel bigint NOT NULL,
    revision bigint NOT NULL,
    data bytea NOT NULL,
    PRIMARY KEY (channel, revision)
);

-- Records that could not be read, set aside.
CREATE TABLE quarantine (
    channel bigint NOT NULL,
    revision bigint NOT NULL,
    data bytea NOT NULL,
    PRIMARY KEY (channel, revision)
);

-- A notice waiting for the channel's next command.
CREATE TABLE notices (
    channel bigint PRIMARY KEY,
    data bytea NOT NULL
);

-- Per-user settings (JSON).
CREATE TABLE users (
    id bigint PRIMARY KEY,
    data bytea NOT NULL
);

-- The revision at which each channel's record was last removed.
CREATE TABLE closed (
    channel bigint PRIMARY KEY,
    revision bigint NOT NULL
);

-- Everything else a snapshot may hold, byte for byte: the `meta` tree (the database's
-- id), trees of later versions, and any entry whose key does not fit the tables above.
CREATE TABLE entries (
    tree bytea NOT NULL,
    key bytea NOT NULL,
    value bytea NOT NULL,
    PRIMARY KEY (tree, key)
);
