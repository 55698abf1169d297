//! The embedded store: sled trees in one folder on this machine (the default).
//!
//! Every write is flushed and synced to stable storage ([`durable`]) before it returns,
//! so a reply never announces a move that a crash or a power cut could lose. Every
//! record carries a store-wide revision, and every record removed leaves its revision
//! in the `closed` tree, so that a snapshot and a damaged database can be merged record
//! by record ([`super::recover`]).

use super::durable::{self, DbFiles, Disk};
use super::journal::{self, End, Journal};
use super::record::{self, ChannelRecord, HistoryEntry};
use super::{
    Backend, ChannelLock, StoreError, history_key, key, notice, outbox, sent_parts, u64_of,
};
use sled::transaction::ConflictableTransactionError;
use sled::{Db, Transactional, Tree};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

#[derive(Clone)]
pub struct SledStore {
    pub(super) db: Db,
    pub(super) games: Tree,
    pub(super) history: Tree,
    /// channel -> the record of its last finished game, shown by /board, /status,
    /// /history and /replay until the next /new there.
    pub(super) finished: Tree,
    pub(super) quarantine: Tree,
    pub(super) notices: Tree,
    /// Per-user settings ([`users`]).
    pub(super) users: Tree,
    /// channel -> the revision at which its record was removed (archived, quarantined,
    /// closed), so that a merge never brings back a record that ended on purpose.
    pub(super) closed: Tree,
    /// id -> a direct message waiting to be sent ([`super::outbox`]); in no snapshot.
    pub(super) outbox: Tree,
    /// notice key -> the parts of it delivered ([`super::sent_parts`]); in no snapshot.
    pub(super) sent_parts: Tree,
    /// None for a temporary database.
    pub(super) files: Option<Arc<DbFiles>>,
    /// The last revision given to a record.
    pub(super) revision: Arc<AtomicU64>,
    /// Writes since the store was opened (snapshots are taken when it moves).
    pub(super) changes: Arc<AtomicU64>,
    /// Whether this open gave the database its id (it had none: new, from before ids,
    /// or emptied by damage); see [`Store::id`].
    pub(super) id_created: bool,
    /// Computer seats' turns being played ([`super::ai_claim::LocalClaims`]).
    pub(super) ai_claims: Arc<super::ai_claim::LocalClaims>,
    /// The journal beside the folder ([`journal`]), once this run has begun it (none
    /// for a temporary database).
    pub(super) journal: Arc<OnceLock<Journal>>,
    /// Told how long each sync takes ([`super::Observer`]).
    pub(super) observed: super::Observed,
}

/// The `meta` tree's key of the database's id.
const ID_KEY: &[u8] = b"id";

/// A new database id: 64 bits from the process's random hash keys and the time (unique
/// enough to tell two databases apart; not a secret).
pub(crate) fn new_id() -> String {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    h.write_u128(now);
    h.write_u32(std::process::id());
    format!("{:016x}", h.finish())
}

/// The sled configuration of a database folder (one place: recovery opens copies the
/// same way).
pub(crate) fn sled_config(path: &Path) -> sled::Config {
    sled::Config::new().path(path)
}

/// How long opening waits for another holder of the folder's file lock to let go: a
/// process still shutting down, or the background thread of a store just dropped.
const LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(2);
/// The words of the error for a database that another process holds.
const IN_USE: &str = "is in use by another process";

