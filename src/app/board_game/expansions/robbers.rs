//! Robbers: robbers placed, declined, stealing and going home; the robber's menu and
//! question; the standing answer "never"; where a robber stands in /status.

use super::super::Choice;
use super::super::said::{Reader, Said, Word, say};
use super::Presenter;
use crate::engine::expansions::robbers::{
    PlaceRobberAction, PlaceRobberDecision, RobberDeclined, RobberPlaced, RobberReturned,
    RobberStole,
};
use crate::engine::{Action, Decision, Event, Game, Pending, Pos, ScoreReason};
use crate::player::Player;
use crate::store::{RobberAnswer, UserSettings};
use crate::view::{Colour, MarkAt};

pub(super) struct Robbers;

/// "yes" when the robber moves (it stood beside a marker), for the messages' selectors.
fn moved(yes: bool) -> &'static str {
    if yes { "yes" } else { "no" }
}

impl Presenter for Robbers {
    fn event(&self, game: &Game, event: &Event) -> Option<Said> {
        Some(match event {
            Event::RobberPlaced(RobberPlaced {
                player,
                beside,
                marker,
                moved: was_moved,
            }) => {
                // Which marker only when there are two (Messages).
                let which = if game.markers() > 1 {
                    format!(" {}", marker + 1)
                } else {
                    String::new()
                };
                Said::new("word-ev-robber")
                    .with("disc", Word::Disc(*player))
                    .with("name", Word::Name(*player))
                    .with("moved", moved(*was_moved))
                    .with("besidedisc", Word::Disc(*beside))
                    .with("beside", Word::Name(*beside))
                    .with("which", Word::Plain(which))
            }
            Event::RobberDeclined(RobberDeclined { player }) => {
                Said::new("word-ev-robber-declined")
                    .with("disc", Word::Disc(*player))
                    .with("name", Word::Name(*player))
            }
            Event::RobberStole(RobberStole {
                player,
                from,
                points,
            }) => Said::new("word-ev-robber-stole")
                .with("name", Word::Name(*player))
                .with("points", *points)
                .with("from", Word::Name(*from)),
            Event::RobberReturned(RobberReturned { player }) => {
                Said::new("word-ev-robber-home").with("name", Word::Name(*player))
            }
            _ => return None,
        })
    }

    fn reason(&self, reason: ScoreReason, _at: Option<Pos>) -> Option<Said> {
        (reason == ScoreReason::Robber).then(|| Said::new("word-reason-robber"))
    }

    fn question(&self, game: &Game, p: &Pending) -> Option<Said> {
        let Decision::PlaceRobber(PlaceRobberDecision { from, .. }) = &p.decision else {
            return None;
        };
        // Asked in another player's turn: that it may be placed now, and what it does.
        Some(Said::new(if p.player != game.current_player() {
            "word-ask-robber-other"
        } else if from.is_some() {
            "word-ask-robber-move"
        } else {
            "word-ask-robber"
        }))
    }

    fn choices(&self, reader: &Reader, p: &Pending) -> Option<Vec<Choice>> {
        let Decision::PlaceRobber(PlaceRobberDecision { from, options }) = &p.decision else {
            return None;
        };
        let two = reader.game.markers() > 1;
        let choice = |o: &crate::engine::expansions::robbers::RobberSpot| {
            // The value names the colour in English (a click's id); the label names the
            // player.
            let colour = Colour::of_seat(o.beside).word();
            let key = if two {
                "word-choice-robber-marker"
            } else {
                "word-choice-robber"
            };
            let mut label = Said::new(key)
                .with("moved", moved(from.is_some()))
                .with("disc", Word::Disc(o.beside))
                .with("name", Word::Name(o.beside));
            let mut value = format!("robber@{colour}");
            // With two markers each (Messages): which one.
            if two {
                label = label.with("marker", o.marker + 1);
                value.push_str(&format!("#{}", o.marker + 1));
            }
            Choice {
                action: Action::PlaceRobber(PlaceRobberAction {
                    beside: o.beside,
                    marker: o.marker,
                }),
                label: say(reader, &label),
                value,
                mark: Some(MarkAt::Marker(o.beside, o.marker)),
            }
        };
        let none = Choice {
            action: Action::Pass,
            label: say(
                reader,
                &Said::new(if from.is_some() {
                    "word-choice-robber-stays"
                } else {
                    "word-choice-no-robber"
                }),
            ),
            value: "no robber".into(),
            mark: None,
        };
        // The engine's order: the pass first.
        Some(
            std::iter::once(none)
                .chain(options.iter().map(choice))
                .collect(),
        )
    }

    fn waiting(&self, decision: &Decision) -> Option<Said> {
        matches!(decision, Decision::PlaceRobber(_)).then(|| Said::new("app-waiting-robber"))
    }

    fn default_words(&self, decision: &Decision) -> Option<Said> {
        matches!(decision, Decision::PlaceRobber(_)).then(|| Said::new("app-default-no-robber"))
    }

    fn standing_default(&self, decision: &Decision, settings: &UserSettings) -> bool {
        matches!(decision, Decision::PlaceRobber(_)) && settings.robbers == RobberAnswer::Never
    }

    fn status(&self, reader: &Reader, seat: Player) -> Option<Said> {
        let spot = (*reader.game.robbers().get(seat.index())?)?;
        let beside = Word::Name(spot.beside);
        Some(if reader.game.markers() > 1 {
            Said::new("app-status-robber-marker")
                .with("name", beside)
                .with("marker", spot.marker + 1)
        } else {
            Said::new("app-status-robber").with("name", beside)
        })
    }
}
