//! Crop Circles: the add-or-remove choice, each player's pick, the figure taken back.

use super::super::Choice;
use super::super::said::{Reader, Said, Word, say};
use super::{Lines, Presenter};
use crate::engine::expansions::crop_circles::{
    AddFollowerAction, CropCircleAction, CropCircleChosen, CropCircleDecision, CropPickDecision,
    NothingAdded, TakeBackAction, follower_key, followers_key, symbol_key,
};
use crate::engine::{Action, CropOption, Decision, Event, FigureKind, Game, Pending};
use crate::view::MarkAt;

pub(super) struct CropCircles;

impl Presenter for CropCircles {
    fn event(&self, _game: &Game, event: &Event) -> Option<Said> {
        Some(match event {
            Event::CropCircleChosen(CropCircleChosen {
                player,
                symbol,
                option,
            }) => Said::new(match option {
                CropOption::Add => "word-ev-crop-add",
                CropOption::Remove => "word-ev-crop-remove",
            })
            .with("name", Word::Name(*player))
            .with("kind", Said::new(followers_key(*symbol))),
            Event::NothingAdded(NothingAdded { player }) => {
                Said::new("word-ev-nothing-added").with("name", Word::Name(*player))
            }
            _ => return None,
        })
    }

    fn event_in(&self, reader: &Reader, event: &Event, out: &mut Lines) -> bool {
        // A "remove": the figure taken back is the command's first event, its sentence.
        match event {
            Event::FigureReturned { player, figure, at }
                if out.first.is_empty() && out.lines.is_empty() =>
            {
                out.first = say(
                    reader,
                    &Said::new("word-ev-took-back")
                        .with("name", Word::Name(*player))
                        .with("figure", Word::Figure(*figure))
                        .with("at", *at),
                );
                true
            }
            _ => false,
        }
    }

    fn question(&self, _game: &Game, p: &Pending) -> Option<Said> {
        Some(match p.decision {
            Decision::CropCircle(CropCircleDecision { symbol, at }) => Said::new("word-ask-crop")
                .with("symbol", Said::new(symbol_key(symbol)))
                .with("at", at)
                .with("followers", Said::new(followers_key(symbol))),
            Decision::CropPick(CropPickDecision {
                symbol,
                option: CropOption::Add,
                ..
            }) => Said::new("word-ask-crop-add").with("follower", Said::new(follower_key(symbol))),
            Decision::CropPick(CropPickDecision { symbol, .. }) => {
                Said::new("word-ask-crop-remove")
                    .with("followers", Said::new(followers_key(symbol)))
            }
            _ => return None,
        })
    }

    fn choices(&self, reader: &Reader, p: &Pending) -> Option<Vec<Choice>> {
        let label = |said: Said| say(reader, &said);
        Some(match &p.decision {
            Decision::CropCircle(CropCircleDecision { symbol, .. }) => {
                let follower = Said::new(follower_key(*symbol));
                vec![
                    Choice {
                        action: Action::CropCircle(CropCircleAction {
                            option: CropOption::Add,
                        }),
                        label: label(
                            Said::new("word-choice-crop-add").with("follower", follower.clone()),
                        ),
                        value: "add".into(),
                        mark: None,
                    },
                    Choice {
                        action: Action::CropCircle(CropCircleAction {
                            option: CropOption::Remove,
                        }),
                        label: label(
                            Said::new("word-choice-crop-remove").with("follower", follower),
                        ),
                        value: "remove".into(),
                        mark: None,
                    },
                ]
            }
            Decision::CropPick(CropPickDecision {
                symbol,
                option: CropOption::Add,
                options,
            }) => {
                let follower = Said::new(follower_key(*symbol));
                let none = Choice {
                    action: Action::Pass,
                    label: label(
                        Said::new("word-choice-add-none").with("follower", follower.clone()),
                    ),
                    value: "none".into(),
                    mark: None,
                };
                let add = options.iter().map(|o| Choice {
                    action: Action::AddFollower(AddFollowerAction {
                        at: o.at,
                        segment: o.segment,
                    }),
                    label: label(
                        Said::new("word-choice-add-one")
                            .with("follower", follower.clone())
                            .with("place", Word::Place(o.at, o.segment)),
                    ),
                    value: format!("add@{},{}#{}", o.at.x, o.at.y, o.segment),
                    mark: Some(MarkAt::Segment(o.at, o.segment)),
                });
                std::iter::once(none).chain(add).collect()
            }
            Decision::CropPick(CropPickDecision {
                symbol, options, ..
            }) => options
                .iter()
                .map(|o| {
                    let follower = Said::new(follower_key(*symbol));
                    // Named by kind, so that a phantom beside a follower on one
                    // feature does not read as a second follower ("phantom (knight)").
                    let who = match o.figure {
                        FigureKind::Large => Said::new("word-large-role").with("role", follower),
                        FigureKind::Follower => follower,
                        other => Said::new("word-figure-role")
                            .with("figure", Said::new(other.key()))
                            .with("role", follower),
                    };
                    let words = label(
                        Said::new("word-choice-take-back")
                            .with("who", who)
                            .with("place", Word::Place(o.at, o.segment)),
                    );
                    Choice {
                        action: Action::TakeBack(TakeBackAction {
                            figure: o.figure,
                            at: o.at,
                            segment: o.segment,
                        }),
                        label: crate::i18n::words::contract(reader.lang, words),
                        value: format!(
                            "back@{},{}#{}:{}",
                            o.at.x,
                            o.at.y,
                            o.segment,
                            o.figure.id()
                        ),
                        mark: Some(MarkAt::Segment(o.at, o.segment)),
                    }
                })
                .collect(),
            _ => return None,
        })
    }

    fn waiting(&self, decision: &Decision) -> Option<Said> {
        matches!(decision, Decision::CropCircle(_) | Decision::CropPick(_))
            .then(|| Said::new("app-waiting-crop"))
    }
}
