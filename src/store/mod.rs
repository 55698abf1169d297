//! Persistence: one record per channel, finished games in a history, undecodable
//! records moved aside (quarantined) with a notice for the channel, per-user settings.
//!
//! [`Store`] is the app's handle; behind it a [`Backend`]: sled in a folder on this
//! machine ([`sled_store`], the default) or PostgreSQL ([`pg`], for several bot
//! processes on one database). Either way a write is on stable storage when it returns,
//! so a reply never announces a move that a crash could lose. Every record carries a
//! store-wide revision, and every record removed leaves its revision in `closed`.

pub mod access;
pub mod ai_claim;
mod bytes;
pub mod durable;
pub mod journal;
pub mod notice;
pub mod outbox;
pub mod pg;
pub mod record;
pub mod recover;
pub mod rest_budget;
pub mod sent_parts;
pub mod sled_store;
pub mod snapshot;
pub mod timers;
pub mod users;

use durable::Disk;
use sled::transaction::TransactionError;
use sled_store::SledStore;
use snapshot::Dump;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use ai_claim::AiClaim;
pub use record::{
    AI_USER_FLAG, ChannelRecord, GameType, HistoryEntry, RecordGame, SCHEMA_VERSION, Seat, Setup,
    Snapshot, UndoRequest, is_ai_user,
};
pub use timers::{DEFAULT_REMINDER, StoredTimers, TurnTimers, Waiting};
pub use users::{RobberAnswer, UserSettings};

/// Told how long each durable operation of a store took (the process's metrics, see
/// [`Store::observe`]): `save`, `archive`, `remove` and `flush` whole, and inside them
/// sled's `fsync` or PostgreSQL's `commit`.
pub trait Observer: Send + Sync {
    fn took(&self, op: &'static str, time: std::time::Duration);
}

/// A store's observer, shared by its clones and set once.
pub(crate) type Observed = Arc<std::sync::OnceLock<Arc<dyn Observer>>>;

/// Runs `f` and tells `observed` how long it took as `op`.
pub(crate) fn timed<T>(observed: &Observed, op: &'static str, f: impl FnOnce() -> T) -> T {
    let Some(observer) = observed.get() else {
        return f();
    };
    let started = std::time::Instant::now();
    let out = f();
    observer.took(op, started.elapsed());
    out
}

#[derive(Debug)]
pub struct StoreError(pub String);

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "storage error: {}", self.0)
    }
}

impl std::error::Error for StoreError {}

impl From<sled::Error> for StoreError {
    fn from(e: sled::Error) -> Self {
        StoreError(e.to_string())
    }
}

impl From<TransactionError<sled::Error>> for StoreError {
    fn from(e: TransactionError<sled::Error>) -> Self {
        StoreError(format!("{e:?}"))
    }
}

/// What loading a channel found.
#[derive(Debug)]
pub enum Loaded {
    Empty,
    Game(Box<ChannelRecord>),
    /// The record could not be decoded; it has been quarantined. The text says why.
    Quarantined(String),
}

