//! The shared store: PostgreSQL, for several bot processes on one database.
//!
//! Durable: every write is one transaction, acknowledged only once it commits, with
//! `synchronous_commit` on for each session (the commit's WAL is on the server's disk
//! before COMMIT returns), whatever the server's default.
//!
//! Serialised per channel across processes: a command holds the channel's session
//! advisory lock (`pg_advisory_lock(channel)`, [`Store::lock_channel`]) from before it
//! loads the record until after its last write, so a second process wanting the channel
//! waits, then applies its move to the new state. A lock rather than only an optimistic
//! check, because a command may write more than once (take a notice, save, archive) and
//! tells people on the way (direct messages, the scheduler's wake-up): re-running it
//! after a conflict could repeat those, while waiting costs one round trip. The lock
//! lives on its own connection, so a process that dies releases it with its connection.
//! As a guard besides, a save only replaces the record it was loaded as (`WHERE
//! revision = $seen`): were a lock ever lost (its connection broken mid-command), the
//! save fails cleanly ("changed meanwhile") instead of overwriting another's move.
//!
//! Due times: every write of a record also writes its next due time to an indexed
//! column, whose trigger notifies the schedulers of every process (`pg/due.rs`).
//! Direct messages wait in the `outbox` table, claimed with a lease (`pg/outbox.rs`).
//!
//! Blocking: `postgres::Client` drives its connection with a small runtime of its own,
//! whose `block_on` panics on an async runtime's worker thread. The app calls the store
//! from plain threads and tokio's blocking pool (the Discord front runs app calls in
//! `spawn_blocking`), where that is fine; a call that comes from a worker thread all the
//! same (a quick read the front makes inline) goes through [`blocking`], and a pool
//! dropped there hands its connections to a plain thread (dropping a runtime on a
//! worker panics as well).
//!
//! [`Store::lock_channel`]: super::Store::lock_channel

use super::record::{ChannelRecord, HistoryEntry, revision_of};
use super::snapshot::{Dump, TreeData};
use super::{Backend, ChannelLock, StoreError, history_key, key, notice, u64_of};
use ::postgres::config::SslMode;
use ::postgres::{Client, Config, IsolationLevel, NoTls};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

mod ai_claim;
mod due;
mod outbox;
mod sent_parts;
mod shared;
mod tls;
pub use due::{DUE_CHANNEL, DueWatch};
pub use shared::{Grant, INTERACTION_MEMORY_SECS, REST_PER_SECOND};

/// The schema's migrations, in order: (version, name, SQL). Applied at start in one
/// transaction and recorded in `schema_migrations`.
pub const MIGRATIONS: &[(i32, &str, &str)] = &[
    (1, "init", include_str!("../../migrations/0001_init.sql")),
    (
        2,
        "claims",
        include_str!("../../migrations/0002_claims.sql"),
    ),
    (
        3,
        "shared",
        include_str!("../../migrations/0003_shared.sql"),
    ),
    (4, "due", include_str!("../../migrations/0004_due.sql")),
    (
        5,
        "outbox",
        include_str!("../../migrations/0005_outbox.sql"),
    ),
    (
        6,
        "ai_claims",
        include_str!("../../migrations/0006_ai_claims.sql"),
    ),
    (
        7,
        "sent_parts",
        include_str!("../../migrations/0007_sent_parts.sql"),
    ),
];

/// A channel's finished game lives in `entries` under the tree `finished`, as in a
/// sled dump (no table of its own: it is only ever read whole, by channel).
const PUT_FINISHED: &str =
    "INSERT INTO entries (tree, key, value) VALUES ('finished'::bytea, $1, $2)
     ON CONFLICT (tree, key) DO UPDATE SET value = EXCLUDED.value";
const FORGET_FINISHED: &str = "DELETE FROM entries WHERE tree = 'finished'::bytea AND key = $1";

/// The advisory lock (two-int key space, apart from the channels' bigint keys) that
/// makes processes starting together migrate one after the other.
const MIGRATION_LOCK: (i32, i32) = (0x4361_7263, 1);

/// The trees every dump holds, as a sled database always has them (empty or not), so
/// that an export from either store compares equal.
const TREES: [&str; 9] = [
    "__sled__default",
    "games",
    "history",
    "finished",
    "quarantine",
    "notices",
    "users",
    "closed",
    "meta",
];

/// Idle connections kept for reuse; more are opened on demand and closed after use.
const MAX_IDLE: usize = 8;
/// An idle connection older than this is checked before reuse (the server may have
/// restarted or dropped it meanwhile).
const CHECK_AFTER: Duration = Duration::from_secs(10);

