//! Gold Mines: bars put, taken and lost; the second bar's menu; the bars' points.

use super::super::Choice;
use super::super::said::{Reader, Said, Word, say};
use super::Presenter;
use crate::engine::expansions::gold_mines::{
    GoldLost, GoldPlaced, GoldTaken, PlaceGoldAction, PlaceGoldDecision,
};
use crate::engine::{Action, Decision, Event, Expansion, Game, Pending, Pos, ScoreReason};
use crate::player::Player;
use crate::view::MarkAt;

pub(super) struct GoldMines;

impl Presenter for GoldMines {
    fn event(&self, _game: &Game, event: &Event) -> Option<Said> {
        Some(match event {
            Event::GoldPlaced(GoldPlaced { at, bars, .. }) => Said::new("word-ev-gold-placed")
                .with("at", *at)
                .with("bars", *bars),
            Event::GoldTaken(GoldTaken { player, bars }) => Said::new("word-ev-gold-taken")
                .with("disc", Word::Disc(*player))
                .with("name", Word::Name(*player))
                .with("bars", *bars),
            Event::GoldLost(GoldLost { bars }) => {
                Said::new("word-ev-gold-lost").with("bars", *bars)
            }
            _ => return None,
        })
    }

    fn reason(&self, reason: ScoreReason, _at: Option<Pos>) -> Option<Said> {
        (reason == ScoreReason::Gold).then(|| Said::new("word-reason-gold"))
    }

    fn at_the_end(&self, reason: ScoreReason) -> bool {
        reason == ScoreReason::Gold
    }

    fn question(&self, _game: &Game, p: &Pending) -> Option<Said> {
        matches!(p.decision, Decision::PlaceGold(_)).then(|| Said::new("word-ask-gold"))
    }

    fn choices(&self, reader: &Reader, p: &Pending) -> Option<Vec<Choice>> {
        let Decision::PlaceGold(PlaceGoldDecision { options, .. }) = &p.decision else {
            return None;
        };
        let choice = |at: &Pos| Choice {
            action: Action::PlaceGold(PlaceGoldAction { at: *at }),
            label: say(reader, &Said::new("word-choice-gold").with("at", *at)),
            value: format!("gold@{},{}", at.x, at.y),
            mark: Some(MarkAt::Tile(*at)),
        };
        Some(options.iter().map(choice).collect())
    }

    fn waiting(&self, decision: &Decision) -> Option<Said> {
        matches!(decision, Decision::PlaceGold(_)).then(|| Said::new("app-waiting-gold"))
    }

    fn status(&self, reader: &Reader, seat: Player) -> Option<Said> {
        reader
            .game
            .config()
            .has(Expansion::GoldMines)
            .then(|| Said::new("app-status-gold").with("gold", reader.game.gold(seat)))
    }
}
