//! What players decide (actions), what the game asks for (pending decisions), what
//! happens (events) and why an action is refused (rule errors).

use super::board::{Placement, TileIdx};
use super::expansions::crop_circles::CropOption;
use super::expansions::messages::{MarkerPreference, MessageTake};
use super::figures::{FigureKind, NeutralKind};
use super::geometry::{Pos, Rotation, Side};
use super::tile::{CropCircle, Good, KindId, SegmentKind};
use crate::engine::expansions::flying_machines::FlyAction;
use crate::player::Player;
use serde::{Deserialize, Serialize};

/// Writes [`Action`] and [`Decision`]: the base game's variants here, then each
/// expansion's, from its line of the list in `expansions!` (which hands them over
/// through `expansion_variants!`). An expansion's variant wraps a type of its module; in
/// an internally tagged enum its JSON is the type's fields after the tag, as the struct
/// variant it replaced, so logs read the same.
macro_rules! enums {
    (
        actions [$($action:ident($action_ty:ty)),* $(,)?]
        decisions [$($decision:ident($decision_ty:ty)),* $(,)?]
    ) => {
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
            /// Leave the game (any player, at any time): the player's figures leave the
            /// board, their score stays, and their turns are skipped. When one player is
            /// left the game ends with final scoring. Not a rule of the rulebooks:
            /// asynchronous play needs it.
            Resign,
            $(
                $action($action_ty),
            )*
        }

        $(
            impl From<$action_ty> for Action {
                fn from(action: $action_ty) -> Action {
                    Action::$action(action)
                }
            }
        )*

        /// What the game asks a player to decide, with every legal option.
        #[derive(Clone, Debug, PartialEq, Eq, Serialize)]
        #[serde(tag = "kind", rename_all = "snake_case")]
        pub enum Decision {
            /// Place the drawn tile at one of these placements.
            PlaceTile {
                tile: KindId,
                placements: Vec<Placement>,
            },
            /// Place one of these figures on the tile just placed, or pass; or (Flying
            /// Machines) put one of the `fly` kinds on the tile's flying machine.
            PlaceFigure {
                tile: TileIdx,
                at: Pos,
                options: Vec<FigureOption>,
                #[serde(skip_serializing_if = "Vec::is_empty")]
                fly: Vec<FigureKind>,
            },
            $($decision($decision_ty),)*
        }

        $(
            impl From<$decision_ty> for Decision {
                fn from(decision: $decision_ty) -> Decision {
                    Decision::$decision(decision)
                }
            }
        )*

        impl Decision {
            /// The expansion's decision, for those that are one.
            fn expansion(&self) -> Option<&dyn ExpansionDecision> {
                match self {
                    Decision::PlaceTile { .. } | Decision::PlaceFigure { .. } => None,
                    $(Decision::$decision(d) => Some(d),)*
                }
            }
        }
    };
}
pub(crate) use enums;

super::expansions::expansion_variants!();

/// An accepted action, as kept in the game's log.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LogEntry {
    pub player: Player,
    #[serde(flatten)]
    pub action: Action,
}

/// A figure that may be placed now: kind and segment of the tile just placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct FigureOption {
    pub kind: FigureKind,
    pub segment: u8,
}

/// The decision the game is waiting for, and the player asked (not always the one
/// whose turn it is).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Pending {
    pub player: Player,
    pub decision: Decision,
}

impl Pending {
    /// Every legal action of this decision (resigning aside), in a fixed order.
    pub fn actions(&self) -> Vec<Action> {
        self.decision.actions()
    }
}

impl Decision {
    /// Every legal action of this decision, in a fixed order.
    pub fn actions(&self) -> Vec<Action> {
        match self {
            Decision::PlaceTile { placements, .. } => placements
                .iter()
                .flat_map(|p| {
                    p.rotations.iter().map(|r| Action::PlaceTile {
                        at: p.at,
                        rotation: *r,
                    })
                })
                .collect(),
            Decision::PlaceFigure { options, fly, .. } => std::iter::once(Action::Pass)
                .chain(options.iter().map(|o| Action::PlaceFigure {
                    figure: o.kind,
                    segment: o.segment,
                }))
                .chain(fly.iter().map(|f| Action::Fly(FlyAction { figure: *f })))
                .collect(),
            // Every other variant is an expansion's.
            other => other.expansion().map_or_else(Vec::new, |d| d.actions()),
        }
    }
}