fn pg_err(e: ::postgres::Error) -> StoreError {
    match e.as_db_error() {
        Some(db) => StoreError(format!("PostgreSQL: {}", db.message())),
        None => {
            // The client's own words name only the kind ("error performing TLS
            // handshake"); the causes say why (a certificate, a refused connection).
            // Each cause once: the client's words may end with their cause already.
            let mut text = format!("PostgreSQL: {e}");
            let mut cause = std::error::Error::source(&e);
            while let Some(c) = cause {
                let said = c.to_string();
                if !text.contains(&said) {
                    text = format!("{text}: {said}");
                }
                cause = c.source();
            }
            StoreError(text)
        }
    }
}

/// The first pause between attempts to reach the database at start; it doubles up to
/// [`MAX_PAUSE`].
const FIRST_PAUSE: Duration = Duration::from_millis(500);
const MAX_PAUSE: Duration = Duration::from_secs(5);

/// Whether a failed connection may succeed later: the server unreachable (refused, no
/// route, a name not found yet: a container still starting) or saying it cannot take
/// connections now (SQLSTATE classes 57 and 08, too many connections). A refused
/// password, a missing database or a certificate that does not verify will not change.
fn may_pass(e: &::postgres::Error) -> bool {
    if let Some(db) = e.as_db_error() {
        let code = db.code().code();
        return code.starts_with("57") || code.starts_with("08") || code == "53300";
    }
    let mut cause = std::error::Error::source(e);
    while let Some(c) = cause {
        if let Some(io) = c.downcast_ref::<std::io::Error>() {
            // TLS failures (a certificate) come as InvalidData.
            return io.kind() != std::io::ErrorKind::InvalidData;
        }
        cause = c.source();
    }
    false
}

/// The client's configuration for a store string (a `postgres://` URL or libpq's
/// `key=value` words) and the CA file of `sslrootcert`, if given ([`tls::split`]).
fn parse(text: &str) -> Result<(Config, Option<String>), String> {
    let url = tls::split(text);
    let config: Config = url.postgres.parse().map_err(|e: ::postgres::Error| {
        // "invalid connection string" and its cause (an option's name, never a value).
        let StoreError(text) = pg_err(e);
        text.trim_start_matches("PostgreSQL: ").to_string()
    })?;
    Ok((config, url.root_cert))
}

/// The client's configuration for a store string, as the store will connect with it.
/// Its errors name options, never their values.
pub fn parse_config(text: &str) -> Result<Config, String> {
    parse(text).map(|(config, _)| config)
}

/// A configuration as a URL without its password: `postgres://USER@HOST:PORT/DATABASE`.
pub fn shown(config: &Config) -> String {
    use ::postgres::config::Host;
    let ports = config.get_ports();
    let hosts: Vec<String> = config
        .get_hosts()
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let host = match h {
                Host::Tcp(name) => name.clone(),
                Host::Unix(path) => path.display().to_string(),
            };
            match ports.get(i).or(ports.first()) {
                Some(port) => format!("{host}:{port}"),
                None => host,
            }
        })
        .collect();
    let user = config
        .get_user()
        .map(|u| format!("{u}@"))
        .unwrap_or_default();
    format!(
        "postgres://{user}{}/{}",
        hosts.join(","),
        config.get_dbname().unwrap_or("")
    )
}

/// Snowflakes and revisions are u64; PostgreSQL's bigint holds the same 64 bits.
fn int(x: u64) -> i64 {
    x as i64
}

fn uint(x: i64) -> u64 {
    x as u64
}

/// Runs `f`, which blocks on a client's runtime: directly outside any async runtime
/// (plain threads, tokio's blocking pool); through `block_in_place` on a multi-threaded
/// runtime's thread; on a scoped thread of its own from a single-threaded runtime, where
/// blocking in place is not allowed.
fn blocking<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    use tokio::runtime::{Handle, RuntimeFlavor};
    match Handle::try_current().map(|h| h.runtime_flavor()) {
        Err(_) => f(),
        Ok(RuntimeFlavor::MultiThread) => tokio::task::block_in_place(f),
        Ok(_) => std::thread::scope(|s| {
            s.spawn(f)
                .join()
                .unwrap_or_else(|p| std::panic::resume_unwind(p))
        }),
    }
}

/// Open connections waiting for the next call.
struct Pool {
    config: Config,
    /// TLS for `sslmode=require`; `None`: plain connections.
    tls: Option<tls::RustlsConnect>,
    idle: Mutex<Vec<(Client, Instant)>>,
}

impl Pool {
    fn connect(&self) -> Result<Client, StoreError> {
        self.try_connect().map_err(pg_err)
    }