/// What a store keeps, and how: the operations both implementations provide with the
/// same meaning (the contract tests in `tests/it/store_contract.rs` run on both).
/// Every write is durable when it returns.
pub(crate) trait Backend: Send + Sync {
    /// The channel's record as stored.
    fn get(&self, channel: u64) -> Result<Option<Vec<u8>>, StoreError>;
    /// Writes the record with a new store-wide revision (set in `record`).
    fn save(&self, channel: u64, record: &mut ChannelRecord) -> Result<(), StoreError>;
    /// Deletes the record, the channel closed at a new revision.
    fn remove(&self, channel: u64) -> Result<(), StoreError>;
    /// Deletes the record and adds `entry` to the history, in one transaction; `kept`
    /// (a finished game's final record) replaces the channel's finished game, `None`
    /// drops it.
    fn archive(
        &self,
        channel: u64,
        entry: &HistoryEntry,
        kept: Option<&[u8]>,
    ) -> Result<(), StoreError>;
    /// The final record of the channel's last finished game, as stored.
    fn finished(&self, channel: u64) -> Result<Option<Vec<u8>>, StoreError>;
    /// Drops the channel's finished game.
    fn forget_finished(&self, channel: u64) -> Result<(), StoreError>;
    /// Moves `bytes` to the quarantine with a notice for the channel, in one transaction.
    fn quarantine(&self, channel: u64, bytes: &[u8], reason: &str) -> Result<(), StoreError>;
    fn take_notice(&self, channel: u64) -> Result<Option<Vec<u8>>, StoreError>;
    /// Channels with a record, ascending.
    fn channels(&self) -> Result<Vec<u64>, StoreError>;
    /// Every record (channel, bytes), ascending by channel.
    fn games(&self) -> Result<Vec<(u64, Vec<u8>)>, StoreError>;
    /// History entries (channel, bytes) by channel, then revision.
    fn history(&self) -> Result<Vec<(u64, Vec<u8>)>, StoreError>;
    /// Quarantined records (channel, bytes) by channel, then revision.
    fn quarantined(&self) -> Result<Vec<(u64, Vec<u8>)>, StoreError>;
    fn user(&self, user: u64) -> Result<Option<Vec<u8>>, StoreError>;
    fn set_user(&self, user: u64, bytes: &[u8]) -> Result<(), StoreError>;
    fn put_raw(&self, channel: u64, bytes: &[u8]) -> Result<(), StoreError>;
    fn flush(&self) -> Result<(), StoreError>;
    /// Writes committed through this handle since it was opened.
    fn changes(&self) -> u64;
    /// Everything, in the snapshot format (trees by their sled names).
    fn dump(&self) -> Result<Dump, StoreError>;
    /// Writes every entry of `dump` (existing keys overwritten, others kept).
    fn load_dump(&self, dump: &Dump) -> Result<(), StoreError>;
    /// No game, history or quarantined record.
    fn is_empty(&self) -> Result<bool, StoreError>;
    /// The database's id (the `meta` tree's `id`), if it has one.
    fn id(&self) -> Result<Option<Vec<u8>>, StoreError>;
    /// Holds the channel against every other process on the same database until the
    /// returned lock is dropped (the app holds its own per-channel mutex around it).
    fn lock_channel(&self, channel: u64) -> Result<ChannelLock, StoreError>;
    /// Takes the scheduled item `key` for `lease`: true for the one caller across
    /// processes that gets it, until the lease runs out.
    fn claim(&self, key: &str, lease: std::time::Duration) -> Result<bool, StoreError>;
    /// Stores a direct message, claimable at once; returns its id ([`outbox`]).
    fn queue_direct(&self, dm: &outbox::Direct) -> Result<u64, StoreError>;
    /// Claims until `until` the DMs whose claim ended by `now` (never claimed: 0),
    /// oldest first, at most [`outbox::CLAIM_BATCH`].
    fn claim_directs(&self, now: u64, until: u64) -> Result<Vec<outbox::Direct>, StoreError>;
    /// Deletes a DM (no error if it is gone).
    fn direct_sent(&self, id: u64) -> Result<(), StoreError>;
    /// The earliest claimed-until time of the stored DMs.
    fn next_direct_at(&self) -> Result<Option<u64>, StoreError>;
    /// Claims the channel's computer seats until `now + lease` (app seconds): a new
    /// token when unclaimed or the last claim's lease ended by `now`, else `None`.
    fn claim_ai(&self, channel: u64, now: u64, lease: u64) -> Result<Option<u64>, StoreError>;
    /// Extends the claim `token` to `now + lease`; false when another took it over.
    fn renew_ai(&self, channel: u64, token: u64, now: u64, lease: u64) -> Result<bool, StoreError>;
    /// Ends the claim `token` (nothing when another took it over).
    fn release_ai(&self, channel: u64, token: u64) -> Result<(), StoreError>;
    /// The parts of notice `key` delivered ([`sent_parts`]; 0: none recorded).
    fn sent_parts(&self, key: &str) -> Result<usize, StoreError>;
    /// Records them at app time `now`, dropping what [`sent_parts::overflow`] says.
    fn record_sent_parts(&self, key: &str, parts: usize, now: u64) -> Result<(), StoreError>;
    /// Drops notice `key`'s entry (no error if there is none).
    fn forget_sent_parts(&self, key: &str) -> Result<(), StoreError>;
    /// How many channel records (games and lobbies) and outbox DMs are stored.
    fn counts(&self) -> Result<(u64, u64), StoreError>;
    /// Where the timings of durable operations go.
    fn observed(&self) -> &Observed;
}

