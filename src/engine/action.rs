//! What players decide (actions), what the game asks for (pending decisions), what
//! happens (events) and why an action is refused (rule errors).

use super::board::{Placement, TileIdx};
use super::figures::FigureKind;
use super::geometry::{Pos, Rotation};
use super::tile::{Good, KindId, SegmentKind};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One decision of one player.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum Action {
    /// Put the drawn tile at `at`, turned clockwise by `rotation`.
    PlaceTile { at: Pos, rotation: Rotation },
    /// Put a figure from the supply on segment `segment` of the tile just placed.
    PlaceFigure { figure: FigureKind, segment: u8 },
    /// Place no figure.
    Pass,
    /// Leave the game (any player, at any time): the player's figures leave the board,
    /// their score stays, and their turns are skipped. When one player is left the game
    /// ends with final scoring. Not a rule of the rulebooks: asynchronous play needs it.
    Resign,
}

/// An accepted action, as kept in the game's log.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LogEntry {
    pub player: u8,
    #[serde(flatten)]
    pub action: Action,
}

/// A figure that may be placed now: kind and segment of the tile just placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct FigureOption {
    pub kind: FigureKind,
    pub segment: u8,
}

/// The decision the game is waiting for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Pending {
    pub player: u8,
    pub decision: Decision,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Decision {
    /// Place the drawn tile at one of these placements.
    PlaceTile {
        tile: KindId,
        placements: Vec<Placement>,
    },
    /// Place one of these figures on the tile just placed, or pass.
    PlaceFigure {
        tile: TileIdx,
        at: Pos,
        options: Vec<FigureOption>,
    },
}

/// Why points were scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ScoreReason {
    RoadCompleted,
    CityCompleted,
    CloisterCompleted,
    /// Final scoring of an incomplete road.
    Road,
    City,
    Cloister,
    Farm,
    /// Most goods of one kind at the end (Traders & Builders).
    Goods(Good),
}

/// Columns of the final score table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    Roads,
    Cities,
    Cloisters,
    Farms,
    Goods,
}

impl Category {
    pub const ALL: [Category; 5] = [
        Category::Roads,
        Category::Cities,
        Category::Cloisters,
        Category::Farms,
        Category::Goods,
    ];
    pub const COUNT: usize = 5;

    pub fn word(self) -> &'static str {
        match self {
            Category::Roads => "roads",
            Category::Cities => "cities",
            Category::Cloisters => "cloisters",
            Category::Farms => "farms",
            Category::Goods => "goods",
        }
    }
}

impl ScoreReason {
    pub fn text(self) -> String {
        match self {
            ScoreReason::RoadCompleted => "road completed".into(),
            ScoreReason::CityCompleted => "city completed".into(),
            ScoreReason::CloisterCompleted => "cloister completed".into(),
            ScoreReason::Road => "incomplete road".into(),
            ScoreReason::City => "incomplete city".into(),
            ScoreReason::Cloister => "incomplete cloister".into(),
            ScoreReason::Farm => "farm".into(),
            ScoreReason::Goods(g) => format!("most {}", g.word()),
        }
    }

    pub fn category(self) -> Category {
        match self {
            ScoreReason::RoadCompleted | ScoreReason::Road => Category::Roads,
            ScoreReason::CityCompleted | ScoreReason::City => Category::Cities,
            ScoreReason::CloisterCompleted | ScoreReason::Cloister => Category::Cloisters,
            ScoreReason::Farm => Category::Farms,
            ScoreReason::Goods(_) => Category::Goods,
        }
    }

    pub fn is_final(self) -> bool {
        !matches!(
            self,
            ScoreReason::RoadCompleted
                | ScoreReason::CityCompleted
                | ScoreReason::CloisterCompleted
        )
    }
}

/// Something that happened, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    TileDrawn {
        player: u8,
        tile: KindId,
    },
    /// The drawn tile fits nowhere; it leaves the game and another is drawn.
    TileSetAside {
        player: u8,
        tile: KindId,
    },
    TilePlaced {
        player: u8,
        tile: KindId,
        at: Pos,
        rotation: Rotation,
    },
    FigurePlaced {
        player: u8,
        figure: FigureKind,
        at: Pos,
        segment: u8,
    },
    Passed {
        player: u8,
    },
    FeatureCompleted {
        feature: SegmentKind,
        at: Pos,
        segment: u8,
        tiles: u32,
    },
    Scored {
        player: u8,
        points: u32,
        reason: ScoreReason,
        /// A tile of the scored feature (none for goods).
        at: Option<Pos>,
    },
    FigureReturned {
        player: u8,
        figure: FigureKind,
        at: Pos,
    },
    /// Traders & Builders: the completer of a city takes its goods.
    GoodsTaken {
        player: u8,
        goods: [u32; 3],
    },
    /// Traders & Builders: the builder gives this player another tile this turn.
    ExtraTile {
        player: u8,
    },
    Resigned {
        player: u8,
    },
    GameOver {
        scores: Vec<u32>,
    },
}

/// Why an action was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    GameOver,
    /// The stack ran out in a scripted game that does not end.
    NothingToDecide,
    NoSuchPlayer(u8),
    Resigned(u8),
    NotYourTurn {
        expected: u8,
    },
    /// The action answers another decision than the one pending.
    WrongDecision {
        expected: &'static str,
    },
    TileDoesNotFit {
        at: Pos,
        rotation: Rotation,
        reason: &'static str,
    },
    NoSuchSegment {
        segment: u8,
        segments: u8,
    },
    NoFigureLeft(FigureKind),
    FigureNotAllowed {
        figure: FigureKind,
        reason: String,
    },
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::GameOver => write!(f, "the game is over"),
            RuleError::NothingToDecide => write!(f, "there are no more tiles to play"),
            RuleError::NoSuchPlayer(p) => write!(f, "there is no player {p} in this game"),
            RuleError::Resigned(p) => write!(f, "player {p} has left this game"),
            RuleError::NotYourTurn { expected } => {
                write!(f, "it is not your turn (player {expected} is to move)")
            }
            RuleError::WrongDecision { expected } => {
                write!(f, "the game is waiting for {expected}")
            }
            RuleError::TileDoesNotFit {
                at,
                rotation,
                reason,
            } => {
                write!(f, "the tile cannot go at {at} turned {rotation}: {reason}")
            }
            RuleError::NoSuchSegment { segment, segments } => {
                write!(f, "the tile has no segment {segment} (it has {segments})")
            }
            RuleError::NoFigureLeft(k) => write!(f, "you have no {} left", k.word()),
            RuleError::FigureNotAllowed { figure, reason } => {
                write!(f, "a {} cannot go there: {reason}", figure.word())
            }
        }
    }
}

impl std::error::Error for RuleError {}
