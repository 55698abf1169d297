//! The stored form of a channel's game, with a schema version.
//!
//! A game is stored as its configuration and action log (the engines rebuild the state
//! by replaying), plus a small snapshot that lets listings skip the replay and lets the
//! loader check that the replay agrees with what was saved.

use crate::ai::Level;
use crate::cards::CardGame;
use crate::engine::{Expansion, Game, RuleOptions};
use crate::i18n::{Lang, UserText};
use crate::player::Player;
use serde::{Deserialize, Serialize};

/// Bump when the meaning of a stored field changes; `decode` refuses other versions.
pub const SCHEMA_VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    pub user: u64,
    /// The display name: escaped in texts, raw on pictures ([`UserText`]).
    pub name: UserText,
    /// A computer player's level; absent (and not stored) for people, so records
    /// written before computer seats existed read unchanged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ai: Option<Level>,
}

/// Computer seats get user ids with the top bit set: neither Discord snowflakes nor the
/// local mode's ids (both below 2^63) ever have it, so they never meet a person's.
pub const AI_USER_FLAG: u64 = 1 << 63;

/// Whether a user id is a computer seat's.
pub fn is_ai_user(user: u64) -> bool {
    user & AI_USER_FLAG != 0
}

impl Seat {
    pub fn human(user: u64, name: impl Into<UserText>) -> Seat {
        Seat {
            user,
            name: name.into(),
            ai: None,
        }
    }

    /// A computer seat: `n` makes its user id distinct within the game.
    pub fn computer(n: u64, name: impl Into<UserText>, level: Level) -> Seat {
        Seat {
            user: AI_USER_FLAG | n,
            name: name.into(),
            ai: Some(level),
        }
    }
}

/// What the creator chose in /new.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub game: GameType,
    pub expansions: Vec<Expansion>,
    pub rules: RuleOptions,
    pub max_players: u8,
    /// The language of the game's public messages and pictures; stored only when not
    /// English, so records written before languages existed keep their bytes.
    #[serde(default, skip_serializing_if = "Lang::is_english")]
    pub language: Lang,
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
    /// The record's revision when asked: names this request on its buttons, so that
    /// a refused request's buttons never answer a later one (0 in older records).
    #[serde(default)]
    pub asked_in: u64,
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
    /// Store-wide, rising with every save: which of two versions of a record is newer.
    #[serde(default)]
    pub revision: u64,
    /// How many times the game's page links were revoked (`/board revoke:True`): the
    /// spectator token is derived from it, so each revocation gives a new link and the
    /// old ones open nothing. Not written while 0 (older records read as 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub links_revoked: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A stored record's revision without decoding the rest (0 when it has none).
pub fn revision_of(bytes: &[u8]) -> u64 {
    #[derive(Deserialize)]
    struct Revision {
        #[serde(default)]
        revision: u64,
    }
    serde_json::from_slice::<Revision>(bytes).map_or(0, |r| r.revision)
}

impl ChannelRecord {
    /// Display names by seat, raw: for pictures and menus' plain-text labels, never
    /// for a message's text ([`ChannelRecord::seat_list`]).
    pub fn raw_seat_names(&self) -> Vec<String> {
        self.seats
            .iter()
            .map(|s| s.name.raw().to_string())
            .collect()
    }

    /// Display names by seat, escaped for a message's text.
    pub fn markdown_seat_names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.name.markdown()).collect()
    }

    /// The seats' names for a message's text: escaped, joined by `sep`.
    pub fn seat_list(&self, sep: &str) -> String {
        self.seats
            .iter()
            .map(|s| s.name.markdown())
            .collect::<Vec<_>>()
            .join(sep)
    }

    pub fn seat_name(&self, seat: Player) -> &UserText {
        static UNKNOWN: std::sync::OnceLock<UserText> = std::sync::OnceLock::new();
        self.seats
            .get(seat.index())
            .map_or_else(|| UNKNOWN.get_or_init(|| UserText::new("?")), |s| &s.name)
    }

    pub fn seat_user(&self, seat: Player) -> u64 {
        self.seats.get(seat.index()).map_or(0, |s| s.user)
    }

    /// The level of a computer seat; `None` for a person.
    pub fn seat_ai(&self, seat: Player) -> Option<Level> {
        self.seats.get(seat.index()).and_then(|s| s.ai)
    }

    /// The user to ping for a seat: `None` for a computer seat.
    pub fn seat_human(&self, seat: Player) -> Option<u64> {
        self.seats
            .get(seat.index())
            .filter(|s| s.ai.is_none())
            .map(|s| s.user)
    }

    /// How texts name a seat: a mention for a person, the name in bold for a computer.
    pub fn seat_mention(&self, seat: Player) -> String {
        match self.seats.get(seat.index()) {
            Some(s) if s.ai.is_some() => format!("**{}**", s.name),
            Some(s) => format!("<@{}>", s.user),
            None => "?".to_string(),
        }
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
        r.validate()?;
        Ok(r)
    }

    /// The checks a record must pass beyond decoding and replaying, so that no command
    /// can index out of range or wait forever on stored data: every seat is a distinct
    /// user, a running game has exactly one seat per player and is the game the setup
    /// names, and a pending undo request points inside the log and names players.
    pub fn validate(&self) -> Result<(), String> {
        if self.seats.is_empty() {
            return Err("the game has no seats".into());
        }
        for (i, seat) in self.seats.iter().enumerate() {
            if seat.user == 0 {
                return Err(format!("seat {i} has no user"));
            }
            if self.seats[..i].iter().any(|s| s.user == seat.user) {
                return Err(format!("user {} holds two seats", seat.user));
            }
            if seat.ai.is_some() != is_ai_user(seat.user) {
                return Err(format!("seat {i}'s user does not match its computer level"));
            }
        }
        let (players, log_len) = match &self.game {
            RecordGame::Lobby => {
                if self.seats.len() > self.setup.max_players as usize {
                    return Err(format!(
                        "{} seats in a lobby for {} players",
                        self.seats.len(),
                        self.setup.max_players
                    ));
                }
                if self.undo.is_some() {
                    return Err("an undo request in a game that has not started".into());
                }
                return Ok(());
            }
            RecordGame::Board { game } => {
                if self.setup.game != GameType::Board {
                    return Err("a board game in a channel set up for the card game".into());
                }
                (game.config().players as usize, game.log().len())
            }
            RecordGame::Cards { game } => {
                if self.setup.game != GameType::Cards {
                    return Err("a card game in a channel set up for the board game".into());
                }
                (game.players() as usize, game.log().len())
            }
        };
        if self.seats.len() != players {
            return Err(format!(
                "{} seats for a game of {players} players",
                self.seats.len()
            ));
        }
        if let Some(u) = &self.undo {
            if u.to_len >= u.at_len || u.at_len > log_len {
                return Err(format!(
                    "the undo request (back to move {} of {}) is outside the log of {log_len} moves",
                    u.to_len, u.at_len
                ));
            }
            let seated = |user: &u64| self.seats.iter().any(|s| s.user == *user);
            if !seated(&u.by) || !u.agreed.iter().all(seated) {
                return Err("the undo request names someone who does not play".into());
            }
        }
        Ok(())
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
    pub winners: Vec<Player>,
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
