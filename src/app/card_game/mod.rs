//! Commands of a running card game. Hands and face-down cards are hidden: they appear
//! only in private messages to their owner; everything public goes through the engine's
//! redaction (`CardEvent::public`, `public_view`).
//!
//! - this file: dispatch, applying an action, undo, resigning;
//! - [`moves`]: reading a card, a row or a choice from what the player typed;
//! - [`words`]: public events in words (turn messages, round summaries, history);
//! - [`messages`]: the replies with the table and hand pictures, buttons and menus.

mod messages;
mod moves;
mod words;

pub use messages::announce;
use messages::*;
pub(crate) use messages::{dm_hand, hand_words_and_rows};
use moves::*;
pub use moves::{choice_suggestions, hand_suggestions, row_suggestions};
use words::*;

use super::command::Command;
use super::components::{CHOOSE, HAND, PLAY, SECURE, button, select};
use super::reply::{ButtonStyle, Message, Response, SelectOption};
use super::{Session, bots, lobby, seat_of, text, undo};
use crate::cards::{
    CardAction, CardEvent, CardGame, CardId, CardPending, Colour, PendingKind, Player,
};
use crate::i18n::Lang;
use crate::render;
use crate::store::{ChannelRecord, RecordGame, StoreError};
use crate::t;

pub(super) fn game_of(r: &ChannelRecord) -> &CardGame {
    match &r.game {
        RecordGame::Cards { game } => game,
        _ => unreachable!("card commands run on card games"),
    }
}

pub(super) fn game_mut(r: &mut ChannelRecord) -> &mut CardGame {
    match &mut r.game {
        RecordGame::Cards { game } => game,
        _ => unreachable!("card commands run on card games"),
    }
}

pub fn handle(s: &mut Session, mut r: ChannelRecord, cmd: Command) -> Result<Response, StoreError> {
    let lang = s.ctx.lang;
    match cmd {
        Command::Board => return Ok(table_message(&r, &waiting_text(&r), false)),
        Command::Status => {
            let viewer = seat_of(&r, s.ctx.user);
            return Ok(Response::one(Message::private(status(lang, &r, viewer))));
        }
        Command::History { count } => {
            return Ok(Response::one(Message::private(history(
                lang,
                &r,
                count.unwrap_or(10) as usize,
            ))));
        }
        Command::Join | Command::Start | Command::Leave => {
            return Ok(Response::error(t!(lang, "app-cards-started-already")));
        }
        Command::Place { .. } | Command::Figure { .. } | Command::Pass => {
            return Ok(Response::error(t!(lang, "app-cards-board-command")));
        }
        _ => {}
    }
    let Some(seat) = seat_of(&r, s.ctx.user) else {
        return Ok(Response::error(t!(
            lang,
            "app-not-playing-watch",
            players = r.seat_list(", ")
        )));
    };
    match cmd {
        Command::Hand => Ok(Response::one(hand_message(lang, &r, seat))),
        Command::Play { card, row } => match resolve_play(lang, &r, seat, &card, row.as_deref()) {
            Ok(action) => act(s, r, seat, action),
            Err(e) => Ok(Response::error(e)),
        },
        Command::Secure { row } => match parse_row(&row) {
            Some(row) => act(s, r, seat, CardAction::PlaceFollower { row }),
            None => Ok(Response::error(no_such_row(lang, &row))),
        },
        Command::Choose { option } => match resolve_choice(lang, &r, seat, option.as_deref()) {
            Ok(action) => act(s, r, seat, action),
            Err(e) => Ok(Response::error(e)),
        },
        Command::Undo { refuse, .. } => undo(s, r, refuse),
        Command::Resign => resign(s, r, seat),
        other => {
            let _ = &mut r;
            Ok(Response::error(t!(
                lang,
                "app-cards-command-unavailable",
                command = super::command_name(lang, other.name())
            )))
        }
    }
}

/// A row by colour word or area word of either language: "blue"/"city",
/// "amarilla"/"claustro"...
pub fn parse_row(s: &str) -> Option<Colour> {
    crate::i18n::words::parse_row(s)
}

