//! Commands of a running board game: placing tiles and figures, looking at the game,
//! taking a move back, resigning.
//!
//! - this file: dispatch, turn checks, applying an action;
//! - [`moves`]: reading a placement or a figure from what the player typed, undo;
//! - [`words`]: events and moves in words (turn messages, history);
//! - [`messages`]: the replies with pictures, menus and buttons.

mod choices;
mod expansions;
mod messages;
mod moves;
mod said;
mod words;

use crate::player::Player;
use choices::*;
pub use choices::{choice_suggestions, option_marks};
pub use expansions::{PRESENTED_LINES, PresentedLine};
use messages::*;
pub use messages::{announce, figure_suggestions, spot_suggestions};
use moves::*;
use said::{Said, Word};
use words::*;

use super::command::Command;
use super::components::{CHOOSE, FIGURE, PASS, PLACE, SPOT, button, select};
use super::reply::{ButtonStyle, Component, Message, Response, SelectOption};
use super::text::capitalise;
use super::{Session, bots, lobby, seat_of, text, undo};
use crate::engine::{
    Action, Category, Decision, Event, FigureKind, Game, NeutralKind, Pos, Rotation, RuleError,
    SegmentKind, Slot,
};
use crate::i18n::Lang;
use crate::i18n::words::rule_error;
use crate::render;
use crate::store::{ChannelRecord, RecordGame, StoreError};
use crate::t;
use crate::view::{self, BoardView};

/// The menus and buttons of the pending decision, as the channel's message shows them.
pub(crate) fn decision_rows_of(r: &ChannelRecord) -> Vec<Vec<Component>> {
    decision_rows(r.setup.language, game_of(r), &r.raw_seat_names())
}

pub(super) fn game_of(r: &ChannelRecord) -> &Game {
    match &r.game {
        RecordGame::Board { game } => game,
        _ => unreachable!("board commands run on board games"),
    }
}

pub(super) fn game_mut(r: &mut ChannelRecord) -> &mut Game {
    match &mut r.game {
        RecordGame::Board { game } => game,
        _ => unreachable!("board commands run on board games"),
    }
}

pub fn handle(s: &mut Session, mut r: ChannelRecord, cmd: Command) -> Result<Response, StoreError> {
    let lang = s.ctx.lang;
    match cmd {
        Command::Board => return Ok(board_picture(&r)),
        Command::Status => {
            let viewer = seat_of(&r, s.ctx.user);
            return Ok(Response::one(Message::private(status_in(lang, &r, viewer))));
        }
        Command::History { count } => {
            return Ok(Response::one(Message::private(history(
                s.ctx.lang,
                &r,
                count.unwrap_or(10) as usize,
            ))));
        }
        Command::Join | Command::Start | Command::Leave => {
            return Ok(Response::error(t!(lang, "app-started-already")));
        }
        Command::Play { .. } | Command::Secure { .. } | Command::Hand => {
            return Ok(Response::error(t!(lang, "app-board-card-command")));
        }
        _ => {}
    }
    let Some(seat) = seat_of(&r, s.ctx.user) else {
        let players: Vec<String> = r.seats.iter().map(|x| x.name.to_string()).collect();
        return Ok(Response::error(t!(
            lang,
            "app-not-playing-watch",
            players = players.join(", ")
        )));
    };
    if game_of(&r)
        .players()
        .get(seat.index())
        .is_none_or(|p| p.resigned)
    {
        return Ok(Response::error(t!(lang, "app-resigned")));
    }
    match cmd {
        Command::Place {
            spot,
            rotation,
            x,
            y,
        } => place(s, r, seat, spot, rotation, x, y),
        Command::Figure { on, kind } => figure(s, r, seat, &on, kind),
        Command::Pass => match check_turn(lang, &r, seat, false) {
            Ok(_) => act(s, r, seat, Action::Pass),
            Err(e) => Ok(Response::error(e)),
        },
        Command::Choose { option } => choose(s, r, seat, option.as_deref()),
        Command::Undo { refuse, .. } => undo(s, r, seat, refuse),
        Command::Resign => {
            r.undo = None;
            act(s, r, seat, Action::Resign)
        }
        other => {
            let _ = &mut r;
            Ok(Response::error(t!(
                lang,
                "app-command-unavailable",
                command = super::command_name(lang, other.name())
            )))
        }
    }
}