    /// A new session: durable commits, and the server's NOTICEs (`... already exists,
    /// skipping` of the migrations' `IF NOT EXISTS`) kept out of the log.
    fn try_connect(&self) -> Result<Client, ::postgres::Error> {
        let mut c = match &self.tls {
            Some(tls) => self.config.connect(tls.clone()),
            None => self.config.connect(NoTls),
        }?;
        c.batch_execute("SET synchronous_commit TO on; SET client_min_messages TO warning")?;
        Ok(c)
    }

    /// The first connection, tried again while the failure may pass (the server is
    /// starting, unreachable, or refuses connections for now) until `wait` is over, with
    /// a log line per attempt; kept in the pool.
    fn first_connection(&self, wait: Duration) -> Result<(), StoreError> {
        let start = Instant::now();
        let mut pause = FIRST_PAUSE;
        let mut attempt = 1u32;
        loop {
            match self.try_connect() {
                Ok(c) => {
                    if attempt > 1 {
                        tracing::info!(attempt, "the database answers");
                    }
                    self.put(c);
                    return Ok(());
                }
                Err(e) => {
                    let left = wait.saturating_sub(start.elapsed());
                    let transient = may_pass(&e);
                    let StoreError(text) = pg_err(e);
                    if !transient || left.is_zero() {
                        return Err(StoreError(if attempt == 1 {
                            text
                        } else {
                            format!(
                                "{text} (gave up after {attempt} attempts in {} s; --store-wait)",
                                start.elapsed().as_secs()
                            )
                        }));
                    }
                    let pause_now = pause.min(left);
                    tracing::warn!(
                        attempt,
                        "cannot connect to the database yet ({text}); trying again in {:.1} s",
                        pause_now.as_secs_f32()
                    );
                    std::thread::sleep(pause_now);
                    pause = (pause * 2).min(MAX_PAUSE);
                    attempt += 1;
                }
            }
        }
    }

    fn get(&self) -> Result<Client, StoreError> {
        loop {
            let next = self.idle.lock().unwrap_or_else(|p| p.into_inner()).pop();
            match next {
                None => return self.connect(),
                Some((c, _)) if c.is_closed() => continue,
                Some((mut c, since)) => {
                    if since.elapsed() < CHECK_AFTER || c.is_valid(Duration::from_secs(2)).is_ok() {
                        return Ok(c);
                    }
                }
            }
        }
    }

    /// Takes a connection back after use (a broken one is dropped).
    fn put(&self, c: Client) {
        if c.is_closed() {
            return;
        }
        let mut idle = self.idle.lock().unwrap_or_else(|p| p.into_inner());
        if idle.len() < MAX_IDLE {
            idle.push((c, Instant::now()));
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        let idle = std::mem::take(&mut *self.idle.lock().unwrap_or_else(|p| p.into_inner()));
        if tokio::runtime::Handle::try_current().is_ok() {
            // Each client owns a runtime, which may not be dropped on a worker thread.
            std::thread::spawn(move || drop(idle));
        }
    }
}

/// A channel's session advisory lock, on a connection of its own; unlocked (and the
/// connection reused) when dropped. A broken connection has lost the lock already.
pub struct AdvisoryLock {
    pool: Arc<Pool>,
    client: Option<Client>,
    key: i64,
}

impl Drop for AdvisoryLock {
    fn drop(&mut self) {
        if let Some(mut c) = self.client.take() {
            let (pool, key) = (&self.pool, self.key);
            blocking(
                move || match c.execute("SELECT pg_advisory_unlock($1)", &[&key]) {
                    Ok(_) => pool.put(c),
                    Err(e) => {
                        tracing::warn!(error = %e, "cannot unlock a channel; closing its connection")
                    }
                },
            );
        }
    }
}

/// The PostgreSQL store (see the module documentation).
pub struct PgStore {
    pool: Arc<Pool>,
    changes: AtomicU64,
    /// Claims made (every hundredth sweeps old ones).
    claims: AtomicU64,
    /// Interactions taken (likewise).
    interactions: AtomicU64,
    /// Told how long each commit takes ([`super::Observer`]).
    observed: super::Observed,
}

impl PgStore {
    /// Connects and applies the migrations the database lacks.
    pub fn open(url: &str) -> Result<PgStore, StoreError> {
        PgStore::open_waiting(url, Duration::ZERO)
    }

    /// Connects, trying again for up to `wait` while the database cannot be reached
    /// (a log line per attempt), and applies the migrations the database lacks.
    pub fn open_waiting(url: &str, wait: Duration) -> Result<PgStore, StoreError> {
        let store = PgStore::connect(url, wait)?;
        let (applied, version) = store.with(migrate)??;
        if applied.is_empty() {
            tracing::info!(schema = version, "database schema version {version}");
        } else {
            tracing::info!(
                schema = version,
                ?applied,
                "database schema version {version}: applied the migrations {applied:?}"
            );
        }
        Ok(store)
    }

