//! Computer players for the board game.
//!
//! They choose among the options the engine enumerates for the pending decision, so
//! every decision kind of every expansion the engine plays is theirs too, and they
//! never read what a player at the table cannot see: searches run on copies whose
//! unseen stack order and dice are redrawn ([`Game::redeal_unseen`]).
//!
//! - [`Level::Easy`]: greedy, the best position after its own decisions of this turn;
//! - [`Level::Normal`], [`Level::Hard`]: information-set Monte Carlo tree search over
//!   determinised copies (a fresh draw of the unseen tiles per iteration), with a time
//!   budget per decision; hard's playouts weigh more options, judged more finely.
//!
//! Choices depend only on the visible game, the seed and the budget: with an iteration
//! budget and no time limit they are reproducible. The chosen action is logged like a
//! human's, so a game with computer seats replays from its log alone.

pub mod cards;
mod eval;
mod greedy;
mod search;

use crate::engine::{Action, Game};
use crate::player::Player;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

pub use eval::rewards;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Easy,
    Normal,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    pub fn word(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// How long the bot thinks over one decision.
    pub fn budget(self) -> Budget {
        match self {
            Level::Easy => Budget::iterations(0),
            Level::Normal => Budget::time(Duration::from_millis(300)),
            Level::Hard => Budget::time(Duration::from_millis(1500)),
        }
    }

    /// A small iteration budget standing for the level, for reproducible runs (tests,
    /// scripted sessions): the choice depends only on the game and the seed.
    pub fn quick_budget(self) -> Budget {
        match self {
            Level::Easy => Budget::iterations(0),
            Level::Normal => Budget::iterations(60),
            Level::Hard => Budget::iterations(120),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.word() == s)
            .ok_or_else(|| format!("unknown level '{s}': easy, normal or hard"))
    }
}

/// How much a search may do: at most `iterations` playouts (0: no limit) and, when
/// set, no longer than `time`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub iterations: u32,
    pub time: Option<Duration>,
}

impl Budget {
    pub fn iterations(n: u32) -> Budget {
        Budget {
            iterations: n,
            time: None,
        }
    }

    pub fn time(t: Duration) -> Budget {
        Budget {
            iterations: 0,
            time: Some(t),
        }
    }
}

/// The player asked and the action a computer player at `level` takes there, or `None`
/// when the game is over.
pub fn choose(game: &Game, level: Level, seed: u64) -> Option<(Player, Action)> {
    choose_within(game, level, seed, level.budget())
}

/// [`choose`] with an explicit budget (tests and benchmarks use iteration budgets).
pub fn choose_within(
    game: &Game,
    level: Level,
    seed: u64,
    budget: Budget,
) -> Option<(Player, Action)> {
    let pending = game.pending()?;
    let mut actions = pending.actions();
    let action = if actions.len() == 1 {
        actions.pop()?
    } else {
        match level {
            Level::Easy => greedy::choose(game, pending.player, &actions),
            Level::Normal => search::choose(game, seed, budget, search::CHEAP),
            Level::Hard => search::choose(game, seed, budget, search::RICH),
        }
    };
    Some((pending.player, action))
}