/// Opens sled, waiting up to [`LOCK_WAIT`] for the file lock. A lock held longer means
/// another process serves this database: that is never damage, so the error says so
/// distinctly ([`StoreError::is_in_use`]) and start-up recovery leaves the folder alone.
fn open_sled(path: &Path) -> Result<Db, StoreError> {
    let start = std::time::Instant::now();
    loop {
        match sled_config(path).open() {
            Ok(db) => return Ok(db),
            // sled 0.34 reports a held lock as an I/O error with these words.
            Err(sled::Error::Io(e)) if e.to_string().starts_with("could not acquire lock") => {
                if start.elapsed() >= LOCK_WAIT {
                    return Err(StoreError(format!(
                        "the database at {} {IN_USE}",
                        path.display()
                    )));
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            Err(e) => {
                return Err(StoreError(format!(
                    "cannot open the database at {}: {e}",
                    path.display()
                )));
            }
        }
    }
}

impl StoreError {
    /// Another process holds the database (see [`open_sled`]).
    pub fn is_in_use(&self) -> bool {
        self.0.contains(IN_USE)
    }
}

impl SledStore {
    /// Opens (or creates) the database folder with the system's fsync.
    pub fn open(path: &Path) -> Result<SledStore, StoreError> {
        SledStore::open_with_disk(path, durable::system_disk())
    }

    /// Opens the database folder, syncing through `disk` (tests count the calls), and
    /// begins this run's journal ([`journal`]) with what it held and the database's
    /// closings. Start-up repair uses [`SledStore::open_unjournaled`] instead.
    pub fn open_with_disk(path: &Path, disk: Arc<dyn Disk>) -> Result<SledStore, StoreError> {
        let store = SledStore::open_unjournaled(path, disk.clone())?;
        let file = journal::path_of(path);
        let mut past = journal::read(&file)
            .map_err(|e| StoreError(format!("cannot read the journal {}: {e}", file.display())))?;
        let id = store.id()?.unwrap_or_default();
        if past.id.as_ref().is_some_and(|j| *j != id) {
            tracing::warn!(journal = %file.display(), "the journal belongs to another database; it starts anew");
            past = journal::Past::default();
        }
        // New revisions rank above every closing the journal proves.
        store.revision.fetch_max(past.highest(), Ordering::SeqCst);
        store.begin_journal(disk, &past.ends, 0)?;
        Ok(store)
    }

    /// Opens the database folder without touching its journal: the caller holds sled's
    /// lock from here on, reads the journal and begins it ([`SledStore::begin_journal`]).
    pub(crate) fn open_unjournaled(
        path: &Path,
        disk: Arc<dyn Disk>,
    ) -> Result<SledStore, StoreError> {
        if std::fs::metadata(path).is_ok_and(|m| !m.is_dir()) {
            return Err(StoreError(format!(
                "the database path {} is not a folder",
                path.display()
            )));
        }
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| StoreError(format!("{}: {e}", parent.display())))?;
        }
        let db = open_sled(path)?;
        db.flush()?;
        let files = DbFiles::open(path, disk).map_err(|e| {
            StoreError(format!(
                "cannot sync the database at {}: {e}",
                path.display()
            ))
        })?;
        SledStore::from_db(db, Some(Arc::new(files)))
    }

    /// Opens an existing database folder to read it (`export`): a missing folder is an
    /// error rather than a new database, and a database without an id is given none.
    pub fn open_existing(path: &Path) -> Result<SledStore, StoreError> {
        if !path.join("conf").is_file() {
            return Err(StoreError(format!(
                "there is no database at {} (no sled database in that folder)",
                path.display()
            )));
        }
        let db = open_sled(path)?;
        let files = DbFiles::open(path, durable::system_disk()).map_err(|e| {
            StoreError(format!(
                "cannot sync the database at {}: {e}",
                path.display()
            ))
        })?;
        SledStore::with_trees(db, Some(Arc::new(files)))
    }

    /// A database that lives in memory and disappears (tests, benchmarks).
    pub fn temporary() -> Result<SledStore, StoreError> {
        SledStore::from_db(sled::Config::new().temporary(true).open()?, None)
    }

    fn from_db(db: Db, files: Option<Arc<DbFiles>>) -> Result<SledStore, StoreError> {
        let mut store = SledStore::with_trees(db, files)?;
        let meta = store.db.open_tree("meta")?;
        if meta.get(ID_KEY)?.is_none() {
            meta.insert(ID_KEY, new_id().as_bytes())?;
            // On disk before any snapshot can carry it.
            store.sync()?;
            store.id_created = true;
        }
        Ok(store)
    }

    /// The store on `db`'s trees, its revision counter read from them; no id given.
    fn with_trees(db: Db, files: Option<Arc<DbFiles>>) -> Result<SledStore, StoreError> {
        let store = SledStore {
            games: db.open_tree("games")?,
            history: db.open_tree("history")?,
            finished: db.open_tree("finished")?,
            quarantine: db.open_tree("quarantine")?,
            notices: db.open_tree("notices")?,
            users: db.open_tree("users")?,
            closed: db.open_tree("closed")?,
            outbox: db.open_tree(outbox::TREE)?,
            sent_parts: db.open_tree(sent_parts::TREE)?,
            db,
            files,
            revision: Arc::new(AtomicU64::new(0)),
            changes: Arc::new(AtomicU64::new(0)),
            id_created: false,
            ai_claims: Arc::default(),
            journal: Arc::default(),
            observed: Arc::default(),
        };
        store
            .revision
            .store(store.highest_revision()?, Ordering::SeqCst);
        Ok(store)
    }

    /// The database's id, given when it was created and carried by its snapshots (the
    /// `meta` tree), so that start-up never restores another database's snapshot.
    pub fn id(&self) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self.db.open_tree("meta")?.get(ID_KEY)?.map(|v| v.to_vec()))
    }

    /// Whether this open gave the database its id (it had none before).
    pub fn id_created(&self) -> bool {
        self.id_created
    }

    /// Begins this run's journal: rewritten whole with the database's id, the latest
    /// closing of each channel (from `ends` and the `closed` tree; an archived game's
    /// entries only above revision `kept_above`) and this run's `open` line.
    pub(crate) fn begin_journal(
        &self,
        disk: Arc<dyn Disk>,
        ends: &std::collections::BTreeMap<u64, End>,
        kept_above: u64,
    ) -> Result<(), StoreError> {
        let Some(files) = &self.files else {
            return Ok(());
        };
        let id = self.id()?.unwrap_or_default();
        let mut all = ends.clone();
        for kv in self.closed.iter() {
            let (k, v) = kv?;
            let Ok(channel) = <[u8; 8]>::try_from(k.as_ref()).map(u64::from_be_bytes) else {
                continue;
            };
            let revision = u64_of(&v);
            if all.get(&channel).is_none_or(|e| e.revision < revision) {
                all.insert(
                    channel,
                    End {
                        revision,
                        archived: None,
                    },
                );
            }
        }
        let journal = Journal::begin(&journal::path_of(files.dir()), &id, &all, kept_above, disk)?;
        if self.journal.set(journal).is_err() {
            return Err(StoreError("the journal was begun twice".into()));
        }
        Ok(())
    }

    /// Records in the journal that `snapshot` is the database's exact last state.
    pub fn mark_clean(&self, snapshot: &Path) -> Result<(), StoreError> {
        match self.journal.get() {
            Some(j) => j.mark_clean(snapshot).map_err(|e| {
                StoreError(format!("cannot mark {} as clean: {e}", snapshot.display()))
            }),
            None => Ok(()),
        }
    }

    /// Records a closing in the journal, after sled has it: a closing the journal has
    /// but sled lost would drop a game that still runs. A failure is logged: the
    /// closing itself is done.
    fn journal_end(&self, channel: u64, end: End) {
        if let Some(j) = self.journal.get()
            && let Err(e) = j.ended(channel, &end)
        {
            tracing::error!(
                channel,
                "cannot record the end of a game in the journal: {e}"
            );
        }
    }

    /// Takes `id` as the database's id (a rebuilt database takes its snapshot's).
    pub(crate) fn adopt_id(&self, id: &[u8]) -> Result<(), StoreError> {
        self.db.open_tree("meta")?.insert(ID_KEY, id)?;
        self.commit()?;
        self.journal_id()
    }

    /// Tells the journal (once begun) the database's id as it is now.
    pub(super) fn journal_id(&self) -> Result<(), StoreError> {
        match (self.journal.get(), self.id()?) {
            (Some(j), Some(id)) => j
                .set_id(&id)
                .map_err(|e| StoreError(format!("cannot write the journal: {e}"))),
            _ => Ok(()),
        }
    }

    /// The highest revision (or sequence number) stored anywhere, so that new ones
    /// never collide with old history keys.
    pub(super) fn highest_revision(&self) -> Result<u64, StoreError> {
        let mut top = 0;
        for v in self.games.iter().values() {
            top = top.max(record::revision_of(&v?));
        }
        for v in self.closed.iter().values() {
            top = top.max(u64_of(&v?));
        }
        for tree in [&self.history, &self.quarantine] {
            for k in tree.iter().keys() {
                let k = k?;
                top = top.max(k.get(8..16).map_or(0, u64_of));
            }
        }
        Ok(top)
    }

    fn next_revision(&self) -> u64 {
        self.revision.fetch_add(1, Ordering::SeqCst) + 1
    }

    /// Flushes sled and syncs its files: after this the writes survive a power cut.
    /// Counts as a change (see [`Store::changes`]).
    pub(super) fn commit(&self) -> Result<(), StoreError> {
        self.sync()?;
        self.changes.fetch_add(1, Ordering::SeqCst);
        self.wrote()
    }

    /// A write after a clean shutdown's mark ends the mark ([`Journal::wrote`]).
    fn wrote(&self) -> Result<(), StoreError> {
        match self.journal.get() {
            Some(j) => j
                .wrote()
                .map_err(|e| StoreError(format!("cannot write the journal: {e}"))),
            None => Ok(()),
        }
    }

    /// Flushes sled and syncs its files, counting no change.
    fn sync(&self) -> Result<(), StoreError> {
        super::timed(&self.observed, "fsync", || {
            self.db.flush()?;
            if let Some(files) = &self.files {
                files
                    .sync()
                    .map_err(|e| StoreError(format!("cannot sync the database: {e}")))?;
            }
            Ok(())
        })
    }

    /// How many writes this store has committed since it was opened.
    pub fn changes(&self) -> u64 {
        self.changes.load(Ordering::SeqCst)
    }

    /// The sled database (snapshots and recovery read every tree of it).
    pub(crate) fn db(&self) -> &Db {
        &self.db
    }

    /// Writes the channel's record with a new revision, on stable storage when this
    /// returns. On failure the previous record is put back (as far as the database
    /// still takes writes) and the error returned.
    pub fn save(&self, channel: u64, record: &mut ChannelRecord) -> Result<(), StoreError> {
        record.revision = self.next_revision();
        let old = self.games.insert(key(channel), record.encode())?;
        if let Err(e) = self.commit() {
            let _ = match old {
                Some(v) => self.games.insert(key(channel), v).map(|_| ()),
                None => self.games.remove(key(channel)).map(|_| ()),
            };
            return Err(e);
        }
        Ok(())
    }

    /// Deletes the channel's record (a closed lobby).
    pub fn remove(&self, channel: u64) -> Result<(), StoreError> {
        let rev = self.next_revision().to_be_bytes();
        (&self.games, &self.closed).transaction(|(games, closed)| {
            games.remove(&key(channel))?;
            closed.insert(&key(channel), &rev)?;
            Ok::<(), ConflictableTransactionError<sled::Error>>(())
        })?;
        self.commit()?;
        let revision = u64_of(&rev);
        self.journal_end(
            channel,
            End {
                revision,
                archived: None,
            },
        );
        Ok(())
    }

    /// Moves a finished (or aborted) game to the history in one transaction; `kept`,
    /// the final record of a finished game, stays readable (`finished`).
    pub fn archive(
        &self,
        channel: u64,
        entry: &HistoryEntry,
        kept: Option<&[u8]>,
    ) -> Result<(), StoreError> {
        let rev = self.next_revision();
        let hkey = history_key(channel, rev);
        let value = entry.encode();
        (&self.games, &self.history, &self.closed, &self.finished).transaction(
            |(games, history, closed, finished)| {
                games.remove(&key(channel))?;
                history.insert(&hkey[..], value.as_slice())?;
                closed.insert(&key(channel), &rev.to_be_bytes())?;
                match kept {
                    Some(bytes) => finished.insert(&key(channel), bytes)?,
                    None => finished.remove(&key(channel))?,
                };
                Ok::<(), ConflictableTransactionError<sled::Error>>(())
            },
        )?;
        self.commit()?;
        let archived = Some((value, kept.map(<[u8]>::to_vec)));
        self.journal_end(
            channel,
            End {
                revision: rev,
                archived,
            },
        );
        Ok(())
    }

    /// Drops the channel's finished game (a new one is being set up there).
    pub fn forget_finished(&self, channel: u64) -> Result<(), StoreError> {
        if self.finished.remove(key(channel))?.is_some() {
            self.commit()?;
        }
        Ok(())
    }

    /// Moves an undecodable record aside and leaves a notice for the channel.
    pub fn quarantine(&self, channel: u64, bytes: &[u8], reason: &str) -> Result<(), StoreError> {
        tracing::error!(channel, reason, "quarantined an unreadable game record");
        let rev = self.next_revision();
        let qkey = history_key(channel, rev);
        let notice = notice::Notice::new("app-quarantined")
            .arg("reason", reason)
            .encode();
        (&self.games, &self.quarantine, &self.notices, &self.closed).transaction(
            |(games, quarantine, notices, closed)| {
                games.remove(&key(channel))?;
                quarantine.insert(&qkey[..], bytes)?;
                notices.insert(&key(channel), notice.as_slice())?;
                closed.insert(&key(channel), &rev.to_be_bytes())?;
                Ok::<(), ConflictableTransactionError<sled::Error>>(())
            },
        )?;
        self.commit()
    }

    /// The channel's pending notice (a [`notice::Notice`], or an older plain text),
    /// removed once read; [`notice::text_of`] words it.
    pub fn take_notice(&self, channel: u64) -> Result<Option<Vec<u8>>, StoreError> {
        match self.notices.remove(key(channel))? {
            Some(v) => {
                self.commit()?;
                Ok(Some(v.to_vec()))
            }
            None => Ok(None),
        }
    }

    /// Channels with a stored game.
    pub fn channels(&self) -> Result<Vec<u64>, StoreError> {
        let mut out = Vec::new();
        for k in self.games.iter().keys() {
            let k = k?;
            if let Ok(b) = <[u8; 8]>::try_from(k.as_ref()) {
                out.push(u64::from_be_bytes(b));
            }
        }
        Ok(out)
    }

    /// Finished games' entries (channel, bytes) in key order.
    pub fn history(&self) -> Result<Vec<(u64, Vec<u8>)>, StoreError> {
        let mut out = Vec::new();
        for kv in self.history.iter() {
            let (k, v) = kv?;
            out.push((u64_of(&k), v.to_vec()));
        }
        Ok(out)
    }

    /// Quarantined records (channel, bytes).
    pub fn quarantined(&self) -> Result<Vec<(u64, Vec<u8>)>, StoreError> {
        let mut out = Vec::new();
        for kv in self.quarantine.iter() {
            let (k, v) = kv?;
            out.push((u64_of(&k), v.to_vec()));
        }
        Ok(out)
    }

    /// Raw bytes of a channel's record (tests and the memory benchmark).
    pub fn raw(&self, channel: u64) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self.games.get(key(channel))?.map(|v| v.to_vec()))
    }

    /// Writes raw bytes as a channel's record (tests of corrupt records).
    pub fn put_raw(&self, channel: u64, bytes: &[u8]) -> Result<(), StoreError> {
        self.games.insert(key(channel), bytes)?;
        self.commit()
    }

    /// Flushes and syncs everything written so far. Not a change: a shutdown that
    /// flushes an unchanged database takes no new snapshot.
    pub fn flush(&self) -> Result<(), StoreError> {
        self.sync()
    }
}

