//! Expansions as modules that hook into the steps of a turn.
//!
//! The core (tiles, followers, roads, cities, cloisters, farms) calls these hooks at
//! fixed points of the turn (`state::Stage`); an expansion overrides only the hooks it
//! needs, keeps its own per-game state in [`ExtState`], and asks players its own
//! decisions as a [`Step`], so the base game never names an expansion and each
//! expansion's rules live in one file.

pub mod crop_circles;
pub mod ferries;
pub mod flying_machines;
pub mod gold_mines;
mod inns_cathedrals;
mod labyrinth;
pub mod mage_witch;
pub mod messages;
pub mod robbers;
pub mod traders_builders;

use super::action::CropOption;
use super::action::{Action, Decision, Event, FigureOption, RuleError, ScoreReason};
use super::board::TileIdx;
use super::config::{Expansion, ExpansionSet, GameConfig};
use super::features::{FeatureData, SegId};
use super::figures::{FigureKind, Supply};
use super::geometry::Pos;
use super::scoring::Tally;
use super::state::{Stage, State};
use super::tile::CropCircle;
use super::tile::SegmentKind;
use serde::Serialize;

pub(crate) trait Module: Sync {
    fn expansion(&self) -> Expansion;

    /// Whether a game with these expansions uses the module.
    fn in_play(&self, set: ExpansionSet) -> bool {
        set.has(self.expansion())
    }

    /// Adds this expansion's figures to a player's starting supply.
    fn init_supply(&self, _supply: &mut Supply) {}

    /// Sets up this expansion's per-game state.
    fn init_state(&self, _st: &mut State) {}

    /// Sets up what the configuration may script (after every `init_state`); the
    /// error says what in the configuration cannot start a game.
    fn setup(&self, _cfg: &GameConfig, _st: &mut State) -> Result<(), String> {
        Ok(())
    }

    /// Adds figure options for the tile just placed. `spots` are the segments where a
    /// follower may stand (whatever the supply); `out` already holds the ordinary
    /// follower options.
    fn figure_options(
        &self,
        _st: &State,
        _player: u8,
        _tile: TileIdx,
        _spots: &[u8],
        _out: &mut Vec<FigureOption>,
    ) {
    }

    /// Runs after the tile is placed and before anything is asked.
    fn after_tile_placed(&self, _st: &mut State, _tile: TileIdx, _events: &mut Vec<Event>) {}

    /// A decision this expansion still needs before the turn leaves `stage` (asked
    /// again after each answer until it returns `None`).
    fn pending_step(&self, _st: &State, _stage: Stage) -> Option<Step> {
        None
    }

    /// Changes what the road, city or cloister `root` is worth.
    fn adjust_tally(
        &self,
        _st: &State,
        _root: SegId,
        _feature: &FeatureData,
        _complete: bool,
        _t: &mut Tally,
    ) {
    }

    /// Adds features completed this turn away from the placed tile (a ferry that moved),
    /// as (tile, segment), after those the placed tile completed.
    fn completed_elsewhere(&self, _st: &State, _out: &mut Vec<(TileIdx, u8)>) {}

    /// Runs when a road, city or cloister is completed, after its points are scored and
    /// before its figures go back. `winners` had the majority on it.
    fn on_completed(&self, _st: &mut State, _root: SegId, _winners: &[u8], _ev: &mut Vec<Event>) {}

    /// Runs after figures have gone back to their owners.
    fn after_figures_returned(&self, _st: &mut State, _events: &mut Vec<Event>) {}

    /// Runs once the turn's scoring queue is empty (gold is handed out here).
    fn after_scoring(&self, _st: &mut State, _events: &mut Vec<Event>) {}

    /// Whether the player who ends a turn plays another tile at once; the module
    /// remembers that the next tile is an extra one.
    fn extra_tile(&self, _st: &mut State) -> bool {
        false
    }

    /// Whether the tile being played is an extra tile of this expansion.
    fn is_extra_tile(&self, _st: &State) -> bool {
        false
    }