/// A channel held across processes ([`Store::lock_channel`]); released when dropped.
pub struct ChannelLock {
    /// Held for its `Drop`, which unlocks.
    _held: Option<pg::AdvisoryLock>,
}

impl ChannelLock {
    /// Nothing to hold (one process owns the database).
    pub(crate) fn none() -> ChannelLock {
        ChannelLock { _held: None }
    }
}

/// Where the data lives: `--store` / `CARCASSONNE_STORE`.
#[derive(Clone, PartialEq, Eq)]
pub enum Location {
    /// `sled:PATH` (or a bare path): a folder on this machine.
    Sled(PathBuf),
    /// A PostgreSQL database: a `postgres://` or `postgresql://` URL, or libpq's
    /// `key=value` words (`host=... user=... dbname=...`).
    Postgres(String),
}

/// The forms `--store` takes, for the messages that refuse one.
const STORE_FORMS: &str = "give postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE, \
    libpq's words (host=HOST user=USER password=PASSWORD dbname=DATABASE), sled:PATH or a folder";

impl Location {
    /// Reads `sled:PATH`, a PostgreSQL URL (`postgres://`, `postgresql://`), libpq's
    /// `key=value` words, or a bare folder path. A connection string is parsed as the
    /// PostgreSQL client will read it; anything else that looks like one (`://`, `:/`,
    /// `=` or `@` in it) is refused rather than taken for a folder's name. The errors
    /// never repeat the text, which may hold a password.
    pub fn parse(text: &str) -> Result<Location, String> {
        let text = text.trim();
        if let Some(path) = text.strip_prefix("sled:") {
            // Explicitly a folder, whatever its name holds.
            if path.is_empty() {
                return Err(format!("sled: needs a folder after it; {STORE_FORMS}"));
            }
            return Ok(Location::Sled(PathBuf::from(path)));
        }
        let url = text.starts_with("postgres://") || text.starts_with("postgresql://");
        if url || (text.contains('=') && !text.contains("://")) {
            let what = if url { "URL" } else { "key=value string" };
            return match pg::parse_config(text) {
                Ok(_) => Ok(Location::Postgres(text.to_string())),
                Err(e) => Err(format!("not a PostgreSQL {what}: {e}; {STORE_FORMS}")),
            };
        }
        if text.is_empty() {
            return Err(format!("the store is empty; {STORE_FORMS}"));
        }
        if ["://", ":/", "=", "@"].iter().any(|m| text.contains(m)) {
            return Err(format!(
                "this looks like a connection string but is not one the bot reads \
                 (a PostgreSQL URL starts with postgres:// or postgresql://); {STORE_FORMS} \
                 (a folder whose name holds :/ or @ is written sled:PATH)"
            ));
        }
        Ok(Location::Sled(PathBuf::from(text)))
    }
}

impl fmt::Debug for Location {
    /// A connection string may carry a password (in the URL, its parameters or a
    /// `password=` word): only the user, hosts, ports and database are shown, as a URL.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Sled(p) => write!(f, "sled:{}", p.display()),
            Location::Postgres(text) => match pg::parse_config(text) {
                Ok(config) => write!(f, "{}", pg::shown(&config)),
                Err(_) => f.write_str("postgres://(unreadable)"),
            },
        }
    }
}

/// A sled folder as its path (as messages named it before PostgreSQL came).
impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Sled(p) => write!(f, "{}", p.display()),
            Location::Postgres(_) => fmt::Debug::fmt(self, f),
        }
    }
}

/// The app's handle on the store; cheap to clone (the clones share one database).
#[derive(Clone)]
pub struct Store {
    inner: Inner,
    /// The REST budget of a store no other process shares.
    budget: Arc<rest_budget::LocalBudget>,
}

#[derive(Clone)]
enum Inner {
    Sled(SledStore),
    Postgres(Arc<pg::PgStore>),
}

impl From<SledStore> for Store {
    fn from(s: SledStore) -> Store {
        Store {
            inner: Inner::Sled(s),
            budget: Arc::default(),
        }
    }
}

