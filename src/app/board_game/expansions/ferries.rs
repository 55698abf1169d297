//! Ferries: ferries placed and moved, their menus ("joining the east and south roads").

use super::super::Choice;
use super::super::said::{Reader, Said, Word, say};
use super::Presenter;
use crate::engine::expansions::ferries::{
    FerriesStay, FerryMoved, FerryPlaced, MoveFerryAction, MoveFerryDecision, PlaceFerryAction,
    PlaceFerryDecision,
};
use crate::engine::{Action, Decision, Event, Game, Pending, Side};
use crate::view::MarkAt;

pub(super) struct Ferries;

/// A side's word ("east"), as segments name it.
fn side(s: Side) -> Said {
    Said::new(format!("word-seg-{}", s.word()))
}

/// "east and south".
fn ends_words([a, b]: [Side; 2]) -> Said {
    Said::new("word-choice-ends")
        .with("a", side(a))
        .with("b", side(b))
}

/// "E+S".
fn ends_value([a, b]: [Side; 2]) -> String {
    format!("{}+{}", a.letter(), b.letter())
}

impl Presenter for Ferries {
    fn event(&self, _game: &Game, event: &Event) -> Option<Said> {
        let (key, player, at, [a, b]) = match event {
            Event::FerryPlaced(FerryPlaced { player, at, ends }) => {
                ("word-ev-ferry-placed", player, at, ends)
            }
            Event::FerryMoved(FerryMoved {
                player, at, ends, ..
            }) => ("word-ev-ferry-moved", player, at, ends),
            Event::FerriesStay(FerriesStay { player }) => {
                return Some(Said::new("word-ev-ferries-stay").with("name", Word::Name(*player)));
            }
            _ => return None,
        };
        Some(
            Said::new(key)
                .with("name", Word::Name(*player))
                .with("at", *at)
                .with("a", side(*a))
                .with("b", side(*b)),
        )
    }

    fn question(&self, _game: &Game, p: &Pending) -> Option<Said> {
        match p.decision {
            Decision::PlaceFerry(PlaceFerryDecision { at, .. }) => {
                Some(Said::new("word-ask-ferry").with("at", at))
            }
            Decision::MoveFerry(_) => Some(Said::new("word-ask-move-ferry")),
            _ => None,
        }
    }

    fn choices(&self, reader: &Reader, p: &Pending) -> Option<Vec<Choice>> {
        match &p.decision {
            Decision::PlaceFerry(PlaceFerryDecision { at, options }) => Some(
                options
                    .iter()
                    .map(|ends| Choice {
                        action: Action::PlaceFerry(PlaceFerryAction {
                            at: *at,
                            ends: *ends,
                        }),
                        label: say(
                            reader,
                            &Said::new("word-choice-ferry").with("ends", ends_words(*ends)),
                        ),
                        value: format!("ferry@{},{}:{}", at.x, at.y, ends_value(*ends)),
                        mark: Some(MarkAt::Ends(*at, *ends)),
                    })
                    .collect(),
            ),
            Decision::MoveFerry(MoveFerryDecision { options }) => {
                let stay = Choice {
                    action: Action::Pass,
                    label: say(reader, &Said::new("word-choice-ferries-stay")),
                    value: "done".into(),
                    mark: None,
                };
                let moves = options.iter().flat_map(|o| {
                    o.to.iter().map(|ends| Choice {
                        action: Action::MoveFerry(MoveFerryAction {
                            at: o.at,
                            ends: *ends,
                        }),
                        label: say(
                            reader,
                            &Said::new("word-choice-move-ferry")
                                .with("at", o.at)
                                .with("ends", ends_words(*ends)),
                        ),
                        value: format!("move@{},{}:{}", o.at.x, o.at.y, ends_value(*ends)),
                        mark: Some(MarkAt::Ends(o.at, *ends)),
                    })
                });
                Some(std::iter::once(stay).chain(moves).collect())
            }
            _ => None,
        }
    }

    fn waiting(&self, decision: &Decision) -> Option<Said> {
        matches!(decision, Decision::PlaceFerry(_) | Decision::MoveFerry(_))
            .then(|| Said::new("app-waiting-ferry"))
    }
}