impl Backend for SledStore {
    fn get(&self, channel: u64) -> Result<Option<Vec<u8>>, StoreError> {
        self.raw(channel)
    }
    fn save(&self, channel: u64, record: &mut ChannelRecord) -> Result<(), StoreError> {
        SledStore::save(self, channel, record)
    }
    fn remove(&self, channel: u64) -> Result<(), StoreError> {
        SledStore::remove(self, channel)
    }
    fn archive(
        &self,
        channel: u64,
        entry: &HistoryEntry,
        kept: Option<&[u8]>,
    ) -> Result<(), StoreError> {
        SledStore::archive(self, channel, entry, kept)
    }
    fn finished(&self, channel: u64) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self.finished.get(key(channel))?.map(|v| v.to_vec()))
    }
    fn forget_finished(&self, channel: u64) -> Result<(), StoreError> {
        SledStore::forget_finished(self, channel)
    }
    fn quarantine(&self, channel: u64, bytes: &[u8], reason: &str) -> Result<(), StoreError> {
        SledStore::quarantine(self, channel, bytes, reason)
    }
    fn take_notice(&self, channel: u64) -> Result<Option<Vec<u8>>, StoreError> {
        SledStore::take_notice(self, channel)
    }
    fn channels(&self) -> Result<Vec<u64>, StoreError> {
        SledStore::channels(self)
    }
    fn games(&self) -> Result<Vec<(u64, Vec<u8>)>, StoreError> {
        let mut out = Vec::new();
        for kv in self.games.iter() {
            let (k, v) = kv?;
            if let Ok(b) = <[u8; 8]>::try_from(k.as_ref()) {
                out.push((u64::from_be_bytes(b), v.to_vec()));
            }
        }
        Ok(out)
    }
    fn history(&self) -> Result<Vec<(u64, Vec<u8>)>, StoreError> {
        SledStore::history(self)
    }
    fn quarantined(&self) -> Result<Vec<(u64, Vec<u8>)>, StoreError> {
        SledStore::quarantined(self)
    }
    fn user(&self, user: u64) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self.users.get(user.to_be_bytes())?.map(|v| v.to_vec()))
    }
    fn set_user(&self, user: u64, bytes: &[u8]) -> Result<(), StoreError> {
        self.users.insert(user.to_be_bytes(), bytes)?;
        self.db.flush()?;
        self.wrote()
    }
    fn put_raw(&self, channel: u64, bytes: &[u8]) -> Result<(), StoreError> {
        SledStore::put_raw(self, channel, bytes)
    }
    fn flush(&self) -> Result<(), StoreError> {
        SledStore::flush(self)
    }
    fn changes(&self) -> u64 {
        SledStore::changes(self)
    }
    fn dump(&self) -> Result<super::snapshot::Dump, StoreError> {
        SledStore::dump(self)
    }
    fn load_dump(&self, dump: &super::snapshot::Dump) -> Result<(), StoreError> {
        SledStore::load_dump(self, dump)
    }
    fn is_empty(&self) -> Result<bool, StoreError> {
        Ok(SledStore::is_empty(self))
    }
    fn id(&self) -> Result<Option<Vec<u8>>, StoreError> {
        SledStore::id(self)
    }
    /// One process holds the folder (sled's file lock), and the app's own channel lock
    /// serialises its threads: nothing more to take.
    fn lock_channel(&self, _channel: u64) -> Result<ChannelLock, StoreError> {
        Ok(ChannelLock::none())
    }
    /// One process: its scheduler already sends each item once.
    fn claim(&self, _key: &str, _lease: std::time::Duration) -> Result<bool, StoreError> {
        Ok(true)
    }
    /// Synced, not counted as a change: pending DMs are in no snapshot.
    fn queue_direct(&self, dm: &outbox::Direct) -> Result<u64, StoreError> {
        let id = self.db.generate_id()?;
        self.outbox.insert(key(id), outbox::encode(dm, 0))?;
        self.sync()?;
        Ok(id)
    }
    /// One process, but the scheduler and a test may claim at once: each DM is taken
    /// with a compare-and-swap of its value. The claim is not synced: one lost in a
    /// crash only makes the DM claimable at once after the restart.
    fn claim_directs(&self, now: u64, until: u64) -> Result<Vec<outbox::Direct>, StoreError> {
        let mut out = Vec::new();
        for kv in self.outbox.iter() {
            let (k, v) = kv?;
            if outbox::claimed_until(&v) > now {
                continue;
            }
            let id = u64_of(&k);
            let Some(dm) = outbox::decode(id, &v) else {
                tracing::error!(id, "dropped an unreadable direct message");
                self.outbox.remove(&k)?;
                continue;
            };
            let claimed = outbox::with_claim(&v, until);
            if self
                .outbox
                .compare_and_swap(&k, Some(&v), Some(claimed))?
                .is_ok()
            {
                out.push(dm);
                if out.len() == outbox::CLAIM_BATCH {
                    break;
                }
            }
        }
        Ok(out)
    }
    /// Synced: a DM delivered must not come back after a crash.
    fn direct_sent(&self, id: u64) -> Result<(), StoreError> {
        if self.outbox.remove(key(id))?.is_some() {
            self.sync()?;
        }
        Ok(())
    }
    fn next_direct_at(&self) -> Result<Option<u64>, StoreError> {
        let mut next: Option<u64> = None;
        for v in self.outbox.iter().values() {
            let at = outbox::claimed_until(&v?);
            next = Some(next.map_or(at, |n| n.min(at)));
        }
        Ok(next)
    }
    fn claim_ai(&self, channel: u64, now: u64, lease: u64) -> Result<Option<u64>, StoreError> {
        Ok(self.ai_claims.claim(channel, now, lease))
    }
    fn renew_ai(&self, channel: u64, token: u64, now: u64, lease: u64) -> Result<bool, StoreError> {
        Ok(self.ai_claims.renew(channel, token, now, lease))
    }
    fn release_ai(&self, channel: u64, token: u64) -> Result<(), StoreError> {
        self.ai_claims.release(channel, token);
        Ok(())
    }
    fn sent_parts(&self, key: &str) -> Result<usize, StoreError> {
        Ok(self
            .sent_parts
            .get(key.as_bytes())?
            .map_or(0, |v| sent_parts::decode(&v).0))
    }
    /// Synced (a restart resumes after them); written only for a notice of several
    /// parts that failed midway, so the sweep over the tree is rare.
    fn record_sent_parts(&self, key: &str, parts: usize, now: u64) -> Result<(), StoreError> {
        self.sent_parts
            .insert(key.as_bytes(), &sent_parts::encode(parts, now))?;
        let mut entries = Vec::new();
        for kv in self.sent_parts.iter() {
            let (k, v) = kv?;
            entries.push((k.to_vec(), sent_parts::decode(&v).1));
        }
        for k in sent_parts::overflow(entries, now) {
            self.sent_parts.remove(k)?;
        }
        self.sync()
    }
    fn forget_sent_parts(&self, key: &str) -> Result<(), StoreError> {
        if self.sent_parts.remove(key.as_bytes())?.is_some() {
            self.sync()?;
        }
        Ok(())
    }

    fn counts(&self) -> Result<(u64, u64), StoreError> {
        Ok((self.games.len() as u64, self.outbox.len() as u64))
    }

    fn observed(&self) -> &super::Observed {
        &self.observed
    }
}