/// Who is to move and what, in `lang` (refusals: the acting user's language).
pub(super) fn waiting_text_in(lang: Lang, r: &ChannelRecord) -> String {
    waiting_text_for(lang, r, None)
}

/// [`waiting_text_in`] as `viewer` reads it: "It is your turn" when they are asked.
pub(super) fn waiting_text_for(lang: Lang, r: &ChannelRecord, viewer: Option<Player>) -> String {
    let game = game_of(r);
    let Some(p) = game.pending() else {
        return t!(lang, "app-game-over");
    };
    let name = r.seat_name(p.player);
    let you = if viewer == Some(p.player) {
        "yes"
    } else {
        "no"
    };
    let said = match p.decision {
        Decision::PlaceTile { tile, .. } => {
            Said::new("app-waiting-tile").with("tile", Word::Tile(tile))
        }
        Decision::PlaceFigure { .. } => Said::new("app-waiting-figure"),
        ref other => expansions::first(|x| x.waiting(other))
            .unwrap_or_else(|| Said::new("app-answer-the-question")),
    };
    let said = said
        .with("you", you)
        .with("name", Word::Plain(name.to_string()));
    said::say_unnamed(lang, game, &said)
}

/// Checks that `seat` is to move and the decision is a tile placement or a figure.
pub(super) fn check_turn(
    lang: Lang,
    r: &ChannelRecord,
    seat: Player,
    want_tile: bool,
) -> Result<Decision, String> {
    let game = game_of(r);
    let p = game.pending().ok_or_else(|| t!(lang, "app-game-over"))?;
    if p.player != seat {
        return Err(not_your_turn(lang, r));
    }
    match (&p.decision, want_tile) {
        (Decision::PlaceTile { .. }, true) | (Decision::PlaceFigure { .. }, false) => {
            Ok(p.decision)
        }
        (Decision::PlaceFigure { .. }, true) => Err(t!(lang, "app-tile-down")),
        (Decision::PlaceTile { tile, .. }, false) => Err(t!(
            lang,
            "app-place-tile-first",
            tile = crate::i18n::tile_words::tile(lang, *tile)
        )),
        // Every expansion's question is answered with /choose.
        _ => Err(t!(
            lang,
            "app-answer-first",
            question = question(lang, game).unwrap_or_else(|| t!(lang, "app-answer-the-question"))
        )),
    }
}

/// "It is not your turn", and whose it is.
pub(super) fn not_your_turn(lang: Lang, r: &ChannelRecord) -> String {
    t!(
        lang,
        "app-not-your-turn",
        waiting = waiting_text_in(lang, r)
    )
}

/// Applies an action, saves, and builds the reply.
pub(super) fn act(
    s: &mut Session,
    mut r: ChannelRecord,
    seat: Player,
    action: Action,
) -> Result<Response, StoreError> {
    let mut events = sync_settings(s, &mut r)?;
    let had_follower = has_follower(game_of(&r), seat);
    let first = events.len();
    match game_mut(&mut r).apply(seat, action) {
        Ok(e) => events.extend(e),
        Err(e) => return Ok(Response::error(refusal(s.ctx.lang, &r, &e))),
    }
    let skipped = figure_step_skipped(game_of(&r), seat, &events[first..]);
    let note = skipped.then(|| {
        let key = if had_follower {
            "word-ev-no-figure-spot"
        } else {
            "word-ev-no-follower-left"
        };
        t!(r.setup.language, key, name = r.seat_name(seat))
    });
    let (summary, events) = told_with_answers(s, &mut r, seat, events, note)?;
    let moves = game_of(&r).log().len();
    undo::forget_if_stale(&mut r, moves);
    if game_of(&r).is_over() {
        lobby::archive(s, &r, false, winners(game_of(&r)))?;
        return Ok(final_message(&r, &summary));
    }
    s.save(&mut r)?;
    if bots::then_ai(s, &r, &summary, bots::Shown::Board(events.clone())) {
        return Ok(Response::default());
    }
    Ok(announce(&r, &summary, &events))
}

