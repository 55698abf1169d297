//! Expansions as modules that hook into the steps of a turn.
//!
//! The core (tiles, followers, roads, cities, cloisters, farms) calls these hooks at
//! fixed points of the turn (`state::Stage`); an expansion overrides only the hooks it
//! needs, keeps its own per-game state in [`ExtState`], and asks players its own
//! decisions as a [`Step`], so the base game never names an expansion and each
//! expansion's rules live in one file: its `Module`, its state, its decisions (each a
//! type implementing [`Ask`]) and what the fronts read of it (`impl Game` accessors).
//! The list in `list.rs` is the one place that names them all, one line each: from it
//! `expansions!` below generates the registry, [`ExtState`], [`Step`] with its dispatch
//! and the expansions' variants of `Action`, `Decision` and `Event` (written by
//! `action::enums!`), and `config.rs` the tile sets (`Expansion`, its ids and names, the
//! tile files).

// Each expansion's `pub mod` comes from its line too (`expansions!` below).
pub(crate) mod list;

use super::action::{
    Action, Decision, Event, FigureOption, FigureStepAction, RuleError, ScoreReason,
};
use super::board::TileIdx;
use super::config::{Expansion, ExpansionSet, GameConfig};
use super::features::{FeatureData, SegId};
use super::figures::Supply;
use super::game::Game;
use super::geometry::{Pos, Rotation};
use super::scoring::Tally;
use super::state::Phase;
use super::state::{Stage, State};
use super::tile::{SegmentKind, TileKind};
use crate::player::Player;
use serde::Serialize;
use serde_json::Value;

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

    /// The start tile's id when this expansion decides it (the River's spring), in place
    /// of the configuration's.
    fn start_tile(&self) -> Option<&'static str> {
        None
    }

    /// Why `kind` turned by `r` may not go at `at` although its edges fit (a rule of
    /// this expansion's tiles, as the River's): the refusal's key, or `None`.
    fn tile_refusal(
        &self,
        _st: &State,
        _kind: &TileKind,
        _at: Pos,
        _r: Rotation,
    ) -> Option<&'static str> {
        None
    }

    /// Adds figure options for the tile just placed. `spots` are the segments where a
    /// follower may stand (whatever the supply); `out` already holds the ordinary
    /// follower options.
    fn figure_options(
        &self,
        _st: &State,
        _player: Player,
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
    fn on_completed(
        &self,
        _st: &mut State,
        _root: SegId,
        _winners: &[Player],
        _ev: &mut Vec<Event>,
    ) {
    }

    /// Runs after figures went back to their owners during play: a completed
    /// feature's, a resignation's, a step's (a crop circle's or message 8's take-back).
    /// Final scoring sends the incomplete features' figures home without it: the game
    /// is over, and running it there would send a builder or pig found alone home too,
    /// which changes the recorded games of every expansion together (issue #40), so no
    /// rule may wait for it at the end. Every figure goes back to its own kind's supply
    /// (`State::return_figure`), an expansion's follower included, at the end too.
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
    fn farm_city_value(&self, _st: &State, _player: Player, _farm: SegId, _value: &mut u32) {}

    /// Extra final scoring, after farms.
    fn final_scoring(&self, _st: &mut State, _events: &mut Vec<Event>) {}

    /// Runs when the game ends, before final scoring.
    fn before_final_scoring(&self, _st: &mut State) {}

    /// Checks `action` when it is one of this expansion's standing answers: an action a
    /// player may take whenever the game goes on, whoever is asked (Messages' marker
    /// preference, for the questions of others' turns). `None`: not one of them. Asked of
    /// every expansion, `in_play` or not, so that a game without it refuses its answers.
    fn check_standing(&self, _in_play: bool, _action: &Action) -> Option<Result<(), RuleError>> {
        None
    }

    /// Applies a checked standing answer of `player` (ignores any other action).
    fn apply_standing(
        &self,
        _st: &mut State,
        _player: Player,
        _action: &Action,
        _ev: &mut Vec<Event>,
    ) {
    }

    /// The marker that the points `player` scores now move, when this expansion gives
    /// players more than one; it may remember the choice for the rest of the scoring.
    fn scoring_marker(&self, _st: &mut State, _player: Player, _points: u32) -> Option<u8> {
        None
    }

    /// Runs after `player`'s marker `marker` moved by points of `reason` whose largest
    /// single advance is `largest` (the event is out).
    fn on_points(
        &self,
        _st: &mut State,
        _player: Player,
        _marker: u8,
        _largest: u32,
        _reason: ScoreReason,
        _at: Option<Pos>,
    ) {
    }

    /// Runs when a scoring moment ends: a tile's scoring (with its ferry moves), a
    /// message's, final scoring.
    fn end_of_moment(&self, _st: &mut State, _events: &mut Vec<Event>) {}

    /// Adds this expansion's own actions of the figure step on `tile`, the tile just
    /// placed (a flight), after the pass and the ordinary figure options.
    fn figure_actions(
        &self,
        _st: &State,
        _player: Player,
        _tile: TileIdx,
        _out: &mut Vec<FigureStepAction>,
    ) {
    }

    /// Checks `action` in the figure step on `tile` when it is one of this expansion's
    /// own; `None`: not one of them. Asked of every expansion, `in_play` or not, so that
    /// a game without it refuses its actions with its reason.
    fn check_figure_action(
        &self,
        _in_play: bool,
        _st: &State,
        _player: Player,
        _tile: TileIdx,
        _action: &Action,
    ) -> Option<Result<(), RuleError>> {
        None
    }

    /// Applies a checked action of the figure step (ignores any other expansion's).
    fn apply_figure_action(
        &self,
        _cfg: &GameConfig,
        _st: &mut State,
        _player: Player,
        _tile: TileIdx,
        _action: &Action,
        _events: &mut Vec<Event>,
    ) {
    }
}

