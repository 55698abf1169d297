//! Due times across processes (migration 0004): each game's next due time in the
//! indexed `games.due_at` column, written with every write of its record, and a
//! listener that wakes a scheduler when any process sets one.
//!
//! The trigger of `games.due_at` sends `NOTIFY carcassonne_due` with the time, which
//! PostgreSQL delivers when the write commits (never for one rolled back). A scheduler
//! sleeps until the earliest due time it read, so without this a wait another process
//! created (one that then died, or whose scheduler sleeps longer) would only be found at
//! its next safety-net poll. A notification is lost while the listener's connection is
//! down: after each (re)connection the listener wakes the scheduler to read the
//! earliest due time again.

use super::tls::RustlsConnect;
use super::{PgStore, int, pg_err, uint};
use crate::store::StoreError;
use crate::store::timers::due_at;
use ::postgres::fallible_iterator::FallibleIterator;
use ::postgres::{Client, NoTls, Transaction};
use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The notification channel of the due times.
pub const DUE_CHANNEL: &str = "carcassonne_due";
/// How long the listener waits for a notification before it looks at its stop flag.
const POLL: Duration = Duration::from_millis(500);
/// A quiet connection is checked this often (a server gone without a word).
const CHECK_EVERY: Duration = Duration::from_secs(30);
/// The pause before connecting again after a failure.
const RETRY: Duration = Duration::from_secs(1);

/// A record's due time as the column holds it: bigint, clamped (a time past i64's range
/// would wrap negative and look due at once).
pub(super) fn column(bytes: &[u8]) -> Option<i64> {
    due_at(bytes).map(|t| t.min(i64::MAX as u64) as i64)
}

/// Fills the new column of the existing rows (migration 4, in its transaction).
pub(super) fn back_fill(tx: &mut Transaction) -> Result<(), ::postgres::Error> {
    let rows = tx.query("SELECT channel, data FROM games", &[])?;
    let set = tx.prepare("UPDATE games SET due_at = $2 WHERE channel = $1")?;
    for r in rows {
        let (channel, data): (i64, Vec<u8>) = (r.get(0), r.get(1));
        if let Some(due) = column(&data) {
            tx.execute(&set, &[&channel, &due])?;
        }
    }
    Ok(())
}

impl PgStore {
    /// The records (channel, bytes) whose due time is `now` or earlier, by channel.
    pub(crate) fn due_by(&self, now: u64) -> Result<Vec<(u64, Vec<u8>)>, StoreError> {
        let now = int(now.min(i64::MAX as u64));
        self.with(|c| {
            Ok(c.query(
                "SELECT channel, data FROM games WHERE due_at <= $1 ORDER BY channel",
                &[&now],
            )?
            .iter()
            .map(|r| (uint(r.get(0)), r.get(1)))
            .collect())
        })
    }

    /// The earliest due time outside the channels in `busy`.
    pub(crate) fn next_due_at(&self, busy: &HashSet<u64>) -> Result<Option<u64>, StoreError> {
        let busy: Vec<i64> = busy.iter().map(|&c| int(c)).collect();
        self.with(|c| {
            let row = c.query_opt(
                "SELECT due_at FROM games WHERE due_at IS NOT NULL AND channel <> ALL($1)
                 ORDER BY due_at LIMIT 1",
                &[&busy],
            )?;
            Ok(row.map(|r| r.get::<_, i64>(0).max(0) as u64))
        })
    }

    /// Corrects a due time that is not its record's (written by something other than
    /// this store: an older bot during an upgrade, a hand edit), unless the record
    /// changed since it was read at `revision`; else the scheduler would wake for it
    /// again and again.
    pub(crate) fn repair_due(
        &self,
        channel: u64,
        revision: u64,
        bytes: &[u8],
    ) -> Result<(), StoreError> {
        let due = column(bytes);
        self.with(|c| {
            c.execute(
                "UPDATE games SET due_at = $3 WHERE channel = $1 AND revision = $2",
                &[&int(channel), &int(revision), &due],
            )
        })?;
        Ok(())
    }

