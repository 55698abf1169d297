//! The game: configuration + action log, with the state they produce, and what the
//! fronts and the renderer read of it.
//!
//! `pending()` says who must decide what and lists every legal option; `apply()` checks
//! an action against the rules and either applies it, returning the events, or refuses
//! it with a [`RuleError`] and leaves the game untouched (both in `rules.rs`, with the
//! set-up and the record). An expansion's own state is read through the accessors of
//! its module (`Game::robbers()` is in `expansions/robbers.rs`).

use super::action::{LogEntry, RuleError};
use super::board::TileIdx;
use super::config::GameConfig;
use super::features::Features;
use super::figures::{Figure, NeutralFigure};
use super::state::{Phase, PlayerState, Stage, State};
use super::tile::KindId;
use crate::player::Player;
use crate::rng::Rng;
use std::fmt;

/// Figures each player starts with under a configuration (where it always was).
pub use super::state::initial_supply;

/// A configuration that cannot start a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError(pub String);

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ConfigError {}

/// A log that does not replay: the index of the first refused entry and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    Config(ConfigError),
    Action { index: usize, error: RuleError },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Config(e) => write!(f, "{e}"),
            ReplayError::Action { index, error } => write!(f, "log entry {index}: {error}"),
        }
    }
}

impl std::error::Error for ReplayError {}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub(super) config: GameConfig,
    pub(super) log: Vec<LogEntry>,
    pub(super) st: State,
}

impl Game {
    pub fn config(&self) -> &GameConfig {
        &self.config
    }

    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    // ----- what the fronts and the renderer read -----

    pub fn board(&self) -> &super::board::Board {
        &self.st.board
    }

    pub fn features(&self) -> &Features {
        &self.st.features
    }

    pub fn figures(&self) -> &[Figure] {
        &self.st.figures
    }

    pub fn players(&self) -> &[PlayerState] {
        &self.st.players
    }

    pub fn player_count(&self) -> u8 {
        self.st.players.len() as u8
    }

    pub fn scores(&self) -> Vec<u32> {
        self.st.players.iter().map(|p| p.score).collect()
    }

    /// Whose turn it is (the last mover once the game is over).
    pub fn current_player(&self) -> Player {
        self.st.turn.player
    }

    /// The tile drawn and waiting to be placed.
    pub fn drawn_tile(&self) -> Option<KindId> {
        match self.st.phase {
            Phase::Tile { tile } => Some(tile),
            _ => None,
        }
    }

    /// The mage and the witch where they stand.
    pub fn neutral_figures(&self) -> &[NeutralFigure] {
        &self.st.neutral
    }

    /// The tile placed in the current step of the turn, or the last one placed.
    pub fn last_placed(&self) -> Option<TileIdx> {
        let n = self.st.board.len();
        (n > 1).then(|| (n - 1) as TileIdx)
    }

    /// Tiles left to draw (not counting the drawn one).
    pub fn tiles_left(&self) -> usize {
        self.st.stack.len()
    }

    pub fn set_aside(&self) -> &[KindId] {
        &self.st.set_aside
    }

    pub fn phase(&self) -> Phase {
        self.st.phase
    }

    /// How far the current turn has come once its tile is down.
    pub fn stage(&self) -> Stage {
        self.st.turn.stage
    }

    pub fn is_over(&self) -> bool {
        self.st.phase == Phase::Over
    }

    /// Root id of the feature through a segment (equal roots: same feature).
    pub fn feature_root(&self, tile: TileIdx, seg: u8) -> u32 {
        self.st.root(tile, seg)
    }

    /// Whether the road, city or cloister through a segment is complete.
    pub fn is_complete(&self, tile: TileIdx, seg: u8) -> bool {
        self.st.is_complete(tile, seg)
    }

    /// Replaces what no player can know, the order of the undrawn tiles and the future
    /// of the random generator, with a guess drawn from `seed`; everything a player sees
    /// (board, figures, scores, the drawn tile, which tiles remain) stays. A computer
    /// player searches such copies so that it never reads hidden information. The copy
    /// no longer matches its log: it is for search, never to be stored.
    pub fn redeal_unseen(&mut self, seed: u64) {
        let mut rng = Rng::new(seed);
        // From a canonical order, so that the guess cannot depend on the real order.
        self.st.stack.sort_unstable();
        rng.shuffle(&mut self.st.stack);
        self.st.rng = Rng::new(rng.next_u64());
    }
}