/// "There is no row …", with the rows' words (typed input: the card game's words).
pub(super) fn no_such_row(lang: Lang, row: &str) -> String {
    t!(
        lang,
        "app-cards-no-such-row",
        row = row,
        rows = crate::i18n::words::list(
            lang,
            &Colour::ALL.map(|c| crate::i18n::words::area(lang, c))
        )
    )
}

/// Who is to act and what, in the game's language.
pub(super) fn waiting_text(r: &ChannelRecord) -> String {
    waiting_text_in(r.setup.language, r)
}

/// [`waiting_text`] in `lang`.
pub(super) fn waiting_text_in(lang: Lang, r: &ChannelRecord) -> String {
    let game = game_of(r);
    match game.pending() {
        Some(p) => t!(
            lang,
            "app-cards-waiting",
            name = r.seat_name(p.player),
            what = due(lang, &p.kind)
        ),
        None => t!(lang, "app-game-over"),
    }
}

/// [`waiting_text_in`] as `viewer` reads it: "Your turn: …" when they are asked.
pub(super) fn waiting_text_for(lang: Lang, r: &ChannelRecord, viewer: Option<Player>) -> String {
    match game_of(r).pending() {
        Some(p) if viewer == Some(p.player) => {
            t!(lang, "app-cards-waiting-you", what = due(lang, &p.kind))
        }
        _ => waiting_text_in(lang, r),
    }
}

/// The pending decision if it is `seat`'s, else a refusal naming who is to act.
pub(super) fn my_pending(
    lang: Lang,
    r: &ChannelRecord,
    seat: Player,
) -> Result<CardPending, String> {
    let game = game_of(r);
    match game.pending() {
        None => Err(t!(lang, "app-game-over")),
        Some(p) if p.player != seat => Err(t!(
            lang,
            "app-not-your-turn",
            waiting = waiting_text_in(lang, r)
        )),
        Some(p) => Ok(p),
    }
}

pub(super) fn act(
    s: &mut Session,
    mut r: ChannelRecord,
    seat: Player,
    action: CardAction,
) -> Result<Response, StoreError> {
    let events = match game_mut(&mut r).apply(seat, action) {
        Ok(e) => e,
        Err(e) => {
            // A refusal's words are lowercase without a full stop: framed here.
            let words = crate::i18n::words::card_error(s.ctx.lang, &e);
            return Ok(Response::error(text::capitalise(&words) + "."));
        }
    };
    let mut public: Vec<CardEvent> = events.iter().map(CardEvent::public).collect();
    let mut summary = describe(r.setup.language, &r, &public);
    take_and_tell_only_answers(&mut r, &mut summary, &mut public);
    let moves = game_of(&r).log().len();
    undo::forget_if_stale(&mut r, moves);
    if game_of(&r).is_finished() {
        let winners = game_of(&r)
            .winners()
            .map(|w| w.to_vec())
            .unwrap_or_default();
        lobby::archive(s, &r, false, winners)?;
        return Ok(final_message(&r, &summary));
    }
    s.save(&mut r)?;
    let mut out = if bots::then_ai(s, &r, &summary, bots::Shown::Cards(public)) {
        Response::default()
    } else {
        announce(&r, &summary, &events)
    };
    // The actor's new hand, for their eyes only.
    if !game_of(&r).player_view(seat).hand.is_empty() {
        out.push(hand_message(s.ctx.lang, &r, seat));
    }
    Ok(out)
}

/// A decision with one legal answer is not asked: it is taken for the player and told,
/// as in the board game. The rules let no one decline a card-game decision (a turn is a
/// card or the follower; keep-or-points and a joker's row always have several answers;
/// a joker with one species is assigned by the engine itself), so this happens on a turn
/// whose only move is to play the last kind of card left in hand into its own row, the
/// follower being out. Returns who answered and the events of each answer.
fn take_only_answers(r: &mut ChannelRecord) -> Vec<(Player, Vec<CardEvent>)> {
    let mut out = Vec::new();
    while let Some(p) = game_of(r).pending()
        && let [only] = p.options.as_slice()
    {
        match game_mut(r).apply(p.player, only.clone()) {
            Ok(events) => out.push((p.player, events)),
            Err(_) => break,
        }
    }
    out
}

