//! Commands of a running card game. Hands and face-down cards are hidden: they appear
//! only in private messages to their owner; everything public goes through the engine's
//! redaction (`CardEvent::public`, `public_view`).

use super::command::Command;
use super::components::{CHOOSE, HAND, PLAY, button, select};
use super::reply::{ButtonStyle, Message, Response, SelectOption};
use super::{Session, lobby, mention, seat_of, text, undo};
use crate::cards::{
    Card, CardAction, CardEvent, CardGame, CardId, CardPending, Colour, PendingKind, Species,
};
use crate::render;
use crate::store::{ChannelRecord, RecordGame, StoreError};

fn game_of(r: &ChannelRecord) -> &CardGame {
    match &r.game {
        RecordGame::Cards { game } => game,
        _ => unreachable!("card commands run on card games"),
    }
}

fn game_mut(r: &mut ChannelRecord) -> &mut CardGame {
    match &mut r.game {
        RecordGame::Cards { game } => game,
        _ => unreachable!("card commands run on card games"),
    }
}

pub fn handle(s: &mut Session, mut r: ChannelRecord, cmd: Command) -> Result<Response, StoreError> {
    match cmd {
        Command::Board => return Ok(table_message(&r, &waiting_text(&r), false)),
        Command::Status => return Ok(Response::one(Message::private(status(&r)))),
        Command::History { count } => {
            return Ok(Response::one(Message::private(history(
                &r,
                count.unwrap_or(10) as usize,
            ))));
        }
        Command::Join | Command::Start | Command::Leave => {
            return Ok(Response::error(
                "The game has already started; /status shows it.",
            ));
        }
        Command::Place { .. } | Command::Figure { .. } | Command::Pass => {
            return Ok(Response::error(
                "That is a board-game command; this channel plays the card game (/play, /secure, /hand).",
            ));
        }
        _ => {}
    }
    let Some(seat) = seat_of(&r, s.ctx.user) else {
        return Ok(Response::error(format!(
            "You are not playing in this game (players: {}). You can watch: /board, /status.",
            r.seat_names().join(", ")
        )));
    };
    match cmd {
        Command::Hand => Ok(Response::one(hand_message(&r, seat))),
        Command::Play { card, row } => match resolve_play(&r, seat, &card, row.as_deref()) {
            Ok(action) => act(s, r, seat, action),
            Err(e) => Ok(Response::error(e)),
        },
        Command::Secure { row } => match parse_row(&row) {
            Some(row) => act(s, r, seat, CardAction::PlaceFollower { row }),
            None => Ok(Response::error(format!(
                "There is no row '{row}'; rows: city, cloister, road, field."
            ))),
        },
        Command::Choose { option } => match resolve_choice(&r, seat, &option) {
            Ok(action) => act(s, r, seat, action),
            Err(e) => Ok(Response::error(e)),
        },
        Command::Undo { refuse } => undo(s, r, refuse),
        Command::Resign => resign(s, r, seat),
        other => {
            let _ = &mut r;
            Ok(Response::error(format!(
                "/{} is not available in the card game.",
                other.name()
            )))
        }
    }
}

/// A row by colour word or area word: "blue"/"city", "yellow"/"cloister"...
pub fn parse_row(s: &str) -> Option<Colour> {
    Colour::parse(s)
}

fn row_name(c: Colour) -> String {
    format!("{} ({})", c.area(), c.name())
}

fn waiting_text(r: &ChannelRecord) -> String {
    let game = game_of(r);
    match game.pending() {
        Some(p) => format!(
            "Waiting for {}: {}.",
            r.seat_name(p.player),
            p.kind.describe()
        ),
        None => "The game is over.".into(),
    }
}

/// The pending decision if it is `seat`'s, else a refusal naming who is to act.
fn my_pending(r: &ChannelRecord, seat: u8) -> Result<CardPending, String> {
    let game = game_of(r);
    match game.pending() {
        None => Err("The game is over.".into()),
        Some(p) if p.player != seat => Err(format!("It is not your turn. {}", waiting_text(r))),
        Some(p) => Ok(p),
    }
}

