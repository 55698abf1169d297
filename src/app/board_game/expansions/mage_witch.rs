//! Mage & Witch: the magic figures' moves, the lettered menu of features (as on the
//! picture), where each stands in /status.

use super::super::Choice;
use super::super::said::{Reader, Said, Word, say};
use super::Presenter;
use crate::engine::expansions::mage_witch::{
    self, MagicMoved, MagicRemoved, MoveMagicAction, MoveMagicDecision, RemoveMagicAction,
};
use crate::engine::{Action, Decision, Event, Expansion, Game, NeutralKind, Pending, SegmentKind};

pub(super) struct MageWitch;

impl Presenter for MageWitch {
    fn event(&self, _game: &Game, event: &Event) -> Option<Said> {
        Some(match event {
            Event::MagicMoved(MagicMoved {
                player,
                figure,
                at,
                segment,
            }) => Said::new("word-ev-magic-moved")
                .with("name", Word::Name(*player))
                .with("figure", Word::Neutral(*figure))
                .with("place", Word::Place(*at, *segment)),
            Event::MagicRemoved(MagicRemoved { figure, at }) => Said::new("word-ev-magic-removed")
                .with("figure", Word::Neutral(*figure))
                .with("at", *at)
                .capitalised(),
            _ => return None,
        })
    }

    fn question(&self, _game: &Game, p: &Pending) -> Option<Said> {
        match p.decision {
            Decision::MoveMagic(MoveMagicDecision { forced: true, .. }) => {
                Some(Said::new("word-ask-magic-forced"))
            }
            Decision::MoveMagic(_) => Some(Said::new("word-ask-magic")),
            _ => None,
        }
    }

    fn choices(&self, reader: &Reader, p: &Pending) -> Option<Vec<Choice>> {
        let Decision::MoveMagic(MoveMagicDecision { removals, .. }) = &p.decision else {
            return None;
        };
        let remove = |f: &NeutralKind| Choice {
            action: Action::RemoveMagic(RemoveMagicAction { figure: *f }),
            label: say(
                reader,
                &Said::new("word-choice-remove-magic").with("figure", Word::Neutral(*f)),
            ),
            value: format!("remove {f}"),
            mark: None,
        };
        let mut out = magic_choices(reader);
        out.extend(removals.iter().map(remove));
        Some(out)
    }

    fn waiting(&self, decision: &Decision) -> Option<Said> {
        matches!(decision, Decision::MoveMagic(_)).then(|| Said::new("app-waiting-magic"))
    }

    fn status_lines(&self, reader: &Reader) -> Vec<Said> {
        let game = reader.game;
        if !game.config().has(Expansion::MageWitch) {
            return Vec::new();
        }
        let line = |figure: NeutralKind| {
            let place = game
                .neutral_figures()
                .iter()
                .find(|n| n.kind == figure)
                .map_or(Word::Plain("none".into()), |n| {
                    Word::Place(game.board().tile(n.tile).pos, n.seg)
                });
            Said::new("app-status-magic")
                .with("figure", Word::Plain(figure.to_string()))
                .with("place", place)
        };
        vec![line(NeutralKind::Mage), line(NeutralKind::Witch)]
    }
}

/// One option per feature and figure, lettered as on the picture, held features first
/// and named by who holds them ("A · Put the mage on the road held by bob at 1,0").
fn magic_choices(reader: &Reader) -> Vec<Choice> {
    let game = reader.game;
    let on_board: Vec<NeutralKind> = game.neutral_figures().iter().map(|n| n.kind).collect();
    let mut out = Vec::new();
    for target in mage_witch::targets(game) {
        let feature = match game.board().at(target.pos).map(|t| {
            t.kind()
                .segments
                .get(target.segment as usize)
                .map(|s| s.kind)
        }) {
            Some(Some(SegmentKind::City)) => "city",
            _ => "road",
        };
        let place = if target.holders.is_empty() {
            Said::new("word-magic-free").with("at", target.pos)
        } else {
            // Joined by "and" as on the picture.
            let and = format!(" {} ", crate::t!(reader.lang, "pic-and"));
            let holders: Vec<&str> = target
                .holders
                .iter()
                .map(|h| reader.names.get(h.index()).map_or("", String::as_str))
                .collect();
            Said::new("word-magic-held")
                .with("holders", Word::Plain(holders.join(&and)))
                .with("at", target.pos)
        };
        for (figure, at, segment) in &target.moves {
            let key = if on_board.contains(figure) {
                "word-choice-move-magic"
            } else {
                "word-choice-put-magic"
            };
            let label = Said::new(key)
                .with("letter", Word::Plain(target.letter.clone()))
                .with("figure", Word::Plain(figure.to_string()))
                .with("feature", feature)
                .with("place", place.clone());
            out.push(Choice {
                action: Action::MoveMagic(MoveMagicAction {
                    figure: *figure,
                    at: *at,
                    segment: *segment,
                }),
                label: say(reader, &label),
                value: format!("{figure}@{},{}#{segment}", at.x, at.y),
                // Lettered on the picture by the view's own targets.
                mark: None,
            });
        }
    }
    out
}
