//! What the reminders and turn deadlines of a game need on disk: the game's two options
//! and who is awaited since when. Old records without these fields load with the
//! defaults (reminders every 12 h, no turn limit, nothing awaited yet).
//!
//! [`Store::due_times`] reads just these fields of every stored game, without replaying
//! the games. From them [`due_at`] is each game's next due time, which the PostgreSQL
//! store keeps in an indexed column, so that processes sharing the database find what is
//! due, and the earliest due time, with one indexed query each ([`Store::due_by`],
//! [`Store::next_due_at`]); sled computes both from every game, as before.

use super::record::revision_of;
use super::{Inner, Store, StoreError};
use crate::player::Player;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// Reminders per wait.
pub const MAX_REMINDERS: u8 = 3;

/// The default reminder interval: 12 hours.
pub const DEFAULT_REMINDER: u64 = 12 * 3_600;

fn default_reminder() -> Option<u64> {
    Some(DEFAULT_REMINDER)
}

/// A game's timer options and the decision being waited for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnTimers {
    /// Seconds without acting before the awaited player is reminded; `None`: off.
    #[serde(default = "default_reminder")]
    pub reminder: Option<u64>,
    /// Seconds a player has for a turn before the others may kick them; `None`: off.
    #[serde(default)]
    pub turn_limit: Option<u64>,
    /// The decision being waited for (refreshed on every save of a running game).
    #[serde(default)]
    pub waiting: Option<Waiting>,
    /// Discord said the game's channel is gone or closed to the bot (403 Missing
    /// Access or Missing Permissions, 404 Unknown Channel): nothing is due there until
    /// a player's move shows the bot may post again. Not stored while false, so records
    /// from before it read and write unchanged.
    #[serde(default, skip_serializing_if = "is_false")]
    pub unreachable: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Default for TurnTimers {
    fn default() -> TurnTimers {
        TurnTimers {
            reminder: default_reminder(),
            turn_limit: None,
            waiting: None,
            unreachable: false,
        }
    }
}

/// Who is awaited (the seat, at this log length) since when, and what was said already.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Waiting {
    pub seat: Player,
    /// The log length when the wait began: any move starts a new wait.
    pub moves: usize,
    pub since: u64,
    #[serde(default)]
    pub reminders: u8,
    #[serde(default)]
    pub deadline_told: bool,
    /// When the decision's default applies for the player asked (a decision asked
    /// during another player's turn, e.g. a robber: the game's decision deadline after
    /// `since`); `None` for decisions without a deadline.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_at: Option<u64>,
}

/// When the next reminder or deadline of a game is due. A game saved before timers
/// existed has no wait stored: it is due at once, to start its wait then (so that an
/// upgrade does not ping every old game at the same moment).
pub fn next_due(t: &TurnTimers) -> Option<u64> {
    if t.unreachable {
        return None;
    }
    let default_at = t.waiting.as_ref().and_then(|w| w.default_at);
    if t.reminder.is_none() && t.turn_limit.is_none() {
        return default_at;
    }
    let Some(w) = &t.waiting else {
        return Some(0);
    };
    let reminder = t.reminder.filter(|_| w.reminders < MAX_REMINDERS).map(|i| {
        w.since
            .saturating_add(i.saturating_mul(w.reminders as u64 + 1))
    });
    let deadline = t
        .turn_limit
        .filter(|_| !w.deadline_told)
        .map(|l| w.since.saturating_add(l));
    [reminder, deadline, default_at].into_iter().flatten().min()
}

/// The timers of a stored record if it is a running game (not a lobby, not over).
/// Records that do not even parse have none: loading them quarantines them.
fn running_timers(bytes: &[u8]) -> Option<TurnTimers> {
    #[derive(Deserialize)]
    struct State {
        state: String,
    }
    #[derive(Deserialize, Default)]
    struct Over {
        #[serde(default)]
        over: bool,
    }
    #[derive(Deserialize)]
    struct Partial {
        game: State,
        #[serde(default)]
        snapshot: Over,
        #[serde(default)]
        timers: TurnTimers,
    }
    let p = serde_json::from_slice::<Partial>(bytes).ok()?;
    (p.game.state != "lobby" && !p.snapshot.over).then_some(p.timers)
}

/// When anything is next due in the stored record `bytes` ([`next_due`] of a running
/// game); `None` for lobbies, finished games and unreadable records.
pub fn due_at(bytes: &[u8]) -> Option<u64> {
    next_due(&running_timers(bytes)?)
}

/// The stored timer state of one channel's game, read without a replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredTimers {
    pub channel: u64,
    pub timers: TurnTimers,
}

impl Store {
    /// The timers of every running game (lobbies and finished games have none). Records
    /// that do not even parse are skipped here; loading them quarantines them.
    pub fn due_times(&self) -> Result<Vec<StoredTimers>, StoreError> {
        let mut out = Vec::new();
        for (channel, v) in self.backend().games()? {
            if let Some(timers) = running_timers(&v) {
                out.push(StoredTimers { channel, timers });
            }
        }
        Ok(out)
    }

    /// The timers of the running games due at `now` or earlier ([`due_at`]), by
    /// channel. On PostgreSQL an indexed query of the due-time column; a caller
    /// checks each against its record ([`next_due`]) all the same.
    pub fn due_by(&self, now: u64) -> Result<Vec<StoredTimers>, StoreError> {
        let rows = match &self.inner {
            Inner::Sled(_) => self.backend().games()?,
            Inner::Postgres(p) => p.due_by(now)?,
        };
        let mut out = Vec::new();
        for (channel, v) in rows {
            let timers = running_timers(&v);
            match timers {
                Some(timers) if next_due(&timers).is_some_and(|t| t <= now) => {
                    out.push(StoredTimers { channel, timers })
                }
                _ => {
                    // The column said due, the record does not: the column is wrong.
                    if let Inner::Postgres(p) = &self.inner {
                        p.repair_due(channel, revision_of(&v), &v)?;
                    }
                }
            }
        }
        Ok(out)
    }

    /// PostgreSQL: puts right the due times that are not their records' (written by
    /// an older bot during an upgrade) and returns how many; nothing to do with sled.
    /// Reads every record: for a process's start.
    pub fn repair_due_times(&self) -> Result<usize, StoreError> {
        match &self.inner {
            Inner::Sled(_) => Ok(0),
            Inner::Postgres(p) => p.repair_due_times(),
        }
    }

    /// Calls `on_due` whenever another process (or this one) sets a due time, with that
    /// time, or with `None` when any time may have been set unseen (the listener
    /// connected again), until the watch is dropped. `None` with sled: one process, whose
    /// app wakes its scheduler itself ([`crate::app::App::set_waker`]).
    pub fn watch_due(
        &self,
        on_due: impl Fn(Option<u64>) + Send + 'static,
    ) -> Option<super::pg::DueWatch> {
        match &self.inner {
            Inner::Sled(_) => None,
            Inner::Postgres(p) => Some(p.watch_due(on_due)),
        }
    }

    /// The earliest time anything is due in the games outside `busy`; `None` when
    /// nothing is waiting. On PostgreSQL an indexed query of the due-time column.
    pub fn next_due_at(&self, busy: &HashSet<u64>) -> Result<Option<u64>, StoreError> {
        match &self.inner {
            Inner::Sled(_) => Ok(self
                .due_times()?
                .iter()
                .filter(|s| !busy.contains(&s.channel))
                .filter_map(|s| next_due(&s.timers))
                .min()),
            Inner::Postgres(p) => p.next_due_at(busy),
        }
    }
}