    /// Connects and checks, without changing anything, that the schema is exactly the
    /// one this bot knows: for `export`, which must never be an upgrade.
    pub fn open_unmigrated(url: &str) -> Result<PgStore, StoreError> {
        let store = PgStore::connect(url, Duration::ZERO)?;
        let done = store.with(|c| {
            let exists: bool = c
                .query_one("SELECT to_regclass('schema_migrations') IS NOT NULL", &[])?
                .get(0);
            if !exists {
                return Ok(Vec::new());
            }
            let rows = c.query("SELECT version FROM schema_migrations", &[])?;
            Ok(rows
                .iter()
                .map(|r| r.get::<_, i32>(0))
                .collect::<Vec<i32>>())
        })?;
        let version = done.iter().copied().max().unwrap_or(0);
        let known = MIGRATIONS.last().map_or(0, |m| m.0);
        if done.is_empty() {
            return Err(StoreError(
                "the database has no schema: no bot has run on it, so there is nothing to export"
                    .into(),
            ));
        }
        if version > known {
            return Err(StoreError(format!(
                "the database has schema version {version}, newer than this bot knows ({known}): export it with the newer bot that migrated it"
            )));
        }
        if MIGRATIONS.iter().any(|m| !done.contains(&m.0)) {
            return Err(StoreError(format!(
                "the database has schema version {version}, older than this bot's ({known}); export never migrates: \
                 export it with the bot that last ran on it (the version before this upgrade), or start this bot once to migrate it"
            )));
        }
        Ok(store)
    }

    /// Connects (see [`PgStore::open_waiting`]) without touching the schema.
    fn connect(url: &str, wait: Duration) -> Result<PgStore, StoreError> {
        let (mut config, root_cert) = parse(url)
            .map_err(|e| StoreError(format!("not a PostgreSQL connection string: {e}")))?;
        let tls = match config.get_ssl_mode() {
            SslMode::Require => {
                let ca = root_cert
                    .or_else(|| std::env::var("PGSSLROOTCERT").ok())
                    .filter(|p| !p.is_empty());
                Some(tls::connector(ca.as_deref().map(std::path::Path::new)).map_err(StoreError)?)
            }
            // `prefer` (the default) tries no TLS: unverified TLS would protect nothing.
            _ => None,
        };
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(Duration::from_secs(10));
        }
        if config.get_application_name().is_none() {
            config.application_name("carcassonne-bot");
        }
        let store = PgStore {
            pool: Arc::new(Pool {
                config,
                tls,
                idle: Mutex::new(Vec::new()),
            }),
            changes: AtomicU64::new(0),
            claims: AtomicU64::new(0),
            interactions: AtomicU64::new(0),
            observed: Arc::default(),
        };
        store.pool.first_connection(wait)?;
        Ok(store)
    }

