//! /kick: once the awaited player's turn limit has passed, any other player may remove
//! them; it is the same as that player resigning (board game: their figures leave and
//! their turns are skipped; card game: the game ends). Until someone does, the late
//! player may still move (a move starts a new wait and the kick is no longer possible).

use super::clock::duration_in;
use super::reply::{Message, Response};
use super::{Session, board_game, bots, card_game, seat_of, timers};
use crate::engine::Action;
use crate::player::Player;
use crate::store::{ChannelRecord, RecordGame, StoreError};
use crate::t;

/// The seat `who` names: a mention `<@id>`, an id, or a seat name (with or without `@`).
fn find_seat(r: &ChannelRecord, who: &str) -> Option<Player> {
    let w = who.trim();
    let id = w
        .strip_prefix("<@")
        .and_then(|x| x.strip_suffix('>'))
        .map(|x| x.trim_start_matches('!'))
        .unwrap_or(w);
    if let Ok(user) = id.parse::<u64>()
        && let Some(seat) = seat_of(r, user)
    {
        return Some(seat);
    }
    let name = w.trim_start_matches('@');
    r.seats
        .iter()
        .position(|s| s.name.raw().eq_ignore_ascii_case(name))
        .map(|i| Player::new(i as u8))
}

fn resigned(r: &ChannelRecord, seat: Player) -> bool {
    match &r.game {
        RecordGame::Board { game } => game.players().get(seat.index()).is_some_and(|p| p.resigned),
        _ => false,
    }
}

pub fn kick(
    s: &mut Session,
    mut r: ChannelRecord,
    who: &str,
    to_ai: bool,
) -> Result<Response, StoreError> {
    let (lang, gl) = (s.ctx.lang, r.setup.language);
    let Some(me) = seat_of(&r, s.ctx.user).filter(|m| !resigned(&r, *m)) else {
        return Ok(Response::error(t!(lang, "app-kick-not-player")));
    };
    let Some(target) = find_seat(&r, who) else {
        return Ok(Response::error(t!(
            lang,
            "app-kick-no-such-player",
            who = who,
            players = r.seat_list(", ")
        )));
    };
    if target == me {
        return Ok(Response::error(t!(lang, "app-kick-yourself")));
    }
    let Some(limit) = r.timers.turn_limit else {
        return Ok(Response::error(t!(lang, "app-kick-no-limit")));
    };
    let Some((awaited, _)) = timers::awaited(&r) else {
        return Ok(Response::error(t!(lang, "app-game-over")));
    };
    if awaited != target {
        return Ok(Response::error(t!(
            lang,
            "app-kick-not-awaited",
            awaited = r.seat_name(awaited),
            named = r.seat_name(target)
        )));
    }
    if timers::deadline_passed(&r, s.now) != Some(target) {
        let since = r.timers.waiting.as_ref().map_or(s.now, |w| w.since);
        let left = since.saturating_add(limit).saturating_sub(s.now);
        return Ok(Response::error(t!(
            lang,
            "app-kick-not-yet",
            name = r.seat_name(target),
            left = duration_in(lang, left.max(60)),
            limit = duration_in(lang, limit)
        )));
    }
    let note = t!(
        gl,
        "app-kick-removed",
        name = &s.ctx.name,
        kicked = r.seat_name(target),
        limit = duration_in(gl, limit)
    );
    if to_ai {
        let handed = bots::hand_over(&mut r, target);
        s.save(&mut r)?;
        return Ok(bots::after_hand_over(s, &r, &format!("{note} {handed}")));
    }
    let mut out = match &r.game {
        RecordGame::Board { .. } => {
            r.undo = None;
            board_game::act(s, r, target, Action::Resign)?
        }
        RecordGame::Cards { .. } => card_game::resign(s, r, target)?,
        RecordGame::Lobby => return Ok(Response::error(t!(lang, "app-not-started"))),
    };
    if out.is_private() || bots::prefix_deferred(s, &note) {
        return Ok(out);
    }
    match out.messages.first_mut() {
        Some(m) => m.text = format!("{note}\n{}", m.text),
        None => out.messages.push(Message::public(note)),
    }
    Ok(out)
}
