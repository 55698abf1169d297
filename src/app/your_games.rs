//! A player across channels: /games (the running games of this server, those waiting
//! on you first), /notify (a direct message when your turn begins in any game) and the
//! direct message itself.

use super::clock::duration_in;
use super::reply::{Message, Response, Visibility};
use super::timers::awaited;
use super::{App, Ctx, seat_of};
use crate::engine::MarkerPreference;
use crate::i18n::Lang;
use crate::store::outbox::Direct;
use crate::store::{ChannelRecord, RecordGame, RobberAnswer};
use crate::t;

/// One running game as /games shows it.
struct Row {
    channel: u64,
    waiting_on_me: bool,
    since: u64,
    line: String,
}

fn kind_words(lang: Lang, r: &ChannelRecord) -> String {
    match r.game {
        RecordGame::Cards { .. } => t!(lang, "app-games-card-game"),
        _ => {
            let sets: Vec<String> = r
                .setup
                .expansions
                .iter()
                .map(|e| crate::i18n::words::expansion(lang, *e))
                .collect();
            if sets.is_empty() {
                "Carcassonne".to_string()
            } else {
                format!("Carcassonne + {}", sets.join(" + "))
            }
        }
    }
}

/// 1st, 2nd... (Fluent's ordinal plural categories pick the suffix).
fn ordinal(lang: Lang, n: usize) -> String {
    use fluent_bundle::types::{FluentNumber, FluentNumberOptions, FluentNumberType};
    let n = fluent_bundle::FluentValue::Number(FluentNumber {
        value: n as f64,
        options: FluentNumberOptions {
            r#type: FluentNumberType::Ordinal,
            ..Default::default()
        },
    });
    t!(lang, "app-games-ordinal", n = n)
}

fn row(lang: Lang, r: &ChannelRecord, channel: u64, user: u64, now: u64) -> Option<Row> {
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
        t!(lang, "app-games-your-turn")
    } else {
        t!(lang, "app-games-their-turn", name = r.seat_name(seat))
    };
    let scores = &r.snapshot.scores;
    let score = match seat_of(r, user) {
        Some(me) => {
            let mine = scores.get(me.index()).copied().unwrap_or(0);
            let rank = 1 + scores.iter().filter(|s| **s > mine).count();
            t!(
                lang,
                "app-games-you",
                points = mine,
                rank = ordinal(lang, rank),
                players = r.seats.len()
            )
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
        line: t!(
            lang,
            "app-games-row",
            channel = format!("<#{channel}>"),
            game = kind_words(lang, r),
            who = who,
            time = duration_in(lang, now.saturating_sub(since)),
            score = score
        ),
    })
}

/// /games (`all`: every running game of the server, not just the caller's).
pub fn list(app: &App, ctx: &Ctx, all: bool) -> Response {
    let channels = match app.store.channels() {
        Ok(c) => c,
        Err(e) => {
            tracing::error!(error = %e, "cannot list the games");
            return Response::error(t!(ctx.lang, "app-games-unreadable"));
        }
    };
    let now = app.now();
    let mut rows: Vec<Row> = channels
        .into_iter()
        .filter_map(|c| {
            let r = app.store.peek(c).ok().flatten()?;
            let mine = seat_of(&r, ctx.user).is_some();
            (r.guild == ctx.guild && (all || mine))
                .then(|| row(ctx.lang, &r, c, ctx.user, now))
                .flatten()
        })
        .collect();
    // Waiting on you first, then the longest waits.
    rows.sort_by_key(|r| (!r.waiting_on_me, r.since, r.channel));
    if rows.is_empty() {
        return Response::one(Message::private(if all {
            t!(ctx.lang, "app-games-none")
        } else {
            t!(ctx.lang, "app-games-none-yours")
        }));
    }
    let head = if all {
        t!(ctx.lang, "app-games-head-all", games = rows.len())
    } else {
        let mine = rows.iter().filter(|r| r.waiting_on_me).count();
        t!(
            ctx.lang,
            "app-games-head-yours",
            games = rows.len(),
            waiting = mine
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
            t!(ctx.lang, "app-notify-on")
        } else {
            t!(ctx.lang, "app-notify-off")
        })),
        Err(e) => {
            tracing::error!(error = %e, "cannot read or write user settings");
            Response::error(t!(ctx.lang, "app-settings-unsaved"))
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
                RobberAnswer::Never => t!(ctx.lang, "app-standing-robbers-never"),
                RobberAnswer::Ask => t!(ctx.lang, "app-standing-robbers-ask"),
            },
            match s.marker {
                MarkerPreference::Behind => t!(ctx.lang, "app-standing-marker-behind"),
                MarkerPreference::Ahead => t!(ctx.lang, "app-standing-marker-ahead"),
                MarkerPreference::Marker(0) => t!(ctx.lang, "app-standing-marker-1"),
                MarkerPreference::Marker(_) => t!(ctx.lang, "app-standing-marker-2"),
            }
        ))),
        Err(e) => {
            tracing::error!(error = %e, "cannot read or write user settings");
            Response::error(t!(ctx.lang, "app-settings-unsaved"))
        }
    }
}