impl Store {
    /// Opens (or creates) the sled database folder with the system's fsync.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        SledStore::open(path).map(Store::from)
    }

    /// Opens the sled database folder, syncing through `disk` (tests count the calls).
    pub fn open_with_disk(path: &Path, disk: Arc<dyn Disk>) -> Result<Store, StoreError> {
        SledStore::open_with_disk(path, disk).map(Store::from)
    }

    /// A sled database that lives in memory and disappears (tests, benchmarks).
    pub fn temporary() -> Result<Store, StoreError> {
        SledStore::temporary().map(Store::from)
    }

    /// Connects to PostgreSQL at `url` and brings its schema up to date
    /// ([`pg::MIGRATIONS`]). Call it off any async runtime's worker threads.
    pub fn open_postgres(url: &str) -> Result<Store, StoreError> {
        Ok(Store {
            inner: Inner::Postgres(Arc::new(pg::PgStore::open(url)?)),
            budget: Arc::default(),
        })
    }

    /// [`Store::open_postgres`], trying to connect again for up to `wait` while the
    /// database cannot be reached (a server still starting).
    pub fn open_postgres_waiting(
        url: &str,
        wait: std::time::Duration,
    ) -> Result<Store, StoreError> {
        Ok(Store {
            inner: Inner::Postgres(Arc::new(pg::PgStore::open_waiting(url, wait)?)),
            budget: Arc::default(),
        })
    }

    /// Opens the store at `location` to copy it, changing nothing: a sled folder must
    /// exist already (and is given no id); a PostgreSQL database must have exactly the
    /// schema this bot knows (never migrated).
    pub fn open_unchanged(location: &Location) -> Result<Store, StoreError> {
        Ok(match location {
            Location::Sled(path) => Store::from(SledStore::open_existing(path)?),
            Location::Postgres(url) => Store {
                inner: Inner::Postgres(Arc::new(pg::PgStore::open_unmigrated(url)?)),
                budget: Arc::default(),
            },
        })
    }

    /// Opens the store at `location` (a sled folder without repair: see
    /// [`recover::open`] for start-up).
    pub fn open_at(location: &Location) -> Result<Store, StoreError> {
        match location {
            Location::Sled(path) => Store::open(path),
            Location::Postgres(url) => Store::open_postgres(url),
        }
    }

    fn backend(&self) -> &dyn Backend {
        match &self.inner {
            Inner::Sled(s) => s,
            Inner::Postgres(p) => &**p,
        }
    }

    /// Whether several processes may share this store (PostgreSQL).
    pub fn is_shared(&self) -> bool {
        matches!(self.inner, Inner::Postgres(_))
    }

    /// The database's id, given when it was created and carried by its snapshots (the
    /// `meta` tree), so that start-up never restores another database's snapshot.
    pub fn id(&self) -> Result<Option<Vec<u8>>, StoreError> {
        self.backend().id()
    }

    /// How many writes this store has committed since it was opened.
    pub fn changes(&self) -> u64 {
        self.backend().changes()
    }

    /// From now on `observer` is told how long each durable operation takes (once per
    /// store: a second observer is ignored). Every clone of this store shares it.
    pub fn observe(&self, observer: Arc<dyn Observer>) {
        let _ = self.backend().observed().set(observer);
    }

    /// How many channel records (games being played or set up) and DMs waiting in the
    /// outbox the database holds (all processes' on PostgreSQL).
    pub fn counts(&self) -> Result<(u64, u64), StoreError> {
        self.backend().counts()
    }

    /// Holds `channel` against other processes sharing the database until the lock is
    /// dropped; with sled (one process) it holds nothing.
    pub fn lock_channel(&self, channel: u64) -> Result<ChannelLock, StoreError> {
        self.backend().lock_channel(channel)
    }

    /// Takes the scheduled item `key` (a reminder, a deadline notice) for `lease`: true
    /// for exactly one caller among the processes sharing the database, and again for
    /// one caller once the lease has run out (its claimer died before finishing). With
    /// sled (one process) always true.
    pub fn claim(&self, key: &str, lease: std::time::Duration) -> Result<bool, StoreError> {
        self.backend().claim(key, lease)
    }

    /// Claims `channel`'s computer seats for `lease` seconds from `now` (app time): for
    /// exactly one caller among the processes sharing the database, and again for one
    /// caller once the lease has run out unrenewed (its claimer died during a search).
    /// `None`: someone else plays them.
    pub fn claim_ai(
        &self,
        channel: u64,
        now: u64,
        lease: u64,
    ) -> Result<Option<AiClaim>, StoreError> {
        let token = self.backend().claim_ai(channel, now, lease)?;
        Ok(token.map(|token| AiClaim { channel, token }))
    }

    /// Extends `claim` to `now + lease`: false when its lease ran out and another caller
    /// took the channel over meanwhile (the claim is then lost for good).
    pub fn renew_ai(&self, claim: &AiClaim, now: u64, lease: u64) -> Result<bool, StoreError> {
        self.backend()
            .renew_ai(claim.channel, claim.token, now, lease)
    }

    /// Ends `claim`: the channel's computer seats may be claimed at once.
    pub fn release_ai(&self, claim: &AiClaim) -> Result<(), StoreError> {
        self.backend().release_ai(claim.channel, claim.token)
    }

    /// Records interaction `id`, signed at `signed_at` (Unix seconds), as taken: true
    /// the first time across every process sharing the database, so that a replayed
    /// request is refused whichever process it reaches. With sled (one process) always
    /// true: the endpoint's memory of the last seconds' ids is enough.
    pub fn take_interaction(&self, id: u64, signed_at: u64) -> Result<bool, StoreError> {
        match &self.inner {
            Inner::Sled(_) => Ok(true),
            Inner::Postgres(p) => p.take_interaction(id, signed_at),
        }
    }

    /// A slot of Discord's global REST budget ([`pg::REST_PER_SECOND`] a second): shared
    /// by the processes on a PostgreSQL database, kept in this process with sled
    /// ([`rest_budget`]; no I/O, it does not block).
    pub fn rest_grant(&self) -> Result<pg::Grant, StoreError> {
        match &self.inner {
            Inner::Sled(_) => Ok(self.budget.grant_at(std::time::Instant::now())),
            Inner::Postgres(p) => p.rest_grant(),
        }
    }

    /// The channel's record, quarantining it if it does not decode.
    pub fn load(&self, channel: u64) -> Result<Loaded, StoreError> {
        let Some(bytes) = self.backend().get(channel)? else {
            return Ok(Loaded::Empty);
        };
        match ChannelRecord::decode(&bytes) {
            Ok(r) => Ok(Loaded::Game(Box::new(r))),
            Err(reason) => {
                self.quarantine(channel, &bytes, &reason)?;
                Ok(Loaded::Quarantined(reason))
            }
        }
    }

    /// The channel's record if it decodes, changing nothing (an unreadable record is left
    /// for the next command to quarantine under the channel's lock).
    pub fn peek(&self, channel: u64) -> Result<Option<ChannelRecord>, StoreError> {
        Ok(self
            .backend()
            .get(channel)?
            .and_then(|b| ChannelRecord::decode(&b).ok()))
    }

    /// Writes the channel's record with a new revision, on stable storage when this
    /// returns. With PostgreSQL it also fails, changing nothing, when the stored record
    /// is no longer the one this record was loaded as (see [`pg`]).
    pub fn save(&self, channel: u64, record: &mut ChannelRecord) -> Result<(), StoreError> {
        let b = self.backend();
        timed(b.observed(), "save", || b.save(channel, record))
    }

    /// Deletes the channel's record (a closed lobby).
    pub fn remove(&self, channel: u64) -> Result<(), StoreError> {
        let b = self.backend();
        timed(b.observed(), "remove", || b.remove(channel))
    }

    /// Moves a finished (or aborted) game to the history in one transaction.
    /// Moves a finished (or aborted) game to the history in one transaction; `kept`,
    /// the final record of a finished game, stays readable ([`Store::finished`]).
    pub fn archive(
        &self,
        channel: u64,
        entry: &HistoryEntry,
        kept: Option<&ChannelRecord>,
    ) -> Result<(), StoreError> {
        let kept = kept.map(ChannelRecord::encode);
        let b = self.backend();
        timed(b.observed(), "archive", || {
            b.archive(channel, entry, kept.as_deref())
        })
    }

    /// The final record of the channel's last finished game, until
    /// [`Store::forget_finished`] (`None` too when it no longer decodes: it is only
    /// ever looked at).
    pub fn finished(&self, channel: u64) -> Result<Option<ChannelRecord>, StoreError> {
        Ok(self
            .backend()
            .finished(channel)?
            .and_then(|b| ChannelRecord::decode(&b).ok()))
    }

    /// Drops the channel's finished game (a new one is being set up there).
    pub fn forget_finished(&self, channel: u64) -> Result<(), StoreError> {
        self.backend().forget_finished(channel)
    }

    /// Moves an undecodable record aside and leaves a notice for the channel.
    pub fn quarantine(&self, channel: u64, bytes: &[u8], reason: &str) -> Result<(), StoreError> {
        self.backend().quarantine(channel, bytes, reason)
    }

    /// The channel's pending notice (a [`notice::Notice`], or an older plain text),
    /// removed once read; [`notice::text_of`] words it.
    pub fn take_notice(&self, channel: u64) -> Result<Option<Vec<u8>>, StoreError> {
        self.backend().take_notice(channel)
    }

    /// Channels with a stored game, ascending.
    pub fn channels(&self) -> Result<Vec<u64>, StoreError> {
        self.backend().channels()
    }

    /// Finished games, oldest first.
    pub fn history(&self) -> Result<Vec<(u64, HistoryEntry)>, StoreError> {
        let mut out: Vec<(u64, HistoryEntry)> = self
            .backend()
            .history()?
            .into_iter()
            .filter_map(|(c, v)| HistoryEntry::decode(&v).ok().map(|e| (c, e)))
            .collect();
        out.sort_by_key(|(_, e)| e.finished_at);
        Ok(out)
    }

    /// Quarantined records (channel, bytes).
    pub fn quarantined(&self) -> Result<Vec<(u64, Vec<u8>)>, StoreError> {
        self.backend().quarantined()
    }

    /// Raw bytes of a channel's record (tests and the memory benchmark).
    pub fn raw(&self, channel: u64) -> Result<Option<Vec<u8>>, StoreError> {
        self.backend().get(channel)
    }

    /// Writes raw bytes as a channel's record (tests of corrupt records).
    pub fn put_raw(&self, channel: u64, bytes: &[u8]) -> Result<(), StoreError> {
        self.backend().put_raw(channel, bytes)
    }

    /// Makes everything written so far durable. Not a change: a shutdown that flushes
    /// an unchanged database takes no new snapshot.
    pub fn flush(&self) -> Result<(), StoreError> {
        let b = self.backend();
        timed(b.observed(), "flush", || b.flush())
    }

    /// Records in the journal that `snapshot` is the database's exact last state (a
    /// clean shutdown, after the last command); nothing with PostgreSQL.
    pub fn mark_clean(&self, snapshot: &Path) -> Result<(), StoreError> {
        match &self.inner {
            Inner::Sled(s) => s.mark_clean(snapshot),
            Inner::Postgres(_) => Ok(()),
        }
    }

    /// Everything stored, in the snapshot format (`export`, snapshots). The caller makes
    /// sure no command of this process writes meanwhile (the app's snapshot gate); with
    /// PostgreSQL the copy is one consistent read whatever other processes do.
    pub fn dump(&self) -> Result<Dump, StoreError> {
        self.backend().dump()
    }

    /// Writes every entry of `dump` into this store (`import`, recovery): existing keys
    /// are overwritten, others kept.
    pub fn load_dump(&self, dump: &Dump) -> Result<(), StoreError> {
        self.backend().load_dump(dump)
    }

    /// Whether the database holds no game, history or quarantined record.
    pub fn is_empty(&self) -> Result<bool, StoreError> {
        self.backend().is_empty()
    }
}

pub(crate) fn key(channel: u64) -> [u8; 8] {
    channel.to_be_bytes()
}

pub(crate) fn u64_of(bytes: &[u8]) -> u64 {
    bytes
        .get(..8)
        .and_then(|b| <[u8; 8]>::try_from(b).ok())
        .map_or(0, u64::from_be_bytes)
}

/// History and quarantine keys: channel, then a revision, so one channel's entries sort
/// and never overwrite each other.
pub(crate) fn history_key(channel: u64, seq: u64) -> [u8; 16] {
    let mut k = [0u8; 16];
    k[..8].copy_from_slice(&channel.to_be_bytes());
    k[8..].copy_from_slice(&seq.to_be_bytes());
    k
}
