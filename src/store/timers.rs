//! What the reminders and turn deadlines of a game need on disk: the game's two options
//! and who is awaited since when. Old records without these fields load with the
//! defaults (reminders every 12 h, no turn limit, nothing awaited yet).
//!
//! [`Store::due_times`] reads just these fields of every stored game, without replaying
//! the games, so the scheduler can find its next wake-up time cheaply.

use super::{Store, StoreError};
use serde::{Deserialize, Serialize};

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
    pub seat: u8,
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
        let mut out = Vec::new();
        for (channel, v) in self.backend().games()? {
            if let Ok(p) = serde_json::from_slice::<Partial>(&v)
                && p.game.state != "lobby"
                && !p.snapshot.over
            {
                out.push(StoredTimers {
                    channel,
                    timers: p.timers,
                });
            }
        }
        Ok(out)
    }
}