    /// The versions in `schema_migrations`, ascending.
    pub fn migrations(&self) -> Result<Vec<i32>, StoreError> {
        self.with(|c| {
            let rows = c.query(
                "SELECT version FROM schema_migrations ORDER BY version",
                &[],
            )?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
    }

    /// Runs `f` on a pooled connection.
    fn with<T: Send>(
        &self,
        f: impl FnOnce(&mut Client) -> Result<T, ::postgres::Error> + Send,
    ) -> Result<T, StoreError> {
        blocking(|| {
            let mut c = self.pool.get()?;
            let out = f(&mut c);
            self.pool.put(c);
            out.map_err(pg_err)
        })
    }

    fn changed(&self) {
        self.changes.fetch_add(1, Ordering::SeqCst);
    }

    /// Rows of (channel, revision, data), ordered as sled orders its keys.
    fn by_key(&self, sql: &str) -> Result<Vec<(u64, Vec<u8>)>, StoreError> {
        let mut rows: Vec<(u64, u64, Vec<u8>)> = self.with(|c| {
            Ok(c.query(sql, &[])?
                .iter()
                .map(|r| (uint(r.get(0)), uint(r.get(1)), r.get(2)))
                .collect())
        })?;
        rows.sort_by_key(|r| (r.0, r.1));
        Ok(rows.into_iter().map(|(c, _, d)| (c, d)).collect())
    }
}

/// Applies the missing migrations in one transaction; returns their versions and the
/// schema's version after them. Refuses a database migrated by a newer version of the
/// bot.
#[allow(clippy::type_complexity)]
fn migrate(c: &mut Client) -> Result<Result<(Vec<i32>, i32), StoreError>, ::postgres::Error> {
    let mut tx = c.transaction()?;
    tx.execute(
        "SELECT pg_advisory_xact_lock($1, $2)",
        &[&MIGRATION_LOCK.0, &MIGRATION_LOCK.1],
    )?;
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations (
            version integer PRIMARY KEY,
            name text NOT NULL,
            applied_at timestamptz NOT NULL DEFAULT now()
        )",
    )?;
    let done: Vec<i32> = tx
        .query("SELECT version FROM schema_migrations", &[])?
        .iter()
        .map(|r| r.get(0))
        .collect();
    let known = MIGRATIONS.last().map_or(0, |m| m.0);
    if let Some(&newer) = done.iter().find(|&&v| v > known) {
        return Ok(Err(StoreError(format!(
            "the database has schema version {newer}, newer than this bot knows ({known}): run the newer bot"
        ))));
    }
    let mut applied = Vec::new();
    for &(version, name, sql) in MIGRATIONS {
        if done.contains(&version) {
            continue;
        }
        tx.batch_execute(sql)?;
        if version == 4 {
            due::back_fill(&mut tx)?;
        }
        tx.execute(
            "INSERT INTO schema_migrations (version, name) VALUES ($1, $2)",
            &[&version, &name],
        )?;
        applied.push(version);
    }
    tx.commit()?;
    let version = done.iter().chain(&applied).copied().max().unwrap_or(0);
    Ok(Ok((applied, version)))
}

const NEXT_REVISION: &str = "SELECT nextval('revisions')";
const CLOSE: &str = "INSERT INTO closed (channel, revision) VALUES ($1, $2)
    ON CONFLICT (channel) DO UPDATE SET revision = EXCLUDED.revision";
const PUT_GAME: &str = "INSERT INTO games (channel, revision, data, due_at) VALUES ($1, $2, $3, $4)
    ON CONFLICT (channel) DO UPDATE SET revision = EXCLUDED.revision, data = EXCLUDED.data,
        due_at = EXCLUDED.due_at";
const PUT_NOTICE: &str = "INSERT INTO notices (channel, data) VALUES ($1, $2)
    ON CONFLICT (channel) DO UPDATE SET data = EXCLUDED.data";
const PUT_USER: &str = "INSERT INTO users (id, data) VALUES ($1, $2)
    ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data";

impl Backend for PgStore {
    fn get(&self, channel: u64) -> Result<Option<Vec<u8>>, StoreError> {
        self.with(|c| {
            let row = c.query_opt(
                "SELECT data FROM games WHERE channel = $1",
                &[&int(channel)],
            )?;
            Ok(row.map(|r| r.get(0)))
        })
    }

    fn save(&self, channel: u64, record: &mut ChannelRecord) -> Result<(), StoreError> {
        let seen = record.revision;
        let saved = self.with(|c| {
            let mut tx = c.transaction()?;
            let rev: i64 = tx.query_one(NEXT_REVISION, &[])?.get(0);
            record.revision = uint(rev);
            let bytes = record.encode();
            let due = due::column(&bytes);
            let mut n = tx.execute(
                "UPDATE games SET revision = $2, data = $3, due_at = $5
                 WHERE channel = $1 AND revision = $4",
                &[&int(channel), &rev, &bytes, &int(seen), &due],
            )?;
            if n == 0 && seen == 0 {
                n = tx.execute(
                    "INSERT INTO games (channel, revision, data, due_at) VALUES ($1, $2, $3, $4)
                     ON CONFLICT (channel) DO NOTHING",
                    &[&int(channel), &rev, &bytes, &due],
                )?;
            }
            if n == 0 {
                // Dropped uncommitted: rolled back.
                return Ok(false);
            }
            super::timed(&self.observed, "commit", || tx.commit())?;
            Ok(true)
        });
        match saved {
            Ok(true) => {
                self.changed();
                Ok(())
            }
            Ok(false) => {
                record.revision = seen;
                Err(StoreError(format!(
                    "the game in channel {channel} changed meanwhile (another process saved it)"
                )))
            }
            Err(e) => {
                record.revision = seen;
                Err(e)
            }
        }
    }

    fn remove(&self, channel: u64) -> Result<(), StoreError> {
        self.with(|c| {
            let mut tx = c.transaction()?;
            let rev: i64 = tx.query_one(NEXT_REVISION, &[])?.get(0);
            tx.execute("DELETE FROM games WHERE channel = $1", &[&int(channel)])?;
            tx.execute(CLOSE, &[&int(channel), &rev])?;
            super::timed(&self.observed, "commit", || tx.commit())
        })?;
        self.changed();
        Ok(())
    }