    /// The active player resigned in the middle of a turn: settle what they still
    /// owed so that the turn can go on without them.
    fn abandon(&self, _st: &mut State, _events: &mut Vec<Event>) {}

    /// What one completed city is worth to `player`, an owner of farm `farm`.
    fn farm_city_value(&self, _st: &State, _player: u8, _farm: SegId, _value: &mut u32) {}

    /// Extra final scoring, after farms.
    fn final_scoring(&self, _st: &mut State, _events: &mut Vec<Event>) {}

    /// Runs when the game ends, before final scoring.
    fn before_final_scoring(&self, _st: &mut State) {}

    /// The marker that the points `player` scores now move, when this expansion gives
    /// players more than one; it may remember the choice for the rest of the scoring.
    fn scoring_marker(&self, _st: &mut State, _player: u8, _points: u32) -> Option<u8> {
        None
    }

    /// Runs after `player`'s marker `marker` moved by points of `reason` whose largest
    /// single advance is `largest` (the event is out).
    fn on_points(
        &self,
        _st: &mut State,
        _player: u8,
        _marker: u8,
        _largest: u32,
        _reason: ScoreReason,
        _at: Option<Pos>,
    ) {
    }

    /// Runs when a scoring moment ends: a tile's scoring (with its ferry moves), a
    /// message's, final scoring.
    fn end_of_moment(&self, _st: &mut State, _events: &mut Vec<Event>) {}

    /// The figure kinds `player` may fly from `tile`, the tile just placed (`None`: no
    /// flight starts there).
    fn fly_options(&self, _st: &State, _player: u8, _tile: TileIdx) -> Option<Vec<FigureKind>> {
        None
    }

    /// Flies `figure` from `tile` (checked: one of [`Module::fly_options`]).
    fn fly(
        &self,
        _cfg: &GameConfig,
        _st: &mut State,
        _player: u8,
        _tile: TileIdx,
        _figure: FigureKind,
        _events: &mut Vec<Event>,
    ) {
    }
}

static MODULES: &[&dyn Module] = &[
    &inns_cathedrals::InnsCathedrals,
    &traders_builders::TradersBuilders,
    &gold_mines::GoldMines,
    &mage_witch::MageWitch,
    &flying_machines::FlyingMachines,
    &labyrinth::Labyrinth,
    &ferries::Ferries,
    &messages::Messages,
    &crop_circles::CropCircles,
    &robbers::Robbers,
];

/// The modules a game uses, in a fixed order.
pub(crate) fn modules(cfg: &GameConfig) -> impl Iterator<Item = &'static dyn Module> + '_ {
    modules_in(cfg.expansion_set())
}

/// The modules of a game with these expansions, in the same order.
pub(crate) fn modules_in(set: ExpansionSet) -> impl Iterator<Item = &'static dyn Module> {
    MODULES.iter().copied().filter(move |m| m.in_play(set))
}

/// A scoring moment ends (see [`Module::end_of_moment`]).
pub(crate) fn end_of_moment(st: &mut State, events: &mut Vec<Event>) {
    for m in modules_in(st.expansions) {
        m.end_of_moment(st, events);
    }
}

/// Each expansion's state for the whole game (empty for those not in play).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExtState {
    pub traders: traders_builders::TradersState,
    pub gold: gold_mines::GoldState,
    pub magic: mage_witch::MagicState,
    pub flight: flying_machines::FlightState,
    pub ferries: ferries::FerryState,
    pub crop: crop_circles::CropState,
    pub robbers: robbers::RobberState,
    pub messages: messages::MessageState,
}

impl ExtState {
    /// Scoring markers per player: two with Messages, else one.
    pub fn markers(&self) -> u8 {
        if self.messages.in_play() { 2 } else { 1 }
    }

    /// The marker of `player` that the points being scored now move (see
    /// [`ExtState::markers`]).
    pub fn scoring_marker(&self, player: u8) -> u8 {
        if self.messages.in_play() {
            self.messages.marker_for(player)
        } else {
            0
        }
    }
}