/// Applies a computer seat's choice, logged like a person's move: its words and events.
/// As after a person's move, the standing settings reach the engine first, and the
/// standing answers and one-answer decisions that follow it (a person's too) are taken
/// and told. `Ok(Err(_))`: the move was refused.
pub(in crate::app) fn apply_logged(
    s: &Session,
    r: &mut ChannelRecord,
    seat: Player,
    action: Action,
) -> Result<Result<(String, Vec<Event>), RuleError>, StoreError> {
    let mut events = sync_settings(s, r)?;
    match game_mut(r).apply(seat, action) {
        Ok(more) => events.extend(more),
        Err(e) => return Ok(Err(e)),
    }
    let told = told_with_answers(s, r, seat, events, None)?;
    let moves = game_of(r).log().len();
    undo::forget_if_stale(r, moves);
    Ok(Ok(told))
}

/// After `seat`'s move made `events`: the standing answers and the one-answer decisions
/// that follow it are taken. Returns the move in words (`note` after its own lines, then
/// each move made without asking, told as such) and every event.
fn told_with_answers(
    s: &Session,
    r: &mut ChannelRecord,
    seat: Player,
    mut events: Vec<Event>,
    note: Option<String>,
) -> Result<(String, Vec<Event>), StoreError> {
    apply_standing_answers(s, r, &mut events)?;
    let forced = take_only_answers(s, r)?;
    let mut summary = describe(r.setup.language, r, seat, &events);
    if let Some(note) = note {
        push_line(&mut summary, &note);
    }
    for (player, more) in &forced {
        push_line(
            &mut summary,
            &t!(
                r.setup.language,
                "app-forced-move",
                name = r.seat_name(*player)
            ),
        );
        push_line(&mut summary, &describe(r.setup.language, r, *player, more));
    }
    events.extend(forced.into_iter().flat_map(|(_, more)| more));
    Ok((summary, events))
}

/// Each person's standing settings that an expansion reads (/standing) reach the engine
/// as their logged actions before the next move, so replays never read the settings.
fn sync_settings(s: &Session, r: &mut ChannelRecord) -> Result<Vec<Event>, StoreError> {
    let mut events = Vec::new();
    let readers: Vec<&dyn expansions::Presenter> = expansions::PRESENTERS
        .iter()
        .copied()
        .filter(|x| x.reads_settings(game_of(r)))
        .collect();
    if readers.is_empty() {
        return Ok(events);
    }
    for seat in Player::all(game_of(r).player_count()) {
        if r.seat_human(seat).is_none() || game_of(r).players()[seat.index()].resigned {
            continue;
        }
        let settings = s.store().user_settings(r.seat_user(seat))?;
        for x in &readers {
            if let Some(action) = x.setting_action(game_of(r), seat, &settings)
                && let Ok(more) = game_mut(r).apply(seat, action)
            {
                events.extend(more);
            }
        }
    }
    Ok(events)
}

/// Decisions asked of players who gave a standing answer (/standing) are answered
/// for them at once, as their logged actions: the decision's expansion says which
/// answers take its default.
fn apply_standing_answers(
    s: &Session,
    r: &mut ChannelRecord,
    events: &mut Vec<Event>,
) -> Result<(), StoreError> {
    loop {
        let game = game_of(r);
        let (Some(p), Some(default)) = (game.pending(), game.deadline_default()) else {
            return Ok(());
        };
        let settings = s.store().user_settings(r.seat_user(p.player))?;
        if !expansions::PRESENTERS
            .iter()
            .any(|x| x.standing_default(&p.decision, &settings))
        {
            return Ok(());
        }
        let answer = default;
        match game_mut(r).apply(p.player, answer) {
            Ok(more) => events.extend(more),
            Err(_) => return Ok(()),
        }
    }
}