fn resolve_play(
    r: &ChannelRecord,
    seat: u8,
    card: &str,
    row: Option<&str>,
) -> Result<CardAction, String> {
    let p = my_pending(r, seat)?;
    let PendingKind::Turn {
        face_down_next,
        can_play,
        ..
    } = p.kind
    else {
        return Err(format!("First {} (/choose).", p.kind.describe()));
    };
    if !can_play {
        return Err("Your follower is all you have left to play: /secure row:…".into());
    }
    let hand = game_of(r).player_view(seat).hand;
    let wanted = card.trim();
    let id = CardId::parse(wanted)
        .filter(|id| hand.contains(id))
        .or_else(|| {
            let kind = Card::parse(wanted)?;
            hand.iter().copied().find(|id| id.card() == kind)
        })
        .ok_or_else(|| {
            let names: Vec<String> = hand.iter().map(|c| c.name()).collect();
            format!(
                "You have no '{wanted}' in your hand. Your hand: {}.",
                names.join(", ")
            )
        })?;
    let row = match row {
        Some(text) => parse_row(text).ok_or_else(|| {
            format!("There is no row '{text}'; rows: city, cloister, road, field.")
        })?,
        None => match (face_down_next, id.card().colour()) {
            (false, Some(c)) => c,
            _ => {
                return Err(format!(
                    "Which row? The {} can go into any row (row: city, cloister, road or field).",
                    id.name()
                ));
            }
        },
    };
    let action = CardAction::Play {
        card: id,
        row,
        face_down: face_down_next,
    };
    if p.options.iter().any(|o| same_play(o, &action)) {
        Ok(action)
    } else if face_down_next {
        Err("Your first card of the round goes face down into any row.".into())
    } else {
        Err(format!(
            "The {} goes face up into its own row ({}); only jokers go into any row.",
            id.name(),
            id.card().colour().map(row_name).unwrap_or_default()
        ))
    }
}

/// Options list one copy of identical cards; any copy is accepted.
fn same_play(a: &CardAction, b: &CardAction) -> bool {
    match (a, b) {
        (
            CardAction::Play {
                card: c1,
                row: r1,
                face_down: f1,
            },
            CardAction::Play {
                card: c2,
                row: r2,
                face_down: f2,
            },
        ) => c1.card() == c2.card() && r1 == r2 && f1 == f2,
        _ => a == b,
    }
}

/// The words of each option of a decision (for /choose and its buttons).
fn choice_words(kind: &PendingKind, action: &CardAction) -> Option<String> {
    match (kind, action) {
        (PendingKind::JokerRow { .. }, CardAction::JokerRow { row }) => {
            Some(row.area().to_string())
        }
        (PendingKind::Misplaced { .. }, CardAction::Misplaced { keep }) => Some(if *keep {
            "keep".into()
        } else {
            "points".into()
        }),
        (PendingKind::AssignJoker { .. }, CardAction::AssignJoker { species }) => {
            Some(species.name().to_string())
        }
        _ => None,
    }
}

fn resolve_choice(r: &ChannelRecord, seat: u8, option: &str) -> Result<CardAction, String> {
    let p = my_pending(r, seat)?;
    if matches!(p.kind, PendingKind::Turn { .. }) {
        return Err("It is your turn: /play a card or /secure a row.".into());
    }
    let wanted = option.trim().to_ascii_lowercase();
    let mut valid = Vec::new();
    for o in &p.options {
        if let Some(w) = choice_words(&p.kind, o) {
            let matches = w == wanted
                || match o {
                    CardAction::JokerRow { row } => parse_row(&wanted) == Some(*row),
                    CardAction::AssignJoker { species } => {
                        Species::parse(&wanted) == Some(*species)
                    }
                    CardAction::Misplaced { keep } => {
                        (wanted.contains("10") || wanted.contains("point")) != *keep
                            && !wanted.is_empty()
                    }
                    _ => false,
                };
            if matches {
                return Ok(o.clone());
            }
            valid.push(w);
        }
    }
    Err(format!(
        "'{option}' is not a choice here. Choose: {}.",
        valid.join(", ")
    ))
}

