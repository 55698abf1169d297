//! Each expansion's presentation in one file: its events' lines, its decisions'
//! questions, menus and waiting lines, its points' reasons. The base game's words
//! (`words.rs`, `choices.rs`, the waiting line in `mod.rs`) ask [`PRESENTERS`] for
//! whatever is not the base game's. A presenter is named on its expansion's line of
//! `src/engine/expansions/list.rs` (`presenter Type`), which gives its file's `mod` line
//! and its place in [`PRESENTERS`].

use super::said::{Reader, Said};
use super::*;
use crate::engine::{Pending, ScoreReason};
use crate::player::Player;
use crate::store::UserSettings;

/// Generates, from the lines of the list, each presenter's `mod` line, [`PRESENTERS`] in
/// the list's order and [`PRESENTED_LINES`].
macro_rules! presenters {
    (
        base $base_sets:tt;
        $(
            $module:ident: $rules:ident $sets:tt $state:tt
            [$($variant:ident($ask:ident)),* $(,)?]
            $(figures $figures:tt)?
            $(view $view:ident)?
            $(presenter $presenter:ident)?
            actions $actions:tt
            decisions $decisions:tt
            events [$($event:ident),* $(,)?];
        )*
    ) => {
        $($(presenters!(@mod $module $presenter);)?)*

        /// The expansions that show something of their own, in the list's order (that of
        /// their parts of a player's /status line): each answers only for its own events,
        /// decisions and reasons (`None` otherwise).
        pub(super) static PRESENTERS: &[&dyn Presenter] = &[$($(&$module::$presenter,)?)*];

        /// Each line of the list as the app sees it.
        pub static PRESENTED_LINES: &[PresentedLine] = &[$(
            PresentedLine {
                module: stringify!($module),
                speaks: presenters!(@speaks $($variant)* $($event)*),
                presenter: presenters!(@name $($presenter)?),
            },
        )*];
    };
    (@mod $module:ident $presenter:ident) => {
        mod $module;
    };
    (@speaks) => {
        false
    };
    (@speaks $($step_or_event:ident)+) => {
        true
    };
    (@name) => {
        None
    };
    (@name $presenter:ident) => {
        Some(stringify!($presenter))
    };
}

crate::engine::expansions::list::with_expansions!(presenters);

/// A line of `src/engine/expansions/list.rs` as the app sees it (for the test that
/// names what a new expansion lacks: `tests/it/expansion_checklist.rs`).
#[derive(Debug)]
pub struct PresentedLine {
    /// Its module: the engine's `src/engine/expansions/<module>.rs`, and its
    /// presenter's `src/app/board_game/expansions/<module>.rs`.
    pub module: &'static str,
    /// Whether it asks or tells players something of its own (a step or an event), which
    /// only a presenter words.
    pub speaks: bool,
    /// Its presenter's type, when the line names one.
    pub presenter: Option<&'static str>,
}

/// One of an expansion's own actions of the figure step (a flight) as the figure menu
/// offers it: its words, and what the figure command reads back: `figure` and `word`
/// make the menu's value ("follower:fly") and /figure's suggestion ("follower#fly").
pub(super) struct FigureExtra {
    pub words: Said,
    pub figure: FigureKind,
    pub word: &'static str,
}

/// The lines of one command's events being written: the actor's sentence and the rest.
pub(super) struct Lines {
    pub first: String,
    pub lines: Vec<String>,
}

pub(super) trait Presenter: Sync {
    /// An event that reads as one line of its own.
    fn event(&self, _game: &Game, _event: &Event) -> Option<Said> {
        None
    }

    /// An event that is not one line of its own (it changes the actor's sentence):
    /// written into `out`; false when it is not this expansion's.
    fn event_in(&self, _reader: &Reader, _event: &Event, _out: &mut Lines) -> bool {
        false
    }

    /// Why points were scored ("robber"), at `at` when a feature scored.
    fn reason(&self, _reason: ScoreReason, _at: Option<Pos>) -> Option<Said> {
        None
    }

    /// Points only the end of the game scores (grouped on the final message).
    fn at_the_end(&self, _reason: ScoreReason) -> bool {
        false
    }

    /// One of this expansion's own actions of the figure step, as the menu offers it.
    fn figure_extra(&self, _action: &Action) -> Option<FigureExtra> {
        None
    }

    /// The action of the figure step that a player's answer names, when it is one of
    /// this expansion's: `wanted` in the engine's English words ("fly", "#fly"), for
    /// `figure` when the answer or the command names one.
    fn parse_figure_extra(&self, _wanted: &str, _figure: Option<FigureKind>) -> Option<Action> {
        None
    }

    /// What the pending decision asks of `p.player`.
    fn question(&self, _game: &Game, _p: &Pending) -> Option<Said> {
        None
    }

    /// The options of the pending decision, with labels in the reader's language.
    fn choices(&self, _reader: &Reader, _p: &Pending) -> Option<Vec<Choice>> {
        None
    }

    /// "It is bob's turn to …": the message (its `you` and `name` are added).
    fn waiting(&self, _decision: &Decision) -> Option<Said> {
        None
    }

    /// What the decision's default does, for the deadline notice.
    fn default_words(&self, _decision: &Decision) -> Option<Said> {
        None
    }

    /// Whether the players' standing settings (/standing) matter to this game: they are
    /// read before each move only then.
    fn reads_settings(&self, _game: &Game) -> bool {
        false
    }

