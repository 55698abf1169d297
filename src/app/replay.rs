//! /replay: the game as an animated picture, one frame per turn (the board after it,
//! the tile placed outlined, the points it scored marked, the panel's scores updated),
//! then the current board held longer. `since:my-turn` starts at the caller's last turn.
//! The game-over message carries the whole game's replay.

use super::reply::{Message, Response};
use super::seat_of;
use crate::engine::{Action, Decision, Event, Game};
use crate::i18n::Lang;
use crate::player::Player;
use crate::render::replay::replay_gif;
use crate::store::{ChannelRecord, RecordGame};
use crate::t;
use crate::view::BoardView;

/// A frame's view: the board, numbered by the turns played, without the next tile and
/// its spots (frames show what happened).
fn still(game: &Game, names: &[String], events: &[Event]) -> BoardView {
    let mut v = BoardView::of(game, names).with_scores(events);
    v.next = None;
    v.turn = game.board().len().saturating_sub(1) as u32;
    v
}

/// The frames: one per turn (with the seat that played it), then the current board.
pub fn frames(r: &ChannelRecord) -> Vec<(Option<Player>, BoardView)> {
    let RecordGame::Board { game } = &r.game else {
        return Vec::new();
    };
    let names = r.raw_seat_names();
    let Ok(mut g) = Game::new(game.config().clone()) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut events = Vec::new();
    let mut turn_of = None;
    for e in game.log() {
        match g.apply(e.player, e.action.clone()) {
            Ok(mut ev) => events.append(&mut ev),
            Err(err) => {
                tracing::error!("a stored game does not replay: {err}");
                return Vec::new();
            }
        }
        if matches!(e.action, Action::PlaceTile { .. }) {
            turn_of = Some(e.player);
        }
        let turn_done = !matches!(
            g.pending().map(|p| p.decision),
            Some(Decision::PlaceFigure { .. })
        );
        if let (true, Some(p)) = (turn_done, turn_of) {
            out.push((Some(p), still(&g, &names, &events)));
            events.clear();
            turn_of = None;
        }
    }
    out.push((None, still(game, &names, &[])));
    out
}

/// The replay GIF of the whole game, or from `seat`'s last turn on.
pub fn gif(r: &ChannelRecord, from_last_turn_of: Option<Player>) -> Option<(Vec<u8>, usize)> {
    let mut frames = frames(r);
    if let Some(seat) = from_last_turn_of
        && let Some(i) = frames.iter().rposition(|(p, _)| *p == Some(seat))
    {
        frames.drain(..i);
    }
    let turns = frames.len().saturating_sub(1);
    let views: Vec<BoardView> = frames.into_iter().map(|(_, v)| v).collect();
    replay_gif(&views, r.setup.language).map(|g| (g, turns))
}

/// /replay [since:my-turn].
pub fn replay(r: &ChannelRecord, user: u64, lang: Lang, since_my_turn: bool) -> Response {
    let seat = seat_of(r, user);
    if since_my_turn && seat.is_none() {
        return Response::error(t!(lang, "app-replay-not-playing"));
    }
    let gl = r.setup.language;
    let from = if since_my_turn { seat } else { None };
    match gif(r, from) {
        Some((bytes, 0)) if since_my_turn => Response::one(
            Message::public(t!(gl, "app-replay-nothing-since")).with_file("replay.gif", bytes),
        ),
        Some((bytes, turns)) => {
            let text = if since_my_turn {
                let name = r.seat_name(seat.unwrap_or_default());
                t!(gl, "app-replay-since", name = name, turns = turns)
            } else {
                t!(gl, "app-replay-whole", turns = turns)
            };
            Response::one(Message::public(text).with_file("replay.gif", bytes))
        }
        None => Response::error(t!(lang, "app-replay-impossible")),
    }
}