fn act(
    s: &mut Session,
    mut r: ChannelRecord,
    seat: u8,
    action: CardAction,
) -> Result<Response, StoreError> {
    let events = match game_mut(&mut r).apply(seat, action) {
        Ok(e) => e,
        Err(e) => return Ok(Response::error(e.to_string())),
    };
    let moves = game_of(&r).log().len();
    undo::forget_if_stale(&mut r, moves);
    let public: Vec<CardEvent> = events.iter().map(CardEvent::public).collect();
    let summary = describe(&r, &public);
    if game_of(&r).is_finished() {
        let winners = game_of(&r)
            .winners()
            .map(|w| w.to_vec())
            .unwrap_or_default();
        lobby::archive(s, &r, false, winners)?;
        return Ok(final_message(&r, &summary));
    }
    s.save(&mut r)?;
    let mut out = announce(&r, &summary, &events);
    // The actor's new hand, for their eyes only.
    if !game_of(&r).player_view(seat).hand.is_empty() {
        out.push(hand_message(&r, seat));
    }
    Ok(out)
}

/// Public words for public events.
fn describe(r: &ChannelRecord, events: &[CardEvent]) -> String {
    let mut lines = Vec::new();
    for e in events {
        match e {
            CardEvent::CardPlayed {
                player,
                row,
                face_down: true,
                ..
            } => {
                lines.push(format!(
                    "**{}** played a card face down into the {} row.",
                    r.seat_name(*player),
                    row.area()
                ));
            }
            CardEvent::CardPlayed {
                player,
                row,
                card: Some(card),
                ..
            } => {
                lines.push(format!(
                    "**{}** played the {} into the {} row.",
                    r.seat_name(*player),
                    card.name(),
                    row.area()
                ));
            }
            CardEvent::FollowerPlaced {
                player,
                row,
                secures,
                last_of_round,
                ..
            } => {
                let last = if *last_of_round {
                    " — the last follower: they deal next"
                } else {
                    ""
                };
                lines.push(format!(
                    "**{}** secured {} in the {} row{last}.",
                    r.seat_name(*player),
                    text::plural(*secures, "card", "cards"),
                    row.area()
                ));
            }
            CardEvent::LayoutCard { card, row } if card.card().is_joker() => {
                lines.push(format!(
                    "The {} goes into the {} row.",
                    card.name(),
                    row.area()
                ));
            }
            CardEvent::RoundEnded { round } => lines.push(format!("Round {round} is over.")),
            CardEvent::MisplacedResolved {
                player,
                card,
                kept,
                points,
                ..
            } => {
                let what = card.map(|c| c.name()).unwrap_or_else(|| "building".into());
                lines.push(if *kept {
                    format!("{} keeps the misplaced {what}.", r.seat_name(*player))
                } else {
                    format!(
                        "{} takes {points} points for the misplaced {what}.",
                        r.seat_name(*player)
                    )
                });
            }
            CardEvent::JokerAssigned {
                player, species, ..
            } => {
                lines.push(format!(
                    "{}'s animal joker joins the {} herd.",
                    r.seat_name(*player),
                    species.name()
                ));
            }
            CardEvent::RoundScored(sum) => {
                lines.push(format!("**Round {} scored:**", sum.round));
                for p in &sum.players {
                    let mut parts = Vec::new();
                    if p.person_points > 0 {
                        parts.push(format!("persons {}", p.person_points));
                    }
                    if p.animal_points > 0 {
                        parts.push(format!("animals {}", p.animal_points));
                    }
                    if p.dragon_fairy_points > 0 {
                        parts.push(format!("dragon/fairy {}", p.dragon_fairy_points));
                    }
                    if p.misplaced_points > 0 {
                        parts.push(format!("misplaced {}", p.misplaced_points));
                    }
                    if p.to_chest > 0 {
                        parts.push(format!(
                            "{} to the chest",
                            text::plural(p.to_chest, "card", "cards")
                        ));
                    }
                    let parts = if parts.is_empty() {
                        "nothing".to_string()
                    } else {
                        parts.join(", ")
                    };
                    lines.push(format!(
                        "{} {}: {} secured — {parts}; +{} → {}",
                        text::disc(p.player),
                        r.seat_name(p.player),
                        text::plural(p.secured.len() + p.to_chest, "card", "cards"),
                        p.total,
                        p.score
                    ));
                }
            }
            CardEvent::RoundStarted {
                round,
                rounds_total,
                dealer,
                ..
            } if *round > 1 => {
                lines.push(format!(
                    "Round {round} of {rounds_total}: {} deals.",
                    r.seat_name(*dealer)
                ));
            }
            _ => {}
        }
    }
    lines.join("\n")
}