/// The modules a game uses, in a fixed order.
pub(crate) fn modules(cfg: &GameConfig) -> impl Iterator<Item = &'static dyn Module> + '_ {
    modules_in(cfg.expansion_set())
}

/// The modules of a game with these expansions, in the same order.
pub(crate) fn modules_in(set: ExpansionSet) -> impl Iterator<Item = &'static dyn Module> {
    MODULES.iter().copied().filter(move |m| m.in_play(set))
}

/// Checks `action` as a standing answer (see [`Module::check_standing`]); `None` when
/// it is none.
pub(crate) fn check_standing(set: ExpansionSet, action: &Action) -> Option<Result<(), RuleError>> {
    MODULES
        .iter()
        .find_map(|m| m.check_standing(m.in_play(set), action))
}

/// The expansions' own actions of the figure step (see [`Module::figure_actions`]).
pub(crate) fn figure_actions(
    cfg: &GameConfig,
    st: &State,
    player: Player,
    tile: TileIdx,
) -> Vec<FigureStepAction> {
    let mut out = Vec::new();
    for m in modules(cfg) {
        m.figure_actions(st, player, tile, &mut out);
    }
    out
}

/// Checks an action of the figure step that is no ordinary figure option (see
/// [`Module::check_figure_action`]); `None` when no expansion owns it.
pub(crate) fn check_figure_action(
    st: &State,
    player: Player,
    tile: TileIdx,
    action: &Action,
) -> Option<Result<(), RuleError>> {
    MODULES
        .iter()
        .find_map(|m| m.check_figure_action(m.in_play(st.expansions), st, player, tile, action))
}

/// A scoring moment ends (see [`Module::end_of_moment`]).
pub(crate) fn end_of_moment(st: &mut State, events: &mut Vec<Event>) {
    for m in modules_in(st.expansions) {
        m.end_of_moment(st, events);
    }
}

/// One decision an expansion asks in the middle of a turn: a type in the expansion's
/// module, holding what the decision needs, and a variant of [`Step`].
pub(crate) trait Ask: Copy + Into<Step> {
    /// The player asked.
    fn player(self) -> Player;

    /// The action taken for the player asked when they do not answer before the game's
    /// decision deadline; `None` for a decision without a deadline (the active player's
    /// own).
    fn deadline_default(self, _st: &State) -> Option<Action> {
        None
    }

    /// What the player asked decides, with every legal option.
    fn decision(self, st: &State) -> Decision;

    /// Checks an action that answers this decision (the player is checked already).
    fn check(self, st: &State, action: &Action) -> Result<(), RuleError>;

    /// Applies a checked action.
    fn apply(self, cfg: &GameConfig, st: &mut State, action: &Action, events: &mut Vec<Event>);

    /// Scenario files (`docs/scenarios.md`): the field of a turn entry that answers this
    /// decision, for a decision whose answers the file says in a field of its own (the
    /// older expansions' are read by `scenario.rs` itself). Field names are unique.
    const SCENARIO_FIELD: Option<&'static str> = None;

    /// The action that the turn's field says (`None`: the entry has no such field); the
    /// error says what the field should be.
    fn scenario_answer(self, _st: &State, _field: Option<&Value>) -> Result<Action, String> {
        Err("this decision has no scenario field".into())
    }