    fn archive(
        &self,
        channel: u64,
        entry: &HistoryEntry,
        kept: Option<&[u8]>,
    ) -> Result<(), StoreError> {
        let bytes = entry.encode();
        self.with(|c| {
            let mut tx = c.transaction()?;
            let rev: i64 = tx.query_one(NEXT_REVISION, &[])?.get(0);
            tx.execute("DELETE FROM games WHERE channel = $1", &[&int(channel)])?;
            tx.execute(
                "INSERT INTO history (channel, revision, data) VALUES ($1, $2, $3)",
                &[&int(channel), &rev, &bytes],
            )?;
            tx.execute(CLOSE, &[&int(channel), &rev])?;
            match kept {
                Some(record) => tx.execute(PUT_FINISHED, &[&key(channel).to_vec(), &record])?,
                None => tx.execute(FORGET_FINISHED, &[&key(channel).to_vec()])?,
            };
            super::timed(&self.observed, "commit", || tx.commit())
        })?;
        self.changed();
        Ok(())
    }

    fn finished(&self, channel: u64) -> Result<Option<Vec<u8>>, StoreError> {
        self.with(|c| {
            let row = c.query_opt(
                "SELECT value FROM entries WHERE tree = 'finished'::bytea AND key = $1",
                &[&key(channel).to_vec()],
            )?;
            Ok(row.map(|r| r.get(0)))
        })
    }

    fn forget_finished(&self, channel: u64) -> Result<(), StoreError> {
        let n = self.with(|c| c.execute(FORGET_FINISHED, &[&key(channel).to_vec()]))?;
        if n > 0 {
            self.changed();
        }
        Ok(())
    }

    fn quarantine(&self, channel: u64, bytes: &[u8], reason: &str) -> Result<(), StoreError> {
        tracing::error!(channel, reason, "quarantined an unreadable game record");
        let notice = notice::Notice::new("app-quarantined")
            .arg("reason", reason)
            .encode();
        self.with(|c| {
            let mut tx = c.transaction()?;
            let rev: i64 = tx.query_one(NEXT_REVISION, &[])?.get(0);
            tx.execute("DELETE FROM games WHERE channel = $1", &[&int(channel)])?;
            tx.execute(
                "INSERT INTO quarantine (channel, revision, data) VALUES ($1, $2, $3)",
                &[&int(channel), &rev, &bytes],
            )?;
            tx.execute(PUT_NOTICE, &[&int(channel), &notice])?;
            tx.execute(CLOSE, &[&int(channel), &rev])?;
            tx.commit()
        })?;
        self.changed();
        Ok(())
    }

    fn take_notice(&self, channel: u64) -> Result<Option<Vec<u8>>, StoreError> {
        let taken: Option<Vec<u8>> = self.with(|c| {
            let row = c.query_opt(
                "DELETE FROM notices WHERE channel = $1 RETURNING data",
                &[&int(channel)],
            )?;
            Ok(row.map(|r| r.get(0)))
        })?;
        if taken.is_some() {
            self.changed();
        }
        Ok(taken)
    }

    fn channels(&self) -> Result<Vec<u64>, StoreError> {
        let mut out: Vec<u64> = self.with(|c| {
            Ok(c.query("SELECT channel FROM games", &[])?
                .iter()
                .map(|r| uint(r.get(0)))
                .collect())
        })?;
        out.sort_unstable();
        Ok(out)
    }

    fn games(&self) -> Result<Vec<(u64, Vec<u8>)>, StoreError> {
        self.by_key("SELECT channel, 0::bigint, data FROM games")
    }

    fn history(&self) -> Result<Vec<(u64, Vec<u8>)>, StoreError> {
        self.by_key("SELECT channel, revision, data FROM history")
    }

    fn quarantined(&self) -> Result<Vec<(u64, Vec<u8>)>, StoreError> {
        self.by_key("SELECT channel, revision, data FROM quarantine")
    }

    fn user(&self, user: u64) -> Result<Option<Vec<u8>>, StoreError> {
        self.with(|c| {
            let row = c.query_opt("SELECT data FROM users WHERE id = $1", &[&int(user)])?;
            Ok(row.map(|r| r.get(0)))
        })
    }

    fn set_user(&self, user: u64, bytes: &[u8]) -> Result<(), StoreError> {
        self.with(|c| c.execute(PUT_USER, &[&int(user), &bytes]))?;
        Ok(())
    }

    fn put_raw(&self, channel: u64, bytes: &[u8]) -> Result<(), StoreError> {
        let rev = int(revision_of(bytes));
        let due = due::column(bytes);
        self.with(|c| c.execute(PUT_GAME, &[&int(channel), &rev, &bytes, &due]))?;
        self.changed();
        Ok(())
    }

    /// Every write committed synchronously: nothing is pending.
    fn flush(&self) -> Result<(), StoreError> {
        Ok(())
    }