fn table_png(r: &ChannelRecord) -> Vec<u8> {
    render::card_table_png(&game_of(r).public_view(), &r.seat_names())
}

/// The public table picture with a caption (and the hand button).
fn table_message(r: &ChannelRecord, caption: &str, ping: bool) -> Response {
    let mut msg = Message::public(caption.to_string())
        .with_file("table.png", table_png(r))
        .with_row(vec![button(HAND, "Show my hand", ButtonStyle::Secondary)]);
    if ping && let Some(p) = game_of(r).pending() {
        msg = msg.mentioning(r.seat_user(p.player));
    }
    Response::one(msg)
}

/// The public message after an action: what happened, the table, who acts next.
pub fn announce(r: &ChannelRecord, summary: &str, _events: &[CardEvent]) -> Response {
    let game = game_of(r);
    let Some(p) = game.pending() else {
        return final_message(r, summary);
    };
    let view = game.public_view();
    let mut text = summary.to_string();
    if !text.is_empty() {
        text.push('\n');
    }
    let round = if view.round > 0 {
        format!("Round {} of {}. ", view.round, view.rounds_total)
    } else {
        String::new()
    };
    text.push_str(&format!(
        "{round}{} {}, your move: {}.",
        text::disc(p.player),
        mention(r.seat_user(p.player)),
        p.kind.describe()
    ));
    let mut msg = Message::public(text)
        .with_file("table.png", table_png(r))
        .mentioning(r.seat_user(p.player));
    // Public decisions get buttons (their options hide nothing); turns get the hand button.
    let choices: Vec<String> = p
        .options
        .iter()
        .filter_map(|o| choice_words(&p.kind, o))
        .collect();
    let mut row = Vec::new();
    if !choices.is_empty() {
        for c in choices.iter().take(4) {
            row.push(button(
                &format!("{CHOOSE}:{c}"),
                &capital(c),
                ButtonStyle::Primary,
            ));
        }
    }
    row.push(button(HAND, "Show my hand", ButtonStyle::Secondary));
    msg = msg.with_row(row);
    Response::one(msg)
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// A player's hand, privately: picture, list, and a menu of legal plays on their turn.
fn hand_message(r: &ChannelRecord, seat: u8) -> Message {
    let game = game_of(r);
    let view = game.player_view(seat);
    let list: Vec<String> = view.hand.iter().map(|c| c.name()).collect();
    let mut text = if list.is_empty() {
        "Your hand is empty.".to_string()
    } else {
        format!("Your hand: {}.", list.join(", "))
    };
    let mut msg = Message::private(String::new());
    if let Some(p) = &view.pending {
        match &p.kind {
            PendingKind::Turn {
                face_down_next,
                can_place_follower,
                ..
            } => {
                text.push_str(if *face_down_next {
                    "\nYour turn: your first card of this round goes face down into any row."
                } else {
                    "\nYour turn: play a card face up into its row (jokers: any row)."
                });
                if *can_place_follower {
                    text.push_str(" Or /secure a row with your follower.");
                }
                let options: Vec<SelectOption> = p
                    .options
                    .iter()
                    .filter_map(|o| match o {
                        CardAction::Play {
                            card,
                            row,
                            face_down,
                        } => Some(SelectOption {
                            label: format!(
                                "{} → {} row{}",
                                card.name(),
                                row.area(),
                                if *face_down { " (face down)" } else { "" }
                            ),
                            value: format!("{}|{}", card.token_str(), row.area()),
                            description: None,
                        }),
                        _ => None,
                    })
                    .take(25)
                    .collect();
                if !options.is_empty() {
                    msg = msg.with_row(vec![select(PLAY, "Play a card…", options)]);
                }
            }
            other => text.push_str(&format!("\nYou must {} (/choose).", other.describe())),
        }
    }
    msg.text = text;
    msg.with_file("hand.png", render::card_hand_png(&view, &r.seat_names()))
        .with_row(vec![button(
            HAND,
            "Show my hand again",
            ButtonStyle::Secondary,
        )])
}

fn status(r: &ChannelRecord) -> String {
    let game = game_of(r);
    let v = game.public_view();
    let mut lines = vec![waiting_text(r)];
    if v.round > 0 {
        lines.push(format!(
            "Round {} of {}; dealer {}; {} cards left to deal.",
            v.round,
            v.rounds_total,
            r.seat_name(v.dealer),
            v.pile
        ));
    }
    for seat in &v.seats {
        let herds: Vec<String> = seat
            .herds
            .iter()
            .map(|h| format!("{} {}", h.size, h.species.name()))
            .collect();
        lines.push(format!(
            "{} {} — {} points; {} in hand; follower {}; herds: {}; chest: {}",
            text::disc(seat.seat),
            r.seat_name(seat.seat),
            seat.score,
            text::plural(seat.hand, "card", "cards"),
            if seat.follower_out { "out" } else { "ready" },
            if herds.is_empty() {
                "none".into()
            } else {
                herds.join(", ")
            },
            text::plural(seat.chest, "card", "cards"),
        ));
    }
    lines.join("\n")
}

/// Recent public moves, rebuilt by replaying the log (public forms only).
fn history(r: &ChannelRecord, count: usize) -> String {
    let game = game_of(r);
    let Ok((mut replay, _)) = CardGame::start(game.config().clone()) else {
        return "The history cannot be rebuilt.".into();
    };
    let mut moves = Vec::new();
    for entry in game.log() {
        let Ok(events) = replay.apply(entry.player, entry.action.clone()) else {
            break;
        };
        let public: Vec<CardEvent> = events.iter().map(CardEvent::public).collect();
        let line = describe(r, &public);
        if !line.is_empty() {
            moves.push(line.replace('\n', " "));
        }
    }
    text::recent_moves(&moves, count)
}

fn final_message(r: &ChannelRecord, summary: &str) -> Response {
    let game = game_of(r);
    let mut lines = Vec::new();
    if !summary.is_empty() {
        lines.push(summary.to_string());
    }
    lines.push("**Game over!**".into());
    if let Some(f) = game.final_summary() {
        let mut players = f.players.clone();
        players.sort_by_key(|p| {
            (
                std::cmp::Reverse(p.score),
                std::cmp::Reverse(p.building_cards),
            )
        });
        for (rank, p) in players.iter().enumerate() {
            let win = if f.winners.contains(&p.player) {
                " 🏆"
            } else {
                ""
            };
            lines.push(format!(
                "{}. {} {} — **{}** (buildings {} from {}){win}",
                rank + 1,
                text::disc(p.player),
                mention(r.seat_user(p.player)),
                p.score,
                p.building_points,
                text::plural(p.building_cards, "card", "cards"),
            ));
        }
    }
    Response::one(Message::public(lines.join("\n")).with_file("table.png", table_png(r)))
}

fn undo(s: &mut Session, mut r: ChannelRecord, refuse: bool) -> Result<Response, StoreError> {
    let log_len = game_of(&r).log().len();
    let everyone: Vec<u64> = r.seats.iter().map(|x| x.user).collect();
    let target = log_len.checked_sub(1);
    match undo::step(s, &mut r, refuse, log_len, target, &everyone, false)? {
        undo::Step::Reply(reply) => Ok(reply),
        undo::Step::Cut(to_len) => {
            let game = game_of(&r);
            let rebuilt =
                match CardGame::replay(game.config().clone(), game.log()[..to_len].to_vec()) {
                    Ok(g) => g,
                    Err(e) => {
                        return Ok(Response::error(format!(
                            "The move cannot be taken back: {e}."
                        )));
                    }
                };
            r.game = RecordGame::Cards { game: rebuilt };
            s.save(&mut r)?;
            Ok(announce(&r, "The last move was taken back.", &[]))
        }
    }
}

/// The card game cannot go on with a seat missing (the deal needs every hand): a
/// resignation ends the game; the best of the others win.
fn resign(s: &mut Session, r: ChannelRecord, seat: u8) -> Result<Response, StoreError> {
    let scores = game_of(&r).scores();
    let best = scores
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != seat as usize)
        .map(|(_, p)| *p)
        .max()
        .unwrap_or(0);
    let winners: Vec<u8> = scores
        .iter()
        .enumerate()
        .filter(|(i, p)| *i != seat as usize && **p == best)
        .map(|(i, _)| i as u8)
        .collect();
    lobby::archive(s, &r, false, winners.clone())?;
    let names: Vec<String> = winners.iter().map(|w| mention(r.seat_user(*w))).collect();
    Ok(Response::one(
        Message::public(format!(
            "**{}** resigned, which ends the card game. Best score among the others: {} ({}).",
            r.seat_name(seat),
            names.join(", "),
            best
        ))
        .with_file("table.png", table_png(&r)),
    ))
}