/// A decision an expansion asks for in the middle of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    /// Mage & Witch: place, move or remove a magic figure; `forced` when the tile
    /// joined the mage's and the witch's features.
    Magic { player: u8, forced: bool },
    /// Gold Mines: the second bar on a tile around placed tile `tile`.
    Gold { player: u8, tile: TileIdx },
    /// Flying Machines: the flown `figure` lands on placed tile `tile` (the die showed
    /// `roll`).
    Land {
        player: u8,
        figure: FigureKind,
        tile: TileIdx,
        roll: u8,
    },
    /// Ferries: the new ferry on the lake of placed tile `tile`.
    Ferry { player: u8, tile: TileIdx },
    /// Ferries: the ferries that may move after the tile (or a pass).
    MoveFerry { player: u8 },
    /// Crop Circles: the active player chooses add or remove (crop circle on `tile`).
    CropCircle { player: u8, tile: TileIdx },
    /// Crop Circles: `player` adds a follower or takes one back.
    CropPick {
        player: u8,
        symbol: CropCircle,
        option: CropOption,
    },
    /// Robbers: put (or move) a robber beside another player's scoring marker, or pass;
    /// `active` for the active player's own decision (asked first, no deadline).
    Robber { player: u8, active: bool },
    /// Messages: the active player chooses which of their two markers this scoring moves.
    Marker { player: u8 },
    /// Messages: the active player uses the message they took (its action or 2 points).
    Message { player: u8 },
}

impl Step {
    /// The player asked.
    pub fn player(self) -> u8 {
        match self {
            Step::Magic { player, .. }
            | Step::Gold { player, .. }
            | Step::Land { player, .. }
            | Step::Ferry { player, .. }
            | Step::MoveFerry { player }
            | Step::CropCircle { player, .. }
            | Step::CropPick { player, .. }
            | Step::Robber { player, .. }
            | Step::Marker { player }
            | Step::Message { player } => player,
        }
    }

    /// The action taken for the player asked when they do not answer before the game's
    /// decision deadline; `None` for a decision without a deadline (the active player's
    /// own).
    pub(crate) fn deadline_default(self, st: &State) -> Option<Action> {
        match self {
            Step::CropPick {
                player,
                symbol,
                option,
            } => crop_circles::deadline_default(st, player, symbol, option),
            Step::Robber { active, .. } => robbers::deadline_default(active),
            Step::Magic { .. }
            | Step::Gold { .. }
            | Step::Land { .. }
            | Step::Ferry { .. }
            | Step::MoveFerry { .. }
            | Step::CropCircle { .. }
            | Step::Marker { .. }
            | Step::Message { .. } => None,
        }
    }

    pub(crate) fn decision(self, st: &State) -> Decision {
        match self {
            Step::Magic { forced, .. } => mage_witch::decision(st, forced),
            Step::Gold { tile, .. } => gold_mines::decision(st, tile),
            Step::Land {
                figure, tile, roll, ..
            } => flying_machines::decision(st, figure, tile, roll),
            Step::Ferry { tile, .. } => ferries::place_decision(st, tile),
            Step::MoveFerry { .. } => ferries::move_decision(st),
            Step::CropCircle { tile, .. } => crop_circles::choice_decision(st, tile),
            Step::CropPick {
                player,
                symbol,
                option,
            } => crop_circles::pick_decision(st, player, symbol, option),
            Step::Robber { player, .. } => robbers::decision(st, player),
            Step::Marker { player } => messages::marker_decision(st, player),
            Step::Message { player } => messages::message_decision(st, player),
        }
    }