    /// The logged action that brings a player's changed setting into the game.
    fn setting_action(
        &self,
        _game: &Game,
        _seat: Player,
        _settings: &UserSettings,
    ) -> Option<Action> {
        None
    }

    /// Whether a player's standing answer (/standing) takes the default at once.
    fn standing_default(&self, _decision: &Decision, _settings: &UserSettings) -> bool {
        false
    }

    /// What /status adds to a player's line (goods, bars, markers, a robber).
    fn status(&self, _reader: &Reader, _seat: Player) -> Option<Said> {
        None
    }

    /// The lines /status adds after the players' (where the mage stands).
    fn status_lines(&self, _reader: &Reader) -> Vec<Said> {
        Vec::new()
    }
}

/// The first answer of the presenters.
pub(super) fn first<T>(ask: impl Fn(&dyn Presenter) -> Option<T>) -> Option<T> {
    PRESENTERS.iter().find_map(|p| ask(*p))
}

#[cfg(test)]
mod tests {
    use super::super::said::Word;
    use super::*;
    use crate::engine::expansions::crop_circles::{CropCircleDecision, CropPickDecision};
    use crate::engine::expansions::ferries::{MoveFerryDecision, PlaceFerryDecision};
    use crate::engine::expansions::flying_machines::LandDecision;
    use crate::engine::expansions::gold_mines::PlaceGoldDecision;
    use crate::engine::expansions::mage_witch::MoveMagicDecision;
    use crate::engine::expansions::messages::{ChooseMarkerDecision, UseMessageDecision};
    use crate::engine::expansions::robbers::PlaceRobberDecision;
    use crate::engine::{CropCircle, CropOption, GameConfig};

    /// Each expansion decision (with no options) and the waiting line it reads as.
    fn decisions() -> Vec<(Decision, Said)> {
        let crop = |option| {
            Decision::CropPick(CropPickDecision {
                symbol: CropCircle::Club,
                option,
                options: Vec::new(),
            })
        };
        let message = Decision::UseMessage(UseMessageDecision {
            message: 3,
            available: true,
            followers: Vec::new(),
            markers: [5, 9],
            preferred: 0,
        });
        let magic = Decision::MoveMagic(MoveMagicDecision {
            forced: false,
            options: Vec::new(),
            removals: Vec::new(),
        });
        let land = Decision::Land(LandDecision {
            figure: FigureKind::Large,
            roll: 2,
            at: Pos::new(0, 2),
            options: Vec::new(),
        });
        let at = Pos::new(1, 0);
        vec![
            (magic, Said::new("app-waiting-magic")),
            (
                Decision::PlaceGold(PlaceGoldDecision {
                    from: at,
                    options: Vec::new(),
                }),
                Said::new("app-waiting-gold"),
            ),
            (
                land,
                Said::new("app-waiting-land").with("figure", Word::Figure(FigureKind::Large)),
            ),
            (
                Decision::PlaceFerry(PlaceFerryDecision {
                    at,
                    options: Vec::new(),
                }),
                Said::new("app-waiting-ferry"),
            ),
            (
                Decision::MoveFerry(MoveFerryDecision {
                    options: Vec::new(),
                }),
                Said::new("app-waiting-ferry"),
            ),
            (
                Decision::CropCircle(CropCircleDecision {
                    symbol: CropCircle::Shield,
                    at,
                }),
                Said::new("app-waiting-crop"),
            ),
            (crop(CropOption::Add), Said::new("app-waiting-crop")),
            (crop(CropOption::Remove), Said::new("app-waiting-crop")),
            (
                Decision::PlaceRobber(PlaceRobberDecision {
                    from: None,
                    options: Vec::new(),
                }),
                Said::new("app-waiting-robber"),
            ),
            (
                Decision::ChooseMarker(ChooseMarkerDecision {
                    markers: [5, 9],
                    preferred: 0,
                }),
                Said::new("app-waiting-marker"),
            ),
            (message, Said::new("app-waiting-marker")),
        ]
    }

    #[test]
    fn each_expansion_decision_is_presented_by_exactly_one_expansion() {
        let game = Game::new(GameConfig::new(2, 1)).unwrap();
        let reader = Reader {
            lang: Lang::english(),
            game: &game,
            names: &[],
        };
        for (decision, waiting) in decisions() {
            let p = Pending {
                player: Player::new(0),
                decision: decision.clone(),
            };
            let waits: Vec<Said> = PRESENTERS
                .iter()
                .filter_map(|x| x.waiting(&decision))
                .collect();
            assert_eq!(waits, vec![waiting], "{decision:?}");
            let asks = PRESENTERS
                .iter()
                .filter(|x| x.question(&game, &p).is_some());
            assert_eq!(asks.count(), 1, "{decision:?}");
            let menus = PRESENTERS
                .iter()
                .filter(|x| x.choices(&reader, &p).is_some());
            assert_eq!(menus.count(), 1, "{decision:?}");
        }
        // The base game's own decisions are no expansion's.
        let tile = Decision::PlaceTile {
            tile: 0,
            placements: Vec::new(),
        };
        let p = Pending {
            player: Player::new(0),
            decision: tile.clone(),
        };
        assert!(PRESENTERS.iter().all(|x| x.waiting(&tile).is_none()
            && x.question(&game, &p).is_none()
            && x.choices(&reader, &p).is_none()));
    }
}