/// Takes every decision with one legal answer ([`take_only_answers`]) and tells each:
/// "bob had one possible move, so it was made without asking:" and the move, added to
/// `summary`, its public events to `public`.
fn take_and_tell_only_answers(
    r: &mut ChannelRecord,
    summary: &mut String,
    public: &mut Vec<CardEvent>,
) {
    for (player, more) in take_only_answers(r) {
        let more: Vec<CardEvent> = more.iter().map(CardEvent::public).collect();
        for line in [
            t!(
                r.setup.language,
                "app-forced-move",
                name = r.seat_name(player)
            ),
            describe(r.setup.language, r, &more),
        ] {
            if !line.is_empty() {
                if !summary.is_empty() {
                    summary.push('\n');
                }
                summary.push_str(&line);
            }
        }
        public.extend(more);
    }
}

/// Applies a computer seat's choice, logged like a person's move: its words and the
/// public form of its events. A decision with one legal answer that follows it (a
/// person's too) is taken and told, as after a person's move.
pub(in crate::app) fn apply_logged(
    r: &mut ChannelRecord,
    seat: Player,
    action: CardAction,
) -> Result<(String, Vec<CardEvent>), crate::cards::CardError> {
    let events = game_mut(r).apply(seat, action)?;
    let mut public: Vec<CardEvent> = events.iter().map(CardEvent::public).collect();
    let mut summary = describe(r.setup.language, r, &public);
    take_and_tell_only_answers(r, &mut summary, &mut public);
    let moves = game_of(r).log().len();
    undo::forget_if_stale(r, moves);
    Ok((summary, public))
}

pub(super) fn undo(
    s: &mut Session,
    mut r: ChannelRecord,
    refuse: bool,
) -> Result<Response, StoreError> {
    let log_len = game_of(&r).log().len();
    let everyone: Vec<u64> = r
        .seats
        .iter()
        .filter(|x| x.ai.is_none())
        .map(|x| x.user)
        .collect();
    // Computer seats' moves go back with the last move a person made (they would only
    // play the same again).
    let log = game_of(&r).log();
    let target = match log.iter().rposition(|e| r.seat_ai(e.player).is_none()) {
        Some(t) if r.seats.iter().any(|x| x.ai.is_some()) => Some(t),
        _ => log_len.checked_sub(1),
    };
    match undo::step(s, &mut r, refuse, log_len, target, &everyone, false)? {
        undo::Step::Reply(reply) => Ok(reply),
        undo::Step::Cut(to_len) => {
            let game = game_of(&r);
            let log = game.log().get(..to_len).unwrap_or(game.log());
            let rebuilt = match CardGame::replay(game.config().clone(), log.to_vec()) {
                Ok(g) => g,
                Err(e) => {
                    return Ok(Response::error(t!(
                        s.ctx.lang,
                        "app-undo-impossible",
                        reason = e.to_string()
                    )));
                }
            };
            r.game = RecordGame::Cards { game: rebuilt };
            s.save(&mut r)?;
            let taken = t!(r.setup.language, "app-undo-done");
            if bots::then_ai(s, &r, &taken, bots::Shown::Cards(Vec::new())) {
                return Ok(Response::default());
            }
            Ok(announce(&r, &taken, &[]))
        }
    }
}

/// The card game cannot go on with a seat missing (the deal needs every hand): a
/// resignation ends the game; the best of the others win.
pub(super) fn resign(
    s: &mut Session,
    r: ChannelRecord,
    seat: Player,
) -> Result<Response, StoreError> {
    let game = game_of(&r);
    let scores = game.scores();
    let others = || {
        Player::all(game.players())
            .zip(scores.iter().copied())
            .filter(|(p, _)| *p != seat)
    };
    let best = others().map(|(_, points)| points).max().unwrap_or(0);
    let winners: Vec<Player> = others()
        .filter(|(_, points)| *points == best)
        .map(|(p, _)| p)
        .collect();
    lobby::archive(s, &r, false, winners.clone())?;
    let names: Vec<String> = winners.iter().map(|w| r.seat_mention(*w)).collect();
    Ok(Response::one(
        Message::public(t!(
            r.setup.language,
            "app-cards-resigned",
            name = r.seat_name(seat),
            best = names.join(", "),
            points = best
        ))
        .with_file("table.png", table_png(&r)),
    ))
}
