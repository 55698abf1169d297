//! The stored form of a channel's game, with a schema version.
//!
//! A game is stored as its configuration and action log (the engines rebuild the state
//! by replaying), plus a small snapshot that lets listings skip the replay and lets the
//! loader check that the replay agrees with what was saved.

use crate::cards::CardGame;
use crate::engine::{Expansion, Game, RuleOptions};
use serde::{Deserialize, Serialize};

/// Bump when the meaning of a stored field changes; `decode` refuses other versions.
pub const SCHEMA_VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    pub user: u64,
    pub name: String,
}

/// What the creator chose in /new.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub game: GameType,
    pub expansions: Vec<Expansion>,
    pub rules: RuleOptions,
    pub max_players: u8,
}

/// Which game a channel plays: Carcassonne or the card game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameType {
    Board,
    Cards,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "lowercase")]
pub enum RecordGame {
    /// Players are joining.
    Lobby,
    Board {
        game: Game,
    },
    Cards {
        game: CardGame,
    },
}

/// A request to take back moves, waiting for the other players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UndoRequest {
    pub by: u64,
    /// The log is cut back to this length when everyone agrees.
    pub to_len: usize,
    /// The log length when asked: any move since cancels the request.
    pub at_len: usize,
    pub agreed: Vec<u64>,
}

/// What listings and the consistency check need without a replay.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    pub moves: usize,
    pub scores: Vec<u32>,
    pub over: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChannelRecord {
    pub schema: u32,
    pub guild: Option<u64>,
    pub creator: u64,
    pub created_at: u64,
    pub updated_at: u64,
    pub setup: Setup,
    /// In joining order in the lobby, then in seat order.
    pub seats: Vec<Seat>,
    pub game: RecordGame,
    #[serde(default)]
    pub undo: Option<UndoRequest>,
    #[serde(default)]
    pub snapshot: Snapshot,
    /// Reminder and turn-limit options, and who is awaited since when.
    #[serde(default)]
    pub timers: super::TurnTimers,
}

impl ChannelRecord {
    /// Display names by seat.
    pub fn seat_names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.name.clone()).collect()
    }

    pub fn seat_name(&self, seat: u8) -> &str {
        self.seats
            .get(seat as usize)
            .map_or("?", |s| s.name.as_str())
    }

    pub fn seat_user(&self, seat: u8) -> u64 {
        self.seats.get(seat as usize).map_or(0, |s| s.user)
    }

    pub fn encode(&self) -> Vec<u8> {
        serde_json::to_vec(self).expect("records serialise")
    }

    /// Decodes and replays; any failure is a reason to quarantine.
    pub fn decode(bytes: &[u8]) -> Result<ChannelRecord, String> {
        #[derive(Deserialize)]
        struct Version {
            schema: u32,
        }
        let v: Version =
            serde_json::from_slice(bytes).map_err(|e| format!("not a game record: {e}"))?;
        if v.schema != SCHEMA_VERSION {
            return Err(format!(
                "schema version {} is not {SCHEMA_VERSION}",
                v.schema
            ));
        }
        let r: ChannelRecord =
            serde_json::from_slice(bytes).map_err(|e| format!("the game does not replay: {e}"))?;
        let now = r.fresh_snapshot();
        if now != r.snapshot {
            return Err(format!(
                "the replayed game differs from the saved snapshot ({now:?} vs {:?})",
                r.snapshot
            ));
        }
        Ok(r)
    }

    /// The snapshot of the current game.
    pub fn fresh_snapshot(&self) -> Snapshot {
        match &self.game {
            RecordGame::Lobby => Snapshot::default(),
            RecordGame::Board { game } => Snapshot {
                moves: game.log().len(),
                scores: game.scores(),
                over: game.is_over(),
            },
            RecordGame::Cards { game } => Snapshot {
                moves: game.log().len(),
                scores: game.scores(),
                over: game.is_finished(),
            },
        }
    }
}

/// A finished or aborted game, kept for statistics.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HistoryEntry {
    pub schema: u32,
    pub guild: Option<u64>,
    pub game: GameType,
    pub expansions: Vec<Expansion>,
    pub seats: Vec<Seat>,
    pub scores: Vec<u32>,
    /// Seats that won (empty when aborted).
    pub winners: Vec<u8>,
    pub aborted: bool,
    pub created_at: u64,
    pub finished_at: u64,
    pub moves: usize,
}

impl HistoryEntry {
    pub fn encode(&self) -> Vec<u8> {
        serde_json::to_vec(self).expect("history serialises")
    }

    pub fn decode(bytes: &[u8]) -> Result<HistoryEntry, String> {
        serde_json::from_slice(bytes).map_err(|e| e.to_string())
    }
}