/// Whether `seat` holds a follower (ordinary or large) to place.
fn has_follower(game: &Game, seat: Player) -> bool {
    game.players()
        .get(seat.index())
        .is_some_and(|p| p.supply.get(FigureKind::Follower) + p.supply.get(FigureKind::Large) > 0)
}

/// Whether the engine passed over `seat`'s figure step in these events (the engine
/// skips a step with nothing to place, silently): their tile was placed and the turn
/// ended (the next tile drawn, or the game over) with no figure placed and no pass.
fn figure_step_skipped(game: &Game, seat: Player, events: &[Event]) -> bool {
    let Some(placed) = events
        .iter()
        .position(|e| matches!(e, Event::TilePlaced { player, .. } if *player == seat))
    else {
        return false;
    };
    let after = &events[placed + 1..];
    let ended = game.is_over() || after.iter().any(|e| matches!(e, Event::TileDrawn { .. }));
    let figure = after.iter().any(|e| {
        matches!(e, Event::FigurePlaced { player, .. } | Event::Passed { player } if *player == seat)
    });
    // An expansion's figure-step action (a flight) says itself.
    let other_move = game
        .log()
        .last()
        .is_some_and(|entry| !matches!(entry.action, Action::PlaceTile { .. }));
    ended && !figure && !other_move
}

/// A decision with one possible answer is not asked: the answer is logged for the player
/// asked, and told. A tile's placement is always asked (the turn's own move, shown on
/// the picture). Every decision the rules let a player decline lists `Pass` among its
/// actions, so a single answer is never a refusal taken away. Returns who answered and
/// the events of each answer, with those of the standing answers that follow it.
fn take_only_answers(
    s: &Session,
    r: &mut ChannelRecord,
) -> Result<Vec<(Player, Vec<Event>)>, StoreError> {
    let mut out = Vec::new();
    while let Some((player, action)) = only_answer(game_of(r), &r.raw_seat_names()) {
        match game_mut(r).apply(player, action) {
            Ok(mut events) => {
                apply_standing_answers(s, r, &mut events)?;
                out.push((player, events));
            }
            Err(_) => break,
        }
    }
    Ok(out)
}

/// The one answer of the pending decision, if it has no other: one legal action, or
/// (expansions' questions) one option in the menu, which offers one per distinct answer.
fn only_answer(game: &Game, names: &[String]) -> Option<(Player, Action)> {
    let p = game.pending()?;
    let one = |mut actions: Vec<Action>| (actions.len() == 1).then(|| actions.remove(0));
    let action = match p.decision {
        Decision::PlaceTile { .. } => None,
        Decision::PlaceFigure { .. } => one(p.actions()),
        _ => {
            let options = choices(Lang::english(), game, names);
            if options.is_empty() {
                one(p.actions())
            } else {
                one(options.into_iter().map(|c| c.action).collect())
            }
        }
    }?;
    Some((p.player, action))
}

fn push_line(text: &mut String, line: &str) {
    if line.is_empty() {
        return;
    }
    if !text.is_empty() {
        text.push('\n');
    }
    text.push_str(line);
}

/// What the default of the pending decision does, in words (for the deadline notice).
pub(super) fn default_words(lang: Lang, game: &Game) -> String {
    let said = game
        .pending()
        .and_then(|p| expansions::first(|x| x.default_words(&p.decision)))
        .unwrap_or_else(|| Said::new("app-default-applies"));
    said::say_unnamed(lang, game, &said)
}

pub(super) fn refusal(lang: Lang, r: &ChannelRecord, e: &RuleError) -> String {
    match e {
        RuleError::NotYourTurn { .. } => not_your_turn(lang, r),
        other => capitalise(&rule_error(lang, other)) + ".",
    }
}

/// Seats with the best score among those who did not resign.
pub(super) fn winners(game: &Game) -> Vec<Player> {
    let best = game
        .players()
        .iter()
        .filter(|p| !p.resigned)
        .map(|p| p.score)
        .max()
        .unwrap_or(0);
    Player::all(game.player_count())
        .zip(game.players())
        .filter(|(_, p)| !p.resigned && p.score == best)
        .map(|(i, _)| i)
        .collect()
}