    /// The field's value that says `action` (the reverse of `scenario_answer`); `None`
    /// when the entry leaves the field out for it.
    fn scenario_value(self, _st: &State, _action: &Action) -> Option<Value> {
        None
    }
}

/// An expansion's part of a board's view (`crate::view::BoardView::expansions`): what
/// pictures and pages show of it (bars on the board, each player's goods, the robbers),
/// built from the game by its own module and named in its line of `list.rs` (`view
/// Type`), so that a new expansion adds no field to the view and the renderer and the
/// page read it at `expansions.<module>`.
pub trait ViewPart: Serialize + Clone + std::fmt::Debug + PartialEq {
    /// The part of `game`, a game with this expansion in play.
    fn of(game: &Game) -> Self;
}

/// Generates, from the lines of `list.rs`, what the core knows of the expansions' rules:
/// each module's `pub mod`, the modules in hook order, [`ExtState`], [`Step`] with its
/// dispatch to each decision's type, and (through `action::enums!`) the expansions' variants of `Action`, `Decision`
/// and `Event`. (`config.rs` generates the tile sets from the same lines.)
macro_rules! expansions {
    (
        base $base_sets:tt;
        $(
            $module:ident: $rules:ident $sets:tt
            { $($field:ident: $state:ident)? }
            [$($variant:ident($ask:ident)),* $(,)?]
            $(figures $figures:tt)?
            $(view $view:ident)?
            $(presenter $presenter:ident)?
            actions [$($action:ident($action_ty:ident)),* $(,)?]
            decisions [$($decision:ident($decision_ty:ident)),* $(,)?]
            events [$($event:ident),* $(,)?];
        )*
    ) => {
        $(pub mod $module;)*

        static MODULES: &[&dyn Module] = &[$(&$module::$rules),*];

        /// Hands every expansion's actions, decisions and events to `action::enums!`,
        /// which writes the enums where it is called (in `action`).
        macro_rules! expansion_variants {
            () => {
                $crate::engine::action::enums! {
                    actions [$($($action($crate::engine::expansions::$module::$action_ty),)*)*]
                    decisions [$($($decision($crate::engine::expansions::$module::$decision_ty),)*)*]
                    events [$($($event($crate::engine::expansions::$module::$event),)*)*]
                }
            };
        }
        pub(crate) use expansion_variants;

        /// Each expansion's state for the whole game (empty for those not in play).
        #[derive(Clone, Debug, Default, PartialEq, Eq)]
        pub struct ExtState {
            $($(pub $field: $module::$state,)?)*
        }

        /// Each expansion's part of what pictures and pages show of a game (see
        /// [`ViewPart`]): `None` for those not in play (and then left out of the JSON),
        /// one field per line with a `view`, named as the line's module.
        #[derive(Clone, Debug, Default, PartialEq, Serialize)]
        pub struct ExtView {
            $($(
                #[serde(skip_serializing_if = "Option::is_none")]
                pub $module: Option<$module::$view>,
            )?)*
        }

        impl ExtView {
            /// The parts of the expansions `game` plays with.
            pub fn of(game: &Game) -> ExtView {
                let set = game.config().expansion_set();
                ExtView {
                    $($(
                        $module: $module::$rules
                            .in_play(set)
                            .then(|| <$module::$view as ViewPart>::of(game)),
                    )?)*
                }
            }
        }

        /// A decision an expansion asks for in the middle of a turn (each variant's type
        /// says which). A variant's JSON is its type's fields after the `step` tag.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
        #[serde(tag = "step", rename_all = "snake_case")]
        pub enum Step {
            $($($variant($module::$ask),)*)*
        }

        $($(
            impl From<$module::$ask> for Step {
                fn from(ask: $module::$ask) -> Step {
                    Step::$variant(ask)
                }
            }
        )*)*

        impl Step {
            /// The player asked.
            pub fn player(self) -> Player {
                match self {
                    $($(Step::$variant(ask) => ask.player(),)*)*
                }
            }

            /// See [`Ask::deadline_default`].
            pub(crate) fn deadline_default(self, st: &State) -> Option<Action> {
                match self {
                    $($(Step::$variant(ask) => ask.deadline_default(st),)*)*
                }
            }

            /// See [`Ask::decision`].
            pub(crate) fn decision(self, st: &State) -> Decision {
                match self {
                    $($(Step::$variant(ask) => ask.decision(st),)*)*
                }
            }

            /// See [`Ask::check`].
            pub(crate) fn check(self, st: &State, action: &Action) -> Result<(), RuleError> {
                match self {
                    $($(Step::$variant(ask) => ask.check(st, action),)*)*
                }
            }

            /// See [`Ask::SCENARIO_FIELD`].
            pub(crate) fn scenario_field(self) -> Option<&'static str> {
                match self {
                    $($(Step::$variant(_) => <$module::$ask as Ask>::SCENARIO_FIELD,)*)*
                }
            }

            /// Every turn field of the expansions' own decisions in scenario files.
            pub(crate) fn scenario_fields() -> Vec<&'static str> {
                [$($(<$module::$ask as Ask>::SCENARIO_FIELD,)*)*]
                    .into_iter()
                    .flatten()
                    .collect()
            }

            /// See [`Ask::scenario_answer`].
            pub(crate) fn scenario_answer(
                self,
                st: &State,
                field: Option<&Value>,
            ) -> Result<Action, String> {
                match self {
                    $($(Step::$variant(ask) => ask.scenario_answer(st, field),)*)*
                }
            }

            /// See [`Ask::scenario_value`].
            pub(crate) fn scenario_value(self, st: &State, action: &Action) -> Option<Value> {
                match self {
                    $($(Step::$variant(ask) => ask.scenario_value(st, action),)*)*
                }
            }

            /// See [`Ask::apply`].
            pub(crate) fn apply(
                self,
                cfg: &GameConfig,
                st: &mut State,
                action: &Action,
                events: &mut Vec<Event>,
            ) {
                match self {
                    $($(Step::$variant(ask) => ask.apply(cfg, st, action, events),)*)*
                }
            }
        }
    };
}

