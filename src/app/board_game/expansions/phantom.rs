//! The Phantom: its placement is a figure step of its own, so the figure menu, /figure
//! and /pass offer the phantom's spots; this words its question and lists the same
//! options for /choose (keeping the phantom first, as the engine lists a pass).

use super::super::Choice;
use super::super::moves::numbered_figure_choices;
use super::super::said::{Reader, Said, say};
use super::Presenter;
use crate::engine::{Action, Decision, FigureKind, Game, Pending};

pub(super) struct Phantom;

/// Whether the pending figure step is the phantom's.
fn phantom_step(p: &Pending) -> bool {
    matches!(&p.decision, Decision::PlaceFigure { options, .. }
        if options.iter().any(|o| o.kind == FigureKind::Phantom))
}

impl Presenter for Phantom {
    fn question(&self, _game: &Game, p: &Pending) -> Option<Said> {
        phantom_step(p).then(|| Said::new("word-ask-phantom"))
    }

    fn choices(&self, reader: &Reader, p: &Pending) -> Option<Vec<Choice>> {
        if !phantom_step(p) {
            return None;
        }
        let keep = Choice {
            action: Action::Pass,
            label: say(reader, &Said::new("word-choice-keep-phantom")),
            value: "keep".into(),
            mark: None,
        };
        let spots = numbered_figure_choices(reader.lang, reader.game)
            .into_iter()
            .map(|(figure, segment, label)| Choice {
                action: Action::PlaceFigure { figure, segment },
                label,
                value: format!("{}:{segment}", figure.id()),
                mark: None,
            });
        Some(std::iter::once(keep).chain(spots).collect())
    }
}