    /// Checks an action that answers this step (the player is checked already).
    pub(crate) fn check(self, st: &State, action: &Action) -> Result<(), RuleError> {
        match self {
            Step::Magic { forced, .. } => mage_witch::check(st, forced, action),
            Step::Gold { tile, .. } => gold_mines::check(st, tile, action),
            Step::Land { tile, .. } => flying_machines::check(st, tile, action),
            Step::Ferry { tile, .. } => ferries::check_place(st, tile, action),
            Step::MoveFerry { .. } => ferries::check_move(st, action),
            Step::CropCircle { .. } => crop_circles::check_choice(action),
            Step::CropPick {
                player,
                symbol,
                option,
            } => crop_circles::check_pick(st, player, symbol, option, action),
            Step::Robber { player, .. } => robbers::check(st, player, action),
            Step::Marker { .. } => messages::check_marker(action),
            Step::Message { player } => messages::check_message(st, player, action),
        }
    }

    /// Applies a checked action.
    pub(crate) fn apply(
        self,
        cfg: &GameConfig,
        st: &mut State,
        action: &Action,
        events: &mut Vec<Event>,
    ) {
        match self {
            Step::Magic { player, .. } => mage_witch::apply(st, player, action, events),
            Step::Gold { player, tile } => gold_mines::apply(st, player, tile, action, events),
            Step::Land {
                player,
                figure,
                tile,
                ..
            } => flying_machines::apply(st, player, tile, figure, action, events),
            Step::Ferry { player, tile } => ferries::apply_place(st, player, tile, action, events),
            Step::MoveFerry { player } => ferries::apply_move(st, player, action, events),
            Step::CropCircle { player, tile } => {
                crop_circles::apply_choice(st, player, tile, action, events)
            }
            Step::CropPick { player, .. } => crop_circles::apply_pick(st, player, action, events),
            Step::Robber { player, .. } => robbers::apply(st, player, action, events),
            Step::Marker { player } => messages::apply_marker(st, player, action, events),
            Step::Message { player } => messages::apply_message(cfg, st, player, action, events),
        }
    }
}

/// Whether a segment kind holds the feature kind of a scoring hook.
pub(crate) fn is_road_or_city(kind: SegmentKind) -> bool {
    matches!(kind, SegmentKind::Road | SegmentKind::City)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::state::Phase;

    /// The JSON of one value of every step, recorded before the steps became types of
    /// their own modules (issue #24): the tag and the fields stay as they were.
    #[test]
    fn every_step_serialises_as_recorded() {
        let steps = [
            Step::Magic {
                player: 1,
                forced: true,
            },
            Step::Gold { player: 2, tile: 7 },
            Step::Land {
                player: 0,
                figure: FigureKind::Large,
                tile: 12,
                roll: 3,
            },
            Step::Ferry { player: 3, tile: 4 },
            Step::MoveFerry { player: 4 },
            Step::CropCircle { player: 1, tile: 9 },
            Step::CropPick {
                player: 2,
                symbol: CropCircle::Club,
                option: CropOption::Remove,
            },
            Step::Robber {
                player: 5,
                active: false,
            },
            Step::Marker { player: 0 },
            Step::Message { player: 3 },
        ];
        let json: Vec<String> = steps
            .iter()
            .map(|s| serde_json::to_string(s).unwrap())
            .collect();
        assert_eq!(
            json,
            [
                r#"{"step":"magic","player":1,"forced":true}"#,
                r#"{"step":"gold","player":2,"tile":7}"#,
                r#"{"step":"land","player":0,"figure":"large","tile":12,"roll":3}"#,
                r#"{"step":"ferry","player":3,"tile":4}"#,
                r#"{"step":"move_ferry","player":4}"#,
                r#"{"step":"crop_circle","player":1,"tile":9}"#,
                r#"{"step":"crop_pick","player":2,"symbol":"club","option":"remove"}"#,
                r#"{"step":"robber","player":5,"active":false}"#,
                r#"{"step":"marker","player":0}"#,
                r#"{"step":"message","player":3}"#,
            ]
        );
        let phase = Phase::Step {
            step: Step::Gold { player: 2, tile: 7 },
        };
        assert_eq!(
            serde_json::to_string(&phase).unwrap(),
            r#"{"phase":"step","step":{"step":"gold","player":2,"tile":7}}"#
        );
    }
}
