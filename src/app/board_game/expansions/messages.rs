//! Messages: messages drawn and used, the marker's and the message's menus and
//! questions, the two markers in /status and a message's points.

use super::super::Choice;
use super::super::said::{Reader, Said, Word, say};
use super::Presenter;
use crate::engine::expansions::messages::{
    ChooseMarkerAction, ChooseMarkerDecision, MarkerPreferenceAction, MessageDrawn, MessageUsed,
    UseMessageAction, UseMessageDecision, title_key,
};
use crate::engine::{
    Action, Decision, Event, Expansion, Game, MessageTake, Pending, Pos, ScoreReason,
};
use crate::player::Player;
use crate::store::UserSettings;

pub(super) struct Messages;

impl Presenter for Messages {
    fn event(&self, _game: &Game, event: &Event) -> Option<Said> {
        Some(match event {
            Event::MessageDrawn(MessageDrawn { player, message }) => {
                Said::new("word-ev-message-drawn")
                    .with("name", Word::Name(*player))
                    .with("message", *message)
                    .with("title", Said::new(title_key(*message)))
            }
            Event::MessageUsed(MessageUsed {
                player,
                message,
                take,
                // Taking the 2 points is not using the message: said apart.
            }) => Said::new(match take {
                MessageTake::Action => "word-ev-message-used",
                MessageTake::Points => "word-ev-message-points",
            })
            .with("name", Word::Name(*player))
            .with("message", *message),
            _ => return None,
        })
    }

    fn reason(&self, reason: ScoreReason, at: Option<Pos>) -> Option<Said> {
        let ScoreReason::Message(n) = reason else {
            return None;
        };
        // A message that scored a feature: a tile of it.
        Some(match at {
            Some(at) => Said::new("word-reason-message-at")
                .with("message", n)
                .with("at", at),
            None => Said::new("word-reason-message").with("message", n),
        })
    }

    fn question(&self, game: &Game, p: &Pending) -> Option<Said> {
        Some(match p.decision {
            Decision::ChooseMarker(ChooseMarkerDecision { markers, .. }) => {
                let points = game.points_in_queue(p.player);
                Said::new("word-ask-marker")
                    .with("points", points)
                    .with("first", markers[0])
                    .with("first_to", markers[0] + points)
                    .with("second", markers[1])
                    .with("second_to", markers[1] + points)
            }
            Decision::UseMessage(UseMessageDecision {
                message, available, ..
            }) => Said::new(if available {
                "word-ask-message"
            } else {
                "word-ask-message-unavailable"
            })
            .with("message", message)
            .with("title", Said::new(title_key(message))),
            _ => return None,
        })
    }

    fn choices(&self, reader: &Reader, p: &Pending) -> Option<Vec<Choice>> {
        match &p.decision {
            Decision::ChooseMarker(ChooseMarkerDecision { markers, .. }) => {
                let points = reader.game.points_in_queue(p.player);
                let choice = |m: u8| Choice {
                    action: Action::ChooseMarker(ChooseMarkerAction { marker: m }),
                    label: say(
                        reader,
                        &Said::new("word-choice-marker")
                            .with("marker", m + 1)
                            .with("at", markers[m as usize])
                            .with("to", markers[m as usize] + points),
                    ),
                    value: format!("marker {}", m + 1),
                    mark: None,
                };
                Some((0..2u8).map(choice).collect())
            }
            Decision::UseMessage(UseMessageDecision {
                message, markers, ..
            }) => Some(message_choices(reader, p, *message, *markers)),
            _ => None,
        }
    }

    fn waiting(&self, decision: &Decision) -> Option<Said> {
        matches!(
            decision,
            Decision::ChooseMarker(_) | Decision::UseMessage(_)
        )
        .then(|| Said::new("app-waiting-marker"))
    }

    fn reads_settings(&self, game: &Game) -> bool {
        game.config().has(Expansion::Messages)
    }

    /// The marker a player's points go on in others' turns (`/standing marker:`).
    fn setting_action(&self, game: &Game, seat: Player, settings: &UserSettings) -> Option<Action> {
        (game.marker_preference(seat) != Some(settings.marker)).then_some(Action::MarkerPreference(
            MarkerPreferenceAction {
                preference: settings.marker,
                this_turn: false,
            },
        ))
    }

    fn status(&self, reader: &Reader, seat: Player) -> Option<Said> {
        if !reader.game.config().has(Expansion::Messages) {
            return None;
        }
        let [first, second] = reader.game.marker_scores().get(seat.index())?;
        Some(
            Said::new("app-status-markers")
                .with("first", *first)
                .with("second", *second),
        )
    }
}

/// A message's options: its action or 2 points, on each marker.
fn message_choices(reader: &Reader, p: &Pending, message: u8, markers: [u32; 2]) -> Vec<Choice> {
    p.actions()
        .into_iter()
        // An option without a marker is the preferred marker's twin: one entry per
        // marker says where the points go (only message 7's tile moves none).
        .filter_map(|action| match action {
            Action::UseMessage(UseMessageAction {
                take,
                marker,
                target,
            }) if marker.is_some() || (message == 7 && take == MessageTake::Action) => {
                let (label, value) = message_option(reader, message, markers, take, marker, target);
                Some(Choice {
                    action,
                    label,
                    value,
                    mark: None,
                })
            }
            _ => None,
        })
        .collect()
}

/// One message option's label and value.
fn message_option(
    reader: &Reader,
    message: u8,
    markers: [u32; 2],
    take: MessageTake,
    marker: Option<u8>,
    target: Option<(Pos, u8)>,
) -> (String, String) {
    let at = |m: u8| markers[m as usize];
    let on = marker.map(|m| match take {
        MessageTake::Points => Said::new("word-choice-on-marker-to")
            .with("marker", m + 1)
            .with("at", at(m))
            .with("to", at(m) + 2),
        MessageTake::Action => Said::new("word-choice-on-marker")
            .with("marker", m + 1)
            .with("at", at(m)),
    });
    let on = on.map(|s| say(reader, &s)).unwrap_or_default();
    let value_on = marker.map(|m| format!(" m{}", m + 1)).unwrap_or_default();
    match (take, target) {
        (MessageTake::Points, _) => (
            say(
                reader,
                &Said::new("word-choice-two-points").with("on", Word::Plain(on)),
            ),
            format!("2 points{value_on}"),
        ),
        (MessageTake::Action, Some((at, seg))) => (
            say(
                reader,
                &Said::new("word-choice-message-8")
                    .with("place", Word::Place(at, seg))
                    .with("on", Word::Plain(on)),
            ),
            format!("message@{},{}#{seg}{value_on}", at.x, at.y),
        ),
        (MessageTake::Action, None) => (
            format!(
                "{}{on}",
                super::super::capitalise(&say(reader, &Said::new(title_key(message))))
            ),
            format!("message{value_on}"),
        ),
    }
}