    fn changes(&self) -> u64 {
        self.changes.load(Ordering::SeqCst)
    }

    /// One repeatable-read transaction: a consistent copy while other processes write.
    fn dump(&self) -> Result<Dump, StoreError> {
        self.with(|c| {
            let mut tx = c
                .build_transaction()
                .isolation_level(IsolationLevel::RepeatableRead)
                .read_only(true)
                .start()?;
            let mut dump = Dump::default();
            for name in TREES {
                dump.trees.insert(name.as_bytes().to_vec(), TreeData::new());
            }
            let mut put = |tree: &str, k: Vec<u8>, v: Vec<u8>| {
                dump.trees
                    .entry(tree.as_bytes().to_vec())
                    .or_default()
                    .insert(k, v);
            };
            for r in tx.query("SELECT channel, data FROM games", &[])? {
                put("games", key(uint(r.get(0))).to_vec(), r.get(1));
            }
            for tree in ["history", "quarantine"] {
                let sql = format!("SELECT channel, revision, data FROM {tree}");
                for r in tx.query(&sql, &[])? {
                    let k = history_key(uint(r.get(0)), uint(r.get(1)));
                    put(tree, k.to_vec(), r.get(2));
                }
            }
            for r in tx.query("SELECT channel, data FROM notices", &[])? {
                put("notices", key(uint(r.get(0))).to_vec(), r.get(1));
            }
            for r in tx.query("SELECT id, data FROM users", &[])? {
                put("users", key(uint(r.get(0))).to_vec(), r.get(1));
            }
            for r in tx.query("SELECT channel, revision FROM closed", &[])? {
                let rev = uint(r.get(1)).to_be_bytes().to_vec();
                put("closed", key(uint(r.get(0))).to_vec(), rev);
            }
            let mut extra: Vec<(Vec<u8>, Vec<u8>, Vec<u8>)> = Vec::new();
            for r in tx.query("SELECT tree, key, value FROM entries", &[])? {
                extra.push((r.get(0), r.get(1), r.get(2)));
            }
            let row = tx.query_one("SELECT last_value, is_called FROM revisions", &[])?;
            let called: bool = row.get(1);
            dump.revision = if called { uint(row.get(0)) } else { 0 };
            tx.commit()?;
            for (tree, k, v) in extra {
                dump.trees.entry(tree).or_default().insert(k, v);
            }
            Ok(dump)
        })
    }

