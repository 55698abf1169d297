//! A player across channels: /games (the running games of this server, those waiting
//! on you first), /notify (a direct message when your turn begins in any game) and the
//! direct message itself.

use super::clock::duration_words;
use super::reply::{Message, Response, Visibility};
use super::timers::{Notice, Recipient, awaited};
use super::{App, Ctx, seat_of};
use crate::engine::MarkerPreference;
use crate::store::{ChannelRecord, RecordGame, RobberAnswer};

/// One running game as /games shows it.
struct Row {
    channel: u64,
    waiting_on_me: bool,
    since: u64,
    line: String,
}

fn kind_words(r: &ChannelRecord) -> String {
    match r.game {
        RecordGame::Cards { .. } => "card game".to_string(),
        _ => {
            let sets: Vec<&str> = r.setup.expansions.iter().map(|e| e.name()).collect();
            if sets.is_empty() {
                "Carcassonne".to_string()
            } else {
                format!("Carcassonne + {}", sets.join(" + "))
            }
        }
    }
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

fn row(r: &ChannelRecord, channel: u64, user: u64, now: u64) -> Option<Row> {
    if matches!(r.game, RecordGame::Lobby) {
        return None;
    }
    let (seat, _) = awaited(r)?;
    let since = match &r.timers.waiting {
        Some(w) if w.seat == seat => w.since,
        _ => r.updated_at,
    };
    let waiting_on_me = r.seat_user(seat) == user;
    let who = if waiting_on_me {
        "**your turn**".to_string()
    } else {
        format!("{}'s turn", r.seat_name(seat))
    };
    let scores = &r.snapshot.scores;
    let score = match seat_of(r, user) {
        Some(me) => {
            let mine = scores.get(me as usize).copied().unwrap_or(0);
            let rank = 1 + scores.iter().filter(|s| **s > mine).count();
            format!("you: {mine} points, {} of {}", ordinal(rank), r.seats.len())
        }
        None => r
            .seats
            .iter()
            .zip(scores)
            .map(|(s, p)| format!("{} {p}", s.name))
            .collect::<Vec<_>>()
            .join(", "),
    };
    Some(Row {
        channel,
        waiting_on_me,
        since,
        line: format!(
            "<#{channel}> — {} — {who} for {} — {score}",
            kind_words(r),
            duration_words(now.saturating_sub(since)),
        ),
    })
}

/// /games (`all`: every running game of the server, not just the caller's).
pub fn list(app: &App, ctx: &Ctx, all: bool) -> Response {
    let channels = match app.store.channels() {
        Ok(c) => c,
        Err(e) => {
            tracing::error!(error = %e, "cannot list the games");
            return Response::error("The games cannot be read right now.");
        }
    };
    let now = app.now();
    let mut rows: Vec<Row> = channels
        .into_iter()
        .filter_map(|c| {
            let r = app.store.peek(c).ok().flatten()?;
            let mine = seat_of(&r, ctx.user).is_some();
            (r.guild == ctx.guild && (all || mine))
                .then(|| row(&r, c, ctx.user, now))
                .flatten()
        })
        .collect();
    // Waiting on you first, then the longest waits.
    rows.sort_by_key(|r| (!r.waiting_on_me, r.since, r.channel));
    if rows.is_empty() {
        return Response::one(Message::private(if all {
            "No game is running in this server. /new starts one."
        } else {
            "You play no running game in this server. /games all:true lists every game here."
        }));
    }
    let head = if all {
        format!("Running games in this server ({}):", rows.len())
    } else {
        let mine = rows.iter().filter(|r| r.waiting_on_me).count();
        format!(
            "Your running games in this server ({}; {mine} waiting on you):",
            rows.len()
        )
    };
    let lines: Vec<String> = std::iter::once(head)
        .chain(rows.into_iter().map(|r| format!("• {}", r.line)))
        .collect();
    Response::one(Message::private(lines.join("\n")))
}

/// /notify dm:on|off (without `dm`: shows the setting).
pub fn notify(app: &App, ctx: &Ctx, dm: Option<bool>) -> Response {
    let result = match dm {
        None => app.store.user_settings(ctx.user),
        Some(dm) => app.store.user_settings(ctx.user).and_then(|mut s| {
            s.dm = dm;
            app.store.set_user_settings(ctx.user, &s).map(|_| s)
        }),
    };
    match result {
        Ok(s) => Response::one(Message::private(if s.dm {
            "Direct messages: **on**. When your turn begins in any game, I send you a direct message with the channel, your tile and the picture (nothing is sent if your DMs are closed). /notify dm:off stops them."
        } else {
            "Direct messages: **off**. /notify dm:on sends you one when your turn begins in any game."
        })),
        Err(e) => {
            tracing::error!(error = %e, "cannot read or write user settings");
            Response::error("Your setting cannot be saved right now; nothing was changed.")
        }
    }
}

/// /standing: the user's standing answers, shown or changed; they apply in every game
/// from the next decision on.
pub fn standing(
    app: &App,
    ctx: &Ctx,
    robbers: Option<RobberAnswer>,
    marker: Option<MarkerPreference>,
) -> Response {
    let result = match (robbers, marker) {
        (None, None) => app.store.user_settings(ctx.user),
        _ => app.store.user_settings(ctx.user).and_then(|mut s| {
            s.robbers = robbers.unwrap_or(s.robbers);
            s.marker = marker.unwrap_or(s.marker);
            app.store.set_user_settings(ctx.user, &s).map(|_| s)
        }),
    };
    match result {
        Ok(s) => Response::one(Message::private(format!(
            "{}\n{}",
            match s.robbers {
                RobberAnswer::Never => {
                    "Robbers: **never**. When another player's robber tile lets you place your robber, I pass for you at once. /standing robbers:ask asks you again."
                }
                RobberAnswer::Ask => {
                    "Robbers: **ask**. When another player's robber tile lets you place your robber, I mention you with buttons; without an answer before the game's decision deadline no robber is placed. /standing robbers:never passes for you."
                }
            },
            match s.marker {
                MarkerPreference::Behind =>
                    "Messages: your points in others' turns go on your marker further **behind** (marker 1 on a tie). /standing marker:ahead|1|2 changes it.",
                MarkerPreference::Ahead =>
                    "Messages: your points in others' turns go on your marker further **ahead** (marker 1 on a tie). /standing marker:behind|1|2 changes it.",
                MarkerPreference::Marker(0) =>
                    "Messages: your points in others' turns go on your **marker 1**. /standing marker:behind|ahead|2 changes it.",
                MarkerPreference::Marker(_) =>
                    "Messages: your points in others' turns go on your **marker 2**. /standing marker:behind|ahead|1 changes it.",
            }
        ))),
        Err(e) => {
            tracing::error!(error = %e, "cannot read or write user settings");
            Response::error("Your setting cannot be saved right now; nothing was changed.")
        }
    }
}

/// Queues a direct message for `user`, whose turn began with the command `ctx` sent,
/// if they asked for them: the public message that calls them, with its picture.
pub fn turn_dm(app: &App, ctx: &Ctx, user: u64, out: &Response) {
    if user == ctx.user || user == 0 || crate::store::is_ai_user(user) {
        return;
    }
    match app.store.user_settings(user) {
        Ok(s) if s.dm => {}
        Ok(_) => return,
        Err(e) => {
            tracing::error!(error = %e, "cannot read user settings");
            return;
        }
    }
    let call = out
        .messages
        .iter()
        .find(|m| m.visibility == Visibility::Public && m.mentions.contains(&user));
    let text = match call {
        Some(m) => format!("Your turn in <#{}>:\n{}", ctx.channel, m.text),
        None => format!("Your turn in <#{}>.", ctx.channel),
    };
    let mut message = Message::public(text);
    if let Some(m) = call {
        // Buttons and menus stay in the channel: a click in a DM has no game.
        message.files = m.files.clone();
    }
    app.queue(Notice {
        to: Recipient::User(user),
        channel: ctx.channel,
        message,
    });
}

/// The timer options in words, for the game's setup message.
pub fn timers_words(r: &ChannelRecord) -> String {
    let reminder = match r.timers.reminder {
        Some(s) => format!("reminders after {}", duration_words(s)),
        None => "no reminders".to_string(),
    };
    let limit = match r.timers.turn_limit {
        Some(s) => format!("{} per turn", duration_words(s)),
        None => "no turn limit".to_string(),
    };
    // Only games that ask other players (robbers) have decision deadlines.
    if r.setup
        .expansions
        .contains(&crate::engine::Expansion::Robbers)
    {
        return format!(
            "{reminder}, {limit}, {} for a decision asked during another's turn",
            duration_words(r.setup.rules.decision_deadline)
        );
    }
    format!("{reminder}, {limit}")
}
