//! /replay: the game as an animated picture, one frame per turn (the board after it,
//! the tile placed outlined, the points it scored marked, the panel's scores updated),
//! then the current board held longer. `since:my-turn` starts at the caller's last turn.
//! The game-over message carries the whole game's replay.

use super::reply::{Message, Response};
use super::seat_of;
use crate::engine::{Action, Decision, Event, Figure, Game};
use crate::i18n::Lang;
use crate::player::Player;
use crate::render::replay::replay_gif;
use crate::store::{ChannelRecord, RecordGame};
use crate::t;
use crate::view::BoardView;
use std::ops::ControlFlow;

/// A frame's view: the board, numbered by the turns played, without the next tile and
/// its spots (frames show what happened).
pub fn still(game: &Game, names: &[String], events: &[Event]) -> BoardView {
    let mut v = BoardView::of(game, names).with_scores(events);
    v.next = None;
    v.turn = game.board().len().saturating_sub(1) as u32;
    v
}

/// One turn of a board game replayed: the seat that played it, the game after it,
/// what happened during it, and every figure that stood on the board at some point of
/// it (the features a final scoring scored are found through them).
pub struct Turn<'a> {
    pub player: Player,
    pub game: &'a Game,
    pub events: &'a [Event],
    pub figures: &'a [Figure],
}

/// Replays `game`'s log from its start, handing `each` every turn played in order (a
/// turn ends when no figure step is pending), until `each` breaks. `false`: the log does
/// not replay (logged, and nothing is handed on).
pub fn walk(game: &Game, mut each: impl FnMut(Turn<'_>) -> ControlFlow<()>) -> bool {
    let Ok(mut g) = Game::new(game.config().clone()) else {
        return false;
    };
    let mut events = Vec::new();
    let mut figures: Vec<Figure> = Vec::new();
    let mut turn_of = None;
    for e in game.log() {
        gather(&mut figures, g.figures());
        match g.apply(e.player, e.action.clone()) {
            Ok(mut ev) => events.append(&mut ev),
            Err(err) => {
                tracing::error!("a stored game does not replay: {err}");
                return false;
            }
        }
        if matches!(e.action, Action::PlaceTile { .. }) {
            turn_of = Some(e.player);
        }
        let turn_done = !matches!(
            g.pending().map(|p| p.decision),
            Some(Decision::PlaceFigure { .. })
        );
        if let (true, Some(player)) = (turn_done, turn_of) {
            gather(&mut figures, g.figures());
            let turn = Turn {
                player,
                game: &g,
                events: &events,
                figures: &figures,
            };
            if each(turn).is_break() {
                return true;
            }
            events.clear();
            figures.clear();
            turn_of = None;
        }
    }
    true
}

/// Adds the figures of `now` not yet in `seen`.
fn gather(seen: &mut Vec<Figure>, now: &[Figure]) {
    for f in now {
        if !seen.contains(f) {
            seen.push(*f);
        }
    }
}

/// The frames: one per turn (with the seat that played it), then the current board.
pub fn frames(r: &ChannelRecord) -> Vec<(Option<Player>, BoardView)> {
    let RecordGame::Board { game } = &r.game else {
        return Vec::new();
    };
    let names = r.raw_seat_names();
    let mut out = Vec::new();
    let replayed = walk(game, |t| {
        out.push((Some(t.player), still(t.game, &names, t.events)));
        ControlFlow::Continue(())
    });
    if !replayed {
        return Vec::new();
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