/// Discord's limit on a message's text, in characters.
const DM_TEXT_LIMIT: usize = 2000;

/// Stores a direct message for `user`, whose turn began with the command `ctx` sent,
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
    // The recipient's own language is unknown here: the game's, like the call itself.
    let record = app.store.peek(ctx.channel).ok().flatten();
    let lang = record
        .as_ref()
        .map(|r| r.setup.language)
        .unwrap_or_default();
    let channel = format!("<#{}>", ctx.channel);
    let text = match call {
        Some(m) => t!(
            lang,
            "app-dm-your-turn-call",
            channel = channel,
            call = m.text.as_str()
        ),
        None => t!(lang, "app-dm-your-turn", channel = channel),
    };
    let mut message = Message::public(text);
    // The player's own link to play from the page, when pages are served.
    if let (Some(links), Some(r)) = (app.links(), &record)
        && let Some(url) = links.player(ctx.channel, r, user)
    {
        message.text.push('\n');
        message
            .text
            .push_str(&t!(lang, "app-dm-page-link", url = url));
    }
    if let Some(m) = call {
        // Buttons and menus stay in the channel: a click in a DM has no game.
        message.files = m.files.clone();
    }
    // The card game: the DM is the player's alone, so it carries their hand too (its
    // list only while the text stays within Discord's 2,000 characters).
    if let Some(r) = &record
        && matches!(r.game, RecordGame::Cards { .. })
        && let Some(seat) = seat_of(r, user)
    {
        let (hand, png) = super::card_game::dm_hand(lang, r, seat);
        if message.text.chars().count() + 1 + hand.chars().count() <= DM_TEXT_LIMIT {
            message.text.push('\n');
            message.text.push_str(&hand);
        }
        message = message.with_file("hand.png", png);
    }
    // Stored, not sent from here: any process's scheduler claims it from the outbox.
    app.queue_direct(&Direct {
        id: 0,
        user,
        channel: ctx.channel,
        lang: lang.code().to_string(),
        text: message.text,
        files: message
            .files
            .into_iter()
            .map(|f| (f.name, f.bytes))
            .collect(),
        created: app.now(),
    });
}

/// The timer options in words, for the game's setup message.
pub fn timers_words(lang: Lang, r: &ChannelRecord) -> String {
    let reminder = match r.timers.reminder {
        Some(s) => t!(lang, "app-timers-reminders", time = duration_in(lang, s)),
        None => t!(lang, "app-timers-no-reminders"),
    };
    let limit = match r.timers.turn_limit {
        Some(s) => t!(lang, "app-timers-limit", time = duration_in(lang, s)),
        None => t!(lang, "app-timers-no-limit"),
    };
    // Only games that ask other players (robbers) have decision deadlines.
    if r.setup
        .expansions
        .contains(&crate::engine::Expansion::Robbers)
    {
        return t!(
            lang,
            "app-timers-with-deadline",
            reminder = reminder,
            limit = limit,
            time = duration_in(lang, r.setup.rules.decision_deadline)
        );
    }
    format!("{reminder}, {limit}")
}