/// An expansion's decision: a type of its module, wrapped by a variant of [`Decision`].
pub(crate) trait ExpansionDecision {
    /// Every legal action of the decision, in a fixed order.
    fn actions(&self) -> Vec<Action>;
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
    /// Gold bars at the end (Gold Mines).
    Gold,
    /// Half of another player's points, taken by a robber (Robbers).
    Robber,
    /// Messages: a message's action or its 2 points (message number).
    Message(u8),
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
            ScoreReason::Gold => "gold bars".into(),
            ScoreReason::Robber => "robber".into(),
            ScoreReason::Message(n) => format!("message {n}"),
        }
    }

    pub fn category(self) -> Category {
        match self {
            ScoreReason::RoadCompleted | ScoreReason::Road => Category::Roads,
            ScoreReason::CityCompleted | ScoreReason::City => Category::Cities,
            ScoreReason::CloisterCompleted | ScoreReason::Cloister => Category::Cloisters,
            ScoreReason::Farm => Category::Farms,
            // Goods, gold, robbers: the points beside the features.
            ScoreReason::Goods(_)
            | ScoreReason::Gold
            | ScoreReason::Robber
            | ScoreReason::Message(_) => Category::Goods,
        }
    }

    pub fn is_final(self) -> bool {
        !matches!(
            self,
            ScoreReason::RoadCompleted
                | ScoreReason::CityCompleted
                | ScoreReason::CloisterCompleted
                | ScoreReason::Message(_)
        )
    }
}

/// Something that happened, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    TileDrawn {
        player: Player,
        tile: KindId,
    },
    /// The drawn tile fits nowhere; it leaves the game and another is drawn.
    TileSetAside {
        player: Player,
        tile: KindId,
    },
    TilePlaced {
        player: Player,
        tile: KindId,
        at: Pos,
        rotation: Rotation,
    },
    FigurePlaced {
        player: Player,
        figure: FigureKind,
        at: Pos,
        segment: u8,
    },
    Passed {
        player: Player,
    },
    FeatureCompleted {
        feature: SegmentKind,
        at: Pos,
        segment: u8,
        tiles: u32,
    },
    Scored {
        player: Player,
        points: u32,
        reason: ScoreReason,
        /// A tile of the scored feature (none for goods).
        at: Option<Pos>,
        /// Messages: the scoring marker that moved.
        #[serde(skip_serializing_if = "Option::is_none")]
        marker: Option<u8>,
    },
    FigureReturned {
        player: Player,
        figure: FigureKind,
        at: Pos,
    },
    /// Traders & Builders: the completer of a city takes its goods.
    GoodsTaken {
        player: Player,
        goods: [u32; 3],
    },
    /// Traders & Builders: the builder gives this player another tile this turn.
    ExtraTile {
        player: Player,
    },
    /// Mage & Witch: a magic figure was put on the board or moved.
    MagicMoved {
        player: Player,
        figure: NeutralKind,
        at: Pos,
        segment: u8,
    },
    /// Mage & Witch: a magic figure left the board (taken off by a player, or its
    /// feature was completed).
    MagicRemoved {
        figure: NeutralKind,
        at: Pos,
    },
    /// Gold Mines: a bar was put on the tile at `at`, which now holds `bars`.
    GoldPlaced {
        player: Player,
        at: Pos,
        bars: u32,
    },
    /// Gold Mines: a player took bars from a completed feature.
    GoldTaken {
        player: Player,
        bars: u32,
    },
    /// Flying Machines: a figure boarded the flying machine and the die showed `roll`;
    /// `to` is the landing tile's position.
    Flew {
        player: Player,
        figure: FigureKind,
        roll: u8,
        to: Pos,
    },
    /// Flying Machines: the flown figure found nowhere to land and went back.
    FlightFailed {
        player: Player,
        figure: FigureKind,
    },
    /// Gold Mines: bars still on the board at the end are lost.
    GoldLost {
        bars: u32,
    },
    /// Robbers: a robber was put (or `moved`) beside marker `marker` of `beside`.
    RobberPlaced {
        player: Player,
        beside: Player,
        marker: u8,
        moved: bool,
    },
    /// Robbers: the player asked placed no robber (by choice or when time ran out).
    RobberDeclined {
        player: Player,
    },
    /// Robbers: a robber took `points` from `from`'s scoring and went home.
    RobberStole {
        player: Player,
        from: Player,
        points: u32,
    },
    /// Robbers: a robber went home without stealing (its owner left the game).
    RobberReturned {
        player: Player,
    },
    Resigned {
        player: Player,
    },
    GameOver {
        scores: Vec<u32>,
    },
    /// Ferries: a new ferry on the lake at `at` joins the road ends on `ends`.
    FerryPlaced {
        player: Player,
        at: Pos,
        ends: [Side; 2],
    },
    /// Ferries: the ferry on the lake at `at` moved from `from` to `ends`.
    FerryMoved {
        player: Player,
        at: Pos,
        from: [Side; 2],
        ends: [Side; 2],
    },
    /// Crop Circles: the active player chose `option` for the followers `symbol` names.
    CropCircleChosen {
        player: Player,
        symbol: CropCircle,
        option: CropOption,
    },
    /// Ferries: the player moves no (more) ferries this turn.
    FerriesStay {
        player: Player,
    },
    /// Crop Circles ("add"): the player adds no follower.
    NothingAdded {
        player: Player,
    },
    /// Messages: the active player chose the marker this scoring moves.
    MarkerChosen {
        player: Player,
        marker: u8,
    },
    /// Messages: the active player's marker stopped on a multiple of 5: they took
    /// `message` from the pile.
    MessageDrawn {
        player: Player,
        message: u8,
    },
    /// Messages: the message was used (its action or its points) and went under the pile.
    MessageUsed {
        player: Player,
        message: u8,
        take: MessageTake,
    },
    /// Messages: the player's standing marker preference changed.
    MarkerPreferenceSet {
        player: Player,
        preference: MarkerPreference,
    },
}