/// Autocomplete: the cards of `seat`'s hand, and the rows a card may go to.
pub fn hand_suggestions(r: &ChannelRecord, seat: u8) -> Vec<(String, String)> {
    let game = game_of(r);
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for c in game.player_view(seat).hand {
        if !seen.contains(&c.card()) {
            seen.push(c.card());
            out.push((c.name(), c.name()));
        }
    }
    out
}

pub fn row_suggestions(r: &ChannelRecord, seat: u8, card: Option<&str>) -> Vec<(String, String)> {
    let game = game_of(r);
    let all = || {
        Colour::ALL
            .iter()
            .map(|c| (row_name(*c), c.area().to_string()))
            .collect::<Vec<_>>()
    };
    let Some(p) = game.pending().filter(|p| p.player == seat) else {
        return all();
    };
    let kind = card.and_then(Card::parse);
    let mut rows: Vec<Colour> = p
        .options
        .iter()
        .filter_map(|o| match o {
            CardAction::Play { card, row, .. } if kind.is_none_or(|k| card.card() == k) => {
                Some(*row)
            }
            CardAction::PlaceFollower { row } if card.is_none() => Some(*row),
            _ => None,
        })
        .collect();
    rows.sort_by_key(|c| c.index());
    rows.dedup();
    rows.into_iter()
        .map(|c| (row_name(c), c.area().to_string()))
        .collect()
}

pub fn choice_suggestions(r: &ChannelRecord, seat: u8) -> Vec<(String, String)> {
    match game_of(r).pending() {
        Some(p) if p.player == seat => p
            .options
            .iter()
            .filter_map(|o| choice_words(&p.kind, o))
            .map(|w| (w.clone(), w))
            .collect(),
        _ => Vec::new(),
    }
}