list::with_expansions!(expansions);

/// Scenario files: the turn fields of the expansions' own decisions (see
/// [`Ask::SCENARIO_FIELD`]), so that `scenario.rs` reads and the record writes them
/// without naming an expansion.
impl Game {
    /// Every turn field an expansion's decision is answered from.
    pub fn scenario_fields() -> Vec<&'static str> {
        Step::scenario_fields()
    }

    /// The turn field that answers the pending decision, when it is one of those.
    pub fn scenario_field(&self) -> Option<&'static str> {
        match self.st.phase {
            Phase::Step { step } => step.scenario_field(),
            _ => None,
        }
    }

    /// The action the pending decision's field says (`None`: not given); an error for
    /// a value that says none, or when the decision has no field.
    pub fn scenario_answer(&self, field: Option<&Value>) -> Result<Action, String> {
        match self.st.phase {
            Phase::Step { step } if step.scenario_field().is_some() => {
                step.scenario_answer(&self.st, field)
            }
            _ => Err("the pending decision has no scenario field".into()),
        }
    }

    /// The value of the pending decision's field that says `action` (`None`: the field
    /// is left out, or the decision has none).
    pub fn scenario_value(&self, action: &Action) -> Option<Value> {
        match self.st.phase {
            Phase::Step { step } => step.scenario_value(&self.st, action),
            _ => None,
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
    use crate::engine::catalogue::Catalogue;
    use crate::engine::expansions::crop_circles::CropOption;
    use crate::engine::figures::FigureKind;
    use crate::engine::state::Phase;
    use crate::engine::tile::CropCircle;
    use std::collections::HashSet;

    /// The figure step's flights read in the decision's JSON as recorded when they were a
    /// `fly` list of kinds; an expansion's other extra action reads as itself.
    #[test]
    fn the_figure_steps_extra_actions_serialise_as_recorded() {
        let step = |extra: Vec<FigureStepAction>| Decision::PlaceFigure {
            tile: 3,
            at: Pos::new(1, -2),
            options: Vec::new(),
            extra,
        };
        let fly = |figure| FigureStepAction {
            action: Action::Fly(flying_machines::FlyAction { figure }),
            recorded: Some(figure),
        };
        let flights = step(vec![fly(FigureKind::Follower), fly(FigureKind::Large)]);
        assert_eq!(
            serde_json::to_string(&flights).unwrap(),
            r#"{"kind":"place_figure","tile":3,"at":[1,-2],"options":[],"fly":["follower","large"]}"#
        );
        assert_eq!(
            serde_json::to_string(&step(Vec::new())).unwrap(),
            r#"{"kind":"place_figure","tile":3,"at":[1,-2],"options":[]}"#
        );
        assert_eq!(
            serde_json::to_string(&step(vec![FigureStepAction {
                action: Action::Land(flying_machines::LandAction { segment: 2 }),
                recorded: None,
            }]))
            .unwrap(),
            r#"{"kind":"place_figure","tile":3,"at":[1,-2],"options":[],"fly":[{"do":"land","segment":2}]}"#
        );
    }

    /// `BoardView`'s expansion parts come from the list: one for each expansion in play
    /// whose line names a view, named as its module, and none for the others (left out
    /// of the page's JSON).
    #[test]
    fn the_views_parts_are_those_of_the_lines_in_play() {
        let parts = |exps: &[Expansion]| -> Vec<String> {
            let game = Game::new(GameConfig::new(2, 1).with_expansions(exps)).unwrap();
            let mut names: Vec<String> = match serde_json::to_value(ExtView::of(&game)).unwrap() {
                Value::Object(parts) => parts.keys().cloned().collect(),
                other => panic!("{other}"),
            };
            names.sort();
            names
        };
        assert_eq!(parts(&[]), Vec::<String>::new());
        assert_eq!(
            parts(&[
                Expansion::Robbers,
                Expansion::River,
                Expansion::Phantom,
                Expansion::GoldMines
            ]),
            ["gold_mines", "robbers"]
        );
        assert_eq!(
            parts(&Expansion::ALL),
            [
                "ferries",
                "gold_mines",
                "mage_witch",
                "messages",
                "robbers",
                "traders_builders"
            ]
        );
    }

    /// The lines' tile sets: numbers 0, 1, 2… (two alike do not compile), each an id and
    /// a name of its own, and each tile file holding its own set's tiles only.
    #[test]
    fn every_tile_set_has_its_own_number_id_name_and_tiles() {
        let n = Expansion::ALL.len();
        let numbers: Vec<usize> = Expansion::ALL.iter().map(|e| *e as usize).collect();
        assert_eq!(numbers, (0..n).collect::<Vec<_>>());
        let ids: HashSet<&str> = Expansion::ALL.iter().map(|e| e.id()).collect();
        assert_eq!(ids.len(), n, "two lines give one id");
        let names: HashSet<&str> = Expansion::ALL.iter().map(|e| e.name()).collect();
        assert_eq!(names.len(), n, "two lines give one name");
        for e in Expansion::ALL {
            let Some(file) = e.tile_file() else {
                // A set without tiles is rules alone (Messages): a module.
                assert!(
                    MODULES.iter().any(|m| m.expansion() == e),
                    "{e} has neither"
                );
                continue;
            };
            assert_eq!(file.0, format!("{}.toml", e.id()));
            let cat = Catalogue::parse_files(&[file]).unwrap();
            assert!(!cat.kinds().is_empty(), "{e}");
            assert!(cat.kinds().iter().all(|k| k.expansion == e), "{e}");
        }
    }

    /// The JSON of one value of every step, recorded before the steps became types of
    /// their own modules (issue #24): the tag and the fields stay as they were.
    #[test]
    fn every_step_serialises_as_recorded() {
        let steps = [
            Step::Magic(mage_witch::MagicStep {
                player: Player::new(1),
                forced: true,
            }),
            Step::Gold(gold_mines::GoldStep {
                player: Player::new(2),
                tile: 7,
            }),
            Step::Land(flying_machines::LandStep {
                player: Player::new(0),
                figure: FigureKind::Large,
                tile: 12,
                roll: 3,
            }),
            Step::Ferry(ferries::FerryStep {
                player: Player::new(3),
                tile: 4,
            }),
            Step::MoveFerry(ferries::MoveFerryStep {
                player: Player::new(4),
            }),
            Step::CropCircle(crop_circles::CropCircleStep {
                player: Player::new(1),
                tile: 9,
            }),
            Step::CropPick(crop_circles::CropPickStep {
                player: Player::new(2),
                symbol: CropCircle::Club,
                option: CropOption::Remove,
            }),
            Step::Robber(robbers::RobberStep {
                player: Player::new(5),
                active: false,
            }),
            Step::Marker(messages::MarkerStep {
                player: Player::new(0),
            }),
            Step::Message(messages::MessageStep {
                player: Player::new(3),
            }),
            Step::Phantom(phantom::PhantomStep {
                player: Player::new(1),
                tile: 4,
            }),
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
                r#"{"step":"phantom","player":1,"tile":4}"#,
            ]
        );
        let phase = Phase::Step {
            step: Step::Gold(gold_mines::GoldStep {
                player: Player::new(2),
                tile: 7,
            }),
        };
        assert_eq!(
            serde_json::to_string(&phase).unwrap(),
            r#"{"phase":"step","step":{"step":"gold","player":2,"tile":7}}"#
        );
    }
}
