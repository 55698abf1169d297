//! Flying Machines: the figure menu's "fly" option, a flight and its landing.

use super::super::Choice;
use super::super::said::{Reader, Said, Word, say};
use super::{FigureExtra, Presenter};
use crate::engine::expansions::flying_machines::{
    Flew, FlightFailed, FlyAction, LandAction, LandDecision,
};
use crate::engine::{Action, Decision, Event, FigureKind, Game, Pending};
use crate::view::MarkAt;

/// What a player may answer to fly (besides the menu's "follower:fly", read as "#fly").
const FLY_WORDS: [&str; 7] = [
    "fly",
    "#fly",
    "flying machine",
    "flight",
    "volar",
    "maquina voladora",
    "máquina voladora",
];

pub(super) struct FlyingMachines;

impl Presenter for FlyingMachines {
    fn figure_extra(&self, action: &Action) -> Option<FigureExtra> {
        let Action::Fly(FlyAction { figure }) = *action else {
            return None;
        };
        Some(FigureExtra {
            words: Said::new("word-figure-fly").with("figure", Word::Figure(figure)),
            figure,
            word: "fly",
        })
    }

    /// A follower unless the answer names another figure.
    fn parse_figure_extra(&self, wanted: &str, figure: Option<FigureKind>) -> Option<Action> {
        FLY_WORDS.contains(&wanted).then(|| {
            Action::Fly(FlyAction {
                figure: figure.unwrap_or(FigureKind::Follower),
            })
        })
    }

    fn event(&self, _game: &Game, event: &Event) -> Option<Said> {
        Some(match event {
            Event::Flew(Flew {
                player,
                figure,
                roll,
                to,
            }) => Said::new("word-ev-flew")
                .with("name", Word::Name(*player))
                .with("figure", Word::Figure(*figure))
                .with("roll", *roll)
                .with("to", *to),
            Event::FlightFailed(FlightFailed { figure, .. }) => {
                Said::new("word-ev-flight-failed").with("figure", Word::Figure(*figure))
            }
            _ => return None,
        })
    }

    fn question(&self, _game: &Game, p: &Pending) -> Option<Said> {
        let Decision::Land(LandDecision {
            figure, roll, at, ..
        }) = p.decision
        else {
            return None;
        };
        Some(
            Said::new("word-ask-land")
                .with("roll", roll)
                .with("figure", Word::Figure(figure))
                .with("at", at),
        )
    }

    fn choices(&self, reader: &Reader, p: &Pending) -> Option<Vec<Choice>> {
        let Decision::Land(LandDecision {
            figure,
            at,
            options,
            ..
        }) = &p.decision
        else {
            return None;
        };
        let choice = |seg: &u8| Choice {
            action: Action::Land(LandAction { segment: *seg }),
            label: say(
                reader,
                &Said::new("word-choice-land")
                    .with("figure", Word::Figure(*figure))
                    .with("place", Word::Place(*at, *seg)),
            ),
            value: format!("land@{},{}#{seg}", at.x, at.y),
            mark: Some(MarkAt::Segment(*at, *seg)),
        };
        Some(options.iter().map(choice).collect())
    }

    fn waiting(&self, decision: &Decision) -> Option<Said> {
        let Decision::Land(LandDecision { figure, .. }) = decision else {
            return None;
        };
        Some(Said::new("app-waiting-land").with("figure", Word::Figure(*figure)))
    }
}
