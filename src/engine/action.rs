//! What players decide (actions), what the game asks for (pending decisions), what
//! happens (events) and why an action is refused (rule errors).

use super::board::{Placement, TileIdx};
use super::figures::{FigureKind, NeutralKind};
use super::geometry::{Pos, Rotation};
use super::tile::{Good, KindId, SegmentKind};
use crate::player::Player;
use serde::{Deserialize, Serialize};

/// Writes [`Action`], [`Decision`] and [`Event`]: the base game's variants here, then
/// each expansion's, from its line of the list in `expansions!` (which hands them over
/// through `expansion_variants!`). An expansion's variant wraps a type of its module; in
/// an internally tagged enum its JSON is the type's fields after the tag, as the struct
/// variant it replaced, so logs read the same.
macro_rules! enums {
    (
        actions [$($action:ident($action_ty:ty)),* $(,)?]
        decisions [$($decision:ident($decision_ty:ty)),* $(,)?]
        events [$($event:ident($event_ty:ty)),* $(,)?]
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
            /// Place one of these figures on the tile just placed, or pass; or take one of
            /// the expansions' `extra` actions of this step (Flying Machines: a flight).
            /// The JSON key is `fly`, as before they came through hooks.
            PlaceFigure {
                tile: TileIdx,
                at: Pos,
                options: Vec<FigureOption>,
                #[serde(rename = "fly", skip_serializing_if = "Vec::is_empty")]
                extra: Vec<FigureStepAction>,
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
            /// An expansion (a builder, a message) gives this player another tile this turn.
            ExtraTile {
                player: Player,
            },
            Resigned {
                player: Player,
            },
            GameOver {
                scores: Vec<u32>,
            },
            $($event($event_ty),)*
        }

        $(
            impl From<$event_ty> for Event {
                fn from(event: $event_ty) -> Event {
                    Event::$event(event)
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

/// One of an expansion's own actions of the figure step (Flying Machines: a flight),
/// offered beside the ordinary figure options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FigureStepAction {
    pub action: Action,
    /// What the decision's JSON shows instead of the action: a flight's kind, as
    /// recorded when the step listed the kinds that may fly (the engine fingerprint
    /// hashes it).
    pub recorded: Option<FigureKind>,
}

impl Serialize for FigureStepAction {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.recorded {
            Some(figure) => figure.serialize(s),
            None => self.action.serialize(s),
        }
    }
}

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
            Decision::PlaceFigure { options, extra, .. } => std::iter::once(Action::Pass)
                .chain(options.iter().map(|o| Action::PlaceFigure {
                    figure: o.kind,
                    segment: o.segment,
                }))
                .chain(extra.iter().map(|x| x.action.clone()))
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
    /// Most goods of a kind (Traders & Builders).
    Goods,
    Gold,
    /// Points a robber took.
    Robbers,
    Messages,
}

impl Category {
    pub const ALL: [Category; 8] = [
        Category::Roads,
        Category::Cities,
        Category::Cloisters,
        Category::Farms,
        Category::Goods,
        Category::Gold,
        Category::Robbers,
        Category::Messages,
    ];
    pub const COUNT: usize = 8;

    pub fn word(self) -> &'static str {
        match self {
            Category::Roads => "roads",
            Category::Cities => "cities",
            Category::Cloisters => "cloisters",
            Category::Farms => "farms",
            Category::Goods => "goods",
            Category::Gold => "gold",
            Category::Robbers => "robbers",
            Category::Messages => "messages",
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
            // Each the points of its own expansion, named by where they came from.
            ScoreReason::Goods(_) => Category::Goods,
            ScoreReason::Gold => Category::Gold,
            ScoreReason::Robber => Category::Robbers,
            ScoreReason::Message(_) => Category::Messages,
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
