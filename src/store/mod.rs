//! Persistence in sled: one record per channel, finished games in a history tree,
//! undecodable records moved aside (quarantined) with a notice for the channel.
//!
//! Every write is flushed to disk before it returns, so a reply never announces a move
//! that a crash could lose.

pub mod record;
pub mod timers;
pub mod users;

use sled::transaction::{ConflictableTransactionError, TransactionError};
use sled::{Db, Transactional, Tree};
use std::fmt;
use std::path::Path;

pub use record::{
    ChannelRecord, GameType, HistoryEntry, RecordGame, SCHEMA_VERSION, Seat, Setup, Snapshot,
    UndoRequest,
};
pub use timers::{DEFAULT_REMINDER, StoredTimers, TurnTimers, Waiting};
pub use users::UserSettings;

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

#[derive(Clone)]
pub struct Store {
    db: Db,
    games: Tree,
    history: Tree,
    quarantine: Tree,
    notices: Tree,
    /// Per-user settings ([`users`]).
    users: Tree,
}

fn key(channel: u64) -> [u8; 8] {
    channel.to_be_bytes()
}

impl Store {
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| StoreError(format!("{}: {e}", parent.display())))?;
        }
        let db = sled::Config::new().path(path).open().map_err(|e| {
            StoreError(format!(
                "cannot open the database at {}: {e}",
                path.display()
            ))
        })?;
        Store::from_db(db)
    }

    /// A database that lives in memory and disappears (tests, benchmarks).
    pub fn temporary() -> Result<Store, StoreError> {
        Store::from_db(sled::Config::new().temporary(true).open()?)
    }

    fn from_db(db: Db) -> Result<Store, StoreError> {
        Ok(Store {
            games: db.open_tree("games")?,
            history: db.open_tree("history")?,
            quarantine: db.open_tree("quarantine")?,
            notices: db.open_tree("notices")?,
            users: db.open_tree("users")?,
            db,
        })
    }

    /// The channel's record, quarantining it if it does not decode.
    pub fn load(&self, channel: u64) -> Result<Loaded, StoreError> {
        let Some(bytes) = self.games.get(key(channel))? else {
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
            .games
            .get(key(channel))?
            .and_then(|b| ChannelRecord::decode(&b).ok()))
    }

    /// Writes the channel's record and flushes it to disk.
    pub fn save(&self, channel: u64, record: &ChannelRecord) -> Result<(), StoreError> {
        self.games.insert(key(channel), record.encode())?;
        self.db.flush()?;
        Ok(())
    }

    /// Deletes the channel's record (an aborted lobby).
    pub fn remove(&self, channel: u64) -> Result<(), StoreError> {
        self.games.remove(key(channel))?;
        self.db.flush()?;
        Ok(())
    }

    /// Moves a finished (or aborted) game to the history in one transaction.
    pub fn archive(&self, channel: u64, entry: &HistoryEntry) -> Result<(), StoreError> {
        let hkey = history_key(channel, self.db.generate_id()?);
        let value = entry.encode();
        (&self.games, &self.history).transaction(|(games, history)| {
            games.remove(&key(channel))?;
            history.insert(&hkey[..], value.as_slice())?;
            Ok::<(), ConflictableTransactionError<sled::Error>>(())
        })?;
        self.db.flush()?;
        Ok(())
    }

    /// Moves an undecodable record aside and leaves a notice for the channel.
    pub fn quarantine(&self, channel: u64, bytes: &[u8], reason: &str) -> Result<(), StoreError> {
        tracing::error!(channel, reason, "quarantined an unreadable game record");
        let qkey = history_key(channel, self.db.generate_id()?);
        let notice = format!(
            "The saved game of this channel could not be read ({reason}); it was set aside for the admins to look at. Start a new game with /new."
        );
        (&self.games, &self.quarantine, &self.notices).transaction(
            |(games, quarantine, notices)| {
                games.remove(&key(channel))?;
                quarantine.insert(&qkey[..], bytes)?;
                notices.insert(&key(channel), notice.as_bytes())?;
                Ok::<(), ConflictableTransactionError<sled::Error>>(())
            },
        )?;
        self.db.flush()?;
        Ok(())
    }

    /// The channel's pending notice, removed once read.
    pub fn take_notice(&self, channel: u64) -> Result<Option<String>, StoreError> {
        match self.notices.remove(key(channel))? {
            Some(v) => {
                self.db.flush()?;
                Ok(Some(String::from_utf8_lossy(&v).into_owned()))
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

    /// Finished games, oldest first.
    pub fn history(&self) -> Result<Vec<(u64, HistoryEntry)>, StoreError> {
        let mut out = Vec::new();
        for kv in self.history.iter() {
            let (k, v) = kv?;
            let channel = u64::from_be_bytes(k[..8].try_into().unwrap_or([0; 8]));
            if let Ok(e) = HistoryEntry::decode(&v) {
                out.push((channel, e));
            }
        }
        out.sort_by_key(|(_, e)| e.finished_at);
        Ok(out)
    }

    /// Quarantined records (channel, bytes).
    pub fn quarantined(&self) -> Result<Vec<(u64, Vec<u8>)>, StoreError> {
        let mut out = Vec::new();
        for kv in self.quarantine.iter() {
            let (k, v) = kv?;
            let channel = u64::from_be_bytes(k[..8].try_into().unwrap_or([0; 8]));
            out.push((channel, v.to_vec()));
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
        self.db.flush()?;
        Ok(())
    }

    pub fn flush(&self) -> Result<(), StoreError> {
        self.db.flush()?;
        Ok(())
    }
}

/// History and quarantine keys: channel, then a sequence number, so one channel's
/// entries sort and never overwrite each other.
fn history_key(channel: u64, seq: u64) -> [u8; 16] {
    let mut k = [0u8; 16];
    k[..8].copy_from_slice(&channel.to_be_bytes());
    k[8..].copy_from_slice(&seq.to_be_bytes());
    k
}