    /// One transaction. Entries whose key or value does not fit their table (never
    /// written by the bot) go to `entries` unchanged, so that every dump comes back whole.
    fn load_dump(&self, dump: &Dump) -> Result<(), StoreError> {
        self.with(|c| {
            let mut tx = c.transaction()?;
            let put_game = tx.prepare(PUT_GAME)?;
            let put_notice = tx.prepare(PUT_NOTICE)?;
            let put_user = tx.prepare(PUT_USER)?;
            let close = tx.prepare(CLOSE)?;
            let put_entry = tx.prepare(
                "INSERT INTO entries (tree, key, value) VALUES ($1, $2, $3)
                 ON CONFLICT (tree, key) DO UPDATE SET value = EXCLUDED.value",
            )?;
            let put_ended = |tree: &str| {
                format!(
                    "INSERT INTO {tree} (channel, revision, data) VALUES ($1, $2, $3)
                     ON CONFLICT (channel, revision) DO UPDATE SET data = EXCLUDED.data"
                )
            };
            let put_history = tx.prepare(&put_ended("history"))?;
            let put_quarantine = tx.prepare(&put_ended("quarantine"))?;
            for (name, data) in &dump.trees {
                let name_str = std::str::from_utf8(name).unwrap_or("");
                for (k, v) in data {
                    let id = int(u64_of(k));
                    match (name_str, k.len()) {
                        ("games", 8) => {
                            let rev = int(revision_of(v));
                            tx.execute(&put_game, &[&id, &rev, v, &due::column(v)])?;
                        }
                        ("history" | "quarantine", 16) => {
                            let rev = int(u64_of(&k[8..]));
                            let st = if name_str == "history" {
                                &put_history
                            } else {
                                &put_quarantine
                            };
                            tx.execute(st, &[&id, &rev, v])?;
                        }
                        ("notices", 8) => {
                            tx.execute(&put_notice, &[&id, v])?;
                        }
                        ("users", 8) => {
                            tx.execute(&put_user, &[&id, v])?;
                        }
                        ("closed", 8) if v.len() == 8 => {
                            tx.execute(&close, &[&id, &int(u64_of(v))])?;
                        }
                        _ => {
                            tx.execute(&put_entry, &[name, k, v])?;
                        }
                    }
                }
            }
            tx.execute(
                "SELECT setval('revisions', GREATEST($1,
                    (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM revisions),
                    (SELECT max(revision) FROM games), (SELECT max(revision) FROM history),
                    (SELECT max(revision) FROM quarantine), (SELECT max(revision) FROM closed)
                 ), true)",
                &[&int(dump.revision)],
            )?;
            tx.commit()
        })?;
        self.changed();
        Ok(())
    }

    fn is_empty(&self) -> Result<bool, StoreError> {
        self.with(|c| {
            let row = c.query_one(
                "SELECT NOT EXISTS (SELECT 1 FROM games) AND NOT EXISTS (SELECT 1 FROM history)
                 AND NOT EXISTS (SELECT 1 FROM quarantine)",
                &[],
            )?;
            Ok(row.get(0))
        })
    }

    fn id(&self) -> Result<Option<Vec<u8>>, StoreError> {
        self.with(|c| {
            let row = c.query_opt(
                "SELECT value FROM entries WHERE tree = $1 AND key = $2",
                &[&b"meta".as_slice(), &b"id".as_slice()],
            )?;
            Ok(row.map(|r| r.get(0)))
        })
    }

    /// One statement: a new key, or one whose lease ran out, is taken (the row lock of
    /// the conflict makes concurrent claimers wait, and only one sees the lease still
    /// out). Claims older than a day are swept now and then.
    fn claim(&self, key: &str, lease: Duration) -> Result<bool, StoreError> {
        let seconds = lease.as_secs_f64();
        let sweep = self
            .claims
            .fetch_add(1, Ordering::Relaxed)
            .is_multiple_of(100);
        self.with(|c| {
            if sweep {
                c.execute(
                    "DELETE FROM claims WHERE lease_until < now() - interval '1 day'",
                    &[],
                )?;
            }
            let row = c.query_opt(
                "INSERT INTO claims (key, lease_until)
                 VALUES ($1, clock_timestamp() + $2 * interval '1 second')
                 ON CONFLICT (key) DO UPDATE SET lease_until = EXCLUDED.lease_until
                 WHERE claims.lease_until < clock_timestamp()
                 RETURNING key",
                &[&key, &seconds],
            )?;
            Ok(row.is_some())
        })
    }

    fn claim_ai(&self, channel: u64, now: u64, lease: u64) -> Result<Option<u64>, StoreError> {
        self.claim_channel_ai(channel, now, lease)
    }

    fn renew_ai(&self, channel: u64, token: u64, now: u64, lease: u64) -> Result<bool, StoreError> {
        self.renew_channel_ai(channel, token, now, lease)
    }

    fn release_ai(&self, channel: u64, token: u64) -> Result<(), StoreError> {
        self.release_channel_ai(channel, token)
    }

    fn counts(&self) -> Result<(u64, u64), StoreError> {
        self.with(|c| {
            let row = c.query_one(
                "SELECT (SELECT count(*) FROM games), (SELECT count(*) FROM outbox)",
                &[],
            )?;
            Ok((uint(row.get(0)), uint(row.get(1))))
        })
    }

    fn observed(&self) -> &super::Observed {
        &self.observed
    }

    fn lock_channel(&self, channel: u64) -> Result<ChannelLock, StoreError> {
        let c = blocking(|| {
            let mut c = self.pool.get()?;
            c.execute("SELECT pg_advisory_lock($1)", &[&int(channel)])
                .map_err(pg_err)?;
            Ok::<_, StoreError>(c)
        })?;
        Ok(ChannelLock {
            _held: Some(AdvisoryLock {
                pool: self.pool.clone(),
                client: Some(c),
                key: int(channel),
            }),
        })
    }
    fn queue_direct(&self, dm: &super::outbox::Direct) -> Result<u64, StoreError> {
        PgStore::queue_direct(self, dm)
    }
    fn claim_directs(
        &self,
        now: u64,
        until: u64,
    ) -> Result<Vec<super::outbox::Direct>, StoreError> {
        PgStore::claim_directs(self, now, until)
    }
    fn direct_sent(&self, id: u64) -> Result<(), StoreError> {
        PgStore::direct_sent(self, id)
    }
    fn next_direct_at(&self) -> Result<Option<u64>, StoreError> {
        PgStore::next_direct_at(self)
    }
    fn sent_parts(&self, key: &str) -> Result<usize, StoreError> {
        PgStore::sent_parts(self, key)
    }
    fn record_sent_parts(&self, key: &str, parts: usize, now: u64) -> Result<(), StoreError> {
        PgStore::record_sent_parts(self, key, parts, now)
    }
    fn forget_sent_parts(&self, key: &str) -> Result<(), StoreError> {
        PgStore::forget_sent_parts(self, key)
    }
}