    /// Puts right every due time that is not its record's; returns how many. For a
    /// process starting on a database that a bot from before migration 0004 wrote to
    /// (an upgrade one process at a time): its saves left the column as it was.
    pub(crate) fn repair_due_times(&self) -> Result<usize, StoreError> {
        let rows: Vec<(i64, i64, Vec<u8>, Option<i64>)> = self.with(|c| {
            Ok(
                c.query("SELECT channel, revision, data, due_at FROM games", &[])?
                    .iter()
                    .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3)))
                    .collect(),
            )
        })?;
        let mut repaired = 0;
        for (channel, revision, data, due) in rows {
            if column(&data) != due {
                self.repair_due(uint(channel), uint(revision), &data)?;
                repaired += 1;
            }
        }
        Ok(repaired)
    }

    /// Calls `on_due` from a thread of its own with the due time of each notification
    /// (`None`: the listener (re)connected, and anything may have been set meanwhile),
    /// until the returned watch is dropped.
    pub fn watch_due(&self, on_due: impl Fn(Option<u64>) + Send + 'static) -> DueWatch {
        let stop = Arc::new(AtomicBool::new(false));
        let mut config = self.pool.config.clone();
        let tls = self.pool.tls.clone();
        let name = config.get_application_name().unwrap_or("carcassonne-bot");
        config.application_name(&format!("{name} due listener"));
        let s = stop.clone();
        let spawned = std::thread::Builder::new()
            .name("due-listener".into())
            .spawn(move || listen(&config, tls.as_ref(), &s, &on_due));
        if let Err(e) = spawned {
            tracing::error!(error = %e, "cannot start the due-time listener");
        }
        DueWatch { stop }
    }
}

/// Stops its listener when dropped (within half a second).
pub struct DueWatch {
    stop: Arc<AtomicBool>,
}

impl Drop for DueWatch {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}

fn listen(
    config: &::postgres::Config,
    tls: Option<&RustlsConnect>,
    stop: &AtomicBool,
    on_due: &dyn Fn(Option<u64>),
) {
    let mut lost = false;
    while !stop.load(Ordering::SeqCst) {
        // As the pool connects: over TLS when the URL asks for it.
        let connected = match tls {
            Some(tls) => config.connect(tls.clone()),
            None => config.connect(NoTls),
        };
        let connected = connected.and_then(|mut c| {
            c.batch_execute(&format!("LISTEN {DUE_CHANNEL}"))?;
            Ok(c)
        });
        match connected {
            Ok(mut c) => {
                if lost {
                    tracing::info!("the due-time listener is connected again");
                }
                on_due(None);
                match deliver(&mut c, stop, on_due) {
                    Ok(()) => return,
                    Err(e) => {
                        tracing::warn!(error = %e, "the due-time listener lost its connection");
                        lost = true;
                    }
                }
            }
            Err(e) => {
                if !lost {
                    tracing::warn!(error = %pg_err(e), "the due-time listener cannot connect");
                }
                lost = true;
            }
        }
        std::thread::sleep(RETRY);
    }
}

/// Passes the notifications on until `stop` (Ok) or the connection fails (Err).
fn deliver(
    c: &mut Client,
    stop: &AtomicBool,
    on_due: &dyn Fn(Option<u64>),
) -> Result<(), StoreError> {
    let mut checked = Instant::now();
    while !stop.load(Ordering::SeqCst) {
        let next = c
            .notifications()
            .timeout_iter(POLL)
            .next()
            .map_err(pg_err)?;
        match next {
            // An unreadable time wakes the scheduler (as time 0) to read it itself.
            Some(n) => on_due(Some(
                n.payload().parse::<i64>().map_or(0, |t| t.max(0) as u64),
            )),
            None if c.is_closed() => return Err(StoreError("connection closed".into())),
            None if checked.elapsed() >= CHECK_EVERY => {
                c.is_valid(Duration::from_secs(5)).map_err(pg_err)?;
                checked = Instant::now();
            }
            None => {}
        }
    }
    Ok(())
}