/// Why an action was refused. The game is unchanged. Refusals are data (message keys of
/// `assets/locales/*/errors.ftl` and typed arguments), worded in a language by
/// `i18n::words::rule_error`. Its `Display` (the English wording) and `Error` impls live
/// there too, where words are made: the engine names no language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    GameOver,
    /// The stack ran out in a scripted game that does not end.
    NothingToDecide,
    NoSuchPlayer(Player),
    Resigned(Player),
    NotYourTurn {
        expected: Player,
    },
    /// The action answers another decision than the one pending: `expected` is the key
    /// (`err-expect-…`) of the decision pending.
    WrongDecision {
        expected: &'static str,
    },
    TileDoesNotFit {
        at: Pos,
        rotation: Rotation,
        /// The key (`err-tile-…`) of the reason.
        reason: &'static str,
    },
    NoSuchSegment {
        segment: u8,
        segments: u8,
    },
    NoFigureLeft(FigureKind),
    FigureNotAllowed {
        figure: FigureKind,
        reason: Refusal,
    },
    /// An expansion's decision refused, with what would be valid.
    Refused(Refusal),
}

/// A refusal as data: a message key (`err-…`) and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub key: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

impl Refusal {
    pub fn new(key: &'static str) -> Refusal {
        Refusal {
            key,
            args: Vec::new(),
        }
    }

    /// The refusal with one more argument.
    pub fn with(mut self, name: &'static str, arg: impl Into<Arg>) -> Refusal {
        self.args.push((name, arg.into()));
        self
    }
}

impl From<Refusal> for RuleError {
    fn from(r: Refusal) -> RuleError {
        RuleError::Refused(r)
    }
}

/// An argument of a refusal, worded in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    Num(i64),
    Pos(Pos),
    Figure(FigureKind),
    Neutral(NeutralKind),
    /// A segment by the tile's words (`TileKind::describe_segment`: "city north"),
    /// which are worded word by word.
    Segment(String),
    /// The same with its article ("the city north").
    TheSegment(String),
    /// Words of no language: side letters ("E+S").
    Plain(String),
    /// Another message, with its arguments.
    Msg(Refusal),
    /// Items joined into a list ("a, b, c").
    List(Vec<Arg>),
    /// Items joined by "or".
    Or(Vec<Arg>),
}

impl From<Pos> for Arg {
    fn from(p: Pos) -> Arg {
        Arg::Pos(p)
    }
}

impl From<FigureKind> for Arg {
    fn from(k: FigureKind) -> Arg {
        Arg::Figure(k)
    }
}

impl From<NeutralKind> for Arg {
    fn from(k: NeutralKind) -> Arg {
        Arg::Neutral(k)
    }
}

/// A seat is shown as its number, as before it was a type.
impl From<Player> for Arg {
    fn from(p: Player) -> Arg {
        Arg::Num(i64::from(p.as_u8()))
    }
}

impl From<Refusal> for Arg {
    fn from(r: Refusal) -> Arg {
        Arg::Msg(r)
    }
}

impl Arg {
    /// A message without arguments (a word: `word-…`).
    pub fn key(key: &'static str) -> Arg {
        Arg::Msg(Refusal::new(key))
    }
}

macro_rules! num_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Num(n as i64)
            }
        }
    )*};
}
num_arg!(u8, u32, usize, i32);

#[cfg(test)]
mod json_tests;
